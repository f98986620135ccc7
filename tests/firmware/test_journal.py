# The journal: records, segments, snapshots, recovery, new games.
# Runs under pytest and on MicroPython (tests/run_on_micropython.py).
import gc
import os

from check import WatchedFile, raises, undo

from tileclock.engine.game import Game, Refused, check_int, check_name
from tileclock.script import format_action, parse_action
from tileclock.store import archive
from tileclock.store import journal as J
from tileclock.store import recover as R
from tileclock.store.fs import FS, _crc32_slow, crc32
from tileclock_host.boards.fsmodel import MemFS

ROOT = "/flash"


class Tally(Game):
    """A small game for the journal's tests: seats, scores, a clock."""
    KIND = "tally"
    VERBS = {"seat": "SEAT NAME", "score": "SEAT POINTS", "go": "", "pause": ""}

    def reset(self):
        self.scores = {}
        self.running = False

    def do_seat(self, now, seat, name):
        check_int(seat, 1, 8, "seat")
        check_name(name)
        if seat in self.scores:
            raise Refused("seat taken")
        self.scores[seat] = 0

    def do_score(self, now, seat, points):
        if seat not in self.scores:
            raise Refused("no such seat")
        self.scores[seat] += points

    def do_go(self, now):
        self.running = True

    def do_pause(self, now):
        if not self.running:
            raise Refused("not running")
        self.running = False

    def sheet(self):
        return sorted(self.scores.items())


def tally(kind):
    if kind != "tally":
        raise Refused("unknown game")
    return Tally()


def fresh():
    fs = MemFS()
    fs.mkdir(ROOT)
    return fs


def lines_of(game):
    return [format_action(now, verb, args) for now, verb, args in game.history]


def play(journal, game, count, start=0):
    """`count` accepted actions (and an undo now and then), each journalled."""
    if not game.scores:
        for seat, name in ((1, "Ann"), (2, "Bob"), (3, "Cy")):
            game.do(start, "seat", (seat, name))
            journal.record(game)
    for i in range(count):
        now = start + 1000 * (i + 1)
        game.do(now, "score", (1 + i % 3, (i * 7) % 11 - 3))
        journal.record(game)
        if i % 9 == 4:
            undo(game)
            journal.undo(game, now)


def digest(game):
    """(count, crc) of the game's history as action lines."""
    crc = 0
    for now, verb, args in game.history:
        crc = crc32(format_action(now, verb, args).encode(), crc)
    return len(game.history), crc


def digest_lines(lines):
    crc = 0
    for line in lines:
        crc = crc32(line.encode(), crc)
    return len(lines), crc


def replayed(lines):
    game = Tally()
    for line in lines:
        game.do(*parse_action(line))
    return game


def names(fs, folder=ROOT + "/journal"):
    """The folder's files but the evening's marker (evening-XXXXXXXX)."""
    return sorted(n for n in fs.listdir(folder) if not n.startswith(J.MARKER))


def test_crc_is_zlibs_and_the_fallback_agrees():
    assert crc32(b"123456789") == 0xCBF43926
    for data in (b"", b"1 game wordsport", bytes(range(256))):
        assert _crc32_slow(data) == crc32(data)
    assert crc32(b"6789", crc32(b"12345")) == crc32(b"123456789")


def test_fresh_device_has_nothing_to_resume():
    fs = fresh()
    journal = J.Journal(ROOT, fs)
    assert R.recover(journal) == (None, [], [])
    assert R.resume(J.Journal(ROOT, fs), tally) == (None, [])
    raises(OSError, journal.undo, Tally(), 0)


def test_the_first_power_on_needs_no_recovery_and_a_later_one_does():
    fs = fresh()
    journal = J.Journal(ROOT, fs)
    assert journal.first_power_on()
    assert fs.isdir(ROOT + "/journal") and journal.kind is None and journal.seq == 0
    journal.start("tally")          # as after a recovery that found nothing
    game = Tally()
    play(journal, game, 3)
    again = J.Journal(ROOT, fs)
    assert not again.first_power_on()
    back, problems = R.resume(again, tally)
    assert problems == [] and digest(back) == digest(game)
    # a new evening cut short before its switch is something to recover
    fs = fresh()
    fs.mkdir(ROOT + "/journal.new")
    assert not J.Journal(ROOT, fs).first_power_on()
    fs = fresh()
    fs.open(ROOT + "/journal", "wb").close()    # a file where the folder goes
    assert not J.Journal(ROOT, fs).first_power_on()


