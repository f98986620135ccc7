# Tile Rush, as the app sees it (tileclock/games/__init__.py lists the
# games). Nothing is imported at the top: the rules and screens load when a
# game of this kind is played, and unload with it.
KIND = "tilerush"
TITLE = "TILE RUSH"         # headings (at most 14 letters)
PLAYERS = (2, 8)            # fewest and most players (one bag of 144)

OPTIONS = ()                # the deal follows from the number of players
DEFAULTS = {}

# The set-up actions of new_game: undoing one of them goes home instead.
SETUP_VERBS = ("seat",)


def option_action(key, value):
    return key, (value,)


def setup(settings, players):
    return []
