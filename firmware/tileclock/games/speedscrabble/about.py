# What the host tools know of Speed Scrabble: its demo, the pictures of it
# in the docs, its memory budgets, and how its score sheet reads in the
# score book and the export. Read on the host only (tileclock_host/
# registry.py), never copied to the box; plain data, so that it runs anywhere.

# A whole match in tests/sim/.
DEMO = "speedscrabble_match.txt"

# The tour bench's scripts of it (bench/mpy_tour.py: every screen in one heap).
TOUR = ("speedscrabble_match.txt", "undo_speedscrabble.txt")

# script in tests/sim/ -> {shot in the script: picture in docs/images/}
PICTURES = {
    "speedscrabble_match.txt": {
        "count_in": "speedscrabble-count-in",
        "play_take_two": "speedscrabble-play",
        "entry_p2": "speedscrabble-score",
        "match_over": "speedscrabble-over",
    },
}

BUDGETS = {
    "engine.peak": 32768,       # a 1000-point match of four
    "engine.tick_alloc": 0,
}

# The score book's words: a match, a round, a won round.
WORDS = ("matches", "rounds", "first outs")
MATCH_WINNER = "winner"     # the sheet's key naming the match's winner
UNIT = "points"
TIMED = "play time"

EXPORT = ("grid", "leftover", "sevens", "sevens_points", "first_out_points", "themes",
          "theme_points", "first_out", "play_ms", "variant")
ROUND_KEYS = ("first_out", "play_ms", "variant")
ROW_INTS = ("grid", "leftover", "sevens", "sevens_points", "first_out_points",
            "themes", "theme_points", "total")
SHEET = None                # scores/sheets/speedscrabble.py


def round_won(rnd, row):
    """The first out won the round, in its play time."""
    won = rnd.get("first_out") == row["name"]
    return won, rnd.get("play_ms") if won else None
