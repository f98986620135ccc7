# Debounced seat buttons: bounce, long holds, several seats, the tick wrap.
# Levels are active low (a pull-up; pressed = 0), as wired on the board.
import gc

from check import raises
from tileclock import ticks
from tileclock import events
from tileclock.hal.buttons import DEBOUNCE_MS, LONG_MS, MENU_MS, Buttons

PRESS1 = events.make(events.PRESS, 1)
PRESS3 = events.make(events.PRESS, 3)
LONG1 = events.make(events.LONG, 1)
HOLD1 = events.make(events.HOLD, 1)
MENU1 = events.make(events.MENU, 1)


class Pins:
    """Levels for N seats; reader(i) is what a Pin's value would be."""

    def __init__(self, n):
        self.level = [1] * n

    def reader(self, i):
        return lambda: self.level[i]


def _make(n=4, **kw):
    pins = Pins(n)
    return pins, Buttons([pins.reader(i) for i in range(n)], **kw)


def _run(buttons, start, ms, step=1, log=None):
    """Poll every `step` ms for `ms` ms from tick `start`; collect (t, event)."""
    if log is None:
        log = []
    t = 0
    while t < ms:
        now = ticks.ticks_add(start, t)
        while True:
            e = buttons.poll(now)
            if not e:
                break
            log.append((t, e))
        t += step
    return log


def _bounce(pins, seat, buttons, start, ms, end_level, log):
    """Chatter for `ms` ms (gaps of 1..9 ms), polling every ms, then settle."""
    seed = 7 + seat
    t = 0
    level = end_level
    while t < ms:
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        gap = 1 + (seed >> 16) % 9
        level ^= 1
        pins.level[seat - 1] = level
        _run(buttons, ticks.ticks_add(start, t), gap, 1, log)
        t += gap
    pins.level[seat - 1] = end_level
    return t


def test_a_contact_bouncing_for_150_ms_gives_one_press():
    pins, b = _make()
    log = []
    start = 1000
    b.poll(start)
    t = _bounce(pins, 1, b, start, 150, 0, log)
    _run(b, ticks.ticks_add(start, t), 200, 1, log)           # held, quiet
    t += 200
    t += _bounce(pins, 1, b, ticks.ticks_add(start, t), 150, 1, log)
    _run(b, ticks.ticks_add(start, t), 500, 1, log)
    assert [e for _, e in log] == [PRESS1]


def test_a_glitch_shorter_than_the_debounce_time_is_ignored():
    pins, b = _make()
    b.poll(0)
    pins.level[0] = 0
    log = _run(b, 1, DEBOUNCE_MS - 5)
    pins.level[0] = 1
    _run(b, DEBOUNCE_MS, 1000, 1, log)
    assert log == []


def test_held_for_a_minute_gives_hold_then_menu_and_nothing_on_release():
    pins, b = _make()
    b.poll(0)
    pins.level[0] = 0
    log = _run(b, 10, 60000, 2)
    pins.level[0] = 1
    _run(b, 60010, 2000, 2, log)
    assert [e for _, e in log] == [HOLD1, MENU1]
    # pressed at 10 (level seen at 10), HOLD at 10 + LONG_MS, MENU at
    # 10 + MENU_MS (polls are even ms)
    assert [t for t, _ in log] == [LONG_MS, MENU_MS]
    assert b.down_at(1) == 10


def test_held_a_second_and_let_go_is_hold_then_long_on_release():
    pins, b = _make()
    b.poll(0)
    pins.level[0] = 0
    log = _run(b, 10, 1200, 2)
    assert [(t, e) for t, e in log] == [(LONG_MS, HOLD1)]
    pins.level[0] = 1
    _run(b, 1210, 500, 2, log)
    assert [e for _, e in log] == [HOLD1, LONG1]
    assert log[1][0] == DEBOUNCE_MS      # (from the release) decided when it held
    # a hurried press (300 ms) is a press, a hold just short of LONG_MS too
    for held in (300, LONG_MS - DEBOUNCE_MS - 10):
        pins.level[0] = 0
        log = _run(b, 3000, held, 2)
        pins.level[0] = 1
        _run(b, 3000 + held, 500, 2, log)
        assert [e for _, e in log] == [PRESS1], held


