# Flash writes of the journal on MicroPython: a Word-Sport evening of four
# players (tests/scenarios/wordsport_evening.txt and seven more rounds like its
# third, a wrong call taken back now and then), journalled as the app
# journals it: every action and undo, and a fold (Journal.fold: a fold file
# and a snapshot) at every close that leaves two closed rounds in the game.
#     .venv/bin/micropython -X heapsize=190wK bench/mpy_journal.py
# Prints, per action and per round (a round of four: about 25 actions):
#   - under the model of tileclock_host.boards.fsmodel.CountingFS: bytes written,
#     block writes (4 KB data blocks rewritten + metadata commits, each counted
#     as a whole block: an upper bound);
#   - on the real LittleFS 2 of the unix port (vfs.VfsLfs2), mounted as the
#     rp2 port mounts the Pico's flash (4 KB blocks, progsize 256, 352 blocks =
#     1408 KB) on a flash image that counts block erases and bytes programmed;
#   - the same with segments too big to stay inline (4000 bytes), to show
#     what the 480-byte segments save;
#   - the same evening with the app's time marks (Journal.mark every MARK_MS
#     while a round's clock runs), for MARK_MS = 5000 and 10000.
# TILECLOCK_BENCH_QUICK=1 (tests/host/test_bench.py) plays four rounds.
#
# Memory: the bench's own stand-ins share the heap with the journal, so they
# must neither fill it nor need big free blocks. At a Pico's heap, with the
# evening's small long-lived objects scattered through it, 200 KB can be
# free with no free block of 2 KB: the evening's steps come from generators
# (never a list of them), and the flash image is a file on the host's disk
# (the blocks LittleFS programs over an evening are 100-200 KB).
import gc
import os
import sys

sys.path.insert(0, "firmware")
sys.path.insert(0, "host_tools")

from tileclock.script import new_game, parse_action  # noqa: E402
from tileclock.store.fs import FS  # noqa: E402
from tileclock_host.boards.fsmodel import CountingFS  # noqa: E402
from tileclock.store.journal import Journal  # noqa: E402
from tileclock.store import recover as R  # noqa: E402

from flashimage import BLOCKS, Flash, flash_path  # noqa: E402

ROUNDS = 4 if os.getenv("TILECLOCK_BENCH_QUICK") else 10
SCENARIO = "tests/scenarios/wordsport_evening.txt"


def _scenario_kind():
    """The game the scenario plays (its `game KIND` line)."""
    with open(SCENARIO) as f:
        for line in f:
            if line.startswith("game "):
                return line.split()[1]
    raise ValueError(SCENARIO + ": no game line")


JOURNAL_KIND = _scenario_kind()


def _actions(rounds):
    """The evening's actions, one at a time: the scenario's rounds, then
    copies of its last round, five minutes apart, up to `rounds`."""
    last = []
    number = 0
    with open(SCENARIO) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#") or line.startswith("game "):
                continue
            action = parse_action(line)
            if action[1] == "start":
                number += 1
                if number > rounds:
                    return
                last = []
            last.append(action)
            yield action
    for k in range(1, rounds - number + 1):
        for now, verb, args in last:
            yield now + k * 300000, verb, args


def evening(mark_ms=0, rounds=ROUNDS):
    """The steps, one at a time (a list of them would need a free block of
    some KB): ("do", action) / ("undo",) / ("mark", t) / ("round",), the
    end of a round after its close. With `mark_ms`, time marks as the app
    writes them: MARK_MS after the journal's last write, if the clock runs
    then."""
    steps = _steps(rounds)
    return _with_marks(steps, mark_ms) if mark_ms else steps


def _steps(rounds):
    i = 0
    for action in _actions(rounds):
        yield "do", action
        if i % 23 == 11:
            yield ("undo",)
            yield "do", action
        if action[1] == "close":
            yield ("round",)
        i += 1


def _with_marks(steps, mark_ms):
    game = new_game(JOURNAL_KIND)
    written = 0
    ahead = []          # the three steps after this one: when the next action comes
    more = True
    while True:
        while more and len(ahead) < 4:
            step = next(steps, None)
            if step is None:
                more = False
            else:
                ahead.append(step)
        if not ahead:
            return
        step = ahead.pop(0)
        yield step
        if step[0] == "do":
            game.do(*step[1])
            if game.foldable():
                game = game.folded()[0]
            written = step[1][0]
        elif step[0] == "undo":
            game = game.undone()
        else:
            continue
        following = [s for s in ahead if s[0] == "do"]
        if not following:
            continue
        t = written + mark_ms
        while t < following[0][1][0]:
            if game.clock_running(t):
                yield "mark", t
            t += mark_ms


