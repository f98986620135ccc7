# A game's own menu (any seat held on during a game): the lines every
# game's menu has, and the doors from it to the score sheet, the names and
# the last calls. Apart from ui/menu.py so that those screens can build on
# Menu without a circle: they import menu.py, this imports them.
from tileclock import settings
from tileclock.ui.menu import Item, Menu, choice


class GameMenu(Menu):
    """A game's own menu (any seat held on during a game): the lines every
    game has, Standings, Names, Join/leave, the game's options, Score
    sheet and Home, and engine actions."""

    def note(self):
        return "menu"

    def open(self, now):
        Menu.open(self, now)
        # the game's spec, its results (the ready screen's standings read
        # them) and the registry the lines read the spec through go again
        # while the menu is up, as App.route drops them under a game
        # screen: a line that needs the spec asks App.spec, which imports
        # it again. The game's menu stays (modules.SPEC_PARTS).
        from tileclock.modules import SPEC_PARTS, forget
        prefix = "tileclock.games." + self.app.game.KIND + "."
        forget(["tileclock.games"] + [prefix + part for part in SPEC_PARTS if part != "menu"])

    def _act(self, verb, args=()):
        def run(now, step):
            self.app.act(now, verb, args)
        return run

    def _home(self, now, step):
        self.app.home(now)

    def _sheet(self, now, step):
        from tileclock.ui.sheet import GAME_MENU, Sheet
        self.app.goto(Sheet, now, (GAME_MENU, self.cursor))     # back comes here

    def end_lines(self):
        """The lines every game's menu ends with: Score sheet, Home, Sound,
        and last Last calls (seat 3 from the first line reaches it): the
        recent calls, to give one to the right seat or take it out."""
        return [Item("Score sheet", None, self._sheet), Item("Home", None, self._home),
                choice(self.app, "Sound", "sound", ("on", "off")), Item("Last calls", None, self._calls)]

    def _calls(self, now, step):
        from tileclock.ui.calls import Calls
        self.app.goto(Calls, now)

    def standings_line(self):
        """The menu's first line, where it opens: the standings (the score
        sheet's first pages, every player) one press away. (Back is the
        long press, as the keys under the lines say.)"""
        return Item("Standings", None, self._sheet)

    def _names(self, now, step):
        from tileclock.ui.names import GAME_MENU, Names
        self.app.goto(Names, now, (GAME_MENU, 0, True))    # rename: points follow

    def option_lines(self, skip=()):
        """A line for each of the game's options (its spec's OPTIONS but
        those in `skip`): a change is the game's action, kept in the
        settings too."""
        app = self.app
        lines = []
        for label, key, choices, shown in app.spec.OPTIONS:
            if key not in skip:
                lines.append(choice(app, label, key, choices, shown, self._option(key)))
        return lines

    def _option(self, key):
        def after(now, value):
            verb, args = self.app.spec.option_action(key, value)
            return self.app.act(now, verb, args, route=False)
        return after

    def _players(self, now, step):
        """Join/leave between rounds: a new person takes the next free seat
        (step 1) as a new player, or the last seat's player leaves (step -1),
        their points kept under their name. Renaming the same player is
        Names."""
        app = self.app
        g = app.game
        seated = g.seated()
        if step > 0:
            for seat in range(1, app.seats + 1):
                if seat not in seated:
                    from tileclock.players import free_name
                    name = free_name(app.settings, g, seat)
                    if app.act(now, "seat", (seat, name), route=False):
                        settings.choose(app, "players", len(seated) + 1)
                        app.note(now, "new player %s" % name)
                    return
            app.refuse(now, "every seat is taken")
        elif len(seated) <= app.spec.PLAYERS[0]:
            app.refuse(now, "at least %d players" % app.spec.PLAYERS[0])
        else:
            name = g.names[seated[-1] - 1]
            if app.act(now, "unseat", (seated[-1],), route=False):
                settings.choose(app, "players", len(seated) - 1)
                app.note(now, "%s leaves" % name)

    def join_line(self):
        g = self.app.game
        return Item("Join/leave", lambda: str(len(g.seated())), self._players)
