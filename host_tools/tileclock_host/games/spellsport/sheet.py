# Spell Sport's printed score sheet: a page per rubber with each game's
# plays and totals; a blank one to fill in by hand.
from tileclock.games.spellsport.score import STOLEN_TILE_PENALTY
from tileclock_host.scores.layout import Cell, Page, Table, all_rounds, points, standings_text

BLANK_PLAY_LINES = 22   # play lines per game on a blank sheet

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


def pages(sheet, source="", players=None):
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
    for rnd in all_rounds(sheet):
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
