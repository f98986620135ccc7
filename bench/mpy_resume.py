# Resume after a power cut, on MicroPython at a Pico's heap: evenings of
# about 300, 1,000 and 3,000 actions (Word-Sport, eight players on the
# double set: calls, wins, finishes, entries, voids, pauses, players who
# leave and join), journalled as the app journals them (every action, a
# fold at every close that leaves two closed rounds in the game, a time mark
# every MARK_MS while the clock runs) and cut eight actions into a round;
# then recover.resume() on each, as boot does.
#     .venv/bin/micropython -X heapsize=190wK bench/mpy_resume.py
# Prints for each evening:
#   - the heap peak at resume: the most data held above the heap before
#     resume, sampled with a gc.collect() first (what must fit, not garbage
#     the collector would free anyway) at every file operation of the
#     journal and after every action the engine applies;
#   - the largest single allocation during resume (see below);
#   - the actions replayed at boot, and the data held once resumed;
#   - the heap peak at the next fold: the resumed game played on to its
#     round's close (to-close.txt, written with the journal) and folded,
#     sampled the same way at every file operation of the fold (the fold's
#     writer, store/foldwrite.py, loaded afresh from source: about 1 KB of
#     it; the folded game beside the old; the entry written and read back in
#     both books). The app bench samples at the end of passes, after the
#     fold's module is unloaded again.
# Budgets (bench/budgets.py): the 3,000-action peak within 10% of the
# 300-action one (a resume must not grow with the evening), every peak under
# 40 KB, no allocation during resume over 768 bytes, every fold's peak
# under 16 KB.
#
# The largest allocation: MicroPython can't report single allocations, so
# the bench makes the heap unable to serve any allocation larger than X
# bytes and sees whether resume still succeeds. It fills the free heap with
# X-byte objects side by side, the runs too short for one with small ones
# (no free run left anywhere), frees every other X-byte object, then
# allocates X+1 bytes until that fails, keeping what it got: after that
# failure (which collected first) no free run is longer than X, and about
# half the free heap is free in X-byte holes.
# A resume that needs one block larger than X then raises MemoryError,
# which the journal doesn't catch; one that comes back has given the same
# history as the evening's, line for line. The figure is the smallest X
# (found by halving, in steps of this port's 32-byte GC block) that
# succeeds: the largest allocation, rounded up to a block.
#
# The peak is of a resume after a first one in the same interpreter, so the
# code it loads is in place (the Pico keeps a frozen build's in flash;
# bench/mpy_app.py measures code), as are the engine's shared verb
# strings. The largest allocation is measured so too, then tried on a first
# resume in a fresh interpreter (the modules resume loads imported, nothing
# else run; `--first ROOT X`, a process a try), and the figure is the larger
# of the two. The file objects are the unix port's (32 bytes): LittleFS
# gives each open file a cache of its own in the same allocation as the
# file object (1 KB with the rp2 port's progsize 256: 1248 bytes on this
# port's VfsLfs2), one open file at a time in the journal, so on the Pico
# the largest allocation of a resume is the file system's, not the journal's.
#
# The journals are written beforehand by CPython (the same firmware code,
# `bench/mpy_resume.py --write DIR`, which this script runs), into a
# temporary folder. TILECLOCK_BENCH_QUICK=1 (tests/host/test_bench.py)
# resumes evenings of about 300 and 1,000 actions only.
import gc
import os
import sys

sys.path.insert(0, "firmware")
sys.path.insert(0, "host_tools")
sys.path.insert(0, "bench")
sys.path.insert(0, "tests/firmware")

from evenings import JOURNAL_KIND  # noqa: E402
from tileclock.engine.game import format_action  # noqa: E402
from tileclock.script import new_game  # noqa: E402
from tileclock.store.fs import FS  # noqa: E402
from tileclock.store.journal import Journal  # noqa: E402
from tileclock.store import recover as R  # noqa: E402

SIZES = (300, 1000) if os.getenv("TILECLOCK_BENCH_QUICK") else (300, 1000, 3000)
PLAYERS = 8
MID = 8             # the cut: this many actions into a round
MARK_MS = 5000      # tileclock.app.MARK_MS
EXPECTED = "expected.txt"
TO_CLOSE = "to-close.txt"   # the round's actions after the cut, to its close


