# The board's millisecond tick counter arithmetic, the same on every interpreter.
#
# The RP2040's time.ticks_ms() wraps every 2**30 ms (about 12.4 days). The
# MicroPython unix port and CPython wrap elsewhere or never, so the engine and
# the app do their own wrap-safe arithmetic with the Pico's period: a test on
# the laptop then crosses the wrap exactly as the device does.
from micropython import const

TICKS_PERIOD = const(1 << 30)
TICKS_MAX = const((1 << 30) - 1)
_TICKS_HALF = const(1 << 29)


# On the Pico a small int holds 31 bits (-2**30 .. 2**30-1); anything larger
# becomes a heap-allocated long. Every intermediate value below stays in that
# range, so these functions never allocate on the device.


def ticks_add(ticks, delta):
    """The tick value `delta` ms after `ticks`; |delta| at most 2**29."""
    # Shift to a range centred on zero, add, fold; adding 2**29 back modulo
    # 2**30 is flipping bit 29.
    return ((ticks - _TICKS_HALF + delta) & TICKS_MAX) ^ _TICKS_HALF


def ticks_diff(end, start):
    """Signed ms from `start` to `end`; valid while they are < 2**29 ms apart."""
    diff = (end - start) & TICKS_MAX
    if diff >= _TICKS_HALF:
        diff = diff - _TICKS_HALF - _TICKS_HALF
    return diff


def wrap(ticks):
    """Any integer folded onto the counter's range (for virtual clocks)."""
    return ticks & TICKS_MAX
