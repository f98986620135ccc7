from tileclock.engine.timing import Countdown, Stopwatch
from tileclock.ticks import TICKS_PERIOD, ticks_add, ticks_diff, wrap


def test_ticks_diff_across_the_wrap():
    before = TICKS_PERIOD - 250
    after = ticks_add(before, 1000)
    assert after == 750
    assert ticks_diff(after, before) == 1000
    assert ticks_diff(before, after) == -1000


def test_ticks_add_negative():
    assert ticks_add(100, -200) == TICKS_PERIOD - 100
    assert wrap(TICKS_PERIOD + 5) == 5


def test_stopwatch_counts_up_and_pauses():
    w = Stopwatch()
    assert w.elapsed(123) == 0
    w.start(1000)
    assert w.elapsed(4500) == 3500
    w.pause(5000)
    assert w.elapsed(90000) == 4000
    w.resume(100000)
    assert w.elapsed(100250) == 4250


def test_stopwatch_straddling_the_wrap():
    start = TICKS_PERIOD - 30000  # 30 s before the counter wraps
    w = Stopwatch()
    w.start(start)
    assert w.elapsed(ticks_add(start, 95000)) == 95000
    w.pause(ticks_add(start, 100000))
    w.resume(20)
    assert w.elapsed(1020) == 101000


def test_countdown_stops_at_zero():
    c = Countdown(60000)
    assert c.remaining(0) == 60000
    assert not c.expired(0)
    c.start(TICKS_PERIOD - 10000)
    assert c.remaining(ticks_add(TICKS_PERIOD - 10000, 15000)) == 45000
    assert not c.expired(49999)
    assert c.expired(50000)
    assert c.remaining(900000) == 0
    assert c.elapsed(900000) == 60000


def test_ticks_arithmetic_matches_the_definition():
    # Against the plain modular definition, at the edges of the range.
    half = TICKS_PERIOD // 2
    points = (0, 1, half - 1, half, half + 1, TICKS_PERIOD - 1, 12345, TICKS_PERIOD - 12345)
    for a in points:
        for b in points:
            expect = (a - b) % TICKS_PERIOD
            if expect >= half:
                expect -= TICKS_PERIOD
            assert ticks_diff(a, b) == expect, (a, b)
        for delta in (0, 1, -1, half, -half, 999, -999):
            assert ticks_add(a, delta) == (a + delta) % TICKS_PERIOD, (a, delta)
