# Board Clock's lines of the device's score sheet (ui/sheet.py): the lines under
# the standings and a closed round's. Apart from menu.py so that the sheet
# needs neither the menu nor the game's screens loaded.
from tileclock.games.boardclock import rules as bc
from tileclock.ui import draw


# The sheet's word for a round: a game ("GAMES", "GAME 2", the grid's "G"
# column).
ROUND = "GAME"


def grid_cell(row):
    """A player's game on the grid pages: the score after the penalty."""
    return "-" if row.get("adjusted") is None else str(row["adjusted"])


def grid_total(sheet, name):
    """A player's line under the games: their wins (a draw half)."""
    return bc.wins_text(sheet["totals"].get(name, 0))


def standings_rows(sheet):
    """The standings as the players rank: "1 ANN    2  +50" a player, place
    (shared when wins and spread are level), wins (a draw half), spread."""
    if not sheet["standings"]:
        return []
    lines = ["wins and spread:"]
    spread = sheet["spread"]
    place = 0
    last = None
    standings = sheet["standings"]
    for i in range(len(standings)):
        name, points = standings[i]
        key = (points, spread.get(name, 0))
        if key != last:
            place = i + 1
            last = key
        lines.append("%d %s%s%s" % (place, draw.pad(name, 5), draw.lpad(bc.wins_text(points), 4),
                                    draw.lpad(draw.signed(key[1]), 5)))
    return lines


def sheet_summary(sheet):
    """Nothing under the standings: standings_rows says it all."""
    return []


def sheet_round(r):
    """(note, lines) of a closed game: who won, then a line a player (the
    score after the penalty, the margin; * the winner, = a draw, T lost on
    time) and a line for each overtime."""
    note = "draw" if r["draw"] else ("%s won" % r["winner"][:6] if r["winner"] else "")
    lines = []
    for row in r["rows"]:
        lines.append(result_line(row, r["winner"], r["draw"]))
        if row["over_ms"]:
            lines.append("  over %s -%d" % (draw.mmss((row["over_ms"] + 999) // 1000 * 1000), row["penalty"]))
    return note, lines


def result_line(row, winner, draw_game):
    """"ANN    375  +45*": name, adjusted score, margin, and a mark."""
    if row["lost"]:
        mark = "T"
    elif draw_game and row["total"]:
        mark = "="
    elif row["name"] == winner:
        mark = "*"
    else:
        mark = " "
    adjusted = "-" if row["adjusted"] is None else str(row["adjusted"])
    margin = "" if row["margin"] is None else draw.signed(row["margin"])
    return "%s%s%s%s" % (draw.pad(row["name"], 5), draw.lpad(adjusted, 5), draw.lpad(margin, 5), mark)
