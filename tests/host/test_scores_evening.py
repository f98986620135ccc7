# Evenings from action scripts, journals and sheet JSON; their identity; errors
# that name the file and the line.
import json
import os

import pytest

from tileclock.script import new_game, parse_action
from tileclock_host.cli import UserError, main
from tileclock_host.scores.evening import load_file

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCENARIOS = os.path.join(ROOT, "tests", "scenarios")
DATA = os.path.join(ROOT, "tests", "data", "scores")


def scenario(name):
    return os.path.join(SCENARIOS, name)


def make_device(root, scripts, cut_last=None, marks=False, folds=False):
    """A device's file system: each script played through the engine into the journal.

    Every script but the last ends up in games/NNNN/; the last stays in journal/.
    cut_last keeps only that many actions of the last script. marks: a time
    mark after every action, as the app writes them while a clock runs.
    folds: closed rounds folded into the journal's fold files, as the app
    folds them."""
    from tileclock.store.journal import Journal
    os.makedirs(str(root), exist_ok=True)
    for i, path in enumerate(scripts):
        with open(path) as f:
            lines = [ln.strip() for ln in f if ln.strip() and not ln.lstrip().startswith("#")]
        kind = lines[0].split()[1]
        actions = lines[1:]
        if cut_last is not None and i == len(scripts) - 1:
            actions = actions[:cut_last]
        journal = Journal(str(root))
        game = new_game(kind)
        journal.start(kind)
        for line in actions:
            now, verb, args = parse_action(line)
            game.do(now, verb, args)
            journal.record(game)
            if folds and game.foldable():
                game = journal.fold(game)
            if marks:
                journal.mark(now + 500)


def test_a_script_gives_the_engines_sheet():
    (evening,) = load_file(scenario("wordsport_evening.txt"))
    assert evening.kind == "wordsport"
    # docs/wordsport.md: the evening's three rounds end Bob 30, Dan 28, Cat 15, Ann 13, Eve 5.
    assert evening.sheet["standings"] == [["Bob", 30], ["Dan", 28], ["Cat", 15], ["Ann", 13], ["Eve", 5]]
    assert evening.sheet["fastest_win"] == {"name": "Bob", "ms": 95000, "round": 1}
    assert evening.lines[0] == "game wordsport"
    assert evening.where == "wordsport_evening.txt"


def test_identity_ignores_comments_blank_lines_and_time_notation(tmp_path):
    (a,) = load_file(scenario("spellsport_rubber.txt"))
    with open(scenario("spellsport_rubber.txt")) as f:
        original = f.read().splitlines()
    rewritten = ["# the same rubber, written differently", ""]
    for line in original:
        if not line.strip() or line.startswith("#"):
            continue
        words = line.split()
        if words[0] != "game":
            now, verb, args = parse_action(line)
            words = [str(now), verb] + [str(x) for x in args]
        rewritten.append("   " + "  ".join(words))
    path = tmp_path / "other.txt"
    path.write_text("\n".join(rewritten) + "\n")
    (b,) = load_file(str(path))
    assert a.identity == b.identity
    assert len(a.identity) == 64


def test_different_evenings_have_different_identities():
    ids = set()
    for name in sorted(os.listdir(SCENARIOS)):
        if name.endswith(".txt"):
            ids.add(load_file(scenario(name))[0].identity)
    assert len(ids) == len([n for n in os.listdir(SCENARIOS) if n.endswith(".txt")])


def test_a_sheet_saved_as_json_is_read_as_it_is():
    (evening,) = load_file(os.path.join(DATA, "wordsport_evening.json"))
    assert evening.lines is None
    assert evening.sheet["totals"]["Ann"] == 38
    # The JSON of a script's sheet matches the script's sheet.
    (from_json,) = load_file(os.path.join(DATA, "spellsport_rubber.json"))
    (from_script,) = load_file(scenario("spellsport_rubber.txt"))
    assert from_json.sheet == from_script.sheet
    assert from_json.sheet_identity == from_script.sheet_identity


