# The app loop: one pass reads the time once, hands button events to the
# screen, ticks the engine, sounds cues, redraws what changed, feeds the
# watchdog and says how long it may sleep.
#
# Every engine action goes through App.act(), which also writes it to the
# journal (when there is a store), so a reboot resumes the evening where the
# power went. The screens never call game.do() themselves.
import gc

from tileclock.engine import cues
from tileclock.engine.game import Refused
from tileclock.ticks import ticks_add, ticks_diff
from tileclock.ui import screen as ui_screen

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

POLL_MS = const(10)         # the longest sleep: buttons are polled this often
_EVENTS_PER_PASS = const(8)  # more than anyone can press in 10 ms

# Game kinds in the order the menu offers them.
GAMES = ("wordsport", "speedscrabble", "spellsport")

DEFAULTS = {
    "game": "wordsport",
    "players": 4,
    "tiles": "full",        # Word-Sport: half, full or double set
    "countdown": 60,        # Word-Sport: seconds after the win
    "sets": 1,              # Speed Scrabble: Scrabble sets in the middle
    "variant": "standard",  # Speed Scrabble: standard, seattle, idaho
    "target": 250,          # Speed Scrabble: points to win the match
    "themes": "off",        # Speed Scrabble: +10 a theme word
    "sound": "on",
}


def _settings():
    from tileclock.store import settings
    return settings


def default_name(seat):
    return "P%d" % seat


