# Players' names, set with the seat buttons alone: a list of the seats and
# their names, and an editor for one name. Two ways in, two meanings:
#   the home menu's Names     the settings' names, which seat every new game
#                             (settings.keep_name); the game in progress keeps its own
#   a game's menu, between    rename the game's players (the engine's `rename`,
#   rounds: Names             app.act): the same players, their points
#                             follow; the settings keep the names too
# (tileclock/players.py has the rules of a name: a seat's own, no two alike.)
# A new person at a seat is not a rename: the game menu's Join/leave (seat
# and unseat) makes them a new player.
#
# The editor: a row of 10 letter cells (the engine's longest name).
#   seat 1 / seat 3   next / previous cell (then SAVE, then P<seat>)
#   seat 2 / seat 4   the cell's next / previous letter: A-Z, 0-9, - . ! ? & +
#                     and "no letter"; on SAVE or P<seat>: choose it
#   long 2 / long 4   five letters on / back (N is 2 long + 4 short presses)
#   long 1 / long 3   back, the name unchanged
from tileclock import settings
from tileclock.engine.game import MAX_NAME
from tileclock.ui import draw
from tileclock.ui.menu import Item, Menu
from tileclock.ui.screen import Screen

# Index 0 is "no letter" (shown as _ at the cursor, dropped on saving).
CHARS = " ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.!?&+"

_CELL_Y = 16
_CELL_X = 4
_CELL_W = 12
_JUMP = 5                   # letters a long press of seat 2 or 4 moves
_SAVE = MAX_NAME            # the stop after the last cell
_DEFAULT = MAX_NAME + 1


_BACK = "hold back"     # a name in the tuples: see Screen.KEYS
HOME = "home"           # where Names goes back to (its arg's first item)
GAME_MENU = "menu"
# Unloaded while the names are up (read again on the way back): the menus
# they came from; and the names' own modules, on the way back.
_NOT_ON_NAMES = ("tileclock.ui.home", "tileclock.ui.gamemenu")
_NAMES = ("tileclock.ui.names", "tileclock.players")


class Names(Menu):
    """The seats and their names; choosing one opens the editor. `arg` is
    (where to go back to: HOME or GAME_MENU, a name, not the menu's class,
    so that the menus' modules go while the names are up; the seat whose
    line has the cursor or 0; True to rename the game's players rather
    than set the settings' names)."""
    TITLE = "NAMES"
    KEYS = ("1/3 move", "2 edit", _BACK)

    def __init__(self, app, arg):
        super().__init__(app)
        self.back_to, self.cursor, self.rename = arg

    def open(self, now):
        from tileclock.modules import forget, forget_games
        forget(_NOT_ON_NAMES)
        game = self.app.game
        forget_games(None if game is None else game.KIND, specs=True)
        Menu.open(self, now)

    def note(self):
        return "pts follow" if self.rename else "seat"

    def items(self, now):
        app = self.app
        lines = [Item("Back", None, self._back)]
        seats = app.seats
        if self.rename:
            seats = min(seats, len(app.game.names))
        for seat in range(1, seats + 1):
            lines.append(Item("%d  %s" % (seat, _name(app, seat, self.rename)), None, self._edit(seat)))
        return lines

    def _edit(self, seat):
        def run(now, step):
            app = self.app
            if self.rename and app.game.names[seat - 1] is None:
                app.refuse(now, "seat %d is empty: Join/leave" % seat)
                return
            app.goto(NameEdit, now, (seat, self.back_to, self.rename))
        return run

    def _back(self, now, step):
        self.back(now)

    def back(self, now):
        if self.back_to is None:
            self.app.route(now)
        else:
            # this screen and the names' rules go before the menu comes
            # back (its worst pass holds neither); Names loads them again
            from tileclock.modules import forget
            app = self.app
            back_to = self.back_to
            app.manager.leave()
            forget(_NAMES)
            if back_to == HOME:
                app.home(now)
            else:
                app.game_menu(now)


def _name(app, seat, rename):
    """The name the list shows: the game's player (or - for nobody) when
    renaming, else the settings' name."""
    if rename:
        return app.game.names[seat - 1] or "-"
    from tileclock.players import name_for
    return name_for(app.settings, seat)


