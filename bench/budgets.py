# Every budget `make bench` checks, in one place beside the benches. A bench
# prints its figures, then one `budget` line a figure (check()), and exits 1
# at the end (done()) if any figure passed its budget; tileclock_host.bench
# then fails, and so does tests/host/test_bench.py, which runs every bench.
#
# Figures are the MicroPython unix port's (64-bit objects: about twice a
# Pico's) at a Pico-sized heap (-X heapsize=190wK). A budget is changed here,
# on purpose, with the reason in the commit.
#
# TILECLOCK_BUDGETS="name=value,name=value" overrides budgets for one run
# (the test that shows a broken budget fails the bench uses it).
import os
import sys

BUDGETS = {
    # bench/mpy_app.py: the whole app through an evening of each game.
    # Heap at the worst pass, code + data + qstrs, from the deployed .mpy
    # files: the figures of the firmware before the games moved to their own
    # folders (measured the same way: no game may cost more than it did
    # then); Tile Rush came later, its own figure and a little room.
    "app.wordsport.mpy.total": 117856,
    "app.speedscrabble.mpy.total": 124224,
    "app.spellsport.mpy.total": 128032,
    "app.tilerush.mpy.total": 116000,
    "app.data": 65536,                  # bytes the app builds (game, screens, journal), any game
    "app.display_bytes_per_s": 256,     # the display while a clock runs, nobody pressing
    "app.longest_pass_ms": 30,          # bus time of the longest loop pass (400 kHz I2C)
    "app.alloc_per_pass": 0,            # bytes allocated by a pass while the clock runs
    "app.locked_pass_failures": 0,      # passes that allocated with the heap locked
    # bench/mpy_engine_*.py: the engines alone.
    "engine.wordsport.peak": 32768,     # ten rounds of eight on a double set
    "engine.wordsport.tick_alloc": 0,
    "engine.speedscrabble.peak": 32768,  # a 1000-point match of four
    "engine.speedscrabble.tick_alloc": 0,
    "engine.tilerush.peak": 32768,      # ten rounds of eight
    "engine.tilerush.tick_alloc": 0,
    # bench/mpy_display.py
    "display.digit_bytes": 128,         # bytes on the bus for one big digit changing
    "display.idle_bytes": 0,            # bytes for a frame that did not change
}

_over = []


def _overrides():
    text = os.getenv("TILECLOCK_BUDGETS") or ""
    out = {}
    for item in text.split(","):
        if "=" in item:
            name, value = item.split("=", 1)
            out[name.strip()] = int(value)
    return out


def limit(name):
    return _overrides().get(name, BUDGETS[name])


def check(name, value):
    """Print `name`'s figure against its budget; remember it if it is over."""
    most = limit(name)
    ok = value <= most
    print("budget %-32s %10s <= %-10s %s" % (name, value, most, "ok" if ok else "OVER BUDGET"))
    if not ok:
        _over.append(name)
    return ok


def done():
    """Exit 1 if a figure passed its budget."""
    if _over:
        print("over budget: " + ", ".join(_over))
        sys.exit(1)