def _option(name, default):
    if name in sys.argv:
        return sys.argv[sys.argv.index(name) + 1]
    return default


# -- writing the journals (CPython) ---------------------------------------------

class _Cut(Exception):
    pass


def write(root, actions):
    """The journal of a Word-Sport evening of `actions` actions, and then
    until MID actions into a round, in root/journal/ as the app writes it;
    the history resume must give back in root/expected.txt."""
    from evenings import journal_evening
    from tileclock.ticks import ticks_add, ticks_diff
    journal = Journal(root, FS())
    R.recover(journal)
    journal.start(JOURNAL_KIND)
    state = {"game": new_game(JOURNAL_KIND), "count": 0, "into": 0, "written": None, "after": None}

    def app(action):
        game = state["game"]
        if state["after"] is not None:
            # past the cut: the round on to its close, not journalled (the
            # fold's figure plays it after the resume, then folds)
            game.do(*action)
            state["after"].append(format_action(*action))
            if game.foldable():
                raise _Cut()
            return
        written = state["written"]
        if written is not None:
            # App.step: a mark MARK_MS after the journal's last write, if
            # the clock runs then
            t = ticks_add(written, MARK_MS)
            while ticks_diff(action[0], t) > 0:
                if game.clock_running(t):
                    journal.mark(t, game)
                t = ticks_add(t, MARK_MS)
        game.do(*action)
        journal.record(game)
        if game.foldable():
            game = journal.fold(game)
        state["game"] = game
        state["written"] = action[0]
        state["count"] += 1
        state["into"] = 0 if game.at_rest() else state["into"] + 1
        if state["count"] >= actions and state["into"] == MID:
            with open(root + "/" + EXPECTED, "w") as f:
                f.write("%d\n" % state["count"])
                for action in game.history:
                    f.write(format_action(*action) + "\n")
            state["after"] = []

    try:
        journal_evening(actions + 1000, PLAYERS, sink=app)
    except _Cut:
        pass
    else:
        raise SystemExit("the evening ended before its round's close")
    with open(root + "/" + TO_CLOSE, "w") as f:
        for line in state["after"]:
            f.write(line + "\n")


def write_all(folder):
    for n in SIZES:
        root = "%s/%d" % (folder, n)
        os.mkdir(root)
        write(root, n)


# -- resuming (MicroPython) -----------------------------------------------------

class Sampler:
    """The most data held above `base`, sampled after a collection."""

    def __init__(self):
        self.base = 0
        self.peak = 0
        self.scanned = 0    # the peak before the replay

    def start(self):
        gc.collect()
        self.base = gc.mem_alloc()
        self.peak = 0

    def __call__(self):
        gc.collect()
        used = gc.mem_alloc() - self.base
        if used > self.peak:
            self.peak = used


class _SampledFile:
    def __init__(self, f, sample):
        self.f = f
        self.sample = sample

    def readline(self, *limit):
        line = self.f.readline(*limit)
        self.sample()
        return line

    def read(self, *n):
        data = self.f.read(*n)
        self.sample()
        return data

    def write(self, data):
        n = self.f.write(data)
        self.sample()
        return n

    def seek(self, offset):
        return self.f.seek(offset)

    def close(self):
        self.f.close()
        self.sample()


class SampledFS(FS):
    """The file system, sampling the heap at every operation."""

    def __init__(self, sample):
        self.sample = sample

    def open(self, path, mode):
        f = _SampledFile(FS.open(self, path, mode), self.sample)
        self.sample()
        return f

    def listdir(self, path):
        names = FS.listdir(self, path)
        self.sample()
        return names

    def size(self, path):
        n = FS.size(self, path)
        self.sample()
        return n

    def isdir(self, path):
        yes = FS.isdir(self, path)
        self.sample()
        return yes


def sampled_factory(sample):
    """new_game, with the heap sampled after every action applied (a game
    built from it, by undo or fold, is one too)."""
    cls = type(new_game(JOURNAL_KIND))

    class Sampled(cls):
        def _apply(self, action):
            cls._apply(self, action)
            sample()

    def factory(kind):
        sample.scanned = sample.peak    # recovery has read the folder
        return Sampled()
    return factory


