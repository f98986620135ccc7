# The journal: every engine action on flash, so a power cut loses at most the
# action in flight and a reboot resumes the evening. Formats, recovery rules
# and the flash cost model are in docs/journal.md.
#
# Files in ROOT/journal/, all of one evening, a bounded number of them
# whatever its length:
#   evening-XXXXXXXX  its name is the evening's identity (8 hex digits); it
#                     holds the number of the last record appended (a record
#                     `SEQ count`), so that a last segment lost or cut at a
#                     record's end is said, not silent
#   jNNNN.log         segments of records `SEQ TEXT *CRC` (at most
#                     SEGMENT_BYTES each, so on the Pico they stay inline in
#                     LittleFS's metadata); TEXT is an action line, `undo T`
#                     or a time mark `@T`
#   snap.txt          the history up to some record: the game's history as
#   snap2.txt         action lines (a `restore` line first once the evening
#                     is folded), written to a .tmp, checked, renamed; two
#                     copies, so one damaged file loses nothing
#   folds.txt         the fold book, in two copies (store/folds.py): what
#   folds2.txt        each fold took out of the game, one entry a fold
# Every CRC starts from the evening's number, so a record, a snapshot or a
# fold of another evening never checks as this one's. A new evening is built
# in ROOT/journal.new/ and swapped in; a finished one becomes one file,
# ROOT/games/NNNN.txt (every action of the evening), or stays a folder
# ROOT/games/NNNN/ when it had files recovery set aside. games/ is pruned by
# the room left, oldest first, and a full flash makes room the same way.
from micropython import const

from tileclock.engine import format_action
from tileclock.store.fs import FS
# The files' formats are store/fs.py's (the host tools and tests still
# find the ones the journal uses as journal.X)
from tileclock.store.fs import (
    BOOKS, FOLD_HEAD, MARKER, SNAP, SNAP2, SNAP2_TMP, SNAP_HEAD, SNAP_TMP, check_text_file, copy_file,
    is_full, random_bytes, record, seed_of, segment_name, write_text_file)
from tileclock.ticks import ticks_diff

SEGMENT_BYTES = const(480)   # LittleFS on the Pico keeps files <= 512 bytes inline
MAX_SEGMENTS = const(8)      # more live segments than this: write a snapshot
FOLD_ROOM = const(8192)      # free bytes a fold wants (two entries of a round of eight)
_ENOSPC = const(28)          # errno of a full file system (as store/fs.py's)
ROOM_NOTICE = "flash full: oldest evenings removed"


def last_time(game):
    """The time (ticks) of the game's last action, or None."""
    return game.history[-1][0] if game.history else None


def resume_time(game, mark):
    """The later of the game's last action time and `mark` (the journal's
    last time mark or undo, Journal.mark_time, or None): where a resumed
    clock stops."""
    last = last_time(game)
    if mark is None:
        return last
    if last is None or ticks_diff(mark, last) > 0:
        return mark
    return last


def read_journal(folder, fs=None):
    """(kind, lines, problems) of a journal folder, changing nothing: every
    action of the evening (folded ones included) as action lines, for the
    host tools; the problems say "not read" where recovery on the device
    says "moved aside" (docs/journal.md)."""
    from tileclock.store import reader
    return reader.read_journal(folder, fs)


