# Flash writes of the journal on MicroPython: a Word-Sport evening of four
# players (tests/scenarios/wordsport_evening.txt and seven more rounds like its
# third, a wrong call taken back now and then, a checkpoint after each round).
#     .venv/bin/micropython -X heapsize=190wK bench/mpy_journal.py
# Prints, per action and per round (a round of four: about 25 actions):
#   - under the model of tileclock_host.fsmodel.CountingFS: bytes written,
#     block writes (4 KB data blocks rewritten + metadata commits, each counted
#     as a whole block: an upper bound);
#   - on the real LittleFS 2 of the unix port (vfs.VfsLfs2), mounted as the
#     rp2 port mounts the Pico's flash (4 KB blocks, progsize 256, 352 blocks =
#     1408 KB) on a RAM flash that counts block erases and bytes programmed;
#   - the same with segments too big to stay inline (4000 bytes), to show
#     what the 480-byte segments save;
#   - the same evening with the app's time marks (Journal.mark every MARK_MS
#     while a round's clock runs), for MARK_MS = 5000 and 10000.
import gc
import sys

sys.path.insert(0, "firmware")

from tileclock.script import new_game, parse_action  # noqa: E402
from tileclock.store.fs import FS  # noqa: E402
from tileclock_host.fsmodel import CountingFS, MemFS  # noqa: E402
from tileclock.store.journal import Journal  # noqa: E402

BLOCK = 4096
BLOCKS = 352          # the Pico's 1408 KB file system
ROUNDS = 10


class Flash:
    """A RAM flash chip for VfsLfs2 that counts erases and programmed bytes.

    Erased bytes are not stored (they read as 0xFF), so it fits a small heap."""

    def __init__(self, blocks):
        self.count = blocks
        self.blocks = {}
        self.ff = b"\xff" * BLOCK
        self.erases = 0
        self.programmed = 0
        self.wear = bytearray(blocks)     # erases per block (the evening stays < 256)

    def readblocks(self, n, buf, off=0):
        # A block is stored only up to the last byte programmed (LittleFS
        # programs a block from its start); the rest reads as erased.
        blk = self.blocks.get(n)
        size = len(buf)
        have = 0 if blk is None else max(0, min(len(blk) - off, size))
        if have:
            buf[:have] = memoryview(blk)[off:off + have]
        if have < size:
            buf[have:] = memoryview(self.ff)[:size - have]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            self.ioctl(6, n)
            off = 0
        blk = self.blocks.get(n)
        if blk is None:
            blk = self.blocks[n] = bytearray()
        if len(blk) < off:
            blk.extend(memoryview(self.ff)[:off - len(blk)])
        end = off + len(buf)
        if len(blk) < end:
            blk.extend(memoryview(self.ff)[:end - len(blk)])
        blk[off:end] = buf
        self.programmed += len(buf)

    def ioctl(self, op, arg):
        if op == 4:
            return self.count
        if op == 5:
            return BLOCK
        if op == 6:
            self.erases += 1
            self.wear[arg] += 1
            self.blocks.pop(arg, None)
        return 0


def evening(mark_ms=0):
    """The steps: ("do", action) / ("undo",) / ("checkpoint",) / ("mark", t),
    rounds marked by `start`. With `mark_ms`, time marks as the app writes
    them: MARK_MS after the journal's last write, if the clock runs then."""
    with open("tests/scenarios/wordsport_evening.txt") as f:
        body = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    actions = [parse_action(line) for line in body[1:]]
    starts = [i for i in range(len(actions)) if actions[i][1] == "start"]
    last_round = actions[starts[-1]:]
    for k in range(1, ROUNDS - len(starts) + 1):
        actions += [(now + k * 300000, verb, args) for now, verb, args in last_round]
    steps = []
    for i in range(len(actions)):
        steps.append(("do", actions[i]))
        if i % 23 == 11:
            steps.append(("undo",))
            steps.append(("do", actions[i]))
        if actions[i][1] == "close":
            steps.append(("checkpoint",))
    if mark_ms:
        steps = _with_marks(steps, mark_ms)
    return steps


def _with_marks(steps, mark_ms):
    game = new_game("wordsport")
    out = []
    for i in range(len(steps)):
        step = steps[i]
        out.append(step)
        if step[0] == "do":
            game.do(*step[1])
            written = step[1][0]
        elif step[0] == "undo":
            game.undo()
        else:
            continue
        following = [s for s in steps[i + 1:i + 4] if s[0] == "do"]
        if not following:
            continue
        t = written + mark_ms
        while t < following[0][1][0]:
            if game.clock_running(t):
                out.append(("mark", t))
            t += mark_ms
    return out


def play(journal, counter, steps):
    """Journal the evening; returns [(actions, counter delta)] per round."""
    journal.recover()
    journal.start("wordsport")
    game = new_game("wordsport")
    rounds = []
    mark = counter()
    actions = 0
    marks = 0
    for step in steps:
        if step[0] == "mark":
            journal.mark(step[1])
            marks += 1
        elif step[0] == "do":
            game.do(*step[1])
            journal.record(game)
            actions += 1
        elif step[0] == "undo":
            game.undo()
            journal.undo(game)
            actions += 1
        else:
            journal.checkpoint(game)
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
    counting = CountingFS(MemFS())
    counting.fs.mkdir("/flash")
    journal = Journal("/flash", counting)
    if segment_bytes:
        journal.segment_bytes = segment_bytes
    rounds = play(journal, lambda: [counting.bytes_written, counting.block_writes,
                                    counting.data_blocks, counting.meta_commits], steps)
    return rounds


def littlefs(steps, segment_bytes=None):
    import os
    import vfs
    flash = Flash(BLOCKS)
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
    print("  (RAM flash: %d blocks held at the end)" % len(flash.blocks))
    return rounds, worst, used, files


def main():
    steps = evening()
    print("Journal flash writes: a Word-Sport evening, four players, %d rounds" % ROUNDS)
    rounds = model(steps)
    gc.collect()
    n = report("model (CountingFS; a metadata commit counted as a whole block write):",
               ("bytes written", "block writes", "  data blocks", "  metadata commits"), rounds)
    print("  (%d journalled actions, undos included)" % n)
    rounds, worst, used, files = littlefs(steps)
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
    # (the first three rounds only: every append leaves a stale block behind,
    # and the RAM flash holds them all until LittleFS erases them for reuse)
    first = []
    for step in steps:
        first.append(step)
        if step[0] == "checkpoint" and len([s for s in first if s[0] == "checkpoint"]) == 3:
            break
    rounds, worst, used, files = littlefs(first, 4000)
    report("for comparison, 4000-byte segments (not inline), first three rounds:",
           ("block erases", "bytes programmed"), rounds)
    for mark_ms in (5000, 10000):
        gc.collect()
        steps = evening(mark_ms)
        rounds = model(steps)
        report("with time marks every %d ms while the clock runs, model:" % mark_ms,
               ("bytes written", "block writes"), rounds)
        gc.collect()
        rounds, worst, used, files = littlefs(steps)
        report("with time marks every %d ms, real LittleFS 2:" % mark_ms,
               ("block erases", "bytes programmed"), rounds)
        print("  most-erased block: %d erases over the evening; evenings until 100000: %d"
              " (that block), about %d (spread)"
              % (worst, 100000 // max(worst, 1),
                 100000 * BLOCKS // max(sum(r[1][0] for r in rounds), 1)))


main()
