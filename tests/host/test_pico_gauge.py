# The Pico's heap gauge (bench/host_pico.py, bench/pico/gauge.mjs): the
# firmware on MicroPython's WebAssembly port under Node. Here its own
# correctness: that it plays a script and prints its line, that a planted
# allocation moves the figure by its size, that figures repeat and do not
# depend on what ran before, that a press reaches the firmware as pin
# edges, and that a bad script is refused with its line. (Its budgets are
# checked with the other benches: tests/host/test_bench.py.)
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench"))

import host_pico  # noqa: E402

LINE = re.compile(r"^pico (\w+) peak=(\d+) screen=(\w+) modules=(\d+) qstrs=(\d+)$", re.M)
SCRIPT = "wordsport_round"      # a short round: 70 passes


def scripts(out):
    return {o["script"]: o for o in out if o["kind"] == "script"}


def test_the_gauge_plays_a_script_and_prints_its_line():
    result = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "host_pico.py"), "--script", SCRIPT],
                            capture_output=True, text=True, timeout=600)
    print(result.stdout, result.stderr)
    assert result.returncode == 0
    lines = LINE.findall(result.stdout)
    assert [line[0] for line in lines] == [SCRIPT]
    _name, peak, screen, modules, qstrs = lines[0]
    # a round of Word-Sport on the Pico: tens of KB, its play screen, the
    # firmware's modules and names (not a run that stopped at boot)
    assert 60000 < int(peak) < 200000
    assert screen.startswith("Ws")
    assert 20 < int(modules) < 60
    assert 500 < int(qstrs) < 2000


def test_a_planted_allocation_moves_the_figure(tmp_path):
    # the same firmware with 8 KB more held by tileclock/app.py for good:
    # the worst pass goes up by those bytes (and the bytearray's own 16)
    firmware = str(tmp_path / "firmware")
    shutil.copytree(os.path.join(ROOT, "firmware"), firmware, ignore=shutil.ignore_patterns("__pycache__"))
    with open(os.path.join(firmware, "tileclock", "app.py"), "a") as f:
        f.write("\n_PLANTED = bytearray(8192)\n")
    base = scripts(host_pico.measure([SCRIPT], imports=False, boot=False))[SCRIPT]
    planted = scripts(host_pico.measure([SCRIPT], firmware=firmware, imports=False, boot=False))[SCRIPT]
    moved = planted["peak"]["bytes"] - base["peak"]["bytes"]
    assert 8192 <= moved <= 8192 + 128, moved
    assert planted["peak"]["screen"] == base["peak"]["screen"]


def test_figures_repeat_whatever_ran_before():
    alone = scripts(host_pico.measure(["names"], imports=False, boot=False))["names"]
    after = scripts(host_pico.measure([SCRIPT, "names"], imports=True, boot=False))["names"]
    assert alone["peak"] == after["peak"]
    assert alone["most_qstrs"] == after["most_qstrs"] and alone["passes"] == after["passes"]


def test_presses_reach_the_firmware_as_pin_edges(tmp_path):
    # Start pressed on the home menu: the ready screen; then no press at
    # all: the home menu stays (the `expect screen` lines are checked)
    (tmp_path / "start.txt").write_text("seats 4\nset game wordsport\n1 press 2\n+1 expect screen WsReady\n")
    (tmp_path / "idle.txt").write_text("seats 4\nset game wordsport\n2 expect screen WsReady\n")
    out = _gauge(tmp_path, ["start", "idle"])
    by = {o["script"]: o for o in out if o["kind"] == "script"}
    assert by["start"]["failures"] == []
    assert by["idle"]["failures"] == ["line 3: expected screen WsReady, got Home"]


def test_a_bad_script_is_refused_with_its_line(tmp_path):
    (tmp_path / "bad.txt").write_text("seats 4\n1 press 2\n0.5 press 1\n")
    out = _gauge(tmp_path, ["bad"], check=False)
    assert out[-1]["kind"] == "error"
    assert out[-1]["message"] == "line 3: time goes backwards (use +SECONDS for a relative time)"


def _gauge(tmp_path, names, check=True):
    """The gauge's JSON lines for the scripts `names` in tmp_path."""
    where = str(tmp_path / "stage")
    os.mkdir(where)
    flash, lib = host_pico.stage(where, os.path.join(ROOT, "firmware"))
    job = {"port": host_pico.port(), "flash": flash, "lib": lib, "heap": host_pico.HEAP, "seed": host_pico.SEED,
           "consts": host_pico.consts(), "firmware_names": host_pico.mpy_names(flash),
           "scripts": [{"name": n, "path": str(tmp_path / (n + ".txt"))} for n in names]}
    path = os.path.join(where, "job.json")
    with open(path, "w") as f:
        json.dump(job, f)
    result = subprocess.run([host_pico.node(), os.path.join(ROOT, "bench", "pico", "gauge.mjs"), path],
                            capture_output=True, text=True, timeout=600)
    print(result.stdout, result.stderr)
    assert result.returncode == (0 if check else 1)
    return [json.loads(line) for line in result.stdout.splitlines()]