def test_two_seats_at_once_give_two_events_in_seat_order():
    pins, b = _make()
    b.poll(0)
    pins.level[0] = pins.level[2] = 0
    log = _run(b, 1, 100)
    pins.level[0] = pins.level[2] = 1
    _run(b, 101, 100, 1, log)
    assert [e for _, e in log] == [PRESS1, PRESS3]
    assert log[0][0] == log[1][0]
    # one held long while the other taps
    pins.level[0] = 0
    log = _run(b, 300, 200)
    pins.level[2] = 0
    _run(b, 500, 100, 1, log)
    pins.level[2] = 1
    _run(b, 600, 900, 1, log)
    pins.level[0] = 1
    _run(b, 1500, 100, 1, log)
    assert [e for _, e in log] == [PRESS3, HOLD1, LONG1]
    assert not b.is_down(1) and not b.is_down(3)


def test_press_and_long_press_across_the_tick_wrap():
    pins, b = _make(2)
    start = ticks.TICKS_MAX - 300
    b.poll(start)
    pins.level[1] = 0
    log = _run(b, ticks.ticks_add(start, 1), 100)
    pins.level[1] = 1
    _run(b, ticks.ticks_add(start, 101), 100, 1, log)
    assert [e for _, e in log] == [events.make(events.PRESS, 2)]
    pins.level[1] = 0
    log = _run(b, ticks.ticks_add(start, 250), 1000)           # crosses the wrap at 300
    pins.level[1] = 1
    _run(b, ticks.ticks_add(start, 1250), 100, 1, log)
    assert [e for _, e in log] == [events.make(events.HOLD, 2), events.make(events.LONG, 2)]
    assert log[0][0] == LONG_MS
    assert b.down_at(2) == ticks.ticks_add(start, 250)


def test_a_button_held_at_power_on_gives_hold_and_menu_then_nothing():
    pins, b = _make()
    pins.level[3] = 0
    log = _run(b, 5000, 30000, 5)
    assert [e for _, e in log] == [events.make(events.HOLD, 4), events.make(events.MENU, 4)]


def test_active_high_inputs_and_eight_seats():
    levels = [0] * 8
    b = Buttons([lambda i=i: levels[i] for i in range(8)], active_low=False)
    assert b.seats == 8
    b.poll(0)
    levels[7] = 1
    log = _run(b, 1, 50)
    levels[7] = 0
    _run(b, 51, 50, 1, log)
    assert [e for _, e in log] == [events.make(events.PRESS, 8)]


def test_wrong_seat_count_is_refused():
    raises(ValueError, Buttons, [])
    e = raises(ValueError, Buttons, [lambda: 1] * 9)
    assert "9" in str(e)


def test_poll_allocates_nothing():
    if not hasattr(gc, "mem_alloc"):
        return
    pins, b = _make()
    b.poll(0)
    pins.level[0] = 0
    gc.collect()
    before = gc.mem_alloc()
    for t in range(1, 1000):
        b.poll(t)
    pins.level[0] = 1
    for t in range(1000, 1100):
        b.poll(t)
    assert gc.mem_alloc() == before


# -- edges caught as they happen (the Pico's pin interrupts; edge() on a
# simulated board), decided by poll() however long the pass before ---------

def _edges(b, seat, changes):
    """Seat's pin changes [(tick, pressed)], as the interrupt records them."""
    for t, pressed in changes:
        b.edge(seat - 1, pressed, t)


def _events(b, now):
    out = []
    while True:
        e = b.poll(now)
        if not e:
            return out
        out.append((e, b.event_at))


