# The home menu: what to play, with whom, and how. It opens at power-on when
# no game is in the journal; its first line starts the game, so the last
# settings need one press here and one press of any seat for GO.
#
# With a game in the journal (the home menu from a game's menu), the first
# line goes back to that game and names it (`Back  Word-Sport`), whatever the
# Game line below says: that line is for a new game, which is asked twice,
# as it puts the game in progress away (kept in games/ on flash).
from tileclock import games, settings
from tileclock.ticks import ticks_add, ticks_diff
from tileclock.ui import draw
from tileclock.ui.menu import Item, Menu, choice
from tileclock.ui.screen import CONFIRM_MS


# minutes untouched before the box dims (App: the display off a minute
# later); 0 never
SLEEP_MINUTES = (2, 5, 10, 30, 0)
SLEEP_NAMES = ("2 min", "5 min", "10 min", "30 min", "never")


def _seat_2():
    return "press 2"        # (the one seat that starts: the others move)


class Home(Menu):
    TITLE = "tileclock"
    KEYS_FIRST = Menu.KEYS[:2]      # no game to go back to: no hold
    _asked = None       # until when a second New game press starts one

    def battery(self):
        # where the table looks first ("USB" on a box with no battery)
        return self.app.battery or draw.USB

    def items(self, now):
        app = self.app
        s = app.settings
        lines = []
        if app.game is not None:
            name = games.name(app.game.KIND)
            lines.append(Item("Back", lambda: name, self._continue))
            lines.append(Item("New game", None, self._start))
        else:
            self.KEYS = self.KEYS_FIRST
            lines.append(Item("Start", _seat_2, self._start))
        lines.append(choice(app, "Game", "game", games.KINDS, games.NAMES))
        spec = games.spec_for(s["game"] if s["game"] in games.KINDS else games.KINDS[0], s)
        low, high = spec.PLAYERS
        if low == high:
            lines.append(Item("Players", lambda: str(low)))
        else:
            seats = tuple(range(low, min(high, app.seats) + 1))
            lines.append(choice(app, "Players", "players", seats))
        lines.append(Item("Names", None, self._names))
        for label, key, choices, shown in spec.OPTIONS:
            lines.append(choice(app, label, key, choices, shown))
        lines.append(choice(app, "Sound", "sound", ("on", "off")))
        lines.append(choice(app, "Sleep", "sleep", SLEEP_MINUTES, SLEEP_NAMES))
        if app.game is not None:
            lines.append(Item("Score sheet", None, self._sheet))
        return lines

    def _start(self, now, step):
        app = self.app
        if app.game is not None:
            asked = self._asked
            if asked is None or ticks_diff(asked, now) <= 0:
                self._asked = ticks_add(now, CONFIRM_MS)
                app.manager.banner(now, "%s kept in games/ on flash: 2 again for a new game"
                                   % games.name(app.game.KIND), CONFIRM_MS)
                return
        settings.save(app)
        self.dirty_settings = False
        app.new_game(now)

    def close(self):
        if self._asked is not None:
            self.app.manager.unbanner()     # "2 again for a new game" is over
        Menu.close(self)

    def _continue(self, now, step):
        self.app.route(now)

    def _names(self, now, step):
        from tileclock.ui.names import HOME, Names
        self.app.goto(Names, now, (HOME, 0, False))   # the settings' names

    def _sheet(self, now, step):
        from tileclock.ui.sheet import HOME, Sheet
        self.app.goto(Sheet, now, (HOME, self.cursor))

    def back(self, now):
        if self.app.game is not None:
            self.app.route(now)
        else:
            self.app.note(now, "1 next line, 2 change, long press back")
