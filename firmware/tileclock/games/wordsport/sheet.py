# Word-Sport's lines of the device's score sheet (ui/sheet.py): the lines under
# the standings and a closed round's. Apart from menu.py so that the sheet
# needs neither the menu nor the game's screens loaded.
from tileclock.ui import draw


def sheet_summary(sheet):
    """Lines under the standings: the fastest win of the day."""
    f = sheet.get("fastest_win")
    if not f:
        return []
    return ["fast %s %s" % (draw.pad(f["name"], 5), draw.mmss(f["ms"]))]


def sheet_round(r):
    """(note, lines) of a closed round: its win time, a line a player."""
    note = draw.mmss(r["win_ms"]) if r["win_ms"] is not None else "none out"
    lines = []
    for row in r["rows"]:
        place = "DQ" if row["dq"] else draw.ordinal(row["place"])
        lines.append("%s%s%s" % (draw.pad(row["name"], 7), draw.pad(place, 4), draw.lpad(str(row["total"]), 5)))
    return note, lines
