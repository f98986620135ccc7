# The host's commands on a script with an impossible hand-written `restore`
# line or a time past the tick counter (issue 17, item 13): one line
# `tileclock: FILE: line N: ...` on stderr, exit 1, no traceback, no output.
import os
import subprocess
import sys

import pytest

from tileclock_host.cli import main

WS = "0 restore seats=Ann,Bob,,,,,, players=Ann,Bob merge=1500 tiles=full countdown=60000 "
TIME = "an action's time is 0 to 1073741823 ms (the tick counter wraps at 2**30)"

CASES = [
    ("wordsport", WS + "totals=-5,3 rounds=1", "line 2: restore: a total must be 0 to 40"),
    ("wordsport", WS + "totals=10,5 rounds=1 fastest=Ann,-1,1", "line 2: restore: fastest win (ms) must be 0 to"),
    ("tilerush", "0 restore seats=Ann,Bob,,,,,, players=Ann,Bob totals=-5,3 merge=1500 rounds=1",
     "line 2: restore: a total must be 0 to 1"),
    ("spellsport", "0 restore names=Ann,Bob games=0 totals=-5,3 scores=0,0 phase=setup",
     "line 2: restore: setup is before any game"),
    ("wordsport", "1073741824 seat 1 Ann", "line 2: " + TIME),
    ("wordsport", "300:00:00 seat 1 Ann", "line 2: " + TIME),
]


@pytest.mark.parametrize("command", ["export", "sheet", "replay"])
@pytest.mark.parametrize("kind,line,wanted", CASES)
def test_a_command_says_one_line_and_fails(tmp_path, capsys, command, kind, line, wanted):
    path = tmp_path / "hand.txt"
    path.write_text("game %s\n%s\n" % (kind, line))
    assert main([command, str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("tileclock: %s: %s" % (path, wanted)), err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_the_command_line_exits_nonzero(tmp_path):
    path = tmp_path / "hand.txt"
    path.write_text("game wordsport\n" + WS + "totals=-5,3 rounds=1\n")
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict")
    for command in ("export", "sheet"):
        done = subprocess.run([sys.executable, "-m", "tileclock_host", command, str(path)],
                              capture_output=True, text=True, env=env, timeout=60)
        assert done.returncode == 1
        assert done.stdout == ""
        assert done.stderr == "tileclock: %s: line 2: restore: a total must be 0 to 40\n" % path
