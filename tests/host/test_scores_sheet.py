# Printable score sheets: PDF (read back as text and as pictures with
# pypdfium2: tests/host/pdfpages.py) and HTML, from the engines' sheets.
# Set TILECLOCK_SHEET_PNG=DIR to keep the pictures for a look.
import os
from html.parser import HTMLParser

import pdfpages
import pytest

from tileclock_host.cli import main
from tileclock_host.scores import layout
from tileclock_host.scores.evening import load_file

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCENARIOS = os.path.join(ROOT, "tests", "scenarios")
DATA = os.path.join(ROOT, "tests", "data", "scores")


def pdf_text(pdf):
    return pdfpages.text(pdf)  # words in reading order, spacing squeezed


def pdf_pictures(pdf, dpi=50):
    pictures = pdfpages.pictures(pdf, dpi)
    keep = os.environ.get("TILECLOCK_SHEET_PNG")
    if keep:
        os.makedirs(keep, exist_ok=True)
        for n, picture in enumerate(pictures, 1):
            picture.save(os.path.join(keep, "%s-%d.png" % (pdf.stem, n)))
    return pictures


def ink(picture):
    """Share of the page that is not white."""
    hist = picture.histogram()
    return 1.0 - sum(hist[200:]) / float(picture.width * picture.height)


def render(source, tmp_path, ext="pdf"):
    out = tmp_path / ("%s.%s" % (os.path.splitext(os.path.basename(source))[0], ext))
    assert main(["sheet", source, "-o", str(out)]) == 0
    return out


