# Unloading modules the current screen does not need.
#
# Code loaded from .mpy files lives in the heap (only frozen modules run from
# flash). A module dropped from sys.modules and from its package is freed at
# the next collection, once nothing else refers to it (no object of one of
# its classes, no function or value imported from it elsewhere); importing
# it again loads it afresh. Its qstrs (names and short strings) stay interned
# for good: unloading frees its bytecode, functions, classes and dicts.
#
# Forget only modules whose classes and functions nobody keeps: a second copy
# of a class (an exception the app catches, say) would not be the first one.
import sys


def forget(names):
    """Drop the modules `names` (full dotted names) that are loaded."""
    modules = sys.modules
    for name in names:
        if name in modules:
            del modules[name]
            dot = name.rfind(".")
            if dot > 0:
                package = modules.get(name[:dot])
                if package is not None and name[dot + 1:] in package.__dict__:
                    delattr(package, name[dot + 1:])


# Needed before a game screen is up, not while it is (App.route unloads
# them): the home menu, the score sheet and the players' names, their
# screen and their rules (a game menu loads them again: names between
# rounds only), the rest (tileclock/rest.py: loaded when the box rests), the keys' hint (a screen
# with room for one loads it again; the live screens draw none), the
# settings file, journal recovery and its scan (boot), the whole evening's reader and
# the archive of finished evenings (a new evening; a full flash loads the
# archive again), the fold book's reader and a fold's writer (the sheet;
# a round's close), the action-script reader (boot and new_game only), the
# maintenance flag's check (hal/maintenance.py, make_board only), the
# board's building and its config's check (hal/board.py: the board object's
# class is hal/__init__.py's).
# The store's boot, new-evening and fold modules: App.route unloads them
# before a game's screens load, so that the screens never need their room
# too.
STORE_AT_START = (
    "tileclock.store.recover",
    "tileclock.store.scan",
    "tileclock.store.reader",
    "tileclock.store.archive",
    "tileclock.store.folds",
    "tileclock.store.foldwrite",
    "tileclock.script",
)

NOT_IN_GAME = (
    "tileclock.hal.maintenance",
    "tileclock.hal.board",
    "tileclock.ui.home",
    "tileclock.ui.menu",
    "tileclock.ui.gamemenu",
    "tileclock.ui.sheet",
    "tileclock.ui.names",
    "tileclock.players",
    "tileclock.rest",
    "tileclock.ui.hints",
    "tileclock.ui.calls",
    "tileclock.engine.correct",
    "tileclock.store.settings",
    "tileclock.store.recover",
    "tileclock.store.scan",
    "tileclock.store.reader",
    "tileclock.store.archive",
    "tileclock.store.folds",
    "tileclock.store.foldwrite",
    "tileclock.script",
)

# What only the games' screens use, built again when a game is shown
# (App.home unloads them), the rest (loaded again when the box rests: not
# on a menu or the sheet, the worst pass of an evening), and the boot-only
# modules (hal/board.py among them).
NOT_AT_HOME = (
    "tileclock.hal.maintenance",
    "tileclock.hal.board",
    "tileclock.ui.gamemenu",
    "tileclock.rest",
    "tileclock.ui.form",
    "tileclock.ui.live",
    "tileclock.ui.ready",
    "tileclock.ui.bigdigits",
    "tileclock.store.recover",
    "tileclock.store.scan",
    "tileclock.store.reader",
    "tileclock.store.archive",
    "tileclock.store.folds",
    "tileclock.store.foldwrite",
    "tileclock.script",
)

_GAMES = "tileclock.games."

# A game's screen modules: screens.py says which screen a phase shows
# (screen_for: the module and the class), and may keep them all; the games
# keep them apart by phase (ready.py before a round, play.py the clock,
# entry.py after it). From one to another, the app unloads the one that
# showed and the ui modules game screens build on before the next loads
# (App.route, App.open_part), so the entries never hold the big digits,
# nor the clock the entries.
SCREEN_PARTS = ("screens", "ready", "play", "entry")

# What goes with a game's specs (forget_games): its spec, its menu, its
# score sheet's lines, and its results apart from its rules (Board Clock's
# tally.py: a game's record, the standings, the sheet; evening.py: what a
# close changes, the checkpoint's words), loaded at a close, by the sheet
# and the entries, so that the clock and the menus never hold them.
SPEC_PARTS = ("spec", "menu", "sheet", "tally", "evening")


def forget_part(kind, part):
    """Drop game `kind`'s screen module `part`, and with it the ui modules
    game screens build on (NOT_AT_HOME: the others in it are not loaded
    while a game screen shows)."""
    forget((_GAMES + kind + "." + part,))
    forget(NOT_AT_HOME)


def forget_games(keep=None, screens=False, specs=False):
    """Drop the modules of every game but `keep` (a kind; all of them when
    None): a game played earlier this evening, the specs the home menu read.
    With `screens`, drop `keep`'s screens too (its rules stay: the game is
    still on); with `specs`, the registry and `keep`'s spec, menu and score
    sheet lines (the app holds the screens module; the rest is imported
    again when needed), and its results (SPEC_PARTS)."""
    doomed = []
    for name in sys.modules:
        if name.startswith(_GAMES):
            rest = name[len(_GAMES):]
            dot = rest.find(".")
            kind = rest if dot < 0 else rest[:dot]
            leaf = rest[dot + 1:]
            if kind != keep or (screens and leaf in SCREEN_PARTS) or (specs and leaf in SPEC_PARTS):
                doomed.append(name)
    if specs:
        doomed.append("tileclock.games")
    forget(doomed)


def forget_menu(kind):
    """Drop game `kind`'s menu and its score sheet's lines: the home menu
    needs neither (a game screen's hold loads the menu again)."""
    forget((_GAMES + kind + ".menu", _GAMES + kind + ".sheet"))