def check(game, problems, root):
    """The resumed game is the evening's, line for line; (actions of the
    evening, history length)."""
    if problems:
        raise SystemExit("%s: resume reported %s" % (root, problems))
    with open(root + "/" + EXPECTED) as f:
        count = int(f.readline())
        i = 0
        for line in f:
            if i >= len(game.history) or format_action(*game.history[i]) != line[:-1]:
                raise SystemExit("%s: action %d resumed differently" % (root, i + 1))
            i += 1
    if i != len(game.history):
        raise SystemExit("%s: resumed %d actions, expected %d" % (root, len(game.history), i))
    return count, i


def replayed(root):
    """(actions, undos, marks) resume reads back from the journal."""
    from tileclock.store import scan
    history = scan.history
    counts = {"do": 0, "undo": 0, "mark": 0}

    def counting(*args):
        for what, line in history(*args):
            if what in counts:
                counts[what] += 1
            yield what, line
    scan.history = counting
    try:
        game, problems = R.resume(Journal(root, FS()))
    finally:
        scan.history = history
    check(game, problems, root)
    return counts["do"], counts["undo"], counts["mark"]


def peak(root):
    """(peak, scan, held): the most data above the heap before resume, the
    most before the replay (recovery reading the folder), and what the
    journal and the game hold after it."""
    sample = Sampler()
    fs = SampledFS(sample)
    factory = sampled_factory(sample)
    sample.start()
    journal = Journal(root, fs)
    game, problems = R.resume(journal, factory=factory, feed=sample)
    sample()
    held = gc.mem_alloc() - sample.base
    check(game, problems, root)
    return sample.peak, sample.scanned, held


def fold_peak(root):
    """The most data held above the heap before it while the resumed game
    folds at its round's close: the fold's writer loaded, the folded game
    beside the old one, the entry written and read back in both books.
    Changes the journal: the last figure taken of `root`."""
    from tileclock.modules import forget
    from tileclock.script import parse_action
    sample = Sampler()
    journal = Journal(root, SampledFS(sample))
    game, problems = R.resume(journal)
    check(game, problems, root)
    with open(root + "/" + TO_CLOSE) as f:
        for line in f:
            game.do(*parse_action(line))
            journal.record(game)
    if not game.foldable():
        raise SystemExit("%s: the round's close folds nothing" % root)
    forget(["tileclock.store.foldwrite"])   # (loaded by an earlier size's fold)
    sample.start()
    game = journal.fold(game)
    sample()
    return sample.peak


# -- the largest allocation -----------------------------------------------------

