# Presses on the simulated device are taken in the order they were pressed
# (tests/sim/press_order.txt): the journal it leaves, read line by line.
import os

from tileclock_host.sim.script import Runner, parse, read_lines

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _actions(folder):
    journal = os.path.join(folder, "flash", "journal")
    out = []
    for name in sorted(os.listdir(journal)):
        if name.startswith("j") and name.endswith(".log"):
            with open(os.path.join(journal, name)) as f:
                for line in f:
                    words = line.split()
                    if words and not words[1].startswith("@"):      # (time marks)
                        out.append(" ".join(words[1:-1]))
    return out


def test_the_earlier_press_wins_though_it_was_let_go_later(tmp_path):
    script = parse(read_lines(os.path.join(ROOT, "tests", "sim", "press_order.txt")))
    summary = Runner(script, str(tmp_path)).run()
    assert summary["failures"] == []
    assert _actions(str(tmp_path)) == [
        "4000 start",       # seat 1's press at 4.000 began the round, not seat 2's at 4.030
        "4030 go 2",        # seat 2's, let go first, is the round's first call, second
        "10000 go 3",       # seat 3's held go; seat 4's tap under it merged into it
        "16200 go 2",       # a tap under seat 1's hold, given when the hold was decided
    ]
