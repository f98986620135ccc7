# The firmware tests again on the real MicroPython interpreter at a Pico's heap,
# and every firmware file through mpy-cross for the RP2040.
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.dirname(sys.executable)


def tool(name):
    path = os.path.join(BIN, name)
    if os.path.exists(path):
        return path
    found = shutil.which(name)
    assert found, "%s is not installed: run `make venv`" % name
    return found


def test_firmware_tests_pass_on_micropython():
    result = subprocess.run(
        [tool("micropython"), "-X", "heapsize=190wK", "tests/run_on_micropython.py"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    print(result.stdout[-4000:], result.stderr[-2000:])
    assert result.returncode == 0
    assert " 0 failed" in result.stdout


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
