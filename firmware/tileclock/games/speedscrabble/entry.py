# Speed Scrabble's score entry after play stops, one player at a time
# (docs/device.md). A module of its own, loaded while it shows
# (screens.py).
from tileclock.ui import draw
from tileclock.ui.draw import name_of
from tileclock.ui.form import Form

# The keys' shared words, by name in the tuples (see Screen.KEYS).
_UNDO = "hold undo"


class SsEntry(Form):
    """Each player's score after play stops, one player at a time, in seat
    order; then the round's totals and CLOSE. Undo takes back the last score."""
    OVERLAY = False
    # every long press is undo here (the menu: from the play screen)
    KEYS = KEYS_FIELD = ("1/3 move", "2/4 +/-", _UNDO)
    KEYS_BUTTON = ("1/3 move", "2 save", _UNDO)
    KEYS_CLOSE = ("2 close round", _UNDO)

    def __init__(self, app):
        self.seat = None        # the form is built in open()
        super().__init__(app)

    def open(self, now):
        # also after a score or its undo: the form of the first player still
        # to score (empty: the engine has no score of theirs), or 0 and the
        # totals; a form half filled in for the same player stays as it is
        seat = self.seat
        self.rows = self.app.game.live_rows()
        self.seat = 0
        for row in self.rows:
            if row["grid"] is None:
                self.seat = row["seat"]
                break
        if self.seat != seat:
            self.build()

    def make_fields(self):
        if not self.seat:
            return []
        fields = [["Grid", 3], ["Left over", 3], ["7+ words", 1]]
        if self.app.game.round_themes:
            fields.append(["Themes", 2])
        return fields

    def make_buttons(self):
        if not self.seat:
            return [["CLOSE ROUND", self._close]]
        return [["SAVE", self._save]]

    def title(self):
        g = self.app.game
        if not self.seat:
            return "ROUND %d" % g.round_number
        return "SCORE " + name_of(g, self.seat)[:6]

    def note(self):
        if not self.seat:
            return "totals"
        done = 0
        for row in self.rows:
            if row["grid"] is not None:
                done += 1
        return "%d/%d" % (done + 1, len(self.rows))

    def _save(self, now):
        v = self.values
        args = (self.seat, v[0], v[1], v[2], v[3] if len(v) > 3 else 0)
        app = self.app
        if app.act(now, "score", args, route=False):
            self.open(now)          # the next player
            self.changed()

    def _close(self, now):
        self.app.act(now, "close")

    def back(self, now):
        self.app.undo(now)

    def draw(self, fb, now):
        if self.seat:
            Form.draw(self, fb, now)
            return
        # every score is in: the round's totals, then CLOSE ROUND
        g = self.app.game
        fb.fill(0)
        draw.title(fb, self.title(), draw.mmss(g.play_ms))
        y = 11
        for row in self.rows[:5]:
            first = "*" if row["first_out_points"] else " "
            fb.text("%s%s%s" % (draw.pad(row["name"], 6), first, draw.lpad(str(row["total"]), 9)), 0, y, 1)
            y += 9
        self.KEYS = self.KEYS_CLOSE
        if len(self.rows) < 5:
            from tileclock.ui.hints import hint
            hint(fb, self.KEYS, 48, 53)
        draw.bar(fb, "CLOSE ROUND")
