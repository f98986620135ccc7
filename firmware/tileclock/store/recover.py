# Journal recovery, run once at boot (and by the host tools on a copied
# folder): read what is on flash, set aside what can't be this evening's,
# replay the history since the last checkpoint, repair the folder. Apart
# from store/journal.py so that the app can unload it after boot
# (tileclock.modules). The rules are in docs/journal.md ("Recovery").
#
# Nothing found on flash may stop the clock or the journal: every file is
# read with its errors caught (bytes that aren't UTF-8, a folder where a file
# should be, a name we don't expect, another evening's file), and whatever
# can't be used is renamed aside (NAME.bad-N), never deleted, with a problem
# for the screen. Files are read a line at a time: no allocation at boot is
# bigger than a line.
try:
    from micropython import const  # pyright: ignore[reportAssignmentType]  CPython: the def below
except ImportError:
    def const(x):
        return x

from tileclock.engine.game import Refused
from tileclock.script import parse_action
from tileclock.store import journal as J
from tileclock.store.fs import FS, crc32

_MAX_SEGMENT = const(2048)      # a bigger "segment" is not ours: never read
_MAX_LINE = const(1024)         # a longer line is not ours
_FEED_MASK = const(31)          # resume(): feed the watchdog every 32 actions replayed

# What becomes of a file recovery can't use, as the problems say it:
# recover() moves it aside; read_journal() (the host, on a copy) only reads.
MOVED = ", moved aside"
NOT_READ = ", not read"


def _number(name, prefix, suffix, canonical):
    # The number in a file name like j0012.log, or 0 if it isn't one
    # written exactly so (j12.log is not: two names for one number).
    if not (name.startswith(prefix) and name.endswith(suffix)):
        return 0
    digits = name[len(prefix):len(name) - len(suffix)]
    # (not isdigit(): on CPython it takes "²", which int() refuses)
    if not digits or digits.strip("0123456789") or canonical(int(digits)) != name:
        return 0
    return int(digits)


def _is_hex8(text):
    if len(text) != 8:
        return False
    for ch in text:
        if ch not in "0123456789abcdef":
            return False
    return True


def _parse_record(raw, seed):
    """(seq, text) from one record line with its newline, or None if bad."""
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
    if crc != crc32(body, seed) or seq < 1:
        return None
    return seq, text


def _head(fs, path):
    """The header of a snapshot or fold file: (evening, upto, seq, folds,
    mark, kind), or a short reason. A journal written before evenings had
    names has a 7-word header: evening LEGACY, no folds, no mark."""
    try:
        f = fs.open(path, "rb")
    except OSError:
        return "unreadable"
    try:
        head = f.readline(_MAX_LINE)
        game = f.readline(_MAX_LINE)
    except OSError:
        return "unreadable"
    finally:
        f.close()
    try:
        words = head.decode().split()
        kind = game.decode().split()
    except UnicodeError:
        return "not a snapshot"
    if len(kind) != 2 or kind[0] != "game" or head[-1:] != b"\n":
        return "not a snapshot"
    try:
        if len(words) == 7 and " ".join(words[:4]) == J.SNAP_HEAD + " upto" and words[5] == "seq":
            return J.LEGACY, int(words[4]), int(words[6]), 0, None, kind[1]
        if (len(words) == 13 and " ".join(words[:4]) == J.SNAP_HEAD + " upto" and words[5] == "seq"
                and words[7] == "evening" and words[9] == "folds" and words[11] == "mark" and _is_hex8(words[8])):
            mark = None if words[12] == "-" else int(words[12])
            return words[8], int(words[4]), int(words[6]), int(words[10]), mark, kind[1]
        if len(words) == 6 and " ".join(words[:3]) == J.FOLD_HEAD and words[4] == "evening" and _is_hex8(words[5]):
            return words[5], 0, 0, int(words[3]), None, kind[1]
    except ValueError:
        pass
    return "not a snapshot"


