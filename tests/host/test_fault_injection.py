# Power cuts all through an evening's journal writes.
#
# A full Word-Sport evening (ten rounds of four players, undos, a checkpoint
# after every round) and then a Spell Sport game are played on the real
# engines, journalled through a Recorder that keeps every file operation.
# Then, for every cut point of that stream (before each operation, at each
# line's end, without its newline and with it, and a sample of the bytes between:
# CUT_STRIDE), the flash is rebuilt up to the cut and recovery
# runs; once as cut, and once with a byte of the last write flipped as well.
# Every time: boot succeeds, the recovered history is the history after the
# last action whose record was written whole (and sound), nothing before it
# is lost, a second boot finds nothing more to repair, and (at a sample of
# cuts) the game resumes on the engine and goes on being journalled.
# Time marks (Journal.mark, written while a clock runs) come between the
# Word-Sport actions, so cuts land inside them too: the history is still the
# last whole action's, and the recovered mark_time is the last mark (or
# undo, which carries its time) written whole, kept across snapshots. After
# every close the evening is folded (Journal.fold, as the app does): a cut
# inside a fold gives the history before it or after it, never less.
import bisect
import os
import sys

from tileclock.engine.game import Refused
from tileclock.script import _content, format_action, new_game, parse_action
from tileclock.store import foldwrite as F
from tileclock.store import journal as J
from tileclock.store import recover as R
from tileclock_host.boards.fsmodel import MemFS, Recorder, apply, cut_points, stream_bytes

ROOT = "/flash"
# Cuts at each line's end (without its newline, and with it) and one byte in CUT_STRIDE of
# the rest (fsmodel.cut_points): inside a line, a reader sees only a line
# without its newline, whichever byte the cut took, so the bytes between
# are alike; the sample still cuts every offset of a line somewhere.
CUT_STRIDE = 9
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
        now = action[0]
        if i % 23 == 11:                     # a wrong call taken back and made again
            steps.append(("mark", now + 1000))
            steps.append(("undo", now + 1000))
            steps.append(("do", action))
        if action[1] == "close":
            steps.append(("fold",))
        # time marks while the next action is a while off (at most two, to
        # keep the cut points few), or a close one now and then
        gap = actions[i + 1][0] - now if i + 1 < len(actions) else 0
        if gap > 5000:
            for k in (1, 2):
                if 5000 * k < gap:
                    steps.append(("mark", now + 5000 * k))
        elif i % 4 == 1 and gap > 2000:
            steps.append(("mark", now + 2000))
    kind, actions = scenario("spellsport_sample.txt")
    steps.append(("start", kind))
    for action in actions:
        steps.append(("do", action))
    steps.append(("undo", actions[-1][0] + 1000))
    return steps


def record_evening():
    """Play the steps; return the ops, per step that changes the history
    (commit op, kind, lines), and the mark events [(op, time or None)]: a
    mark's or an undo's write sets the mark; a new evening's first record
    clears it. A fold's commit is its snapshot's last write: before it the
    history on flash is the unfolded one (the same game)."""
    base = MemFS()
    base.mkdir(ROOT)
    recorder = Recorder(base)
    journal = J.Journal(ROOT, recorder)
    assert R.recover(journal) == (None, [], [])
    game = None
    states = []
    marks = []
    folds = 0
    for step in evening_steps():
        before = len(recorder.ops)
        writes = None
        if step[0] == "mark":
            journal.mark(step[1])
            # its record (then the marker's count of records)
            writes = [i for i in range(before, len(recorder.ops)) if recorder.ops[i][0] == "write"]
            assert len(writes) == 2 and recorder.ops[writes[0]][1].endswith(".log")
            assert "/evening-" in recorder.ops[writes[1]][1]
            marks.append((writes[0], step[1]))
            continue
        if step[0] == "start":
            game = new_game(step[1])
            journal.start(step[1])
        elif step[0] == "do":
            game.do(*step[1])
            journal.record(game)
        elif step[0] == "undo":
            game = game.undone()
            journal.undo(game, step[1])
        elif step[0] == "fold":
            if not game.foldable():
                continue
            game = journal.fold(game)
            folds += 1
            # its commit: the last byte of its snapshot (a whole snap.tmp is
            # finished at boot)
            tmp = [i for i in range(before, len(recorder.ops)) if recorder.ops[i][0] == "write"
                   and recorder.ops[i][1].endswith("/snap.tmp")]
            lines = tuple(format_action(*a) for a in game.history)
            states.append((tmp[-1], game.KIND, lines))
            continue
        # The step's commit: the one write of its record (journal.new's first
        # record for a start). Later ops in the step (snapshots) change nothing.
        writes = [i for i in range(before, len(recorder.ops)) if recorder.ops[i][0] == "write"]
        commit = writes[0]
        assert recorder.ops[commit][1].endswith(".log")
        if step[0] == "undo":
            marks.append((commit, step[1]))
        lines = tuple(format_action(*a) for a in game.history)
        states.append((commit, game.KIND, lines))
    assert folds >= 8
    for i, op in enumerate(recorder.ops):
        if op[0] == "write" and "/journal.new/" in op[1]:
            marks.append((i, None))
    marks.sort(key=lambda m: m[0])
    return recorder.ops, states, marks


