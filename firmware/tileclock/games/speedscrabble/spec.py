# Speed Scrabble (Take Two), as the app sees it (tileclock/games/__init__.py
# lists the games). Nothing is imported at the top: the rules and screens
# load when a game of this kind is played, and unload with it.
KIND = "speedscrabble"
TITLE = "SPEED SCRABBLE"    # headings (at most 14 letters)
PLAYERS = (2, 8)            # fewest and most players (four a Scrabble set)

# (label, settings key, choices, as shown or None), kept in the settings.
OPTIONS = (
    ("Variant", "variant", ("standard", "seattle", "idaho"), None),
    ("Target", "target", (100, 150, 200, 250, 300, 400, 500, 750, 1000), None),
    ("Themes", "themes", ("off", "on"), None),
    ("Sets", "sets", (1, 2, 3, 4), None),
)
DEFAULTS = {"variant": "standard", "target": 250, "themes": "off", "sets": 1}

# The set-up actions of new_game: undoing one of them goes home instead.
SETUP_VERBS = ("seat", "sets", "variant", "target", "themes")

_PLAYERS_PER_SET = 4


def option_action(key, value):
    """(verb, args) that sets option `key` to `value` in a game."""
    return key, (value,)


def setup(settings, players):
    """The set-up actions of a new game from the settings, seats aside: at
    least a set for every four players."""
    sets = max(settings["sets"], (players + _PLAYERS_PER_SET - 1) // _PLAYERS_PER_SET)
    return [("sets", (sets,)), option_action("variant", settings["variant"]),
            option_action("target", settings["target"]), option_action("themes", settings["themes"])]