class App:
    """The clock on `board`; `journal` (tileclock.store.journal.Journal, or
    None) keeps every action on flash and gives the game back at boot."""

    def __init__(self, board, journal=None, settings=None):
        self.board = board
        self.display = board.display
        self.buttons = board.buttons
        self.buzzer = board.buzzer
        self.journal = journal
        self.settings = dict(DEFAULTS)
        if settings:
            self._take(settings)
        self.seats = board.buttons.seats
        self.game = None
        self.offset = 0             # added to the board's ticks: see boot()
        self.problems = []          # from the journal and settings at boot
        self.cue = cues.NONE        # the last cue sounded, for the screens' prompt
        self.cue_at = 0
        self.cue_log = None         # a list to record (now, cue) in, for the simulator
        self.passes = 0
        self.manager = ui_screen.Manager(self)
        self._apply_sound()

    def _take(self, values):
        for key in values:
            if key in DEFAULTS:
                self.settings[key] = values[key]

    def now(self):
        """The time the engine sees: the board's ticks plus the resume offset."""
        return ticks_add(self.board.ticks_ms(), self.offset)

    # -- start-up ------------------------------------------------------------

    def boot(self):
        """Load the settings, resume the journal's game (if any) and show its
        screen, else the home menu."""
        values, problems = _settings().load(self._root(), self.settings)
        self._take(values)
        self._apply_sound()
        game = None
        if self.journal is not None:
            try:
                game, more = self.journal.resume()
                problems = problems + more
            except Exception as e:  # a damaged flash must not stop the clock
                problems.append("journal: %s" % e)
                game = None
        self.problems = problems
        self.game = game
        now = self.now()
        if game is not None and game.history:
            # The tick counter restarted at boot; the journal's times are the
            # old counter's. Carry on from the last action so the engine never
            # sees time go backwards, and pause a running Word-Sport clock
            # there (the seconds before the power cut are not known).
            last = game.history[-1][0]
            self.offset = ticks_diff(last, self.board.ticks_ms())
            now = last
            if getattr(game, "paused", True) is False and hasattr(game, "do_pause"):
                self.act(now, "pause", (), route=False, quiet=True)
        if game is not None:
            self.route(now)
        else:
            self.home(now)
        if problems:
            self.note(now, problems[0])

    # -- settings --------------------------------------------------------------

    def save_settings(self):
        """Keep the menu's choices across power-off (written only if changed)."""
        try:
            _settings().save(self._root(), self.settings)
        except OSError as e:
            self.problems.append("settings: %s" % e)

    def _root(self):
        # "/" on the Pico; the store joins root + "/name", so give it ""
        return self.board.fs_root.rstrip("/")

    def set(self, key, value):
        self.settings[key] = value
        if key == "sound":
            self._apply_sound()

    def _apply_sound(self):
        self.buzzer.set_muted(self.settings.get("sound") == "off")

    # -- the engine, through one door ------------------------------------------

    def new_game(self, now):
        """A fresh game of the chosen kind, seated and set up from the settings."""
        from tileclock.engine.script import new_game
        kind = self.settings["game"]
        self.game = None
        gc.collect()
        game = new_game(kind)
        self.game = game
        if self.journal is not None:
            self.journal.start(kind)
        players = self.players_for(kind)
        for seat in range(1, players + 1):
            self.act(now, "seat", (seat, default_name(seat)), route=False)
        s = self.settings
        if kind == "wordsport":
            self.act(now, "tiles", (s["tiles"],), route=False)
            self.act(now, "countdown", (s["countdown"] * 1000,), route=False)
        elif kind == "speedscrabble":
            sets = max(s["sets"], (players + 3) // 4)
            self.act(now, "sets", (sets,), route=False)
            self.act(now, "variant", (s["variant"],), route=False)
            self.act(now, "target", (s["target"],), route=False)
            self.act(now, "themes", (s["themes"],), route=False)
        self.route(now)

    def free_name(self, seat):
        """The default name for `seat`, or another if a player has it."""
        names = self.game.names
        name = default_name(seat)
        n = seat
        while name in names:
            n += 8
            name = default_name(n)
        return name

    def players_for(self, kind):
        if kind == "spellsport":
            return 2
        return max(2, min(self.settings["players"], self.seats))

    def act(self, now, verb, args=(), route=True, quiet=False):
        """Apply one engine action: journal it, sound its cue, show the screen
        its phase calls for. A refusal shows its reason and sounds REFUSED
        (unless `quiet`: a screen trying a value). Returns True if applied."""
        try:
            self.game.do(now, verb, args)
        except Refused as e:
            if not quiet:
                self.refuse(now, e.reason)
            return False
        if self.journal is not None:
            self.journal.record(self.game)
            if verb == "close":
                self.journal.checkpoint(self.game)   # a calm moment for a snapshot
        cue = self.game.last_cue
        if cue:
            self.sound(now, cue)
        if route:
            self.route(now)
        return True

    def undo(self, now):
        """Take back the last engine action (a long press where it happened)."""
        game = self.game
        if game is None or not game.history:
            self.refuse(now, "nothing to undo")
            return False
        last = game.history[-1]
        if last[1] in ("seat", "tiles", "countdown", "sets", "variant", "target", "themes"):
            # The set-up actions of new_game: undoing them would unseat the
            # table one by one. Back means back to the home menu instead.
            self.home(now)
            return False
        try:
            game.undo()
        except Refused as e:
            self.refuse(now, e.reason)
            return False
        if self.journal is not None:
            self.journal.undo(game)
        self.cue = cues.NONE
        self.note(now, "undone: " + last[1])
        self.route(now)
        return True

    def refuse(self, now, reason):
        self.manager.banner(now, reason)
        self.sound(now, cues.REFUSED)

    def note(self, now, text):
        self.manager.banner(now, text)

    def sound(self, now, cue):
        # The beeps of a count (3-2-1, the last ten) leave the prompt alone.
        if cue != cues.REFUSED and cue != cues.LAST_TEN and cue != cues.COUNT_IN:
            self.cue = cue
            self.cue_at = now
        if self.cue_log is not None:
            self.cue_log.append((now, cue))
        self.buzzer.play(cue, now)

    # -- screens ---------------------------------------------------------------

    def home(self, now):
        from tileclock.ui.home import Home
        self.manager.goto(Home, now)

    def route(self, now):
        """Show the screen the game's phase calls for."""
        if self.game is None:
            self.home(now)
            return
        kind = self.game.KIND
        if kind == "wordsport":
            from tileclock.ui import ws_screens as mod
        elif kind == "speedscrabble":
            from tileclock.ui import ss_screens as mod
        else:
            from tileclock.ui import sp_screens as mod
        self.manager.show(mod.screen_for(self, now), now)

    def goto(self, cls, now, arg=None):
        self.manager.goto(cls, now, arg)

    # -- the loop --------------------------------------------------------------

    def step(self):
        """One pass of the loop; returns ms until something of ours is due
        (the caller sleeps at most POLL_MS of it, to poll the buttons)."""
        board = self.board
        now = ticks_add(board.ticks_ms(), self.offset)  # the one read of the clock this pass
        buttons = self.buttons
        manager = self.manager
        n = 0
        while n < _EVENTS_PER_PASS:
            event = buttons.poll(now)
            if not event:
                break
            manager.event(now, event)
            n += 1
        game = self.game
        if game is not None:
            cue = game.tick(now)
            if cue:
                self.sound(now, cue)
                # TIME_UP, GO ... may call for another screen; a menu or the
                # sheet stays open (Back returns to the right screen).
                if not getattr(manager.screen, "OVERLAY", False):
                    self.route(now)
        self.buzzer.update(now)
        if manager.frame(self.display, now):
            self.display.show()
        board.feed_watchdog()
        self.passes += 1
        wait = manager.wake(now)
        due = self.buzzer.next_deadline()
        if due is not None:
            left = ticks_diff(due, now)
            if left < wait:
                wait = left if left > 0 else 0
        return wait

    def run(self):
        """The device's loop; never returns."""
        board = self.board
        self.boot()
        gc.collect()
        while True:
            wait = self.step()
            board.sleep_ms(wait if wait < POLL_MS else POLL_MS)

