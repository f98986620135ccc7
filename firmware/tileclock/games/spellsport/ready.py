# Spell Sport's ready screen and the game's end (docs/device.md). A module
# of their own, loaded while one shows (screens.py).
from tileclock.games.spellsport.screens import score_line
from tileclock.ui import draw
from tileclock.ui.ready import Ready
from tileclock.ui.screen import Screen

# The keys' shared words, by name in the tuples (see Screen.KEYS).
_UNDO = "hold undo"
_MENU = "hold+ menu"


class SpReady(Ready):
    def title(self):
        return "G%d SPELL SPORT" % (self.app.game.round_number + 1)

    def lines(self, now):
        g = self.app.game
        out = ["1 across: %s" % g.names[0], "2 down:   %s" % g.names[1]]
        if g.round_number:
            out.append("rubber:")
            out.append(score_line(g, g.totals, 0))
        return out

    def menu(self, now):
        self.app.game_menu(now)


class SpOver(Screen):
    KEYS = ("any next game", _UNDO, _MENU)

    def draw(self, fb, now):
        g = self.app.game
        fb.fill(0)
        draw.title(fb, "GAME %d OVER" % g.round_number)
        # The engine's, not the sheet's last round: after an undo back to a
        # fold's restore the game holds no finished game (the fold book
        # does), and the sheet would be built on every draw.
        path = g.last_path
        # who the path doubled (16 px letters: 8 across)
        if path == "both":
            head = "BOTH x2"
        elif path:
            head = "%s x2" % g.names[0 if path == "across" else 1][:5]
        else:
            head = "NO PATH"
        draw.center2x(fb, head, 12)
        fb.text(score_line(g, g.game_scores, 0), 0, 30, 1)
        draw.center(fb, "rubber", 39)
        fb.text(score_line(g, g.totals, 0), 0, 47, 1)
        draw.bar(fb, "ANY SEAT: NEXT")

    def press(self, now, seat):
        self.app.act(now, "start")

    def menu(self, now):
        self.app.game_menu(now)