def test_records_are_text_with_sequence_and_crc():
    fs = fresh()
    journal = J.Journal(ROOT, fs)
    journal.start("tally")
    game = Tally()
    game.do(0, "seat", (1, "Ann"))
    journal.record(game)
    game.do(65250, "score", (1, -4))
    journal.record(game)
    undo(game)
    journal.undo(game, 70000)
    data = bytes(fs.files[ROOT + "/journal/j0001.log"])
    rows = data.decode().split("\n")
    assert rows[-1] == ""
    bodies = ["1 game tally", "2 0 seat 1 Ann", "3 65250 score 1 -4", "4 undo 70000"]
    # every CRC starts from the evening's number: its name, on the marker
    markers = [n for n in fs.listdir(ROOT + "/journal") if n.startswith(J.MARKER)]
    assert markers == [J.MARKER + journal.evening] and len(journal.evening) == 8
    for row, body in zip(rows, bodies):
        assert row == "%s *%08x" % (body, crc32(body.encode(), int(journal.evening, 16)))
    assert len(rows) == 5
    kind, lines, problems = R.recover(J.Journal(ROOT, fs))
    assert (kind, lines, problems) == ("tally", ["0 seat 1 Ann"], [])


def test_an_evening_survives_a_reboot_with_few_files():
    # on the real file system, in a folder of its own: the snapshots of a
    # long unfolded evening, held in the heap as MemFS holds them, want a
    # free block as big as themselves, which a Pico-sized heap seldom has
    from tileclock_host.boards.simboard import _temp_folder, remove_tree
    root = _temp_folder()
    try:
        _few_files(FS(), root)
    finally:
        remove_tree(root)


def _few_files(fs, root):
    journal = J.Journal(root, fs)
    journal.start("tally")
    game = Tally()
    play(journal, game, 260)            # ten rounds of Word-Sport, and undos
    listing = names(fs, root + "/journal")
    assert "snap.txt" in listing and "snap2.txt" in listing
    assert len(listing) <= J.MAX_SEGMENTS + 3
    for name in listing:
        assert fs.size(root + "/journal/" + name) <= J.SEGMENT_BYTES or name in ("snap.txt", "snap2.txt")
    # After a reboot only the resumed game exists (and the Pico's heap is small).
    expected, sheet, last = digest(game), game.sheet(), game.history[-1][0]
    del game
    gc.collect()
    again = J.Journal(root, fs)
    resumed, problems = R.resume(again, tally)
    assert problems == []
    assert digest(resumed) == expected
    assert resumed.sheet() == sheet
    assert J.last_time(resumed) == last
    # ... and it goes on where it stopped, across another reboot.
    play(again, resumed, 30, 500000)
    expected = digest(resumed)
    del resumed, again
    gc.collect()
    kind, lines, problems = R.recover(J.Journal(root, fs))
    assert problems == [] and digest_lines(lines) == expected


class AskingFS(MemFS):
    """MemFS whose files, opened to read, note what readline() asks for."""
    most = 0
    open_files = 0

    def open(self, path, mode):
        f = MemFS.open(self, path, mode)
        return WatchedFile(self, f) if "r" in mode else f


def test_a_resume_reads_the_journal_in_small_pieces():
    # After a long evening's replay a Pico's heap has plenty of small free
    # blocks and perhaps no 1 KB one: a record read with readline(1024)
    # failed there. No read may ask for more than a piece.
    from tileclock.store.fs import PIECE
    fs = AskingFS()
    fs.mkdir(ROOT)
    journal = J.Journal(ROOT, fs)
    journal.start("tally")
    game = Tally()
    play(journal, game, 40)
    journal.checkpoint(game)
    play(journal, game, 20, 100000)      # records after the snapshot too
    expected = digest(game)
    fs.most = 0
    resumed, problems = R.resume(J.Journal(ROOT, fs), tally)
    assert problems == [] and digest(resumed) == expected
    assert 0 < fs.most <= PIECE, fs.most
    fs.most = 0
    kind, lines, problems = R.recover(J.Journal(ROOT, fs))
    assert problems == [] and digest_lines(lines) == expected
    assert 0 < fs.most <= PIECE, fs.most