def test_a_speed_scrabble_match_before_newmatch_is_kept(tmp_path):
    with open(scenario("speedscrabble_two_past_target.txt")) as f:
        first = f.read().splitlines()
    last_time = [ln for ln in first if ln.strip() and not ln.startswith("#")][-1].split()[0]
    # The engine's sheet after `newmatch` shows only the new match; the
    # evening keeps the finished one.
    path = tmp_path / "two.txt"
    path.write_text("\n".join(first + ["%s newmatch" % last_time]) + "\n")
    (evening,) = load_file(str(path))
    assert evening.sheet["rounds"] == []
    assert len(evening.sheets) == 1
    assert evening.sheets[0]["winner"] == "Bob"
    assert evening.sheets[0]["standings"] == [["Bob", 265], ["Ann", 250]]


@pytest.mark.parametrize("text, where", [
    ("game wordsport\n0 seat 1 Ann\n0 seat 1 Bob\n", "line 3: seat:"),
    ("game wordsport\n0 seat 1 Ann\nxx seat 2 Bob\n", "line 3:"),
    ("# nothing\ngame chess\n", "line 2: unknown game"),
    ("hello there\n", "line 1: not an action script"),
    ("", "empty file"),
    ('{"game": "wordsport",\n "players": [}\n', "line 2: not valid JSON"),
    ('{"game": "wordsport", "players": [], "rounds": [{"number": 1, "rows": [{"name": "A", "seat": 1}]}],'
     ' "totals": {}, "standings": []}', "rounds[0].rows[0].total"),
])
def test_bad_files_are_user_errors_naming_file_and_line(tmp_path, text, where):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    with pytest.raises(UserError) as err:
        load_file(str(path))
    assert str(path) in str(err.value)
    assert where in str(err.value)


