# The printable score sheets as plain tables, drawn by pdf.py and html.py, so
# the PDF and the HTML always say the same thing.
#
# The frame every game with rounds shares: a row of names for each round
# (names may change from round to round), the players' columns under them,
# the far-right column for the round (its winner and time), five rounds to a
# page like the printed Word-Sport sheet and a totals row at the bottom. A
# game with a sheet of its own has it in games/<kind>/sheet.py (pages());
# any other gets the columns its rows have, named as its about.py says.
#
# Sizes are millimetres on A4; a renderer scales a table's widths to its page.

from tileclock_host import registry

PAGE_ROUNDS = 5         # rounds on one page, like Word-Sport's printed sheet
PAGE_SEATS = 4          # player slots on one page: the four-player sheet


class Cell:
    __slots__ = ("text", "span", "align", "bold", "fill", "small")

    def __init__(self, text="", span=1, align="C", bold=False, fill=None, small=False):
        self.text = "" if text is None else str(text)
        self.span = span
        self.align = align      # "L", "C" or "R"
        self.bold = bold
        self.fill = fill        # None, "head", "name", "total" or "void"
        self.small = small


class Table:
    def __init__(self, widths, caption=None):
        self.widths = list(widths)   # nominal mm; scaled to the page
        self.caption = caption
        self.rows = []               # (height in mm, [Cell])
        self.heavy = set()           # column indexes with a heavy line on their left

    def add(self, cells, height=6.0):
        cells = [c if isinstance(c, Cell) else Cell(c) for c in cells]
        span = sum(c.span for c in cells)
        assert span == len(self.widths), "row spans %d of %d columns" % (span, len(self.widths))
        self.rows.append((height, cells))


class Page:
    def __init__(self, title, landscape=True):
        self.title = title
        self.landscape = landscape
        self.info = []       # lines under the title
        self.blocks = []     # Table objects, or strings (a paragraph)


# -- formatting --