class NameEdit(Screen):
    OVERLAY = True      # the loop's cues don't close it
    KEYS = KEYS_LETTER = ("1/3 move", "2/4 letter", "hold 2/4 +5", _BACK)     # on a letter
    KEYS_BUTTON = ("1/3 move", "2 choose", _BACK)      # on SAVE or P<seat>

    def __init__(self, app, arg):
        super().__init__(app)
        self.seat, self.back_to, self.rename = arg
        self.cells = bytearray(MAX_NAME)
        name = _name(app, self.seat, self.rename)
        for i in range(min(len(name), MAX_NAME)):
            k = CHARS.find(name[i])
            self.cells[i] = k if k > 0 else 0
        self.stop = 0

    def name(self):
        out = ""
        for k in self.cells:
            if k:
                out += CHARS[k]
        return out

    def _length(self):
        """Cells up to the last letter."""
        n = MAX_NAME
        while n and not self.cells[n - 1]:
            n -= 1
        return n

    def _stops(self):
        # the letters, one empty cell after them (if there is room), SAVE, P<seat>
        return min(self._length() + 1, MAX_NAME)

    def press(self, now, seat):
        cells = self._stops()
        if seat == 1 or seat == 3:
            order = list(range(cells)) + [_SAVE, _DEFAULT]
            i = order.index(self.stop) if self.stop in order else 0
            self.stop = order[(i + (1 if seat == 1 else -1)) % len(order)]
        elif seat == 2 or seat == 4:
            if self.stop < MAX_NAME:
                step = 1 if seat == 2 else -1
                self.cells[self.stop] = (self.cells[self.stop] + step) % len(CHARS)
            elif seat == 2:
                self._choose(now)
                return
        else:
            return
        self.changed()

    def _choose(self, now):
        app = self.app
        seat = self.seat
        from tileclock import players
        name = (self.name() if self.stop == _SAVE else "") or players.default_name(seat)
        if self.rename:
            # the game's player, points and all (the engine's rename)
            names = app.game.names
            old = names[seat - 1] if seat <= len(names) else None
            if old != name:
                if not app.act(now, "rename", (seat, name), route=False):
                    return          # refused: the reason is on show
                app.note(now, "%s is now %s" % (old, name))
        else:
            reason = players.refusal(app.settings, seat, name)
            if reason:
                app.refuse(now, reason)
                return
        settings.keep_name(app, seat, name)       # for new games too
        self.back(now)

    HELD = "let go: back"

    def held(self, now, seat):
        if (seat == 2 or seat == 4) and self.stop < MAX_NAME:
            return          # (a letter: five letters on, not back)
        Screen.held(self, now, seat)

    def long(self, now, seat):
        if (seat == 2 or seat == 4) and self.stop < MAX_NAME:
            step = _JUMP if seat == 2 else -_JUMP
            self.cells[self.stop] = (self.cells[self.stop] + step) % len(CHARS)
            self.changed()
            return
        self.back(now)

    def back(self, now):
        self.app.goto(Names, now, (self.back_to, self.seat, self.rename))

    def draw(self, fb, now):
        fb.fill(0)
        draw.title(fb, "SEAT %d NAME" % self.seat, "%d/%d" % (len(self.name()), MAX_NAME))
        shown = self._stops()
        for i in range(MAX_NAME):
            x = _CELL_X + i * _CELL_W
            k = self.cells[i]
            ch = CHARS[k] if k else ("_" if i < shown else "")
            if i == self.stop:
                fb.fill_rect(x - 2, _CELL_Y - 2, _CELL_W, 12, 1)
                fb.text(ch or "_", x, _CELL_Y, 0)
            elif ch:
                fb.text(ch, x, _CELL_Y, 1)
        # the keys, a line each (the letters' first three, or the buttons')
        keys = self.KEYS = self.KEYS_LETTER if self.stop < MAX_NAME else self.KEYS_BUTTON
        for i in range(3):
            fb.text(keys[i], 0, 29 + 9 * i, 1)
        labels = ("SAVE", "P%d" % self.seat)
        w = draw.W // 2
        for b in range(2):
            sel = self.stop == _SAVE + b
            x = b * w
            if sel:
                fb.fill_rect(x, draw.H - 9, w, 9, 1)
            draw.text(fb, labels[b], x + (w - len(labels[b]) * 8) // 2, draw.H - 8, 0 if sel else 1)