class Scan:
    """What a journal folder holds and what recovery must do to it."""

    def __init__(self):
        self.kind = None
        self.evening = None      # type: str | None
        self.seq = 0             # the last good record (or the snapshot's)
        self.base_seq = 0        # records the snapshot holds
        self.upto = 0            # highest segment number seen (or covered)
        self.folds = 0           # fold files the snapshot counts
        self.mark = None         # the last time mark or undo (ticks)
        self.snap = None         # the path of the snapshot to start from, or None
        self.problems = []
        self.adopt_tmp = False   # snap.tmp is whole and newer: rename it
        self.stale_tmp = False   # snap.tmp is a cut or older snapshot: remove it
        self.marker = None       # the marker file to write (none or a wrong one found)
        self.drop = []           # segments a snapshot holds whole: remove them
        self.aside = []          # files set aside after the repair snapshot
        self.aside_first = []    # set aside before anything is written
        self.live = []           # (segment number, good records): the history after the snapshot
        self.tail = 0            # size of the last live segment
        self.dirty = False       # a repair snapshot is needed
        self.from_folds = False  # no snapshot: the evening rebuilt from the fold files


def _listing(fs, folder, verdict, scan):
    """(markers, has_snap, has_tmp, segments, folds): the names that are
    ours, each a file; everything else goes on scan.aside_first."""
    markers = []
    snap = tmp = False
    segments = []
    folds = []
    for name in fs.listdir(folder):
        if J.is_bad_name(name):
            continue
        path = folder + "/" + name
        if fs.isdir(path):
            scan.problems.append("journal: folder %s%s" % (name[:16], verdict))
            scan.aside_first.append(path)
            continue
        if name.startswith(J.MARKER) and _is_hex8(name[len(J.MARKER):]):
            markers.append(name[len(J.MARKER):])
        elif name == J.SNAP:
            snap = True
        elif name == J.SNAP_TMP:
            tmp = True
        elif _number(name, "j", ".log", J.segment_name):
            segments.append(_number(name, "j", ".log", J.segment_name))
        elif _number(name, "f", ".txt", J.fold_name):
            folds.append(_number(name, "f", ".txt", J.fold_name))
        else:
            scan.problems.append("journal: stray file %s%s" % (name[:16], verdict))
            scan.aside_first.append(path)
    segments.sort()
    folds.sort()
    return markers, snap, tmp, segments, folds


def _first_record(fs, path):
    """The bytes of a segment's first line, or None."""
    try:
        if fs.size(path) > _MAX_SEGMENT:
            return None
        f = fs.open(path, "rb")
        try:
            return f.readline(_MAX_LINE)
        finally:
            f.close()
    except OSError:
        return None


def _evening(fs, folder, markers, snaps, segments, folds, scan, verdict):
    # Which evening the folder is: its marker's name. Else the one its files
    # name (the headers of the snapshots `snaps` and of the fold files; the
    # first segment's records check with it): with several markers, the
    # first they name (the others go aside); with none (the marker lost, or
    # a journal from before evenings had names: LEGACY), the one they all
    # name, or None: with files of two evenings and no marker to say which
    # is this one, neither is taken.
    if len(markers) == 1:
        return markers[0]
    names = []
    for name in snaps + [J.fold_name(n) for n in folds]:
        head = _head(fs, folder + "/" + name)
        if isinstance(head, tuple) and head[0] not in names:
            names.append(head[0])
    first = _first_record(fs, folder + "/" + J.segment_name(segments[0])) if segments else None
    if markers:
        markers.sort()
        evening = markers[0]
        for name in markers:
            if name in names or first and _parse_record(first, J.seed_of(name)):
                evening = name
                break
        for other in markers:
            if other != evening:
                scan.problems.append("journal: marker of another evening%s" % verdict)
                scan.aside_first.append(folder + "/" + J.MARKER + other)
        return evening
    evening = (names[0] if len(names) == 1 else None) if names else J.LEGACY
    if evening and first and first[-1:] == b"\n" and _parse_record(first, J.seed_of(evening)) is None:
        evening = None
    if evening is None and names:
        scan.problems.append("journal: files of 2 evenings, no marker")
    scan.marker = evening
    return evening


