# `make bench`: run every benchmark script in bench/ and print its figures.
#   bench/mpy_*.py run on the MicroPython unix port with a Pico-sized heap;
#   bench/host_*.py run on CPython.
# A benchmark prints figures and checks each against its budget
# (bench/budgets.py): a figure over budget makes it, and `make bench`, fail.
# Nothing passes or fails on time.
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main(argv=None):
    parser = argparse.ArgumentParser(description="Run the benchmarks of bench/ and check their budgets "
                                     "(bench/budgets.py).")
    parser.add_argument("--heap", default="190wK", help="MicroPython heap size (default 190wK)")
    parser.add_argument("only", nargs="*", help="run only these bench scripts")
    args = parser.parse_args(argv)
    bench_dir = os.path.join(ROOT, "bench")
    micropython = os.path.join(os.path.dirname(sys.executable), "micropython")
    failed = []
    mpy_dir = None
    with tempfile.TemporaryDirectory() as build:
        for name in sorted(os.listdir(bench_dir)):
            if not (name.startswith("mpy_") or name.startswith("host_")) or not name.endswith(".py"):
                continue
            if args.only and name not in args.only:
                continue
            if name.startswith("mpy_"):
                cmd = [micropython, "-X", "heapsize=" + args.heap, os.path.join("bench", name)]
                where = "MicroPython, heap " + args.heap
            else:
                cmd = [sys.executable, os.path.join("bench", name)]
                where = "CPython"
            for extra in PER_GAME.get(name, [[]]):
                runs = [([], "")]
                if name in MPY_TOO:
                    if mpy_dir is None:
                        from tileclock_host.cmd_deploy import compile_firmware
                        mpy_dir = compile_firmware(build)[0]
                    runs.append((["--mpy", mpy_dir], ", the .mpy files of `tileclock deploy`"))
                for more, what in runs:
                    label = " ".join([name] + extra + more[:1])
                    print("== %s (%s%s)" % (" ".join([name] + extra), where, what))
                    sys.stdout.flush()
                    result = subprocess.run(cmd + extra + more, cwd=ROOT)
                    if result.returncode:
                        print("!! %s exited %d" % (label, result.returncode))
                        failed.append(label)
    if failed:
        print("make bench: %d failed (over budget or crashed): %s" % (len(failed), "; ".join(failed)))
        return 1
    print("make bench: every figure within its budget (bench/budgets.py)")
    return 0


# The app bench plays an evening of each game, and runs a second time on the
# firmware as deployed: compiled by mpy-cross.
def _games():
    from tileclock.games import KINDS
    return KINDS


PER_GAME = {"mpy_app.py": [["--game", kind] for kind in _games()]}
MPY_TOO = ("mpy_app.py",)


if __name__ == "__main__":
    raise SystemExit(main())
