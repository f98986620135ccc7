# Debounced seat buttons: bounce, long holds, several seats, the tick wrap.
# Levels are active low (a pull-up; pressed = 0), as wired on the board.
import gc

from check import raises
from tileclock import ticks
from tileclock import events
from tileclock.hal.buttons import DEBOUNCE_MS, LONG_MS, Buttons

PRESS1 = events.make(events.PRESS, 1)
PRESS3 = events.make(events.PRESS, 3)
LONG1 = events.make(events.LONG, 1)


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


def test_held_for_a_minute_gives_one_long_at_the_long_press_time():
    pins, b = _make()
    b.poll(0)
    pins.level[0] = 0
    log = _run(b, 10, 60000, 2)
    pins.level[0] = 1
    _run(b, 60010, 2000, 2, log)
    assert [e for _, e in log] == [LONG1]
    # pressed at 10 (level seen at 10), LONG at 10 + 700 (polls are even ms)
    assert log[0][0] == LONG_MS
    assert b.down_at(1) == 10


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
    assert [e for _, e in log] == [PRESS3, LONG1]
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
    assert [e for _, e in log] == [events.make(events.LONG, 2)]
    assert log[0][0] == LONG_MS
    assert b.down_at(2) == ticks.ticks_add(start, 250)


def test_a_button_held_at_power_on_gives_one_long_then_nothing():
    pins, b = _make()
    pins.level[3] = 0
    log = _run(b, 5000, 30000, 5)
    assert [e for _, e in log] == [events.make(events.LONG, 4)]


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
