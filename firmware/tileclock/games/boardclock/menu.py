# Board Clock's menu (any seat held on, on a game screen: the clock stops
# first). Apart from screens.py: while a menu, the sheet or the names are
# up, the game's screens are unloaded (App.game_menu); its score sheet
# lines are sheet.py's.
from tileclock.games.boardclock import rules as bc
from tileclock.ui.gamemenu import GameMenu
from tileclock.ui.menu import Item


class BcMenu(GameMenu):
    """Any seat held on in a Board Clock screen."""
    TITLE = "BOARD CLOCK"

    def items(self, now):
        g = self.app.game
        phase = g.phase_at(now)
        lines = [self.standings_line()]
        if phase == bc.SETUP:
            lines.append(Item("Names", None, self._names))
            lines.append(self.join_line())
            lines += self.option_lines()
        else:
            if phase == bc.PLAY:
                if g.paused:
                    lines.append(Item("Resume clock", None, self._act("resume")))
                else:
                    lines.append(Item("Pause clock", None, self._act("pause")))
                lines.append(Item("End game", None, self._act("end")))
            lines.append(Item("Void game", None, self._act("void")))
        return lines + self.end_lines()

MENU = BcMenu
