# The fold book: what each fold took out of the game (the folded actions,
# then the rounds they closed as the sheet shows them), appended as one
# entry after another to folds.txt and again to folds2.txt. Two files
# whatever the evening's length (a file each fold filled a 4 KB block each
# and slowed the boot), and two copies, so that no single damaged file
# loses a closed round. Formats and rules: docs/journal.md ("Folds").
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
from tileclock.store.fs import crc32
from tileclock.store.journal import BOOKS, fold_name as legacy_name

_HEAD = b"# tileclock fold "
_END = b"# end "
_PIECE = 256            # lines are read in pieces of this: no big allocation


def _number_of(raw):
    # the fold number in a header line, or 0
    words = raw.split()
    if len(words) != 6 or words[4] != b"evening" or not words[3].isdigit():
        return 0
    return int(words[3])


def whole_entries(fs, path, seed, start=0):
    """(number, offset) of every whole entry in the book at `path` from byte
    `start`, in file order ([] if there is no such file). An entry is whole
    when its lines count and check from `seed`: another evening's never do."""
    found = []
    try:
        f = fs.open(path, "rb")
    except OSError:
        return found
    try:
        if start:
            f.seek(start)
        pos = start
        line_start = True
        entry = -1          # the offset of the entry being read, or -1
        number = crc = count = 0
        while True:
            raw = f.readline(_PIECE)
            if not raw:
                return found
            at = pos
            pos += len(raw)
            if line_start and raw.startswith(_HEAD):
                # a header, even inside an entry (that one was cut short)
                number = _number_of(raw) if raw[-1:] == b"\n" else 0
                entry = at if number else -1
                crc = crc32(raw, seed)
                count = 0
            elif entry >= 0 and line_start and raw.startswith(_END):
                words = raw.split()
                try:
                    if (raw[-1:] == b"\n" and len(words) == 4 and words[2].isdigit()
                            and int(words[2]) == count and int(words[3], 16) == crc):
                        found.append((number, entry))
                except ValueError:
                    pass
                entry = -1
            elif entry >= 0:
                crc = crc32(raw, crc)
                if raw[-1:] == b"\n":
                    count += 1
            line_start = raw[-1:] == b"\n"
    except OSError:
        return found
    finally:
        f.close()


def entry_lines(fs, path, offset):
    """The lines of the whole entry at `offset` after its header and `game
    KIND` line, one at a time as str."""
    f = fs.open(path, "rb")
    try:
        if offset:
            f.seek(offset)
        f.readline()
        f.readline()
        while True:
            raw = f.readline()
            if not raw or raw.startswith(_END):
                return
            yield raw[:-1].decode()
    finally:
        f.close()


def first_head(fs, path):
    """The first line of a book (the header of its first entry), or None."""
    try:
        f = fs.open(path, "rb")
    except OSError:
        return None
    try:
        return f.readline(_PIECE)
    except OSError:
        return None
    finally:
        f.close()


class Folds:
    """Where each fold of the evening is read whole: `places[n]` is (path,
    offset) for fold n, or None if no copy holds it whole. `count` the folds
    the evening has (the snapshot's), or None: as many in a row from fold 1
    as some copy holds. The first book is read; the second only for what the
    first lacks; legacy fold files last."""

    def __init__(self, fs, folder, seed, count=None):
        places = [None]  # type: list[tuple[str, int] | None]
        self.places = places
        self.from_copy = []     # fold numbers the first book lacks, read elsewhere
        for name in BOOKS:
            if count is not None and None not in places[1:] and len(places) > count:
                break
            path = folder + "/" + name
            taken = {}
            for number, offset in whole_entries(fs, path, seed):
                if count is None or number <= count:
                    taken[number] = offset      # a later entry of a number wins
            for number in taken:
                while len(places) <= number:
                    places.append(None)
                if places[number] is None:
                    places[number] = (path, taken[number])
                    if name != BOOKS[0]:
                        self.from_copy.append(number)
        top = count if count is not None else len(places) - 1
        while len(places) <= top:
            places.append(None)
        for number in range(1, top + 1):
            if places[number] is None:
                places[number] = self._legacy(fs, folder, seed, number)
        while count is None:
            place = self._legacy(fs, folder, seed, len(places))
            if place is None:
                break
            places.append(place)
        if count is None:
            n = 1           # as many in a row from fold 1 as are whole
            while n < len(places) and places[n] is not None:
                n += 1
            del places[n:]
            count = len(places) - 1
        while len(places) <= count:
            places.append(None)
        self.count = count

    def _legacy(self, fs, folder, seed, number):
        # fold `number` in a file of its own (a journal from before the book)
        path = folder + "/" + legacy_name(number)
        if fs.size(path) >= 0 and whole_entries(fs, path, seed) == [(number, 0)]:
            return path, 0
        return None

    def missing(self):
        """The fold numbers no copy holds whole."""
        return [n for n in range(1, self.count + 1) if self.places[n] is None]

    def lines(self, fs, number):
        path, offset = self.places[number]
        return entry_lines(fs, path, offset)
