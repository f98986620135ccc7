# Word-Sport, as the app sees it (tileclock/games/__init__.py lists the
# games). Nothing is imported at the top: the rules and screens load when a
# game of this kind is played, and unload with it.
KIND = "wordsport"
TITLE = "WORD-SPORT"        # headings (at most 14 letters)
PLAYERS = (2, 8)            # fewest and most players

# The options a player sets from the menus: (label, settings key, choices,
# as shown or None). The settings keep them across power-off.
OPTIONS = (
    ("Tiles", "tiles", ("half", "full", "double"), None),
    ("Countdown", "countdown", (30, 45, 60, 90, 120, 180), ("0:30", "0:45", "1:00", "1:30", "2:00", "3:00")),
)
DEFAULTS = {"tiles": "full", "countdown": 60}

# The actions a new game is set up with (after seating): undoing one of them
# goes back to the home menu instead of unseating the table one by one.
SETUP_VERBS = ("seat", "tiles", "countdown")


def option_action(key, value):
    """(verb, args) that sets option `key` to `value` in a game."""
    if key == "countdown":
        return "countdown", (value * 1000,)
    return key, (value,)


def setup(settings, players):
    """The set-up actions of a new game from the settings, seats aside."""
    return [option_action(key, settings[key]) for _label, key, _choices, _shown in OPTIONS]