def play(journal, counter, steps):
    """Journal the evening as the app does (App.act, App.undo, App._mark):
    every action, every undo with its time, a fold whenever the game can
    fold, the marks with the game; returns [(actions, counter delta,
    marks)] per round."""
    R.recover(journal)
    journal.start(JOURNAL_KIND)
    game = new_game(JOURNAL_KIND)
    rounds = []
    mark = counter()
    actions = 0
    marks = 0
    for step in steps:
        if step[0] == "mark":
            journal.mark(step[1], game)
            marks += 1
        elif step[0] == "do":
            game.do(*step[1])
            journal.record(game)
            if game.foldable():
                game = journal.fold(game)
            actions += 1
        elif step[0] == "undo":
            now = game.history[-1][0]     # pressed right after it
            game = game.undone()
            journal.undo(game, now)
            actions += 1
        else:
            now = counter()
            rounds.append((actions, [now[i] - mark[i] for i in range(len(now))], marks))
            mark = now
            actions = 0
            marks = 0
    return rounds


def report(title, names, rounds):
    total_actions = sum(r[0] for r in rounds)
    print(title)
    marks = sum(r[2] for r in rounds)
    if marks:
        print("  %d time marks, %.1f per round, besides the actions" % (marks, marks / len(rounds)))
    for i in range(len(names)):
        total = sum(r[1][i] for r in rounds)
        first = rounds[0][1][i]
        print("  %-28s %8.2f per action  %8.1f per round (round 1: %d actions, %d)  %d in all"
              % (names[i], total / total_actions, total / len(rounds), rounds[0][0], first, total))
    return total_actions


def model(steps, segment_bytes=None):
    # the model's files on the host's disk, as the flash image: the fold
    # book grows to several KB, which a heap holding the evening may not
    # have in one free block
    root = flash_path() + "-model"
    counting = CountingFS(FS())
    counting.fs.mkdir(root)
    try:
        journal = Journal(root, counting)
        if segment_bytes:
            journal.segment_bytes = segment_bytes
        rounds = play(journal, lambda: [counting.bytes_written, counting.block_writes,
                                        counting.data_blocks, counting.meta_commits], steps)
    finally:
        _remove_tree(root)
    return rounds


def _remove_tree(path):
    for name in os.listdir(path):
        full = path + "/" + name
        if os.stat(full)[0] & 0o170000 == 0o040000:
            _remove_tree(full)
        else:
            os.remove(full)
    os.rmdir(path)


def littlefs(flash, steps, segment_bytes=None):
    import vfs
    flash.reset()
    vfs.VfsLfs2.mkfs(flash, progsize=256)
    fs = vfs.VfsLfs2(flash, progsize=256)
    vfs.mount(fs, "/lfs")
    try:
        journal = Journal("/lfs", FS())
        if segment_bytes:
            journal.segment_bytes = segment_bytes
        rounds = play(journal, lambda: [flash.erases, flash.programmed], steps)
        worst = max(flash.wear)
        used = sum(1 for w in flash.wear if w)
        files = sorted(os.listdir("/lfs/journal"))
    finally:
        vfs.umount("/lfs")
    return rounds, worst, used, files


def main():
    flash = Flash(BLOCKS, flash_path())
    try:
        run(flash)
    finally:
        flash.close()


def run(flash):
    print("Journal flash writes: a Word-Sport evening, four players, %d rounds" % ROUNDS)
    rounds = model(evening())
    gc.collect()
    n = report("model (CountingFS; a metadata commit counted as a whole block write):",
               ("bytes written", "block writes", "  data blocks", "  metadata commits"), rounds)
    print("  (%d journalled actions, undos included)" % n)
    rounds, worst, used, files = littlefs(flash, evening())
    report("real LittleFS 2 (VfsLfs2, 4 KB blocks, progsize 256, %d blocks):" % BLOCKS,
           ("block erases", "bytes programmed"), rounds)
    print("  most-erased block: %d erases over the evening; %d of %d blocks erased at least once"
          % (worst, used, BLOCKS))
    print("  journal folder at the end: %s" % " ".join(files))
    erases = sum(r[1][0] for r in rounds)
    print("  evenings until a block reaches the flash's 100000 erases: %d if the most-erased block"
          " took them all, about %d spread over all %d blocks (LittleFS moves busy metadata)"
          % (100000 // max(worst, 1), 100000 * BLOCKS // max(erases, 1), BLOCKS))
    gc.collect()
    rounds, worst, used, files = littlefs(flash, evening(rounds=3), 4000)
    report("for comparison, 4000-byte segments (not inline), first three rounds:",
           ("block erases", "bytes programmed"), rounds)
    for mark_ms in (5000, 10000):
        gc.collect()
        rounds = model(evening(mark_ms))
        report("with time marks every %d ms while the clock runs, model:" % mark_ms,
               ("bytes written", "block writes"), rounds)
        gc.collect()
        rounds, worst, used, files = littlefs(flash, evening(mark_ms))
        report("with time marks every %d ms, real LittleFS 2:" % mark_ms,
               ("block erases", "bytes programmed"), rounds)
        print("  most-erased block: %d erases over the evening; evenings until 100000: %d"
              " (that block), about %d (spread)"
              % (worst, 100000 // max(worst, 1),
                 100000 * BLOCKS // max(sum(r[1][0] for r in rounds), 1)))


main()
