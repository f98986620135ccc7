# The journal at its edges: a damaged fold copy or snapshot, a fold copied
# over the next, two markers, a marker's name damaged, file names the file
# system holds but the journal can't use (not UTF-8, 255 characters). No
# single damaged file may lose a closed round from the device's sheet or
# the host's evening; what is set aside is said in a line that fits the
# screen. Runs under pytest and on MicroPython (tests/run_on_micropython.py),
# on the real file system in folders of their own (a fold book held in the
# heap, as MemFS holds a file, needs a free block as big as itself: a
# Pico-sized heap seldom has one).
import os

from evenings import wordsport

from tileclock.script import format_action, load, new_game, parse_action
from tileclock.store import folds as F
from tileclock.store import fs as store_fs
from tileclock.store import journal as J
from tileclock.store import recover as R
from tileclock.store.fs import FS
from tileclock_host.boards.simboard import _temp_folder, remove_tree

SCREEN = 52


class Flash(FS):
    """The real file system, in a folder of its own (`root`)."""

    def __init__(self, root=None):
        self.root = root or _temp_folder()
        self.folder = self.root + "/journal"

    def flip(self, path, offset):
        # one bit, in place: (no file is read whole: a Pico-sized heap)
        with open(path, "r+b") as f:
            f.seek(offset)
            byte = f.read(1)[0]
            f.seek(offset)
            f.write(bytes([byte ^ 0x10]))

    def splice(self, path, spans):
        """`path` made of the byte ranges `spans` (start, end) of itself."""
        with open(path, "rb") as f, open(path + ".new", "wb") as g:
            for start, end in spans:
                f.seek(start)
                while start < end:
                    piece = f.read(min(256, end - start))
                    g.write(piece)
                    start += len(piece)
        os.rename(path + ".new", path)

    def copy(self):
        other = Flash()
        _copy_tree(self.root, other.root)
        return other

    def close(self):
        remove_tree(self.root)


def _copy_tree(source, target):
    fs = FS()
    for name in os.listdir(source):
        if os.stat(source + "/" + name)[0] & 0x4000:
            os.mkdir(target + "/" + name)
            _copy_tree(source + "/" + name, target + "/" + name)
        else:
            J.copy_file(fs, source + "/" + name, target + "/" + name)


def _played(fs=None, actions=150):
    """(fs, journal, game, whole): a Word-Sport evening for four, folded at
    every close that allows it, on a Flash; `whole` every action as a line."""
    if fs is None:
        fs = Flash()
    journal = J.Journal(fs.root, fs)
    R.recover(journal)
    journal.start("wordsport")
    game = new_game("wordsport")
    whole = []
    steps = []
    wordsport(actions=actions, players=4, sink=steps.append)
    for action in steps:
        game.do(*action)
        journal.record(game)
        whole.append(format_action(*action))
        if game.foldable():
            game = journal.fold(game)
    assert journal.folds >= 4, journal.folds
    return fs, journal, game, whole


def _lines(game):
    return [format_action(*a) for a in game.history]


def _rounds(journal):
    return list(journal.folded_rounds())


def _resumed(fs):
    journal = J.Journal(fs.root, fs)
    game, problems = R.resume(journal)
    for problem in problems:
        assert len(problem) <= SCREEN, problem
    return journal, game, problems


def _host(fs, path=None):
    kind, lines, problems = J.read_journal(path or fs.folder, fs)
    return load(["game %s" % kind] + lines).sheet(), lines, problems


def _seed(fs):
    for name in fs.listdir(fs.folder):
        if name.startswith(J.MARKER):
            return J.seed_of(name[len(J.MARKER):])
    raise AssertionError("no marker")


def _entry_span(fs, path, number):
    """(start, end) of fold `number`'s whole entry in a book (an entry ends
    where the empty line before the next begins)."""
    starts = list(F.whole_entries(fs, path, _seed(fs), 0))
    i = [k for k in range(len(starts)) if starts[k][0] == number][-1]
    end = starts[i + 1][1] - 1 if i + 1 < len(starts) else fs.size(path)
    return starts[i][1], end


