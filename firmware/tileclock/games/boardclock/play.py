# Board Clock's clock: the time left of the player on turn in big digits
# (in overtime a minus, the word OVERTIME and the penalty so far), their
# name under it, the others' clocks in small letters; paused. A module of
# its own, loaded while it shows (screens.py): the big digits are in RAM
# while the clock runs only.
#
# The buttons on the clock: a press of the seat on turn ends the turn; a
# hold (let go after a second) pauses; held on, the clock pauses and the
# menu opens on the out play ("ANN went out": menu.py). Paused: any seat's
# press resumes, a hold undoes the last press (the clock stays paused).
#
# Layout (ui/live.py's pages): the title line (the game, the others'
# clocks, or OVERTIME and its penalty), the digits in rows 8-39, the next
# player a pixel under them (41-47), the name on turn in 49-62. A message
# (a refusal, what a hold will do) goes over the top, not over the name.
from tileclock.games.boardclock import rules as bc
from tileclock.ui import bigdigits, draw
from tileclock.ui.live import TIME_Y, Live, name_of
from tileclock.ui.screen import FOREVER

from micropython import const

# The keys' shared words, by name in the tuples (see Screen.KEYS).
_UNDO = "hold undo"
_MENU = "hold+ menu"
_OUT = "hold+ out"
_HELD_PAUSE = "let go: pause - hold on: menu"
_HELD_UNDO = "let go: undo - hold on: menu"
_NO_SECOND = const(0x3FFFFFF)   # no second on the display yet
_MOST_OVER_S = const(35999)     # overtime shown up to -9:59:59
_STATUS_Y = const(41)           # the next player: a pixel under the digits (rows 8-39)
_PROMPT_Y = const(49)           # the name on turn: a pixel under that


