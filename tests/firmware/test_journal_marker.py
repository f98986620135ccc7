# A marker nothing vouches for: its name damaged in 2 or 8 bits, or another
# evening's marker in its place, beside files that all name one evening
# (store/scan.py, docs/journal.md "Recovery", step 3); and the evening a
# record's CRC names. Runs under pytest and on MicroPython
# (tests/run_on_micropython.py), on the real file system as
# test_journal_edges.py does (its helpers), in a file of its own: on a
# Pico-sized heap the evenings these play leave holes the edges' later
# tests would need.
from evenings import wordsport
from test_journal_edges import Flash, _host, _lines, _played, _resumed

from tileclock.script import new_game
from tileclock.store import fs as store_fs
from tileclock.store import journal as J
from tileclock.store import recover as R


def _renamed_marker(fs, journal, name):
    fs.rename(fs.folder + "/" + J.MARKER + journal.evening, fs.folder + "/" + J.MARKER + name)


def _flipped(evening, bits):
    # the evening's number with `bits` of its 32 bits flipped, spread out
    mask = 0
    for k in range(bits):
        mask |= 1 << (k * 4 + k // 8)
    return "%08x" % (int(evening, 16) ^ mask)


def test_a_marker_whose_name_lost_2_or_8_bits_or_was_replaced_keeps_the_evening():
    # Nothing vouches for the marker, and every whole file names one
    # evening: that one, its files kept, at once and at the next boot. As
    # late in the evening (snapshots and fold books name it) as early
    # (only a segment: its records check with it).
    for actions in (150, 9):
        fs, journal, game, whole = _played(actions=actions) if actions > 20 else _early(actions)
        for name in (_flipped(journal.evening, 2), _flipped(journal.evening, 8), "0badf00d"):
            case = fs.copy()
            _renamed_marker(case, journal, name)
            for boot in (1, 2):
                again, back, problems = _resumed(case)
                assert back is not None and _lines(back) == _lines(game), (actions, name, boot, problems)
                assert again.evening == journal.evening
                markers = [n for n in case.listdir(case.folder) if n.startswith(J.MARKER) and ".bad-" not in n]
                assert markers == [J.MARKER + journal.evening], case.listdir(case.folder)
                assert (len([p for p in problems if "marker" in p]) == 1) == (boot == 1), problems
            _sheet, lines, _said = _host(case)
            assert lines == whole
            case.close()
        fs.close()


def _early(actions):
    """A Word-Sport evening's first actions, before any close: a marker
    and one segment."""
    fs = Flash()
    journal = J.Journal(fs.root, fs)
    R.recover(journal)
    journal.start("wordsport")
    game = new_game("wordsport")
    steps = []
    wordsport(actions=actions, players=4, sink=steps.append)
    for action in steps[:actions]:
        game.do(*action)
        journal.record(game)
    assert sorted(fs.listdir(fs.folder)) == [J.MARKER + journal.evening, "j0001.log"]
    return fs, journal, game, _lines(game)


def test_a_damaged_first_record_names_no_evening():
    # Any line checks with some number (scan.record_evening): one line
    # alone never names the evening, nor is it taken whole.
    fs, journal, game, whole = _early(9)
    _renamed_marker(fs, journal, _flipped(journal.evening, 2))
    path = fs.folder + "/j0001.log"
    fs.flip(path, 3)                # record 1: "game wordsport" no more
    _again, back, problems = _resumed(fs)
    assert back is None or _lines(back) != _lines(game)
    assert problems
    fs.close()


def test_a_record_names_the_evening_its_crc_started_from():
    from tileclock.store import scan as S
    for evening in ("00000000", "5eedc10c", "ffffffff", "80000001"):
        for seq, text in ((1, "game wordsport"), (2, "1100 seat 1 Ann"), (345, "@123456789"), (7, "count")):
            assert S.record_evening(store_fs.record(seq, text, int(evening, 16))) == evening
    assert S.record_evening(b"1 game wordsport\n") is None
    assert S.record_evening(b"1 game wordsport *12345678") is None     # cut short
