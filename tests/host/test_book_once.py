# The score book counts each evening once, keyed by the journal's name for
# it (8 hex digits), whatever copies, damage or undos it meets: a later pull
# whose fold book is damaged (the journal then reads the evening from its
# checkpoint) neither adds the evening again nor replaces the fuller copy;
# an undo that takes back actions already pulled replaces the book's copy.
import os
import shutil
import sqlite3

from tileclock.script import new_game, parse_action
from tileclock.store.journal import Journal
from tileclock_host.cli import main
from tileclock_host.scores.book import Book
from tileclock_host.scores.evening import load_file

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EVENING = os.path.join(ROOT, "tests", "scenarios", "wordsport_evening.txt")


def script_actions():
    with open(EVENING) as f:
        return [ln.strip() for ln in f if ln.strip() and not ln.lstrip().startswith("#")][1:]


def closes():
    """The index of each round's close among the evening's actions."""
    return [i for i, ln in enumerate(script_actions()) if ln.split()[1:2] == ["close"]]


def play(tmp_path, pulls, undo_at=None, undo=2):
    """The evening played on a flash folder as the app journals it (a fold
    at every close that can take one); after action number k of `pulls` the
    flash is copied to pull-k, as `tileclock pull` would. With undo_at: after
    that many actions the last `undo` are undone and made again 1 ms later."""
    flash = tmp_path / "flash"
    flash.mkdir()
    journal = Journal(str(flash))
    game = new_game("wordsport")
    journal.start("wordsport")
    actions = [parse_action(ln) for ln in script_actions()]
    done = 0
    for now, verb, args in actions:
        game.do(now, verb, args)
        journal.record(game)
        if game.foldable():
            game = journal.fold(game)
        done += 1
        if done == undo_at:
            again = actions[done - undo:done]
            for _ in range(undo):
                game = game.undone()
                journal.undo(game, now)
            for t, v, a in again:
                game.do(t + 1, v, a)
                journal.record(game)
        if done in pulls:
            shutil.copytree(str(flash), str(tmp_path / ("pull-%d" % done)))
    return [str(tmp_path / ("pull-%d" % k)) for k in pulls]


def damage_folds(pull):
    """Both copies of the fold book damaged: the journal reads the evening from its checkpoint."""
    for name in ("folds.txt", "folds2.txt"):
        with open(os.path.join(pull, "journal", name), "r+b") as f:
            f.seek(60)
            f.write(b"XX")


def rounds_in_book(book):
    return [r[0] for r in book.db.execute("SELECT DISTINCT round FROM results ORDER BY round")]


def bob(book):
    # docs/wordsport.md: the evening's three rounds end Bob 30, Dan 28, Cat 15, Ann 13, Eve 5.
    return dict((r[0], r) for r in book.standings("wordsport"))["Bob"]


def test_a_later_copy_with_a_damaged_fold_is_not_counted_again(tmp_path):
    n = len(script_actions())
    early, late = play(tmp_path, [n - 1, n])
    damage_folds(late)
    (whole,) = load_file(early)
    (poor,) = load_file(late)
    assert any("fold 1: missing or bad" in p for p in poor.problems)
    assert len(poor.lines) < len(whole.lines)
    book = Book(str(tmp_path / "b.sqlite"))
    assert book.add(whole) == "added"
    # the damaged copy holds one action more, but not rounds 1 and 2: the
    # book's copy takes its last action and keeps the first rounds
    assert book.add(poor) == "grown"
    assert book.add(poor) == "poorer"      # again: the book holds all of it
    assert book.add(whole) == "older"
    assert len(book.evenings()) == 1
    assert rounds_in_book(book) == [1, 2, 3]
    assert bob(book)[1:5] == (1, 3, 1, 30)
    book.close()


