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

import pytest  # noqa: E402


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
