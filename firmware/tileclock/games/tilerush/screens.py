# Tile Rush's screens: ready (any seat: SPLIT), play (every seat's press is
# its call: PEEL while the bag serves everyone, then the final call), the
# check of the caller's grid, and the in-game menu (DUMP, void).
from tileclock import cues
from tileclock.games.tilerush import rules as tr
from tileclock.ui import draw
from tileclock.ui.live import Live, name_of
from tileclock.ui.menu import Item, Menu
from tileclock.ui.ready import Ready, standings_lines
from tileclock.ui.screen import Screen


# The keys' shared words, by name in the tuples (see Screen.KEYS).
_UNDO = "hold undo"
_MENU = "hold+ menu"


def screen_for(app, now):
    """(the module of this folder, the screen's class name) for the phase."""
    phase = app.game.phase
    if phase == tr.SETUP:
        return "screens", "TrReady"
    if phase == tr.PLAY:
        return "screens", "TrPlay"
    return "screens", "TrCheck"


class TrReady(Ready):
    BAR = "ANY SEAT: SPLIT"
    KEYS = ("any split", _UNDO, _MENU)

    def title(self):
        return "R%d TILE RUSH" % (self.app.game.round_number + 1)

    def lines(self, now):
        g = self.app.game
        players = len(g.seated())
        out = ["%d players" % players, "%d tiles each" % tr.deal_size(players)]
        if g.rounds:
            last = g.rounds[-1]
            out.append(("last: %s %s" % (last[2][:6], draw.mmss(last[3]))) if last[2] else "last: void")
            out += standings_lines(g.standings())
        return out

    def menu(self, now):
        self.app.game_menu(now)


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


class TrCheck(Menu):
    """The final call: the table checks the caller's grid. Seat 1/3 move,
    seat 2 chooses; a long press (not seat 2) undoes the call."""
    OVERLAY = False
    KEYS = ("1/3 move", "2 choose", _UNDO, _MENU)

    def items(self, now):
        g = self.app.game
        name = name_of(g, g.caller)[:6]
        return [Item("Holds: %s wins" % name, None, self._verdict("holds")),
                Item("Fails: %s out" % name, None, self._verdict("fails"))]

    def title(self):
        return "CHECK " + name_of(self.app.game, self.app.game.caller)[:10]

    def draw(self, fb, now):
        self.TITLE = self.title()
        Menu.draw(self, fb, now)
        g = self.app.game
        fb.text("%s: %d tiles" % (name_of(g, g.caller)[:6], g.tiles(g.caller)), 0, 31, 1)
        fb.text("bag %d" % g.pool.remaining, 0, 40, 1)

    def _verdict(self, verb):
        def run(now, step):
            self.app.act(now, verb)
        return run

    def long(self, now, seat):
        Screen.long(self, now, seat)

    def menu(self, now):
        self.app.game_menu(now)

    def back(self, now):
        self.app.undo(now)
