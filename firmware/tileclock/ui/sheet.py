# The score sheet, a page at a time: the standings (with the fastest win or
# the target), rounds by players (four players or fewer a page), then each
# round.
# Seat 1 or 2: next page; seat 3 or 4: previous page; long press: back to
# the menu it was opened from (a game's, or the home menu), on its line.
#
# An evening may have any number of rounds, and the game holds only its
# last ones: the rounds before are read back from the journal's fold files
# (Journal.folded_rounds). So the sheet keeps the list of its pages, small
# tuples, and words a page when it is shown: its memory does not grow with
# the evening.
from tileclock.engine.game import plural
from tileclock.ui import draw
from tileclock.ui.screen import Screen

_ROWS = 6       # text rows under the title
# A folded round no copy of the fold book holds whole (Journal.folded_rounds
# gives {"lost": N}): said where the round would be
_LOST = ["lost: damaged", "on the flash;", "its points stay", "in the totals"]
_BODY = _ROWS - 1   # rows under a grid page's header


def _words(lines_of):
    # what the game calls a round ("ROUND", Board Clock's "GAME"), and how
    # a grid page words a player's round and total: its sheet module's
    # ROUND, grid_cell(row) and grid_total(sheet, name); else the points
    # (None)
    return (getattr(lines_of, "ROUND", "ROUND"), getattr(lines_of, "grid_cell", None),
            getattr(lines_of, "grid_total", None))


class Rounds:
    """Every closed round of the evening by its index from 0: the journal's
    folded ones (read again when asked for), then the game's own."""

    def __init__(self, journal, game, recent):
        self.journal = journal if journal is not None and journal.kind == game.KIND else None
        self.recent = recent
        self.players = getattr(game, "players", None)   # a table game's: renames since a fold
        self.skip = 0       # folded rounds of an earlier match (numbers start again)
        self.folded = 0
        if self.journal is not None:
            last = 0
            for r in self.journal.folded_rounds(None, self.players):
                if "lost" not in r:
                    if r["number"] <= last:
                        self.skip += self.folded
                        self.folded = 0
                    last = r["number"]
                self.folded += 1
            if recent and self.folded and recent[0]["number"] <= last:
                self.skip += self.folded
                self.folded = 0

    def __len__(self):
        return self.folded + len(self.recent)

    def each(self, first, count):
        """Rounds first .. first + count - 1, one at a time."""
        end = min(first + count, len(self))
        i = 0
        if first < self.folded:
            i = -self.skip
            for r in self.journal.folded_rounds(None, self.players):
                if i >= end:
                    return
                if i >= first:
                    yield r
                i += 1
        for k in range(max(first, self.folded), end):
            yield self.recent[k - self.folded]


