# Tile Rush's play: every seat's press is its call, PEEL while the bag
# serves everyone, then the final call (docs/device.md). A module of its
# own, loaded while it shows (screens.py): the big digits are in RAM while
# the clock runs only.
from tileclock import cues
from tileclock.ui import draw
from tileclock.ui.live import Live, name_of

# The keys' shared words, by name in the tuples (see Screen.KEYS).
_UNDO = "hold undo"
_MENU = "hold+ menu"


class TrPlay(Live):
    """The play clock; a seat's press is PEEL while the bag can give everyone
    one, then that seat's final call."""
    KEYS = ("seat peel", _UNDO, _MENU)
    KEYS_CALL = ("seat out: call", _UNDO, _MENU)

    def clock(self, now):
        return self.app.game.clock_ms(now)

    def draw_static(self, fb, now):
        g = self.app.game
        draw.title(fb, "ROUND %d" % g.round_number, "bag %d" % g.pool.remaining)
        self.KEYS = TrPlay.KEYS if g.can_peel() else self.KEYS_CALL
        if g.can_peel():
            status = "%d peel%s" % (g.peels, "" if g.peels == 1 else "s")
            if g.last_call:
                status += ", %s" % name_of(g, g.last_call)[:6]
            self.status(fb, status)
        else:
            self.status(fb, "first out: call")
        cue = self.app.cue
        if not g.can_peel():
            self.prompt(fb, "1ST WINS")     # the bag can't serve everyone: no more peels
        elif cue == cues.GO:
            self.prompt(fb, "SPLIT!")
        elif cue == cues.TAKE_ONE:
            self.prompt(fb, "PEEL!")
        else:
            self.prompt(fb, "")

    def press(self, now, seat):
        app = self.app
        g = app.game
        app.act(now, "peel" if g.can_peel() else "call", (seat,))

    def menu(self, now):
        self.app.game_menu(now)
