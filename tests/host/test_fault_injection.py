# Power cuts at every byte of an evening's journal writes.
#
# A full Word-Sport evening (ten rounds of four players, undos, a checkpoint
# after every round) and then a Spell Sport game are played on the real
# engines, journalled through a Recorder that keeps every file operation.
# Then, for every cut point of that stream (before each operation and after
# every byte of every write), the flash is rebuilt up to the cut and recovery
# runs; once as cut, and once with a byte of the last write flipped as well.
# Every time: boot succeeds, the recovered history is the history after the
# last action whose record was written whole (and sound), nothing before it
# is lost, a second boot finds nothing more to repair, and (at a sample of
# cuts) the game resumes on the engine and goes on being journalled.
import bisect
import os
import sys

from tileclock.engine.game import Refused
from tileclock.engine.script import _content, format_action, new_game, parse_action
from tileclock.store import journal as J
from tileclock.store.fsmodel import MemFS, Recorder, apply, cut_points, stream_bytes

ROOT = "/flash"
SCENARIOS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scenarios")


def scenario(name):
    with open(os.path.join(SCENARIOS, name)) as f:
        body = [line for _n, line in _content(f.read().split("\n"))]
    return body[0].split()[1], [parse_action(line) for line in body[1:]]


def evening_steps():
    """The steps of the evening: ("start", kind), ("do", action), ("undo",), ("checkpoint",)."""
    kind, actions = scenario("wordsport_evening.txt")
    starts = [i for i, a in enumerate(actions) if a[1] == "start"]
    last_round = actions[starts[-1]:]
    for k in range(1, 8):                    # seven more rounds like the third
        shift = k * 300000
        actions = actions + [(now + shift, verb, args) for now, verb, args in last_round]
    steps = [("start", kind)]
    for i, action in enumerate(actions):
        steps.append(("do", action))
        if i % 23 == 11:                     # a wrong call taken back and made again
            steps.append(("undo",))
            steps.append(("do", action))
        if action[1] == "close":
            steps.append(("checkpoint",))
    kind, actions = scenario("spellsport_sample.txt")
    steps.append(("start", kind))
    for action in actions:
        steps.append(("do", action))
    steps.append(("undo",))
    return steps


def record_evening():
    """Play the steps; return the ops and, per step, (commit op, kind, lines)."""
    base = MemFS()
    base.mkdir(ROOT)
    recorder = Recorder(base)
    journal = J.Journal(ROOT, recorder)
    assert journal.recover() == (None, [], [])
    game = None
    states = []
    for step in evening_steps():
        before = len(recorder.ops)
        if step[0] == "start":
            game = new_game(step[1])
            journal.start(step[1])
        elif step[0] == "do":
            game.do(*step[1])
            journal.record(game)
        elif step[0] == "undo":
            game.undo()
            journal.undo(game)
        else:
            journal.checkpoint(game)
            continue
        # The step's commit: the one write of its record (journal.new's first
        # record for a start). Later ops in the step (snapshots) change nothing.
        writes = [i for i in range(before, len(recorder.ops)) if recorder.ops[i][0] == "write"]
        commit = writes[0]
        assert recorder.ops[commit][1].endswith(".log")
        lines = tuple(format_action(*a) for a in game.history)
        states.append((commit, game.KIND, lines))
    return recorder.ops, states


def expected_state(states, commits, applied, spoiled):
    """(kind, lines) after the last step whose record is on flash whole and sound.

    `applied`: ops fully applied; `spoiled`: the index of a write that was cut
    short or flipped (or -1)."""
    done = bisect.bisect_left(commits, applied)     # steps whose commit op is applied
    if done and commits[done - 1] == spoiled:
        done -= 1
    if not done:
        return None, []
    _commit, kind, lines = states[done - 1]
    return kind, list(lines)


class SnapshotCache:
    """Reads each distinct snapshot file once: J._read_snapshot is a function of
    the file's bytes, and the same snapshot is read at thousands of cut points."""

    def __init__(self):
        self.read = J._read_snapshot
        self.seen = {}

    def __call__(self, fs, path, keep_lines=True):
        try:
            f = fs.open(path, "rb")
            data = f.read()
            f.close()
        except OSError:
            return self.read(fs, path, keep_lines)
        key = (data, keep_lines)
        if key not in self.seen:
            self.seen[key] = self.read(fs, path, keep_lines)
        got = self.seen[key]
        if isinstance(got, J._Snapshot):
            copy = J._Snapshot()
            copy.upto, copy.seq, copy.kind, copy.lines = got.upto, got.seq, got.kind, list(got.lines)
            return copy
        return got


def test_power_cut_at_every_byte_of_an_evening():
    read_snapshot = J._read_snapshot
    J._read_snapshot = SnapshotCache()
    try:
        run_power_cuts()
    finally:
        J._read_snapshot = read_snapshot


def run_power_cuts():
    ops, states = record_evening()
    commits = [commit for commit, _k, _l in states]
    assert len(states) > 250
    total = stream_bytes(ops)
    fs = MemFS()
    fs.mkdir(ROOT)
    applied = 0
    tried = 0
    resumed = 0
    worst_problem = ""
    for index, length in cut_points(ops):
        while applied < index:
            apply(fs, ops[applied])
            applied += 1
        for flip in (False, True):
            if flip:
                last = index if length else index - 1
                if last < 0 or ops[last][0] != "write":
                    continue
            else:
                last = index if length else -1
            cut = fs.copy()
            if length:
                apply(cut, ops[index], length)
            if flip:
                data = cut.files[ops[last][1]]
                written = length or len(ops[last][2])
                data[len(data) - written + (written - 1) // 2] ^= 0x21
            kind, lines = expected_state(states, commits, index, last)
            tried += 1
            where = (index, length, flip, ops[index] if index < len(ops) else None)
            try:
                got = J.Journal(ROOT, cut).recover()
            except Exception as e:          # boot must always succeed
                raise AssertionError("recover raised %r at %r" % (e, where))
            assert got[:2] == (kind, lines), where
            for problem in got[2]:
                assert len(problem) <= 52, problem
                if len(problem) > len(worst_problem):
                    worst_problem = problem
            if got[2] or tried % 7 == 0:     # repaired: the next boot is quiet
                assert J.Journal(ROOT, cut).recover() == (kind, lines, []), where
            if kind is not None and tried % 97 == 0:
                resumed += 1
                go_on(cut, kind, lines, where)
    print("fault injection: %d ops, %d bytes written, %d cut points tried (%d with a flipped byte), "
          "%d resumed and continued; longest problem: %r"
          % (len(ops), total, tried, tried - len(list(cut_points(ops))), resumed, worst_problem))
    sys.stdout.flush()
    assert tried > 2 * total


def go_on(fs, kind, lines, where):
    """Resume on the engine after the cut, journal one more action, reboot."""
    journal = J.Journal(ROOT, fs)
    game, problems = journal.resume()
    assert problems == [] and [format_action(*a) for a in game.history] == lines, where
    last = J.last_time(game) or 0
    for verb, args in (("pause", ()), ("stuck", ()), ("seat", (1, "Zed")), ("undo", None)):
        try:
            if verb == "undo":
                game.undo()
                journal.undo(game)
            else:
                game.do(last + 1000, verb, args)
                journal.record(game)
            break
        except Refused:
            continue
    after = [format_action(*a) for a in game.history]
    assert J.Journal(ROOT, fs).recover() == (kind, after, []), where


if __name__ == "__main__":
    test_power_cut_at_every_byte_of_an_evening()