def build_pages(game, lines_of, journal=None, sheet=None):
    """(pages, rounds): the sheet's pages as small tuples, worded by page():
    ("text", title, note, lines), ("grid", first player, players, first
    round), ("round", index). `lines_of` is the game's sheet module
    (games/<kind>/sheet.py), which words its own lines: sheet_summary(sheet),
    the lines under the standings, and sheet_round(r), a round's (note,
    lines); and if it has them, standings_rows(sheet) for the standings,
    ROUND, grid_cell and grid_total (_words). `sheet`: the game's sheet()
    if the caller has it already (one copy of the rounds in the heap)."""
    if sheet is None:
        sheet = game.sheet()
    rounds = Rounds(journal, game, sheet["rounds"])
    word, cell_of, total_of = _words(lines_of)
    pages = []
    # the standings, as the game words them (Board Clock: places by wins
    # then spread) or the points; then the game's lines under them
    standings_rows = getattr(lines_of, "standings_rows", None)
    rows = standings_rows(sheet) if standings_rows is not None else draw.standings_lines(sheet["standings"])
    rows += lines_of.sheet_summary(sheet)
    note = plural(len(rounds), word.lower())
    if not rows:
        pages.append(("text", "SCORES", note, ["(nothing yet)"]))
    for i in range(0, len(rows), _ROWS):
        pages.append(("text", "SCORES", note, rows[i:i + _ROWS]))
    players = sheet["players"]
    n = len(players)
    if n >= 2 and len(rounds):
        # "R  Ann Bob Cy": as many players a page as their numbers fit (at
        # most four), split evenly, each stretch of rounds with its header
        widest = 2
        for name in players:
            widest = max(widest, len(total_of(sheet, name) if total_of else str(sheet["totals"].get(name, 0))))
        for r in rounds.each(0, len(rounds)):
            for row in r.get("rows", ()):
                widest = max(widest, len(cell_of(row) if cell_of else str(row["total"])))
            r = None
        per_page = min(4, (draw.COLS - 2) // (widest + 1))
        groups = (n + per_page - 1) // per_page
        size = (n + groups - 1) // groups
        lines = len(rounds) + 1             # a line a round, and the totals
        for first in range(0, n, size):
            for start in range(0, lines, _BODY):
                pages.append(("grid", first, size, start))
    i = 0
    for r in rounds.each(0, len(rounds)):
        lines = 1 if r.get("void") or "lost" in r else len(lines_of.sheet_round(r)[1])
        for part in range(0, max(lines, 1), _ROWS):
            pages.append(("round", i, part))
        i += 1
    return pages, rounds


def page(spec, sheet, rounds, lines_of):
    """(title, note, lines) of one page of build_pages()."""
    if spec[0] == "text":
        return spec[1], spec[2], spec[3]
    word, cell_of, total_of = _words(lines_of)
    if spec[0] == "round":
        for r in rounds.each(spec[1], 1):
            if "lost" in r:
                return word + " ?", "lost", _LOST
            title = "%s %d" % (word, r["number"])
            if r.get("void"):
                return title, "void", ["void: no points"]
            note, lines = lines_of.sheet_round(r)
            return title, note, lines[spec[2]:spec[2] + _ROWS]
    _kind, first, size, start = spec
    players = sheet["players"]
    group = players[first:first + size]
    cell = (draw.COLS - 2) // len(group)
    head = word[0] + " "
    for name in group:
        head += draw.lpad(name[:cell - 1], cell)
    lines = [head]
    for r in rounds.each(start, _BODY):
        cells = {}
        for row in r.get("rows", ()):
            cells[row["name"]] = cell_of(row) if cell_of else str(row["total"])
        line = draw.pad(str(r.get("number", "?")), 2)
        for name in group:
            line += draw.lpad("x" if r.get("void") else "?" if "lost" in r else cells.get(name, "-"), cell)
        lines.append(line)
    if start + _BODY > len(rounds):         # the last stretch: the totals
        line = "W " if total_of else "= "         # (the game's own: its wins)
        for name in group:
            line += draw.lpad(total_of(sheet, name) if total_of else str(sheet["totals"].get(name, 0)), cell)
        lines.append(line)
    note = "by player" if size >= len(players) else "%d-%d" % (first + 1, first + len(group))
    return word + "S", note, lines


_BACK = "hold back"     # a name in the tuple: see Screen.KEYS
HOME = "home"           # Sheet's arg: (HOME or GAME_MENU, the menu's cursor)
GAME_MENU = "menu"
# Unloaded while the sheet is up (read again when needed): the menus it
# came from, and the settings' file code a menu saved with.
_NOT_ON_SHEET = ("tileclock.ui.home", "tileclock.ui.gamemenu", "tileclock.ui.menu", "tileclock.store.settings")


class Sheet(Screen):
    OVERLAY = True
    KEYS = ("1/2 next", "3/4 prev", _BACK)

    def __init__(self, app, arg=None):
        super().__init__(app)
        # (the menu to go back to: HOME or GAME_MENU, its cursor); None:
        # the game. A name, not the menu's class: the menus' modules go
        # while the sheet is up (the game's heaviest moment otherwise)
        self.back_to = arg
        self.page = 0
        self.pages = ()
        self.shown = ("", "", [])   # (title, note, lines) of the page on show

    def open(self, now):
        app = self.app
        self.lines_of = app.game_module("sheet")
        # the menu it came from goes while it is up: back loads it again
        from tileclock.modules import forget, forget_games
        forget(_NOT_ON_SHEET)
        forget_games(app.game.KIND, specs=True)
        self.sheet = app.game.sheet()
        self.pages, self.rounds = build_pages(app.game, self.lines_of, app.keeper.journal, self.sheet)
        # and what the game's sheet() loaded to build it (a game's results:
        # modules.SPEC_PARTS, and the registry their import brought back)
        forget_games(app.game.KIND, specs=True)
        self._word()

    def _word(self):
        self.shown = ("", "", [])   # the old page's text goes first
        self.shown = page(self.pages[self.page], self.sheet, self.rounds, self.lines_of)

    def press(self, now, seat):
        n = len(self.pages)
        if seat == 1 or seat == 2:
            self.page = (self.page + 1) % n
        else:
            self.page = (self.page - 1) % n
        self._word()
        self.changed()

    HELD = "let go: back"

    def long(self, now, seat):
        back_to = self.back_to
        if back_to is None:
            self.app.route(now)
            return
        if back_to[0] == HOME:
            self.app.home(now, back_to[1])
        else:
            self.app.game_menu(now, back_to[1])
        from tileclock.modules import forget
        forget(("tileclock.ui.sheet",))     # read again when asked for

    def draw(self, fb, now):
        fb.fill(0)
        title, note, rows = self.shown
        number = "%d/%d" % (self.page + 1, len(self.pages))
        if note and len(title) + len(note) + len(number) + 2 <= draw.COLS:
            title = title + " " + note     # e.g. the round's win time
        draw.title(fb, title, number)
        y = 11      # six rows: the last one's descenders on the display's last row
        for line in rows:
            fb.text(line[:16], 0, y, 1)
            y += 9
        if len(rows) < _ROWS:
            from tileclock.ui.hints import hint
            hint(fb, self.KEYS)
