# The games as the host tools see them: the firmware's registry
# (tileclock/games/__init__.py) for their kinds and names, each game's
# about.py for what the host needs to know of it (its demo script, its
# pictures, its budgets, its sheet in the score book and the export), and
# the host code that belongs to one game in its folder games/<kind>/ (its
# printed sheet, its crossword's scoring, its referee and commands). The generic tools iterate
# this and name no game: a new game is its folder and its registry line.
import importlib

from tileclock import games

KINDS = games.KINDS


class Unknown:
    """What a game without an about.py (or a kind from an unknown device)
    is taken to be: rounds won, its sheet's own columns; and what an
    about.py that leaves a name out says of it."""
    DEMO = None
    BENCH = None                # the app bench's evening, if not DEMO
    TOUR = ()                   # the tour bench's scripts, if not (DEMO,)
    PICTURES = {}
    BUDGETS = {}
    WORDS = ("evenings", "rounds", "wins")
    MATCH_WINNER = None
    TIEBREAK = None             # a sheet key {name: value}: equal totals rank by it (Board Clock's spread)
    UNIT = "points"
    TIMED = None
    EXPORT = None
    ROUND_KEYS = ()
    ROW_INTS = ("total",)
    SHEET = None

    @staticmethod
    def round_won(rnd, row):
        won = bool(row.get("won")) or (rnd.get("winner") is not None and rnd.get("winner") == row["name"])
        return won, rnd.get("play_ms") if won else None


_about = {}


def standing_key(sheet, name, total):
    """What ranks `name` in `sheet`'s standings: the total, and where the
    game's about.py names a TIEBREAK, that too (equal keys share a place)."""
    tiebreak = about(sheet.get("game")).TIEBREAK
    if tiebreak and isinstance(sheet.get(tiebreak), dict):
        return total, sheet[tiebreak].get(name)
    return total


def about(kind):
    """The about module of game `kind`, or Unknown for a kind we don't play."""
    if kind not in _about:
        found = Unknown
        if kind in KINDS:
            try:
                found = importlib.import_module("%s%s.about" % (games.PACKAGE, kind))
            except ModuleNotFoundError:
                found = Unknown
            for key in vars(Unknown):
                if not key.startswith("_") and not hasattr(found, key):
                    setattr(found, key, getattr(Unknown, key))
        _about[kind] = found
    return _about[kind]


def name(kind):
    """The game's name as the home menu shows it."""
    return games.name(kind)


def host_module(kind, part):
    """The module `tileclock_host.games.<kind>.<part>` (one game's own host
    code: "sheet", "crossword"), or None if the game has none."""
    if kind not in KINDS:
        return None
    module = "tileclock_host.games.%s.%s" % (kind, part)
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name not in (module, module.rsplit(".", 1)[0]):
            raise
        return None


def screen_modules(kind):
    """Game `kind`'s screen modules on the device, loaded: its screens.py
    and those of its phases it has (tileclock.modules.SCREEN_PARTS)."""
    from tileclock.modules import SCREEN_PARTS
    out = []
    for part in SCREEN_PARTS:
        module = "%s%s.%s" % (games.PACKAGE, kind, part)
        try:
            out.append(importlib.import_module(module))
        except ModuleNotFoundError as e:
            if e.name != module:
                raise
    return out


def demos():
    """(kind, the demo script's name in tests/sim/) of every game that has one, in menu order."""
    return [(kind, about(kind).DEMO) for kind in KINDS if about(kind).DEMO]


def timed():
    """The kinds whose won rounds have a time (the score book's fastest)."""
    return [kind for kind in KINDS if about(kind).TIMED]
