# The journal: every engine action on flash, so a power cut loses at most the
# action in flight and a reboot resumes the game. Formats, recovery rules and
# the flash cost model are in docs/journal.md.
#
# Files in ROOT/journal/: segments jNNNN.log of records `SEQ TEXT *CRC` (at
# most SEGMENT_BYTES each, so on the Pico they stay inline in LittleFS's
# metadata), and snap.txt, the whole history up to some record, written to
# snap.tmp, checked, and renamed over the old one. A new game is built in
# ROOT/journal.new/ and swapped in; finished games go to ROOT/games/NNNN/.
try:
    from micropython import const
except ImportError:
    def const(x):
        return x

from tileclock.engine.action import format_action
from tileclock.store.fs import FS, crc32
from tileclock.ticks import ticks_diff

SEGMENT_BYTES = const(480)   # LittleFS on the Pico keeps files <= 512 bytes inline
MAX_SEGMENTS = const(8)      # more live segments than this: write a snapshot
KEEP_GAMES = const(20)       # finished games kept in ROOT/games/

_SNAP = "snap.txt"
_SNAP_TMP = "snap.tmp"
_SNAP_HEAD = "# tileclock snapshot upto "
_SNAP_END = b"# end "


def last_time(game):
    """The time (ticks) of the game's last action, or None."""
    return game.history[-1][0] if game.history else None


def resume_time(game, mark):
    """The later of the game's last action time and `mark` (the journal's
    last time mark, Journal.mark_time, or None): where a resumed clock stops."""
    last = last_time(game)
    if mark is None:
        return last
    if last is None or ticks_diff(mark, last) > 0:
        return mark
    return last


def _record(seq, text):
    body = ("%d %s" % (seq, text)).encode()
    return body + (" *%08x\n" % crc32(body)).encode()


def _segment_name(number):
    return "j%04d.log" % number


def _is_bad_name(name):
    return ".bad-" in name


class _Snapshot:
    def __init__(self):
        self.upto = 0     # segments numbered up to this are covered
        self.seq = 0      # records up to this are in it
        self.kind = None
        self.lines = []


def _read_snapshot(fs, path, keep_lines=True):
    """A _Snapshot, or a short reason why `path` is not a whole, good one."""
    try:
        f = fs.open(path, "rb")
    except OSError:
        return "unreadable"
    snap = _Snapshot()
    try:
        head = f.readline()
        crc = crc32(head)
        try:
            words = head.decode().split()
            if (head[-1:] != b"\n" or len(words) != 7 or " ".join(words[:4]) + " " != _SNAP_HEAD
                    or words[5] != "seq"):
                return "not a snapshot"
            snap.upto = int(words[4])
            snap.seq = int(words[6])
        except (ValueError, IndexError, UnicodeError):
            return "not a snapshot"
        count = 0
        while True:
            raw = f.readline()
            if not raw or raw[-1:] != b"\n":
                return "cut short"
            if raw.startswith(_SNAP_END):
                try:
                    words = raw.split()
                    if int(words[2]) != count or int(words[3], 16) != crc:
                        return "bad checksum"
                except (ValueError, IndexError):
                    return "bad checksum"
                if f.read(1):
                    return "bad checksum"
                break
            crc = crc32(raw, crc)
            count += 1
            if count == 1:
                words = raw.split()
                if len(words) != 2 or words[0] != b"game":
                    return "not a snapshot"
                snap.kind = words[1].decode()
            elif keep_lines:
                snap.lines.append(raw[:-1].decode())
    finally:
        f.close()
    if snap.kind is None:
        return "not a snapshot"
    return snap


