# A list of lines to move through and change with the seat buttons:
#   seat 1 next line, seat 3 previous line,
#   seat 2 change the line's value (or choose it), seat 4 change it backwards,
#   a long press (any seat) goes back.
# Screens that are menus (home, the in-game menu) subclass Menu and build
# their lines in items(); a line is an Item.
from tileclock import settings
from tileclock.ticks import ticks_add, ticks_diff
from tileclock.ui import draw
from tileclock.ui.screen import CONFIRM_MS, Screen

_TOP = 11       # first line's pixel row, under the title and its rule
_PITCH = 9      # one line: 8 px of text and a pixel of space
VISIBLE = 5     # lines on the screen at once (the keys under them)


class Item:
    """One line: `label` on the left, value() on the right; change(now, step)
    is called on seat 2 (step 1) and seat 4 (step -1)."""

    def __init__(self, label, value=None, change=None, guard=False):
        self.label = label
        self.value = value
        self.change = change
        self.guard = guard      # a setting: asked twice while a game is on


def choice(app, label, key, choices, names=None, after=None):
    """A line that cycles app.settings[key] through `choices`."""

    def value():
        v = app.settings[key]
        if names is not None and v in choices:
            return names[choices.index(v)]
        return str(v)

    def change(now, step):
        v = app.settings[key]
        i = choices.index(v) if v in choices else 0
        new = choices[(i + step) % len(choices)]
        if after is not None and not after(now, new):
            return
        settings.choose(app, key, new)

    return Item(label, value, change, True)


_BACK = "hold back"     # a name in the tuple: see Screen.KEYS


class Menu(Screen):
    TITLE = "MENU"
    OVERLAY = True      # the loop's cues don't close a menu
    KEYS = ("1/3 move", "2 choose", _BACK)

    def __init__(self, app, cursor=0):
        super().__init__(app)
        self.cursor = cursor    # e.g. back from the sheet: on its line again
        self.top = 0
        self.lines = []
        self.dirty_settings = False
        self._armed = -1        # the setting line a second press changes, until when
        self._armed_until = 0

    def items(self, now):
        return []

    def note(self):
        """Right side of the title line."""
        return None

    def battery(self):
        """The battery to show in the title line instead of the note, or None."""
        return None

    def open(self, now):
        self.lines = self.items(now)
        if self.cursor >= len(self.lines):
            self.cursor = len(self.lines) - 1

    def rebuild(self, now):
        self.open(now)
        self.changed()

    def press(self, now, seat):
        n = len(self.lines)
        if not n:
            return
        if seat == 1:
            self.cursor = (self.cursor + 1) % n
            self._armed = -1
        elif seat == 3:
            self.cursor = (self.cursor - 1) % n
            self._armed = -1
        elif seat == 2 or seat == 4:
            item = self.lines[self.cursor]
            if item.change is None:
                return
            if item.guard and self.app.game is not None and not self._armed_for(now):
                # a game is on: a stray press must not change a setting
                # (Sound, the countdown ...); the second press does, and
                # the presses after it while they keep coming
                self._armed = self.cursor
                self._armed_until = ticks_add(now, CONFIRM_MS)
                self.app.note(now, "game on: %d again to change %s" % (seat, item.label))
                return
            self._armed_until = ticks_add(now, CONFIRM_MS)
            self.dirty_settings = True
            item.change(now, 1 if seat == 2 else -1)
            if self.app.manager.screen is not self:
                return      # the line opened another screen
            self.rebuild(now)
        else:
            return
        self.changed()

    HELD = "let go: back"

    def _armed_for(self, now):
        return self._armed == self.cursor and ticks_diff(self._armed_until, now) > 0

    def long(self, now, seat):
        self.back(now)

    def back(self, now):
        self.app.route(now)

    def close(self):
        if self.dirty_settings or self.app.settings_unsaved:
            settings.save(self.app)

    def draw(self, fb, now):
        fb.fill(0)
        draw.title(fb, self.TITLE, self.note(), self.battery())
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + VISIBLE:
            self.top = self.cursor - VISIBLE + 1
        y = _TOP
        i = self.top
        while i < len(self.lines) and i < self.top + VISIBLE:
            item = self.lines[i]
            selected = i == self.cursor
            c = 0 if selected else 1
            if selected:
                fb.fill_rect(0, y - 1, draw.W, _PITCH, 1)
            fb.text(item.label, 1, y, c)
            if item.value is not None:
                draw.right(fb, item.value(), y, c, draw.W - 2)
            y += _PITCH
            i += 1
        draw.scrollbar(fb, self.top, VISIBLE, len(self.lines), _TOP - 1, _TOP - 1 + VISIBLE * _PITCH)
        from tileclock.ui.hints import hint
        hint(fb, self.keys())

