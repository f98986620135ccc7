# The score sheet, a page at a time: the standings (with the fastest win or
# the target), rounds by players (four players or fewer a page), then each
# round.
# Seat 1 or 2: next page; seat 3 or 4: previous page; long press: back.
# Pages are built as text when the sheet opens (it allocates, once).
from tileclock.ui import draw
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


def build_pages(game):
    sheet = game.sheet()
    kind = sheet["game"]
    pages = []
    rows = []
    place = 0
    last = None
    standings = sheet["standings"]
    for i in range(len(standings)):
        name, points = standings[i]
        if points != last:
            place = i + 1
            last = points
        rows.append("%d %s%s" % (place, draw.pad(name, 10), draw.lpad(str(points), 4)))
    if kind == "wordsport" and sheet.get("fastest_win"):
        f = sheet["fastest_win"]
        rows.append("fast %s %s" % (draw.pad(f["name"], 5), draw.mmss(f["ms"])))
    elif kind == "speedscrabble":
        if sheet.get("winner"):
            rows.append("%s wins!" % sheet["winner"])
        else:
            rows.append("target %d" % sheet["target"])
    elif kind == "spellsport" and sheet.get("rubber_winner"):
        rows.append("%s leads" % sheet["rubber_winner"])
    _cut(rows, "SCORES", "%d rounds" % len(sheet["rounds"]), pages)
    _grid(sheet, pages)
    for r in sheet["rounds"]:
        title = "ROUND %d" % r["number"]
        if r.get("void"):
            _cut(["void: no points"], title, "void", pages)
            continue
        rows = []
        if kind == "wordsport":
            note = draw.mmss(r["win_ms"]) if r["win_ms"] is not None else ""
            for row in r["rows"]:
                place = "DQ" if row["dq"] else draw.ordinal(row["place"])
                rows.append("%s%s%s" % (draw.pad(row["name"], 7), draw.pad(place, 4), draw.lpad(str(row["total"]), 5)))
        elif kind == "speedscrabble":
            note = draw.mmss(r["play_ms"]) if r["play_ms"] is not None else ""
            for row in r["rows"]:
                first = "*" if row["first_out_points"] else " "
                rows.append("%s%s%s" % (draw.pad(row["name"], 6), first,
                                        draw.lpad(str(row["total"]), 9)))
        else:
            note = ("path " + r["path_by"][:5]) if r.get("path_by") else "no path"
            for row in r["rows"]:
                bonus = "x2" if row["path_bonus"] else "  "
                rows.append("%s%s%s" % (draw.pad(row["name"], 7), bonus, draw.lpad(str(row["total"]), 7)))
        _cut(rows, title, note, pages)
    return pages


class Sheet(Screen):
    OVERLAY = True

    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        self.pages = ()

    def open(self, now):
        self.pages = build_pages(self.app.game)

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