# Figures worked out from the rules and the scripts' comments, not from the code.
EXPECTED = {
    # Round 1 (docs/wordsport.md): Bob wins at 95 s, 10 + 5 (seven) + 5 (2 min) = 20;
    # Cat 2nd at 115 s, 5 + 5 (grid) + 5 = 15; Dan 3rd at exactly 2:00, 3 + 5 = 8; Ann 4 left.
    "wordsport_evening.txt": [
        "Word-Sport score sheet", "Bob - 1st", "Cat - 2nd, out at 1:55.0", "Dan - 3rd, out at 2:00.0",
        "Ann - 4th, 4 left", "1:35.0", "Fastest win: Bob in 1:35.0 (round 1)",
        "Standings: 1st Bob 30, 2nd Dan 28, 3rd Cat 15, 4th Ann 13, 5th Eve 5"],
    # The void round, then Cat (out first) disqualified: Ann 1st 10 + 5, Dan 2nd 5 + 5, Bob 3rd 3.
    "wordsport_dq_void.txt": [
        "round void: no points", "Cat - DQ", "Ann - 1st", "Dan - 2nd", "Bob - 3rd, 1 left",
        "Standings: 1st Ann 15, 2nd Dan 10, 3rd Bob 3, 4th Cat 0"],
    # docs/speedscrabble.md: 90/57/36, then 137/147/112, then 222/262/178; Bob wins.
    "speedscrabble_standard_match.txt": [
        "Speed Scrabble score sheet", "Playing to 250", "Ann - out first", "Winner: Bob",
        "90 90", "262", "Standings: 1st Bob 262, 2nd Ann 222, 3rd Cy 178"],
    # The script's comments: Ann 180 + 10 + 15 = 205, Bob 24 + 108 + 0 = 132.
    "spellsport_rubber.txt": [
        "Spell Sport score sheet", "Across: Ann Down: Bob", "Game 1: path by Ann", "Game 2: path by Bob",
        "Game 3: ended without a path", "6 x 5 joined, circuit x2", "Rubber won by Ann",
        "Standings: 1st Ann 205, 2nd Bob 132"],
    # The rules' sample plays: 20 - 4 = 16, 30, 32, 24 - 4 = 20.
    "spellsport_sample.txt": ["Game 1 (in progress)", "4 x 5 joined, 1 stolen -4 16", "5 x 6 joined 30",
                              "8 x 4 joined 32", "4 x 6 joined, 1 stolen -4 20"],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_pdf_sheets_say_what_the_rules_work_out(name, tmp_path):
    pdf = render(os.path.join(SCENARIOS, name), tmp_path)
    text = pdf_text(pdf)
    for expected in EXPECTED[name]:
        assert expected in text, expected


@pytest.mark.parametrize("name", sorted(n for n in os.listdir(SCENARIOS) if n.endswith(".txt")))
def test_every_scenario_prints_as_a_sheet_one_can_read(name, tmp_path):
    pdf = render(os.path.join(SCENARIOS, name), tmp_path)
    pictures = pdf_pictures(pdf)
    assert pictures
    for picture in pictures:
        if name.startswith("spellsport"):
            assert picture.height > picture.width       # A4 portrait
        else:
            assert picture.width > picture.height       # A4 landscape, like the printed sheet
        assert abs(max(picture.size) / float(min(picture.size)) - 297 / 210.0) < 0.02
        assert 0.01 < ink(picture) < 0.5                # something printed, not a black page
        # Nothing runs into the right margin (10 mm).
        margin = picture.crop((picture.width - int(picture.width * 8 / 297.0), 0, picture.width,
                               picture.height))
        assert ink(margin) == 0


@pytest.mark.parametrize("name, players", [("speedscrabble_two_past_target.txt", 2),
                                           ("boardclock_evening.txt", 3), ("wordsport_three_players.txt", 3)])
def test_a_sheet_has_a_column_for_each_player_and_no_empty_ones(name, players, tmp_path):
    text = pdf_text(render(os.path.join(SCENARIOS, name), tmp_path))
    assert "Player %d" % players in text and "Player %d" % (players + 1) not in text


def test_names_stay_in_their_column_from_round_to_round():
    (evening,) = load_file(os.path.join(SCENARIOS, "wordsport_evening.txt"))
    rounds = layout.all_rounds(evening.sheet)
    cols = [dict((c, row["name"]) for c, row in r["_cols"].items()) for r in rounds]
    # Eve sits at seat 3 for rounds 2 and 3 (Cat left): she takes Cat's column.
    assert cols[0] == {0: "Ann", 1: "Bob", 2: "Cat", 3: "Dan"}
    assert cols[1] == {0: "Ann", 1: "Bob", 2: "Eve", 3: "Dan"}
    assert cols[2] == cols[1]


def test_seats_are_buttons_not_columns():
    (evening,) = load_file(os.path.join(SCENARIOS, "wordsport_three_players.txt"))
    (rnd,) = layout.all_rounds(evening.sheet)
    # Seats 2, 5 and 7 fill Player 1-3 of a single four-player sheet.
    assert sorted((c, row["seat"]) for c, row in rnd["_cols"].items()) == [(0, 2), (1, 5), (2, 7)]
    assert len(layout.sheet_pages(evening.sheet)) == 1


def test_a_returning_player_gets_their_column_back():
    def rnd(number, names):
        return {"number": number, "void": False, "rows": [
            {"name": n, "seat": s, "total": 0} for s, n in names]}
    rounds = [rnd(1, [(1, "A"), (2, "B"), (3, "C")]), rnd(2, [(1, "A"), (3, "C"), (4, "D")]),
              rnd(3, [(1, "A"), (2, "B"), (3, "C"), (4, "D")])]
    layout._assign_columns(rounds)
    names = [dict((c, row["name"]) for c, row in r["_cols"].items()) for r in rounds]
    assert names[0] == {0: "A", 1: "B", 2: "C"}
    assert names[1] == {0: "A", 1: "D", 2: "C"}        # D takes the column B left
    assert names[2] == {0: "A", 1: "D", 2: "C", 3: "B"}  # B comes back to a free one


def test_speed_scrabble_sheet_from_json(tmp_path):
    # tests/data/scores/speedscrabble_match.json, worked by hand: Ann 62 + 36 + 55 = 153 passes 150.
    text = pdf_text(render(os.path.join(DATA, "speedscrabble_match.json"), tmp_path))
    for expected in ("Playing to 150", "Winner: Ann", "Bob - out first", "50 +20 +10 +10 90 121",
                     "Standings: 1st Ann 153, 2nd Bob 135, 3rd Cat 79", "11:40.5"):
        assert expected in text, expected


def test_a_seat_that_changed_hands_totals_per_name(tmp_path):
    pdf = render(os.path.join(DATA, "wordsport_evening.json"), tmp_path)
    text = pdf_text(pdf)
    assert "Dan 3 Eve 5" in text
    assert "Fastest win: Cat in 1:30.0 (round 4)" in text


def test_html_sheet_has_the_same_content(tmp_path):
    out = render(os.path.join(SCENARIOS, "wordsport_evening.txt"), tmp_path, "html")
    html = out.read_text(encoding="utf-8")

    class Cells(HTMLParser):
        def __init__(self):
            super().__init__()
            self.texts = []
            self.sections = 0

        def handle_starttag(self, tag, attrs):
            self.sections += tag == "section"

        def handle_data(self, data):
            if data.strip():
                self.texts.append(" ".join(data.split()))

    parser = Cells()
    parser.feed(html)
    assert parser.sections == 1
    for expected in ("Bob - 1st", "Cat - 2nd, out at 1:55.0", "1:35.0",
                     "Fastest win: Bob in 1:35.0 (round 1)"):
        assert expected in parser.texts, expected
    assert "<script" not in html


def test_names_are_escaped_in_html(tmp_path):
    sheet = {"game": "spellsport", "players": ["<b>", "Zoë"], "rounds": [], "totals": {"<b>": 0, "Zoë": 0},
             "standings": [["<b>", 0], ["Zoë", 0]], "current": None, "rubber_winner": None}
    from tileclock_host.scores import html
    text = html.to_html(layout.sheet_pages(sheet, "x"))
    assert "&lt;b&gt;" in text and "<b>" not in text and "Zoë" in text


@pytest.mark.parametrize("game, players, pages", [
    ("wordsport", 4, 1), ("wordsport", 2, 1), ("wordsport", 6, 2), ("wordsport", 8, 2),
    ("speedscrabble", 3, 1), ("speedscrabble", 5, 2), ("spellsport", 2, 2),
])
def test_blank_sheets(game, players, pages, tmp_path):
    out = tmp_path / "blank.pdf"
    assert main(["sheet", "--blank", game, "--players", str(players), "-o", str(out)]) == 0
    pictures = pdf_pictures(out, dpi=30)
    assert len(pictures) == pages
    text = pdf_text(out)
    if game == "wordsport":
        # The printed sheet's columns, five rounds, the fastest win line.
        for word in ("Place", "7-letter", "One grid", "2 minute", "Straight run", "Win time", "5",
                     "Fastest win of the day"):
            assert word in text
    if game != "spellsport":    # (Spell Sport's sheet is its own: Across and Down)
        # a column for each player, no empty ones
        assert ("Player %d" % players) in text and ("Player %d" % (players + 1)) not in text
    assert main(["sheet", "--blank", game, "--players", str(players), "-o", str(tmp_path / "b.html")]) == 0


def test_sheet_command_errors(tmp_path, capsys):
    assert main(["sheet", "--blank", "wordsport", "--players", "9"]) == 1
    assert "--players must be 2 to 8" in capsys.readouterr().err
    evening = os.path.join(SCENARIOS, "wordsport_evening.txt")
    assert main(["sheet", evening, "-o", str(tmp_path / "x.txt")]) == 1
    assert "say --format pdf or html" in capsys.readouterr().err
    assert main(["sheet"]) == 1
    assert main(["sheet", os.path.join(SCENARIOS, "wordsport_evening.txt"), "--blank", "wordsport"]) == 1
    assert main(["sheet", os.path.join(SCENARIOS, "wordsport_evening.txt"),
                 "-o", str(tmp_path / "no" / "such" / "dir.pdf")]) == 1
    assert "Traceback" not in capsys.readouterr().err


def test_tile_rush_columns_say_what_they_hold(tmp_path):
    # Bob's call failed (docs/tilerush.md): 0 tiles held, out of the round, no
    # point. The heading says it was a failed call, not a player who went out.
    text = pdf_text(render(os.path.join(SCENARIOS, "tilerush_evening.txt"), tmp_path))
    for words in ("Tiles held Failed call Won Total", "Failed call: called out first, but the grid failed"):
        assert words in text, words
    assert " Out " not in text
    out = tmp_path / "blank.pdf"
    assert main(["sheet", "--blank", "tilerush", "-o", str(out)]) == 0
    assert "Tiles held Failed call Won Total" in pdf_text(out)


def test_times_of_a_generic_sheet_read_as_the_clock_showed_them(tmp_path):
    # Board Clock's rows hold milliseconds (used_ms, over_ms): the sheet
    # shows m:ss. Ann used 27:05 of her bank in game 1, 2:05 over: 30 off.
    text = pdf_text(render(os.path.join(SCENARIOS, "boardclock_evening.txt"), tmp_path))
    assert "420 27:05 2:05 30 390 -10" in text
    assert "1625000" not in text and "125000" not in text
    # equal points, ranked by the spread (+40 against -40): no shared first
    assert "Standings: 1st Ann 3, 2nd Bob 3, 3rd Cy 0" in " ".join(text.split())


def test_several_files_and_folders_make_one_sheet_of_every_evening(tmp_path, capsys, monkeypatch):
    from test_scores_evening import make_device
    make_device(tmp_path / "box", [os.path.join(SCENARIOS, "wordsport_evening.txt"),
                                   os.path.join(SCENARIOS, "speedscrabble_standard_match.txt")])
    out = tmp_path / "night.pdf"
    assert main(["sheet", str(tmp_path / "box"), os.path.join(SCENARIOS, "tilerush_evening.txt"),
                 "-o", str(out)]) == 0
    assert capsys.readouterr().out.startswith("wrote %s: 3 evenings, " % out)
    text = pdf_text(out)
    for title in ("Word-Sport score sheet", "Speed Scrabble score sheet", "Tile Rush score sheet"):
        assert title in text, title
    # Without -o: one input names the file, as before; several make sheets.pdf.
    monkeypatch.chdir(tmp_path)
    assert main(["sheet", os.path.join(SCENARIOS, "wordsport_evening.txt")]) == 0
    assert main(["sheet", os.path.join(SCENARIOS, "wordsport_evening.txt"),
                 os.path.join(SCENARIOS, "tilerush_evening.txt"), "--format", "html"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith("wrote wordsport_evening.pdf: 1 evening, ")
    assert said[1].startswith("wrote sheets.html: 2 evenings, ")
    assert (tmp_path / "wordsport_evening.pdf").exists() and (tmp_path / "sheets.html").exists()
