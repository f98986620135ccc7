# The firmware tests again on the real MicroPython interpreter at a Pico's heap,
# from the .mpy files mpy-cross makes of every firmware file for the RP2040
# (compiled once a run: the deployed_firmware fixture), as a box runs them.
import os
import shutil
import subprocess
import sys

import pytest

from tileclock_host.firmware_build import HOST_ONLY
from tileclock_host.heaps import harness_heap

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
# tests and the simulated board, compiled from their sources on the heap
# (the firmware comes as .mpy files, as on a box). The bench's sources run
# gets the same room (tileclock_host.heaps).
HEAP = harness_heap("190wK")


@pytest.mark.parametrize("name", FIRMWARE_TESTS)
def test_firmware_tests_pass_on_micropython(name, deployed_firmware):
    # One interpreter a test file, each with a heap of its own, as the
    # device boots afresh: one run of them all would leave the later files a
    # heap fragmented by the earlier ones (the long evenings, the journal).
    result = subprocess.run(
        [tool("micropython"), "-X", HEAP, "tests/run_on_micropython.py", "--mpy", deployed_firmware[0], name],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    print(result.stdout[-4000:], result.stderr[-2000:])
    assert result.returncode == 0
    # A passing run says only how many passed: what the tests print (the
    # tracebacks of screens that raise on purpose) is shown for a failure.
    lines = result.stdout.splitlines()
    assert len(lines) == 1 and lines[0].endswith(" passed, 0 failed"), "a passing run printed more"
    assert not lines[0].startswith("0 passed"), "no test ran"


def test_every_firmware_file_compiles_with_mpy_cross(deployed_firmware):
    # compile_firmware stops on any file mpy-cross refuses; here, that none
    # was left out: one .mpy a module, and the two files a box keeps as source.
    out_dir, files = deployed_firmware
    sources = []
    for folder, _dirs, names in os.walk(os.path.join(ROOT, "firmware", "tileclock")):
        sources += [os.path.relpath(os.path.join(folder, n), os.path.join(ROOT, "firmware")).replace(os.sep, "/")
                    for n in names if n.endswith(".py") and n not in HOST_ONLY]
    assert len(sources) > 5
    assert sorted(f for f in files if f.endswith(".mpy")) == sorted(s[:-3] + ".mpy" for s in sources)
    assert {"main.py", "board_config.py"} <= set(files)
    for f in files:
        assert os.path.getsize(os.path.join(out_dir, *f.split("/"))) > 0, f


def test_the_host_modules_the_web_page_and_the_benches_run_import_on_micropython():
    # tileclock_host is CPython's but for these: the boards of
    # tileclock_host/boards/ (all but the CircuitPython one, which stands in
    # for CircuitPython's modules on CPython) and the scripted simulator run
    # on MicroPython too (the web page, `sim --micropython`, the benches).
    # Each is imported on the unix port, so a CPython-only line in one fails here.
    from tileclock_host.cmd_web import HOST_MODULES
    names = [rel[:-3].replace("/", ".").replace(".__init__", "") for rel in HOST_MODULES]
    boards = os.path.join(ROOT, "host_tools", "tileclock_host", "boards")
    names += sorted("tileclock_host.boards." + name[:-3] for name in os.listdir(boards)
                    if name.endswith(".py") and name not in ("__init__.py", "cpboard.py")
                    and "tileclock_host.boards." + name[:-3] not in names)
    # the games' about.py: host-only, but firmware/ runs on MicroPython
    from tileclock.games import KINDS
    names += ["tileclock.games.%s.about" % kind for kind in KINDS]
    code = ("import sys\nsys.path[:0] = ['firmware', 'host_tools']\n"
            + "".join("import %s\n" % name for name in names) + "print('imported', %d)\n" % len(names))
    result = subprocess.run([tool("micropython"), "-X", HEAP, "-c", code], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "imported %d" % len(names)