def test_read_line_gives_whole_lines_and_stops_at_its_limit():
    from tileclock.store.fs import read_line
    fs = fresh()
    path = ROOT + "/lines"
    f = fs.open(path, "wb")
    lines = [b"short\n", b"x" * 63 + b"\n", b"y" * 64 + b"\n", b"z" * 150 + b"\n", b"w" * 300 + b"\n"]
    for line in lines:
        f.write(line)
    f.write(b"no end")
    f.close()
    f = fs.open(path, "rb")
    try:
        for line in lines[:4]:
            assert read_line(f, 1024) == line
        assert read_line(f, 100) == b"w" * 100      # as readline(100) would
        assert read_line(f, 1024) == b"w" * 200 + b"\n"
        assert read_line(f, 1024) == b"no end"
        assert read_line(f, 1024) == b""
    finally:
        f.close()


def test_snapshot_is_a_script_and_checkpoint_compacts():
    fs = fresh()
    journal = J.Journal(ROOT, fs)
    journal.start("tally")
    game = Tally()
    play(journal, game, 20)
    journal.checkpoint(game)
    assert names(fs) == ["snap.txt", "snap2.txt"]
    text = bytes(fs.files[ROOT + "/journal/snap.txt"]).decode()
    assert bytes(fs.files[ROOT + "/journal/snap2.txt"]).decode() == text
    from tileclock.script import _content
    body = [line for _n, line in _content(text.split("\n"))]
    assert body == ["game tally"] + lines_of(game)
    journal.checkpoint(game)            # nothing new: nothing written
    assert names(fs) == ["snap.txt", "snap2.txt"]
    undo(game)
    journal.undo(game, 99000)           # an undo reaches into the snapshot
    assert R.recover(J.Journal(ROOT, fs))[1] == lines_of(game)


def test_torn_last_record_is_dropped_and_the_rest_kept():
    fs = fresh()
    journal = J.Journal(ROOT, fs)
    journal.start("tally")
    game = Tally()
    play(journal, game, 5)
    before = lines_of(game)
    game.do(99000, "score", (2, 5))
    journal.record(game)
    seg = ROOT + "/journal/" + [n for n in names(fs) if n.endswith(".log")][-1]
    fs.files[seg] = fs.files[seg][:-3]
    again = J.Journal(ROOT, fs)
    kind, lines, problems = R.recover(again)
    assert lines == before
    assert len(problems) == 1 and "cut short" in problems[0]
    assert not [n for n in names(fs) if ".bad" in n]
    resumed = replayed(lines)
    resumed.do(100000, "score", (3, 1))
    again.record(resumed)
    kind, lines, problems = R.recover(J.Journal(ROOT, fs))
    assert lines == lines_of(resumed) and problems == []


def test_bad_checksum_is_reported_and_moved_aside():
    fs = fresh()
    journal = J.Journal(ROOT, fs)
    journal.start("tally")
    game = Tally()
    play(journal, game, 60)
    segs = [n for n in names(fs) if n.endswith(".log")]
    assert len(segs) >= 3
    victim = ROOT + "/journal/" + segs[1]
    data = fs.files[victim]
    first_seq = int(bytes(data[:data.find(b" ")]))
    second = data.find(b"\n") + 1
    data[second + 3] ^= 0x01            # a bit flips in the segment's second record
    number = int(segs[1][1:5])
    before = names(fs)
    said = J.read_journal(ROOT + "/journal", fs)[2]     # the host: reads, moves nothing
    assert said[0] == "journal %d: bad checksum at record %d, not read" % (number, first_seq + 1)
    assert "not read" in said[1] and not [p for p in said if "moved" in p]
    assert names(fs) == before
    kind, lines, problems = R.recover(J.Journal(ROOT, fs))
    assert problems[0] == "journal %d: bad checksum at record %d, moved aside" % (number, first_seq + 1)
    assert "moved aside" in problems[1] and len(problems) == len(segs) - 1
    for problem in problems:
        assert len(problem) <= 52
    assert len(lines) > 0
    # the history is what the records before the bad one say
    assert lines == J.read_journal(ROOT + "/journal", fs)[1]
    listing = names(fs)
    assert segs[1] + ".bad-1" in listing and segs[-1] + ".bad-1" in listing
    assert R.recover(J.Journal(ROOT, fs))[2] == []     # repaired: quiet next time


