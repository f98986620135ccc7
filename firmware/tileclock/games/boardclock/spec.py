# Board Clock, as the app sees it (tileclock/games/__init__.py lists the
# games). Nothing is imported at the top: the rules and screens load when a
# game of this kind is played, and unload with it.
KIND = "boardclock"
TITLE = "BOARD CLOCK"       # headings (at most 14 letters)
PLAYERS = (2, 4)            # fewest and most players (a board's four sides)

# (label, settings key, choices, as shown or None), kept in the settings:
# each player's time bank in minutes, the overtime allowed before a loss on
# time (0: no limit), the warnings (a cue at one minute left, a beep each
# of the last ten seconds, a cue at each new minute of overtime), and the
# least margin of a loss on time (the forfeit's spread; clubs choose).
OPTIONS = (
    ("Time bank", "timebank", (10, 15, 20, 25, 30, 40, 50, 60),
     ("10 min", "15 min", "20 min", "25 min", "30 min", "40 min", "50 min", "60 min")),
    ("Max over", "timeover", (0, 10), ("none", "10 min")),
    ("Warnings", "warnings", ("on", "off"), None),
    ("Time loss by", "timeloss", (0, 50, 100, 200), None),
)
DEFAULTS = {"timebank": 25, "timeover": 0, "warnings": "on", "timeloss": 0}

# The rules' version a new evening is played to (rules.py says what each
# counts); set first, before the options.
RULES = 2

# The set-up actions of new_game: undoing one of them goes home instead.
SETUP_VERBS = ("seat", "rules", "bank", "limit", "warnings", "timeloss")


def option_action(key, value):
    """(verb, args) that sets option `key` to `value` in a game."""
    if key == "timebank":
        return "bank", (value * 60000,)
    if key == "timeover":
        return "limit", (value * 60000,)
    return key, (value,)


def setup(settings, players):
    """The set-up actions of a new game from the settings, seats aside."""
    # (a margin of a loss on time of 0 is the engine's own: no action for it)
    return [("rules", (RULES,))] + [option_action(key, settings[key]) for _label, key, _choices, _shown in OPTIONS
                                    if key != "timeloss" or settings[key]]
