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

from tileclock.engine.game import Refused
from tileclock.engine.script import format_action, parse_action
from tileclock.store.fs import FS, crc32

SEGMENT_BYTES = const(480)   # LittleFS on the Pico keeps files <= 512 bytes inline
MAX_SEGMENTS = const(8)      # more live segments than this: write a snapshot
KEEP_GAMES = const(20)       # finished games kept in ROOT/games/
_MAX_SEGMENT_READ = const(4096)  # a bigger "segment" is not ours: never read it whole

_SNAP = "snap.txt"
_SNAP_TMP = "snap.tmp"
_SNAP_HEAD = "# tileclock snapshot upto "
_SNAP_END = b"# end "


def last_time(game):
    """The time (ticks) of the game's last action, or None."""
    return game.history[-1][0] if game.history else None


def _record(seq, text):
    body = ("%d %s" % (seq, text)).encode()
    return body + (" *%08x\n" % crc32(body)).encode()


def _parse_record(raw):
    """(seq, text) from one record line with its newline, or None if it is bad."""
    star = raw.rfind(b" *")
    if star < 0 or len(raw) - star != 11 or raw[-1:] != b"\n":
        return None
    body = raw[:star]
    try:
        crc = int(raw[star + 2:-1], 16)
        sp = body.index(b" ")
        seq = int(body[:sp])
        text = body[sp + 1:].decode()
    except (ValueError, UnicodeError):
        return None
    if crc != crc32(body) or seq < 1:
        return None
    return seq, text


def _segment_name(number):
    return "j%04d.log" % number


def _segment_number(name):
    """The number of segment file `name`, or 0 if it is not a segment's name."""
    if len(name) > 5 and name[0] == "j" and name[-4:] == ".log" and name[1:-4].isdigit():
        return int(name[1:-4])
    return 0


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


def _move_aside(fs, path):
    k = 1
    while fs.size(path + ".bad-%d" % k) >= 0:
        k += 1
    fs.rename(path, path + ".bad-%d" % k)


def _clear_folder(fs, path):
    for name in fs.listdir(path):
        fs.remove(path + "/" + name)
    fs.rmdir(path)


class _Scan:
    """What a journal folder holds and what recovery must do to it."""

    def __init__(self):
        self.kind = None
        self.lines = []
        self.seq = 0
        self.upto = 0            # highest segment number seen (or covered)
        self.problems = []
        self.adopt_tmp = False   # snap.tmp is whole and newer: rename it
        self.stale_tmp = False   # snap.tmp is a cut or older snapshot: remove it
        self.drop = []           # segments a snapshot holds whole: remove them
        self.aside = []          # bad files, moved aside after the repair snapshot
        self.aside_first = []    # a bad snapshot: moved aside before anything is written
        self.live = []           # clean segments holding records past the snapshot
        self.tail = 0            # size of the last live segment
        self.dirty = False       # a repair snapshot is needed


def _scan(fs, folder):
    scan = _Scan()
    problems = scan.problems
    names = fs.listdir(folder)
    base = None
    snap_path = folder + "/" + _SNAP
    tmp_path = folder + "/" + _SNAP_TMP
    if _SNAP in names:
        base = _read_snapshot(fs, snap_path)
        if not isinstance(base, _Snapshot):
            problems.append("snapshot: %s, moved aside" % base)
            scan.aside_first.append(snap_path)
            base = None
            scan.dirty = True
    if _SNAP_TMP in names:
        tmp = _read_snapshot(fs, tmp_path)
        if isinstance(tmp, _Snapshot) and (base is None or tmp.seq > base.seq):
            # The compaction wrote it whole and was cut before the rename.
            base = tmp
            scan.adopt_tmp = True
        else:
            scan.stale_tmp = True
    numbers = []
    for name in names:
        number = _segment_number(name)
        if number:
            numbers.append(number)
        elif name not in (_SNAP, _SNAP_TMP) and not _is_bad_name(name):
            problems.append("journal: stray file %s, moved aside" % name[:16])
            scan.aside.append(folder + "/" + name)
    numbers.sort()
    if base is not None:
        scan.kind = base.kind
        scan.lines = base.lines
        scan.seq = base.seq
        scan.upto = base.upto
    lines = scan.lines
    base_seq = scan.seq
    expected = base_seq + 1
    broken = None   # the segment where the history stopped
    for number in numbers:
        path = folder + "/" + _segment_name(number)
        if number > scan.upto:
            scan.upto = number
        if broken is not None:
            problems.append("journal %d: after bad journal %d, moved aside" % (number, broken))
            scan.aside.append(path)
            continue
        size = fs.size(path)
        if size > _MAX_SEGMENT_READ:
            problems.append("journal %d: too big to be ours, moved aside" % number)
            scan.aside.append(path)
            broken = number
            scan.dirty = True
            continue
        f = fs.open(path, "rb")
        try:
            data = f.read()
        finally:
            f.close()
        pos = 0
        last_seq = 0
        bad = None
        while pos < len(data):
            end = data.find(b"\n", pos)
            if end < 0:
                if number == numbers[-1]:
                    problems.append("journal %d: last record cut short, dropped" % number)
                    scan.dirty = True
                else:
                    bad = "record %d cut short" % expected
                break
            rec = _parse_record(data[pos:end + 1])
            pos = end + 1
            if rec is None:
                bad = "bad checksum at record %d" % expected
                break
            seq, text = rec
            if seq <= base_seq and seq > last_seq:
                last_seq = seq      # already in the snapshot
                continue
            if seq != expected:
                bad = "record %d missing" % expected
                break
            if text.startswith("game "):
                kind = text[5:]
                if seq != 1 or not kind or " " in kind:
                    bad = "record %d out of place" % seq
                    break
                scan.kind = kind
            elif text == "undo":
                if not lines:
                    bad = "record %d: undo of nothing" % seq
                    break
                lines.pop()
            else:
                try:
                    parse_action(text)
                except ValueError:
                    bad = "record %d unreadable" % seq
                    break
                if scan.kind is None:
                    bad = "record %d before the game" % seq
                    break
                lines.append(text)
            last_seq = seq
            expected += 1
        if bad is not None:
            problems.append("journal %d: %s, moved aside" % (number, bad))
            scan.aside.append(path)
            broken = number
            scan.dirty = True
        elif last_seq <= base_seq:
            scan.drop.append(path)      # all in the snapshot: a compaction was cut
        else:
            scan.live.append(number)
            scan.tail = len(data)
    scan.seq = expected - 1
    return scan


