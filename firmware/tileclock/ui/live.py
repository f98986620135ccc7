# What every live screen shares: the running time in big digits (redrawn
# only when the second shown changes, with no allocation), a title line, a
# status line and a prompt in 16 px letters.
#
# Layout (128x64, MONO_VLSB pages of 8 rows):
#   page 0      title (round, tiles left)
#   pages 1-4   the time, 32 px digits, page-aligned so a new second touches
#               four pages and, with the last digit on an 8-column block,
#               two blocks a page: 4 x (4 + 1 + 16) = 84 bytes on the bus
#   page 5      status line (the keys instead, for a few seconds after the
#               screen opens or a press is refused: Manager.hinting)
#   pages 6-7   the prompt (TAKE 1, TAKE TWO, I'M OUT, TIME UP ...)
from tileclock.ui import bigdigits, draw
from tileclock.ui.draw import name_of  # noqa: F401 (the games' screens take it from here)
from tileclock.ui.screen import Screen

from micropython import const

_HINTS = ("tileclock.ui.hints",)
TIME_Y = const(8)
STATUS_Y = const(41)
PROMPT_Y = const(48)

# The prompt for each cue (the index is the cue's number).
PROMPTS = ("", "3-2-1", "GO!", "TAKE 1", "TAKE TWO", "I'M OUT", "WIN!", "", "TIME UP", "", "PICK!",
           "TAKE SIX")


class Live(Screen):
    COUNT_DOWN = False      # True: show whole seconds rounded up (0:01 until zero)

    def __init__(self, app):
        super().__init__(app)
        self._buf = bytearray(8)    # the time as text, reused every second
        self._prev = bytearray(8)   # the time on the display (cells to skip)
        self._len = 0
        self._shown = -1            # the second on the display
        self._x = 0
        self.prompt_text = ""       # the prompt on show (tests, simulator)
        # keys(): draw_static points it at the tuple of the state it draws
        # (the slot made here: a redraw while the clock runs allocates none)
        self.KEYS = self.KEYS

    # -- what a game's live screen provides --------------------------------

    def clock(self, now):
        """ms to show in the big digits."""
        return 0

    def draw_static(self, fb, now):
        """Everything but the time (called on a full redraw)."""

    # -- the time ----------------------------------------------------------

    def _second(self, ms):
        if self.COUNT_DOWN:
            return (ms + 999) // 1000
        return ms // 1000

    def update(self, now):
        return self._second(self.clock(now)) != self._shown

    def wake(self, now):
        ms = self.clock(now)
        if self.COUNT_DOWN:
            if ms <= 0:
                return 1000
            return (ms - 1) % 1000 + 1
        return 1000 - ms % 1000

    def draw(self, fb, now):
        if self.full:
            fb.fill(0)
            self.draw_static(fb, now)
            self._len = 0       # the time too
            if self.app.manager.hinting(now):
                # the keys over the status line for a few seconds after
                # the screen first opens or a press is refused: the digits
                # and the prompt keep their room
                from tileclock.ui.hints import hint
                hint(fb, self.keys(), STATUS_Y, STATUS_Y + 6)
            else:
                # (its letters go with them: a clock runs in less heap)
                from tileclock.modules import forget
                forget(_HINTS)
        self.draw_time(fb, now)

    def draw_time(self, fb, now):
        ms = self.clock(now)
        sec = self._second(ms)
        buf = self._buf
        n = bigdigits.format_clock(sec * 1000, buf)
        if n != self._len:
            # a new length moves the digits: the band cleared, centred again
            # with the last digit on an 8-column block (see the layout above)
            self._x = bigdigits.recentre(fb, buf, n, TIME_Y, self._prev, draw.W)
            self._len = n
        bigdigits.draw(fb, buf, n, self._x, TIME_Y, self._prev)
        self._shown = sec

    def shown_seconds(self):
        """The whole seconds on the display (for tests)."""
        return self._shown

    # -- helpers for the static part -----------------------------------------

    def prompt(self, fb, text):
        self.prompt_text = text
        fb.fill_rect(0, PROMPT_Y, draw.W, 16, 0)
        if text:
            draw.center2x(fb, text[:8], PROMPT_Y)

    def status(self, fb, text):
        fb.fill_rect(0, STATUS_Y - 1, draw.W, 8, 0)
        draw.center(fb, text[:16], STATUS_Y - 1)


def cue_prompt(cue):
    if 0 <= cue < len(PROMPTS):
        return PROMPTS[cue]
    return ""
