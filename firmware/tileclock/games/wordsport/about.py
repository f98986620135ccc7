# What the host tools know of Word-Sport: its demo, the pictures of it in
# the docs, its memory budgets, and how its score sheet reads in the score
# book and the export. Read on the host only (tileclock_host/registry.py),
# never copied to the box; plain data, so that it runs anywhere.

# A whole game in tests/sim/: the benches, the web page's tests and the
# docs' pictures play it.
DEMO = "wordsport_game.txt"
# The app bench's evening (bench/mpy_app.py): the menu and the sheet
# between rounds, ten minutes of clock (its worst pass).
BENCH = "wordsport_bench.txt"

# The tour bench's scripts of it (bench/mpy_tour.py: every screen in one heap).
TOUR = ("wordsport_round.txt", "wordsport_game.txt", "sheet_home.txt", "undo_wordsport.txt")

# script in tests/sim/ -> {shot in the script: picture in docs/images/}
PICTURES = {
    "wordsport_game.txt": {
        "ready_round_2": "wordsport-ready",
        "play_start": "wordsport-play-keys",
        "play_take_1": "wordsport-play",
        "countdown": "wordsport-countdown",
        "entries_done": "wordsport-entries",
        "menu_play": "wordsport-menu",
    },
    "rename.txt": {"menu_setup": "wordsport-menu-setup"},
}

# The benches' budgets (bench/budgets.py has what they measure). The app's
# heap at the worst pass of the demo evening from .mpy: 128,512 B on
# 2026-12-06 (the game's menu), plus 2 KB. The sheet was the worst
# (139,904 B) until it stopped holding the menus it was opened from, then
# the entries (135,552 B) until each phase's screens had a module of their
# own (ready.py, play.py, entry.py: the entries hold no big digits).
BUDGETS = {
    "engine.peak": 32768,       # ten rounds of eight on a double set
    "engine.tick_alloc": 0,
}

# The score book's words: a match, a round, a won round.
WORDS = ("evenings", "rounds", "1st places")
MATCH_WINNER = None         # the evening goes to the top of the standings
UNIT = "points"             # what the standings count
TIMED = "win time"          # a won round's time, for the fastest wins

# The export's columns after the common ones; the round's own in ROUND_KEYS.
EXPORT = ("place", "place_points", "sevens", "sevens_points", "one_grid", "two_minute",
          "straight_run", "dq", "finish_ms", "unused", "win_ms", "winner")
ROUND_KEYS = ("win_ms", "winner")
# A row's values that are whole numbers (the sheet checker's).
ROW_INTS = ("place_points", "sevens", "sevens_points", "one_grid", "two_minute",
            "straight_run", "unused", "total")
SHEET = None                # its printed sheet is its own (scores/sheets/wordsport.py)


def round_won(rnd, row):
    """(won the round, its time) for a row of a closed round: first place,
    not disqualified; the win time to the round's winner."""
    won = row.get("place") == 1 and not row.get("dq")
    return won, rnd.get("win_ms") if won and rnd.get("winner") == row["name"] else None
