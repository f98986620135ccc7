# Word-Sport's menu (a long press of seat 2 on a game screen). Apart from
# screens.py: while a menu, the sheet or the names are up, the game's
# screens are unloaded (App.game_menu); its score sheet lines are sheet.py's.
from tileclock.games.wordsport import rules as ws
from tileclock.ui.draw import name_of
from tileclock.ui.gamemenu import GameMenu
from tileclock.ui.menu import Item


class WsMenu(GameMenu):
    """Long press of seat 2 in a Word-Sport screen."""
    TITLE = "WORD-SPORT"

    def items(self, now):
        app = self.app
        g = app.game
        lines = [self.standings_line()]
        phase = g.phase
        if phase == ws.SETUP:
            lines.append(Item("Names", None, self._names))
            lines.append(self.join_line())
            lines += self.option_lines()
        elif phase == ws.PLAY or (phase == ws.COUNTDOWN and not g.time_up(now)):
            if phase == ws.COUNTDOWN:
                lines.append(Item("Stop countdown", None, self._act("stop")))
            elif g.pool.can_serve(1):
                lines.append(Item("Stuck: all +1", None, self._act("stuck")))
            else:
                # nobody can finish: place everyone by unused tiles
                lines.append(Item("End: none out", None, self._act("end")))
            if g.paused:
                lines.append(Item("Resume clock", None, self._act("resume")))
            else:
                lines.append(Item("Pause clock", None, self._act("pause")))
            lines.append(Item("Void round", None, self._act("void")))
        else:
            for seat in g.round_seats:
                lines.append(Item("DQ " + name_of(g, seat), None, self._act("dq", (seat,))))
            lines.append(Item("Void round", None, self._act("void")))
        return lines + self.end_lines()

MENU = WsMenu
