# `make bench`: run every benchmark script in bench/ and print its figures.
#   bench/mpy_*.py run on the MicroPython unix port with a Pico-sized heap;
#   bench/host_*.py run on CPython (bench/host_pico.py runs the Pico's heap
#   gauge, MicroPython's WebAssembly port, under Node).
# A benchmark prints figures and checks each against its budget
# (bench/budgets.py): a figure over budget makes it, and `make bench`, fail.
# Nothing passes or fails on time.
#
# --quick sets TILECLOCK_BENCH_QUICK=1 for the benches: the slow ones play
# shorter evenings (tests/host/test_bench.py runs them so, within the test
# suite's time); --game and --firmware pick some of the app bench's runs.
import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

from tileclock_host.heaps import HARNESS, harness_heap

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main(argv=None):
    parser = argparse.ArgumentParser(description="Run the benchmarks of bench/ and check their budgets "
                                     "(bench/budgets.py).")
    parser.add_argument("--heap", default="190wK", help="MicroPython heap size (default 190wK)")
    parser.add_argument("--quick", action="store_true", help="shorter evenings where a bench is slow")
    parser.add_argument("--game", action="append", default=[],
                        help="the app bench plays only this game (again for more)")
    parser.add_argument("--firmware", choices=("py", "mpy", "both"), default="both",
                        help="the app bench runs the sources, the deployed .mpy files, or both (default)")
    parser.add_argument("only", nargs="*", help="run only these bench scripts")
    args = parser.parse_args(argv)
    bench_dir = os.path.join(ROOT, "bench")
    for name in args.only:
        if not os.path.isfile(os.path.join(bench_dir, name)):
            parser.error("no bench %s in %s" % (name, bench_dir))
    env = dict(os.environ)
    if args.quick:
        env["TILECLOCK_BENCH_QUICK"] = "1"
    failed = []
    mpy_dir = None
    with tempfile.TemporaryDirectory(prefix="tileclock-bench-", dir=_TMP) as stage:
        where_run = _stage(stage)
        micropython = micropython_command()
        env["MICROPYPATH"] = ".frozen"      # no home folder in its sys.path
        # the simulated boards' flash folders in the stage too: the journal's
        # paths are strings in the heap (a caller's TILECLOCK_SIM_TMP, the
        # test suite's temporary folder, moved the figures with its length)
        env["TILECLOCK_SIM_TMP"] = os.path.join(stage, "flash")
        # and their random names drawn from one seed (simboard.random_bytes)
        env["TILECLOCK_SIM_SEED"] = "1"
        os.mkdir(env["TILECLOCK_SIM_TMP"])
        # how a bench starts a fresh interpreter (the app bench's code measurement,
        # the resume bench's first resume)
        env["TILECLOCK_MICROPYTHON"] = " ".join(shlex.quote(w) for w in micropython)
        for name in sorted(os.listdir(bench_dir)):
            if not (name.startswith("mpy_") or name.startswith("host_")) or not name.endswith(".py"):
                continue
            if args.only and name not in args.only:
                continue
            if name.startswith("mpy_"):
                cmd = micropython + ["-X", "heapsize=" + args.heap, os.path.join("bench", name)]
                where = "MicroPython, heap " + args.heap
            else:
                cmd = [sys.executable, os.path.join("bench", name)]
                where = "CPython"
            cmd += EXTRA.get(name, [])
            for extra in PER_RUN.get(name, [[]]):
                if args.game and extra[:1] == ["--game"] and extra[1] not in args.game:
                    continue
                runs = [([], "")] if name not in MPY_ONLY and (args.firmware != "mpy" or name not in MPY_TOO) else []
                if name in MPY_ONLY or name in MPY_TOO and args.firmware != "py":
                    if mpy_dir is None:
                        from tileclock_host.firmware_build import compile_firmware
                        mpy_dir = os.path.relpath(compile_firmware(stage)[0], where_run)
                    runs.append((["--mpy", mpy_dir], ", the .mpy files of `tileclock deploy`"))
                for more, what in runs:
                    label = " ".join([name] + extra + more[:1])
                    run, said = cmd, where
                    if name in MPY_TOO and not more:
                        heap = harness_heap(args.heap)
                        run = [heap if w == "heapsize=" + args.heap else w for w in cmd]
                        said = "MicroPython, heap %s and %s for the simulator" % (args.heap, HARNESS)
                    print("== %s (%s%s)" % (" ".join([name] + extra), said, what))
                    sys.stdout.flush()
                    result = subprocess.run(run + extra + more, cwd=where_run, env=env)
                    if result.returncode:
                        print("!! %s exited %d" % (label, result.returncode))
                        failed.append(label)
    if failed:
        print("make bench: %d failed (over budget or crashed): %s" % (len(failed), "; ".join(failed)))
        return 1
    print("make bench: every figure within its budget (bench/budgets.py)")
    return 0


