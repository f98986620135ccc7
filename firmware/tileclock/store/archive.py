# Finished evenings: a new evening started (the old journal/ archived in
# games/), games/ pruned by the room left, and room made on a full flash.
# Apart from store/journal.py because an evening in play needs none of it
# but make_room(), and that only on a full flash: loaded when it is needed,
# unloaded with the boot's modules (tileclock.modules).
#
# ROOT/games/ holds the finished evenings, oldest first by number:
#   NNNN.txt   one file, every action of the evening (the folds' and the
#              rest), `# tileclock evening XXXXXXXX` and `game KIND` first,
#              `# end COUNT CRC` last (as a snapshot, from the evening's number)
#   NNNN/      the journal folder as it was, when recovery set files aside
#              in it or couldn't read it whole (kept for the host)
from micropython import const

from tileclock.store.fs import EVENING_HEAD, LEGACY, MARKER, check_text_file, is_bad_name, join, move_aside, new_evening, record, seed_of, segment_name, write_text_file

KEEP_GAMES = const(100)      # finished evenings kept at most (the room decides first)
KEEP_UNSIZED = const(20)     # ... on a file system that can't say its room
KEEP_FREE = const(262144)    # bytes kept free for the evening in play (30 rounds of eight take 200 KB): older evenings go


def archive_name(number):
    return "%04d.txt" % number


def start(journal, kind, as_is=False):
    """Journal.start: a new evening of `kind` built in journal.new/, then
    swapped in (switch; `as_is` keeps the old folder as it is). May be done
    again from the start (a full flash)."""
    fs = journal.fs
    new = journal.root + "/journal.new"
    evening = new_evening(journal.random_source)
    clear(fs, new)
    fs.mkdir(new)
    fs.open(new + "/" + MARKER + evening, "wb").close()
    seed = seed_of(evening)
    f = fs.open(new + "/" + segment_name(1), "wb")
    try:
        f.write(record(1, "game " + kind, seed))
    finally:
        f.close()
    switch(journal, new, as_is)
    journal.adopt(kind, evening, 1, 0, None)
    journal.use_files(1, (1,), fs.size(journal.folder + "/" + segment_name(1)))


def clear(fs, path):
    """A folder of ours that is in the way emptied and removed; a file where
    it should be moved aside."""
    if fs.isdir(path):
        for name in fs.listdir(path):
            full = join(path, name)
            if isinstance(full, str) and fs.isdir(full):
                clear(fs, full)
            else:
                fs.remove(full)
        fs.rmdir(path)
    elif fs.size(path) >= 0:
        move_aside(fs, path)


def switch(journal, new, as_is=False):
    """journal/ goes to games/ (or away, if it holds no action), then
    journal.new/ becomes journal/. Each step is atomic or done again at boot
    (recover._repair_start): the finished evening is written whole to
    games/NNNN.tmp, checked, renamed, and only then is journal/ removed; an
    evening already archived isn't written twice."""
    fs = journal.fs
    folder = journal.folder
    if fs.isdir(folder):
        if _worth_keeping(journal):
            games = journal.root + "/games"
            if not fs.isdir(games) and fs.size(games) >= 0:
                move_aside(fs, games)         # a file where the folder goes
            fs.mkdir(games)
            kept = archives(fs, journal.root)
            number = (kept[-1][0] if kept else 0) + 1
            if not as_is and _compact(journal, games, number, kept):
                clear(fs, folder)
            else:
                fs.rename(folder, games + "/%04d" % number)
        else:
            clear(fs, folder)
    elif fs.size(folder) >= 0:
        move_aside(fs, folder)
    fs.rename(new, folder)
    prune(journal)


