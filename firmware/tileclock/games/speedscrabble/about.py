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
    # 2026-12-06: 135,328 B, the bench no longer charging the game with the
    # sim script's lines; the figure plus 2 KB (was 144704). Then 124,736 B
    # (play) with each phase's screens in a module of their own (the score
    # entry, 136,096 B, holds no big digits, nor play the form) and the
    # big digits' glyphs as bytes. Then 124,576 B with a fold's writer in
    # a module of its own (store/foldwrite.py).
    "app.mpy.total": 126624,
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
