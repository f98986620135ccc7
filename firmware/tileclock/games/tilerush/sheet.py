# Tile Rush's lines of the device's score sheet (ui/sheet.py): the lines under
# the standings and a closed round's. Apart from menu.py so that the sheet
# needs neither the menu nor the game's screens loaded.
from tileclock.ui import draw


def sheet_summary(sheet):
    """Nothing under the standings: they are the wins."""
    return []


def sheet_round(r):
    """(note, lines) of a closed round: its play time, a line a player: WIN,
    OUT (a failed call) or the tiles held when the round ended."""
    note = draw.mmss(r["play_ms"]) if r["play_ms"] is not None else ""
    lines = []
    for row in r["rows"]:
        if row["won"]:
            what = "WIN"
        elif row["out"]:
            what = "out"
        else:
            what = "%d tiles" % row["tiles"]
        lines.append("%s%s" % (draw.pad(row["name"], 8), draw.lpad(what, 8)))
    return note, lines
