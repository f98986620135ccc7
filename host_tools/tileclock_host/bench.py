# `make bench`: run every benchmark script in bench/ and print its figures.
#   bench/mpy_*.py run on the MicroPython unix port with a Pico-sized heap;
#   bench/host_*.py run on CPython.
# A benchmark prints figures; it does not pass or fail on time.
import argparse
import os
import subprocess
import sys
import tempfile

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
        if name in MPY_TOO:
            status |= _run_compiled(cmd, name)
    return status


# Benches run a second time on the firmware as deployed: compiled by mpy-cross.
MPY_TOO = ("mpy_app.py",)


def _run_compiled(cmd, name):
    from tileclock_host.cmd_deploy import compile_firmware
    with tempfile.TemporaryDirectory() as build:
        out_dir, files = compile_firmware(build)
        print("== %s on the .mpy files of `tileclock deploy` (MicroPython)" % name)
        sys.stdout.flush()
        result = subprocess.run(cmd + ["--mpy", out_dir], cwd=ROOT)
    if result.returncode:
        print("!! %s --mpy exited %d" % (name, result.returncode))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
