# Between rounds: what the next round will be, the standings so far, and
# "any seat: GO". Each game's ready screen fills in lines() and start().
from tileclock.ui import draw
from tileclock.ui.screen import Screen


_UNDO = "hold undo"     # a name in the tuple: see Screen.KEYS


class Ready(Screen):
    BAR = "ANY SEAT: GO"
    KEYS = ("any go", _UNDO, "hold 2 menu")

    def __init__(self, app):
        super().__init__(app)
        self._lines = None

    def open(self, now):
        self._lines = self.lines(now)

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
        draw.title(fb, self.title()[:16], None, self.app.battery)
        y = 12
        for line in self._lines:
            if y > 39:
                break
            fb.text(line[:16], 0, y, 1)
            y += 9
        # four lines end at row 46; the bar starts at row 55
        from tileclock.ui.hints import hint
        hint(fb, self.keys(), 48, 53)
        draw.bar(fb, self.BAR)


def standings_lines(standings, most=None):
    """"1 Ann        45" lines, equal totals sharing a place (the leaders
    only: at most `most` lines)."""
    out = []
    place = 0
    last = None
    for i in range(len(standings)):
        name, points = standings[i]
        if points != last:
            place = i + 1
            last = points
        if most is None or len(out) < most:
            out.append("%d %s%s" % (place, draw.pad(name, 10), draw.lpad(str(points), 4)))
    return out
