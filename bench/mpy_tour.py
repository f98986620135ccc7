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
# Budget: the largest free block at least 16 KB (bench/budgets.py); no
# MemoryError, no failed pass, no script expectation missed.
#
# The harness is in the same heap and must stay out of the figure: what
# it keeps for a whole run, allocated between the firmware's objects, cuts
# the free heap into holes a device, which reads no script, never has.
# Found by heap maps (--map below) and taken out:
#   - a script's parsed steps, where each line was read, between the
#     parser's garbage: a comb of 1.3 KB strides. The parser makes them
#     again after a collection, in one run of the lowest holes, their words
#     copied too (sim/script.py, _compact): 9 -> 17 KB on one firmware;
#   - the words alone, left behind by the first such copy (tuples only):
#     a string every few KB of the free heap, with each screenshot's name
#     and each note the runner kept (Touring keeps none);
#   - the glyph tables `expect text` reads the panel with (sim/
#     screentext.py), built at the first such expect: some 300 small
#     objects mid-heap. Built first now (screentext.prepare()).
# Over 17 layouts (0..2,048 bytes) the worst moment went from 11.3-18.2 KB
# to 16.9-28.0 KB with these three. Parsing every script first is worse:
# the plans take 230 KB of this port's heap.
#
# What is left in the map at the worst moments is the firmware's: the qstr
# chunks of modules first loaded mid-evening (a few hundred bytes each,
# for good), the frame buffers of the board built for each script, and the
# game's actions (a tuple, its arguments, a name) as the evening adds them.
#
# The figure is chaotic: a few bytes more or less before the worst moment
# move every later allocation, and the largest hole with them. `--pad N`
# holds N bytes before anything else is allocated; tileclock_host.bench
# runs the tour at several such layouts and each must keep the floor.
#
#     micropython -X heapsize=190wK bench/mpy_tour.py --mpy DIR [--pad N] [--map K] --scripts A.txt B.txt ...
#
# --map K prints the heap's map (micropython.mem_info(1): a letter a block,
# '.' free) at the K-th measure; the figure's line names the worst one
# ("measure #K"). The option's code runs in every run, so a map shows
# nearly the layout of a run without it (its argument is in the heap too:
# keep K's digits as many, 0371, not 371; the figure may still move a bit).
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
MAP_AT = int(_option("--map", "0000"))


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
        if self.measures == MAP_AT:
            import micropython
            print("heap map at measure #%d (%s, %s):" % (MAP_AT, script, type(screen).__name__))
            micropython.mem_info(1)
        if self.free is None or free < self.free:
            self.free = free
            self.where = "%s, %s, measure #%d" % (script, type(screen).__name__, self.measures)
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
    from tileclock_host.sim import screentext
    from tileclock_host.sim.script import Runner, parse
    screentext.prepare()

    worst = Worst()

    class Touring(Runner):
        name = ""
        passes = 0

        def _after_pass(self):
            # no logs kept (the runner's would fill the heap between the
            # firmware's objects, holes the device doesn't have): its notes
            # and reboots dropped, no cue kept, no screenshot named
            app = self.app
            app.cue_log = None
            if self.log:
                del self.log[:]
            screen = app.manager.screen
            self.passes += 1
            if screen is not self._screen:
                self._screen = screen
                screens[type(screen).__name__] = 1
            elif self.passes % EVERY:
                return
            worst.measure(self.name, screen)

        def shot(self, name):
            self._shot_count += 1

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
