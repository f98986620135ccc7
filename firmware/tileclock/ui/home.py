# The home menu: what to play, with whom, and how. It opens at power-on when
# no game is in the journal; its first line starts the game, so the last
# settings need one press here and one press of any seat for GO.
from tileclock import games
from tileclock.ui.menu import Item, Menu, choice


class Home(Menu):
    TITLE = "tileclock"

    def items(self, now):
        app = self.app
        s = app.settings
        lines = []
        if app.game is not None:
            lines.append(Item("Continue", None, self._continue))
            lines.append(Item("New game", None, self._start))
        else:
            lines.append(Item("Start", None, self._start))
        names = tuple(games.spec(kind).NAME for kind in games.KINDS)
        lines.append(choice(app, "Game", "game", games.KINDS, names))
        spec = games.spec(s["game"]) if s["game"] in games.KINDS else games.spec(games.KINDS[0])
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
        if app.game is not None:
            lines.append(Item("Score sheet", None, self._sheet))
        return lines

    def _start(self, now, step):
        self.app.save_settings()
        self.dirty_settings = False
        self.app.new_game(now)

    def _continue(self, now, step):
        self.app.route(now)

    def _names(self, now, step):
        from tileclock.ui.names import Names
        self.app.goto(Names, now, (Home, 0, False))   # the settings' names

    def _sheet(self, now, step):
        from tileclock.ui.sheet import Sheet
        self.app.goto(Sheet, now)

    def back(self, now):
        if self.app.game is not None:
            self.app.route(now)
        else:
            self.app.note(now, "1 next line, 2 change, long press back")
