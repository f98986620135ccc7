# The home menu: what to play, with whom, and how. It opens at power-on when
# no game is in the journal; its first line starts the game, so the last
# settings need one press here and one press of any seat for GO.
from tileclock.app import GAMES
from tileclock.ui.menu import Item, Menu, choice

GAME_NAMES = ("Word-Sport", "Speed Scr.", "Spell Sport")
TITLES = ("WORD-SPORT", "SPEED SCRABBLE", "SPELL SPORT")


def game_title(kind):
    return TITLES[GAMES.index(kind)] if kind in GAMES else kind


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
        lines.append(choice(app, "Game", "game", GAMES, GAME_NAMES))
        kind = s["game"]
        if kind == "spellsport":
            lines.append(Item("Players", lambda: "2"))
        else:
            seats = tuple(range(2, app.seats + 1))
            lines.append(choice(app, "Players", "players", seats))
        lines.append(Item("Names", None, self._names))
        if kind == "wordsport":
            lines.append(choice(app, "Tiles", "tiles", ("half", "full", "double")))
            lines.append(choice(app, "Countdown", "countdown", (30, 45, 60, 90, 120, 180),
                                ("0:30", "0:45", "1:00", "1:30", "2:00", "3:00")))
        elif kind == "speedscrabble":
            lines.append(choice(app, "Variant", "variant", ("standard", "seattle", "idaho")))
            lines.append(choice(app, "Target", "target", (100, 150, 200, 250, 300, 400, 500, 750, 1000)))
            lines.append(choice(app, "Themes", "themes", ("off", "on")))
            lines.append(choice(app, "Sets", "sets", (1, 2, 3, 4)))
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
