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


class _Game:
    KIND = "test"

    def __init__(self, data):
        data["standings"] = []
        self.data = data

    def sheet(self):
        return self.data


class _Menus:
    @staticmethod
    def sheet_summary(data):
        return []

    @staticmethod
    def sheet_round(r):
        return "", [row["name"] for row in r["rows"]]


def _grid_pages(data):
    """The rounds-by-players pages, worded (the sheet words a page when it
    is shown)."""
    game = _Game(data)
    pages, rounds = sheet.build_pages(game, _Menus)
    return [sheet.page(p, game.sheet(), rounds, _Menus) for p in pages if p[0] == "grid"]


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


def test_the_device_sheet_shows_every_round_of_a_folded_evening():
    # the game holds its last rounds only; the sheet reads the others back
    # from the journal's fold files, and words each page when shown
    from evenings import wordsport

    from tileclock import games
    from tileclock.script import load, new_game
    from tileclock.store import journal as J
    from tileclock.store.fs import FS
    from tileclock_host.boards.simboard import _temp_folder, remove_tree
    root = _temp_folder()           # a real folder: the flash is not RAM
    try:
        _folded_sheet(root, FS(), wordsport, games, load, new_game, J)
    finally:
        remove_tree(root)


def _folded_sheet(root, fs, wordsport, games, load, new_game, J):
    journal = J.Journal(root, fs)
    journal.start("wordsport")
    kind, actions = wordsport(260, players=4)
    game = new_game(kind)
    for now, verb, args in actions:
        game.do(now, verb, args)
        journal.record(game)
        if game.foldable():
            game = journal.fold(game)
    menus = games.part(kind, "sheet")
    whole = load(["game " + kind] + J.read_journal(root + "/journal", fs)[1]).sheet()
    assert len(game.sheet()["rounds"]) < len(whole["rounds"]) and journal.folds >= 3
    pages, rounds = sheet.build_pages(game, menus, journal)
    assert len(rounds) == len(whole["rounds"])
    worded = [sheet.page(p, game.sheet(), rounds, menus) for p in pages]
    firsts = [w for p, w in zip(pages, worded) if p[0] == "round" and p[2] == 0]
    assert [w[0] for w in firsts] == ["ROUND %d" % r["number"] for r in whole["rounds"]]
    r1 = whole["rounds"][0]
    assert firsts[0][1:] == (menus.sheet_round(r1)[0], menus.sheet_round(r1)[1][:6])
    grid = [w for p, w in zip(pages, worded) if p[0] == "grid"]
    assert grid[-1][2][-1].startswith("= ")
    assert len([w for w in grid if w[2][0].startswith("R ")]) == len(grid)


def test_the_scores_page_counts_its_rounds_in_words():
    for count, note in ((0, "0 rounds"), (1, "1 round"), (2, "2 rounds")):
        game = _Game(_sheet(["Ann", "Bob"], [[10, 5]] * count))
        pages, _rounds = sheet.build_pages(game, _Menus)
        assert pages[0][:2] == ("text", "SCORES") and pages[0][2] == note, pages[0]


def test_a_page_of_a_fold_with_two_rounds_leaves_no_file_open():
    # A fold that failed (a flash error) is written at the next close with
    # both rounds in one entry. The sheet reads a page's round and stops:
    # MicroPython runs no `finally` of a generator dropped half-way, so a
    # file held open across a yield stayed open (with LittleFS's 1 KB
    # cache on a Pico) until the next collection.
    from check import WatchedFile
    from evenings import wordsport

    from tileclock import games
    from tileclock.script import new_game
    from tileclock.store import foldwrite
    from tileclock.store import journal as J
    from tileclock.store.fs import FS
    from tileclock_host.boards.simboard import _temp_folder, remove_tree

    class Counting(FS):
        """The real file system (a fold book in RAM wants a block as big as
        itself): files opened to read are counted until closed."""
        most = 0
        open_files = 0

        def open(self, path, mode):
            f = FS.open(self, path, mode)
            return WatchedFile(self, f) if "r" in mode else f

    root = _temp_folder()
    try:
        _two_round_fold(Counting(), root, wordsport, games, new_game, foldwrite, J)
    finally:
        remove_tree(root)


def _two_round_fold(fs, root, wordsport, games, new_game, foldwrite, J):
    journal = J.Journal(root, fs)
    journal.start("wordsport")
    kind, actions = wordsport(150, players=4)
    game = new_game(kind)
    append = foldwrite.append
    failed = []         # the first fold fails until the next round closes

    def failing(*args):
        if len(failed) < 2:
            failed[:1] = [1]
            raise OSError(5, "flash error")
        return append(*args)

    foldwrite.append = failing
    try:
        for now, verb, args in actions:
            game.do(now, verb, args)
            journal.record(game)
            if len(failed) == 1 and verb == "close":
                failed.append(1)
            if game.foldable():
                try:
                    game = journal.fold(game)
                except OSError:
                    pass            # the game goes on unfolded, as the keeper does
    finally:
        foldwrite.append = append
    assert len(failed) == 2 and journal.folds >= 2
    assert [r["number"] for r in journal.folded_rounds()][:3] == [1, 2, 3]
    menus = games.part(kind, "sheet")
    pages, rounds = sheet.build_pages(game, menus, journal)
    assert fs.open_files == 0
    firsts = [p for p in pages if p[0] == "round" and p[2] == 0]
    title = sheet.page(firsts[0], game.sheet(), rounds, menus)[0]
    assert title == "ROUND 1" and fs.open_files == 0, (title, fs.open_files)
    grid = [p for p in pages if p[0] == "grid"]
    sheet.page(grid[0], game.sheet(), rounds, menus)
    assert fs.open_files == 0
