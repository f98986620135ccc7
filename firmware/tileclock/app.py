# The app is the loop: one pass reads the time once, hands button events to
# the screen, ticks the engine, sounds cues, redraws what changed, feeds the
# watchdog and says how long it may sleep. It routes (the screen the game's
# phase calls for), unloads what the screen doesn't need (modules.py),
# sounds and says. The game and its journal are the keeper's (keeper.py),
# the names' rules players.py's, the rest when nobody plays rest.py's: they
# return what happened and the app says it. Every engine action goes
# through App.act; the screens never call game.do() themselves.
import gc

from tileclock import cues, start
from tileclock import settings as settings_rules
from tileclock.engine import Merged, Refused
from tileclock.keeper import Keeper
from tileclock.ticks import ticks_add, ticks_diff
from tileclock.ui import screen as ui_screen

from micropython import const

POLL_MS = const(10)         # the longest sleep: buttons are polled this often
_FLASH_NOTE_MS = const(30000)  # "can't save" again at most this often
# What a keeper's call did: keeper.py's bits (private there, folded in)
_SAVE_FAILED = const(1)
_UNASKED = const(2)
_HOME = const(4)
_ASKED = const(8)
# While a clock runs, a time mark goes to the journal this long after its
# last write: a power cut loses at most this much of the clock
# (docs/journal.md, "Time marks": the flash cost of 5 s vs 10 s).
MARK_MS = const(5000)
# App.rest: awake, or resting when nobody plays (rest.py, docs/power.md)
AWAKE = const(0)
DIM = const(1)
DARK = const(2)
OFF = const(3)
_OFF_AFTER_MS = const(3600000)  # untouched this long on cells: off (rest.py's)

CANT_SAVE = "flash: can't save"
# Undoing a close reopens a round the table has put away: a first long
# press asks, a second within ui.screen.CONFIRM_MS undoes it.
UNDO_CLOSE = "undo the close? hold again"
# The battery's two warnings (hal/battery.py), each said once with its sound
_BATTERY_LOW = "battery low: about a round left"
_BATTERY_EMPTY = "battery empty: plug in USB now"


