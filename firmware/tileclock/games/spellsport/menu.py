# Spell Sport's menu (a long press of seat 2 on a game screen) and its lines
# of the score sheet. Apart from screens.py: while a menu, the sheet or the
# names are up, the game's screens are unloaded (App.game_menu).
from tileclock.games.spellsport import rules as sp
from tileclock.ui import draw
from tileclock.ui.draw import name_of
from tileclock.ui.gamemenu import GameMenu
from tileclock.ui.menu import Item

class SpMenu(GameMenu):
    TITLE = "SPELL SPORT"

    def items(self, now):
        app = self.app
        g = app.game
        lines = [self.standings_line()]
        if g.phase == sp.PLAY:
            lines.append(Item("Pass: " + name_of(g, g.turn)[:6], None, self._act("pass", (g.turn,))))
            # a path doubles by its direction, whoever's play completed it
            lines.append(Item("Path across", None, self._act("path", ("across",))))
            lines.append(Item("Path down", None, self._act("path", ("down",))))
            lines.append(Item("Path both", None, self._act("path", ("both",))))
            lines.append(Item("End game", None, self._act("endgame")))
        else:
            lines.append(Item("Names", None, self._names))
        return lines + self.end_lines()


# -- the score sheet's Spell Sport lines (ui/sheet.py) ---------------------------

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


MENU = SpMenu
