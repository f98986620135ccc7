# The same action scripts give the same score sheets on CPython and MicroPython.
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_micropython import ROOT, tool  # noqa: E402


def sheets(cmd):
    result = subprocess.run(cmd + ["tests/replay_scenarios.py"], cwd=ROOT, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stderr
    out = {}
    name = None
    for line in result.stdout.splitlines():
        if line.startswith("== "):
            name = line[3:]
        elif name:
            out[name] = line if line.startswith("ERROR:") else json.loads(line)
    return out


def test_scenarios_identical_on_cpython_and_micropython():
    cpython = sheets([sys.executable])
    micropython = sheets([tool("micropython"), "-X", "heapsize=190wK"])
    scenarios = [n for n in os.listdir(os.path.join(ROOT, "tests", "scenarios")) if n.endswith(".txt")]
    assert len(cpython) == len(scenarios)
    for name in cpython:
        assert cpython[name] == micropython[name], name