# Every string MicroPython holds that names a place on this machine is in the
# heap, and the heap is what the app bench measures: the script's folder
# (sys.path[0], made absolute by the port), sys.executable, the home folder
# in sys.path, every module's __file__, the arguments. Their lengths moved
# the app figures by hundreds of bytes between two clones of one commit
# (the qstr chunks fill differently and an in-place growth fails), so the
# benches run where every such string has one length on any machine: a
# folder /tmp/tileclock-bench-XXXXXXXX holding a copy of bench/ and links
# to the sources, the simulated boards' flash folders, the .mpy files
# compiled into it (named relative to it),
# MicroPython started as "micropython" with MICROPYPATH set, and the code
# measurement's file named relative to it. tests/host/test_bench.py runs
# the app bench from two clones at paths of different lengths and compares.
_TMP = "/tmp" if os.path.isdir("/tmp") else None
_LINKED = ("firmware", "host_tools", "tests", "web")
_LAUNCH = ("import sys; sys.argv[0] = 'micropython'; "
           "from micropython_unix import main; sys.exit(main())")


def micropython_command():
    """The MicroPython unix port, started so that its sys.executable is the
    same string whichever folder the venv is in; a port built by hand and
    copied beside this Python (where pip has no wheel of it) as it is."""
    import importlib.util
    if importlib.util.find_spec("micropython_unix") is None:
        from tileclock_host.firmware_build import tool
        return [tool("micropython")]
    return [sys.executable, "-c", _LAUNCH]


def _stage(stage):
    """The folder the benches run in: bench/ copied (the port makes the
    script's own folder absolute), the rest linked. Where links can't be
    made, the checkout itself (the figures then move with its path)."""
    try:
        for name in _LINKED:
            os.symlink(os.path.join(ROOT, name), os.path.join(stage, name))
    except OSError:
        return ROOT
    shutil.copytree(os.path.join(ROOT, "bench"), os.path.join(stage, "bench"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    return stage


# The app bench plays an evening of each game (the sim script its about.py
# names: BENCH, else its DEMO), and runs a second time on the firmware as
# deployed: compiled by mpy-cross.
def _app_evenings():
    from tileclock_host import registry
    out = []
    for kind in registry.KINDS:
        about = registry.about(kind)
        script = about.BENCH or about.DEMO
        if script:
            out.append(["--game", kind, "--script", script])
    return out


# The tour's figure is the free heap's shape at one moment, and a few bytes
# more or less anywhere before it (the harness's own, a module's size)
# move every later allocation: the same firmware gave 11.3 to 18.2 KB with
# 0 to 1,024 bytes held first. So the tour runs at several such layouts
# (mpy_tour.py --pad), and each must keep the floor: the worst of them is
# the figure. Nine, 256 bytes apart: layouts a few dozen bytes apart
# mostly gave the same figure (2026-12-06: 0..160 in steps of 32 gave two
# values), those further apart the spread.
TOUR_PADS = tuple(range(0, 2049, 256))

PER_RUN = {"mpy_app.py": _app_evenings(), "mpy_tour.py": [["--pad", str(p)] for p in TOUR_PADS]}


# The tour's evening, in this order (the worst moment's free block depends
# on it): the names editor, each game's TOUR (its about.py; else its DEMO),
# then screens every game shares.
TOUR_BEFORE = ("names.txt", "rename.txt")
TOUR_AFTER = ("undo_seat2.txt", "last_calls.txt", "standings_eight.txt")


def _tour():
    from tileclock_host import registry
    scripts = list(TOUR_BEFORE)
    for kind in registry.KINDS:
        about = registry.about(kind)
        scripts += about.TOUR or ([about.DEMO] if about.DEMO else [])
    return ["--scripts"] + scripts + list(TOUR_AFTER)
MPY_TOO = ("mpy_app.py",)
# ... and the season, boot and tour benches, on the .mpy files alone (as deployed)
MPY_ONLY = ("mpy_season.py", "mpy_boot.py", "mpy_tour.py")
# The resume bench has CPython write its journals first: this one.
EXTRA = {"mpy_resume.py": ["--python", sys.executable], "mpy_tour.py": _tour()}


if __name__ == "__main__":
    raise SystemExit(main())
