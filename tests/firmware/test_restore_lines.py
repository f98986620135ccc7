# Hand-written `restore` lines and action times (issue 17, item 13): a state
# no evening can reach, and a time the board's tick counter never shows, are
# refused with a one-line reason naming the line; what an evening can reach
# (a Spell Sport total below zero, a Speed Scrabble one) is taken. The bounds
# are worked out from the rules text (docs/wordsport.md, tilerush.md,
# spellsport.md), not from what the code printed. Runs on CPython and on
# MicroPython (tests/run_on_micropython.py).
from check import raises

from tileclock.engine.game import Refused
from tileclock.script import ScriptError, load, new_game, parse_action

# 2**30 ms = 1073741.824 s = 298 h 15 min 41.824 s: the first time past the counter.
WRAP = 1073741824

WS = ("seats=Ann,Bob,,,,,, players=Ann,Bob merge=1500 tiles=full countdown=60000 ")
TR = "seats=Ann,Bob,,,,,, players=Ann,Bob merge=1500 "
SS = "names=Ann,Bob "
SC = "seats=Ann,Bob,,,,,, players=Ann,Bob merge=1500 sets=1 variant=standard target=100 themes=off "


def _load(kind, rest):
    """The game a two-line script `game KIND` / `0 restore REST` gives."""
    return load(["game " + kind, "0 restore " + rest])


def _refused(kind, rest):
    """The ScriptError of that script: line 2, the restore named."""
    e = raises(ScriptError, _load, kind, rest)
    assert e.lineno == 2, e.lineno
    assert e.message.startswith("restore: "), e.message
    assert "\n" not in e.message
    return e.message[len("restore: "):]


# -- Word-Sport: a round gives a player 0 to 40 (10 for first, +5 for each of
# three sevens, one grid, two minutes and a straight run) --

def test_wordsport_takes_what_an_evening_reaches():
    g = _load("wordsport", WS + "totals=40,0 rounds=1 fastest=Ann,95000,1")
    assert g.totals == {"Ann": 40, "Bob": 0}
    assert g.fastest_win == ("Ann", 95000, 1)
    g = _load("wordsport", WS + "totals=80,0 rounds=2 fastest=Bob,0,2")
    assert g.totals["Ann"] == 80 and g.fastest_win == ("Bob", 0, 2)
    assert _load("wordsport", WS + "totals=0,0 rounds=0").totals == {"Ann": 0, "Bob": 0}


def test_wordsport_refuses_totals_no_round_gives():
    assert _refused("wordsport", WS + "totals=-5,3 rounds=1") == "a total must be 0 to 40"
    assert _refused("wordsport", WS + "totals=41,0 rounds=1") == "a total must be 0 to 40"
    assert _refused("wordsport", WS + "totals=0,81 rounds=2") == "a total must be 0 to 80"
    assert _refused("wordsport", WS + "totals=5,0 rounds=0") == "a total must be 0 to 0"


def test_wordsport_refuses_a_fastest_win_no_round_had():
    assert _refused("wordsport", WS + "totals=10,5 rounds=1 fastest=Ann,-1,1") == \
        "fastest win (ms) must be 0 to 4294967294"
    assert _refused("wordsport", WS + "totals=10,5 rounds=1 fastest=Ann,95000,0") == \
        "fastest win's round must be 1 to 1"
    assert _refused("wordsport", WS + "totals=10,5 rounds=1 fastest=Ann,95000,2") == \
        "fastest win's round must be 1 to 1"
    assert _refused("wordsport", WS + "totals=0,0 rounds=0 fastest=Ann,95000,1") == \
        "fastest win's round must be 1 to 0"


# -- Tile Rush: a round won (holds) is one point, and a round has one winner --

def test_tilerush_totals_count_rounds_won():
    g = _load("tilerush", TR + "totals=1,1 rounds=2")
    assert g.totals == {"Ann": 1, "Bob": 1} and g.round_number == 2
    assert _load("tilerush", TR + "totals=3,0 rounds=3").totals["Ann"] == 3
    assert _refused("tilerush", TR + "totals=-5,3 rounds=9") == "a total must be 0 to 9"
    assert _refused("tilerush", TR + "totals=2,0 rounds=1") == "a total must be 0 to 1"
    assert _refused("tilerush", TR + "totals=1,1 rounds=1") == "totals add up to more than the 1 rounds"