class Journal:
    """The journal of the evening being played, in `root`/journal/."""

    def __init__(self, root, fs=None, random_source=random_bytes):
        self.fs = fs or FS()
        self.root = root
        # where a new evening's name comes from (a simulated board may give
        # a seeded one, so that a bench's heap is the same at every run)
        self.random_source = random_source
        self.segment_bytes = SEGMENT_BYTES  # (attributes so a bench can try others)
        self.max_segments = MAX_SEGMENTS
        self.folder = root + "/journal"
        self.kind = None
        self.evening = None   # the evening's name (8 hex digits)
        self.seed = 0         # every CRC of the evening starts from it
        self.seq = 0          # records so far (record 1 names the game)
        self.folds = 0        # fold files written (f0001 ...)
        self.mark_time = None  # the last time mark or undo recovered (ticks), or None
        self._ready = False
        self._spoiled = False  # a write failed part-way (a mark's append, a fold): the next is a snapshot
        self.notice = None     # ROOM_NOTICE for the screen, once; "" once shown
        self.use_files(0, (), 0)

    def use_files(self, upto, live, tail):
        """Where appends go: `upto` the highest segment number used or
        covered, `live` the segments past the snapshot, the last one
        `tail` bytes long (recovery's findings, or a fresh start)."""
        self._upto = upto
        self._live = list(live)
        self._tail = tail
        self._open = bool(live)   # appends may go to the last live segment

    def adopt(self, kind, evening, seq, folds, mark_time):
        """Take the evening recovery found (store/recover.py)."""
        self.kind = kind
        self.evening = evening
        self.seed = seed_of(evening) if evening else 0
        self.seq = seq
        self.folds = folds
        self.mark_time = mark_time
        self._spoiled = False
        self._ready = True

    def first_power_on(self):
        """True on a flash that has never held a journal (no folder, no new
        evening cut short): nothing to recover. The folder is made, as
        recovery would make it, and the journal is ready: the boot loads
        none of recovery's modules before the home menu's first frame."""
        fs = self.fs
        for path in (self.folder, self.root + "/journal.new"):
            if fs.isdir(path) or fs.size(path) >= 0:
                return False
        fs.mkdir(self.folder)
        self.adopt(None, None, 0, 0, None)
        return True

    # -- a new evening --

    def start(self, kind):
        """Begin the journal of a new evening of `kind`; the old one is kept
        in games/ (as one file, NNNN.txt, when it reads whole): store/archive.py."""
        from tileclock.store import archive
        self._roomy(archive.start, self, kind)

    def make_room(self):
        """Free some flash for the evening in play: the oldest finished
        evening, else a file set aside (store/archive.make_room). True if
        anything went; the first time, `notice` says so for the screen
        (whoever shows it sets it to "")."""
        from tileclock.store import archive
        if not archive.make_room(self):
            return False
        if self.notice is None:
            self.notice = ROOM_NOTICE
        return True

    def _room_for(self, need):
        # Before a big write (a fold, both copies): room made while less than
        # `need` bytes are free. False if it can't be: the write is not
        # begun, so that it isn't torn on a full flash (each try would leave
        # its part behind in the book, and spend the room records need).
        # A figure the file system can't tell (None), or that can't be true
        # (below 0: FS.free), decides nothing: the write is tried.
        free = self.fs.free(self.root)
        while free is not None and 0 <= free < need:
            if not self.make_room():
                return False
            free = self.fs.free(self.root)
        return True

    def _roomy(self, write, *args):
        # write(*args); on a full flash, room made and written again (each
        # write here may be done again: it starts its files afresh)
        while True:
            try:
                return write(*args)
            except OSError as e:
                if not is_full(e) or not self.make_room():
                    raise

    # -- actions --

    def record(self, game):
        """Journal game.history[-1], the action the engine just accepted. A
        close is written into both snapshots at once: a closed round is
        never in one file alone (a damaged segment loses no round)."""
        now, verb, args = game.history[-1]
        self._write(format_action(now, verb, args), game)
        if game.last_closed() and self._live:
            self._snapshot(game)
        else:
            self._maybe_snapshot(game)

    def undo(self, game, now):
        """Journal an undo made at `now`; `game` is the game after it."""
        self._write("undo %d" % now, game)
        self.mark_time = now
        self._maybe_snapshot(game)

    def mark(self, now, game=None):
        """Journal a time mark: the clock was running at `now` (ticks). Not an
        action (the history does not change); recovery returns the last one
        as mark_time, so a resume loses at most the time since it. With
        `game`, too many segments are folded into a snapshot that keeps the
        mark (an idle clock never piles up files), and a failed append is a
        snapshot instead. Without, a failed append raises OSError and leaves
        the next action's write a snapshot; until then marks are skipped
        (never appended after a torn record)."""
        if self._spoiled:
            return
        self._write("@%d" % now, game, now)
        self.mark_time = now
        if game is not None:
            self._maybe_snapshot(game)

    def checkpoint(self, game):
        """Write a snapshot now (a calm moment), if anything is in segments
        (or a snapshot is owed: a rewrite that failed)."""
        if self._live or self._spoiled:
            self._snapshot(game)

    def rewrite(self, game):
        """The history changed before its last action (a call moved to
        another seat or taken out: engine/correct.py), or the journal fell
        behind the game (a write failed: tileclock/keeper.py): the whole
        game in a snapshot, counted as a record, the segments it replaces
        dropped. A cut leaves the old game or the new one; a failed write
        leaves a snapshot owed, which the next write makes."""
        if not self._ready or self.kind is None:
            raise OSError("journal: recover() or start() first")
        self.seq += 1
        self._spoiled = True        # (until the snapshot is whole)
        self._snapshot(game)

    def fold(self, game):
        """The game folded (Game.folded()) with its folded actions on flash
        first, in both books of folds: returns the new game, or raises
        OSError with `game` as it was (it goes on unfolded; the next close
        writes the fold again). A flash short of FOLD_ROOM once room is
        made: raised before anything is written. A write that failed: the
        journal's next write is a whole snapshot. The entry's writer is
        store/foldwrite.py, loaded here alone."""
        from tileclock.store import foldwrite
        new, folded = game.folded()
        # the rounds the new game no longer holds, as the sheet shows them
        old_rounds = game.sheet()["rounds"]
        rounds = old_rounds[:len(old_rounds) - len(new.sheet()["rounds"])]
        number = self.folds + 1
        head = "%s %d evening %s\ngame %s" % (FOLD_HEAD, number, self.evening, self.kind)
        if not self._room_for(FOLD_ROOM):
            # skipped before a byte is written: the journal is as it was
            raise OSError(_ENOSPC)
        players = getattr(game, "players", None)
        try:
            for name in BOOKS:
                self._roomy(foldwrite.append, self.fs, self.folder + "/" + name, self.seed, head, folded,
                            rounds, players)
            self.folds = number
            self._snapshot(new)
        except OSError:
            # Part of it may be on flash (an entry in one book, or torn; a
            # snapshot that counts the fold). The game goes on unfolded and
            # the next write is a whole snapshot of it, counting the folds
            # before this one: the next fold writes this number again, and
            # the later entry of a number is the one read.
            self.folds = number - 1
            self._spoiled = True
            raise
        return new

    def fold_book(self):
        """Where each fold of the evening is read whole (store/folds.Folds)."""
        from tileclock.store import folds
        return folds.Folds(self.fs, self.folder, self.seed, self.folds)

    def folded_rounds(self, book=None, players=None):
        """The closed rounds the folds took out of the game, oldest first, as
        sheet() gave them (for the device's score sheet), one at a time
        (store/folds.folded_rounds). `players`: the game's players now (a table
        game's), so that a player renamed since a fold shows by the new
        name."""
        from tileclock.store import folds
        return folds.folded_rounds(self.fs, self.fold_book() if book is None else book, players)

    def _maybe_snapshot(self, game):
        if len(self._live) > self.max_segments:
            self._snapshot(game)

    def _write(self, text, game, mark=None):
        if not self._ready or self.kind is None:
            raise OSError("journal: recover() or start() first")
        if self._spoiled and game is not None:
            self.seq += 1               # this record, in a snapshot with the rest
            if mark is not None:
                self.mark_time = mark
            self._snapshot(game)
            return
        data = record(self.seq + 1, text, self.seed)
        if not self._open or self._tail + len(data) > self.segment_bytes:
            self._upto += 1
            self._live.append(self._upto)
            self._tail = 0
            self._open = True
        path = self.folder + "/" + segment_name(self._upto)
        try:
            f = self.fs.open(path, "ab")
            try:
                f.write(data)
            finally:
                f.close()
        except OSError as e:
            self.seq += 1
            # The segment may end in part of the record: what follows goes
            # into a snapshot. A full flash first makes room.
            if is_full(e):
                self.make_room()
            if game is None:
                # A mark without the game: no history to snapshot here
                self._spoiled = True
                raise
            if mark is not None:
                self.mark_time = mark
            self._snapshot(game)
            return
        self.seq += 1
        self._tail += len(data)
        self._count()

    def _count(self):
        # The marker says how many records were appended (recovery compares:
        # store/scan.py). Written after the record: a cut between the two
        # leaves a count one short, never one too many; a count that fails
        # to write, or is torn, only says nothing.
        try:
            f = self.fs.open(self.folder + "/" + MARKER + self.evening, "wb")
            try:
                f.write(record(self.seq, "count", self.seed))
            finally:
                f.close()
        except OSError:
            pass

    def _snapshot(self, game=None, lines=None):
        # the game's history, or the action lines given (recovery's: a list),
        # in snap.txt and snap2.txt; then the segments they hold go
        self._roomy(self._write_snapshots, game, lines)
        fs = self.fs
        for number in self._live:
            path = self.folder + "/" + segment_name(number)
            if fs.size(path) >= 0:      # a failed append may not have made it
                fs.remove(path)
        self.use_files(self._upto, (), 0)
        self._spoiled = False

    def _write_snapshots(self, game, lines):
        fs = self.fs
        folder = self.folder + "/"
        mark = self.mark_time
        head = "%s upto %d seq %d evening %s folds %d mark %s\ngame %s" % (
            SNAP_HEAD, self._upto, self.seq, self.evening, self.folds, "-" if mark is None else mark, self.kind)
        write_text_file(fs, folder + SNAP_TMP, head, _lines(game) if lines is None else lines, self.seed)
        problem = check_text_file(fs, folder + SNAP_TMP, self.seed)
        if problem is None:
            copy_file(fs, folder + SNAP_TMP, folder + SNAP2_TMP)
            problem = check_text_file(fs, folder + SNAP2_TMP, self.seed)
        if problem is not None:
            raise OSError("journal: snapshot did not read back (%s)" % problem)
        # both whole before either replaces a copy: a cut between the
        # renames leaves snap2.tmp, which recovery takes as the newer
        fs.rename(folder + SNAP_TMP, folder + SNAP)
        fs.rename(folder + SNAP2_TMP, folder + SNAP2)

    def rebase(self, game):
        """The engine refused part of the history: keep the whole old journal
        as a finished evening and go on from what the engine holds."""
        mark = self.mark_time
        self.seq = 2                # so the old folder is kept, never dropped
        from tileclock.store import archive
        self._roomy(archive.start, self, game.KIND, True)   # ... as it is, for the host
        self._snapshot(game)
        self.mark_time = mark


def _lines(game):
    # The history as action lines, for a snapshot, one at a time.
    for now, verb, args in game.history:
        yield format_action(now, verb, args)