def expected_mark(mark_ops, values, applied, spoiled):
    """The mark recovery should find: that of the last mark event among the
    ops fully applied, the spoiled write (cut short or flipped) not counting."""
    k = bisect.bisect_left(mark_ops, applied)
    if k and mark_ops[k - 1] == spoiled:
        k -= 1
    return values[k - 1] if k else None


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


class CheckCache:
    """Checks each distinct file once: J.check_text_file is a function of the
    file's bytes (and the seed), and the same snapshot is read at thousands
    of cut points."""

    def __init__(self):
        self.check = J.check_text_file
        self.seen = {}

    def __call__(self, fs, path, seed, start=0):
        try:
            f = fs.open(path, "rb")
            data = f.read()
            f.close()
        except OSError:
            return self.check(fs, path, seed, start)
        key = (data, seed, start)
        if key not in self.seen:
            self.seen[key] = self.check(fs, path, seed, start)
        return self.seen[key]


def test_power_cuts_all_through_an_evening():
    # (the journal reads its snapshots back, foldwrite its fold entries)
    check = J.check_text_file
    J.check_text_file = F.check_text_file = CheckCache()
    try:
        run_power_cuts()
    finally:
        J.check_text_file = F.check_text_file = check


def run_power_cuts():
    ops, states, marks = record_evening()
    mark_ops = [op for op, _v in marks]
    mark_values = [v for _op, v in marks]
    commits = [commit for commit, _k, _l in states]
    assert len(states) > 250
    total = stream_bytes(ops)
    fs = MemFS()
    fs.mkdir(ROOT)
    applied = 0
    tried = 0
    resumed = 0
    marked = 0
    worst_problem = ""
    for index, length in cut_points(ops, CUT_STRIDE):
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
            before = sorted(cut.files)
            try:
                journal = J.Journal(ROOT, cut)
                got = R.recover(journal)
            except Exception as e:          # boot must always succeed
                raise AssertionError("recover raised %r at %r" % (e, where))
            assert got[:2] == (kind, lines), where
            mark = expected_mark(mark_ops, mark_values, index, last)
            assert journal.mark_time == mark, (where, journal.mark_time, mark)
            if mark is not None:
                resume_at = J.resume_time(_Last(lines), mark)
                marked += resume_at == mark
            for problem in got[2]:
                assert len(problem) <= 52, problem
                if len(problem) > len(worst_problem):
                    worst_problem = problem
            if got[2] or sorted(cut.files) != before:   # repaired: the next boot is quiet
                assert R.recover(J.Journal(ROOT, cut)) == (kind, lines, []), where
            if kind is not None and tried % 97 == 0:
                resumed += 1
                go_on(cut, kind, lines, where)
    print("fault injection: %d ops, %d bytes written, %d cut points tried (%d with a flipped byte), "
          "%d resumed and continued, %d resumed at a time mark; longest problem: %r"
          % (len(ops), total, tried, tried - len(list(cut_points(ops, CUT_STRIDE))), resumed, marked,
             worst_problem))
    sys.stdout.flush()
    assert tried > 2 * total // CUT_STRIDE
    assert len(marks) > 100 and marked > 1000


class _Last:
    """Stands for a game in J.resume_time: the history's last action time."""

    def __init__(self, lines):
        self.history = [parse_action(lines[-1])] if lines else []


def go_on(fs, kind, lines, where):
    """Resume on the engine after the cut, journal one more action, reboot."""
    journal = J.Journal(ROOT, fs)
    game, problems = R.resume(journal)
    assert problems == [] and [format_action(*a) for a in game.history] == lines, where
    last = J.last_time(game) or 0
    for verb, args in (("pause", ()), ("stuck", ()), ("seat", (1, "Zed")), ("undo", None)):
        try:
            if verb == "undo":
                game = game.undone()
                journal.undo(game, last + 1000)
            else:
                game.do(last + 1000, verb, args)
                journal.record(game)
            break
        except Refused:
            continue
    after = [format_action(*a) for a in game.history]
    assert R.recover(J.Journal(ROOT, fs)) == (kind, after, []), where


if __name__ == "__main__":
    test_power_cuts_all_through_an_evening()


