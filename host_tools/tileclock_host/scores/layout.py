# The printable score sheets as plain tables, drawn by pdf.py and html.py, so
# the PDF and the HTML always say the same thing.
#
# Word-Sport follows the game's own four-player score sheet: a row of names
# for each round (names may change from round to round), under each player
# the place, 7-letter, one-grid and 2-minute columns plus the straight run the
# printed sheet had no room for, the round total, the win time on the far
# right, five rounds to a page and a grand totals row at the bottom. Speed
# Scrabble gets the same frame with its own columns (grid score, leftover
# tiles, 7+ words, first out, themes, round total, running score) and the play
# time; Spell Sport a page per rubber with each game's plays and totals.
#
# Sizes are millimetres on A4; a renderer scales a table's widths to its page.

from tileclock.games.spellsport.score import STOLEN_TILE_PENALTY

PAGE_ROUNDS = 5         # rounds on one Word-Sport / Speed Scrabble page, like the printed sheet
PAGE_SEATS = 4          # player slots on one page: the four-player sheet
BLANK_PLAY_LINES = 22   # play lines per game on a blank Spell Sport sheet


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


def _columns_of(rounds):
    """How many player columns the rounds fill."""
    top = 0
    for rnd in rounds:
        if rnd["_cols"]:
            top = max(top, max(rnd["_cols"]) + 1)
    return top


def _all_rounds(sheet):
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
        if total != last:
            place = i + 1
            last = total
        parts.append("%s %s %d" % (ordinal(place), name, total))
    return "Standings: " + ",  ".join(parts) if parts else ""


# -- the frame the rounds-based games share --

