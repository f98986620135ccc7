# Journal recovery's reading: what a journal folder holds, file by file,
# and what recovery must do with it (a Scan), changing nothing. Used by
# store/recover.py at boot and store/reader.py on the host; apart from
# recover.py so that neither module is big (the unix port and a Pico
# compiling source need a block as big as a module's parse).
#
# Nothing found on flash may stop the clock or the journal: every file is
# read with its errors caught (bytes that aren't UTF-8, a folder where a file
# should be, a name we don't expect, another evening's file), and whatever
# can't be used goes on the Scan's lists to be set aside, never deleted.
# Files are read a line at a time, in bites (fs.read_line): no allocation
# is bigger than a line.
from micropython import const

from tileclock.engine.game import plural
from tileclock.script import parse_action
from tileclock.store import folds as F
from tileclock.store.fs import EVENING_HEAD, PIECE, FOLD_HEAD, LEGACY, MARKER, SNAP, SNAP2, SNAP2_TMP, SNAP_HEAD, SNAP_TMP, check_text_file, crc32, fold_name, is_action, is_bad_name, join, read_line, seed_of, segment_name, text_lines

MAX_SEGMENT = const(2048)       # a bigger "segment" is not ours: never read
MAX_LINE = const(1024)          # a longer line is not ours

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


def is_hex8(text):
    if len(text) != 8:
        return False
    for ch in text:
        if ch not in "0123456789abcdef":
            return False
    return True


def parse_record(raw, seed):
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
        head = read_line(f, MAX_LINE)
        game = read_line(f, MAX_LINE)
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
        if len(words) == 7 and " ".join(words[:4]) == SNAP_HEAD + " upto" and words[5] == "seq":
            return LEGACY, int(words[4]), int(words[6]), 0, None, kind[1]
        if (len(words) == 13 and " ".join(words[:4]) == SNAP_HEAD + " upto" and words[5] == "seq"
                and words[7] == "evening" and words[9] == "folds" and words[11] == "mark" and is_hex8(words[8])):
            mark = None if words[12] == "-" else int(words[12])
            return words[8], int(words[4]), int(words[6]), int(words[10]), mark, kind[1]
        if len(words) == 6 and " ".join(words[:3]) == FOLD_HEAD and words[4] == "evening" and is_hex8(words[5]):
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
        self.adopt = None        # a whole .tmp newer than the snapshot (a cut rename): rename it
        self.stale = []          # .tmp files older or cut short: remove them
        self.books = []          # the fold books present (folds.txt, folds2.txt)
        self.book = None         # F.Folds, when the evening comes back from its folds
        self.marker = None       # the marker file to write (none or a wrong one found)
        self.recount = False     # its count names records not found: written again
        self.torn = 0            # 1: the last record was cut short (said so)
        self.drop = []           # segments a snapshot holds whole: remove them
        self.aside = []          # files set aside after the repair snapshot
        self.aside_first = []    # set aside before anything is written
        self.live = []           # (segment number, good records): the history after the snapshot
        self.tail = 0            # size of the last live segment
        self.dirty = False       # a repair snapshot is needed
        self.from_folds = False  # no snapshot: the evening rebuilt from the fold files


_SNAPS = (SNAP, SNAP2, SNAP_TMP, SNAP2_TMP)


def _shown(name):
    # a file name as the screen can show it: 16 characters, ASCII
    if not isinstance(name, str):
        return "(not UTF-8)"
    text = ""
    for ch in name[:16]:
        text += ch if " " <= ch <= "~" else "?"
    return text


def is_evening_file(name):
    """True for a name the evening is read from, as _listing takes it: a
    snapshot, its copy or either's .tmp, a fold book, a segment, a legacy
    fold file (not the marker: it holds no action). The host asks here
    whether a folder is a journal, so that it reads every folder the
    device would resume."""
    return (name in _SNAPS or name in F.BOOKS or _number(name, "j", ".log", segment_name) > 0
            or _number(name, "f", ".txt", fold_name) > 0)


