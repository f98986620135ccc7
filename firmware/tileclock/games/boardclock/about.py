# What the host tools know of Board Clock: its demo, the pictures of it in
# the docs, its memory budgets, and how its score sheet reads in the score
# book, the export and on paper. Read on the host only (tileclock_host/
# registry.py), never copied to the box; plain data, so that it runs anywhere.

# A whole evening in tests/sim/: two games, overtime, a pause, the scores.
DEMO = "boardclock_game.txt"

# The tour bench's scripts of it (bench/mpy_tour.py: every screen in one
# heap): the demo shows every screen of the game (ready, the clock running
# and stopped, the menu, the entries, the sheet). undo_boardclock.txt adds
# no screen, only 22 text checks, whose plan the simulator holds while it
# plays (12.8 KB largest free block with it, 18.2 KB without).
TOUR = ("boardclock_game.txt",)

# script in tests/sim/ -> {shot in the script: picture in docs/images/}
PICTURES = {
    "boardclock_game.txt": {
        "clock": "boardclock-play",
        "overtime": "boardclock-overtime",
        "paused": "boardclock-paused",
        "menu_out": "boardclock-out",
        "results": "boardclock-results",
    },
    "boardclock_four.txt": {
        "menu_skip": "boardclock-skip",
        "entry_negative": "boardclock-score",
        "sheet_games": "boardclock-sheet",
    },
}

BUDGETS = {
    # An evening of four players folded at every close, as the app holds
    # the game (bench/mpy_engine_boardclock.py).
    "engine.peak": 32768,
    "engine.tick_alloc": 0,
}

# The score book's words: an evening, a game, a won game.
WORDS = ("evenings", "games", "wins")
MATCH_WINNER = None         # the evening goes to the top of the standings
TIEBREAK = "spread"         # equal points rank by the sum of margins (as clubs rank)
UNIT = "points"             # the standings count 2 a win, 1 a draw (then the spread)
TIMED = None                # a game's length says nothing of its winner

EXPORT = None               # the sheet's own keys, in order
ROUND_KEYS = ()
# A row's whole numbers (the score, the adjusted score and the margin are
# null in the game in progress until every score is in, and in a void game).
ROW_INTS = ("score", "used_ms", "over_ms", "penalty", "adjusted", "margin", "total")

# The printed sheet (scores/layout.py's generic one): what a column is
# called, a line saying what they hold, and a blank sheet's columns.
SHEET = {
    "headings": {"score": "Score", "used_ms": "Time\nused", "over_ms": "Over-\ntime", "penalty": "Pen-\nalty",
                 "adjusted": "Adj.\nscore", "margin": "Margin", "lost": "Lost on\ntime"},
    "legend": "Penalty: 10 points a minute or part of one over the time bank, taken off the score.   "
              "Margin: the adjusted score less the best of the others'.   "
              "Total: 2 points a win, 1 each of a tie for first.",
    "blank": ("score", "over_ms", "penalty", "adjusted", "margin"),
}


def round_won(rnd, row):
    """A game's winner (a draw has none); no time."""
    return (not rnd.get("void") and rnd.get("winner") is not None and rnd.get("winner") == row["name"]), None
