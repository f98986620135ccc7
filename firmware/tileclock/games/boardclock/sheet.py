# Board Clock's lines of the device's score sheet (ui/sheet.py): the lines under
# the standings and a closed round's. Apart from menu.py so that the sheet
# needs neither the menu nor the game's screens loaded.
from tileclock.games.boardclock import rules as bc
from tileclock.ui import draw


def sheet_summary(sheet):
    """Under the standings (their points: 2 a win, 1 a draw): each
    player's wins and sum of margins."""
    if not sheet["standings"]:
        return []
    lines = ["wins and spread:"]
    for name, points in sheet["standings"]:
        lines.append("%s%s%s" % (draw.pad(name, 7), draw.lpad(bc.wins_text(points), 4),
                                 draw.lpad(draw.signed(sheet["spread"].get(name, 0)), 5)))
    return lines


def sheet_round(r):
    """(note, lines) of a closed game: who won, then a line a player (the
    score after the penalty, the margin; * the winner, = a draw, T lost on
    time) and a line for each overtime."""
    note = "draw" if r["draw"] else ("%s won" % r["winner"][:6] if r["winner"] else "")
    lines = []
    for row in r["rows"]:
        lines.append(result_line(row, r["winner"], r["draw"]))
        if row["over_ms"]:
            lines.append("  over %s -%d" % (draw.mmss(row["over_ms"]), row["penalty"]))
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
    return "%s%s%s%s" % (draw.pad(row["name"], 6), draw.lpad(adjusted, 4), draw.lpad(margin, 5), mark)
