# Tile Rush's check of the caller's grid after the final call
# (docs/device.md). A module of its own, loaded while it shows
# (screens.py).
from tileclock.ui.draw import name_of
from tileclock.ui.menu import Item, Menu
from tileclock.ui.screen import Screen

# The keys' shared words, by name in the tuples (see Screen.KEYS).
_UNDO = "hold undo"
_MENU = "hold+ menu"


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