class App:
    """The clock on `board`; `journal` (tileclock.store.journal.Journal, or
    None) keeps every action on flash and gives the game back at boot."""

    # Time marks this often while a clock runs: a board whose flash wears
    # faster sets it before the app starts (circuitpython/code.py)
    mark_ms = MARK_MS

    def __init__(self, board, journal=None, settings=None):
        self.board = board
        self.display = board.display
        self.buttons = board.buttons
        self.buzzer = board.buzzer
        self.battery = getattr(board, "battery", None)  # None: USB alone
        self.keeper = Keeper(journal)   # the game and its journal
        self.game = None            # keeper.game, copied after each of its calls
        from tileclock.games import KINDS
        from tileclock.store.settings import defaults
        self.settings = defaults(KINDS[0])     # (tileclock/settings.py changes them)
        self.seats = board.buttons.seats
        self.screens = None         # the game's screens module, while it is shown
        self.screens_part = None    # which of its screen modules shows (screen_for)
        self.problems = []          # from the journal and settings at boot
        self.cue = cues.NONE        # the last cue sounded, for the screens' prompt
        self.cue_at = 0
        self.cue_log = None         # a list to record (now, cue) in, for the simulator
        self.passes = 0
        self.settings_unsaved = False
        self._flash_noted = None    # when "can't save" was last shown
        self.errors = 0             # passes that raised (see safe_step)
        self.last_error = None
        self.fails = 0              # passes in a row that raised
        self.starving = False       # the watchdog is left to restart the box
        self.rest = AWAKE
        # (a display that can't dim nor switch off keeps the box awake)
        self._can_rest = hasattr(board.display, "poweroff") and hasattr(board.display, "contrast")
        self.poll_ms = POLL_MS      # the loop's longest sleep now
        self._input_at = board.ticks_ms()   # the last press (the board's ticks)
        self.dark_at = None         # OFF said: the display goes off then
        self.manager = ui_screen.Manager(self)
        settings_rules.take(self, settings or {})

    # -- the game's spec ---------------------------------------------------------

    @property
    def spec(self):
        """The game in progress's spec module, its options in the settings,
        or None (imported again if a game screen unloaded it)."""
        game = self.game
        if game is None:
            return None
        from tileclock import games
        return games.spec_for(game.KIND, self.settings)

    # -- start-up (start.py) ---------------------------------------------------

    def boot(self):
        """The settings, the journal's game (if any) and its screen."""
        start.boot(self)

    def now(self):
        """The engine's time: the board's ticks plus the resume offset."""
        return ticks_add(self.board.ticks_ms(), self.keeper.offset)

    # -- the game, through one door (keeper.py) -------------------------------

    def new_game(self, now):
        """A fresh game of the chosen kind, seated and set up from the
        settings (players.py) in RAM, then journalled whole."""
        keeper = self.keeper
        keeper.game = self.game = None
        gc.collect()
        from tileclock import games
        spec = games.spec_for(self.settings["game"], self.settings)
        keeper.new(games.new_game(spec.KIND))
        self.game = keeper.game
        from tileclock.players import setup
        try:
            for verb, args in setup(self.settings, spec, self.seats):
                self.act(now, verb, args, route=False)
        finally:
            said = keeper.start(now)
        self._said(now, said)
        self.route(now)

    def act(self, now, verb, args=(), route=True, quiet=False):
        """One engine action: journalled, its cue sounded, the screen its
        phase calls for shown. A refusal shows its reason and sounds
        REFUSED (unless `quiet`: a screen trying a value). True if applied."""
        try:
            said = self.keeper.act(now, verb, args)
            self.game = self.keeper.game    # (folded: a new game)
        except Merged as e:
            # Pressed within the merge window of the last call: the same
            # call. When the press may have meant more (a win, I'M OUT),
            # the players hear that call again and read what happened.
            if e.cue and not quiet:
                self.sound(now, e.cue)
                self.note(now, e.reason)
            return False
        except Refused as e:
            if not quiet:
                self.refuse(now, e.reason)
            return False
        if said & _UNASKED:
            self.manager.unbanner()     # "undo the close?" is no longer asked
        self._said(now, said)
        cue = self.game.last_cue
        if cue:
            self.sound(now, cue)
        if route:
            self.route(now)
        return True

    def undo(self, now):
        """Take back the last action (a long press where it happened): a
        close asks first, the set-up goes home instead."""
        keeper = self.keeper
        try:
            said, last = keeper.undo(now, self.game and self.spec.SETUP_VERBS, ui_screen.CONFIRM_MS)
        except Refused as e:
            self.refuse(now, e.reason)
            return False
        if said & _HOME:
            self.home(now)
            return False
        if said & _ASKED:
            self.manager.banner(now, UNDO_CLOSE, ui_screen.CONFIRM_MS)
            return False
        self.game = keeper.game
        self._said(now, said)
        if last[1] == "rename":
            seat = last[2][0]
            settings_rules.keep_name(self, seat, self.game.names[seat - 1])
        self.cue = cues.NONE
        self.note(now, "undone: " + last[1])
        self.route(now)
        return True

    def rewritten(self, now, game, removed=-1):
        """`game`, a call corrected (ui/calls.py), replaces the game in
        play: journalled whole."""
        self._said(now, self.keeper.rewrite(now, game, removed))
        self.game = game
        self.cue = cues.NONE

    # -- messages and sounds ---------------------------------------------------

    def _said(self, now, said):
        # What a keeper's call did that the players must read: a flash that
        # can't save, a full flash that made room (the oldest evenings gone)
        if said & _SAVE_FAILED:
            self.flash_failed(now)
        journal = self.keeper.journal
        if journal is not None and journal.notice:
            self.note(now, journal.notice)
            journal.notice = ""

    def flash_failed(self, now):
        """Say the flash can't save (not again for a while: the clock runs)."""
        last = self._flash_noted
        if last is None or ticks_diff(now, last) >= _FLASH_NOTE_MS:
            self._flash_noted = now
            self.note(now, CANT_SAVE)

    def refuse(self, now, reason):
        self.manager.banner(now, reason)
        self.manager.hint(now)      # and what the buttons do here
        self.sound(now, cues.REFUSED)

    def note(self, now, text):
        self.manager.banner(now, text)

    def sound(self, now, cue):
        # The beeps of a count (3-2-1, the last ten) leave the prompt alone.
        if cue != cues.REFUSED and cue != cues.LAST_TEN and cue != cues.COUNT_IN and cue != cues.BATTERY:
            self.cue = cue
            self.cue_at = now
        if self.cue_log is not None:
            self.cue_log.append((now, cue))
        self.buzzer.play(cue, now)

    # -- screens: routing, and unloading what they don't need ------------------

    def _leave_play(self):
        # The screen on show and the game's screens go first: the home menu
        # or the game's menu then fills the holes they leave.
        from tileclock.modules import NOT_AT_HOME, forget, forget_games
        self.manager.leave()
        self.screens = self.screens_part = None
        forget(NOT_AT_HOME)
        forget_games(None if self.game is None else self.game.KIND, screens=True)

    def home(self, now, cursor=None):
        self.manager.hinted = []       # (a new table may play next: the keys once more)
        self._leave_play()
        if self.game is not None:
            from tileclock.modules import forget_menu
            forget_menu(self.game.KIND)
        from tileclock.ui.home import Home
        self.manager.goto(Home, now, cursor)

    def route(self, now):
        """Show the screen the game's phase calls for. Unloaded: the store's
        boot and new-evening modules first (the screens may be about to
        load), then the home menu, the registry, the specs, other games."""
        if self.game is None:
            self.home(now)
            return
        from tileclock.modules import NOT_IN_GAME, STORE_AT_START, forget, forget_games
        forget(STORE_AT_START)
        if self.screens is None:
            # from a menu, the sheet or the boot: what they need goes before
            # the game's screens load, which then fill the holes it leaves
            self.manager.leave()
            forget(NOT_IN_GAME)
        part, name = self.game_screens().screen_for(self, now)
        self.manager.show(self._part_class(part, name), now)
        forget(NOT_IN_GAME)
        forget_games(self.game.KIND, specs=True)       # and its menu

    def open_part(self, part, name, now, arg=None):
        """Screen `name` of the game's screen module `part`, one no phase
        names (Spell Sport's play form, opened from the clock): the part
        on show unloaded first, as route() does; route() comes back."""
        self.manager.goto(self._part_class(part, name), now, arg)

    def _part_class(self, part, name):
        if part != self.screens_part:
            # another of the game's screen modules (the clock's, the
            # entries'): the one that showed goes first, and what only it
            # built on (modules.SCREEN_PARTS)
            if self.screens_part is not None:
                from tileclock.modules import forget_part
                self.manager.leave()
                forget_part(self.game.KIND, self.screens_part)
            self.screens_part = part
        return getattr(self.game_module(part), name)

    def game_module(self, what):
        """Module `what` ("screens", "menu") of the game in progress's
        folder, loaded if need be."""
        from tileclock import games
        return games.part(self.game.KIND, what)

    def game_screens(self):
        """The game's screens module (loaded if need be)."""
        if self.screens is None:
            self.screens = self.game_module("screens")
        return self.screens

    def game_menu(self, now, cursor=None):
        """The game's own menu (any seat held on, on a game screen): its
        screens unloaded first, while it is up; route() loads them again.
        `cursor`: the line it had (back from the score sheet)."""
        self._leave_play()
        self.goto(self.game_module("menu").MENU, now, cursor)

    def goto(self, cls, now, arg=None):
        self.manager.goto(cls, now, arg)

    # -- the loop --------------------------------------------------------------

    def step(self):
        """One pass of the loop; ms until something of ours is due (the
        caller sleeps at most POLL_MS of it, to poll the buttons)."""
        board = self.board
        ticks = board.ticks_ms()                # the one read of the clock this pass
        keeper = self.keeper
        now = ticks_add(ticks, keeper.offset)   # the engine's time (Keeper.resume)
        buttons = self.buttons
        manager = self.manager
        manager.take(buttons, ticks, now, keeper)
        game = keeper.game
        if game is not None:
            cue = game.tick(now)
            if cue:
                self.sound(now, cue)
                # TIME_UP, GO ... may call for another screen; a menu or the
                # sheet stays open (Back returns to the right screen).
                if not getattr(manager.screen, "OVERLAY", False):
                    screen = manager.screen
                    self.route(now)
                    if manager.screen is not screen:
                        # a press begun before GO or time up (released
                        # after) is not a call, nor an entry, on the new one
                        buttons.clear()
                    screen = None
            game = keeper.game
            if game is not None and ticks_diff(now, keeper.written) >= self.mark_ms:
                self._said(now, keeper.mark(now))
        mark_due = ui_screen.FOREVER
        if game is not None and game.clock_running(now):
            mark_due = self.mark_ms - ticks_diff(now, keeper.written)
        battery = self.battery
        if battery is not None:
            # sampled once a second (not while a note sounds); a warning once
            warning = battery.update(ticks, self.buzzer.next_deadline() is None)
            if warning:
                self.note(now, _BATTERY_LOW if warning == 1 else _BATTERY_EMPTY)
                self.sound(now, cues.BATTERY)
        self.buzzer.update(now)
        rest_due = self._rest(ticks, now)
        if manager.frame(self.display, now) and (self.rest < DARK or self.dark_at is not None):
            self.display.show()     # (not to a panel that is off)
        if not self.starving:
            board.feed_watchdog()
        self.passes += 1
        wait = manager.wake(now)
        if mark_due < wait:
            # the next time mark is ours too: a loop that sleeps to the
            # deadline it is given (the simulator's) marks on time
            wait = mark_due if mark_due > 0 else 0
        due = self.buzzer.next_deadline()
        if due is not None:
            left = ticks_diff(due, now)
            if left < wait:
                wait = left if left > 0 else 0
        if rest_due < wait:
            wait = rest_due if rest_due > 0 else 0
        return wait

    def woke(self, ticks):
        """A press at `ticks`: True if it only woke the box (a dimmed
        screen can be read, and its press acts; a dark one is woken)."""
        self._input_at = ticks
        if self.rest == AWAKE:
            return False
        dark = self.rest >= DARK
        from tileclock import rest
        rest.wake(self)
        return dark

    def _rest(self, ticks, now):
        """Dim, darken or switch off when nobody plays (rest.py, loaded
        when a step is due); ms until the next step (FOREVER: none)."""
        game = self.keeper.game
        if not self._can_rest:
            return ui_screen.FOREVER
        if (game is not None and game.clock_running(now)) or self.buzzer.next_deadline() is not None:
            self._input_at = ticks      # a running clock never rests, nor a tune
            if self.rest != AWAKE:
                from tileclock import rest
                rest.wake(self)
            return ui_screen.FOREVER
        idle = ticks_diff(ticks, self._input_at)
        minutes = self.settings.get("sleep", 0)
        battery = self.battery
        cells = battery is not None and not battery.on_usb
        if self.rest == AWAKE and self.dark_at is None:
            if minutes <= 0 and not cells:
                return ui_screen.FOREVER
            first = minutes * 60000 if minutes > 0 else _OFF_AFTER_MS
            if cells and _OFF_AFTER_MS < first:
                first = _OFF_AFTER_MS
            if idle < first:
                return first - idle
        from tileclock import rest
        return rest.step(self, ticks, now, idle, minutes, cells)

    def safe_step(self):
        """step(), surviving an exception raised by a screen or the engine
        (start.py)."""
        if self.starving:
            return POLL_MS
        try:
            wait = self.step()
        except Exception as e:          # noqa: BLE001 - the clock must go on
            start.failed(self, e)
            return POLL_MS if self.starving else 0
        self.fails = 0
        return wait

    def run(self):
        """The device's loop (start.py); never returns."""
        start.run(self)