def test_bad_snapshot_and_stray_files_are_moved_aside_never_deleted():
    fs = fresh()
    journal = J.Journal(ROOT, fs)
    journal.start("tally")
    game = Tally()
    play(journal, game, 10)
    journal.checkpoint(game)
    # one copy damaged: the other has it all, and both are whole again
    snap = fs.files[ROOT + "/journal/snap.txt"]
    snap[snap.index(b"game tally") + 30] ^= 0x20      # a bit of an action line
    assert R.recover(J.Journal(ROOT, fs)) == ("tally", lines_of(game), ["snapshot: bad checksum, moved aside"])
    assert R.recover(J.Journal(ROOT, fs)) == ("tally", lines_of(game), [])
    # both damaged: nothing to start from
    for name in ("snap.txt", "snap2.txt"):
        snap = fs.files[ROOT + "/journal/" + name]
        snap[snap.index(b"game tally") + 30] ^= 0x20
    fs.files[ROOT + "/journal/notes.txt"] = bytearray(b"hello")
    fs.files[ROOT + "/journal/j0042.log"] = bytearray(b"\x00\xff garbage\n")
    kind, lines, problems = R.recover(J.Journal(ROOT, fs))
    assert kind is None and lines == []
    assert "snapshot: bad checksum, moved aside" in problems
    assert "snapshot copy: bad checksum, moved aside" in problems
    assert "journal: stray file notes.txt, moved aside" in problems
    listing = names(fs)
    assert "snap.txt.bad-2" in listing and "notes.txt.bad-1" in listing
    assert "j0042.log.bad-1" in listing
    # the device goes on: a new game starts, and the bad files are archived
    fresh_journal = J.Journal(ROOT, fs)
    assert R.resume(fresh_journal, tally) == (None, R.recover(J.Journal(ROOT, fs))[2])
    fresh_journal.start("tally")
    assert "snap.txt.bad-2" in names(fs, ROOT + "/games/0001")


def test_snapshot_cut_before_rename_is_finished_or_dropped():
    fs = fresh()
    journal = J.Journal(ROOT, fs)
    journal.start("tally")
    game = Tally()
    play(journal, game, 12)
    folder = ROOT + "/journal/"
    # a whole snap.tmp: the compaction was cut just before its rename
    J.write_text_file(fs, folder + "snap.tmp", "%s upto %d seq %d evening %s folds 0 mark -\ngame tally"
                      % (J.SNAP_HEAD, journal._upto, journal.seq, journal.evening), lines_of(game), journal.seed)
    kind, lines, problems = R.recover(J.Journal(ROOT, fs))
    assert lines == lines_of(game) and problems == []
    assert names(fs) == ["snap.txt", "snap2.txt"]
    # a cut-short one is simply removed
    fs.files[folder + "snap.tmp"] = bytearray(b"# tileclock snapshot upto 9 seq 99\ngame tally\n0 se")
    kind, lines, problems = R.recover(J.Journal(ROOT, fs))
    assert lines == lines_of(game) and problems == [] and names(fs) == ["snap.txt", "snap2.txt"]


def test_new_game_archives_the_old_one():
    fs = fresh()
    journal = J.Journal(ROOT, fs)
    R.recover(journal)
    journal.start("tally")
    journal.start("tally")              # no action yet: nothing to archive
    assert fs.listdir(ROOT + "/games") == []
    game = Tally()
    play(journal, game, 30)
    journal.start("spellsport")
    # the finished evening is one file: every action of it
    assert names(fs, ROOT + "/games") == ["0001.txt"]
    assert J.read_journal(ROOT + "/games/0001.txt", fs) == ("tally", lines_of(game), [])
    assert R.recover(J.Journal(ROOT, fs)) == ("spellsport", [], [])
    for i in range(archive.KEEP_UNSIZED + 3):
        journal.start("tally")
        game = Tally()
        game.do(0, "seat", (1, "G%d" % i))
        journal.record(game)
    kept = names(fs, ROOT + "/games")
    # the tally game, then all but the last of the loop (the empty spellsport went)
    assert len(kept) == archive.KEEP_UNSIZED and kept[-1] == "%04d.txt" % (archive.KEEP_UNSIZED + 3)


