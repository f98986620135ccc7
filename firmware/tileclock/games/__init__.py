# The games tileclock plays, one package each under tileclock/games/:
#
#   games/<kind>/spec.py      what the app needs to know: title, players,
#                             options, set-up, the screen for each phase
#   games/<kind>/rules.py     the engine (no clock, pin or file)
#   games/<kind>/screens.py   its screens
#   games/<kind>/menu.py      its menu and its lines of the score sheet
#
# A new game is its folder, its kind in KINDS and its name in NAMES.
# Everything is found by module name and imported when first needed, so the
# app can unload a game's modules again (tileclock.modules.forget_games).
import sys

# In the order the home menu offers them: the kind (its folder's name), and
# at the same place in NAMES the name the home menu's Game line shows (at
# most 11 letters). Here, not in the specs, so that the home menu names
# every game with none loaded.
KINDS = ("wordsport", "speedscrabble", "spellsport", "tilerush", "boardclock")
NAMES = ("Word-Sport", "Speed Scr.", "Spell Sport", "Tile Rush", "Board Clock")

PACKAGE = "tileclock.games."


def part(kind, what):
    """Module `what` of game `kind`'s folder ("spec", "rules", "screens",
    "menu"), imported when first asked; ValueError for a kind we don't play."""
    if kind not in KINDS:
        raise ValueError("unknown game '%s' (one of %s)" % (kind, ", ".join(KINDS)))
    name = PACKAGE + kind + "." + what
    module = sys.modules.get(name)
    if module is None:
        __import__(name)
        module = sys.modules[name]
    return module


def spec(kind):
    """The spec module of game `kind`; ValueError for a kind we don't play."""
    return part(kind, "spec")


def spec_for(kind, settings):
    """spec(kind), its options in `settings` (a dict: the app's): the
    default for one missing or of another type (another firmware's)."""
    module = spec(kind)
    wanted = module.DEFAULTS
    for key in wanted:
        if type(settings.get(key)) is not type(wanted[key]):
            settings[key] = wanted[key]
    return module


def new_game(kind):
    """A fresh game of `kind`: its rules module's GAME (ValueError for an
    unknown kind)."""
    return part(kind, "rules").GAME()


def name(kind):
    """The home menu's name of game `kind` (the kind itself for one we don't play)."""
    return NAMES[KINDS.index(kind)] if kind in KINDS else kind