def _check_snapshot(fs, path, evening, verdict, scan, what):
    """The snapshot's header if `path` is whole and this evening's, else
    None (and the problem noted)."""
    head = _head(fs, path)
    if not isinstance(head, tuple):
        scan.problems.append("%s: %s%s" % (what, head, verdict))
        return None
    if evening is not None and head[0] != evening:
        scan.problems.append("%s: another evening's%s" % (what, verdict))
        return None
    problem = J.check_text_file(fs, path, J.seed_of(head[0]))
    if problem is not None:
        scan.problems.append("%s: %s%s" % (what, problem, verdict))
        return None
    return head


def scan_folder(fs, folder, verdict):
    """A Scan of a journal folder: reads every file once, a line at a time,
    changes nothing."""
    scan = Scan()
    markers, has_snap, has_tmp, segments, folds = _listing(fs, folder, verdict, scan)
    snap_path = folder + "/" + J.SNAP
    tmp_path = folder + "/" + J.SNAP_TMP
    snaps = ([J.SNAP] if has_snap else []) + ([J.SNAP_TMP] if has_tmp else [])
    evening = _evening(fs, folder, markers, snaps, segments, folds, scan, verdict)
    scan.evening = evening
    if evening is None:
        # no file of an evening that can't be named is taken; left in place,
        # the snapshot or the fold files alone would name one at the next
        # boot (perhaps the other of two found here)
        for name in snaps + [J.fold_name(n) for n in folds]:
            scan.aside_first.append(folder + "/" + name)
        if snaps or folds:
            scan.problems.append("journal: %d files of no known evening%s" % (len(snaps) + len(folds), verdict))
        has_snap = has_tmp = False
    base = None
    if has_snap:
        base = _check_snapshot(fs, snap_path, evening, verdict, scan, "snapshot")
        if base is None:
            scan.aside_first.append(snap_path)
            scan.dirty = True
        else:
            scan.snap = snap_path
    if has_tmp:
        tmp = _check_snapshot(fs, tmp_path, evening, "", Scan(), "")
        if tmp is not None and (base is None or tmp[2] > base[2]):
            base = tmp              # written whole, cut before its rename
            scan.adopt_tmp = True
            scan.snap = snap_path
        else:
            scan.stale_tmp = True
    if base is not None:
        evening, scan.upto, scan.base_seq, scan.folds, scan.mark, scan.kind = base
        scan.evening = evening
    scan.seq = scan.base_seq
    if evening is None:
        for number in segments:
            scan.problems.append("journal %d: of no known evening%s" % (number, verdict))
            scan.aside.append(folder + "/" + J.segment_name(number))
            scan.upto = max(scan.upto, number)
        return scan
    _scan_segments(fs, folder, segments, verdict, scan)
    if base is None and scan.kind is None and folds:
        _from_folds(fs, folder, folds, evening, verdict, scan)
    return scan


def _scan_segments(fs, folder, numbers, verdict, scan):
    seed = J.seed_of(scan.evening)
    expected = scan.base_seq + 1
    broken = None   # the segment where the history stopped
    # segments up to the snapshot's `upto` hold nothing it lacks: a bad one
    # there (a stray file under an old name) goes aside alone
    covered = scan.upto
    for number in numbers:
        path = folder + "/" + J.segment_name(number)
        scan.upto = max(scan.upto, number)
        if broken is not None:
            scan.problems.append("journal %d: after bad journal %d%s" % (number, broken, verdict))
            scan.aside.append(path)
            continue
        bad = _scan_segment(fs, path, number, number == numbers[-1], number <= covered, seed, expected, scan)
        if bad is not None:
            scan.problems.append("journal %d: %s%s" % (number, bad, verdict))
            scan.aside.append(path)
            if number > covered:
                broken = number
                scan.dirty = True
        expected = scan.seq + 1