BLOCK = 32 if sys.maxsize > 2 ** 32 else 16     # MicroPython's GC block: 4 words
_PAD = (None,) * (4096 // 8)


def holes(size):
    """Cut the free heap into holes of `size` bytes (a multiple of BLOCK):
    returns what must be held for as long as no allocation may be larger."""
    items = (size - 2 * 8 * BLOCK // 32) // (8 * BLOCK // 32)    # a tuple of them: `size` bytes
    gc.collect()
    n = gc.mem_free() // size + 16
    big = [None] * n
    i = 0
    try:
        while i < n:                # side by side where the heap is free
            big[i] = _PAD[0:items]
            i += 1
    except MemoryError:
        pass
    keep = None
    try:
        while True:                 # the runs too short for one
            keep = (keep,)
    except MemoryError:
        pass
    for j in range(0, n, 2):        # every other one: a hole between two that stay
        big[j] = None
    gc.collect()
    while True:                     # any run longer than `size`: plugged
        try:
            plug = bytearray(size + 1)
        except MemoryError:
            break
        keep = (keep, plug)
    plug = None
    return [keep, big]


def fits(root, size):
    """True if resume succeeds with no free run longer than `size` bytes."""
    held = holes(size)
    try:
        game, problems = R.resume(Journal(root, FS()))
    except MemoryError:
        return False
    finally:
        del held
        gc.collect()
    check(game, problems, root)
    return True


def largest(root):
    """The smallest hole size resume succeeds with (0: not even 4 KB)."""
    low = 0                     # fails (or not tried)
    high = len(_PAD) * 8        # succeeds, or nothing does
    if not fits(root, high):
        return 0
    while high - low > BLOCK:
        mid = (low + high) // 2 // BLOCK * BLOCK
        if fits(root, mid):
            high = mid
        else:
            low = mid
    return high


def first(root, size):
    """Exit status 0 if a first resume in this (fresh) interpreter succeeds
    with no free run longer than `size` bytes: the modules resume loads
    (root/modules.txt) imported first, nothing else done before."""
    with open(root + "/modules.txt") as f:
        for name in f.read().split():
            __import__(name)
    if not fits(root, size):
        sys.exit(1)


def largest_first(root, low):
    """The same figure for a first resume, each try in a fresh interpreter
    (`low`: where to start; the warm figure)."""
    gc.collect()
    heap = gc.mem_free() + gc.mem_alloc()
    with open(root + "/modules.txt", "w") as f:
        for name in sys.modules:
            if name.startswith("tileclock"):
                f.write(name + "\n")

    def fresh(size):
        return os.system("%s -X heapsize=%d bench/mpy_resume.py --first %s %d"
                         % (os.getenv("TILECLOCK_MICROPYTHON") or sys.executable, heap, root, size)) == 0
    if fresh(low):
        return low
    high = len(_PAD) * 8
    if not fresh(high):
        return 0
    while high - low > BLOCK:
        mid = (low + high) // 2 // BLOCK * BLOCK
        if fresh(mid):
            high = mid
        else:
            low = mid
    return high


def main():
    import budgets
    folder = _option("--dir", "")
    made = not folder
    if made:
        name = "tileclock-bench-resume-"
        for b in os.urandom(4):
            name += "%02x" % b
        folder = (os.getenv("TMPDIR") or "/tmp") + "/" + name
        os.mkdir(folder)
        python = _option("--python", ".venv/bin/python")
        if os.system("%s bench/mpy_resume.py --write %s" % (python, folder)):
            raise SystemExit("writing the journals failed")
    try:
        figures = []
        for n in SIZES:
            root = "%s/%d" % (folder, n)
            do, undo, marks = replayed(root)        # the first resume (loads the code)
            top, scan, held = peak(root)
            big = largest(root)
            if big:
                big = largest_first(root, big)
            with open(root + "/" + EXPECTED) as f:
                count = int(f.readline())
            files = len(os.listdir(root + "/journal"))
            fold = fold_peak(root)
            figures.append((n, count, do, undo, marks, top, held, big, scan, files, fold))
    finally:
        if made:
            _remove(folder)
    print("resume after a cut mid-round: Word-Sport, %d players on the double set" % PLAYERS)
    for _n, count, do, undo, marks, top, held, big, scan, files, fold in figures:
        print("evening of %d actions (%d files in journal/):" % (count, files))
        print("  actions replayed at boot   %6d (%d undos; %d time marks read)" % (do, undo, marks))
        print("  heap peak at resume        %6d bytes above the heap before it" % top)
        print("    before the replay        %6d bytes (recovery reading the folder)" % scan)
        print("    held once resumed        %6d bytes (the game and the journal)" % held)
        print("  largest single allocation  %6s" % (("%d bytes" % big) if big else "over 4096 bytes"))
        print("  heap peak at the next fold %6d bytes above the heap before it (played on to the round's close)"
              % fold)
    first = figures[0][5]
    last = figures[-1][5]
    growth = (last - first) * 1000 // first
    print("peak at %d actions against %d: %+d bytes (%+.1f%%)"
          % (figures[-1][1], figures[0][1], last - first, growth / 10))
    for f in figures:
        budgets.check("resume.peak", f[5])
    budgets.check("resume.peak_growth_permille", growth)
    budgets.check("resume.largest_alloc", max(f[7] or 1 << 30 for f in figures))
    budgets.check("resume.fold_peak", max(f[10] for f in figures))
    budgets.done()


def _remove(path):
    for name in os.listdir(path):
        full = path + "/" + name
        if os.stat(full)[0] & 0o170000 == 0o040000:
            _remove(full)
        else:
            os.remove(full)
    os.rmdir(path)


if sys.implementation.name != "micropython":
    if "--write" not in sys.argv:
        raise SystemExit("usage: python bench/mpy_resume.py --write DIR (the resume runs on MicroPython)")
    write_all(_option("--write", ""))
elif "--first" in sys.argv:
    first(sys.argv[-2], int(sys.argv[-1]))
else:
    main()
