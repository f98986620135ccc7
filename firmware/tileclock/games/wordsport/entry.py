# Word-Sport's entries after time up (docs/device.md shows them): a module
# of its own, loaded while they show (screens.py).
from tileclock.ui import draw
from tileclock.ui.screen import Screen

# The keys' shared words, by name in the tuples (see Screen.KEYS).
_UNDO = "hold undo"
_MENU = "hold+ menu"


# A stop of the entry cursor: (what, seat); what is one of these.
_UNUSED = 0
_SEVENS = 1
_GRID = 2
_CLOSE = 3
_COLS = (80, 104, 120)      # pixel column of unused, sevens, grid
_ROW_TOP = 20
_PITCH = 9
_VISIBLE = 4       # rows on show (players and CLOSE ROUND), the keys under them


class WsEntry(Screen):
    """After time up: unused tiles of those who did not finish, seven-letter
    words and one grid of everyone, then close the round. Each change is an
    engine action (undo: long press)."""
    KEYS = ("1/3 move", "2/4 +/-", _UNDO, _MENU)
    KEYS_FIRST = ("2/4 +/-", "3 close", _UNDO, _MENU)     # on the first field
    KEYS_CLOSE = ("1/3 move", "2 close round", _UNDO, _MENU)

    def __init__(self, app):
        super().__init__(app)
        self.stop = 0
        self.top = 0
        self.stops = []

    def open(self, now):
        # also after an entry or its undo: the rows as the engine has them
        g = self.app.game
        self.rows = g.live_rows(now)
        # The fields the table must fill come first (the unused tiles of
        # those who did not finish: no default), so the cursor starts on
        # them; then everyone's sevens and grid in place order (0 and N
        # unless said), then CLOSE ROUND: seat 3 from the first field
        # reaches it in one press.
        stops = []
        for r in self.rows:
            if not r["dq"] and r["finish_ms"] is None:
                stops.append((_UNUSED, r["seat"]))
        for r in self.rows:
            if r["dq"]:
                continue
            stops.append((_SEVENS, r["seat"]))
            stops.append((_GRID, r["seat"]))
        stops.append((_CLOSE, 0))
        # The rows sort by place again after every change: the cursor stays
        # with the field it was on (the player being edited), not its row.
        old = self.stops[self.stop] if self.stops else None
        self.stops = stops
        i = 0
        while old is not None and i < len(stops):
            if stops[i] == old:
                self.stop = i
                break
            i += 1
        if self.stop >= len(stops):
            self.stop = len(stops) - 1

    def _line_of(self, seat):
        for i in range(len(self.rows)):
            if self.rows[i]["seat"] == seat:
                return i
        return len(self.rows)

    def press(self, now, seat):
        n = len(self.stops)
        if seat == 1:
            self.stop = (self.stop + 1) % n
        elif seat == 3:
            self.stop = (self.stop - 1) % n
        elif seat == 2 or seat == 4:
            self._change(now, 1 if seat == 2 else -1)
            return
        self.changed()

    def _change(self, now, step):
        app = self.app
        what, seat = self.stops[self.stop]
        if what == _CLOSE:
            app.act(now, "close")
            return
        row = self.rows[self._line_of(seat)]
        if what == _GRID:
            app.act(now, "grid", (seat, 0 if row["one_grid"] else 1))
        elif what == _SEVENS:
            value = row["sevens"] + step
            if value < 0 or not app.act(now, "sevens", (seat, value), quiet=True):
                # past the most the rules allow: wrap round
                if step > 0:
                    app.act(now, "sevens", (seat, 0))
                else:
                    v = 3
                    while v > 0 and not app.act(now, "sevens", (seat, v), quiet=True):
                        v -= 1
        else:
            value = row["unused"]
            value = 0 if value is None else value + step
            if value < 0:
                value = app.game.tiles_each
            if value > app.game.tiles_each:
                value = 0
            app.act(now, "unused", (seat, value))
        # an action routes to this screen again, which reads the new state
        # (open)

    def menu(self, now):
        self.app.game_menu(now)

    def draw(self, fb, now):
        g = self.app.game
        fb.fill(0)
        # what ended play: the countdown, everyone out, or the pool spent
        # with nobody out
        ended = ("ALL OUT" if len(g.finishers) >= len(g.round_seats)
                 else "TIME UP" if g.finishers else "NO TILES")
        draw.title(fb, "ROUND %d" % g.round_number, ended)
        fb.text("NAME  PL UN 7 G", 0, 11, 1)
        what, seat = self.stops[self.stop]
        self.KEYS = (self.KEYS_CLOSE if what == _CLOSE else self.KEYS_FIRST if not self.stop
                     else WsEntry.KEYS)
        line = self._line_of(seat) if what != _CLOSE else len(self.rows)
        if line < self.top:
            self.top = line
        elif line >= self.top + _VISIBLE:
            self.top = line - _VISIBLE + 1
        y = _ROW_TOP
        i = self.top
        from tileclock.ui.hints import hint
        hint(fb, self.KEYS)     # under the rows, whatever the players' count
        while i <= len(self.rows) and i < self.top + _VISIBLE:
            if i == len(self.rows):
                sel = what == _CLOSE
                if sel:
                    fb.fill_rect(0, y - 1, draw.W, _PITCH, 1)
                draw.center(fb, "CLOSE ROUND", y, 0 if sel else 1)
            else:
                self._row(fb, self.rows[i], y, what, seat)
            y += _PITCH
            i += 1

    def _row(self, fb, r, y, what, seat):
        fb.text(draw.pad(r["name"], 5), 0, y, 1)
        fb.text("DQ" if r["dq"] else draw.ordinal(r["place"]), 48, y, 1)
        if r["dq"]:
            return
        if r["finish_ms"] is not None:
            unused = " -"
        elif r["unused"] is None:
            unused = " ?"
        else:
            unused = draw.lpad(str(r["unused"]), 2)
        cells = (unused, str(r["sevens"]), "Y" if r["one_grid"] else "N")
        for k in range(3):
            x = _COLS[k]
            sel = r["seat"] == seat and what == k
            if sel:
                w = len(cells[k]) * 8 + 2
                if x - 1 + w > draw.W:
                    w = draw.W - x + 1       # the grid column ends at the edge
                fb.fill_rect(x - 1, y - 1, w, _PITCH, 1)
            fb.text(cells[k], x, y, 0 if sel else 1)