def test_a_40_ms_tap_inside_a_300_ms_pass_is_one_press_timed_at_its_edge():
    pins, b = _make()
    b.poll(1000)                    # the pass before
    _edges(b, 1, [(1100, 1), (1140, 0)])   # pins.level is back up by the next poll
    assert _events(b, 1300) == [(PRESS1, 1100)]
    assert _events(b, 1310) == []


def test_bounce_inside_the_debounce_time_is_one_press():
    pins, b = _make()
    b.poll(0)
    # chatter for 15 ms, held, then chatter on release, all in one long pass
    _edges(b, 1, [(100, 1), (103, 0), (105, 1), (109, 0), (115, 1), (400, 0), (404, 1), (407, 0)])
    assert _events(b, 900) == [(PRESS1, 115)]


def test_a_glitch_inside_a_long_pass_is_nothing():
    pins, b = _make()
    b.poll(0)
    _edges(b, 1, [(100, 1), (100 + DEBOUNCE_MS - 5, 0)])
    assert _events(b, 500) == []


def test_a_press_held_across_a_long_pass_is_long_or_short_by_how_long_it_was_held():
    pins, b = _make()
    b.poll(0)
    _edges(b, 1, [(100, 1), (100 + LONG_MS - 100, 0)])      # short
    assert _events(b, 2000) == [(PRESS1, 100)]
    _edges(b, 1, [(2100, 1), (2100 + LONG_MS + 100, 0)])    # long
    assert _events(b, 4000) == [(HOLD1, 2100), (LONG1, 2100)]
    # still held when the pass ends: HOLD, then LONG on release
    _edges(b, 1, [(4100, 1)])
    pins.level[0] = 0
    assert _events(b, 5100) == [(HOLD1, 4100)]
    _edges(b, 1, [(5200, 0)])
    pins.level[0] = 1
    assert _events(b, 5300) == [(LONG1, 4100)]
    # held past MENU_MS inside one pass: HOLD and MENU, nothing on release
    _edges(b, 1, [(6000, 1), (6000 + MENU_MS + 200, 0)])
    assert _events(b, 10000) == [(HOLD1, 6000), (MENU1, 6000)]
    assert _events(b, 10100) == []


def test_two_seats_in_one_long_pass_come_in_the_order_they_were_decided():
    pins, b = _make()
    b.poll(0)
    _edges(b, 3, [(50, 1)])
    _edges(b, 1, [(60, 1)])
    _edges(b, 3, [(120, 0)])
    _edges(b, 1, [(130, 0)])
    assert _events(b, 400) == [(PRESS3, 50), (PRESS1, 60)]


PRESS2 = events.make(events.PRESS, 2)
HOLD2 = events.make(events.HOLD, 2)
LONG2 = events.make(events.LONG, 2)


def test_a_tap_let_go_first_under_an_earlier_press_comes_second():
    # seat 1 presses at 4000 and holds 80 ms; seat 2 taps at 4030 for 40 ms
    # and lets go first: seat 1 pressed first, so its press comes first
    pins, b = _make()
    b.poll(3990)
    _edges(b, 1, [(4000, 1), (4080, 0)])
    _edges(b, 2, [(4030, 1), (4070, 0)])
    assert _events(b, 4095) == []           # seat 2 is decided, seat 1 not yet
    assert _events(b, 4200) == [(PRESS1, 4000), (PRESS2, 4030)]


def test_a_tap_waits_for_the_earlier_press_polled_a_millisecond_at_a_time():
    pins, b = _make()
    b.poll(0)
    pins.level[0] = 0                       # seat 1 down at 100
    log = _run(b, 0, 130)
    pins.level[1] = 0                       # seat 2 down at 130 ...
    _run(b, 130, 40, 1, log)
    pins.level[1] = 1                       # ... up at 170, first
    _run(b, 170, 30, 1, log)
    pins.level[0] = 1                       # seat 1 up at 200
    _run(b, 200, 100, 1, log)
    assert [e for _t, e in log] == [PRESS1, PRESS2]
    assert log[0][0] == log[1][0] == DEBOUNCE_MS     # both when seat 1's release held (220)


