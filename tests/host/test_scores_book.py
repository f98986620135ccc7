# The score book: evenings from many files and devices, each counted once.
import datetime
import json
import os
import shutil
import sqlite3


from tileclock.script import parse_action
from tileclock_host.cli import main
from tileclock_host.scores.book import Book
from tileclock_host.scores.evening import evening_from_lines, load_file

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCENARIOS = os.path.join(ROOT, "tests", "scenarios")
DATA = os.path.join(ROOT, "tests", "data", "scores")


def scenario(name):
    return os.path.join(SCENARIOS, name)


def script_lines(name):
    with open(scenario(name)) as f:
        return [ln.strip() for ln in f if ln.strip() and not ln.lstrip().startswith("#")]


def book_cli(capsys, path, *args):
    code = main(["book", "--book", str(path)] + list(args))
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return code, out.out, out.err


def test_the_same_evening_twice_counts_once(tmp_path, capsys):
    book = tmp_path / "book.sqlite"
    copy = tmp_path / "copy of the evening.txt"
    shutil.copy(scenario("wordsport_evening.txt"), str(copy))
    code, out, _ = book_cli(capsys, book, "add", scenario("wordsport_evening.txt"), str(copy),
                            scenario("wordsport_evening.txt"))
    assert code == 0
    assert "1 added, 0 updated, 2 already there" in out
    code, out, _ = book_cli(capsys, book, "standings")
    # docs/wordsport.md: Bob 30, Dan 28, Cat 15, Ann 13, Eve 5 over three rounds.
    lines = out.splitlines()
    assert lines[0] == "wordsport"
    bob = lines[3].split()
    assert bob == ["Bob", "1", "3", "1", "30", "10.0", "1"]
    assert [ln.split()[0] for ln in lines[3:8]] == ["Bob", "Dan", "Cat", "Ann", "Eve"]


def test_a_journal_pulled_twice_mid_evening_is_updated_not_doubled(tmp_path):
    lines = script_lines("wordsport_evening.txt")
    close_1 = [i for i, ln in enumerate(lines) if ln.split()[1:2] == ["close"]][0]
    early = evening_from_lines(lines[:close_1 + 1], "pull-1/journal")   # after round 1
    late = evening_from_lines(lines, "pull-2/journal")                  # the whole evening
    book = Book(str(tmp_path / "b.sqlite"))
    assert book.add(early) == "added"
    assert [r[0] for r in book.standings("wordsport")][:1] == ["Bob"]
    assert book.add(late) == "grown"
    assert book.add(early) == "older"
    assert book.add(late) == "already"
    assert len(book.evenings()) == 1
    rows = dict((r[0], r) for r in book.standings("wordsport"))
    assert rows["Bob"][4] == 30 and rows["Bob"][2] == 3
    book.close()


def test_a_json_sheet_and_its_script_are_one_evening(tmp_path):
    book = Book(str(tmp_path / "b.sqlite"))
    (sheet,) = load_file(os.path.join(DATA, "spellsport_rubber.json"))
    (script,) = load_file(scenario("spellsport_rubber.txt"))
    assert book.add(sheet) == "added"
    assert book.add(script) == "actions"   # the copy with the actions is kept
    assert book.add(sheet) == "already"
    (row,) = book.evenings()
    assert row[0] == script.identity
    book.close()


def test_journals_from_devices_and_scripts_meet_in_one_book(tmp_path, capsys):
    from test_scores_evening import make_device
    make_device(tmp_path / "box1", [scenario("wordsport_evening.txt"),
                                    scenario("speedscrabble_standard_match.txt")])
    make_device(tmp_path / "box2", [scenario("wordsport_evening.txt"), scenario("spellsport_rubber.txt")])
    book = tmp_path / "book.sqlite"
    code, out, _ = book_cli(capsys, book, "add", str(tmp_path / "box1"), str(tmp_path / "box2"),
                            scenario("wordsport_evening.txt"), scenario("speedscrabble_standard_match.txt"))
    assert code == 0
    assert "3 added, 0 updated, 3 already there" in out
    code, out, _ = book_cli(capsys, book, "list")
    assert len(out.splitlines()) == 2 + 3


def test_standings_fastest_and_player(tmp_path, capsys):
    book = tmp_path / "book.sqlite"
    files = [scenario(n) for n in sorted(os.listdir(SCENARIOS)) if n.endswith(".txt")]
    code, _, _ = book_cli(capsys, book, "add", *files)
    assert code == 0

    code, out, _ = book_cli(capsys, book, "fastest", "--limit", "3", "--game", "wordsport")
    rows = [ln.split() for ln in out.splitlines()[3:]]
    assert out.splitlines()[0] == "wordsport"
    # Win times from the scripts: Ann 70 s (dq_void round 2), then Bob and Lee at 95 s.
    assert [(r[1], r[2], r[3]) for r in rows] == [("1:10.0", "Ann", "2"), ("1:35.0", "Bob", "1"),
                                                  ("1:35.0", "Lee", "1")]
    # without --game: every game that times its wins, each under its name
    code, out, _ = book_cli(capsys, book, "fastest", "--limit", "3")
    assert [ln for ln in out.splitlines() if ln and ln[0].isalpha()] == ["wordsport", "speedscrabble", "tilerush"]

    code, out, _ = book_cli(capsys, book, "standings", "--game", "speedscrabble")
    rows = dict((ln.split()[0], ln.split()) for ln in out.splitlines()[3:])
    # Bob won both two-player and three-player matches (262 and 265).
    assert rows["Bob"][6] == "2"
    assert rows["Bob"][1] == "4"   # matches: standard, two past target, Seattle, Idaho

    code, out, _ = book_cli(capsys, book, "player", "bob")
    assert code == 0
    assert "wordsport: 2 evenings" in out and "speedscrabble: 4 matches" in out
    assert "spellsport: 1 rubber\n" in out
    assert "2nd of 2" in out   # the rubber Ann won 205 to 132

    code, out, err = book_cli(capsys, book, "player", "Nobody")
    assert code == 1 and "no player called Nobody" in err


