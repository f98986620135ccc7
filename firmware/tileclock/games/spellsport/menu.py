# Spell Sport's menu (a long press of seat 2 on a game screen). Apart from
# screens.py: while a menu, the sheet or the names are up, the game's
# screens are unloaded (App.game_menu); its score sheet lines are sheet.py's.
from tileclock.games.spellsport import rules as sp
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

MENU = SpMenu
