# A form of numbers and yes/no fields filled in with the seat buttons, the
# same way as a menu: seat 1 next stop, seat 3 previous stop, seat 2 up
# (or choose a button), seat 4 down; a long press goes back.
# A number is edited a digit at a time (each digit is a stop), so 137 takes
# 1 + 3 + 7 presses, not 137. A signed number ([label, digits, True]) has a
# stop for its sign before the digits: seat 2 or 4 there turns it below
# zero and back. A form may open on a stop other than the first
# (first_stop: Board Clock's score on its hundreds, as fast as three digits).
from tileclock.ui import draw
from tileclock.ui.screen import Screen

_TOP = 11
_PITCH = 9
_VISIBLE = 6


_BACK = "hold back"     # a name in the tuples: see Screen.KEYS


class Form(Screen):
    OVERLAY = True
    KEYS = KEYS_FIELD = ("1/3 move", "2/4 +/-", _BACK)     # on a field
    KEYS_BUTTON = ("1/3 move", "2 choose", _BACK)           # on a button

    def __init__(self, app, arg=None):
        super().__init__(app)
        self.arg = arg
        self.build()

    def build(self):
        """The fields and buttons from make_fields() and make_buttons(),
        every value 0, the cursor on the first stop."""
        # fields: [label, digits (int) or choices (tuple of str)], and True
        # third for a signed number; buttons: [label, function(now)]
        self.fields = self.make_fields()
        self.buttons = self.make_buttons()
        self.values = [0] * len(self.fields)
        self.negative = [False] * len(self.fields)
        stops = []      # (line, field index or -1 for a button, digit (-1 the sign) or button index)
        for i in range(len(self.fields)):
            kind = self.fields[i][1]
            if isinstance(kind, int):
                if len(self.fields[i]) > 2 and self.fields[i][2]:
                    stops.append((i, i, -1))
                for d in range(kind):
                    stops.append((i, i, d))
            else:
                stops.append((i, i, 0))
        for b in range(len(self.buttons)):
            stops.append((len(self.fields), -1, b))
        self.stops = stops
        self.stop = self.first_stop()
        self.top = 0

    def first_stop(self):
        """The stop the form opens on."""
        return 0

    def make_fields(self):
        return []

    def make_buttons(self):
        return []

    def title(self):
        return ""

    def note(self):
        return ""

    def press(self, now, seat):
        n = len(self.stops)
        if seat == 1:
            self.stop = (self.stop + 1) % n
        elif seat == 3:
            self.stop = (self.stop - 1) % n
        elif seat == 2 or seat == 4:
            line, field, k = self.stops[self.stop]
            if field < 0:
                if seat == 2:
                    self.buttons[k][1](now)
                return
            self._bump(field, k, 1 if seat == 2 else -1)
        self.changed()

    def _bump(self, field, digit, step):
        kind = self.fields[field][1]
        value = self.values[field]
        if isinstance(kind, int):
            if digit < 0:
                self.negative[field] = not self.negative[field]
                self.values[field] = -value
                return
            value = -value if self.negative[field] else value
            unit = 1
            for _ in range(kind - 1 - digit):
                unit *= 10
            d = (value // unit) % 10
            new_d = (d + step) % 10
            value += (new_d - d) * unit
            self.values[field] = -value if self.negative[field] else value
        else:
            self.values[field] = (value + step) % len(kind)

    HELD = "let go: back"

    def long(self, now, seat):
        self.back(now)

    def back(self, now):
        self.app.route(now)

    def _value_text(self, field):
        kind = self.fields[field][1]
        value = self.values[field]
        if isinstance(kind, int):
            s = str(abs(value))
            s = "0" * (kind - len(s)) + s
            if len(self.fields[field]) > 2 and self.fields[field][2]:
                s = ("-" if self.negative[field] else "+") + s
            return s
        return kind[value]

    def draw(self, fb, now):
        fb.fill(0)
        draw.title(fb, self.title(), self.note())
        line, field, k = self.stops[self.stop]
        self.KEYS = self.KEYS_BUTTON if field < 0 else self.KEYS_FIELD
        lines = len(self.fields) + (1 if self.buttons else 0)
        if line < self.top:
            self.top = line
        elif line >= self.top + _VISIBLE:
            self.top = line - _VISIBLE + 1
        y = _TOP
        i = self.top
        while i < lines and i < self.top + _VISIBLE:
            if i < len(self.fields):
                fb.text(self.fields[i][0], 1, y, 1)
                text = self._value_text(i)
                x = draw.W - 2 - len(text) * 8
                fb.text(text, x, y, 1)
                if field == i:
                    kind = self.fields[i][1]
                    if isinstance(kind, int):
                        at = k + len(text) - kind      # (after a sign: its stop is -1)
                        cx = x + at * 8
                        fb.fill_rect(cx - 1, y - 1, 10, _PITCH, 1)
                        fb.text(text[at], cx, y, 0)
                    else:
                        fb.fill_rect(x - 1, y - 1, len(text) * 8 + 2, _PITCH, 1)
                        fb.text(text, x, y, 0)
            else:
                x = 0
                w = draw.W // len(self.buttons)
                for b in range(len(self.buttons)):
                    label = self.buttons[b][0]
                    sel = field < 0 and k == b
                    if sel:
                        fb.fill_rect(x, y - 1, w, _PITCH, 1)
                    fb.text(label, x + (w - len(label) * 8) // 2, y, 0 if sel else 1)
                    x += w
            y += _PITCH
            i += 1
        draw.scrollbar(fb, self.top, _VISIBLE, lines, _TOP - 1)
        if lines < _VISIBLE:
            from tileclock.ui.hints import hint
            hint(fb, self.KEYS)
