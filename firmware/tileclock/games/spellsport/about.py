# What the host tools know of Spell Sport: its demo, the pictures of it in
# the docs, its memory budgets, and how its score sheet reads in the score
# book and the export. Read on the host only (tileclock_host/registry.py),
# never copied to the box; plain data, so that it runs anywhere.

# A rubber in tests/sim/.
DEMO = "spellsport_sample.txt"

# The tour bench's scripts of it (bench/mpy_tour.py: every screen in one heap).
TOUR = ("spellsport_sample.txt", "undo_spellsport.txt")

# script in tests/sim/ -> {shot in the script: picture in docs/images/}
PICTURES = {
    "spellsport_sample.txt": {
        "SpPlayForm": "spellsport-form",
        "take_six": "spellsport-play",
        "game_over": "spellsport-over",
    },
}

BUDGETS = {}      # (its heap: bench/budgets.py, on the gauge)

# The score book's words: a rubber, a game, the path (a game's bonus).
WORDS = ("rubbers", "games", "paths")
MATCH_WINNER = "rubber_winner"
UNIT = "points"
TIMED = None                # no clock on a won game

EXPORT = ("side", "plays", "points", "path_bonus", "path_by")
ROUND_KEYS = ("path_by",)
ROW_INTS = ("plays", "points", "path_bonus", "total")
SHEET = None                # scores/sheets/spellsport.py


def round_won(rnd, row):
    """A game's path is its win."""
    return rnd.get("path_by") == row["name"], None
