# Speed Scrabble's screens: ready, the 3-2-1 count-in, play (every seat's
# press is its call: the device says whether that is TAKE TWO, TAKE ONE or
# I'M OUT), score entry per player, the match's end, and the in-game menu.
from tileclock import cues
from tileclock.games.speedscrabble import rules as ss
from tileclock.ui import bigdigits, draw
from tileclock.ui.form import Form
from tileclock.ui.live import TIME_Y, Live, cue_prompt, name_of
from tileclock.ui.ready import Ready, standings_lines
from tileclock.ui.screen import Screen


# The keys' shared words, by name in the tuples (see Screen.KEYS).
_UNDO = "hold undo"
_MENU = "hold+ menu"


def screen_for(app, now):
    game = app.game
    phase = game.phase_at(now)
    if phase == ss.SETUP:
        return SsReady
    if phase == ss.COUNT_IN:
        return SsCountIn
    if phase == ss.PLAY:
        return SsPlay
    if phase == ss.ENTRY:
        return SsEntry
    return SsOver


def _pool_note(g):
    if g.pool is None:
        return ""
    if not g.pool.exact:
        return "pool ?"
    return "%d left" % g.pool.remaining


class SsReady(Ready):
    def title(self):
        return "R%d SPEED SCR." % (self.app.game.round_number + 1)   # 16 letters across

    def lines(self, now):
        g = self.app.game
        out = ["%d players to %d" % (len(g.seated()), g.target),
               "%s, %d set%s" % (g.variant, g.sets, "s" if g.sets > 1 else ""),
               "themes " + ("on" if g.themes else "off")]
        out += standings_lines(g.standings())
        return out

    def menu(self, now):
        self.app.game_menu(now)


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


class SsOver(Screen):
    """Somebody passed the target: the winner and the standings."""
    KEYS = ("any new match", _UNDO, _MENU)

    def draw(self, fb, now):
        g = self.app.game
        fb.fill(0)
        draw.title(fb, "MATCH OVER")
        draw.center2x(fb, (g.winner or "")[:8], 12)
        y = 31
        for line in standings_lines(g.standings(), 3):
            fb.text(line, 0, y, 1)
            y += 8
        draw.bar(fb, "ANY SEAT: NEW")

    def press(self, now, seat):
        self.app.act(now, "newmatch")

    def menu(self, now):
        self.app.game_menu(now)