def _listing(fs, folder, verdict, scan):
    """(markers, snaps, segments, folds): the names that are ours, each a
    file (the snapshots and their .tmp files by name, the segments' and
    legacy fold files' numbers; the fold books go on scan.books);
    everything else goes on scan.aside_first."""
    markers = []
    snaps = []
    segments = []
    folds = []
    for name in fs.listdir(folder):
        path = join(folder, name)
        if not isinstance(name, str) or len(name) > 64:
            # not UTF-8, or too long to take a .bad-N: set aside as stray.bad-N
            scan.problems.append("journal: stray file %s%s" % (_shown(name), verdict))
            scan.aside_first.append(path)
            continue
        if is_bad_name(name):
            continue
        if fs.isdir(path):
            scan.problems.append("journal: folder %s%s" % (_shown(name), verdict))
            scan.aside_first.append(path)
            continue
        if name.startswith(MARKER) and is_hex8(name[len(MARKER):]):
            markers.append(name[len(MARKER):])
        elif name in _SNAPS:
            snaps.append(name)
        elif name in F.BOOKS:
            scan.books.append(name)
        elif _number(name, "j", ".log", segment_name):
            segments.append(_number(name, "j", ".log", segment_name))
        elif _number(name, "f", ".txt", fold_name):
            folds.append(_number(name, "f", ".txt", fold_name))
        else:
            scan.problems.append("journal: stray file %s%s" % (_shown(name), verdict))
            scan.aside_first.append(path)
    segments.sort()
    folds.sort()
    snaps.sort(key=_SNAPS.index)
    scan.books.sort()
    return markers, snaps, segments, folds


def _one_bit_apart(a, b):
    # two names of equal length differing in one bit of one character
    if len(a) != len(b):
        return False
    bits = 0
    for i in range(len(a)):
        x = ord(a[i]) ^ ord(b[i])
        while x:
            bits += x & 1
            x >>= 1
    return bits == 1


def record_evening(raw):
    """The evening whose number, as the CRC's start, makes the record line
    `raw` check (8 hex digits), or None if it isn't a whole record line.
    CRC-32 is linear in its start: crc(body, s) is crc(body, 0) XOR the
    register's steps over len(body) zero bytes applied to s, and each
    step undoes (the polynomial's top bit says whether it was XORed in),
    so s comes back from the two. Any line gives some number: it names
    an evening only where other files name the same one."""
    star = raw.rfind(b" *")
    if star < 0 or len(raw) - star != 11 or raw[-1:] != b"\n":
        return None
    body = raw[:star]
    try:
        x = int(raw[star + 2:-1], 16) ^ crc32(body, 0)
    except ValueError:
        return None
    for _ in range(8 * len(body)):
        x = (((x ^ 0xEDB88320) << 1) | 1) if x & 0x80000000 else x << 1
    return "%08x" % x


def _first_lines(fs, path, count):
    """The first `count` lines of a segment or marker, as bytes ([] if it
    can't be read, or is too big to be ours)."""
    lines = []
    try:
        if fs.size(path) > MAX_SEGMENT:
            return lines
        f = fs.open(path, "rb")
        try:
            for _ in range(count):
                raw = read_line(f, MAX_LINE)
                if not raw:
                    break
                lines.append(raw)
        finally:
            f.close()
    except OSError:
        pass
    return lines


def _told_by_records(fs, folder, segments, markers):
    # The evenings two or more record lines check with (record_evening):
    # the first segment's first two records, the last segment's first,
    # each marker's count. One line alone names nothing: a damaged record
    # checks with some number, and would be taken whole.
    lines = _first_lines(fs, folder + "/" + segment_name(segments[0]), 2) if segments else []
    if len(segments) > 1:
        lines += _first_lines(fs, folder + "/" + segment_name(segments[-1]), 1)
    for name in markers:
        lines += _first_lines(fs, folder + "/" + MARKER + name, 1)
    seen = []
    told = []
    for raw in lines:
        name = record_evening(raw)
        if name is not None:
            if name in seen and name not in told:
                told.append(name)
            seen.append(name)
    return told