# The same evening on the real LittleFS 2 of the MicroPython unix port
# (vfs.VfsLfs2, mounted as the rp2 port mounts the Pico's flash), with the
# power cut between any two flash operations (erase or program) and in the
# middle of every program: the file system must mount, recovery must succeed
# quietly, and the history must be that after the last action journalled
# before the cut, or after the one in flight (LittleFS commits a close
# atomically: either is right), never less.
LITTLEFS_SCRIPT = r'''
import sys
sys.path.insert(0, "firmware")
import vfs
from tileclock.script import format_action, new_game, parse_action
from tileclock.store.fs import crc32
from tileclock.store import recover as R
from tileclock.store.journal import Journal

BLOCK = 4096
FF = b"\xff" * BLOCK


class Flash:
    def __init__(self, log=None):
        self.blocks = {}
        self.log = log

    def copy(self):
        other = Flash()
        for n in self.blocks:
            other.blocks[n] = bytearray(self.blocks[n])
        return other

    def readblocks(self, n, buf, off=0):
        blk = self.blocks.get(n)
        buf[:] = memoryview(blk if blk is not None else FF)[off:off + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            self.ioctl(6, n)
            off = 0
        if self.log is not None:
            self.log.append((n, off, bytes(buf)))
        self.program(n, off, buf)

    def program(self, n, off, buf):
        blk = self.blocks.get(n)
        if blk is None:
            blk = self.blocks[n] = bytearray(FF)
        blk[off:off + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return 352
        if op == 5:
            return BLOCK
        if op == 6:
            if self.log is not None:
                self.log.append((arg, -1, None))
            self.blocks.pop(arg, None)
        return 0


def apply(flash, op, half=False):
    n, off, data = op
    if off < 0:
        flash.blocks.pop(n, None)
    else:
        flash.program(n, off, data[:len(data) // 2] if half else data)


def digest(kind, lines):
    crc = 0
    for line in lines:
        crc = crc32(line.encode(), crc)
    return (kind, len(lines), crc)


def main():
    log = []
    flash = Flash(log)
    vfs.VfsLfs2.mkfs(flash, progsize=256)
    del log[:]
    start = Flash()
    start.blocks = flash.copy().blocks
    vfs.mount(vfs.VfsLfs2(flash, progsize=256), "/lfs")
    journal = Journal("/lfs")
    R.recover(journal)
    states = [digest(None, [])]
    done = [0]
    game = None
    for line in sys.stdin:
        step = line.split()
        if step[0] == "start":
            game = new_game(step[1])
            journal.start(step[1])
        elif step[0] == "undo":
            game = game.undone()
            journal.undo(game, int(step[1]))
        elif step[0] == "fold":
            if game.foldable():
                game = journal.fold(game)
                states.append(digest(game.KIND, [format_action(*a) for a in game.history]))
                done.append(len(log))
            continue
        elif step[0] == "mark":
            journal.mark(int(step[1]))
            continue
        else:
            game.do(*parse_action(" ".join(step[1:])))
            journal.record(game)
        states.append(digest(game.KIND, [format_action(*a) for a in game.history]))
        done.append(len(log))
    vfs.umount("/lfs")
    base = start
    cuts = 0
    step = 0
    for k in range(len(log) + 1):
        if k:
            apply(base, log[k - 1])
        while step + 1 < len(done) and done[step + 1] <= k:
            step += 1
        for half in (False, True):
            if half and (k == len(log) or log[k][1] < 0):
                continue
            flash = base.copy()
            if half:
                apply(flash, log[k], True)
            cuts += 1
            vfs.mount(vfs.VfsLfs2(flash, progsize=256), "/cut")
            try:
                kind, lines, problems = R.recover(Journal("/cut"))
                got = digest(kind, lines)
                ok = problems == [] and (got == states[step] or step + 1 < len(states) and got == states[step + 1])
                if not ok:
                    print("FAIL at flash op", k, "half" if half else "", problems, got, states[step])
                    return 1
                kind, lines, problems = R.recover(Journal("/cut"))
                if problems or digest(kind, lines) != got:
                    print("FAIL: a second boot differs at flash op", k, problems)
                    return 1
            finally:
                vfs.umount("/cut")
    print("littlefs: %d flash operations, %d steps, %d cut points, all recovered" % (len(log), len(states) - 1, cuts))
    return 0


sys.exit(main())
'''


def test_power_cut_between_littlefs_flash_operations(tmp_path):
    import subprocess
    from test_micropython import ROOT as REPO, tool
    script = tmp_path / "littlefs_cuts.py"
    script.write_text(LITTLEFS_SCRIPT)
    steps = []
    for step in evening_steps():
        if step[0] == "do":
            steps.append("do " + format_action(*step[1]))
        else:
            steps.append(" ".join(str(word) for word in step))
    result = subprocess.run([tool("micropython"), "-X", "heapsize=16M", str(script)], cwd=REPO,
                            input="\n".join(steps) + "\n", capture_output=True, text=True, timeout=600)
    print(result.stdout[-2000:], result.stderr[-2000:])
    assert result.returncode == 0
    assert "all recovered" in result.stdout
