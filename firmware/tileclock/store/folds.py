# The fold book: what each fold took out of the game (the folded actions,
# then the rounds they closed as the sheet shows them), appended as one
# entry after another to folds.txt and again to folds2.txt. Two files
# whatever the evening's length (a file each fold filled a 4 KB block each
# and slowed the boot), and two copies, so that no single damaged file
# loses a closed round. Formats and rules: docs/journal.md ("Folds").
# Recovery reads the book here, and the score sheet its rounds
# (folded_rounds); an entry is written by store/foldwrite.py, which a fold
# loads alone. Its lines' words are store/fs.py's (PLAYERS, is_action).
#
# An entry is a text file of its own, one after another:
#   # tileclock fold N evening XXXXXXXX
#   game KIND
#   ...lines...
#   # end COUNT CRC
# COUNT the lines after the header, CRC the CRC-32 of the entry's bytes
# before the end line, from the evening's number. Entries are numbered from
# 1; a number written again (a fold cut before its snapshot, done again at
# the next action) is the later entry's. An empty line comes before every
# entry but the first, so a torn entry's last line never runs into the next
# header. Journals from before the book kept each fold in fNNNN.txt: read as
# a one-entry book whose entry must be numbered N.
from micropython import const

from tileclock.store.fs import BOOKS, END, PIECE, PLAYERS, crc32, fold_name as legacy_name, text_lines

_HEAD = b"# tileclock fold "
_NAME_KEYS = ("winner", "first_out")     # a folded round's keys that name a player


def _number_of(raw):
    # the fold number in a header line, or 0
    words = raw.split()
    if len(words) != 6 or words[4] != b"evening" or not words[3].isdigit():
        return 0
    return int(words[3])


def whole_entries(fs, path, seed, start=0):
    """(number, offset) of every whole entry in the book at `path` from byte
    `start`, in file order, one at a time (none if there is no such file).
    An entry is whole when its lines count and check from `seed`: another
    evening's never do."""
    try:
        f = fs.open(path, "rb")
    except OSError:
        return
    try:
        if start:
            f.seek(start)
        pos = start
        line_start = True
        entry = -1          # the offset of the entry being read, or -1
        number = crc = count = 0
        while True:
            try:
                raw = f.readline(PIECE)
            except OSError:
                return
            if not raw:
                return
            at = pos
            pos += len(raw)
            if line_start and raw.startswith(_HEAD):
                # a header, even inside an entry (that one was cut short)
                number = _number_of(raw) if raw[-1:] == b"\n" else 0
                entry = at if number else -1
                crc = crc32(raw, seed)
                count = 0
            elif entry >= 0 and line_start and raw.startswith(END):
                words = raw.split()
                whole = False
                try:
                    whole = (raw[-1:] == b"\n" and len(words) == 4 and words[2].isdigit()
                             and int(words[2]) == count and int(words[3], 16) == crc)
                except ValueError:
                    pass
                if whole:
                    yield number, entry
                entry = -1
            elif entry >= 0:
                crc = crc32(raw, crc)
                if raw[-1:] == b"\n":
                    count += 1
            line_start = raw[-1:] == b"\n"
    finally:
        f.close()


def first_head(fs, path):
    """The first line of a book (the header of its first entry), or None."""
    try:
        f = fs.open(path, "rb")
    except OSError:
        return None
    try:
        return f.readline(PIECE)
    except OSError:
        return None
    finally:
        f.close()


_NONE = const(0)         # Folds._where: no copy holds the fold whole
_LEGACY = const(3)       # ... a legacy file fNNNN.txt (1, 2: BOOKS[0], BOOKS[1])