def _evening(fs, folder, markers, snaps, segments, folds, scan, verdict, heads):
    # Which evening the folder is, by its content: each evening a file names
    # scores what vouches for it (a whole snapshot 2, a segment whose first
    # record checks with it 2 each, the first and the last, a fold header
    # 1). With markers, the best-vouched (then the first in sort order), the
    # others aside. A marker nothing vouches for gives way to the one
    # evening every whole file names (a whole snapshot's or a fold's header;
    # records, where two lines check with one evening: _told_by_records):
    # its name was damaged, or another evening's marker replaced it, and
    # the files agree on theirs. (Files all of another evening beside this
    # evening's marker read the same: that evening is then the folder's,
    # whole, rather than none.) Failing that, to an evening one bit away
    # from it that something vouches for. With no marker (lost, or a
    # journal from before evenings had names: LEGACY), the one evening the
    # whole files' headers name, or without headers the records'; or None:
    # with files of two evenings and no marker to say which is this one,
    # neither is taken. `heads` gets each snapshot's checked header (or
    # None).
    score = {}
    names = []          # every evening a snapshot's or a fold's header names
    whole = []          # ... a whole snapshot, a fold header, a segment's first record
    for name in snaps:
        head = _head(fs, folder + "/" + name)
        if isinstance(head, tuple):
            if head[0] not in names:
                names.append(head[0])
            good = check_text_file(fs, folder + "/" + name, seed_of(head[0])) is None
            heads[name] = head if good else "bad checksum"
            if good:
                score[head[0]] = score.get(head[0], 0) + 2
                if head[0] not in whole:
                    whole.append(head[0])
        else:
            heads[name] = head
    for path in [folder + "/" + b for b in scan.books] + [folder + "/" + fold_name(n) for n in folds[:1]]:
        raw = F.first_head(fs, path)
        words = raw.split() if raw else []
        if len(words) == 6 and words[4] == b"evening":
            try:
                name = words[5].decode()
            except UnicodeError:
                continue
            if is_hex8(name):
                for found in (names, whole):
                    if name not in found:
                        found.append(name)
                score[name] = score.get(name, 0) + 1
    firsts = []
    for number in segments[:1] + segments[-1:] if len(segments) > 1 else segments:
        firsts += _first_lines(fs, folder + "/" + segment_name(number), 1) or [None]
    first = firsts[0] if firsts else None

    def vouched(name):
        points = score.get(name, 0)
        for raw in firsts:
            if raw and parse_record(raw, seed_of(name)):
                points += 2
        return points

    if markers:
        markers.sort()
        evening = markers[0]
        best = vouched(evening)
        for name in markers[1:]:
            if vouched(name) > best:
                evening, best = name, vouched(name)
        if best == 0:
            for name in _told_by_records(fs, folder, segments, markers):
                if name not in whole:
                    whole.append(name)
            if len(whole) == 1:
                evening = scan.marker = whole[0]
            else:
                for name in names:
                    if name not in markers and vouched(name) > 0 and _one_bit_apart(name, evening):
                        evening = scan.marker = name        # the marker's name damaged
                        break
        for other in markers:
            if other != evening:
                scan.problems.append("journal: marker of another evening%s" % verdict)
                scan.aside_first.append(folder + "/" + MARKER + other)
        return evening
    if whole:
        evening = whole[0] if len(whole) == 1 else None
    else:
        # headerless: the evening the records check with (a journal from
        # before evenings had names: from 0, LEGACY); else LEGACY, if the
        # first record checks with it
        told = _told_by_records(fs, folder, segments, markers)
        evening = told[0] if len(told) == 1 else LEGACY
    if evening and first and first[-1:] == b"\n" and parse_record(first, seed_of(evening)) is None:
        evening = None
    if evening is None and whole:
        scan.problems.append("journal: files of 2 evenings, no marker")
    elif evening is not None and evening != LEGACY:
        # (a journal from before markers says nothing: it never had one)
        scan.problems.append("journal: marker lost, written again")
    scan.marker = evening
    return evening


