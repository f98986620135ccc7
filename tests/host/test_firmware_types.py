# The firmware's type check against the Pico's MicroPython (basedpyright with
# micropython-rp2-rpi-pico-stubs; firmware/pyrightconfig.json says what is
# checked and which rules are off, and why). `make lint` runs the same.
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
CHECKER = os.path.join(os.path.dirname(sys.executable), "basedpyright")


def config():
    """firmware/pyrightconfig.json, its folders made absolute."""
    with open(os.path.join(FIRMWARE, "pyrightconfig.json")) as f:
        settings = json.loads("".join(line for line in f if not line.lstrip().startswith("//")))
    for key in ("typeshedPath", "venvPath"):
        settings[key] = os.path.normpath(os.path.join(FIRMWARE, settings[key]))
    return settings


def check(project):
    """basedpyright on `project` (a folder with a pyrightconfig.json): its JSON report."""
    assert os.path.exists(CHECKER), "basedpyright is not installed: run `make venv`"
    result = subprocess.run([CHECKER, "-p", str(project), "--outputjson"], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.stdout.strip().startswith("{"), result.stdout[-3000:] + result.stderr[-3000:]
    return json.loads(result.stdout)


def _where(d):
    line = d.get("range", {}).get("start", {}).get("line", -1) + 1
    return "%s:%d: %s (%s)" % (os.path.relpath(d["file"], ROOT), line, d["message"].splitlines()[0],
                               d.get("rule", ""))


def test_the_stubs_are_where_the_configuration_says():
    # A folder that isn't there is not an error to basedpyright: it would
    # quietly check against CPython's standard library instead.
    settings = config()
    stubs = os.path.join(settings["venvPath"], settings["venv"], "lib", "site-packages")
    for folder in (settings["typeshedPath"], stubs):
        assert os.path.isdir(os.path.join(folder, "stdlib")), "no Pico stubs in %s: run `make venv`" % folder
    assert os.path.exists(os.path.join(stubs, "machine.pyi"))


def test_the_firmware_type_checks_against_the_picos_micropython():
    report = check(FIRMWARE)
    problems = [d for d in report["generalDiagnostics"] if d["severity"] in ("error", "warning")]
    assert not problems, "\n".join(_where(d) for d in problems)
    assert report["summary"]["filesAnalyzed"] > 30


def test_the_check_knows_the_pico_from_cpython(tmp_path):
    # The same configuration on a module that uses what CPython has and the
    # Pico hasn't: the stubs answer, not CPython's standard library.
    fw = tmp_path / "firmware"
    (fw / "tileclock").mkdir(parents=True)
    (fw / "pyrightconfig.json").write_text(json.dumps(config()))
    (fw / "tileclock" / "__init__.py").write_text("")
    (fw / "tileclock" / "probe.py").write_text(
        "import argparse\n"                                 # CPython's only
        "import time\n"
        "import machine\n"
        "time.ticks_ms()\n"                                 # the Pico's
        "time.perf_counter()\n"                             # CPython's only
        "machine.Pin(25, machine.Pin.OUT).value(1)\n"
        "machine.Pin(25, machine.Pin.NOPE)\n")
    report = check(fw)
    errors = sorted((d["range"]["start"]["line"] + 1, d.get("rule")) for d in report["generalDiagnostics"]
                    if d["severity"] == "error")
    assert errors == [(1, "reportMissingImports"), (5, "reportAttributeAccessIssue"),
                      (7, "reportAttributeAccessIssue")], errors
