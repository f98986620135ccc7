# Speed Scrabble's play: the 3-2-1 count-in and play, where every seat's
# press is its call (the device says whether that is TAKE TWO, TAKE ONE or
# I'M OUT). A module of its own, loaded while they show (screens.py): the
# big digits are in RAM while the clock runs only.
from tileclock import cues
from tileclock.ui import bigdigits, draw
from tileclock.ui.live import TIME_Y, Live, cue_prompt

# The keys' shared words, by name in the tuples (see Screen.KEYS).
_UNDO = "hold undo"
_MENU = "hold+ menu"


def _pool_note(g):
    if g.pool is None:
        return ""
    if not g.pool.exact:
        return "pool ?"
    return "%d left" % g.pool.remaining


class SsCountIn(Live):
    """3, 2, 1 in big digits; any seat holds the count-in ("not ready!")."""
    COUNT_DOWN = True
    KEYS = ("any not ready", _UNDO, _MENU)

    def __init__(self, app):
        super().__init__(app)
        self._one = bytearray(1)

    def clock(self, now):
        return self.app.game.count_in(now) * 1000

    def wake(self, now):
        return 20       # the beat edges are the engine's; look often for 3 s

    def draw_static(self, fb, now):
        g = self.app.game
        draw.title(fb, "ROUND %d" % g.round_number, _pool_note(g))
        self.status(fb, "any seat: hold")
        self.prompt(fb, "READY")

    def draw_time(self, fb, now):
        n = self.app.game.count_in(now)
        self._one[0] = 48 + n
        fb.fill_rect(0, TIME_Y, draw.W, bigdigits.HEIGHT, 0)
        bigdigits.draw(fb, self._one, 1, (draw.W - bigdigits.DIGIT_W) // 2, TIME_Y)
        self._shown = n

    def press(self, now, seat):
        self.app.act(now, "hold")

    def menu(self, now):
        self.app.game_menu(now)


class SsPlay(Live):
    KEYS = ("seat call", _UNDO, _MENU)

    def clock(self, now):
        return self.app.game.clock_ms(now)

    def draw_static(self, fb, now):
        g = self.app.game
        draw.title(fb, "ROUND %d" % g.round_number, _pool_note(g))
        nxt = g.next_prompt()
        self.status(fb, "next: " + ("TAKE ONE" if nxt == cues.TAKE_ONE else cue_prompt(nxt)))
        cue = self.app.cue
        if cue == cues.TAKE_ONE:
            self.prompt(fb, "TAKE ONE")     # Speed Scrabble's own words
        elif cue in (cues.GO, cues.TAKE_TWO, cues.PICK):
            self.prompt(fb, cue_prompt(cue))
        else:
            self.prompt(fb, "")

    def press(self, now, seat):
        app = self.app
        g = app.game
        if g.round_variant == "idaho":
            app.act(now, "out" if g.next_prompt() == cues.IM_OUT else "pick", (seat,))
        else:
            app.act(now, "take", (seat,))

    def menu(self, now):
        self.app.game_menu(now)