def test_a_damaged_fold_in_one_book_loses_no_round_and_the_host_says_so():
    fs, journal, game, whole = _played()
    rounds = _rounds(journal)
    sheet = game.sheet()
    book = fs.folder + "/" + F.BOOKS[0]
    start, end = _entry_span(fs, book, 2)
    for damage in ("bit", "cut", "gone"):
        copy = fs.copy()
        if damage == "bit":
            copy.flip(book.replace(fs.root, copy.root), (start + end) // 2)
        elif damage == "cut":
            # fold 2's entry and every one after it
            copy.splice(book.replace(fs.root, copy.root), [(0, (start + end) // 2)])
        else:
            copy.remove(book.replace(fs.root, copy.root))
        again, back, problems = _resumed(copy)
        assert _lines(back) == _lines(game), (damage, problems)
        assert _rounds(again) == rounds, damage           # the device's sheet: every round
        host, lines, said = _host(copy)
        assert lines == whole, damage                     # the host: every action
        assert host["totals"] == sheet["totals"]
        if damage != "gone":
            assert [p for p in said if "read from its copy" in p], (damage, said)
        copy.close()
    fs.close()


def test_a_fold_damaged_in_both_books_is_named_on_the_sheet_and_by_the_host():
    fs, journal, game, whole = _played()
    rounds = _rounds(journal)
    for name in F.BOOKS:
        start, end = _entry_span(fs, fs.folder + "/" + name, 2)
        fs.flip(fs.folder + "/" + name, (start + end) // 2)
    again, back, problems = _resumed(fs)
    assert _lines(back) == _lines(game), problems
    got = _rounds(again)
    assert len(got) == len(rounds) and got[1] == {"lost": 2}
    assert got[:1] + got[2:] == rounds[:1] + rounds[2:]
    from tileclock.games.wordsport import sheet
    from tileclock.ui.sheet import build_pages, page
    pages, kept = build_pages(back, sheet, again)
    shown = [page(p, back.sheet(), kept, sheet) for p in pages]
    assert ("ROUND ?", "lost") in [(title, note) for title, note, _rows in shown]
    for _title, _note, rows in shown:
        for line in rows:
            assert len(line) <= 16, line
    _sheet, _all, said = _host(fs)
    assert [p for p in said if p.startswith("fold 2: missing")], said
    fs.close()


def test_a_fold_copied_over_the_next_is_found_out():
    fs, journal, game, whole = _played()
    rounds = _rounds(journal)
    book = fs.folder + "/" + F.BOOKS[0]
    start2, end2 = _entry_span(fs, book, 2)
    start3, end3 = _entry_span(fs, book, 3)
    fs.splice(book, [(0, start3), (start2, end2), (end3, fs.size(book))])
    again, back, problems = _resumed(fs)
    assert _lines(back) == _lines(game)
    assert _rounds(again) == rounds                     # round 3 from the copy, not round 2 twice
    _sheet, lines, said = _host(fs)
    assert lines == whole and [p for p in said if "fold 3 damaged" in p], said
    fs.close()


def test_a_legacy_fold_file_with_another_folds_number_is_not_taken_for_it():
    fs = Flash()
    fs.mkdir(fs.folder)
    seed = J.seed_of("5eedc10c")
    for number in (1, 2):
        f = fs.open(fs.folder + "/" + store_fs.fold_name(number), "wb")
        store_fs.write_entry(f, "%s %d evening 5eedc10c\ngame wordsport" % (J.FOLD_HEAD, number), ["0 seat 1 Ann"], seed)
        f.close()
    J.copy_file(fs, fs.folder + "/" + store_fs.fold_name(1), fs.folder + "/" + store_fs.fold_name(2))
    book = F.Folds(fs, fs.folder, seed)
    assert book.count == 1 and book.missing() == []
    fs.close()


def test_one_bit_in_the_snapshot_loses_nothing():
    fs, journal, game, whole = _played()
    journal.checkpoint(game)
    sheet = game.sheet()
    snap = fs.folder + "/" + J.SNAP
    fs.flip(snap, fs.size(snap) // 2)
    _again, back, problems = _resumed(fs)
    assert _lines(back) == _lines(game), problems
    assert back.sheet()["totals"] == sheet["totals"]
    assert [p for p in problems if p.startswith("snapshot")], problems
    fs.close()


def _from_folds_alone(kind, size):
    # Every game: with both snapshots lost the evening comes back as the
    # last fold's entry left it (the close of the round before the last
    # closed one: fold N, made at round N+1's close, holds round N), nothing
    # refused (a refusal sets the evening aside: split), the device's sheet
    # every round then, and it goes on.
    from evenings import EVENINGS
    fs = Flash()
    journal = J.Journal(fs.root, fs)
    R.recover(journal)
    journal.start(kind)
    game = new_game(kind)
    whole = []
    fold_at = []                    # actions in `whole` at each fold
    for action in EVENINGS[kind](size)[1]:
        game.do(*action)
        journal.record(game)
        whole.append(format_action(*action))
        if game.foldable():
            game = journal.fold(game)
            fold_at.append(len(whole))
    folds = journal.folds
    assert folds >= 2, (kind, folds)
    for name in (J.SNAP, J.SNAP2):
        os.remove(fs.folder + "/" + name)
    upto = fold_at[-2]              # the close that ends the last entry
    expected = load(["game " + kind] + whole[:upto]).sheet()
    said = ["journal: from %d fold%s, later rounds lost" % (folds, "" if folds == 1 else "s")]
    # the host, reading the folder before a boot repairs it: the evening the
    # device will resume, each action once
    _sheet, lines, host_problems = _host(fs)
    assert lines == whole[:upto] and host_problems == said, (kind, len(lines), upto, host_problems)
    again, back, problems = _resumed(fs)
    assert problems == said, (kind, problems)
    got = back.sheet()
    for key in ("totals", "standings", "players"):
        assert got.get(key) == expected.get(key), (kind, key)
    assert _rounds(again) + got["rounds"] == expected["rounds"], kind
    # nothing set aside as a finished evening, and the host reads it whole
    assert "games" not in fs.listdir(fs.root) or fs.listdir(fs.root + "/games") == []
    _sheet, lines, host_problems = _host(fs)
    assert host_problems == [] and lines[:upto] == whole[:upto], (kind, host_problems)
    back.do(*parse_action(whole[upto]))     # the next round's first action, again
    again.record(back)
    _j, after, problems = _resumed(fs)
    assert problems == [] and _lines(after) == _lines(back), (kind, problems)
    fs.close()


def test_from_the_folds_alone_word_sport():
    _from_folds_alone("wordsport", 150)


def test_from_the_folds_alone_speed_scrabble():
    _from_folds_alone("speedscrabble", 150)


def test_from_the_folds_alone_spell_sport():
    _from_folds_alone("spellsport", 4)


def test_from_the_folds_alone_tile_rush():
    _from_folds_alone("tilerush", 150)


def test_two_markers_are_told_apart_by_the_evening_s_files():
    fs, journal, game, whole = _played()
    other = "0000000a"                     # sorts first
    fs.open(fs.folder + "/" + J.MARKER + other, "wb").close()
    _again, back, problems = _resumed(fs)
    assert _lines(back) == _lines(game), problems
    assert [p for p in problems if "marker of another evening" in p]
    assert J.MARKER + other not in fs.listdir(fs.folder)
    fs.close()


def test_a_bit_flipped_in_the_marker_s_name_keeps_the_evening():
    fs, journal, game, whole = _played()
    last = journal.evening[-1]
    flipped = journal.evening[:-1] + chr(ord(last) ^ 1)     # still 8 characters
    fs.rename(fs.folder + "/" + J.MARKER + journal.evening, fs.folder + "/" + J.MARKER + flipped)
    again, back, problems = _resumed(fs)
    assert back is not None and _lines(back) == _lines(game), problems
    assert again.evening == journal.evening
    _sheet, lines, _said = _host(fs)
    assert lines == whole
    fs.close()


def test_a_lost_marker_is_found_from_the_files():
    fs, journal, game, whole = _played()
    fs.remove(fs.folder + "/" + J.MARKER + journal.evening)
    again, back, problems = _resumed(fs)
    assert back is not None and _lines(back) == _lines(game), problems
    assert J.MARKER + journal.evening in fs.listdir(fs.folder)
    fs.close()


def test_file_names_the_journal_cannot_use_are_set_aside_and_the_boot_goes_on():
    fs, journal, game, whole = _played(actions=120)
    long_name = "x" * 250 + ".log"                   # 254 characters: LittleFS holds 255
    for folder in (fs.folder, fs.root + "/games"):
        fs.mkdir(folder)
        with open(folder + "/" + long_name, "wb") as f:
            f.write(b"junk")
        with open(folder.encode() + b"/j\xff\xfe.log", "wb") as f:   # not UTF-8
            f.write(b"junk")
    again, back, problems = _resumed(fs)
    assert back is not None and _lines(back) == _lines(game), problems
    assert len([p for p in problems if "stray file" in p]) == 2, problems
    # set aside (as stray.bad-N where the name can't take a suffix, or
    # isn't a str: MicroPython's bytes; CPython's names are str)
    ours = (J.SNAP, J.SNAP2, F.BOOKS[0], F.BOOKS[1], J.MARKER + journal.evening)
    names = fs.listdir(fs.folder)
    odd = [n for n in names if n not in ours and not (isinstance(n, str) and n.startswith("j0"))]
    assert len(odd) == 2 and [n for n in odd if ".bad-" in n] == odd, names
    assert "stray.bad-1" in names, names
    # a new evening: the old one archived beside the odd names in games/
    again.start("wordsport")
    assert again.evening != journal.evening
    back, problems = R.resume(J.Journal(fs.root, fs))
    kind, lines, said = J.read_journal(fs.root + "/games/0001.txt", fs)
    assert kind == "wordsport" and lines == whole, said
    fs.close()


def test_the_whole_evening_survives_archiving_as_one_file():
    fs, journal, game, whole = _played()
    sheet = game.sheet()
    journal.start("wordsport")
    archived = fs.root + "/games/0001.txt"
    assert fs.size(archived) > 0 and not fs.isdir(fs.root + "/games/0001")
    kind, lines, problems = J.read_journal(archived, fs)
    assert kind == "wordsport" and lines == whole and problems == []
    assert load(["game wordsport"] + lines).sheet()["totals"] == sheet["totals"]
    fs.flip(archived, fs.size(archived) // 2)
    kind, lines, problems = J.read_journal(archived, fs)
    assert problems and len(problems[0]) <= 80, problems
    fs.close()


def test_a_rename_after_a_fold_renames_the_folded_rounds_on_the_device_too():
    # A rename means "this player is called NAME in every record"
    # (engine/table.py): the host reads every action and shows the new name
    # in every round; the device's sheet reads the rounds folds took out
    # from the fold book, written under the old name, and must agree.
    from tileclock.ui.sheet import Rounds
    fs, journal, game, whole = _played(actions=120)
    old = game.names[0]
    t = game.history[-1][0] + 1000
    if game.phase != "setup":           # between rounds: the round in play voided
        game.do(t, "void")
        journal.record(game)
        whole.append(format_action(t, "void", ()))
    game.do(t, "rename", (1, "Zoe"))
    journal.record(game)
    whole.append(format_action(t, "rename", (1, "Zoe")))
    sheet, lines, problems = _host(fs)
    assert problems == [] and lines == whole
    host_rounds = [r for r in sheet["rounds"] if not r["void"]]
    rounds = Rounds(journal, game, game.sheet()["rounds"])
    device_rounds = [r for r in rounds.each(0, len(rounds)) if not r["void"]]
    assert rounds.folded >= 4
    assert len(device_rounds) == len(host_rounds)
    for mine, theirs in zip(device_rounds, host_rounds):
        assert [row["name"] for row in mine["rows"]] == [row["name"] for row in theirs["rows"]]
        assert mine["winner"] == theirs["winner"]
    names = [row["name"] for r in device_rounds for row in r["rows"]]
    assert "Zoe" in names and old not in names
    fs.close()


class _StatOS:
    """The os module with statvfs saying `free` blocks of 352 (the rest is os's)."""

    def __init__(self, free):
        self.free = free

    def statvfs(self, path):
        return (4096, 4096, 352, self.free, self.free, 0, 0, 0, 0, 255)

    def __getattr__(self, name):
        return getattr(os, name)


def test_no_evening_is_pruned_on_a_free_figure_that_cannot_be_true():
    # os.statvfs: (f_bsize, f_frsize, f_blocks, f_bfree, ...). LittleFS
    # counting more blocks in use than the flash has wraps f_bfree (17 TB on
    # the unix port, below 0 on the Pico): FS.free says -1, and games/ keeps
    # its evenings. A true figure short of KEEP_FREE (256 KB, 64 blocks)
    # prunes them, the newest kept.
    figure = FS().free(".")
    assert figure is None or figure >= 0
    for free, kept in ((2 ** 32 - 3, 6), (-3, 6), (353, 6), (63, 1), (64, 6), (352, 6), (0, 1)):
        fs = Flash()
        journal = J.Journal(fs.root, fs)
        R.recover(journal)
        for i in range(6):
            journal.start("wordsport")
            game = new_game("wordsport")
            game.do(0, "seat", (1, "G%d" % i))
            journal.record(game)
        store_fs.os = _StatOS(free)
        try:
            figure = fs.free(fs.root)
            journal.start("wordsport")
        finally:
            store_fs.os = os
        assert len(os.listdir(fs.root + "/games")) == kept, (free, os.listdir(fs.root + "/games"))
        assert figure == (free * 4096 if 0 <= free <= 352 else -1), (free, figure)
        fs.close()