def test_start_cut_before_the_switch_is_finished_at_boot():
    fs = fresh()
    journal = J.Journal(ROOT, fs)
    journal.start("tally")
    game = Tally()
    play(journal, game, 3)
    new = ROOT + "/journal.new"
    fs.mkdir(new)
    fs.open(new + "/" + J.MARKER + "0badcafe", "wb").close()
    f = fs.open(new + "/j0001.log", "wb")
    f.write(J.record(1, "game spellsport", 0x0badcafe))
    f.close()
    assert R.recover(J.Journal(ROOT, fs)) == ("spellsport", [], [])
    assert J.read_journal(ROOT + "/games/0001.txt", fs)[1] == lines_of(game)
    fs.mkdir(new)
    fs.open(new + "/j0001.log", "wb").write(b"1 game tal")
    assert R.recover(J.Journal(ROOT, fs)) == ("spellsport", [], [])
    assert not fs.isdir(new)


class _Cut(Exception):
    pass


class CutFS(MemFS):
    """MemFS whose power goes (_Cut) at the `cut`-th removal of a file in
    journal/ (0: never)."""
    cut = 0

    def remove(self, path):
        if self.cut and path.startswith(ROOT + "/journal/"):
            self.cut -= 1
            if not self.cut:
                raise _Cut()
        MemFS.remove(self, path)


def test_a_start_cut_while_it_clears_the_archived_evening_keeps_one_copy():
    # The finished evening is written whole to games/0001.txt, then journal/
    # is emptied file by file: a cut there leaves part of it. At boot the
    # switch goes on, and what is left of journal/ is that evening's (its
    # file in games/ holds it all): it goes, not kept again as a folder.
    for cut in (1, 2, 3):          # (journal/: the marker, snap.txt, snap2.txt)
        fs = CutFS()
        fs.mkdir(ROOT)
        journal = J.Journal(ROOT, fs)
        R.recover(journal)
        journal.start("tally")
        game = Tally()
        play(journal, game, 30)
        journal.checkpoint(game)
        fs.cut = cut
        raises(_Cut, journal.start, "tally")
        assert fs.isdir(ROOT + "/journal.new") and names(fs, ROOT + "/games") == ["0001.txt"]
        assert R.recover(J.Journal(ROOT, fs)) == ("tally", [], [])
        assert names(fs, ROOT + "/games") == ["0001.txt"], (cut, names(fs, ROOT + "/games"))
        assert J.read_journal(ROOT + "/games/0001.txt", fs) == ("tally", lines_of(game), [])


def test_a_refused_history_is_kept_aside_and_the_game_goes_on():
    fs = fresh()
    journal = J.Journal(ROOT, fs)
    journal.start("tally")
    game = Tally()
    play(journal, game, 6)
    game.do(49000, "go", ())
    journal.record(game)
    game.do(50000, "pause", ())         # a newer firmware's engine refuses it
    journal.record(game)
    game.do(51000, "score", (1, 1))
    journal.record(game)

    class Newer(Tally):
        def do_pause(self, now):
            raise Refused("no pausing")

    resumed, problems = R.resume(J.Journal(ROOT, fs), lambda kind: Newer())
    assert problems == ["action %d refused: no pausing" % (len(game.history) - 1)]
    assert resumed.history == game.history[:-2]
    assert J.read_journal(ROOT + "/games/0001", fs)[1] == lines_of(game)
    assert R.recover(J.Journal(ROOT, fs)) == ("tally", lines_of(resumed), [])


class FullFS(MemFS):
    """Refuses appends once `room` bytes of segment data have been written."""

    def __init__(self, room):
        MemFS.__init__(self)
        self.room = room

    def open(self, path, mode):
        if "a" in mode and path.endswith(".log"):
            if self.room <= 0:
                raise OSError(28, "no space")
            self.room -= 40
        return MemFS.open(self, path, mode)


def test_a_failing_append_falls_back_to_a_snapshot():
    fs = FullFS(400)
    fs.mkdir(ROOT)
    journal = J.Journal(ROOT, fs)
    journal.start("tally")
    game = Tally()
    play(journal, game, 12)
    assert "snap.txt" in names(fs)
    assert R.recover(J.Journal(ROOT, fs)) == ("tally", lines_of(game), [])


