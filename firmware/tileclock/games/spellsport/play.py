# Spell Sport's move clock (seat 1 Across, seat 2 Down: the player to
# move presses to enter the play) and the play form. A module of their
# own, loaded while they show (screens.py).
from tileclock.games.spellsport import rules as sp
from tileclock.games.spellsport.screens import score_line
from tileclock.ui import draw
from tileclock.ui.form import Form
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
            app.goto(SpPlayForm, now, seat)
        elif seat == 1 or seat == 2:
            app.refuse(now, "it is %s's turn" % name_of(g, g.turn))
        else:
            app.refuse(now, "Spell Sport is for seats 1 and 2")

    def menu(self, now):
        self.app.game_menu(now)


class SpPlayForm(Form):
    """What the play placed and formed (the board is the players' to judge)."""

    def make_fields(self):
        return [["Own tiles", 2], ["Stolen", 2], ["Across word", 2], ["Down word", 2],
                ["Words", ("joined", "separate")], ["Circuit", ("no", "yes")]]

    def make_buttons(self):
        return [["PLAY", self._play], ["PASS", self._pass]]

    def title(self):
        return name_of(self.app.game, self.arg)[:8]

    def note(self):
        g = self.app.game
        return "rack %d" % g.rack(self.arg)

    def _play(self, now):
        v = self.values
        args = [self.arg, v[0], v[1], v[2], v[3], "joined" if v[4] == 0 else "separate"]
        if v[5]:
            args.append("circuit")
        self.app.act(now, "play", tuple(args))

    def _pass(self, now):
        self.app.act(now, "pass", (self.arg,))
