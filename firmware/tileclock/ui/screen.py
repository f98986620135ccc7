# One screen, one class; the manager builds the next screen from its class.
#
# Only one screen object lives at a time: goto() closes the old one, drops it
# and runs the collector before building the next, so a screen's buffers and
# strings are freed with it (the micro-gui way). Screens draw straight into
# the display's FrameBuffer; the display's show() then sends only what
# changed.
#
# The button scheme is the same on every screen (docs/device.md):
#   short press, seat 1   next line / next field       (in play: seat 1's call)
#   short press, seat 2   change / choose               (in play: seat 2's call)
#   short press, seat 3   previous line (menus, forms)  (in play: seat 3's call)
#   short press, seat 4   change backwards              (in play: seat 4's call)
#   long press, seat 2    the menu of this screen
#   long press, any other seat   back, or undo the last action
import gc

from tileclock import events
from tileclock.ticks import ticks_add, ticks_diff
from tileclock.ui import draw

try:
    from micropython import const  # pyright: ignore[reportAssignmentType]  CPython: the def below
except ImportError:
    def const(x):
        return x

BANNER_MS = const(2500)     # how long a refusal or a note stays up
FOREVER = const(3600000)    # "no deadline of my own" for wake()


class Screen:
    """Base class. A screen reads the app's state and draws it; it turns
    presses into app calls (app.act for engine actions)."""

    def __init__(self, app):
        self.app = app
        self.full = True    # everything must be drawn on the next frame

    # -- hooks --------------------------------------------------------------

    def open(self, now):
        """Called once when the screen becomes current."""

    def close(self):
        """Called once when another screen replaces this one."""

    def press(self, now, seat):
        """A short press of `seat`."""

    def long(self, now, seat):
        """A long press: seat 2 opens the menu, any other seat is back/undo."""
        if seat == 2:
            self.menu(now)
        else:
            self.back(now)

    def menu(self, now):
        """Long press of seat 2. By default: nothing to choose here."""
        self.app.note(now, "no menu here")

    def back(self, now):
        """Long press of another seat: undo the last engine action."""
        self.app.undo(now)

    def update(self, now):
        """True if the screen must be drawn again (its time moved on)."""
        return False

    def wake(self, now):
        """ms until this screen changes by itself (the next second shown)."""
        return FOREVER

    def draw(self, fb, now):
        """Draw the screen; draw everything when self.full is set."""

    def changed(self):
        """Ask for a full redraw on the next frame."""
        self.full = True


class Manager:
    def __init__(self, app):
        self.app = app
        self.screen = None
        self.cls = None
        self._banner = None         # lines of the message shown over the screen
        self._banner_until = 0
        self._banner_drawn = False

    def goto(self, cls, now, arg=None):
        """Replace the current screen by a new one built from `cls`."""
        old = self.screen
        if old is not None:
            old.close()
        self.screen = None
        old = None
        gc.collect()
        self.cls = cls
        self.screen = cls(self.app) if arg is None else cls(self.app, arg)
        self.screen.open(now)
        self.screen.full = True

    def show(self, cls, now, arg=None):
        """goto() unless `cls` is current already (then just redraw)."""
        if self.cls is cls and arg is None and self.screen is not None:
            self.screen.full = True
            return
        self.goto(cls, now, arg)

    def event(self, now, event):
        kind = events.kind_of(event)
        seat = events.seat_of(event)
        if kind == events.PRESS:
            self.screen.press(now, seat)
        elif kind == events.LONG:
            self.screen.long(now, seat)

    def banner(self, now, text, ms=BANNER_MS):
        lines = draw.wrap(text)[:4]
        self._banner = lines
        self._banner_top = draw.H - 4 - len(lines) * (draw.CHAR + 1)
        self._banner_until = ticks_add(now, ms)
        self._banner_drawn = False

    def banner_text(self):
        """The message on show, one line (for tests and the simulator)."""
        return " ".join(self._banner) if self._banner else ""

    def frame(self, fb, now):
        """Draw what changed; True if the display needs a show()."""
        screen = self.screen
        dirty = False
        if self._banner is not None and ticks_diff(self._banner_until, now) <= 0:
            self._banner = None
            screen.full = True
        if screen.update(now) or screen.full:
            screen.draw(fb, now)
            screen.full = False
            dirty = True
            self._banner_drawn = False
        if self._banner is not None and not self._banner_drawn:
            draw.box(fb, self._banner, self._banner_top)
            self._banner_drawn = True
            dirty = True
        return dirty

    def wake(self, now):
        ms = self.screen.wake(now)
        if self._banner is not None:
            left = ticks_diff(self._banner_until, now)
            if left < ms:
                ms = left
        return ms if ms > 0 else 0