def test_time_marks_are_records_of_their_own_and_no_action():
    fs = fresh()
    journal = J.Journal(ROOT, fs)
    journal.start("tally")
    game = Tally()
    game.do(0, "seat", (1, "Ann"))
    journal.record(game)
    game.do(1000, "go", ())
    journal.record(game)
    journal.mark(6000)
    journal.mark(11000)
    assert len(game.history) == 2 and journal.seq == 5
    data = bytes(fs.files[ROOT + "/journal/j0001.log"])
    rows = data.decode().split("\n")
    seed = int(journal.evening, 16)
    assert rows[3] == "4 @6000 *%08x" % crc32(b"4 @6000", seed)
    assert rows[4] == "5 @11000 *%08x" % crc32(b"5 @11000", seed)
    again = J.Journal(ROOT, fs)
    assert R.recover(again) == ("tally", ["0 seat 1 Ann", "1000 go"], [])
    assert again.mark_time == 11000
    back, problems = R.resume(again, tally)
    assert problems == [] and back.history == game.history
    assert J.resume_time(back, again.mark_time) == 11000
    assert J.resume_time(back, 500) == 1000 and J.resume_time(back, None) == 1000
    # the host reads it the same way and sees no mark
    assert J.read_journal(ROOT + "/journal", fs) == ("tally", ["0 seat 1 Ann", "1000 go"], [])
    # an undo takes back the last action, never a mark; it carries its
    # time, so a resume after it never rewinds the clock
    again.mark(16000)
    undo(back)
    again.undo(back, 17500)
    third = J.Journal(ROOT, fs)
    assert R.recover(third) == ("tally", ["0 seat 1 Ann"], [])
    assert third.mark_time == 17500
    # a snapshot keeps the last mark; the next marks follow it
    third.checkpoint(back)
    assert R.recover(J.Journal(ROOT, fs))[2] == [] and J.Journal(ROOT, fs).mark_time is None
    fourth = J.Journal(ROOT, fs)
    R.recover(fourth)
    assert fourth.mark_time == 17500
    fourth.mark(21000)
    fifth = J.Journal(ROOT, fs)
    assert R.recover(fifth) == ("tally", ["0 seat 1 Ann"], [])
    assert fifth.mark_time == 21000
    fifth.checkpoint(back)
    sixth = J.Journal(ROOT, fs)
    assert R.recover(sixth)[2] == [] and sixth.mark_time == 21000
    # a new game starts with none
    sixth.start("tally")
    assert sixth.mark_time is None


def test_a_torn_mark_is_dropped_and_the_last_whole_one_kept():
    fs = fresh()
    journal = J.Journal(ROOT, fs)
    journal.start("tally")
    game = Tally()
    play(journal, game, 3)
    journal.mark(90000)
    journal.mark(95000)
    path = ROOT + "/journal/j0001.log"
    fs.files[path] = fs.files[path][:-5]
    again = J.Journal(ROOT, fs)
    kind, lines, problems = R.recover(again)
    assert (kind, lines) == ("tally", lines_of(game))
    assert problems == ["journal 1: last record cut short, dropped"]
    assert again.mark_time == 90000
    assert R.recover(J.Journal(ROOT, fs)) == ("tally", lines_of(game), [])


def test_many_marks_fill_segments_and_the_next_action_compacts():
    fs = fresh()
    journal = J.Journal(ROOT, fs)
    journal.start("tally")
    game = Tally()
    play(journal, game, 2)
    for k in range(200):
        journal.mark(10000 + 5000 * k)
    assert len(journal._live) > journal.max_segments
    again = J.Journal(ROOT, fs)
    assert R.recover(again) == ("tally", lines_of(game), [])
    assert again.mark_time == 10000 + 5000 * 199
    game.do(2000000, "score", (1, 5))
    journal.record(game)
    assert names(fs) == ["snap.txt", "snap2.txt"]
    assert R.recover(J.Journal(ROOT, fs)) == ("tally", lines_of(game), [])
    # with the game, marks alone fold the segments into a snapshot that
    # keeps the last mark: an idle clock never piles up files
    for k in range(300):
        journal.mark(2010000 + 5000 * k, game)
        assert len(journal._live) <= journal.max_segments + 1
    again = J.Journal(ROOT, fs)
    assert R.recover(again) == ("tally", lines_of(game), [])
    assert again.mark_time == 2010000 + 5000 * 299


