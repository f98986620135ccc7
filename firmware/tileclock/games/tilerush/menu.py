# Tile Rush's menu (a long press of seat 2 on a game screen). Apart from
# screens.py: while a menu, the sheet or the names are up, the game's
# screens are unloaded (App.game_menu); its score sheet lines are sheet.py's.
from tileclock.games.tilerush import rules as tr
from tileclock.ui.draw import name_of
from tileclock.ui.gamemenu import GameMenu
from tileclock.ui.menu import Item


class TrMenu(GameMenu):
    """Long press of seat 2 in a Tile Rush screen."""
    TITLE = "TILE RUSH"

    def items(self, now):
        app = self.app
        g = app.game
        lines = [self.standings_line()]
        if g.phase == tr.SETUP:
            lines.append(Item("Names", None, self._names))
            lines.append(self.join_line())
        else:
            if g.phase == tr.PLAY:
                for seat in g.round_seats:
                    if seat not in g.out:
                        lines.append(Item("Dump: " + name_of(g, seat)[:9], None, self._act("dump", (seat,))))
            lines.append(Item("Void round", None, self._act("void")))
        return lines + self.end_lines()

MENU = TrMenu