def test_the_cli_reports_a_bad_file_without_a_traceback(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert main(["sheet", str(path), "-o", str(tmp_path / "x.pdf")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tileclock: %s" % path)
    assert "Traceback" not in err
    assert main(["export", str(tmp_path / "missing.txt")]) == 1
    assert "no such file" in capsys.readouterr().err


def test_journal_folders_give_the_same_evenings_as_the_scripts(tmp_path):
    scripts = [scenario("wordsport_evening.txt"), scenario("speedscrabble_standard_match.txt")]
    make_device(tmp_path / "box", scripts)
    evenings = load_file(str(tmp_path / "box"))
    assert [e.kind for e in evenings] == ["wordsport", "speedscrabble"]
    for evening, script in zip(evenings, scripts):
        (expected,) = load_file(script)
        assert evening.identity == expected.identity
        assert evening.sheet == expected.sheet
    assert evenings[0].where == "box/games/0001"
    assert evenings[1].where == "box/journal"
    # One journal folder, or a file in it, reads that game only.
    assert [e.identity for e in load_file(str(tmp_path / "box" / "journal"))] == [evenings[1].identity]
    # A finished evening is one file, games/NNNN.txt: it reads as the evening.
    assert sorted(os.listdir(tmp_path / "box" / "games")) == ["0001.txt"]
    assert [e.identity for e in load_file(str(tmp_path / "box" / "games" / "0001.txt"))] == \
        [evenings[0].identity]


def test_time_marks_in_a_journal_change_no_evening(tmp_path):
    scripts = [scenario("wordsport_evening.txt"), scenario("speedscrabble_standard_match.txt")]
    make_device(tmp_path / "box", scripts, marks=True)
    evenings = load_file(str(tmp_path / "box"))
    assert [e.kind for e in evenings] == ["wordsport", "speedscrabble"]
    for evening, script in zip(evenings, scripts):
        (expected,) = load_file(script)
        assert evening.identity == expected.identity
        assert evening.sheet == expected.sheet
        assert not evening.problems
        assert not any("@" in line for line in evening.lines)


def test_a_damaged_journal_gives_what_it_can_with_a_warning(tmp_path, capsys):
    make_device(tmp_path / "box", [scenario("wordsport_evening.txt")])
    folder = tmp_path / "box" / "journal"
    last = sorted(os.listdir(folder))[-1]
    data = (folder / last).read_bytes()
    (folder / last).write_bytes(data[:-7])  # a power cut in the middle of the last record
    (evening,) = load_file(str(tmp_path / "box"))
    assert evening.problems
    assert len(evening.lines) > 10
    assert main(["export", str(tmp_path / "box")]) == 0
    captured = capsys.readouterr()
    assert "warning" in captured.err and "Traceback" not in captured.err
    assert captured.out.startswith("evening,source,game")


def test_a_folder_that_is_not_a_journal_is_a_user_error(tmp_path):
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "a.txt").write_text("hello")
    with pytest.raises(UserError) as err:
        load_file(str(tmp_path / "notes"))
    assert "neither a journal" in str(err.value)


def test_sheet_json_from_replay_round_trips(tmp_path, capsys):
    assert main(["replay", scenario("wordsport_three_players.txt")]) == 0
    path = tmp_path / "sheet.json"
    path.write_text(capsys.readouterr().out)
    (evening,) = load_file(str(path))
    assert evening.sheet == json.loads(path.read_text())
    assert evening.sheet["standings"][0] == ["Lee", 25]


def test_copies_of_an_evening_are_read_once(tmp_path):
    from tileclock_host.scores.evening import load_files
    # Two pulls of one board: mid-evening (after 60 actions), then at its end.
    make_device(tmp_path / "pulls" / "1", [scenario("wordsport_evening.txt")], cut_last=60)
    make_device(tmp_path / "pulls" / "2", [scenario("wordsport_evening.txt")])
    (whole,) = load_file(scenario("wordsport_evening.txt"))
    evenings = load_files([str(tmp_path / "pulls"), scenario("wordsport_evening.txt"),
                           os.path.join(DATA, "spellsport_rubber.json"), scenario("spellsport_rubber.txt")])
    (rubber,) = load_file(scenario("spellsport_rubber.txt"))
    assert [e.identity for e in evenings] == [whole.identity, rubber.identity]
    assert evenings[0].where == "2/journal"


@pytest.mark.parametrize("lost", ["snap.txt", "snap2.txt", "folds.txt", "folds2.txt", "evening-"])
def test_an_evening_missing_any_one_file_is_read_as_the_device_reads_it(tmp_path, capsys, lost):
    """Right after a close the journal has no segment: the marker, the two
    snapshots and the two fold books. The device resumes the evening with
    any one of them lost (a copy holds what it held), so export, sheet and
    book add read it too: from the device's folder and from journal/ itself,
    whole, never left out with exit 0."""
    scripts = [scenario("speedscrabble_standard_match.txt"), scenario("wordsport_evening.txt")]
    make_device(tmp_path / "box", scripts, folds=True)
    folder = tmp_path / "box" / "journal"
    names = sorted(os.listdir(folder))
    assert not [n for n in names if n.endswith(".log")], names      # right after a close
    assert "folds.txt" in names and "snap2.txt" in names
    (name,) = [n for n in names if n.startswith(lost)]
    os.remove(folder / name)
    (expected,) = load_file(scenario("wordsport_evening.txt"))
    for where in (tmp_path / "box", folder):
        evenings = load_file(str(where))
        assert expected.identity in [e.identity for e in evenings], (where, [e.where for e in evenings])
    assert main(["export", str(tmp_path / "box")]) == 0
    out = capsys.readouterr().out
    assert "box/journal" in out and "box/games/0001" in out, out[:400]
    html = tmp_path / "sheet.html"
    assert main(["sheet", str(folder), "-o", str(html)]) == 0
    assert "Bob" in html.read_text() and "Fastest" in html.read_text()
    book = tmp_path / "book.sqlite"
    assert main(["book", "--book", str(book), "add", str(tmp_path / "box")]) == 0
    capsys.readouterr()
    assert main(["book", "--book", str(book), "list"]) == 0
    listed = capsys.readouterr().out
    assert [line.split()[1] for line in listed.splitlines() if "box/journal" in line] == ["wordsport"], listed