# -- Spell Sport: a play may score below zero, so may a total; setup is only
# before the first game, and a game needs both players --

def test_spellsport_takes_a_total_below_zero_that_play_reaches():
    # Across makes one three-letter word with a stolen tile: 3 - 4 = -1.
    g = load(["game spellsport", "0 seat 1 Ann", "0 seat 2 Bob", "1 start",
              "2 play 1 0 1 3 0 separate", "3 endgame"])
    assert g.totals == [-1, 0]
    state = " ".join(g.fold_state())
    assert state.startswith("names=Ann,Bob games=1 totals=-1,0 scores=-1,0 phase=game_over"), state
    assert _load("spellsport", state).totals == [-1, 0]
    g = _load("spellsport", SS + "games=3 totals=-5,3 scores=1,2 phase=game_over")
    assert g.totals == [-5, 3] and g.round_number == 3


def test_spellsport_refuses_a_rubber_no_play_reaches():
    setup = "setup is before any game: games, totals, scores 0"
    over = "game_over needs both names, games>=1, and totals=scores after 1 game"
    assert _load("spellsport", SS + "games=0 totals=0,0 scores=0,0 phase=setup").phase == "setup"
    assert _refused("spellsport", SS + "games=0 totals=-5,3 scores=0,0 phase=setup") == setup
    assert _refused("spellsport", SS + "games=2 totals=0,0 scores=0,0 phase=setup") == setup
    assert _refused("spellsport", SS + "games=0 totals=1,2 scores=1,2 phase=game_over") == over
    assert _refused("spellsport", SS + "games=1 totals=-5,3 scores=1,2 phase=game_over") == over
    assert _refused("spellsport", "names=Ann, games=2 totals=1,2 scores=1,2 phase=game_over") == over


# -- Speed Scrabble: "It may be negative" (docs/speedscrabble.md) --

def test_speedscrabble_still_takes_a_total_below_zero():
    g = _load("speedscrabble", SC + "totals=-12,30 rounds=2 winner= phase=setup")
    assert g.totals == {"Ann": -12, "Bob": 30}


# -- a refused restore leaves a fresh game --

def test_a_refused_restore_changes_nothing():
    for kind, rest in (("wordsport", WS + "totals=-5,3 rounds=1"), ("tilerush", TR + "totals=2,0 rounds=1"),
                       ("spellsport", SS + "games=0 totals=1,2 scores=1,2 phase=game_over")):
        g = new_game(kind)
        assert raises(Refused, g.do, 0, "restore", tuple(rest.split()))
        assert not g.history and g.last_at is None
        assert g.sheet() == new_game(kind).sheet(), kind


# -- action times: 0 <= t < 2**30 --

def test_a_line_past_the_tick_counter_is_refused():
    reason = "an action's time is 0 to 1073741823 ms (the tick counter wraps at 2**30)"
    for word in ("1073741824", "298:15:41.824", "300:00:00", "99999999999"):
        e = raises(ScriptError, load, ["game wordsport", "0 seat 1 Ann", word + " seat 2 Bob"])
        assert e.lineno == 3 and e.message == reason, (word, e.message)
        assert raises(ValueError, parse_action, word + " seat 2 Bob").args[0] == reason
    e = raises(ScriptError, load, ["game tilerush", "%d restore %srounds=0 totals=0,0" % (WRAP, TR)])
    assert e.lineno == 2 and e.message == reason
    for word in ("1073741823", "298:15:41.823"):
        g = load(["game wordsport", "1073741000 seat 1 Ann", word + " seat 2 Bob"])
        assert g.last_at == WRAP - 1


def test_the_engine_refuses_a_time_off_the_counter():
    reason = "an action's time is 0 to 1073741823 ms (the tick counter wraps at 2**30)"
    g = new_game("wordsport")
    assert raises(Refused, g.do, WRAP, "seat", (1, "Ann")).reason == reason
    assert raises(Refused, g.do, -1, "seat", (1, "Ann")).reason == reason
    assert raises(Refused, g.do, WRAP, "restore", tuple((WS + "totals=0,0 rounds=0").split())).reason == reason
    assert not g.history
    g.do(WRAP - 1, "seat", (1, "Ann"))
    g.do(0, "seat", (2, "Bob"))             # the counter wrapped: 1 ms later
    assert g.names[:2] == ["Ann", "Bob"]
