# CSV and JSON export: one row per player per round, the documented columns.
import csv
import io
import json
import os

from tileclock_host.cli import main
from tileclock_host.scores import export

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCENARIOS = os.path.join(ROOT, "tests", "scenarios")
DOC = os.path.join(ROOT, "docs", "scores.md")


def run_export(capsys, *args):
    assert main(["export"] + list(args)) == 0
    return capsys.readouterr().out


def scenario(name):
    return os.path.join(SCENARIOS, name)


def test_wordsport_csv_rows(capsys):
    text = run_export(capsys, scenario("wordsport_evening.txt"))
    rows = list(csv.DictReader(io.StringIO(text)))
    # Three rounds of four players.
    assert len(rows) == 12
    assert list(rows[0])[:9] == export.COMMON
    bob = [r for r in rows if r["round"] == "1" and r["name"] == "Bob"][0]
    # docs/wordsport.md, round 1: Bob 10 + 5 (seven) + 5 (two minutes) = 20 at 95 s.
    assert (bob["place"], bob["place_points"], bob["sevens"], bob["sevens_points"], bob["two_minute"],
            bob["total"], bob["win_ms"], bob["winner"], bob["dq"]) == \
        ("1", "10", "1", "5", "5", "20", "95000", "Bob", "0")
    ann = [r for r in rows if r["round"] == "1" and r["name"] == "Ann"][0]
    assert (ann["place"], ann["unused"], ann["finish_ms"], ann["total"]) == ("4", "4", "", "0")
    assert sum(int(r["total"]) for r in rows if r["name"] == "Bob") == 30
    assert set(r["game"] for r in rows) == {"wordsport"}
    assert len(set(r["evening"] for r in rows)) == 1


def test_mixed_games_share_one_header(capsys):
    text = run_export(capsys, scenario("wordsport_dq_void.txt"), scenario("speedscrabble_standard_match.txt"),
                      scenario("spellsport_rubber.txt"))
    rows = list(csv.DictReader(io.StringIO(text)))
    header = text.splitlines()[0].split(",")
    assert header == export.columns_for({"wordsport", "speedscrabble", "spellsport"})
    assert len(header) == len(set(header))
    games = [r["game"] for r in rows]
    # 2 rounds x 4, 3 rounds x 3, 3 games x 2 sides.
    assert (games.count("wordsport"), games.count("speedscrabble"), games.count("spellsport")) == (8, 9, 6)
    void = [r for r in rows if r["game"] == "wordsport" and r["round"] == "1"]
    assert all(r["void"] == "1" and r["total"] == "0" for r in void)
    # docs/speedscrabble.md round 3: Bob 95 + 10 (7+) + 10 (out) = 115.
    bob3 = [r for r in rows if r["game"] == "speedscrabble" and r["round"] == "3" and r["name"] == "Bob"][0]
    assert (bob3["grid"], bob3["leftover"], bob3["sevens_points"], bob3["first_out_points"], bob3["total"],
            bob3["first_out"]) == ("95", "0", "10", "10", "115", "Bob")
    # The rubber's first game: Ann's 90 doubled by her path.
    ann1 = [r for r in rows if r["game"] == "spellsport" and r["round"] == "1" and r["name"] == "Ann"][0]
    assert (ann1["side"], ann1["points"], ann1["path_bonus"], ann1["total"], ann1["path_by"]) == \
        ("across", "90", "90", "180", "Ann")
    assert bob3["place"] == "" and ann1["grid"] == ""


def test_json_has_the_same_rows_with_types(capsys, tmp_path):
    out = tmp_path / "scores.json"
    assert main(["export", scenario("wordsport_dq_void.txt"), "-o", str(out)]) == 0
    assert capsys.readouterr().out.startswith("wrote %s: " % out)
    rows = json.loads(out.read_text())
    text = run_export(capsys, scenario("wordsport_dq_void.txt"))
    assert len(rows) == len(list(csv.DictReader(io.StringIO(text))))
    cat = [r for r in rows if r["round"] == 2 and r["name"] == "Cat"][0]
    assert cat["dq"] is True and cat["total"] == 0 and cat["place"] is None and cat["sevens"] == 1
    assert list(cat) == export.columns_for({"wordsport"})


def test_output_file_and_format(tmp_path, capsys):
    assert main(["export", scenario("spellsport_rubber.txt"), "-o", str(tmp_path / "a.csv")]) == 0
    assert (tmp_path / "a.csv").read_text().startswith("evening,source,game,match,round")
    assert main(["export", scenario("spellsport_rubber.txt"), "-o", str(tmp_path / "a.txt")]) == 1
    assert "say --format csv or json" in capsys.readouterr().err
    assert main(["export", scenario("spellsport_rubber.txt"), "--format", "json",
                 "-o", str(tmp_path / "a.txt")]) == 0
    assert json.loads((tmp_path / "a.txt").read_text())[0]["game"] == "spellsport"


def test_every_column_is_documented():
    with open(DOC, encoding="utf-8") as f:
        doc = f.read()
    for col in export.columns_for({"wordsport", "speedscrabble", "spellsport"}):
        assert "`%s`" % col in doc, col


def test_a_game_without_columns_of_its_own_exports_what_its_sheet_has(capsys):
    # Tile Rush needs nothing in the host tools: its rows' values become columns
    text = run_export(capsys, scenario("tilerush_evening.txt"))
    rows = list(csv.DictReader(io.StringIO(text)))
    header = text.splitlines()[0].split(",")
    assert header[-5:] == ["tiles", "out", "won", "winner", "play_ms"]
    di = [r for r in rows if r["round"] == "1" and r["name"] == "Di"][0]
    assert (di["won"], di["total"], di["tiles"], di["winner"], di["play_ms"]) == ("1", "1", "47", "Di", "600000")
    bob = [r for r in rows if r["round"] == "1" and r["name"] == "Bob"][0]
    assert (bob["out"], bob["tiles"], bob["total"]) == ("1", "0", "0")


def test_the_doc_lists_the_tile_rush_columns():
    from tileclock_host.scores.evening import load_file
    with open(DOC, encoding="utf-8") as f:
        doc = f.read()
    (evening,) = load_file(scenario("tilerush_evening.txt"))
    for col in export.columns_for({"tilerush"}, [evening.sheet]):
        assert "`%s`" % col in doc, col


def test_export_to_a_file_says_what_it_wrote(tmp_path, capsys):
    out = tmp_path / "night.csv"
    assert main(["export", scenario("wordsport_evening.txt"), scenario("tilerush_evening.txt"),
                 "-o", str(out)]) == 0
    rows = len(out.read_text().splitlines()) - 1
    assert capsys.readouterr().out == "wrote %s: %d rows (one per player per round) from 2 evenings\n" % (out, rows)
