# Speed Scrabble's standings screens: ready before a round, and the
# match's end (docs/device.md). A module of their own, loaded while one
# shows (screens.py).
from tileclock.ui import draw
from tileclock.ui.ready import Ready
from tileclock.ui.screen import Screen

# The keys' shared words, by name in the tuples (see Screen.KEYS).
_UNDO = "hold undo"
_MENU = "hold+ menu"


class SsReady(Ready):
    def title(self):
        return "R%d SPEED SCR." % (self.app.game.round_number + 1)   # 16 letters across

    def lines(self, now):
        g = self.app.game
        out = ["%d players to %d" % (len(g.seated()), g.target),
               "%s, %d set%s" % (g.variant, g.sets, "s" if g.sets > 1 else ""),
               "themes " + ("on" if g.themes else "off")]
        out += draw.standings_lines(g.standings())
        return out

    def menu(self, now):
        self.app.game_menu(now)


class SsOver(Screen):
    """Somebody passed the target: the winner and the standings."""
    KEYS = ("any new match", _UNDO, _MENU)

    def draw(self, fb, now):
        g = self.app.game
        fb.fill(0)
        draw.title(fb, "MATCH OVER")
        draw.center2x(fb, (g.winner or "")[:8], 12)
        y = 31
        for line in draw.standings_lines(g.standings(), 3):
            fb.text(line, 0, y, 1)
            y += 8
        draw.bar(fb, "ANY SEAT: NEW")

    def press(self, now, seat):
        self.app.act(now, "newmatch")

    def menu(self, now):
        self.app.game_menu(now)