def test_a_file_that_is_not_a_book(tmp_path, capsys):
    bad = tmp_path / "notabook.sqlite"
    bad.write_text("hello, this is not SQLite at all" * 100)
    code, _, err = book_cli(capsys, bad, "list")
    assert code == 1 and str(bad) in err
    code, _, err = book_cli(capsys, tmp_path / "ok.sqlite", "add", str(tmp_path / "missing.txt"))
    assert code == 1 and "no such file" in err


def test_the_schema_is_plain_sqlite(tmp_path):
    book = Book(str(tmp_path / "b.sqlite"))
    (evening,) = load_file(scenario("wordsport_dq_void.txt"))
    book.add(evening)
    book.close()
    db = sqlite3.connect(str(tmp_path / "b.sqlite"))
    # Round 2: Ann won at 70 s; Cat was disqualified.
    assert db.execute("SELECT name, won, time_ms FROM results WHERE round = 2 AND won = 1").fetchall() == \
        [("Ann", 1, 70000)]
    assert db.execute("SELECT COUNT(*) FROM results WHERE void = 1").fetchone()[0] == 4
    assert db.execute("SELECT name, rank, winner FROM standings ORDER BY rank").fetchall()[0] == ("Ann", 1, 1)
    lines = db.execute("SELECT lines FROM evenings").fetchone()[0].splitlines()
    assert lines[0] == "game wordsport"
    assert parse_action(lines[1])[1] == "seat"


def test_a_game_without_words_of_its_own_counts_wins(tmp_path):
    book = Book(str(tmp_path / "b.sqlite"))
    (evening,) = load_file(scenario("tilerush_evening.txt"))
    assert book.add(evening) == "added"
    table = book.standings("tilerush")
    assert table[0][0] == "Di"


def test_equal_points_rank_by_the_spread_where_the_game_says_so(tmp_path):
    # Board Clock (docs/boardclock.md): Ann and Bob both have 3 points (a
    # win and a tie for first each); Ann's margins add up to +40, Bob's to
    # -40, so Ann alone won the evening, as clubs rank it.
    book = Book(str(tmp_path / "b.sqlite"))
    (evening,) = load_file(scenario("boardclock_evening.txt"))
    assert book.add(evening) == "added"
    won = dict((row[0], row[6]) for row in book.standings("boardclock"))
    assert won == {"Ann": 1, "Bob": 0, "Cy": 0}


def test_a_pulled_evening_is_dated_by_its_pull_not_by_its_copy(tmp_path, capsys):
    # samples/scores/ copied now: its files are new, its pulls are not. The
    # book dates each evening by its pull (pull.json), and add names each
    # evening as list does: its device and folder.
    samples = os.path.join(ROOT, "samples", "scores")
    shutil.copytree(samples, str(tmp_path / "scores"))
    (first,) = [d for d in os.listdir(samples) if d.startswith("sim-wordsport")]
    (when,) = os.listdir(os.path.join(samples, first))
    with open(os.path.join(samples, first, when, "pull.json")) as f:
        utc = datetime.datetime.strptime(json.load(f)["pulled"], "%Y-%m-%dT%H:%M:%SZ")
    pulled = utc.replace(tzinfo=datetime.timezone.utc).astimezone().strftime("%Y-%m-%d %H:%M")
    book = tmp_path / "book.sqlite"
    code, added, _ = book_cli(capsys, book, "add", str(tmp_path / "scores"))
    assert code == 0
    code, listed, _ = book_cli(capsys, book, "list")
    rows = listed.splitlines()[2:]
    assert len(rows) == len(os.listdir(samples))
    for row in rows:
        assert row.split()[2:4] == pulled.split(), row          # the pull's date and time
        assert row in added, (row, added)                        # named alike by add and list
    # a pull.json without the time: the <when> folder's own name says it
    manifest = tmp_path / "scores" / first / when / "pull.json"
    manifest.write_text(manifest.read_text().replace('"pulled"', '"not-pulled"'))
    (evening,) = load_file(str(tmp_path / "scores" / first))
    assert evening.played == "%s-%s-%s %s:%s" % (when[0:4], when[4:6], when[6:8], when[9:11], when[11:13])


def test_board_clock_standings_show_the_spread_and_fastest_says_why_it_has_none(tmp_path, capsys):
    # tests/scenarios/boardclock_evening.txt: Ann and Bob 3 points each, Ann
    # +40 and Bob -40, Cy -90 (the spread ranks equal points).
    book = tmp_path / "book.sqlite"
    assert book_cli(capsys, book, "add", scenario("boardclock_evening.txt"))[0] == 0
    code, out, _ = book_cli(capsys, book, "standings")
    lines = out.splitlines()
    assert lines[1].split()[-1] == "spread"
    assert [(ln.split()[0], ln.split()[4], ln.split()[-1]) for ln in lines[3:6]] == [
        ("Ann", "3", "+40"), ("Bob", "3", "-40"), ("Cy", "0", "-90")]
    assert lines[6] == "(ranked by evenings won, then points, then spread)"
    code, out, _ = book_cli(capsys, book, "fastest")
    assert code == 0 and "wordsport" not in out.split(":")[0]
    assert out.startswith("no timed wins in the book") and "holds boardclock evenings" in out
    code, out, _ = book_cli(capsys, book, "fastest", "--game", "boardclock")
    assert code == 0 and out.startswith("boardclock keeps no time of a win")
