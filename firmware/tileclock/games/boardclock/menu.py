# Board Clock's menu (any seat held on, on a game screen: the clock stops
# first). Apart from screens.py: while a menu, the sheet or the names are
# up, the game's screens are unloaded (App.game_menu); its score sheet
# lines are sheet.py's.
#
# In play it opens on the out play, "ANN went out" for the player on turn:
# held on and seat 2, a gesture no turn's press can make by accident
# (docs/boardclock.md, "The out play"). Paused, "Skip ANN" passes a lost
# turn to the next seat.
from tileclock.games.boardclock import rules as bc
from tileclock.ui.draw import name_of
from tileclock.ui.gamemenu import GameMenu
from tileclock.ui.menu import Item


class BcMenu(GameMenu):
    """Any seat held on in a Board Clock screen."""
    TITLE = "BOARD CLOCK"

    def items(self, now):
        g = self.app.game
        phase = g.phase_at(now)
        if phase == bc.PLAY:
            seat = g.on_seat
            name = name_of(g, seat)[:6]
            lines = [Item(name + " went out", None, self._act("out", (seat,))), self.standings_line()]
            if g.paused:
                lines.append(Item("Resume clock", None, self._act("resume")))
                lines.append(Item("Skip " + name, None, self._act("skip", (seat,))))
            else:
                lines.append(Item("Pause clock", None, self._act("pause")))
            lines.append(Item("End game", None, self._act("end")))
            lines.append(Item("Void game", None, self._act("void")))
            return lines + self.end_lines()
        lines = [self.standings_line()]
        if phase == bc.SETUP:
            lines.append(Item("Names", None, self._names))
            lines.append(self.join_line())
            lines += self.option_lines()
        else:
            lines.append(Item("Void game", None, self._act("void")))
        return lines + self.end_lines()

MENU = BcMenu