def test_a_tap_under_a_hold_comes_before_the_hold_and_is_not_held_back_past_it():
    pins, b = _make()
    b.poll(0)
    _edges(b, 1, [(100, 1)])                # a long press: HOLD at 1000, LONG on release
    pins.level[0] = 0
    _edges(b, 2, [(400, 1), (450, 0)])      # a tap under it
    # the tap waits while seat 1 might still be a press, not past its HOLD
    assert _events(b, 600) == []
    assert _events(b, 1000) == [(PRESS2, 400), (HOLD1, 100)]
    _edges(b, 1, [(1300, 0)])
    pins.level[0] = 1
    assert _events(b, 1400) == [(LONG1, 100)]


def test_a_tap_under_a_tap_and_two_holds_come_in_the_order_pressed():
    pins, b = _make()
    b.poll(0)
    # tap under tap: seat 2's inside seat 1's
    _edges(b, 1, [(100, 1), (300, 0)])
    _edges(b, 2, [(150, 1), (200, 0)])
    assert _events(b, 500) == [(PRESS1, 100), (PRESS2, 150)]
    # two holds, the second begun first and let go last
    _edges(b, 2, [(1000, 1), (2400, 0)])
    _edges(b, 1, [(1100, 1), (2100, 0)])
    assert _events(b, 3000) == [(HOLD2, 1000), (HOLD1, 1100), (LONG1, 1100), (LONG2, 1000)]


def test_edges_across_the_tick_wrap():
    pins, b = _make()
    start = ticks.TICKS_MAX - 50
    b.poll(start)
    down = ticks.ticks_add(start, 30)
    _edges(b, 1, [(down, 1), (ticks.ticks_add(down, 80), 0)])     # released after the wrap
    assert _events(b, ticks.ticks_add(start, 400)) == [(PRESS1, down)]


def test_the_interrupt_handler_fills_the_ring_and_allocates_nothing():
    from tileclock.hal.buttons import irq_handler
    pins, b = _make()
    clock = [500]
    handlers = [irq_handler(b, i, pins.reader(i), lambda: clock[0]) for i in range(4)]
    b.poll(400)
    pins.level[1] = 0
    clock[0] = 510
    handlers[1](None)               # (the handler is given the pin: unused)
    pins.level[1] = 1
    clock[0] = 560
    handlers[1](None)
    try:
        import micropython
        micropython.heap_lock()     # a hard IRQ may not allocate
        locked = True
    except (ImportError, AttributeError):
        locked = False
    try:
        clock[0] = 600
        pins.level[3] = 0
        handlers[3](None)
        clock[0] = 640
        pins.level[3] = 1
        handlers[3](None)
    finally:
        if locked:
            micropython.heap_unlock()
    assert _events(b, 900) == [(events.make(events.PRESS, 2), 510), (events.make(events.PRESS, 4), 600)]


def test_an_overrun_ring_starts_again_from_the_levels():
    pins, b = _make()
    b.poll(0)
    for k in range(200):            # a contact chattering for a long pass
        b.edge(0, k % 2 == 0, 10 + k)
    assert b._edge_count[2] == 200 - 64
    pins.level[0] = 1               # released by now
    log = _events(b, 1000) + _events(b, 1100)
    assert b._edge_count[2] == 200 - 64
    assert len(log) <= 1            # at most the one press the kept edges make
    pins.level[0] = 0               # and the buttons go on
    _events(b, 1200)
    pins.level[0] = 1
    _events(b, 1300)
    assert _events(b, 1400) == [(PRESS1, 1200)] and not b.is_down(1)


def test_poll_with_edges_allocates_nothing():
    if not hasattr(gc, "mem_alloc"):
        return
    pins, b = _make()
    b.poll(0)
    gc.collect()
    before = gc.mem_alloc()
    for t in range(100, 3000, 100):
        b.edge(0, 1, t)
        b.edge(0, 0, t + 40)
        while b.poll(t + 90):
            pass
    assert gc.mem_alloc() == before
