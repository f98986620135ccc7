# Board Clock's ready screen: the seat that plays first presses, its clock
# starts; the last game and the standings (docs/device.md). A module of
# its own, loaded while it shows (screens.py).
from tileclock.games.boardclock import rules as bc
from tileclock.ui import draw
from tileclock.ui.ready import Ready

# The keys' shared words, by name in the tuples (see Screen.KEYS).
_UNDO = "hold undo"
_MENU = "hold+ menu"


def standing_lines(g):
    """"1 ANN   1.5 +120" a player: place, wins (a draw half), spread;
    level players share a place."""
    out = []
    place = 0
    last = None
    table = g.standings()
    for i in range(len(table)):
        name, points = table[i]
        key = (points, g.spread[name])
        if key != last:
            place = i + 1
            last = key
        out.append("%d %s%s%s" % (place, draw.pad(name, 5), draw.lpad(bc.wins_text(points), 4),
                                  draw.lpad(draw.signed(g.spread[name]), 5)))
    return out


class BcReady(Ready):
    BAR = "1ST PLAYER PRESS"
    KEYS = ("seat to play 1st", _UNDO, _MENU)

    def title(self):
        return "G%d BOARD CLOCK" % (self.app.game.round_number + 1)

    def lines(self, now):
        g = self.app.game
        out = ["%d players %d min" % (len(g.seated()), g.bank_ms // 60000)]
        out.append("over: %d min max" % (g.limit_ms // 60000) if g.limit_ms else "over: no limit")
        if not g.warnings:
            out.append("warnings off")
        if g.games:
            last = g.games[-1]
            if last[1]:
                out.append("last: void")
            elif last[3]:
                out.append("last: draw")
            else:
                out.append("last: %s won" % last[2])
            out += standing_lines(g)
        return out

    def start(self, now, seat):
        self.app.act(now, "start", (seat,))

    def menu(self, now):
        self.app.game_menu(now)