def scan_folder(fs, folder, verdict):
    """A Scan of a journal folder: reads every file once, a line at a time,
    changes nothing."""
    scan = Scan()
    markers, snaps, segments, folds = _listing(fs, folder, verdict, scan)
    heads = {}
    evening = _evening(fs, folder, markers, snaps, segments, folds, scan, verdict, heads)
    scan.evening = evening
    if evening is None:
        # no file of an evening that can't be named is taken; left in place,
        # the snapshot or the fold files alone would name one at the next
        # boot (perhaps the other of two found here)
        taken = snaps + scan.books + [fold_name(n) for n in folds]
        for name in taken:
            scan.aside_first.append(folder + "/" + name)
        if taken:
            scan.problems.append("journal: %s of no known evening%s" % (plural(len(taken), "file"), verdict))
        snaps = []
        scan.books = []
    for name in scan.books[:]:
        # a book that begins with another evening's fold holds none of ours
        # where a fold is read first: set aside, so ours start afresh
        words = (F.first_head(fs, folder + "/" + name) or b"").split()
        if len(words) == 6 and words[4] == b"evening" and words[5] != evening.encode():
            scan.problems.append("%s: another evening's%s" % (name, verdict))
            scan.aside_first.append(folder + "/" + name)
            scan.books.remove(name)
    # The newest whole snapshot of this evening is the one to start from:
    # snap.txt, its copy snap2.txt, or a .tmp a cut left before its rename.
    # Unless both copies hold it, the repair writes them again.
    base = None
    seqs = {}
    for name in snaps:
        head = heads[name]
        tmp = name.endswith(".tmp")
        if isinstance(head, tuple) and head[0] != evening:
            head = "another evening's"
        if not isinstance(head, tuple):
            if tmp:
                scan.stale.append(folder + "/" + name)
            else:
                scan.problems.append("%s: %s%s" % ("snapshot" if name == SNAP else "snapshot copy", head, verdict))
                scan.aside_first.append(folder + "/" + name)
            continue
        # (a fold's snapshot has the seq of the close's before it, and one
        # fold more: the later of the two)
        seqs[name] = (head[2], head[3])
        if base is None or (head[2], head[3]) > (base[2], base[3]):
            if scan.adopt is not None:
                scan.stale.append(folder + "/" + scan.adopt)
            base = head
            scan.snap = folder + "/" + name
            scan.adopt = name if tmp else None
        elif tmp:
            scan.stale.append(folder + "/" + name)
    if base is not None:
        evening, scan.upto, scan.base_seq, scan.folds, scan.mark, scan.kind = base
        scan.evening = evening
        if seqs.get(SNAP) != (base[2], base[3]) or seqs.get(SNAP2) != (base[2], base[3]):
            scan.dirty = True
    elif snaps:
        scan.dirty = True
    scan.seq = scan.base_seq
    if evening is None:
        for number in segments:
            scan.problems.append("journal %d: of no known evening%s" % (number, verdict))
            scan.aside.append(folder + "/" + segment_name(number))
            scan.upto = max(scan.upto, number)
        return scan
    broken = _scan_segments(fs, folder, segments, verdict, scan)
    if base is None and scan.kind is None and (folds or scan.books):
        _from_folds(fs, folder, folds, evening, verdict, scan)
    # (where a bad segment, a bad snapshot or the folds already say what
    # is lost, the count adds nothing)
    if broken is None and not scan.from_folds and (base is not None or not snaps) and evening in markers:
        _count_check(fs, folder + "/" + MARKER + evening, evening, scan)
    return scan


def _count_check(fs, path, evening, scan):
    # The marker's count (Journal._count) against the records found: more
    # were appended than are here (the last segment lost, or cut at a
    # record's end, which reads as whole). Said, and the marker written
    # again (empty), so the next boot finds nothing more.
    rec = parse_record((_first_lines(fs, path, 1) or [b""])[0], seed_of(evening))
    lost = rec[0] - scan.seq - scan.torn if rec is not None and rec[1] == "count" else 0
    if lost > 0:
        scan.problems.append("journal: last %s lost" % plural(lost, "record"))
        scan.marker = evening
        scan.recount = True
        scan.dirty = True


def _scan_segments(fs, folder, numbers, verdict, scan):
    seed = seed_of(scan.evening)
    expected = scan.base_seq + 1
    broken = None   # the segment where the history stopped
    # segments up to the snapshot's `upto` hold nothing it lacks: a bad one
    # there (a stray file under an old name) goes aside alone
    covered = scan.upto
    for number in numbers:
        path = folder + "/" + segment_name(number)
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
    return broken


