# The tests that talk to a board, a browser or an interpreter over a pipe or
# a terminal, run again and again on a busy machine: every core kept busy by
# a CPU-bound process at the lowest priority (nice 19), as CI's machine may
# be when it runs `make test`. A suite that holds there has no test that
# waits on the wall clock.
#
#   .venv/bin/python tests/run_loaded.py              # ten runs (make test-loaded)
#   .venv/bin/python tests/run_loaded.py --runs 3 tests/host/test_pull.py
#
# Prints each run (passed, failed, its time, the load average) and at the
# end the runs, the failures and the slowest test; exits 1 if a run failed.
import argparse
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# the stand-in boards (pty), the MicroPython processes, the page in Chromium,
# the simulator in a terminal
DEVICE_TESTS = ["tests/host/test_ptybridge.py", "tests/host/test_pull.py", "tests/host/test_deploy.py",
                "tests/host/test_mip.py", "tests/host/test_web.py", "tests/host/test_micropython.py",
                "tests/host/test_sim_terminal.py"]
HOG = "while True: pass"


def _hogs(count):
    """`count` CPU-bound processes at the lowest priority."""
    return [subprocess.Popen([sys.executable, "-c", HOG], preexec_fn=lambda: os.nice(19),
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(count)]


def _pytest(args):
    proc = subprocess.Popen([sys.executable, "-m", "pytest"] + args, cwd=ROOT)
    try:
        return proc.wait()
    except KeyboardInterrupt:
        proc.send_signal(signal.SIGINT)     # its fixtures stop their boards and browsers
        proc.wait()
        raise


def _results(junit):
    """[(test id, seconds, outcome)] from pytest's JUnit XML."""
    out = []
    for case in ET.parse(junit).getroot().iter("testcase"):
        name = "%s::%s" % (case.get("classname", "").replace(".", "/") + ".py", case.get("name"))
        outcome = "passed"
        for tag in ("failure", "error", "skipped"):
            if case.find(tag) is not None:
                outcome = tag
        out.append((name, float(case.get("time", 0)), outcome))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description="the device tests, again and again, on a busy machine")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--hogs", type=int, default=os.cpu_count() or 1,
                        help="CPU-bound processes at nice 19 (default: one a core, %(default)s)")
    parser.add_argument("tests", nargs="*", default=DEVICE_TESTS)
    args = parser.parse_args(argv)
    folder = os.path.join(ROOT, "build", "loaded")
    os.makedirs(folder, exist_ok=True)
    print("%d runs of %s, %d CPU-bound processes at nice 19 on %d cores; load average before: %s"
          % (args.runs, " ".join(args.tests), args.hogs, os.cpu_count(), _load()), flush=True)
    hogs = _hogs(args.hogs)
    failed_runs = []
    slowest = ("", 0.0, 0)
    try:
        for run in range(1, args.runs + 1):
            junit = os.path.join(folder, "run-%d.xml" % run)
            start = time.monotonic()
            status = _pytest(["-q", "-n", "auto", "--dist", "worksteal", "-p", "no:cacheprovider",
                              "--junitxml", junit] + args.tests)
            seconds = time.monotonic() - start
            results = _results(junit) if os.path.exists(junit) else []
            bad = [name for name, _s, outcome in results if outcome != "passed"]
            for name, s, _outcome in results:
                if s > slowest[1]:
                    slowest = (name, s, run)
            if status or bad or not results:
                failed_runs.append((run, bad or ["pytest exited %d" % status]))
            print("run %d: %d passed, %d not (%s), %.0f s, load average %s"
                  % (run, len(results) - len(bad), len(bad), ", ".join(bad) or "-", seconds, _load()), flush=True)
    finally:
        for hog in hogs:
            hog.terminate()
        for hog in hogs:
            hog.wait()
    print("%d runs, %d failed%s; the slowest test: %s, %.1f s (run %d)"
          % (args.runs, len(failed_runs),
             "".join(" (run %d: %s)" % (r, ", ".join(b)) for r, b in failed_runs),
             slowest[0], slowest[1], slowest[2]))
    return 1 if failed_runs else 0


def _load():
    return "%.1f %.1f %.1f" % os.getloadavg()


if __name__ == "__main__":
    sys.exit(main())
