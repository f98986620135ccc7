# Word-Sport's clock: the count-up and the countdown (docs/device.md shows
# each). Its own module, loaded while they show (screens.py): the big
# digits and the live screen's code are in RAM while the clock runs, not
# while the table reads the standings or fills in the entries.
from tileclock import cues
from tileclock.ui import draw
from tileclock.ui.live import Live, cue_prompt, name_of

# The keys' shared words, by name in the tuples (see Screen.KEYS).
_UNDO = "hold undo"
_MENU = "hold+ menu"


# A live screen's keys (its KEYS, pointed at the state it draws): the press
# is the seat's own call, or (paused) any seat resumes.
_PAUSED_KEYS = ("any resume", _UNDO, _MENU)


class WsPlay(Live):
    """The count-up: every seat's press is its call (go), or the win once
    the pool is spent."""
    KEYS = ("seat go", _UNDO, _MENU)
    KEYS_WIN = ("seat win", _UNDO, _MENU)

    def clock(self, now):
        return self.app.game.clock_ms(now)

    def draw_static(self, fb, now):
        g = self.app.game
        draw.title(fb, "ROUND %d" % g.round_number, "%d left" % g.pool.remaining)
        if g.paused:
            self.KEYS = _PAUSED_KEYS
            self.status(fb, "any seat: resume")
            self.prompt(fb, "PAUSED")
            return
        if not g.pool.can_serve(1):
            self.KEYS = self.KEYS_WIN
            self.status(fb, "pool spent")
            self.prompt(fb, "1ST WINS")     # or the menu's "End: none out"
            return
        self.KEYS = WsPlay.KEYS
        if g.last_call:
            self.status(fb, "%d each, %s go" % (g.tiles_each, name_of(g, g.last_call)[:5]))
        else:
            self.status(fb, "%d each" % g.tiles_each)
        cue = self.app.cue
        self.prompt(fb, cue_prompt(cue) if cue == cues.GO or cue == cues.TAKE_ONE else "")

    def press(self, now, seat):
        app = self.app
        g = app.game
        if g.paused:
            app.act(now, "resume")
        elif g.pool.can_serve(1):
            app.act(now, "go", (seat,))
        else:
            app.act(now, "out", (seat,))

    def menu(self, now):
        self.app.game_menu(now)


class WsCountdown(Live):
    """After the win: the countdown, and each finisher's press."""
    COUNT_DOWN = True
    KEYS = ("seat finish", _UNDO, _MENU)
    KEYS_ALL_OUT = ("any entries", _UNDO, _MENU)

    def clock(self, now):
        return self.app.game.countdown_ms(now)

    def draw_static(self, fb, now):
        g = self.app.game
        winner = name_of(g, g.finishers[0]) if g.finishers else "?"
        draw.title(fb, "ROUND %d" % g.round_number, "%d/%d out" % (len(g.finishers), len(g.round_seats)))
        if g.paused:
            self.KEYS = _PAUSED_KEYS
            self.status(fb, "any seat: resume")
            self.prompt(fb, "PAUSED")
            return
        if len(g.finishers) == len(g.round_seats):
            # nobody left to wait for: any seat ends the countdown
            self.KEYS = self.KEYS_ALL_OUT
            self.status(fb, "any seat: entries")
            self.prompt(fb, "ALL OUT")
            return
        self.KEYS = WsCountdown.KEYS
        if len(g.finishers) > 1:
            last = g.finishers[-1]
            self.status(fb, "%s %s" % (draw.ordinal(len(g.finishers)), name_of(g, last)[:10]))
        else:
            self.status(fb, "%s won %s" % (winner[:6], draw.mmss(g.win_ms)))
        # WIN! for the winner's press; then (the 2nd, 3rd ... are in the
        # status line) the call to those still playing
        won = len(g.finishers) == 1 and self.app.cue == cues.WIN
        self.prompt(fb, "WIN!" if won else "FINISH")

    def press(self, now, seat):
        app = self.app
        g = app.game
        if g.paused:
            app.act(now, "resume")
        elif len(g.finishers) == len(g.round_seats):
            app.act(now, "stop")
        else:
            app.act(now, "out", (seat,))

    def menu(self, now):
        self.app.game_menu(now)
