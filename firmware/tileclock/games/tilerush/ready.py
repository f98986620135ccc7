# Tile Rush's ready screen: any seat splits (docs/device.md). A module of
# its own, loaded while it shows (screens.py).
from tileclock.games.tilerush import rules as tr
from tileclock.ui import draw
from tileclock.ui.ready import Ready

# The keys' shared words, by name in the tuples (see Screen.KEYS).
_UNDO = "hold undo"
_MENU = "hold+ menu"


class TrReady(Ready):
    BAR = "ANY SEAT: SPLIT"
    KEYS = ("any split", _UNDO, _MENU)

    def title(self):
        return "R%d TILE RUSH" % (self.app.game.round_number + 1)

    def lines(self, now):
        g = self.app.game
        players = len(g.seated())
        out = ["%d players" % players, "%d tiles each" % tr.deal_size(players)]
        if g.rounds:
            last = g.rounds[-1]
            out.append(("last: %s %s" % (last[2][:6], draw.mmss(last[3]))) if last[2] else "last: void")
            out += draw.standings_lines(g.standings())
        return out

    def menu(self, now):
        self.app.game_menu(now)
