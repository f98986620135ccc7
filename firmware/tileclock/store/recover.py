# Journal recovery, run once at boot (and by the host tools on a copied
# folder): read what is on flash, repair the folder, replay the history.
# Apart from store/journal.py so that the app can unload it after boot
# (tileclock.modules); Journal.recover(), resume() and read_journal() in
# store/journal.py import it when called. The rules are in docs/journal.md.
from tileclock.engine.game import Refused
from tileclock.script import parse_action
from tileclock.store.fs import FS, crc32
from tileclock.store.journal import (
    _SNAP,
    _SNAP_TMP,
    _clear_folder,
    _is_bad_name,
    _read_snapshot,
    _segment_name,
    _Snapshot,
)

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_MAX_SEGMENT_READ = const(4096)  # a bigger "segment" is not ours: never read it whole
_FEED_MASK = const(31)           # resume(): feed the watchdog every 32 actions replayed


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


def _segment_number(name):
    """The number of segment file `name`, or 0 if it is not a segment's name."""
    if len(name) > 5 and name[0] == "j" and name[-4:] == ".log" and name[1:-4].isdigit():
        return int(name[1:-4])
    return 0


def _move_aside(fs, path):
    k = 1
    while fs.size(path + ".bad-%d" % k) >= 0:
        k += 1
    fs.rename(path, path + ".bad-%d" % k)


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
        self.mark = None         # the last time mark's ticks (after the snapshot)


# What becomes of a file recovery can't use, as the problems say it:
# recover() moves it aside; read_journal() (the host, on a copy) only reads.
MOVED = ", moved aside"
NOT_READ = ", not read"


def _scan(fs, folder, verdict):
    scan = _Scan()
    problems = scan.problems
    names = fs.listdir(folder)
    base = None
    snap_path = folder + "/" + _SNAP
    tmp_path = folder + "/" + _SNAP_TMP
    if _SNAP in names:
        base = _read_snapshot(fs, snap_path)
        if not isinstance(base, _Snapshot):
            problems.append("snapshot: %s%s" % (base, verdict))
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
            problems.append("journal: stray file %s%s" % (name[:16], verdict))
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
            problems.append("journal %d: after bad journal %d%s" % (number, broken, verdict))
            scan.aside.append(path)
            continue
        size = fs.size(path)
        if size > _MAX_SEGMENT_READ:
            problems.append("journal %d: too big to be ours%s" % (number, verdict))
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
            elif text[:1] == "@":
                # A time mark: the clock ran at least until then. Not an
                # action; the history does not change.
                try:
                    mark = int(text[1:])
                except ValueError:
                    bad = "record %d unreadable" % seq
                    break
                if scan.kind is None:
                    bad = "record %d before the game" % seq
                    break
                scan.mark = mark
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
            problems.append("journal %d: %s%s" % (number, bad, verdict))
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
    """journal.read_journal: (kind, lines, problems), changing nothing (so
    a file recovery would move aside is "not read")."""
    scan = _scan(fs or FS(), folder, NOT_READ)
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


def recover(journal):
    """Journal.recover(), for `journal`."""
    fs = journal.fs
    problems = []
    new = journal.root + "/journal.new"
    if fs.isdir(new):
        if _start_record_ok(fs, new):
            journal._switch(new)
        else:
            _clear_folder(fs, new)
    scan = _scan(fs, journal.folder, MOVED)
    problems.extend(scan.problems)
    folder = journal.folder + "/"
    # The order matters for a cut in the middle: see docs/journal.md.
    for path in scan.aside_first:
        _move_aside(fs, path)
    if scan.adopt_tmp:
        fs.rename(folder + _SNAP_TMP, folder + _SNAP)
    elif scan.stale_tmp:
        fs.remove(folder + _SNAP_TMP)
    journal.kind = scan.kind
    journal.mark_time = scan.mark
    journal._spoiled = False
    journal.seq = scan.seq
    journal.count = len(scan.lines)
    journal._reset_files(scan.upto)
    if scan.dirty and scan.kind is not None:
        journal._snapshot(scan.lines)          # the folder's covered files go below
    else:
        journal._live = scan.live
        journal._tail = scan.tail
        journal._open = True
    for path in scan.aside:
        _move_aside(fs, path)
    for path in scan.drop:
        fs.remove(path)
    if scan.dirty and scan.kind is not None:
        for number in scan.live:
            fs.remove(folder + _segment_name(number))
    journal._ready = True
    return scan.kind, scan.lines, problems


def resume(journal, factory=None, feed=None):
    """Journal.resume(), for `journal`."""
    kind, lines, problems = journal.recover()
    if feed is not None:
        feed()
    if kind is None:
        return None, problems
    if factory is None:
        from tileclock.script import new_game as factory
    try:
        game = factory(kind)
    except Refused:
        problems.append("journal: unknown game %s" % kind)
        return None, problems
    for i in range(len(lines)):
        if feed is not None and i & _FEED_MASK == _FEED_MASK:
            feed()              # the watchdog, through a long evening's replay
        try:
            now, verb, args = parse_action(lines[i])
            game.do(now, verb, args)
            lines[i] = None             # the game holds it now: free the text
        except (Refused, ValueError) as e:
            reason = e.reason if isinstance(e, Refused) else str(e)
            problems.append("action %d refused: %s" % (i + 1, reason[:26]))
            del lines[i:]
            journal._rebase(game)
            break
    return game, problems
