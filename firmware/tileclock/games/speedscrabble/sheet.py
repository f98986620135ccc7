# Speed Scrabble's lines of the device's score sheet (ui/sheet.py): the lines under
# the standings and a closed round's. Apart from menu.py so that the sheet
# needs neither the menu nor the game's screens loaded.
from tileclock.ui import draw


def sheet_summary(sheet):
    """The line under the standings: the winner, or the target."""
    if sheet.get("winner"):
        return ["%s wins!" % sheet["winner"]]
    return ["target %d" % sheet["target"]]


def sheet_round(r):
    """(note, lines) of a closed round: its play time, a line a player
    (* went out first)."""
    note = draw.mmss(r["play_ms"]) if r["play_ms"] is not None else ""
    lines = []
    for row in r["rows"]:
        first = "*" if row["first_out_points"] else " "
        lines.append("%s%s%s" % (draw.pad(row["name"], 6), first, draw.lpad(str(row["total"]), 9)))
    return note, lines
