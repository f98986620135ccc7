# Debounced seat buttons, polled from the app loop.
#
# Each seat is read through any callable returning the pin level (a
# machine.Pin's bound `value`, or a lambda in tests), like Peter Hinch's
# Pushbutton. A level counts only once it has held for DEBOUNCE_MS, so a
# contact that chatters for 150 ms gives one press. Events follow
# docs/interfaces.md: PRESS when a short press is released, LONG once when
# a button has been held LONG_MS (and no PRESS on its release).
#
# poll(now) samples every seat and returns the next event (0 for none):
# call it until it returns 0. It allocates nothing: events wait in a small
# ring of bytes, times in preallocated lists of small ints.
#
# Cost: one pin read and a few compares per seat per poll; the loop should
# poll at least every DEBOUNCE_MS / 2 (10 ms) while waiting for players.
#
# No interrupts: the loop polls every 10 ms at most (App.step), so a press
# is seen within a poll, and its time (the debounced edge) is within 10 ms of
# the contact; PRESS comes on release anyway.
from tileclock import ticks
from tileclock import events

try:
    from micropython import const  # pyright: ignore[reportAssignmentType]  CPython: the def below
except ImportError:
    def const(x):
        return x

DEBOUNCE_MS = const(20)     # a level must hold this long to count
LONG_MS = const(700)        # held this long: LONG instead of PRESS
MAX_SEATS = const(8)
_QUEUE = const(16)          # events waiting; two per seat is plenty


class Buttons:
    """Seat buttons 1..N read through `readers` (callables returning 0/1)."""

    def __init__(self, readers, active_low=True, debounce_ms=DEBOUNCE_MS, long_ms=LONG_MS):
        n = len(readers)
        if not 1 <= n <= MAX_SEATS:
            raise ValueError("1 to %d seat buttons, not %d" % (MAX_SEATS, n))
        self.seats = n
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self._read = list(readers)
        self._pressed_level = 0 if active_low else 1
        self._raw = bytearray(n)        # last reading (1 = pressed)
        self._down = bytearray(n)       # debounced state (1 = pressed)
        self._long = bytearray(n)       # LONG already reported for this press
        self._raw_since = [0] * n       # tick the last raw change was seen
        self._down_at = [0] * n         # tick the current press began
        self._queue = bytearray(_QUEUE)
        self._head = 0
        self._count = 0
        self.dropped = 0                # events lost to a full queue
        self._started = False

    def _push(self, event):
        if self._count == _QUEUE:
            self.dropped += 1
            return
        self._queue[(self._head + self._count) % _QUEUE] = event
        self._count += 1

    def poll(self, now):
        """Sample the buttons at tick `now`; return the next event or 0."""
        pressed_level = self._pressed_level
        raw = self._raw
        down = self._down
        if not self._started:
            # the first reading is the baseline: a button held at power-on
            # counts from now (a stuck button gives one LONG, nothing more)
            self._started = True
            for i in range(self.seats):
                self._raw_since[i] = now
                self._down_at[i] = now
        for i in range(self.seats):
            r = 1 if self._read[i]() == pressed_level else 0
            if r != raw[i]:
                raw[i] = r
                self._raw_since[i] = now
            elif r != down[i] and ticks.ticks_diff(now, self._raw_since[i]) >= self.debounce_ms:
                down[i] = r
                if r:
                    self._down_at[i] = self._raw_since[i]
                    self._long[i] = 0
                elif not self._long[i]:
                    self._push(events.make(events.PRESS, i + 1))
            if down[i] and not self._long[i] and ticks.ticks_diff(now, self._down_at[i]) >= self.long_ms:
                self._long[i] = 1
                self._push(events.make(events.LONG, i + 1))
        return self._next()

    def _next(self):
        # the oldest waiting event, or NONE
        if not self._count:
            return events.NONE
        event = self._queue[self._head]
        self._head = (self._head + 1) % _QUEUE
        self._count -= 1
        return event

    def is_down(self, seat):
        """Whether seat's button is held now (debounced), for combinations."""
        return bool(self._down[seat - 1])

    def down_at(self, seat):
        """The tick the seat's current (or last) press began."""
        return self._down_at[seat - 1]

    def clear(self):
        """Forget waiting events and the presses in progress: a button held
        now gives nothing on release (e.g. when a new screen opens)."""
        self._count = 0
        for i in range(self.seats):
            if self._down[i]:
                self._long[i] = 1
