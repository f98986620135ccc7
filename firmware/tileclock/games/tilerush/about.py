# What the host tools know of Tile Rush: its demo, the pictures of it in
# the docs, its memory budgets, and how its score sheet reads in the score
# book, the export and on paper. Read on the host only (tileclock_host/
# registry.py), never copied to the box; plain data, so that it runs anywhere.

# A whole evening in tests/sim/.
DEMO = "tilerush_game.txt"

# The tour bench's scripts of it (bench/mpy_tour.py: every screen in one heap).
TOUR = ("tilerush_game.txt", "undo_tilerush.txt")

# script in tests/sim/ -> {shot in the script: picture in docs/images/}
PICTURES = {
    "tilerush_game.txt": {
        "split": "tilerush-play",
        "first_wins": "tilerush-last",
        "check": "tilerush-check",
    },
}

BUDGETS = {
    # Ten rounds of eight folded at every close, as the app holds the game
    # (about 11 KB). The bench also prints the evening unfolded (443
    # actions, about 45 KB), which the device never holds.
    "engine.peak": 32768,
    "engine.tick_alloc": 0,
}

WORDS = ("evenings", "rounds", "wins")
MATCH_WINNER = None
UNIT = "wins"
TIMED = "play time"

EXPORT = None               # the sheet's own keys, in order
# round_won: the registry's (the row's `won`: the final call that held)
ROUND_KEYS = ()
ROW_INTS = ("total",)

# The printed sheet (scores/layout.py's generic one): what a column is
# called where the sheet's own key would mislead, a line saying what they
# hold, and a blank sheet's columns. `out` is a final call whose grid failed
# the check (that player is out of the round, their tiles back in the bag),
# never a player who went out first; `tiles` are the tiles in hand when the
# round ended.
SHEET = {
    "headings": {"tiles": "Tiles\nheld", "out": "Failed\ncall", "won": "Won"},
    "legend": "Tiles held: in hand when the round ended.   Failed call: called out first, but the "
              "grid failed the check: out of the round, tiles back in the bag.   Won: 1 point.",
    "blank": ("tiles", "out", "won"),
}

