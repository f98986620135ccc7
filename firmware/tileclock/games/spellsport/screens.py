# Spell Sport's screens: ready, the move clock (seat 1 Across, seat 2 Down:
# the player to move presses to enter the play), the play form, the game's
# end, and the in-game menu.
from tileclock.games.spellsport import rules as sp
from tileclock.ui import draw
from tileclock.ui.form import Form
from tileclock.ui.live import Live, name_of
from tileclock.ui.ready import Ready
from tileclock.ui.screen import Screen


# The keys' shared words, by name in the tuples (see Screen.KEYS).
_UNDO = "hold undo"
_MENU = "hold+ menu"


def screen_for(app, now):
    """(the module of this folder, the screen's class name) for the phase."""
    phase = app.game.phase
    if phase == sp.SETUP:
        return "screens", "SpReady"
    if phase == sp.PLAY:
        return "screens", "SpPlay"
    return "screens", "SpOver"


def _score_line(g, scores, mark):
    a = "%s%s %d" % (">" if mark == 1 else "", g.names[0][:5], scores[0])
    b = "%d %s%s" % (scores[1], g.names[1][:5], "<" if mark == 2 else "")
    gap = 16 - len(a) - len(b)
    return a + " " * (gap if gap > 0 else 1) + b


class SpReady(Ready):
    def title(self):
        return "G%d SPELL SPORT" % (self.app.game.round_number + 1)

    def lines(self, now):
        g = self.app.game
        out = ["1 across: %s" % g.names[0], "2 down:   %s" % g.names[1]]
        if g.round_number:
            out.append("rubber:")
            out.append(_score_line(g, g.totals, 0))
        return out

    def menu(self, now):
        self.app.game_menu(now)


class SpPlay(Live):
    """The time the player to move has taken; their press opens the play form."""
    KEYS = ("to move: play", _UNDO, _MENU)
    KEYS_SIX = ("offered: six", "to move: play", _UNDO, _MENU)

    def clock(self, now):
        return self.app.game.clock_ms(now)

    def draw_static(self, fb, now):
        g = self.app.game
        draw.title(fb, "GAME %d" % g.round_number, "bag %d" % g.bag)
        self.status(fb, _score_line(g, g.game_scores, g.turn))
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
        fb.text(_score_line(g, g.game_scores, 0), 0, 30, 1)
        draw.center(fb, "rubber", 39)
        fb.text(_score_line(g, g.totals, 0), 0, 47, 1)
        draw.bar(fb, "ANY SEAT: NEXT")

    def press(self, now, seat):
        self.app.act(now, "start")

    def menu(self, now):
        self.app.game_menu(now)