def _scan_segment(fs, path, number, last, covered, seed, expected, scan):
    # Reads one segment; returns None or why it is bad. Its good records
    # (all, or those before the bad one) go on scan.live; a segment the
    # snapshot holds whole goes on scan.drop.
    size = fs.size(path)
    if size > _MAX_SEGMENT:
        return "too big to be ours"
    try:
        f = fs.open(path, "rb")
    except OSError:
        return "unreadable"
    good = 0
    newest = 0
    bad = None
    try:
        while True:
            raw = f.readline(_MAX_LINE)
            if not raw:
                break
            if raw[-1:] != b"\n":
                if last and not f.read(1) and (good or not covered):    # (junk isn't a torn append)
                    scan.problems.append("journal %d: last record cut short, dropped" % number)
                    scan.dirty = True
                else:
                    bad = "record %d cut short" % expected
                break
            rec = _parse_record(raw, seed)
            if rec is None:
                bad = ("bad checksum at record %d" % expected) if newest else "bad or not this evening's"
                break
            seq, text = rec
            if seq <= scan.base_seq and seq > newest:
                newest = seq        # already in the snapshot
                good += 1
                continue
            if seq != expected:
                bad = "record %d missing" % expected
                break
            bad = _check_text(text, seq, scan)
            if bad is not None:
                break
            newest = seq
            expected += 1
            good += 1
            scan.seq = seq
    except OSError:
        bad = "unreadable"
    finally:
        f.close()
    if newest > scan.base_seq:
        scan.live.append((number, good))     # (a bad one: the records before it)
        scan.tail = size
    elif bad is None:
        scan.drop.append(path)          # all in the snapshot: a compaction was cut
    return bad


def _check_text(text, seq, scan):
    """None if a record's text is what the journal writes, else why not."""
    if text.startswith("game "):
        kind = text[5:]
        if seq != 1 or not kind or " " in kind:
            return "record %d out of place" % seq
        scan.kind = kind
        return None
    if scan.kind is None:
        return "record %d before the game" % seq
    try:
        if text[:1] == "@":
            scan.mark = int(text[1:])
        elif text == "undo":
            pass                        # before undo records had their time
        elif text.startswith("undo "):
            scan.mark = int(text[5:])
        else:
            parse_action(text)
    except ValueError:
        return "record %d unreadable" % seq
    return None


def _from_folds(fs, folder, numbers, evening, verdict, scan):
    # No snapshot to start from: the fold files, from the first in a row,
    # hold the evening up to the last of them (the round in play is lost).
    # The game goes on from the last one alone (its restore and the round it
    # closed), as it was after the fold before: the next fold writes that
    # file again, so the folds still read as one evening, and the game holds
    # a round, not the evening. Later fold files go aside (their numbers
    # are the next folds').
    seed = J.seed_of(evening)
    count = 0
    for number in numbers:
        if number != count + 1:
            break
        path = folder + "/" + J.fold_name(number)
        head = _head(fs, path)
        if not isinstance(head, tuple) or head[0] != evening or J.check_text_file(fs, path, seed) is not None:
            break
        scan.kind = head[5]
        count = number
    if count:
        scan.folds = count - 1
        scan.from_folds = True
        scan.dirty = True
        scan.problems.append("journal: from %d folds, the round in play lost" % count)
        for number, _good in scan.live:
            scan.aside.append(folder + "/" + J.segment_name(number))
        scan.live = []
        for number in numbers:
            if number > count:
                scan.aside.append(folder + "/" + J.fold_name(number))
        if numbers[-1] > count:
            scan.problems.append("journal: folds after fold %d%s" % (count, verdict))


# -- the evening's action lines, one at a time ----------------------------------

def _fold_actions(fs, folder, count, seed):
    """The actions of fold files 1..count, as one evening from its start:
    each file after the first begins with the restore the one before ended
    at, which the evening doesn't need."""
    for number in range(1, count + 1):
        first = number > 1
        for line in J.text_lines(fs, folder + "/" + J.fold_name(number)):
            if line.startswith("sheet ") or line.startswith("part "):
                continue
            if first and line.split(" ", 2)[1:2] == ["restore"]:
                first = False
                continue
            first = False
            yield line


