# Speed Scrabble's menu (a long press of seat 2 on a game screen). Apart
# from screens.py: while a menu, the sheet or the names are up, the game's
# screens are unloaded (App.game_menu); its score sheet lines are sheet.py's.
from tileclock.games.speedscrabble import rules as ss
from tileclock.ui.gamemenu import GameMenu
from tileclock.ui.menu import Item


class SsMenu(GameMenu):
    TITLE = "SPEED SCRABBLE"

    def note(self):
        return None         # the title fills the line

    def items(self, now):
        app = self.app
        g = app.game
        phase = g.phase_at(now)
        lines = [self.standings_line()]
        if phase == ss.SETUP:
            lines.append(Item("Names", None, self._names))
            lines.append(self.join_line())
            # the target is fixed once the match has begun
            lines += self.option_lines(("target",) if g.round_number else ())
        elif phase == ss.PLAY:
            lines.append(Item("Stuck: all take", None, self._act("stuck")))
            lines.append(Item("Redraw hands", None, self._act("redraw")))
            lines.append(Item("Stop: none out", None, self._act("stop")))
            lines.append(Item("Void round", None, self._act("void")))
        elif phase == ss.ENTRY:
            lines.append(Item("Void round", None, self._act("void")))
        elif phase == ss.MATCH_OVER:
            lines.append(Item("New match", None, self._act("newmatch")))
            lines.append(Item("Names", None, self._names))
        return lines + self.end_lines()

MENU = SsMenu