def _scan_segment(fs, path, number, last, covered, seed, expected, scan):
    # Reads one segment; returns None or why it is bad. Its good records
    # (all, or those before the bad one) go on scan.live; a segment the
    # snapshot holds whole goes on scan.drop.
    size = fs.size(path)
    if size > MAX_SEGMENT:
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
            raw = read_line(f, MAX_LINE)
            if not raw:
                break
            if raw[-1:] != b"\n":
                if last and not f.read(1) and (good or not covered):    # (junk isn't a torn append)
                    scan.problems.append("journal %d: last record cut short, dropped" % number)
                    scan.torn = 1
                    scan.dirty = True
                else:
                    bad = "record %d cut short" % expected
                break
            rec = parse_record(raw, seed)
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
    # No snapshot to start from: the folds, from the first in a row, hold
    # the evening up to the last of them (later rounds are lost: the last
    # one closed, which the game alone held, and the one in play). The
    # game goes on from the last one alone (its restore and the round it
    # closed), as it was after the fold before: the next fold writes that
    # entry again (the later entry of a number is the one read), so the
    # folds still read as one evening, and the game holds a round, not the
    # evening. Legacy fold files after the last go aside (their numbers are
    # the next folds').
    book = F.Folds(fs, folder, seed_of(evening))
    count = book.count
    if not count:
        return
    scan.kind = None
    place = book.place(count)
    if place is None:
        return
    path, offset = place
    try:
        f = fs.open(path, "rb")
        try:
            if offset:
                f.seek(offset)
            read_line(f, MAX_LINE)
            kind = read_line(f, MAX_LINE).split()
        finally:
            f.close()
        if len(kind) == 2 and kind[0] == b"game":
            scan.kind = kind[1].decode()
    except (OSError, UnicodeError):
        pass
    if scan.kind is None:
        return
    scan.book = book
    scan.folds = count - 1
    scan.from_folds = True
    scan.dirty = True
    scan.problems.append("journal: from %s, later rounds lost" % plural(count, "fold"))
    for number, _good in scan.live:
        scan.aside.append(folder + "/" + segment_name(number))
    scan.live = []
    later = [n for n in numbers if n > count]
    for number in later:
        scan.aside.append(folder + "/" + fold_name(number))
    if later:
        scan.problems.append("journal: folds after fold %d%s" % (count, verdict))


# -- the history since the checkpoint, one entry at a time ----------------------

def history(fs, folder, scan, feed=None):
    # Every entry since the checkpoint: ("do", line), ("undo", None),
    # ("mark", None) -- the snapshot's lines (or the last fold's), then
    # the good records of the live segments; then ("end", None).
    seed = seed_of(scan.evening)
    if scan.from_folds:
        for line in scan.book.lines(fs, scan.folds + 1):
            if is_action(line):
                yield "do", line
    elif scan.snap is not None:
        for line in text_lines(fs, scan.snap):
            yield "do", line
    for number, good in scan.live:
        f = fs.open(folder + "/" + segment_name(number), "rb")
        try:
            for _ in range(good):
                rec = parse_record(read_line(f, MAX_LINE), seed)
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


def since_checkpoint(fs, folder, scan, whole):
    # The history since the checkpoint as action lines, undos applied (at
    # most a round or two: a list). With `whole`, the folds hold what the
    # snapshot's restore sums up, and it is left out.
    lines = []
    for what, line in history(fs, folder, scan):
        if what == "do":
            if whole and line.split(" ", 2)[1:2] == ["restore"]:
                continue
            lines.append(line)
        elif what == "undo" and lines:
            lines.pop()
    return lines


# -- a finished evening's file ---------------------------------------------------

def archive_evening(fs, path):
    """The evening's name in the header of a finished evening's file
    games/NNNN.txt, or None."""
    try:
        f = fs.open(path, "rb")
    except OSError:
        return None
    try:
        words = f.readline(PIECE).split()
    except OSError:
        return None
    finally:
        f.close()
    if len(words) == 4 and b" ".join(words[:3]) == EVENING_HEAD.encode():
        try:
            return words[3].decode()
        except UnicodeError:
            return None
    return None