def _history(fs, folder, scan, feed=None):
    # Every entry since the checkpoint: ("do", line), ("undo", None),
    # ("mark", None) -- the snapshot's lines (or the last fold file's), then
    # the good records of the live segments; then ("end", None).
    seed = J.seed_of(scan.evening)
    if scan.from_folds:
        for line in J.text_lines(fs, folder + "/" + J.fold_name(scan.folds + 1)):
            if not (line.startswith("sheet ") or line.startswith("part ")):
                yield "do", line
    elif scan.snap is not None:
        path = folder + "/" + (J.SNAP_TMP if scan.adopt_tmp else J.SNAP)
        for line in J.text_lines(fs, path):
            yield "do", line
    for number, good in scan.live:
        f = fs.open(folder + "/" + J.segment_name(number), "rb")
        try:
            for _ in range(good):
                rec = _parse_record(f.readline(_MAX_LINE), seed)
                if rec is None:     # checked at the scan: only a flash failing now
                    raise OSError("journal %d: changed since it was read" % number)
                seq, text = rec
                if seq <= scan.base_seq or text.startswith("game "):
                    continue
                if text[:1] == "@":
                    yield "mark", None
                elif text == "undo" or text.startswith("undo "):
                    yield "undo", None
                else:
                    yield "do", text
        finally:
            f.close()
    yield "end", None


# -- the host: read, change nothing -----------------------------------------------

def read_journal(folder, fs=None):
    """journal.read_journal: (kind, lines, problems) -- every action of the
    evening, changing nothing (a file recovery would move aside is "not
    read"). With every fold file whole, the evening from its first action;
    else from the snapshot's restore (the totals are right, the calls of
    the folded rounds are not there)."""
    fs = fs or FS()
    try:
        scan = scan_folder(fs, folder, NOT_READ)
    except OSError as e:
        return None, [], ["journal: can't read (%s)" % e]
    lines = []
    problems = scan.problems
    if scan.kind is None:
        return None, lines, problems
    seed = J.seed_of(scan.evening)
    whole = (scan.snap is not None or scan.from_folds) and scan.folds > 0
    for number in range(1, scan.folds + 1 if whole else 1):
        path = folder + "/" + J.fold_name(number)
        head = _head(fs, path)
        if (not isinstance(head, tuple) or head[0] != scan.evening
                or J.check_text_file(fs, path, seed) is not None):
            problems.append("fold %d: missing or bad: rounds before it from the checkpoint" % number)
            whole = False
            break
    if whole:
        lines.extend(_fold_actions(fs, folder, scan.folds, seed))
    for what, line in _history(fs, folder, scan):
        if what == "do":
            if whole and line.split(" ", 2)[1:2] == ["restore"]:
                continue            # the folds hold what it sums up
            lines.append(line)
        elif what == "undo" and lines:
            lines.pop()
    return scan.kind, lines, problems


# -- the device: repair, replay -----------------------------------------------------

def _repair_start(journal):
    """journal.new/ (a new evening cut before its switch) finished or
    dropped; journal/ a folder. Problems for the screen."""
    fs = journal.fs
    problems = []
    new = journal.root + "/journal.new"
    if fs.isdir(new):
        try:
            seg = fs.open(new + "/" + J.segment_name(1), "rb")
            try:
                raw = seg.readline(_MAX_LINE)
            finally:
                seg.close()
        except OSError:
            raw = None
        marker = [n for n in fs.listdir(new) if n.startswith(J.MARKER)]
        if raw and len(marker) == 1 and _is_hex8(marker[0][len(J.MARKER):]) and \
                _parse_record(raw, J.seed_of(marker[0][len(J.MARKER):])) is not None:
            journal._switch(new)
        else:
            journal._clear(new)
    elif fs.size(new) >= 0:
        J.move_aside(fs, new)
        problems.append("journal: a file journal.new, moved aside")
    if not fs.isdir(journal.folder):
        if fs.size(journal.folder) >= 0:
            J.move_aside(fs, journal.folder)
            problems.append("journal: a file where its folder goes, moved aside")
        fs.mkdir(journal.folder)
    return problems


