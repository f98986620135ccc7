# `make bench`: run every benchmark script in bench/ and print its figures.
#   bench/mpy_*.py run on the MicroPython unix port with a Pico-sized heap;
#   bench/host_*.py run on CPython.
# A benchmark prints figures; it does not pass or fail on time.
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--heap", default="190wK", help="MicroPython heap size (default 190wK)")
    parser.add_argument("only", nargs="*", help="run only these bench scripts")
    args = parser.parse_args(argv)
    bench_dir = os.path.join(ROOT, "bench")
    micropython = os.path.join(os.path.dirname(sys.executable), "micropython")
    status = 0
    for name in sorted(os.listdir(bench_dir)):
        if not name.endswith(".py") or (args.only and name not in args.only):
            continue
        if name.startswith("mpy_"):
            cmd = [micropython, "-X", "heapsize=" + args.heap, os.path.join("bench", name)]
        elif name.startswith("host_"):
            cmd = [sys.executable, os.path.join("bench", name)]
        else:
            continue
        print("== %s (%s)" % (name, "MicroPython, heap " + args.heap if name.startswith("mpy_") else "CPython"))
        sys.stdout.flush()
        result = subprocess.run(cmd, cwd=ROOT)
        if result.returncode:
            print("!! %s exited %d" % (name, result.returncode))
            status = 1
    return status


if __name__ == "__main__":
    raise SystemExit(main())
