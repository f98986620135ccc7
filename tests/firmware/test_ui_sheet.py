# The score sheet's rounds-by-players pages, from sheets made by hand.
try:
    import framebuf  # noqa: F401
except ImportError:
    from tileclock_host import shims
    shims.install()

from tileclock.ui import sheet  # noqa: E402


def _sheet(names, rounds, void=()):
    """`rounds` lists each round's totals in the order of `names`."""
    out = {"players": list(names), "rounds": [], "totals": {}}
    for name in names:
        out["totals"][name] = 0
    for i in range(len(rounds)):
        rows = []
        for k in range(len(names)):
            total = rounds[i][k]
            if total is None:
                continue
            rows.append({"name": names[k], "total": total})
            out["totals"][names[k]] += total
        out["rounds"].append({"number": i + 1, "rows": rows, "void": (i + 1) in void})
    return out


def _grid_pages(data):
    pages = []
    sheet._grid(data, pages)
    return pages


def test_four_players_fit_one_page_with_two_letter_names():
    pages = _grid_pages(_sheet(["Ann", "Bob", "Cy", "Dee"], [[10, 5, 3, 0], [0, 10, 5, 3]]))
    assert len(pages) == 1
    title, note, rows = pages[0]
    assert title == "ROUNDS" and note == "by player"
    assert rows == ["R  An Bo Cy De",
                    "1  10  5  3  0",
                    "2   0 10  5  3",
                    "=  10 15  8  3"]


def test_six_players_take_two_pages_of_three_each():
    names = ["P1", "P2", "P3", "P4", "P5", "P6"]
    pages = _grid_pages(_sheet(names, [[10, 5, 3, 0, 0, 0], [0, 0, 0, 10, 5, 3]], void=()))
    assert [(p[0], p[1]) for p in pages] == [("ROUNDS", "1-3"), ("ROUNDS", "4-6")]
    # 14 columns for three players: four each
    assert pages[0][2] == ["R   P1  P2  P3",
                           "1   10   5   3",
                           "2    0   0   0",
                           "=   10   5   3"]
    assert pages[1][2][0].split() == ["R", "P4", "P5", "P6"]
    assert pages[1][2][-1].split() == ["=", "10", "5", "3"]
    for page in pages:
        for row in page[2]:
            assert len(row) <= 16, row


def test_eight_players_and_many_rounds_repeat_the_header_on_every_page():
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    rounds = [[k % 11 for k in range(r, r + 8)] for r in range(7)]
    rounds[2][7] = None                 # Hal sat out round 3
    pages = _grid_pages(_sheet(names, rounds, void=(5,)))
    # two groups of four; 7 rounds + totals = 8 rows, five under each header
    assert [p[1] for p in pages] == ["1-4", "1-4", "5-8", "5-8"]
    for _title, _note, rows in pages:
        assert len(rows) <= 6
        assert rows[0].startswith("R ")
        for row in rows:
            assert len(row) <= 16, row
    assert pages[0][2][0] == "R  An Bo Cy De"
    assert pages[2][2][0] == "R  Ev Fa Gu Ha"
    # round 3: Eve..Hal scored (2..9 % 11)[4:] = 6, 7, 8 and Hal nothing
    assert pages[2][2][3].split() == ["3", "6", "7", "8", "-"]
    assert pages[2][2][5].split() == ["5", "x", "x", "x", "x"]
    assert pages[3][2][-1].startswith("= ")


def test_wide_numbers_take_fewer_players_a_page():
    # Speed Scrabble totals in the hundreds: three digits and a space each
    names = ["Ann", "Bob", "Cy", "Dee"]
    pages = _grid_pages(_sheet(names, [[140, 73, 120, 99]]))
    assert [p[1] for p in pages] == ["1-2", "3-4"]
    assert pages[0][2][1].split() == ["1", "140", "73"]
    assert pages[1][2][2].split() == ["=", "120", "99"]