def test_a_damaged_copy_of_the_same_moment_is_skipped(tmp_path):
    n = len(script_actions())
    (pull,) = play(tmp_path, [n])
    copy = str(tmp_path / "copy")
    shutil.copytree(pull, copy)
    damage_folds(copy)
    book = Book(str(tmp_path / "b.sqlite"))
    assert book.add(load_file(pull)[0]) == "added"
    assert book.add(load_file(copy)[0]) == "poorer"
    (row,) = book.evenings()
    assert row[2] == os.path.join(pull, "journal")
    assert rounds_in_book(book) == [1, 2, 3]
    book.close()


def test_the_whole_copy_after_the_damaged_one_makes_it_whole(tmp_path):
    n = len(script_actions())
    early, late = play(tmp_path, [closes()[1] + 1, n])
    whole_late = str(tmp_path / "late-whole")
    shutil.copytree(late, whole_late)
    damage_folds(late)
    book = Book(str(tmp_path / "b.sqlite"))
    assert book.add(load_file(late)[0]) == "added"
    assert rounds_in_book(book) == [3]         # the damaged copy alone: round 3 only, the totals right
    assert bob(book)[4] == 5                   # Bob's round 3 points (the script: 2nd, 5)
    # the earlier pull holds rounds 1 and 2 up to the close the checkpoint restores
    assert book.add(load_file(early)[0]) == "grown"
    (row,) = book.evenings()
    assert row[0] == load_file(whole_late)[0].identity   # as the journal reads with its folds whole
    assert rounds_in_book(book) == [1, 2, 3]
    assert bob(book)[1:5] == (1, 3, 1, 30)
    assert book.add(load_file(whole_late)[0]) == "already"
    book.close()


def test_an_undo_into_an_earlier_pull_replaces_the_copy(tmp_path):
    n = len(script_actions())
    k = closes()[0] + 6
    early, late = play(tmp_path, [k, n], undo_at=k + 1, undo=3)
    (first,) = load_file(early)
    (second,) = load_file(late)
    # the undo took back actions the first pull holds: not an extension of it
    assert second.lines[:len(first.lines)] != first.lines
    book = Book(str(tmp_path / "b.sqlite"))
    assert book.add(first) == "added"
    assert book.add(second) == "undone"
    assert book.add(first) == "older"
    (row,) = book.evenings()
    assert row[0] == second.identity
    assert bob(book)[1:5] == (1, 3, 1, 30)
    book.close()
    other = Book(str(tmp_path / "other.sqlite"))     # the later pull added first
    assert other.add(second) == "added"
    assert other.add(first) == "older"
    assert [r[0] for r in other.evenings()] == [second.identity]
    other.close()


def test_the_cli_says_each_evening_once(tmp_path, capsys):
    n = len(script_actions())
    k = closes()[0] + 6
    pulls = play(tmp_path, [k, n - 1, n], undo_at=k + 1, undo=3)
    damage_folds(pulls[2])
    book = str(tmp_path / "b.sqlite")
    assert main(["book", "--book", book, "add"] + pulls) == 0
    out = capsys.readouterr().out
    assert "undone since" in out and "fuller now" in out
    assert "1 added, 2 updated, 0 already there, 0 older copies skipped" in out
    assert main(["book", "--book", book, "list"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2 + 1


def test_a_book_of_schema_1_counts_its_doubled_evenings_once(tmp_path):
    n = len(script_actions())
    early, late = play(tmp_path, [n - 1, n])
    damage_folds(late)
    path = str(tmp_path / "b.sqlite")
    book = Book(path)
    for pull in (early, late):   # added as schema 1 added them: each once, no name
        book._add(load_file(pull)[0], None, (None, None, 0))
    assert len(book.evenings()) == 2
    book.close()
    db = sqlite3.connect(path)
    db.execute("DROP INDEX evenings_name")
    for column in ("name", "seq", "finished"):
        db.execute("ALTER TABLE evenings DROP COLUMN " + column)
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    book = Book(path)
    assert len(book.evenings()) == 1
    assert rounds_in_book(book) == [1, 2, 3]
    assert bob(book)[1:5] == (1, 3, 1, 30)
    assert book.db.execute("PRAGMA user_version").fetchone()[0] == 2
    book.close()