class Folds:
    """Where each fold of the evening is read whole: place(n) is (path,
    offset) for fold n, or None if no copy holds it whole. `count` the folds
    the evening has (the snapshot's), or None: as many in a row from fold 1
    as some copy holds. The first book is read; the second only for what the
    first lacks; legacy fold files last. Two small arrays, not a tuple a
    fold: an evening of hundreds of folds costs a few hundred bytes."""

    def __init__(self, fs, folder, seed, count=None):
        self.folder = folder
        where = bytearray(1 + (count or 0))     # per fold: _NONE, 1, 2 or _LEGACY
        offsets = [0] * len(where)               # (small ints: a word each)
        self.from_copy = []     # fold numbers the first book lacks, read elsewhere
        for book in (1, 2):
            if count is not None and where.find(b"\x00", 1) < 0:
                break           # every fold found (_NONE is 0)
            for number, offset in whole_entries(fs, folder + "/" + BOOKS[book - 1], seed):
                if count is not None and number > count:
                    continue
                while len(where) <= number:
                    where.append(_NONE)
                    offsets.append(0)
                if where[number] == _NONE or where[number] == book:
                    where[number] = book        # a later entry of a number wins
                    offsets[number] = offset
                    if book == 2 and number not in self.from_copy:
                        self.from_copy.append(number)
        top = count if count is not None else len(where) - 1
        for number in range(1, top + 1):
            if where[number] == _NONE and self._legacy(fs, seed, number):
                where[number] = _LEGACY
        if count is None:
            while self._legacy(fs, seed, len(where)):
                where.append(_LEGACY)
                offsets.append(0)
            count = 1           # as many in a row from fold 1 as are whole
            while count < len(where) and where[count] != _NONE:
                count += 1
            count -= 1
        self._where = where
        self._offsets = offsets
        self.count = count

    def _legacy(self, fs, seed, number):
        # fold `number` in a file of its own (a journal from before the book)
        path = self.folder + "/" + legacy_name(number)
        if fs.size(path) < 0:
            return False
        found = [entry for entry in whole_entries(fs, path, seed)]
        return found == [(number, 0)]

    def place(self, number):
        """(path, offset) of fold `number`'s whole entry, or None."""
        book = self._where[number] if number < len(self._where) else _NONE
        if book == _NONE:
            return None
        if book == _LEGACY:
            return self.folder + "/" + legacy_name(number), 0
        return self.folder + "/" + BOOKS[book - 1], self._offsets[number]

    def missing(self):
        """The fold numbers no copy holds whole."""
        return [n for n in range(1, self.count + 1) if self.place(n) is None]

    def lines(self, fs, number):
        """The lines of fold `number`'s entry (one some copy holds whole)."""
        place = self.place(number)
        if place is None:
            raise OSError("fold %d: no copy is whole" % number)
        return text_lines(fs, place[0], place[1])


# -- an entry's rounds, for the score sheet (Journal.folded_rounds) --------------

def folded_rounds(fs, book, players=None):
    """The closed rounds of the book's folds, oldest first, as sheet() gave
    them: one at a time. A fold no copy holds whole gives {"lost": N} in its
    place (N the fold's number). `players`: the game's players now (a table
    game's, first appearance first), so that a player renamed since a fold
    shows by the new name, as the rename means (engine/table.py) and as the
    host shows it."""
    import json
    for number in range(1, book.count + 1):
        if book.place(number) is None:
            yield {"lost": number}
            continue
        # An entry's rounds (one, or a few after a fold that failed) are read
        # whole before any is given: the file is closed at every yield.
        # MicroPython runs no `finally` of a generator dropped half-way (the
        # sheet stops at the round it shows), so a file open across a yield
        # stayed open, with LittleFS's 1 KB cache, until a collection.
        rounds = []
        then = None         # the players when the fold was written
        for line in book.lines(fs, number):
            if line.startswith("sheet "):
                rounds.append(json.loads(line[6:]))
            elif line.startswith("part ") and rounds:
                _part, key, item = line.split(" ", 2)
                rounds[-1][key].append(json.loads(item))
            elif line.startswith(PLAYERS):
                then = json.loads(line[len(PLAYERS):])
        for r in rounds:
            yield _renamed(r, then, players)


def _renamed(r, then, now):
    # A folded round `r` with the names its players have now: a rename
    # keeps a player's place in `players` (engine/table.py), so the fold's
    # list `then` and the game's `now` pair old and new names by position.
    if not then or not now:
        return r
    for key in _NAME_KEYS:
        name = r.get(key)
        if name in then:
            r[key] = now[then.index(name)]
    for row in r.get("rows", ()):
        name = row.get("name")
        if name in then:
            row["name"] = now[then.index(name)]
    return r