def _compact(journal, games, number, kept):
    # The finished evening in one file: every action, as the host reads it
    # (the folds' entries, then the snapshot's and segments' history).
    # False, with nothing written, when recovery would have a problem with
    # the folder: then it stays as it is, for the host.
    from tileclock.store import reader
    fs = journal.fs
    if archived(journal, kept):
        return True
    evening = reader.evening_lines(journal.folder, fs)
    if evening is None:
        return False
    name, kind, lines = evening
    tmp = games + "/%04d.tmp" % number
    seed = seed_of(name)
    try:
        write_text_file(fs, tmp, "%s %s\ngame %s" % (EVENING_HEAD, name, kind), lines, seed)
    except OSError:
        # (a full flash: the part written goes, not left where no prune
        # finds it)
        if fs.size(tmp) >= 0:
            fs.remove(tmp)
        raise
    problem = check_text_file(fs, tmp, seed)
    if problem is not None:
        fs.remove(tmp)
        raise OSError("journal: finished evening did not read back (%s)" % problem)
    fs.rename(tmp, games + "/" + archive_name(number))
    return True


def archived(journal, kept=None):
    """True if the newest finished evening (of `kept`, archives()) is the
    one journal/ holds: a switch was cut after its file was written whole
    (journal/ is archived only when its new evening is whole, so it holds
    no action the file lacks), and what is left of journal/, a clear cut
    short perhaps, goes."""
    from tileclock.store import scan as S
    fs = journal.fs
    if kept is None:
        kept = archives(fs, journal.root)
    if not kept or not kept[-1][1].endswith(".txt"):
        return False
    name = S.archive_evening(fs, journal.root + "/games/" + kept[-1][1])
    # (journals from before evenings had names all read as LEGACY: none is
    # taken for another; journal/'s evening is its marker's, or what its
    # files name if the cut took the marker)
    return name is not None and name != LEGACY and name == S.scan_folder(fs, journal.folder, S.NOT_READ).evening


def _worth_keeping(journal):
    # Keep the old journal unless it is an evening with no action yet:
    # anything moved aside, or not understood, is kept for the host.
    names = journal.fs.listdir(journal.folder)
    for name in names:
        if is_bad_name(name) or name.startswith("f"):
            return True
    if journal._ready:
        return journal.seq > 1
    for name in names:
        if not name.startswith(MARKER):
            return True
    return False


def archives(fs, root):
    """[(number, name)] of the finished evenings in root/games/, oldest
    first: folders NNNN and files NNNN.txt."""
    found = []
    for name in fs.listdir(root + "/games"):
        if not isinstance(name, str):
            continue
        digits = name[:-4] if name.endswith(".txt") else name
        if len(digits) == 4 and digits.isdigit():
            found.append((int(digits), name))
    found.sort()
    return found


def _remove(fs, root, name):
    path = root + "/games/" + name
    if fs.isdir(path):
        clear(fs, path)
    else:
        fs.remove(path)


def prune(journal):
    """games/ by the room left: the oldest finished evenings go while less
    than KEEP_FREE is free (and past KEEP_GAMES of them, or on a port that
    can't say its room, past KEEP_UNSIZED); never the evening in play, nor
    the newest finished one (last night's, perhaps not yet pulled): on a
    full flash make_room() may take that one too."""
    fs = journal.fs
    kept = archives(fs, journal.root)
    free = fs.free(journal.root)
    keep = KEEP_GAMES if free is not None else KEEP_UNSIZED
    # (a count that can't be true, below 0: FS.free, prunes nothing by the
    # room: read as a flash with none left, it would take every evening)
    while len(kept) > 1 and (len(kept) > keep or free is not None and 0 <= free < KEEP_FREE):
        _remove(fs, journal.root, kept.pop(0)[1])
        if free is not None:
            free = fs.free(journal.root)


def make_room(journal):
    """Journal.make_room: the oldest finished evening removed, else a file
    set aside (games/, then journal/) or a finished evening's .tmp left by
    a cut. True if anything went."""
    fs = journal.fs
    kept = archives(fs, journal.root)
    if kept:
        _remove(fs, journal.root, kept[0][1])
        return True
    games = journal.root + "/games"
    for folder in (games, journal.folder):
        for name in fs.listdir(folder):
            # (and in games/ an evening's .tmp a power cut left)
            if is_bad_name(name) or folder == games and name.endswith(".tmp"):
                path = join(folder, name)
                if isinstance(path, str) and fs.isdir(path):
                    clear(fs, path)
                else:
                    fs.remove(path)
                return True
    return False
