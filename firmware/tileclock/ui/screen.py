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
#   any seat held about a second, let go   back, or undo the last action
#   any seat held on (2.5 s)               the menu of this screen
# Past the first second the screen says what letting go will do (HELD), so
# a hold begun by mistake can be carried on to the menu and left there.
# Each screen says what its buttons do now, keys(): the hint a screen with
# room shows, and what the terminal simulator prints beside the display.
import gc

from tileclock import events
from tileclock.ticks import ticks_add, ticks_diff
from tileclock.ui import draw

from micropython import const

BANNER_MS = const(2500)     # how long a refusal or a note stays up
HINT_MS = const(4000)       # a screen with no room for its keys shows them this long
CONFIRM_MS = const(5000)    # a press that must be made twice: the second within this
FOREVER = const(3600000)    # "no deadline of my own" for wake()
_EVENTS_PER_PASS = const(8)  # more than anyone can press in a pass of 10 ms
_UNDO = "hold undo"
_HELD = "let go: undo - hold on: menu"


class Screen:
    """Base class. A screen reads the app's state and draws it; it turns
    presses into app calls (app.act for engine actions)."""

    # What the buttons do here, one short string a button role, as keys()
    # gives them: tuples of the class, so asking allocates nothing. A screen
    # whose buttons change with the game's state points its own KEYS at
    # another tuple of its class when it draws that state. (Each tuple names
    # a string of its module, as here: a tuple of literals alone is loaded
    # from an .mpy file as a constant of new string objects, a tuple with a
    # name is built from interned strings.)
    KEYS = (_UNDO,)
    HELD = _HELD    # said when a press has been held a second (None: nothing)
    BANNER_AT_TOP = False   # a message over the top of the screen, not the bottom

    def __init__(self, app):
        self.app = app
        self.full = True    # everything must be drawn on the next frame

    # -- hooks --------------------------------------------------------------

    def open(self, now):
        """Called when the screen becomes current, and again when the game
        changed under it (an undo, or an action after which the game's
        phase calls for this screen again): a screen that keeps what it
        read of the game reads it here."""

    def close(self):
        """Called once when another screen replaces this one."""

    def press(self, now, seat):
        """A short press of `seat`."""

    def held(self, now, seat):
        """`seat` has been held a second and is still down: say what
        letting go does, and that holding on opens the menu."""
        if self.HELD:
            self.app.manager.banner(now, self.HELD)

    def long(self, now, seat):
        """A long press (held a second, let go): back, or undo."""
        self.back(now)

    def menu(self, now):
        """Any seat held on (MENU). By default: nothing to choose here."""
        self.app.note(now, "no menu here")

    def back(self, now):
        """A long press: undo the last engine action."""
        self.app.undo(now)

    def keys(self):
        """What each button does on this screen now: a tuple of short
        strings, one a button role ("1/3 move", "2 choose", "hold undo")."""
        return self.KEYS

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
        self._banner_text = None     # the text of the banner on show
        self._hint_until = 0
        self._hinting = False       # a screen short of room shows its keys now
        self.hinted = []           # names of the screens that showed them since home

    def leave(self):
        """Close and drop the current screen: the modules only it used can
        go before the next screen's load (App.route)."""
        old = self.screen
        if old is not None:
            old.close()
        self.screen = None
        self.cls = None

    def goto(self, cls, now, arg=None):
        """Replace the current screen by a new one built from `cls`."""
        self.leave()
        gc.collect()
        self.cls = cls
        self.screen = cls(self.app) if arg is None else cls(self.app, arg)
        self.screen.open(now)
        self.screen.full = True
        name = cls.__name__
        if name not in self.hinted:
            self.hinted.append(name)
            self.hint(now)

    def hint(self, now):
        """The keys for HINT_MS on a screen that has no room for them
        always (a live screen): the first time it opens since the home
        menu, and after a refused press."""
        self._hint_until = ticks_add(now, HINT_MS)
        self._hinting = True
        if self.screen is not None:
            self.screen.full = True

    def hinting(self, now):
        """Whether a screen short of room shows its keys now."""
        return self._hinting and ticks_diff(self._hint_until, now) > 0

    def show(self, cls, now, arg=None):
        """goto() unless `cls` is current already: then it reads the game
        again (Screen.open), keeping its cursor, and draws it all."""
        if self.cls is cls and arg is None and self.screen is not None:
            self.screen.open(now)
            self.screen.full = True
            return
        self.goto(cls, now, arg)

    def take(self, buttons, ticks, now, keeper):
        """This pass's button events to the screen, each timed at its edge
        (a long press: when it had been held long enough), in the engine's
        time (`keeper.time_of`; a bound method would allocate every pass).
        A press that only wakes the box (App.woke) says nothing more."""
        n = 0
        while n < _EVENTS_PER_PASS:
            event = buttons.poll(ticks)
            if not event:
                break
            n += 1
            if self.app.woke(ticks):
                buttons.clear()         # (the waking hold says nothing more)
                continue
            at = buttons.event_at
            if events.kind_of(event) == events.LONG:
                at = ticks_add(at, buttons.long_ms)
            self.event(keeper.time_of(at, now), event)

    def event(self, now, event):
        kind = events.kind_of(event)
        seat = events.seat_of(event)
        if kind == events.PRESS:
            self.screen.press(now, seat)
        elif kind == events.HOLD:
            self.screen.held(now, seat)
        else:
            if self._banner_text is self.screen.HELD:
                self.unbanner()         # the hold's "let go: ..." is answered
            if kind == events.LONG:
                self.screen.long(now, seat)
            else:
                self.screen.menu(now)

    def banner(self, now, text, ms=BANNER_MS):
        lines = draw.wrap(text)[:4]
        self._banner = lines
        self._banner_text = text
        self._banner_top = draw.H - 4 - len(lines) * (draw.CHAR + 1)
        self._banner_until = ticks_add(now, ms)
        self._banner_drawn = False

    def unbanner(self):
        """Take the message on show away (a question no longer asked)."""
        if self._banner is not None:
            self._banner = None
            self._banner_text = None
            self.screen.full = True

    def banner_text(self):
        """The message on show, one line (for tests and the simulator)."""
        return " ".join(self._banner) if self._banner else ""

    def frame(self, fb, now):
        """Draw what changed; True if the display needs a show()."""
        screen = self.screen
        dirty = False
        if self._banner is not None and ticks_diff(self._banner_until, now) <= 0:
            self._banner = None
            self._banner_text = None
            screen.full = True
        if self._hinting and ticks_diff(self._hint_until, now) <= 0:
            self._hinting = False
            screen.full = True      # drawn again without the keys
        if screen.update(now) or screen.full:
            screen.draw(fb, now)
            screen.full = False
            dirty = True
            self._banner_drawn = False
        if self._banner is not None and not self._banner_drawn:
            if screen.BANNER_AT_TOP:
                draw.box(fb, self._banner, 0, draw.H - self._banner_top)
            else:
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
        if self._hinting:
            left = ticks_diff(self._hint_until, now)
            if left < ms:
                ms = left
        return ms if ms > 0 else 0