def read_journal(folder, fs=None):
    """(kind, lines, problems) of a journal folder, changing nothing.

    For the host tools, on a copy of ROOT/journal/ or ROOT/games/NNNN/."""
    scan = _scan(fs or FS(), folder)
    return scan.kind, scan.lines, scan.problems


def _start_record_ok(fs, folder):
    try:
        f = fs.open(folder + "/" + _segment_name(1), "rb")
    except OSError:
        return False
    try:
        rec = _parse_record(f.readline())
    finally:
        f.close()
    return rec is not None and rec[0] == 1 and rec[1].startswith("game ")


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
        self._ready = False
        self._reset_files(0)

    def _reset_files(self, upto):
        self._upto = upto     # highest segment number used or covered
        self._live = []       # segments holding records past the snapshot
        self._tail = 0        # bytes in the last live segment
        self._open = False    # appends may go to the last live segment

    # -- boot --

    def recover(self):
        """(kind, lines, problems): the history on flash, the folder repaired."""
        fs = self.fs
        problems = []
        new = self.root + "/journal.new"
        if fs.isdir(new):
            if _start_record_ok(fs, new):
                self._switch(new)
            else:
                _clear_folder(fs, new)
        scan = _scan(fs, self.folder)
        problems.extend(scan.problems)
        folder = self.folder + "/"
        # The order matters for a cut in the middle: see docs/journal.md.
        for path in scan.aside_first:
            _move_aside(fs, path)
        if scan.adopt_tmp:
            fs.rename(folder + _SNAP_TMP, folder + _SNAP)
        elif scan.stale_tmp:
            fs.remove(folder + _SNAP_TMP)
        self.kind = scan.kind
        self.seq = scan.seq
        self.count = len(scan.lines)
        self._reset_files(scan.upto)
        if scan.dirty and scan.kind is not None:
            self._snapshot(scan.lines)          # the folder's covered files go below
        else:
            self._live = scan.live
            self._tail = scan.tail
            self._open = True
        for path in scan.aside:
            _move_aside(fs, path)
        for path in scan.drop:
            fs.remove(path)
        if scan.dirty and scan.kind is not None:
            for number in scan.live:
                fs.remove(folder + _segment_name(number))
        self._ready = True
        return scan.kind, scan.lines, problems

    def resume(self, factory=None):
        """(game, problems): recover() and replay the history on a new game.

        `factory(kind)` makes the game (default engine.script.new_game); the
        game is None when nothing is journalled."""
        kind, lines, problems = self.recover()
        if kind is None:
            return None, problems
        if factory is None:
            from tileclock.engine.script import new_game as factory
        try:
            game = factory(kind)
        except Refused:
            problems.append("journal: unknown game %s" % kind)
            return None, problems
        for i in range(len(lines)):
            try:
                now, verb, args = parse_action(lines[i])
                game.do(now, verb, args)
                lines[i] = None             # the game holds it now: free the text
            except (Refused, ValueError) as e:
                reason = e.reason if isinstance(e, Refused) else str(e)
                problems.append("action %d refused: %s" % (i + 1, reason[:26]))
                del lines[i:]
                self._rebase(game)
                break
        return game, problems

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
            # Flash full or failing: free the oldest finished games and put the
            # whole history (this action included) in a snapshot instead.
            self._prune(2)
            self.seq += 1
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
        self.count = count

    def _rebase(self, game):
        # The engine refused part of the history: keep the whole old journal as
        # a finished game and go on from what the engine holds.
        self.count = 1              # so the old folder is archived, never dropped
        self.start(game.KIND)
        self._snapshot(_lines(game))


def _lines(game):
    # The history as action lines, for a snapshot, one at a time.
    for now, verb, args in game.history:
        yield format_action(now, verb, args)
