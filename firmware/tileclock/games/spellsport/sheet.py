# Spell Sport's lines of the device's score sheet (ui/sheet.py): the lines under
# the standings and a closed round's. Apart from menu.py so that the sheet
# needs neither the menu nor the game's screens loaded.
from tileclock.ui import draw


def sheet_summary(sheet):
    """The line under the standings: who leads the rubber."""
    if sheet.get("rubber_winner"):
        return ["%s leads" % sheet["rubber_winner"]]
    return []


def sheet_round(r):
    """(note, lines) of a finished game: the path, a line a player (x2: the
    path doubled them)."""
    note = ("path " + r["path"]) if r.get("path") else "no path"
    lines = []
    for row in r["rows"]:
        bonus = "x2" if row["path_bonus"] else "  "
        lines.append("%s%s%s" % (draw.pad(row["name"], 7), bonus, draw.lpad(str(row["total"]), 7)))
    return note, lines
