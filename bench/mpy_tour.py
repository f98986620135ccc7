# Every screen of every game in one heap (make bench; run from the repo
# root): the simulator's scripts of tests/sim/ one after another in one
# interpreter, from the deployed .mpy files, each on a board of its own but
# all on the same heap -- the home menu, the names editor, the score sheet,
# every game started, played and undone, loading and unloading modules as
# the app does. The qstr pools the firmware's names fill and the holes that
# modules and screens leave are what a box meets over an evening that
# visits everything; a pool or a frame buffer then wants one block of
# several KB.
#
# It prints the largest block the heap could still give at the worst moment
# (after every screen change and every 100th pass: the largest bytearray
# that can be allocated there, found by halving), and the heap in use then.
# Budget: the largest free block at least 12 KB (bench/budgets.py); no
# MemoryError, no failed pass, no script expectation missed.
#
# The harness is in the same heap and must stay out of the figure: a
# script's parsed steps (a tuple and its list of words a line) used to stay
# for the whole run where each line was read, between the parser's own
# garbage: a comb of 1.3 KB strides across the free heap (a heap map,
# micropython.mem_info(1), shows it), holes a device, which reads no
# script, never has. The parser now makes the steps again after a
# collection, in one run of the lowest holes (sim/script.py, _compact):
# that took the figure from 9 KB to 17 KB on the same firmware. Parsing
# every script first is worse: the plans take 230 KB of this port's heap.
#
# The figure is chaotic: a few bytes more or less before the worst moment
# move every later allocation, and the largest hole with them. `--pad N`
# holds N bytes before anything else is allocated; tileclock_host.bench
# runs the tour at several such layouts and each must keep the floor.
#
#     micropython -X heapsize=190wK bench/mpy_tour.py --mpy DIR [--pad N] --scripts A.txt B.txt ...
#
# The scripts, in order: the names editor's, then each game's TOUR (its
# about.py: its whole games and its undo), then the shared screens';
# tileclock_host.bench passes them (TOUR there).
import gc
import sys


def _scripts():
    """The names after --scripts, up to the next option (one argument a
    name: the port takes no argument longer than a qstr, 255 bytes)."""
    if "--scripts" not in sys.argv:
        print("usage: mpy_tour.py [--mpy DIR] --scripts A.txt B.txt ...: sim scripts of tests/sim/")
        sys.exit(2)
    out = []
    for word in sys.argv[sys.argv.index("--scripts") + 1:]:
        if word.startswith("--"):
            break
        out.append(word)
    return tuple(out)


def _option(name, default):
    if name in sys.argv:
        return sys.argv[sys.argv.index(name) + 1]
    return default


SCRIPTS = _scripts()
EVERY = 100     # passes between two measurements on one screen


def largest_free():
    """The largest bytearray the heap can give now (to 64 bytes)."""
    gc.collect()
    low = 0
    high = gc.mem_free() + 64
    while high - low > 64:
        mid = (low + high) // 2
        try:
            bytearray(mid)          # (freed by the next collection)
            low = mid
        except MemoryError:
            high = mid
        gc.collect()
    return low


class Worst:
    def __init__(self):
        self.free = None
        self.where = ""
        self.used = 0
        self.measures = 0

    def measure(self, script, screen):
        free = largest_free()
        self.measures += 1
        if self.free is None or free < self.free:
            self.free = free
            self.where = "%s, %s" % (script, type(screen).__name__)
            self.used = gc.mem_alloc()


def main():
    # the harness's layout: `--pad N` bytes held before anything else, which
    # moves every later allocation (see the top of this file)
    ballast = bytearray(int(_option("--pad", "0")))
    from deployed import mpy_dir
    mpy = mpy_dir("mpy_tour.py")
    sys.path.insert(0, "bench")
    sys.path.insert(0, "host_tools")
    sys.path.insert(0, mpy)
    import budgets
    from tileclock_host.sim.script import Runner, parse

    worst = Worst()

    class Touring(Runner):
        name = ""
        passes = 0

        def _after_pass(self):
            # no logs kept (the runner's would fill the heap between the
            # firmware's objects, holes the device doesn't have)
            app = self.app
            app.cue_log = None
            screen = app.manager.screen
            self.passes += 1
            if screen is not self._screen:
                self._screen = screen
                screens[type(screen).__name__] = 1
            elif self.passes % EVERY:
                return
            worst.measure(self.name, screen)

    screens = {}
    failures = []
    errors = 0
    for name in SCRIPTS:
        with open("tests/sim/" + name) as f:
            script = parse(f.read().split("\n"))
        try:
            run = Touring(script)
            run.name = name
            summary = run.run()
        except MemoryError as e:
            print("MemoryError in %s: %s" % (name, e))
            sys.exit(1)
        failures += ["%s: %s" % (name, f) for f in summary["failures"]]
        errors += summary["errors"]
        run = None
        script = None
        gc.collect()
    print("tour: %d scripts of tests/sim/ in one heap, %d screens shown, %d measures, harness layout +%d bytes"
          % (len(SCRIPTS), len(screens), worst.measures, len(ballast)))
    print("  largest free block at the worst moment  %6d bytes (%s)" % (worst.free, worst.where))
    print("  heap in use then                        %6d bytes, of %d" % (worst.used, gc.mem_alloc() + gc.mem_free()))
    print("  failed passes %d, missed expectations %d" % (errors, len(failures)))
    for f in failures[:5]:
        print("  " + f)
    budgets.check_at_least("tour.largest_free_block", worst.free)
    budgets.check("tour.failed_passes", errors + len(failures))
    budgets.done()
    return ballast


main()
