# Undo across folds (issue 17): an evening of each game, played through the
# app with its journal so that it folds (Game.folded: the history starts
# with a `restore`); at every fold, undo step by step back to the restore
# (as far as undo goes), and at each step every screen the app can show for
# the game is drawn without an exception: the phase's own screen (App.route),
# the game menu, every page of the score sheet, the names and the name
# editor, the home menu, and Spell Sport's play form. Then the evening goes
# on: a reboot resumes the same history, and the undone actions are
# accepted again, later. Runs under pytest and on the MicroPython unix port
# (evenings of a few folds, fed to the app as they are made: no action list).
import gc

from test_app_device import Device

import framebuf
from evenings import EVENINGS

from tileclock.engine.game import format_action
from tileclock.ticks import ticks_add, ticks_diff
from tileclock_host.sim.screentext import shows

# Each evening's size (actions, or Spell Sport's games) and players: four or
# five closes, so three or four folds.
SIZES = {"wordsport": (90, 4), "speedscrabble": (70, 3), "spellsport": (4, 2), "tilerush": (100, 3)}


class Driver:
    """The app on a simulated device, given an evening's actions as they are
    made (Evening's sink), each `shift` ms later than the evening says (the
    time the undos and reboots took)."""

    def __init__(self, kind, players):
        self.kind = kind
        self.dev = Device(settings={"game": kind, "players": players})
        self.dev.run(50)
        app = self.dev.app
        from tileclock.script import new_game
        app.keeper.game = app.game = new_game(kind)   # as App.new_game, with the evening's own set-up
        app.keeper.journal.start(kind)
        self.shift = 0
        self.folds = 0              # folds undone back across
        self.steps = 0              # undo steps, every screen drawn at each
        self._classes = None
        self.fb = framebuf.FrameBuffer(bytearray(128 * 64 // 8), 128, 64, framebuf.MONO_VLSB)

    def act(self, t, verb, args):
        app = self.dev.app
        app.keeper.offset = ticks_diff(t, app.board.ticks_ms())
        assert app.act(t, verb, args), (verb, args, app.manager.banner_text())

    def sink(self, action):
        t, verb, args = action
        app = self.dev.app
        folds = app.keeper.journal.folds
        self.act(ticks_add(t, self.shift), verb, args)
        if app.keeper.journal.folds != folds:
            assert app.game.history[0][1] == "restore"
            self.undo_back()

    # -- at a fold ---------------------------------------------------------

    def undo_back(self):
        app = self.dev.app
        app.route(app.now())
        self.dev.run(30)
        history = app.game.history
        held = [history[i] for i in range(1, len(history))]   # a round or two
        history = None
        self.show_all()
        while len(app.game.history) > 1:
            n = len(app.game.history)
            now = app.now()
            if not app.undo(now) and len(app.game.history) == n:
                app.undo(now)               # a close: asked, then undone
            if len(app.game.history) == n:  # a set-up action: home, not undone
                assert self.dev.screen() == "Home", self.dev.screen()
                app.route(app.now())
                break
            self.steps += 1
            self.show_all()
        self.folds += 1
        undone = held[len(app.game.history) - 1:]
        held = None
        self.go_on(undone)

    def show_all(self):
        """Every screen the app can show for the game in this state: the
        phase's own through the app (App.route, the manager's frame), the
        others built and drawn as the manager does (open, then draw into a
        FrameBuffer), without its collect and module unloading at each."""
        dev = self.dev
        app = dev.app
        fb = self.fb
        now = app.now()
        app.route(now)
        assert app.manager.frame(fb, now)
        g = app.game
        Menu, Sheet, Names, NameEdit, Home = self.classes()
        self.draw(Menu, None)
        if g.KIND == "spellsport" and g.phase == "play":
            self.draw(app.game_module("entry").SpPlayForm, g.turn)
        sheet = self.draw(Sheet, (Menu, 0))
        for _ in range(len(sheet.pages) - 1):
            sheet.press(now, 1)
            sheet.draw(fb, now)
        sheet = None
        self.draw(Names, ("menu", 0, True))
        self.draw(NameEdit, (1, "menu", True))
        self.draw(Home, None)
        Menu = Sheet = Names = NameEdit = Home = None
        gc.collect()
        dev.run(20)                         # and the loop's own passes
        assert app.errors == 0, repr(app.last_error)

    def classes(self):
        # Imported once: a game screen unloads them (App.route), and
        # compiling them again at every step would be most of the test's time
        if self._classes is None:
            from tileclock.ui.home import Home
            from tileclock.ui.names import NameEdit, Names
            from tileclock.ui.sheet import Sheet
            self._classes = (self.dev.app.game_module("menu").MENU, Sheet, Names, NameEdit, Home)
        return self._classes

    def draw(self, cls, arg):
        app = self.dev.app
        now = app.now()
        screen = cls(app) if arg is None else cls(app, arg)
        screen.open(now)
        screen.draw(self.fb, now)
        return screen

    # -- and on --------------------------------------------------------------

    def go_on(self, undone):
        """A reboot resumes the same history and screen; the undone actions
        are accepted again, later (the round goes on)."""
        before = self.lines()
        screen = self.dev.screen()
        old = self.dev
        old.app = self.dev = None       # one app on the heap, as on the Pico
        self._classes = None
        gc.collect()
        self.dev = old.reboot()
        old = None
        self.dev.run(50)
        app = self.dev.app
        assert app.game is not None, app.problems
        assert self.lines() == before
        assert self.dev.screen() == screen, (self.dev.screen(), screen)
        assert app.errors == 0, repr(app.last_error)
        if undone:
            delta = ticks_diff(ticks_add(app.now(), 1000), undone[0][0])
            self.shift += delta
            for t, verb, args in undone:
                self.act(ticks_add(t, delta), verb, args)
        self.dev.run(30)
        assert app.errors == 0, repr(app.last_error)

    def lines(self):
        out = []
        for action in self.dev.app.game.history:
            out.append(format_action(*action))
        return out


def _evening(kind):
    size, players = SIZES[kind]
    d = Driver(kind, players)
    if kind == "spellsport":
        EVENINGS[kind](size, sink=d.sink)
    else:
        EVENINGS[kind](size, players, sink=d.sink)
    assert d.folds >= 3 and d.steps >= 10 * d.folds, (d.folds, d.steps)
    d.dev.close()
    return d


def test_word_sport_undone_across_every_fold_shows_every_screen():
    _evening("wordsport")


def test_speed_scrabble_undone_across_every_fold_shows_every_screen():
    _evening("speedscrabble")


def test_spell_sport_undone_across_every_fold_shows_every_screen():
    _evening("spellsport")


def test_tile_rush_undone_across_every_fold_shows_every_screen():
    _evening("tilerush")


# -- Spell Sport's game over, back at a fold's restore (issue 17, item 11) ----

def _spell_sport_folded():
    """Three games on the device (the evening's paths: game 1 down, 2 both,
    3 across), folded at game 3's end: its restore is game 2's end."""
    d = Driver("spellsport", 2)
    d.undo_back = lambda: None      # no undo at the folds
    EVENINGS["spellsport"](3, sink=d.sink)
    return d


def test_spell_sport_game_over_at_a_restore_shows_the_path_and_goes_on():
    d = _spell_sport_folded()
    dev = d.dev
    app = dev.app
    assert app.game.history[0][2][-1] == "path=both"    # game 2's close
    while len(app.game.history) > 1:
        dev.long(1)
    assert app.game.phase == "game_over" and app.game.round_number == 2
    dev.run(3000)
    assert dev.screen() == "SpOver" and app.errors == 0, repr(app.last_error)
    frame = dev.board.frame()
    assert shows(frame, "GAME 2 OVER"), frame
    dev = dev.reboot()
    dev.run(3000)
    assert dev.screen() == "SpOver" and dev.app.errors == 0, repr(dev.app.last_error)
    assert dev.app.game.last_path == "both" and shows(dev.board.frame(), "rubber")
    dev.press(1)                        # any seat: the next game
    assert dev.screen() == "SpPlay" and dev.app.game.round_number == 3
    assert dev.app.errors == 0
    dev.close()


def test_spell_sport_restore_keeps_the_last_path():
    from tileclock.script import new_game
    g = new_game("spellsport")
    g.do(0, "seat", (1, "Ann"))
    g.do(0, "seat", (2, "Bob"))
    g.do(10, "start")
    g.do(20, "play", (1, 2, 0, 4, 0, "separate"))
    g.do(30, "path", ("across",))
    assert g.last_path == "across" and "path=across" in g.fold_state()
    again = new_game("spellsport")
    again.do(30, "restore", tuple(g.fold_state()))
    assert again.last_path == "across" and again.phase == "game_over"
    # a restore written before path= was kept: no path, no error
    old = new_game("spellsport")
    old.do(30, "restore", tuple(w for w in g.fold_state() if not w.startswith("path=")))
    assert old.last_path == "" and old.totals == g.totals
    g.do(40, "start")
    assert g.last_path == "" and "path=" in g.fold_state()