def fmt_ms(ms):
    """m:ss.t from milliseconds (tenths, truncated like a stopwatch); '' for None."""
    if ms is None:
        return ""
    ms = int(ms)
    tenths = ms // 100
    minutes, tenths = divmod(tenths, 600)
    return "%d:%02d.%d" % (minutes, tenths // 10, tenths % 10)


def ordinal(n):
    if n is None:
        return ""
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return "%d%s" % (n, suffix)


def points(value, worth=5):
    """A bonus cell: blank for none, the points otherwise (a True flag is worth `worth`)."""
    if value is True:
        return str(worth)
    if not value:
        return ""
    return str(value)


def num(value):
    """A number cell: '' for None (not entered yet)."""
    return "" if value is None else str(value)


def signed(value):
    return "" if not value else "%+d" % value


def _chunks(items, size):
    return [items[i:i + size] for i in range(0, len(items), size)] or [[]]


def columns_of(rounds):
    """How many player columns the rounds fill."""
    top = 0
    for rnd in rounds:
        if rnd["_cols"]:
            top = max(top, max(rnd["_cols"]) + 1)
    return top


def all_rounds(sheet):
    rounds = [dict(r) for r in sheet.get("rounds", [])]
    if sheet.get("current"):
        current = dict(sheet["current"])
        current["in_progress"] = True
        rounds.append(current)
    _assign_columns(rounds)
    return rounds


def _assign_columns(rounds):
    """Give each round's players a column ("Player 1", "Player 2", ...) as a score keeper would.

    Seats are buttons, not columns: three players at seats 2, 5 and 7 fill
    columns 1-3. A player keeps their column from round to round; a newcomer
    takes the first free column, which may be one a leaver left (the rules:
    "they would just enter their names in the round the players changed").
    Sets rnd["_cols"] = {column index from 0: row}.
    """
    where = {}    # name -> the column they last had
    holder = {}   # column -> the name last in it
    for rnd in rounds:
        rows = sorted(rnd.get("rows") or [], key=lambda r: r["seat"])
        cols = {}
        # Who was last in a column keeps it; then players coming back, if
        # their column is free; then newcomers in seat order.
        rest = []
        for row in rows:
            col = where.get(row["name"])
            if col is not None and holder.get(col) == row["name"]:
                cols[col] = row
            else:
                rest.append(row)
        busy = set(cols)
        newcomers = []
        for row in rest:
            col = where.get(row["name"])
            if col is not None and col not in busy:
                cols[col] = row
                busy.add(col)
            else:
                newcomers.append(row)
        for row in newcomers:
            col = 0
            while col in busy:
                col += 1
            cols[col] = row
            busy.add(col)
        for col, row in cols.items():
            where[row["name"]] = col
            holder[col] = row["name"]
        rnd["_cols"] = cols


def _row_for(rnd, col):
    return rnd["_cols"].get(col)


def standings_text(sheet):
    parts = []
    place = 0
    last = None
    for i, (name, total) in enumerate(sheet.get("standings", [])):
        key = registry.standing_key(sheet, name, total)
        if key != last:
            place = i + 1
            last = key
        parts.append("%s %s %d" % (ordinal(place), name, total))
    return "Standings: " + ",  ".join(parts) if parts else ""


# -- the frame the rounds-based games share --

def round_pages(title, sheet, players, cols, right_title, describe, rounds, source, info, row_h):
    """Pages of PAGE_ROUNDS rounds by up to PAGE_SEATS player columns.

    cols: [(heading, width)] under each player; describe(rnd, seat, row) ->
    (name cell text, [cell texts]); right_title / right(rnd) the far-right column.
    """
    right_w = 20
    label_w = 14
    pages = []
    # A column for each player, up to four to a sheet like the printed
    # four-player sheet; five to eight players share two sheets evenly.
    players = max(players, 1)
    sheets = -(-players // PAGE_SEATS)
    seat_groups = _chunks(list(range(players)), -(-players // sheets))
    groups = _chunks(rounds, PAGE_ROUNDS)
    blank = not rounds
    if blank:
        groups = [[None] * PAGE_ROUNDS]
    ncols = len(cols)
    for gi, group in enumerate(seat_groups):
        # Seat totals over the whole evening (a column's sum, as on paper).
        for pi, page_rounds in enumerate(groups):
            page = Page(title)
            page.info = list(info)
            if len(seat_groups) > 1:
                page.info.append("Players %d-%d (sheet %d of %d)" % (group[0] + 1, group[-1] + 1, gi + 1,
                                                                      len(seat_groups)))
            if len(groups) > 1:
                page.info.append("Page %d of %d" % (pi + 1, len(groups)))
            widths = [label_w]
            for _ in group:
                widths.extend(w for _, w in cols)
            widths.append(right_w)
            table = Table(widths)
            table.heavy = set(1 + i * ncols for i in range(len(group) + 1))
            head = [Cell("Round", fill="head", bold=True)]
            for seat in group:
                head.append(Cell("Player %d" % (seat + 1), span=ncols, fill="head", bold=True))
            head.append(Cell(right_title[0], fill="head", bold=True))
            table.add(head, 6)
            sub = [Cell("", fill="head")]
            for _ in group:
                sub.extend(Cell(h, fill="head", small=True) for h, _ in cols)
            sub.append(Cell(right_title[1], fill="head", small=True))
            table.add(sub, 9)
            for number, rnd in enumerate(page_rounds, pi * PAGE_ROUNDS + 1):
                _round_rows(table, rnd, number, group, cols, describe, row_h)
            if pi == len(groups) - 1:
                total = [Cell("Grand\ntotal", bold=True, fill="total", small=True)]
                for seat in group:
                    total.append(Cell(_seat_total(rounds, seat), span=ncols, bold=True, fill="total"))
                total.append(Cell("", fill="total"))
                table.add(total, row_h)
            page.blocks.append(table)
            pages.append(page)
    return pages


def _round_rows(table, rnd, number, group, cols, describe, row_h):
    ncols = len(cols)
    if rnd is None:  # a blank sheet
        names = [Cell("%d" % number, bold=True, fill="name")]
        for _ in group:
            names.append(Cell("", span=ncols, fill="name"))
        names.append(Cell("", fill="name"))
        table.add(names, row_h)
        scores = [Cell("")]
        for _ in group:
            scores.extend(Cell("") for _ in range(ncols))
        scores.append(Cell(""))
        table.add(scores, row_h)
        return
    label = str(rnd.get("number", number))
    if rnd.get("in_progress"):
        label += " (now)"
    names = [Cell(label, bold=True, fill="name", small=rnd.get("in_progress", False))]
    scores = [Cell("void" if rnd.get("void") else "", small=True)]
    cells_by_seat = []
    for seat in group:
        row = _row_for(rnd, seat)
        if row is None:
            names.append(Cell("", span=ncols, fill="name"))
            cells_by_seat.append([""] * ncols)
            continue
        name, cells = describe(rnd, seat, row)
        names.append(Cell(name, span=ncols, fill="name", bold=True, align="L"))
        cells_by_seat.append(cells)
    right_name, right_score = describe(rnd, None, None)
    names.append(Cell(right_name, fill="name", small=True))
    table.add(names, row_h)
    if rnd.get("void"):
        scores.append(Cell("round void: no points", span=ncols * len(group), fill="void"))
    else:
        for cells in cells_by_seat:
            last = len(cells) - 1
            for i, text in enumerate(cells):
                scores.append(Cell(text, bold=(i == last)))
    scores.append(Cell(right_score, bold=True))
    table.add(scores, row_h)


def _seat_total(rounds, seat):
    """The sum of a seat's column; per name if the seat changed hands."""
    totals = {}
    order = []
    for rnd in rounds:
        if rnd.get("void") or rnd.get("in_progress"):
            continue
        row = _row_for(rnd, seat)
        if row is not None:
            if row["name"] not in totals:
                order.append(row["name"])
                totals[row["name"]] = 0
            totals[row["name"]] += row["total"]
    if len(order) == 1:
        return str(totals[order[0]])
    return "   ".join("%s %d" % (name, totals[name]) for name in order)


# -- entry points --

def source_line(source, sheet):
    parts = []
    if source:
        parts.append(source)
    players = sheet.get("players") or []
    if players:
        parts.append("players: " + ", ".join(p for p in players if p))
    return "   ".join(parts)


# -- any other game: the columns its sheet has --

def _heading(key, headings):
    named = headings.get(key)
    if named:
        return named
    return key.replace("_ms", "").replace("_", "\n").capitalize()


def _cell_text(value, key=""):
    if key.endswith("_ms") and isinstance(value, int) and not isinstance(value, bool):
        return fmt_ms(value)[:-2]   # a time: m:ss, as the clock showed it
    if value is True:
        return "yes"
    if value is False or value is None:
        return ""
    return str(value)


def generic_pages(sheet, source="", players=None, kind=None):
    """Pages for a game with no sheet of its own: a column for each value of
    its rows (as sheet() names them; the headings and the legend its
    about.py gives), the total, and on the right the round's winner and play
    time."""
    from tileclock_host.scores.export import sheet_columns
    blank = sheet is None
    kind = kind if blank else sheet["game"]
    look = registry.about(kind).SHEET or {}
    headings = look.get("headings", {})
    rounds = [] if blank else all_rounds(sheet)
    keys = list(look.get("blank", ())) if blank else sheet_columns(sheet)[0]
    cols = [(_heading(key, headings), 9) for key in keys] + [("Total", 10)]

    def describe(rnd, seat, row):
        if row is None:
            return rnd.get("winner") or "", fmt_ms(rnd.get("play_ms"))
        return row["name"], [_cell_text(row.get(key), key) for key in keys] + [num(row["total"])]

    columns = (players or PAGE_SEATS) if blank else columns_of(rounds)
    info = [] if blank else [source_line(source, sheet)]
    if look.get("legend"):
        info.append(look["legend"])
    pages = round_pages("%s score sheet" % registry.name(kind), sheet, columns, cols, ("Time", "winner"),
                        describe, rounds, source, info, 10.0 if blank else 8.5)
    if not blank:
        text = standings_text(sheet)
        if text:
            pages[-1].blocks.append(text)
    return pages


def sheet_pages(sheet, source=""):
    """The printable pages for a game's sheet()."""
    own = registry.host_module(sheet["game"], "sheet")
    if own is None:
        return generic_pages(sheet, source)
    return own.pages(sheet, source)


def blank_pages(kind, players=PAGE_SEATS):
    """Pages to print and fill in by hand."""
    own = registry.host_module(kind, "sheet")
    if own is None:
        return generic_pages(None, players=players, kind=kind)
    return own.pages(None, players=players)