def _write_snapshot(fs, path, upto, seq, kind, lines):
    """Write a snapshot of `lines` (an iterable of action lines) to `path`.

    Returns the number of action lines. The file is closed before return."""
    f = fs.open(path, "wb")
    try:
        data = ("%s%d seq %d\ngame %s\n" % (_SNAP_HEAD, upto, seq, kind)).encode()
        f.write(data)
        crc = crc32(data)
        count = 1
        for line in lines:
            data = (line + "\n").encode()
            f.write(data)
            crc = crc32(data, crc)
            count += 1
        f.write(_SNAP_END + ("%d %08x\n" % (count, crc)).encode())
    finally:
        f.close()
    return count - 1


def _clear_folder(fs, path):
    for name in fs.listdir(path):
        fs.remove(path + "/" + name)
    fs.rmdir(path)


def read_journal(folder, fs=None):
    """(kind, lines, problems) of a journal folder, changing nothing.

    For the host tools, on a copy of ROOT/journal/ or ROOT/games/NNNN/: the
    problems say "not read" where recovery on the device says "moved aside"
    (docs/journal.md)."""
    from tileclock.store import recover
    return recover.read_journal(folder, fs)


class Journal:
    """The journal of the game being played, in `root`/journal/."""

    def __init__(self, root, fs=None):
        self.fs = fs or FS()
        self.root = root
        self.segment_bytes = SEGMENT_BYTES  # (attributes so a bench can try others)
        self.max_segments = MAX_SEGMENTS
        self.folder = root + "/journal"
        self.kind = None
        self.seq = 0          # records so far (record 1 names the game)
        self.count = 0        # actions in the history
        self.mark_time = None  # the last time mark recovered (ticks), or None
        self._ready = False
        self._spoiled = False  # a mark's append failed: the next write is a snapshot
        self._reset_files(0)

    def _reset_files(self, upto):
        self._upto = upto     # highest segment number used or covered
        self._live = []       # segments holding records past the snapshot
        self._tail = 0        # bytes in the last live segment
        self._open = False    # appends may go to the last live segment

    # -- boot --

    def recover(self):
        """(kind, lines, problems): the history on flash, the folder repaired."""
        from tileclock.store import recover
        return recover.recover(self)

    def resume(self, factory=None, feed=None):
        """(game, problems): recover() and replay the history on a new game.

        `factory(kind)` makes the game (default engine.script.new_game); the
        game is None when nothing is journalled. `feed()` (the board's
        feed_watchdog) is called every few dozen actions of the replay. The
        recovery code is in store/recover.py: the app unloads it (and
        engine/script.py) after boot."""
        from tileclock.store import recover
        return recover.resume(self, factory, feed)

    # -- a new game --

    def start(self, kind):
        """Begin the journal of a new game of `kind`; the old one is archived."""
        fs = self.fs
        new = self.root + "/journal.new"
        if fs.isdir(new):
            _clear_folder(fs, new)
        fs.mkdir(new)
        f = fs.open(new + "/" + _segment_name(1), "wb")
        try:
            f.write(_record(1, "game " + kind))
        finally:
            f.close()
        self._switch(new)
        self.kind = kind
        self.seq = 1
        self.count = 0
        self.mark_time = None
        self._spoiled = False
        self._reset_files(1)
        self._live = [1]
        self._tail = fs.size(self.folder + "/" + _segment_name(1))
        self._open = True
        self._ready = True

    def _switch(self, new):
        # journal/ goes to games/NNNN/ (or away, if it holds no action), then
        # journal.new/ becomes journal/. Each step is one atomic rename.
        fs = self.fs
        if fs.isdir(self.folder):
            if self._worth_keeping():
                games = self.root + "/games"
                fs.mkdir(games)
                numbers = self._archives()
                fs.rename(self.folder, games + "/%04d" % ((numbers[-1] if numbers else 0) + 1))
            else:
                _clear_folder(fs, self.folder)
        fs.rename(new, self.folder)
        self._prune()

    def _worth_keeping(self):
        # Archive the old journal unless it is a game with no action yet:
        # anything moved aside, or not understood, is kept for the host.
        for name in self.fs.listdir(self.folder):
            if _is_bad_name(name):
                return True
        if self._ready:
            return self.count > 0
        kind, lines, problems = read_journal(self.folder, self.fs)
        return bool(lines) or bool(problems)

    def _archives(self):
        numbers = []
        for name in self.fs.listdir(self.root + "/games"):
            if name.isdigit():
                numbers.append(int(name))
        numbers.sort()
        return numbers

    def _prune(self, keep=KEEP_GAMES):
        numbers = self._archives()
        while len(numbers) > keep:
            _clear_folder(self.fs, self.root + "/games/%04d" % numbers.pop(0))

    # -- actions --

    def record(self, game):
        """Journal game.history[-1], the action the engine just accepted."""
        now, verb, args = game.history[-1]
        self._write(format_action(now, verb, args), game)
        self.count += 1
        self._maybe_snapshot(game)

    def undo(self, game):
        """Journal an undo the engine just made."""
        self._write("undo", game)
        self.count -= 1
        self._maybe_snapshot(game)

    def mark(self, now):
        """Journal a time mark: the clock was running at `now` (ticks). Not an
        action (the history does not change); recovery returns the last one
        as mark_time, so a resume loses at most the time since it. A failed
        append raises OSError and leaves the next action's write a snapshot;
        until then marks are skipped (never appended after a torn record)."""
        if not self._spoiled:
            self._write("@%d" % now, None)

    def checkpoint(self, game):
        """Write a snapshot now (a calm moment), if anything is in segments."""
        if self._live:
            self._snapshot(_lines(game))

    def _maybe_snapshot(self, game):
        if len(self._live) > self.max_segments:
            self._snapshot(_lines(game))

    def _write(self, text, game):
        if not self._ready or self.kind is None:
            raise OSError("journal: recover() or start() first")
        if self._spoiled and game is not None:
            self.seq += 1               # this action, in a snapshot with the rest
            self._snapshot(_lines(game))
            return
        record = _record(self.seq + 1, text)
        if not self._open or self._tail + len(record) > self.segment_bytes:
            self._upto += 1
            self._live.append(self._upto)
            self._tail = 0
            self._open = True
        path = self.folder + "/" + _segment_name(self._upto)
        try:
            f = self.fs.open(path, "ab")
            try:
                f.write(record)
            finally:
                f.close()
        except OSError:
            self.seq += 1
            if game is None:
                # A mark: no history to snapshot here. The segment may end in
                # part of it, so the next action goes into a snapshot.
                self._spoiled = True
                raise
            # Flash full or failing: free the oldest finished games and put the
            # whole history (this action included) in a snapshot instead.
            self._prune(2)
            self._snapshot(_lines(game))
            return
        self.seq += 1
        self._tail += len(record)

    def _snapshot(self, lines):
        fs = self.fs
        folder = self.folder + "/"
        tmp = folder + _SNAP_TMP
        count = _write_snapshot(fs, tmp, self._upto, self.seq, self.kind, lines)
        check = _read_snapshot(fs, tmp, False)
        if not isinstance(check, _Snapshot) or check.seq != self.seq:
            raise OSError("journal: snapshot did not read back (%s)" % check)
        fs.rename(tmp, folder + _SNAP)
        for number in self._live:
            path = folder + _segment_name(number)
            if fs.size(path) >= 0:      # a failed append may not have made it
                fs.remove(path)
        self._live = []
        self._tail = 0
        self._open = False
        self._spoiled = False
        self.count = count

    def _rebase(self, game):
        # The engine refused part of the history: keep the whole old journal as
        # a finished game and go on from what the engine holds.
        self.count = 1              # so the old folder is archived, never dropped
        mark = self.mark_time
        self.start(game.KIND)
        self._snapshot(_lines(game))
        self.mark_time = mark


def _lines(game):
    # The history as action lines, for a snapshot, one at a time.
    for now, verb, args in game.history:
        yield format_action(now, verb, args)
