# Debounced seat buttons: each pin's edges caught as they happen, decided
# in the app loop.
#
# Each seat is read through any callable returning the pin level (a
# machine.Pin's bound `value`, or a lambda in tests), like Peter Hinch's
# Pushbutton. A level counts only once it has held for DEBOUNCE_MS, so a
# contact that chatters for 150 ms gives one press. Events follow
# docs/interfaces.md: PRESS when a press shorter than LONG_MS is released;
# HOLD once the button has been held LONG_MS (nothing is decided yet: the
# screen says what letting go will do); LONG when it is released before
# MENU_MS; MENU once it has been held MENU_MS (and nothing on its release).
# So every seat has the same two gestures beside its short press: hold
# about a second and let go (back, or undo), hold on to two and a half
# (the menu), and a hold begun by mistake can be carried on to the menu
# and left there. Each event comes with the tick its press began
# (event_at).
#
# Edges: on the Pico each seat pin's interrupt (irq_handler(): both edges,
# a hard IRQ) writes the tick and the level into a preallocated ring and
# does nothing else; a simulated board calls edge(). poll(now) replays the
# ring in order, then reads every pin once more, so a press is decided by
# its real edges however long the pass before took: a 40 ms tap inside a
# 300 ms pass is one press, timed where it began; a press held across a
# long pass is long or short by how long it was really held. With no
# edges (a board without interrupts) the same rules run on the levels each
# poll reads, the edge then timed by the poll that saw it.
#
# Events come out in the order of their edges, not the order they were let
# go: a press at the tick it began, a hold or a long press when it was
# decided. Seat 2's tap made under seat 1's earlier press waits until seat
# 1's press is decided (let go: a press, first; or held LONG_MS: no call,
# and after the tap), so who called first is who pressed first.
#
# poll(now) returns the next event (0 for none): call it until it returns
# 0. It allocates nothing: events wait in a small ring of bytes, times in
# preallocated lists of small ints.
from tileclock import ticks
from tileclock import events

from micropython import const

DEBOUNCE_MS = const(20)     # a level must hold this long to count
# A hurried press lasts 100-300 ms; peers take 800-1000 ms for a long one
# (docs/device.md says why 900): a press this long is no longer a call.
LONG_MS = const(900)        # held this long: HOLD, then LONG on release
MENU_MS = const(2500)       # held this long: MENU (and nothing on release)
MAX_SEATS = const(8)
_QUEUE = const(16)          # events waiting; two per seat is plenty
_EDGES = const(64)          # edges waiting (a power of two): 150 ms of chatter on two seats
_EDGE_MASK = const(63)
_LEVEL = const(0x80)        # an edge's byte: the seat index, and this bit for "pressed"
STAGE_SHORT = const(0)      # a press's stages: not yet held LONG_MS,
STAGE_HELD = const(1)       # HOLD said,
STAGE_OVER = const(2)       # decided (MENU said, or cleared): nothing on release


def irq_handler(buttons, i, read, ticks_ms):
    """The interrupt handler for seat i+1's pin (Pin.irq, both edges, hard):
    the tick and the pin's level into `buttons`' ring, nothing else. A bound
    method, as MicroPython's interrupt guide advises: a closure over more
    than four names allocates on each call, which a hard IRQ may not."""
    return _Edges(buttons, i, read, ticks_ms).caught


class _Edges:
    """What one seat's interrupt handler needs, looked up once."""

    def __init__(self, buttons, i, read, ticks_ms):
        self.buttons = buttons
        self.seat = i
        self.read = read
        self.ticks_ms = ticks_ms

    def caught(self, pin):
        # (a method called straight away makes no bound method: nothing is
        # allocated, as a hard IRQ requires)
        buttons = self.buttons
        buttons.edge(self.seat, self.read() == buttons._pressed_level, self.ticks_ms())