def _round_pages(title, sheet, players, cols, right_title, describe, rounds, source, info, row_h):
    """Pages of PAGE_ROUNDS rounds by PAGE_SEATS player columns.

    cols: [(heading, width)] under each player; describe(rnd, seat, row) ->
    (name cell text, [cell texts]); right_title / right(rnd) the far-right column.
    """
    right_w = 20
    label_w = 14
    pages = []
    # Every page has four player slots, like the printed four-player sheet;
    # six to eight players fill two sheets.
    slots = -(-max(players, 1) // PAGE_SEATS) * PAGE_SEATS
    seats = list(range(slots))
    seat_groups = _chunks(seats, PAGE_SEATS)
    round_pages = _chunks(rounds, PAGE_ROUNDS)
    blank = not rounds
    if blank:
        round_pages = [[None] * PAGE_ROUNDS]
    ncols = len(cols)
    for gi, group in enumerate(seat_groups):
        # Seat totals over the whole evening (a column's sum, as on paper).
        for pi, page_rounds in enumerate(round_pages):
            page = Page(title)
            page.info = list(info)
            if len(seat_groups) > 1:
                page.info.append("Players %d-%d (sheet %d of %d)" % (group[0] + 1, group[-1] + 1, gi + 1,
                                                                      len(seat_groups)))
            if len(round_pages) > 1:
                page.info.append("Page %d of %d" % (pi + 1, len(round_pages)))
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
            if pi == len(round_pages) - 1:
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


# -- Word-Sport --

WORDSPORT_COLS = [("Place", 10), ("7-letter", 10), ("One\ngrid", 10), ("2\nminute", 10),
                  ("Straight\nrun", 10), ("Total", 11)]


def _wordsport_describe(rnd, seat, row):
    if row is None:  # the far-right column: winner's name, win time
        return rnd.get("winner") or "", fmt_ms(rnd.get("win_ms"))
    tags = []
    if row.get("dq"):
        tags.append("DQ")
    elif row.get("place"):
        tags.append(ordinal(row["place"]))
    if not row.get("dq") and row.get("finish_ms") is not None and row.get("place") != 1:
        tags.append("out at " + fmt_ms(row["finish_ms"]))
    elif row.get("unused"):
        tags.append("%d left" % row["unused"])
    name = row["name"] + ("  -  " + ", ".join(tags) if tags else "")
    cells = [points(row.get("place_points"), 0), points(row.get("sevens_points")),
             points(row.get("one_grid")), points(row.get("two_minute")),
             points(row.get("straight_run")), num(row["total"])]
    return name, cells


def wordsport_pages(sheet, source="", players=None):
    blank = sheet is None
    rounds = [] if blank else _all_rounds(sheet)
    columns = (players or PAGE_SEATS) if blank else _columns_of(rounds)
    info = []
    if blank:
        info.append("Place: 1st 10, 2nd 5, 3rd 3.   7-letter word: 5 each.   One grid: 5.   "
                    "2 minutes or less: 5.   Straight run: 5.")
    else:
        info.append(_source_line(source, sheet))
    pages = _round_pages("Word-Sport score sheet", sheet, columns, WORDSPORT_COLS, ("Win time", "winner"),
                         _wordsport_describe, rounds, source, info, 10.0 if blank else 8.5)
    last = pages[-1]
    if blank:
        last.blocks.append("Fastest win of the day: ____________________   time: ________")
    else:
        fastest = sheet.get("fastest_win")
        if fastest:
            last.blocks.append("Fastest win: %s in %s (round %s)"
                               % (fastest["name"], fmt_ms(fastest["ms"]), fastest["round"]))
        text = standings_text(sheet)
        if text:
            last.blocks.append(text)
    return pages


# -- Speed Scrabble --

SPEEDSCRABBLE_COLS = [("Grid", 9), ("Left\nover", 8.5), ("7+\nwords", 8.5), ("First\nout", 8.5),
                      ("Theme", 10), ("Round", 9), ("Score", 10)]


def _speedscrabble_describer(rounds):
    running = {}
    done = set()

    def describe(rnd, seat, row):
        if row is None:
            return (rnd.get("variant") or "", fmt_ms(rnd.get("play_ms")))
        key = (id(rnd), seat)
        if key not in done and not rnd.get("void") and not rnd.get("in_progress") and row["total"]:
            done.add(key)
            running[row["name"]] = running.get(row["name"], 0) + row["total"]
        name = row["name"]
        if rnd.get("first_out") == name:
            name += "  -  out first"
        score = "" if rnd.get("in_progress") else str(running.get(row["name"], 0))
        cells = [num(row.get("grid")), _minus(row.get("leftover")), signed(row.get("sevens_points")),
                 signed(row.get("first_out_points")), signed(row.get("theme_points")), num(row["total"]),
                 score]
        return name, cells
    return describe


def _minus(value):
    if not value:
        return ""
    return "%d" % (-abs(value))


def speedscrabble_pages(sheet, source="", players=None):
    blank = sheet is None
    rounds = [] if blank else _all_rounds(sheet)
    columns = (players or PAGE_SEATS) if blank else _columns_of(rounds)
    if blank:
        info = ["Target: ________   Leftover tiles count against you.   7+ letter word: +10.   "
                "First out: +10.   Theme word: +10."]
    else:
        info = [_source_line(source, sheet)]
        facts = []
        if sheet.get("target"):
            facts.append("Playing to %d" % sheet["target"])
        variants = sorted(set(r.get("variant") for r in rounds if r.get("variant")))
        if len(variants) == 1:
            facts.append("variant: %s" % variants[0])
        if facts:
            info.append(",  ".join(facts))
    pages = _round_pages("Speed Scrabble score sheet", sheet, columns, SPEEDSCRABBLE_COLS,
                         ("Time", "variant"), _speedscrabble_describer(rounds) if not blank else None,
                         rounds, source, info, 10.0 if blank else 8.5)
    last = pages[-1]
    if blank:
        last.blocks.append("Winner: ____________________")
    else:
        if sheet.get("winner"):
            last.blocks.append("Winner: %s" % sheet["winner"])
        text = standings_text(sheet)
        if text:
            last.blocks.append(text)
    return pages


# -- Spell Sport --

SPELL_PLAY_COLS = [("No.", 10), ("Player", 34), ("Tiles", 14), ("Stolen", 14), ("Across", 16),
                   ("Down", 16), ("Words", 34), ("Points", 18)]
SPELL_SUM_COLS = [("Side", 22), ("Player", 40), ("Plays", 18), ("Points", 20), ("Path bonus", 26),
                  ("Game total", 26), ("Rubber", 24)]


def _words(play):
    a, d = play.get("across", 0), play.get("down", 0)
    if a and d:
        text = "%d x %d joined" % (a, d) if play.get("joined") else "%d + %d separate" % (a, d)
    else:
        text = "%d" % (a or d)
    if play.get("circuit"):
        text += ", circuit x2"
    if play.get("stolen"):
        text += ", %d stolen %d" % (play["stolen"], -STOLEN_TILE_PENALTY * play["stolen"])
    return text


def spellsport_pages(sheet, source="", players=None):
    page = Page("Spell Sport score sheet: a rubber", landscape=False)
    if sheet is None:
        page.info.append("Across: ____________________     Down: ____________________")
        page.info.append("A word scores its letters; two joined words multiply, two separate add; "
                         "a circuit doubles the play; each stolen tile -4. A path doubles the game.")
        pages = []
        for g in range(1, 3):
            p = page if g == 1 else Page(page.title, landscape=False)
            table = Table([w for _, w in SPELL_PLAY_COLS], caption="Game %d  (path by: ______________)" % g)
            table.add([Cell(h, fill="head", bold=True, small=True) for h, _ in SPELL_PLAY_COLS], 6)
            for i in range(BLANK_PLAY_LINES):
                table.add([Cell(str(i + 1), small=True)] + [Cell("") for _ in SPELL_PLAY_COLS[1:]], 8.5)
            p.blocks.append(table)
            p.blocks.append(_spell_summary(None, None, {}))
            pages.append(p)
        return pages
    names = sheet.get("players") or ["", ""]
    page.info.append(source)
    page.info.append("Across: %s     Down: %s" % (names[0] or "", names[1] if len(names) > 1 else ""))
    running = {}
    for rnd in _all_rounds(sheet):
        caption = "Game %s" % rnd.get("number")
        if rnd.get("in_progress"):
            caption += " (in progress)"
        elif rnd.get("path_by"):
            caption += ": path by %s" % rnd["path_by"]
        else:
            caption += ": ended without a path"
        table = Table([w for _, w in SPELL_PLAY_COLS], caption=caption)
        table.add([Cell(h, fill="head", bold=True, small=True) for h, _ in SPELL_PLAY_COLS], 6)
        for i, play in enumerate(rnd.get("plays", []), 1):
            table.add([Cell(i, small=True), Cell(play.get("name", ""), align="L"),
                       Cell(play.get("tiles", "")),
                       Cell(play.get("stolen") or ""), Cell(play.get("across") or ""),
                       Cell(play.get("down") or ""), Cell(_words(play), small=True),
                       Cell(play.get("points", ""), bold=True)], 6)
        if not rnd.get("plays"):
            table.add([Cell("no plays", span=len(SPELL_PLAY_COLS), small=True)], 6)
        page.blocks.append(table)
        page.blocks.append(_spell_summary(rnd, running, sheet))
    if sheet.get("rubber_winner"):
        page.blocks.append("Rubber won by %s" % sheet["rubber_winner"])
    text = standings_text(sheet)
    if text:
        page.blocks.append(text)
    return [page]


def _spell_summary(rnd, running, sheet):
    table = Table([w for _, w in SPELL_SUM_COLS])
    table.add([Cell(h, fill="head", bold=True, small=True) for h, _ in SPELL_SUM_COLS], 6)
    rows = rnd["rows"] if rnd else [{"side": "across"}, {"side": "down"}]
    for row in rows:
        if rnd is None:
            empty = [Cell("") for _ in SPELL_SUM_COLS[1:]]
            table.add([Cell(row["side"].capitalize(), small=True)] + empty, 8)
            continue
        rubber = ""
        if not rnd.get("in_progress"):
            running[row["name"]] = running.get(row["name"], 0) + row["total"]
            rubber = running[row["name"]]
        table.add([Cell(str(row.get("side", "")).capitalize(), small=True), Cell(row["name"], align="L"),
                   Cell(row.get("plays", "")), Cell(row.get("points", "")),
                   Cell(points(row.get("path_bonus"))),
                   Cell(row["total"], bold=True), Cell(rubber, bold=True, fill="total")], 6.5)
    return table


# -- entry points --

def _source_line(source, sheet):
    parts = []
    if source:
        parts.append(source)
    players = sheet.get("players") or []
    if players:
        parts.append("players: " + ", ".join(p for p in players if p))
    return "   ".join(parts)


# -- any other game: the columns its sheet has --

def _game_name(kind):
    from tileclock import games
    return games.name(kind)


# What a game's generic sheet calls its columns where the sheet's own key
# would mislead, with a line under the title saying what they hold. Tile
# Rush's `out` is a final call whose grid failed the check (that player is
# out of the round, their tiles back in the bag), never a player who went
# out first; its `tiles` are the tiles in hand when the round ended.
HEADINGS = {
    "tilerush": {"tiles": "Tiles\nheld", "out": "Failed\ncall", "won": "Won"},
}
LEGENDS = {
    "tilerush": "Tiles held: in hand when the round ended.   Failed call: called out first, but the "
                "grid failed the check: out of the round, tiles back in the bag.   Won: 1 point.",
}
# The columns of a blank sheet, for a game whose columns come from its rows.
BLANK_KEYS = {
    "tilerush": ["tiles", "out", "won"],
}


def _heading(key, kind=None):
    named = HEADINGS.get(kind, {}).get(key)
    if named:
        return named
    return key.replace("_ms", "").replace("_", "\n").capitalize()


def _cell_text(value):
    if value is True:
        return "yes"
    if value is False or value is None:
        return ""
    return str(value)


def generic_pages(sheet, source="", players=None, kind=None):
    """Pages for a game with no sheet of its own here: a column for each
    value of its rows (as sheet() names them), the total, and on the right
    the round's winner and play time."""
    from tileclock_host.scores.export import sheet_columns
    blank = sheet is None
    kind = kind if blank else sheet["game"]
    rounds = [] if blank else _all_rounds(sheet)
    keys = BLANK_KEYS.get(kind, []) if blank else sheet_columns(sheet)[0]
    cols = [(_heading(key, kind), 9) for key in keys] + [("Total", 10)]

    def describe(rnd, seat, row):
        if row is None:
            return rnd.get("winner") or "", fmt_ms(rnd.get("play_ms"))
        return row["name"], [_cell_text(row.get(key)) for key in keys] + [num(row["total"])]

    columns = (players or PAGE_SEATS) if blank else _columns_of(rounds)
    info = [] if blank else [_source_line(source, sheet)]
    if kind in LEGENDS:
        info.append(LEGENDS[kind])
    pages = _round_pages("%s score sheet" % _game_name(kind), sheet, columns, cols, ("Time", "winner"),
                         describe, rounds, source, info, 10.0 if blank else 8.5)
    if not blank:
        text = standings_text(sheet)
        if text:
            pages[-1].blocks.append(text)
    return pages


BUILDERS = {
    "wordsport": wordsport_pages,
    "speedscrabble": speedscrabble_pages,
    "spellsport": spellsport_pages,
}


def sheet_pages(sheet, source=""):
    """The printable pages for a game's sheet()."""
    build = BUILDERS.get(sheet["game"])
    if build is None:
        return generic_pages(sheet, source)
    return build(sheet, source)


def blank_pages(kind, players=PAGE_SEATS):
    """Pages to print and fill in by hand."""
    build = BUILDERS.get(kind)
    if build is None:
        return generic_pages(None, players=players, kind=kind)
    return build(None, players=players)
