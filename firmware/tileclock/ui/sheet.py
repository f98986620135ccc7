# The score sheet, a page at a time: the standings (with the fastest win or
# the target), rounds by players (four players or fewer a page), then each
# round.
# Seat 1 or 2: next page; seat 3 or 4: previous page; long press: back.
# Pages are built as text when the sheet opens (it allocates, once).
from tileclock.ui import draw
from tileclock.ui.ready import standings_lines
from tileclock.ui.screen import Screen

_ROWS = 6       # text rows under the title


def _cut(rows, title, note, pages):
    """Split `rows` into pages of _ROWS lines."""
    if not rows:
        pages.append((title, note, ["(nothing yet)"]))
        return
    i = 0
    while i < len(rows):
        pages.append((title, note, rows[i:i + _ROWS]))
        i += _ROWS


def _num(n):
    return "-" if n is None else str(n)


def _grid(sheet, pages):
    """Rows are rounds, columns players: "R  Ann Bob Cy". As many players a
    page as their numbers fit (at most four), split evenly: five to eight
    players take two pages a stretch of rounds, each with its header."""
    players = sheet["players"]
    n = len(players)
    if n < 2 or not sheet["rounds"]:
        return
    rounds = []     # (label, {name: text})
    for r in sheet["rounds"]:
        cells = {}
        for row in r["rows"]:
            cells[row["name"]] = str(row["total"])
        rounds.append((draw.pad(str(r["number"]), 2), cells, r.get("void")))
    widest = 2
    for name in players:
        widest = max(widest, len(str(sheet["totals"].get(name, 0))))
    for _label, cells, _void in rounds:
        for text in cells.values():
            widest = max(widest, len(text))
    per_page = min(4, (draw.COLS - 2) // (widest + 1))
    groups = (n + per_page - 1) // per_page
    size = (n + groups - 1) // groups
    body = _ROWS - 1        # rows under each page's header
    for first in range(0, n, size):
        group = players[first:first + size]
        cell = (draw.COLS - 2) // len(group)
        head = "R "
        for name in group:
            head += draw.lpad(name[:cell - 1], cell)
        rows = []
        for label, cells, void in rounds:
            line = label
            for name in group:
                line += draw.lpad("x" if void else _num(cells.get(name)), cell)
            rows.append(line)
        line = "= "
        for name in group:
            line += draw.lpad(str(sheet["totals"].get(name, 0)), cell)
        rows.append(line)
        note = "by player" if groups == 1 else "%d-%d" % (first + 1, first + len(group))
        i = 0
        while i < len(rows):
            pages.append(("ROUNDS", note, [head] + rows[i:i + body]))
            i += body


def build_pages(game, screens):
    """The sheet's pages as (title, note, lines); `screens` is the game's
    menu module (games/<kind>/menu.py), which words its own lines:
    sheet_summary(sheet), the lines under the standings, and sheet_round(r),
    a closed round's (note, lines)."""
    sheet = game.sheet()
    pages = []
    rows = standings_lines(sheet["standings"])
    rows += screens.sheet_summary(sheet)
    _cut(rows, "SCORES", "%d rounds" % len(sheet["rounds"]), pages)
    _grid(sheet, pages)
    for r in sheet["rounds"]:
        title = "ROUND %d" % r["number"]
        if r.get("void"):
            _cut(["void: no points"], title, "void", pages)
            continue
        note, rows = screens.sheet_round(r)
        _cut(rows, title, note, pages)
    return pages


class Sheet(Screen):
    OVERLAY = True

    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        self.pages = ()

    def open(self, now):
        self.pages = build_pages(self.app.game, self.app.spec.menus())

    def press(self, now, seat):
        n = len(self.pages)
        if seat == 1 or seat == 2:
            self.page = (self.page + 1) % n
        else:
            self.page = (self.page - 1) % n
        self.changed()

    def long(self, now, seat):
        self.app.route(now)

    def draw(self, fb, now):
        fb.fill(0)
        title, note, rows = self.pages[self.page]
        number = "%d/%d" % (self.page + 1, len(self.pages))
        if note and len(title) + len(note) + len(number) + 2 <= draw.COLS:
            title = title + " " + note     # e.g. the round's win time
        draw.title(fb, title, number)
        y = 11      # six rows: the last one's descenders on the display's last row
        for line in rows:
            fb.text(line[:16], 0, y, 1)
            y += 9