def clock_text(ms_left):
    """A clock as the players read it: m:ss left (whole seconds rounded
    up), or in overtime a minus and the time over, rounded up too, so that
    it agrees with the penalty (-0:01 is 0.4 s over, -1:01 is 20 points)."""
    if ms_left >= 0:
        return draw.mmss((ms_left + 999) // 1000 * 1000)
    return "-" + draw.mmss((-ms_left + 999) // 1000 * 1000)


class BcClock(Live):
    """The clock of the player on turn; their seat's press ends the turn."""
    KEYS = ("tap done", "hold pause", _OUT)
    KEYS_PAUSED = ("any resume", _UNDO, _MENU)
    BANNER_AT_TOP = True        # (Manager: a message leaves the name on turn in sight)

    def __init__(self, app):
        super().__init__(app)
        self._buf = bytearray(9)    # "-9:59:59" and room
        self._prev = bytearray(9)
        self._tmp = bytearray(8)
        self._shown = _NO_SECOND
        self.HELD = _HELD_PAUSE     # (the slot made here: see KEYS)
        self.others = ""            # the others' clocks on show (tests, simulator)

    # -- the time: seconds left rounded up, then the overtime with a minus --

    @property
    def COUNT_DOWN(self):
        # True while the bank counts down (to its end, the first second of
        # overtime included), and in the first second of each new minute
        # of overtime: the passes that cue its last minute, its end and a
        # new 10 points (and draw the penalty again) are events, not ticks.
        # The rest of overtime counts up, the time all a pass has to do.
        g = self.app.game
        left = g.left_ms(g.on, self.app.now())
        return left > -1000 or (-left - 1) % 60000 < 1000

    def _key(self, now):
        # the second shown, as one int: n > 0 is n seconds left, 0 the
        # bank's last millisecond, -n n seconds over (rounded up: the first
        # millisecond over is -1, "-0:01")
        g = self.app.game
        left = g.left_ms(g.on, now)
        if left >= 0:
            return (left + 999) // 1000
        return -((-left + 999) // 1000)

    def clock(self, now):
        return self.app.game.left_ms(self.app.game.on, now)

    def update(self, now):
        key = self._key(now)
        shown = self._shown
        if key == shown:
            return False
        if key < 0 and (59 - key) // 60 != (59 - shown) // 60:
            self.full = True        # a new minute of overtime: its 10 points in the title
        return True

    def wake(self, now):
        g = self.app.game
        if not g.clock_running(now):
            return FOREVER
        left = g.left_ms(g.on, now)
        if left > 0:
            return (left - 1) % 1000 + 1
        # in overtime the reading goes up a millisecond past each second
        # (and 0:00, the bank's last millisecond, turns -0:01 the next)
        past = -left % 1000
        return 1 if past == 0 else 1001 - past

    def draw_time(self, fb, now):
        key = self._key(now)
        buf = self._buf
        if key >= 0:
            n = bigdigits.format_clock(key * 1000, buf)
        else:
            over = -key
            if over > _MOST_OVER_S:
                over = _MOST_OVER_S
            tmp = self._tmp
            m = bigdigits.format_clock(over * 1000, tmp)
            buf[0] = 45     # '-'
            i = 0
            while i < m:
                buf[i + 1] = tmp[i]
                i += 1
            n = m + 1
        if n != self._len:
            self._x = bigdigits.recentre(fb, buf, n, TIME_Y, self._prev, draw.W)
            self._len = n
        bigdigits.draw(fb, buf, n, self._x, TIME_Y, self._prev)
        self._shown = key

    def shown_seconds(self):
        """The whole seconds on the display: below zero in overtime (-9 is
        -0:09)."""
        return self._shown

    # -- the rest: drawn when a turn changes ----------------------------------

    def draw_static(self, fb, now):
        g = self.app.game
        n = len(g.round_seats)
        others = []
        for k in range(1, n):
            i = (g.on + k) % n
            others.append((name_of(g, g.round_seats[i]), clock_text(g.left_ms(i, now))))
        # the next player under the clock, the ones after them in the title
        # (in overtime, the penalty so far instead)
        nxt = others[0]
        status = "next %s %s" % (nxt[0], nxt[1])
        if len(status) > 16:
            status = _fit([nxt])
        self.others = status
        penalty = bc.penalty(g.used_at(g.on, now) - g.game_bank, g.rules)
        fb.fill_rect(0, 0, draw.W, 9, 0)
        if g.paused:
            self.KEYS = self.KEYS_PAUSED
            self.HELD = _HELD_UNDO
            fb.fill_rect(0, 0, draw.W, draw.CHAR, 1)   # (row 8 is the digits')
            draw.center(fb, "PAUSED: PRESS", 0, 0)
        else:
            self.KEYS = BcClock.KEYS
            self.HELD = _HELD_PAUSE
            if penalty:
                head = "OVERTIME -%d" % penalty
            elif n > 2:
                head = _fit(others[1:])
                self.others += " " + head
            else:
                head = "GAME %d" % g.round_number
            fb.text(head, 0, 0, 1)
        fb.fill_rect(0, _STATUS_Y - 1, draw.W, draw.H - _STATUS_Y + 1, 0)
        draw.center(fb, status[:16], _STATUS_Y)
        name = name_of(g, g.on_seat)
        self.prompt_text = name
        draw.center2x(fb, name[:8], _PROMPT_Y)

    # -- the buttons ------------------------------------------------------------

    def press(self, now, seat):
        app = self.app
        if app.game.paused:
            app.act(now, "resume", (seat,))
        else:
            app.act(now, "turn", (seat,))

    def long(self, now, seat):
        app = self.app
        g = app.game
        if not g.paused:
            app.act(now, "pause")
            return
        # Paused: take back the press before the pause, and stay paused
        # where the clock stopped (a mistaken press set right, the time as
        # it was).
        last = g.history[-1]
        if last[1] != "pause":
            app.undo(now)
            return
        if not app.undo(now):
            return
        g = app.game
        if g is None or g.paused or g.phase != bc.PLAY:
            return      # (a pause the boot made: the app paused again)
        app.undo(now)
        if app.game is not None and app.game.phase == bc.PLAY:
            app.act(last[0], "pause", quiet=True)

    def menu(self, now):
        app = self.app
        if app.game.clock_running(now):
            app.act(now, "pause", route=False, quiet=True)
        app.game_menu(now)


def _fit(entries):
    """"BOB 24:13 CY 2:05": the names cut until the clocks fit on a line."""
    cut = 10
    while True:
        line = " ".join([name[:cut] + " " + clock for name, clock in entries])
        if len(line) <= draw.COLS or cut == 1:
            return line[:draw.COLS]
        cut -= 1
