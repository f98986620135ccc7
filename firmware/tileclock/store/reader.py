# A whole evening as action lines, read and never changed: the host tools'
# reader (journal.read_journal) and the finished evening's one file in
# games/ (store/archive.py writes it from evening_lines, read_archive reads
# it). Apart from store/recover.py, which the device needs at every boot:
# this is needed only when an evening ends, or on the host.
from tileclock.store import folds as F
from tileclock.store.fs import FS, check_text_file, is_action, read_line, seed_of, text_lines
from tileclock.store import scan as S

_MAX_LINE = 1024     # a longer line is not ours (as in store/recover.py)

def _fold_actions(fs, book, count):
    """The actions of folds 1..count, as one evening from its start: each
    fold after the first begins with the restore the one before ended at,
    which the evening doesn't need."""
    for number in range(1, count + 1):
        first = number > 1
        for line in book.lines(fs, number):
            if not is_action(line):
                continue
            if first and line.split(" ", 2)[1:2] == ["restore"]:
                first = False
                continue
            first = False
            yield line


def _evening_from(fs, folder, scan, whole, book):
    if whole:
        # (scan.folds: with no snapshot, the last fold's actions are the
        # history's, as the device resumes from them: not read twice)
        for line in _fold_actions(fs, book, scan.folds):
            yield line
    for line in S.since_checkpoint(fs, folder, scan, whole):
        yield line


def _book(fs, folder, scan):
    """(whole, book, problems): whether every fold of the evening is whole
    in some copy, the F.Folds, and a problem naming the first missing."""
    if scan.from_folds:
        return True, scan.book, []
    if scan.snap is None or scan.folds == 0:
        return False, None, []
    book = F.Folds(fs, folder, seed_of(scan.evening), scan.folds)
    missing = book.missing()
    if missing:
        return False, book, ["fold %d: missing or bad: rounds before it from the checkpoint" % missing[0]]
    return True, book, []


# -- the host: read, change nothing -----------------------------------------------

def read_journal(folder, fs=None):
    """journal.read_journal: (kind, lines, problems) -- every action of the
    evening, changing nothing (a file recovery would move aside is "not
    read"). With every fold whole in one copy or the other, the evening
    from its first action; else from the snapshot's restore (the totals are
    right, the calls of the folded rounds are not there). `folder` may be a
    finished evening's one file, games/NNNN.txt."""
    fs = fs or FS()
    if not fs.isdir(folder) and fs.size(folder) >= 0:
        return read_archive(fs, folder)
    try:
        scan = S.scan_folder(fs, folder, S.NOT_READ)
    except OSError as e:
        return None, [], ["journal: can't read (%s)" % e]
    problems = scan.problems
    if scan.kind is None:
        return None, [], problems
    whole, book, more = _book(fs, folder, scan)
    problems.extend(more)
    if book is not None and book.from_copy:
        problems.append("%s: fold %s damaged, read from its copy %s"
                        % (F.BOOKS[0], ", ".join(str(n) for n in book.from_copy), F.BOOKS[1]))
    return scan.kind, list(_evening_from(fs, folder, scan, whole, book)), problems


def evening_lines(folder, fs):
    """(name, kind, lines) of a journal folder recovery would take as it is
    (no problem, every fold whole): the evening's name and every action as
    an iterable of lines, read as it goes (Journal's archive); else None."""
    scan = S.scan_folder(fs, folder, S.NOT_READ)
    if scan.kind is None or scan.problems or scan.from_folds:
        return None
    whole, book, more = _book(fs, folder, scan)
    if more:
        return None
    return scan.evening, scan.kind, _evening_from(fs, folder, scan, whole, book)


def read_archive(fs, path):
    """(kind, lines, problems) of a finished evening's one file."""
    evening = S.archive_evening(fs, path)
    if evening is None or not S.is_hex8(evening):
        return None, [], ["%s: not a finished evening" % path[path.rfind("/") + 1:]]
    problem = check_text_file(fs, path, seed_of(evening))
    problems = [] if problem is None else ["finished evening: %s, read as it is" % problem]
    try:
        f = fs.open(path, "rb")
        try:
            read_line(f, _MAX_LINE)
            kind = read_line(f, _MAX_LINE).split()
        finally:
            f.close()
        kind = kind[1].decode() if len(kind) == 2 and kind[0] == b"game" else None
        if kind is None:
            return None, [], problems + ["finished evening: not a game"]
        lines = []
        for line in text_lines(fs, path):
            if line.startswith("#"):
                break       # a trailer cut short, or junk after it
            lines.append(line)
    except (OSError, UnicodeError) as e:
        return None, [], problems + ["finished evening: can't read (%s)" % e]
    return kind, lines, problems