def prepare(journal):
    """(scan, problems): the folder read and set right for writing, the
    journal told what it holds; nothing of the history gathered yet."""
    fs = journal.fs
    problems = _repair_start(journal)
    scan = scan_folder(fs, journal.folder, MOVED)
    problems.extend(scan.problems)
    folder = journal.folder + "/"
    for path in scan.aside_first:
        J.move_aside(fs, path)
    if scan.adopt_tmp:
        fs.rename(folder + J.SNAP_TMP, folder + J.SNAP)
    elif scan.stale_tmp:
        fs.remove(folder + J.SNAP_TMP)
    scan.adopt_tmp = False
    if scan.marker is not None and scan.kind is not None:
        fs.open(folder + J.MARKER + scan.marker, "wb").close()
    journal.adopt(scan.kind, scan.evening, scan.seq, scan.folds, scan.mark)
    # appends go after every segment seen; a bad segment's good records are
    # replayed, then it is set aside, never removed with the live ones
    live = []
    for number, _good in scan.live:
        if folder + J.segment_name(number) not in scan.aside:
            live.append(number)
    journal.use_files(scan.upto, live, scan.tail)
    return scan, problems


def finish(journal, scan, lines):
    """After the replay: the repair snapshot of `lines` if the folder needed
    one, then what was set aside and what the snapshot covers goes."""
    fs = journal.fs
    if scan.dirty and scan.kind is not None:
        journal._snapshot(lines=lines)         # the live segments go with it
    for path in scan.aside:
        if fs.size(path) >= 0:
            J.move_aside(fs, path)
    for path in scan.drop:
        if fs.size(path) >= 0:
            fs.remove(path)


def recover(journal):
    """Journal.recover(): (kind, lines, problems), the history since the
    checkpoint as action lines and the folder repaired."""
    scan, problems = prepare(journal)
    lines = []
    if scan.kind is not None:
        for what, line in _history(journal.fs, journal.folder, scan):
            if what == "do":
                lines.append(line)
            elif what == "undo" and lines:
                lines.pop()
    finish(journal, scan, lines)
    return scan.kind, lines, problems


def resume(journal, factory=None, feed=None):
    """Journal.resume(): (game, problems). The history is replayed as it is
    read from flash, a line at a time."""
    scan, problems = prepare(journal)
    if feed is not None:
        feed()
    if scan.kind is None:
        finish(journal, scan, None)
        return None, problems
    if factory is None:
        from tileclock.script import new_game as factory
    try:
        game = factory(scan.kind)
    except Refused:
        problems.append("journal: unknown game %s" % scan.kind)
        scan.dirty = False
        finish(journal, scan, None)
        return None, problems
    count = 0
    refused = None
    held = None     # the last action read: applied once the next entry isn't its undo
    for what, line in _history(journal.fs, journal.folder, scan):
        count += 1
        if feed is not None and count & _FEED_MASK == _FEED_MASK:
            feed()              # the watchdog, through a long replay
        if what == "mark":
            continue
        if what == "undo" and held is not None:
            # an action and the undo right after it: neither is replayed,
            # and no second game is built (undone()) on a small heap
            held = None
            continue
        try:
            if held is not None:
                now, verb, args = parse_action(held)
                held = None
                game.do(now, verb, args)
            if what == "undo":
                game = game.undone()
        except (Refused, ValueError) as e:
            reason = e.reason if isinstance(e, Refused) else str(e)
            refused = "action %d refused: %s" % (len(game.history) + 1, reason[:26])
            break
        if what == "do":
            held = line
    if refused is not None:
        # keep the whole old journal as a finished evening; go on from what
        # the engine took
        problems.append(refused)
        scan.dirty = False
        finish(journal, scan, None)
        journal.rebase(game)
        return game, problems
    finish(journal, scan, _game_lines(game))
    return game, problems


def _game_lines(game):
    from tileclock.engine.action import format_action
    for now, verb, args in game.history:
        yield format_action(now, verb, args)