class Buttons:
    """Seat buttons 1..N read through `readers` (callables returning 0/1)."""

    def __init__(self, readers, active_low=True, debounce_ms=DEBOUNCE_MS, long_ms=LONG_MS,
                 menu_ms=MENU_MS):
        n = len(readers)
        if not 1 <= n <= MAX_SEATS:
            raise ValueError("1 to %d seat buttons, not %d" % (MAX_SEATS, n))
        self.seats = n
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.menu_ms = menu_ms
        self._read = list(readers)
        self._pressed_level = 0 if active_low else 1
        self._raw = bytearray(n)        # last level seen (1 = pressed)
        self._down = bytearray(n)       # debounced state (1 = pressed)
        self._stage = bytearray(n)      # how far each press has gone: STAGE_*
        self._raw_since = [0] * n       # tick the last raw change happened
        self._down_at = [0] * n         # tick the current press began
        self._queue = bytearray(_QUEUE)
        self._queue_at = [0] * _QUEUE   # each waiting event's press began then
        self._queue_edge = [0] * _QUEUE     # ... and its edge (_push)
        self._head = 0
        self._count = 0
        self.dropped = 0                # events lost to a full queue
        self.event_at = 0               # when the press of the last event poll() gave began
        self._started = False
        self._edge_t = [0] * _EDGES     # the ring of edges: ticks ...
        self._edge_s = bytearray(_EDGES)    # ... seat index | _LEVEL if pressed
        self._edge_count = [0, 0, 0]    # edges written, read; overruns (edges the ring
                                        # had no room for: poll() goes on from the levels)

    def edge(self, i, pressed, now):
        """Seat i+1's pin went to pressed (1) or released (0) at tick `now`:
        what irq_handler() writes, for a board that sees its pins change
        another way (the simulator, the web page)."""
        count = self._edge_count
        n = count[0]
        if n - count[1] >= _EDGES:
            count[2] += 1
            return
        k = n & _EDGE_MASK
        self._edge_t[k] = now
        self._edge_s[k] = i | (_LEVEL if pressed else 0)
        count[0] = n + 1

    def _push(self, event, at, edge):
        # waiting events in the order of their edges (ties: the order they
        # were decided), not the order they were let go: a press's edge is
        # the tick it began, a hold's, a long press's or the menu's the
        # tick it was decided
        if self._count == _QUEUE:
            self.dropped += 1
            return
        queue = self._queue
        queue_at = self._queue_at
        queue_edge = self._queue_edge
        n = self._count
        k = (self._head + n) % _QUEUE
        while n:
            before = (k - 1) % _QUEUE
            if ticks.ticks_diff(edge, queue_edge[before]) >= 0:
                break
            queue[k] = queue[before]
            queue_at[k] = queue_at[before]
            queue_edge[k] = queue_edge[before]
            k = before
            n -= 1
        queue[k] = event
        queue_at[k] = at
        queue_edge[k] = edge
        self._count += 1

    def _undecided_before(self, at):
        # a press begun before tick `at` that is neither let go nor held
        # LONG_MS yet: it may still be a call, and calls go in the order
        # of their presses
        for i in range(self.seats):
            if self._down[i] and self._stage[i] == STAGE_SHORT and ticks.ticks_diff(at, self._down_at[i]) > 0:
                return True
        return False

    def _due(self, i):
        # the tick seat i's next decision falls due (its level held
        # DEBOUNCE_MS, or its press LONG_MS or MENU_MS), or -1 for none
        if self._raw[i] != self._down[i]:
            return ticks.ticks_add(self._raw_since[i], self.debounce_ms)
        if self._down[i]:
            return self._hold_due(i)
        return -1

    def _hold_due(self, i):
        # the tick seat i's press (down now) is next decided: HOLD, MENU; -1 none
        stage = self._stage[i]
        if stage == STAGE_SHORT:
            return ticks.ticks_add(self._down_at[i], self.long_ms)
        if stage == STAGE_HELD:
            return ticks.ticks_add(self._down_at[i], self.menu_ms)
        return -1

    def _held_on(self, i, t):
        # seat i's press, still down, reached its next stage at tick t:
        # HOLD, then MENU
        stage = self._stage[i]
        self._stage[i] = stage + 1
        self._push(events.make(events.HOLD if stage == STAGE_SHORT else events.MENU, i + 1),
                   self._down_at[i], t)

    def _released(self, i, held, t):
        # seat i's press let go at tick t after `held` ms: PRESS, LONG or
        # MENU (nothing if it was decided already)
        if self._stage[i] == STAGE_OVER:
            return
        self._stage[i] = STAGE_OVER
        if held >= self.menu_ms:
            kind = events.MENU
        elif held >= self.long_ms:
            kind = events.LONG
        else:
            kind = events.PRESS
        at = self._down_at[i]
        self._push(events.make(kind, i + 1), at, at if kind == events.PRESS else t)

    def _settle_all(self, t):
        # every decision due by tick t, earliest first, whichever seat: two
        # presses come out in the order they were decided
        while True:
            best = -1
            best_due = 0
            for i in range(self.seats):
                due = self._due(i)
                if due >= 0 and ticks.ticks_diff(t, due) >= 0 and (best < 0 or ticks.ticks_diff(due, best_due) < 0):
                    best = i
                    best_due = due
            if best < 0:
                return
            self._settle(best, best_due)

    def _settle(self, i, t):
        # seat i at tick t, when its decision is due: a level held
        # DEBOUNCE_MS counts (a press begins, or ends), a press held LONG_MS
        # is HOLD, MENU_MS is MENU. A press whose release has held is over
        # where the release began: PRESS, LONG or MENU by how long it was
        # held then (a press held across a long pass is judged by its edges).
        raw = self._raw[i]
        if raw != self._down[i]:
            since = self._raw_since[i]
            self._down[i] = raw
            if raw:
                self._down_at[i] = since
                self._stage[i] = STAGE_SHORT
            else:
                self._released(i, ticks.ticks_diff(since, self._down_at[i]), since)
        elif self._down[i]:
            self._held_on(i, t)

    def poll(self, now):
        """Take the edges since the last poll, read the pins at tick `now`;
        return the next event or 0."""
        pressed_level = self._pressed_level
        raw = self._raw
        if not self._started:
            # the first reading is the baseline: a button held at power-on
            # counts from now (a stuck button gives HOLD and MENU, nothing more)
            self._started = True
            for i in range(self.seats):
                self._raw_since[i] = now
                self._down_at[i] = now
            count = self._edge_count
            count[1] = count[0]         # edges before the baseline: the levels say it
        count = self._edge_count
        while count[1] != count[0]:     # (an edge the ring had no room for: the levels below)
            k = count[1] & _EDGE_MASK
            mark = self._edge_s[k]
            i = mark & ~_LEVEL
            t = self._edge_t[k]
            count[1] += 1
            if i < self.seats:
                self._settle_all(t)
                r = 1 if mark & _LEVEL else 0
                if r != raw[i]:
                    raw[i] = r
                    self._raw_since[i] = t
        self._settle_all(now)
        for i in range(self.seats):
            # a change no interrupt caught (or a board without them): seen now
            r = 1 if self._read[i]() == pressed_level else 0
            if r != raw[i]:
                raw[i] = r
                self._raw_since[i] = now
        return self._next()

    def _next(self):
        # the waiting event whose press began first, or NONE; event_at its
        # press's tick. It waits while a press begun before it is still
        # undecided: a tap let go under another seat's longer press is
        # given after that press, which came first.
        if not self._count:
            return events.NONE
        if self._undecided_before(self._queue_edge[self._head]):
            return events.NONE
        event = self._queue[self._head]
        self.event_at = self._queue_at[self._head]
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
                self._stage[i] = STAGE_OVER
