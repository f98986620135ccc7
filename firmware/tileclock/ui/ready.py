# Between rounds: what the next round will be, the standings so far, and
# "any seat: GO". Each game's ready screen fills in lines() and start().
from tileclock.ticks import ticks_add, ticks_diff
from tileclock.ui import draw
from tileclock.ui.screen import FOREVER, Screen

from micropython import const

_LINES = const(4)       # text lines on show between the title and the keys
PAGE_MS = const(3000)   # more lines (every player's standing): a page this long


_UNDO = "hold undo"     # a name in the tuple: see Screen.KEYS


class Ready(Screen):
    BAR = "ANY SEAT: GO"
    KEYS = ("any go", _UNDO, "hold+ menu")

    def __init__(self, app):
        super().__init__(app)
        self._lines = []
        self._first = 0         # the first line on show
        self._turned = 0        # when the page on show came up

    def open(self, now):
        self._lines = self.lines(now)
        self._first = 0
        self._turned = now

    def update(self, now):
        # every player's standing, four lines a page, the pages in turn:
        # the whole table with no press
        if len(self._lines) <= _LINES or ticks_diff(now, self._turned) < PAGE_MS:
            return False
        self._turned = ticks_add(self._turned, PAGE_MS)
        if ticks_diff(now, self._turned) >= PAGE_MS:
            self._turned = now          # (after a long pass: from now)
        self._first += _LINES
        if self._first >= len(self._lines):
            self._first = 0
        return True

    def wake(self, now):
        if len(self._lines) <= _LINES:
            return FOREVER
        left = PAGE_MS - ticks_diff(now, self._turned)
        return left if left > 0 else 0

    def title(self):
        return ""

    def lines(self, now):
        return []

    def start(self, now, seat):
        self.app.act(now, "start")

    def press(self, now, seat):
        self.start(now, seat)

    def draw(self, fb, now):
        fb.fill(0)
        draw.title(fb, self.title()[:16], None, self.app.battery or draw.USB)
        y = 12
        lines = self._lines
        i = self._first
        while i < len(lines) and i < self._first + _LINES:
            fb.text(lines[i][:16], 0, y, 1)
            y += 9
            i += 1
        # four lines end at row 46; the bar starts at row 55
        from tileclock.ui.hints import hint
        hint(fb, self.keys(), 48, 53)
        draw.bar(fb, self.BAR)
