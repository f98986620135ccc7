# Spell Sport's move clock: seat 1 Across, seat 2 Down; the player to move
# presses to enter the play (entry.py). A module of its own, loaded while
# it shows (screens.py).
from tileclock.games.spellsport import rules as sp
from tileclock.games.spellsport.screens import score_line
from tileclock.ui import draw
from tileclock.ui.live import Live, name_of

# The keys' shared words, by name in the tuples (see Screen.KEYS).
_UNDO = "hold undo"
_MENU = "hold+ menu"


class SpPlay(Live):
    """The time the player to move has taken; their press opens the play form."""
    KEYS = ("to move: play", _UNDO, _MENU)
    KEYS_SIX = ("offered: six", "to move: play", _UNDO, _MENU)

    def clock(self, now):
        return self.app.game.clock_ms(now)

    def draw_static(self, fb, now):
        g = self.app.game
        draw.title(fb, "GAME %d" % g.round_number, "bag %d" % g.bag)
        self.status(fb, score_line(g, g.game_scores, g.turn))
        self.KEYS = self.KEYS_SIX if g.refill_offer else SpPlay.KEYS
        if g.refill_offer:
            self.prompt(fb, "TAKE SIX")
        else:
            self.prompt(fb, "ACROSS" if g.turn == sp.ACROSS else "DOWN")

    def press(self, now, seat):
        app = self.app
        g = app.game
        if seat == g.refill_offer:
            app.act(now, "refill", (seat,))
        elif seat == g.turn:
            app.open_part("entry", "SpPlayForm", now, seat)
        elif seat == 1 or seat == 2:
            app.refuse(now, "it is %s's turn" % name_of(g, g.turn))
        else:
            app.refuse(now, "Spell Sport is for seats 1 and 2")

    def menu(self, now):
        self.app.game_menu(now)
