# Board Clock's scores at the end of a game, one player at a time, then
# the results (docs/device.md). A module of its own, loaded while it shows
# (screens.py).
from micropython import const

from tileclock.ui import draw
from tileclock.ui.draw import name_of
from tileclock.ui.form import Form

# The keys' shared words, by name in the tuples (see Screen.KEYS).
_UNDO = "hold undo"
_MENU = "hold+ menu"
_HELD_UNDO = "let go: undo - hold on: menu"
_WIN = const(2)     # a win's points (tally.WIN_POINTS: that module is not kept here)


class BcEntry(Form):
    """The game is over: each player's score on the board, one player at a
    time in seat order (the overtime and its penalty shown); then the
    results and CLOSE GAME. A hold takes back the last score.

    A score is signed, -999 to 9,999 (the racks' deductions may leave it
    below zero; a club's records pass 1,000): "+0000", the form opening on
    the hundreds, so that a score of three digits takes the presses it
    always did; seat 3 reaches the thousands and the sign."""
    OVERLAY = False
    # every long press is undo here (the menu: held on)
    KEYS = KEYS_FIELD = ("1/3 move", "2/4 +/-", _UNDO)
    KEYS_BUTTON = ("1/3 move", "2 save", _UNDO)
    KEYS_CLOSE = ("2 close game", _UNDO, _MENU)
    HELD = _HELD_UNDO

    def __init__(self, app):
        self.seat = None        # the form is built in open()
        super().__init__(app)

    def open(self, now):
        # also after a score or its undo: the form of the first player
        # still to score, or 0 and the results; a form half filled in for
        # the same player stays as it is
        seat = self.seat
        g = self.app.game
        self.rows = g.live_rows(now)
        # the results' module that read them, and the registry its import
        # brought back, go again (modules.SPEC_PARTS): read at each score
        from tileclock.modules import forget_games
        forget_games(g.KIND, specs=True)
        self.seat = 0
        for row in self.rows:
            if row["score"] is None:
                self.seat = row["seat"]
                break
        if self.seat != seat:
            self.build()

    def make_fields(self):
        return [["Score", 4, True]] if self.seat else []

    def first_stop(self):
        return 2 if self.seat else 0        # (the sign, the thousands, then the hundreds)

    def make_buttons(self):
        if not self.seat:
            return [["CLOSE GAME", self._close]]
        return [["SAVE", self._save]]

    def _row(self):
        for row in self.rows:
            if row["seat"] == self.seat:
                return row
        return None

    def title(self):
        g = self.app.game
        if not self.seat:
            return "GAME %d" % g.round_number
        return "SCORE " + name_of(g, self.seat)[:6]

    def note(self):
        if not self.seat:
            return "results"
        done = 0
        for row in self.rows:
            if row["score"] is not None:
                done += 1
        return "%d/%d" % (done + 1, len(self.rows))

    def _save(self, now):
        app = self.app
        if app.act(now, "score", (self.seat, self.values[0]), route=False):
            self.open(now)          # the next player
            self.changed()

    def _close(self, now):
        self.app.act(now, "close")

    def back(self, now):
        self.app.undo(now)

    def menu(self, now):
        self.app.game_menu(now)

    def draw(self, fb, now):
        if self.seat:
            Form.draw(self, fb, now)
            row = self._row()
            if row is not None:
                fb.text("time " + draw.mmss(row["used_ms"]), 1, 31, 1)
                if row["over_ms"]:
                    fb.text("over %s -%d" % (draw.mmss((row["over_ms"] + 999) // 1000 * 1000), row["penalty"]),
                            1, 40, 1)
                if row["lost"]:
                    fb.text("lost on time", 1, 49, 1)
                elif self.app.game.out >= 0 and self.app.game.on_seat == self.seat:
                    fb.text("went out", 1, 49, 1)
            return
        # every score is in: the results, then CLOSE GAME
        fb.fill(0)
        winner = None
        draw_game = False
        for row in self.rows:
            if row["total"] == _WIN:
                winner = row["name"]
            elif row["total"]:
                draw_game = True
        draw.title(fb, self.title(), "draw" if draw_game else ("%s won" % winner[:6] if winner else ""))
        y = 11
        for row in self.rows:
            fb.text(_result_line(row, winner, draw_game), 0, y, 1)
            y += 9
        self.KEYS = self.KEYS_CLOSE
        from tileclock.ui.hints import hint
        hint(fb, self.KEYS, 48, 53)
        draw.bar(fb, "CLOSE GAME")


def _result_line(row, winner, draw_game):
    # "ANN    375  +45*": name, score after the penalty, margin, a mark (*
    # the winner, = a draw, T lost on time). sheet.py words the score
    # sheet's the same way, but the app unloads sheet.py while a game
    # screen shows (App.route: forget_games(specs=True)): imported here,
    # its function would be kept from a module the app has dropped.
    if row["lost"]:
        mark = "T"
    elif draw_game and row["total"]:
        mark = "="
    elif row["name"] == winner:
        mark = "*"
    else:
        mark = " "
    adjusted = "-" if row["adjusted"] is None else str(row["adjusted"])
    margin = "" if row["margin"] is None else draw.signed(row["margin"])
    return "%s%s%s%s" % (draw.pad(row["name"], 5), draw.lpad(adjusted, 5), draw.lpad(margin, 5), mark)