def test_a_failing_mark_leaves_the_next_action_a_snapshot():
    fs = FullFS(160)
    fs.mkdir(ROOT)
    journal = J.Journal(ROOT, fs)
    journal.start("tally")
    game = Tally()
    game.do(0, "seat", (1, "Ann"))
    journal.record(game)
    marks = 0
    while True:
        try:
            journal.mark(1000 * marks)
        except OSError:
            break
        marks += 1
    path = ROOT + "/journal/j%04d.log" % journal._upto
    fs.files[path] = fs.files[path] + bytearray(b"9 @12")      # part of it landed
    fs.room = 10000
    journal.mark(99000)                 # skipped: never after a torn record
    assert fs.files[path].endswith(b"9 @12")
    game.do(50000, "score", (1, 3))
    journal.record(game)
    assert "snap.txt" in names(fs)
    assert R.recover(J.Journal(ROOT, fs)) == ("tally", lines_of(game), [])
    game.do(51000, "score", (1, 4))
    journal.record(game)
    assert R.recover(J.Journal(ROOT, fs)) == ("tally", lines_of(game), [])


def test_on_the_real_file_system():
    # A name of its own: others may run the suite in the same tree at once.
    base = "/tmp/tileclock-journal-%08x" % crc32(os.urandom(8))
    os.mkdir(base)
    try:
        journal = J.Journal(base)
        R.recover(journal)
        journal.start("tally")
        game = Tally()
        play(journal, game, 150)
        journal.start("tally")
        play(journal, Tally(), 5)
        assert J.read_journal(base + "/games/0001.txt") == ("tally", lines_of(game), [])
    finally:
        _remove_tree(FS(), base)


def _remove_tree(fs, path):
    for name in fs.listdir(path):
        full = path + "/" + name
        if fs.isdir(full):
            _remove_tree(fs, full)
        else:
            fs.remove(full)
    fs.rmdir(path)


def test_a_lost_last_segment_or_one_cut_at_a_record_s_end_is_said():
    # The marker counts the records appended: a last segment deleted, or cut
    # where a record ends (which reads as whole), loses records the boot can
    # then name; the next boot is quiet, and the journal goes on.
    for damage in ("deleted", "cut", "last one"):
        fs = fresh()
        journal = J.Journal(ROOT, fs)
        journal.start("tally")
        game = Tally()
        play(journal, game, 40)
        segs = [n for n in names(fs) if n.endswith(".log")]
        last = ROOT + "/journal/" + segs[-1]
        data = fs.files[last]
        if damage == "deleted":
            lost = data.count(b"\n")
            del fs.files[last]
        else:
            ends = [i + 1 for i in range(len(data)) if data[i:i + 1] == b"\n"]
            assert len(ends) >= 3
            keep = ends[0] if damage == "cut" else ends[-2]
            lost = len(ends) - ends.index(keep) - 1
            fs.files[last] = data[:keep]
        kind, lines, problems = R.recover(J.Journal(ROOT, fs))
        assert kind == "tally" and lines == lines_of(game)[:len(lines)] and len(lines) < len(game.history)
        said = "journal: last 1 record lost" if lost == 1 else "journal: last %d records lost" % lost
        assert problems == [said], (damage, problems)
        assert R.recover(J.Journal(ROOT, fs)) == (kind, lines, [])
        # the count goes on from what is there
        again = J.Journal(ROOT, fs)
        game2, problems = R.resume(again, tally)
        assert problems == []
        game2.do(game2.history[-1][0] + 1000, "score", (1, 2))
        again.record(game2)
        assert R.recover(J.Journal(ROOT, fs)) == ("tally", lines_of(game2), [])


def test_the_count_is_written_after_the_record_and_a_bad_one_says_nothing():
    fs = fresh()
    journal = J.Journal(ROOT, fs)
    journal.start("tally")
    game = Tally()
    play(journal, game, 5)
    marker = J.MARKER + journal.evening
    data = fs.files[ROOT + "/journal/" + marker]
    assert data.endswith(b"\n") and data.split()[1] == b"count" and int(data.split()[0]) == journal.seq
    # a count one short (the power went between the record and the count)
    # is no loss; a damaged count is ignored
    fs.files[ROOT + "/journal/" + marker] = bytearray(J.record(journal.seq - 1, "count", journal.seed))
    assert R.recover(J.Journal(ROOT, fs)) == ("tally", lines_of(game), [])
    fs.files[ROOT + "/journal/" + marker] = bytearray(J.record(journal.seq + 9, "count", journal.seed)[:-4])
    assert R.recover(J.Journal(ROOT, fs)) == ("tally", lines_of(game), [])
    bad = bytearray(J.record(journal.seq + 9, "count", journal.seed))
    bad[0] ^= 0x01
    fs.files[ROOT + "/journal/" + marker] = bad
    assert R.recover(J.Journal(ROOT, fs)) == ("tally", lines_of(game), [])
