# Spell Sport: turns, tile counts and the rubber, against the game's rules
# (docs/spellsport.md). Tile counts and scores below are worked out by hand
# from the sample game, not copied from the engine's output.
from check import raises, undo
from tileclock import cues
from tileclock.engine.game import Refused
from tileclock.script import load
from tileclock.games.spellsport.rules import GAME_OVER, PLAY, SETUP, SpellSport
from tileclock.ticks import TICKS_MAX, ticks_add


def new_rubber(now=0):
    g = SpellSport()
    g.do(now, "seat", (1, "Ann"))
    g.do(now, "seat", (2, "Bob"))
    g.do(now, "start")
    return g


def state(g):
    """Everything the screens read, to check a refusal changed nothing."""
    return (g.phase, g.turn, g.rack(1), g.rack(2), g.bag, list(g.game_scores), list(g.totals),
            g.round_number, g.last_play_points, g.refill_offer, len(g.history), g.sheet())


def refused(g, verb, *args):
    before = state(g)
    e = raises(Refused, g.do, g.last_at if g.last_at is not None else 0, verb, args)
    assert state(g) == before, verb
    return e.reason


def test_sample_game_tile_counts_and_scores():
    g = SpellSport()
    assert g.phase == SETUP
    g.do(0, "seat", (1, "Across"))
    g.do(0, "seat", (2, "Down"))
    g.do(0, "start")
    # Each takes twelve of the 338: 338 - 24 = 314 in the bag.
    assert (g.phase, g.turn, g.rack(1), g.rack(2), g.bag) == (PLAY, 1, 12, 12, 314)
    assert g.last_cue == cues.GO
    # (1) Across places WO, AD, UV of his own and Down's ET: WOAD (4) joined
    # with DUVET (5), 4x5 - 4 = 16. Across 12 - 3 = 9; Down 12 - 1 = 11.
    g.do(10000, "play", (1, 3, 1, 4, 5, "joined"))
    assert (g.rack(1), g.rack(2), g.game_scores, g.last_play_points) == (9, 11, [16, 0], 16)
    assert g.turn == 2 and g.refill_offer == 0 and g.last_cue == cues.NONE
    # Down places PI, ER, CE, VO, AL (the C of VOCAL is CE's): PIERCE (6)
    # joined with VOCAL (5) = 30. Down 11 - 5 = 6: six or fewer, so he may take six.
    g.do(20000, "play", (2, 5, 0, 5, 6, "joined"))
    assert (g.rack(1), g.rack(2), g.game_scores) == (9, 6, [16, 30])
    assert g.refill_offer == 2 and g.last_cue == cues.TAKE_SIX
    g.do(21000, "refill", (2,))
    assert (g.rack(2), g.bag, g.refill_offer) == (12, 308, 0)
    # (2) Across places IS, TO, SH: VOCALIST (8) joined with TOSH (4) = 32.
    # Across 9 - 3 = 6, takes six: 12; bag 308 - 6 = 302.
    g.do(30000, "play", (1, 3, 0, 8, 4, "joined"))
    assert (g.rack(1), g.refill_offer, g.last_cue) == (6, 1, cues.TAKE_SIX)
    g.do(31000, "refill", (1,))
    assert (g.rack(1), g.rack(2), g.bag) == (12, 12, 302)
    # Down places HI, GO, PH and steals Across's ER: HIGH (4) joined with
    # GOPHER (6), 4x6 - 4 = 20. Down 12 - 3 = 9; Across 12 - 1 = 11.
    g.do(40000, "play", (2, 3, 1, 4, 6, "joined"))
    assert (g.rack(1), g.rack(2), g.bag) == (11, 9, 302)
    assert g.refill_offer == 0
    # Across 16 + 32 = 48, Down 30 + 20 = 50.
    assert g.game_scores == [48, 50]
    assert g.totals == [0, 0]          # nothing counts for the rubber before the game ends
    assert g.turn == 1


def test_sample_sheet_shows_the_game_in_progress():
    g = load(SAMPLE)
    s = g.sheet()
    assert s["game"] == "spellsport" and s["players"] == ["Across", "Down"]
    assert s["rounds"] == [] and s["rubber_winner"] is None
    cur = s["current"]
    assert cur["number"] == 1 and cur["void"] is False and cur["path_by"] is None
    assert [p["points"] for p in cur["plays"]] == [16, 30, 32, 20]
    assert [p["name"] for p in cur["plays"]] == ["Across", "Down", "Across", "Down"]
    assert cur["plays"][0] == {"seat": 1, "name": "Across", "points": 16, "tiles": 3, "stolen": 1,
                               "across": 4, "down": 5, "joined": True, "circuit": False}
    assert cur["rows"][0] == {"name": "Across", "seat": 1, "side": "across", "plays": 2,
                              "points": 48, "path_bonus": 0, "total": 48}
    assert cur["rows"][1]["side"] == "down" and cur["rows"][1]["total"] == 50
    assert s["totals"] == {"Across": 0, "Down": 0}


SAMPLE = [
    "game spellsport",
    "0:00 seat 1 Across",
    "0:00 seat 2 Down",
    "0:01 start",
    "1:00 play 1 3 1 4 5 joined",
    "2:00 play 2 5 0 5 6 joined",
    "2:05 refill 2",
    "3:00 play 1 3 0 8 4 joined",
    "3:05 refill 1",
    "4:00 play 2 3 1 4 6 joined",
]


def test_sample_scenario_file_matches():
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    with open(here + "/../scenarios/spellsport_sample.txt") as f:
        g = load(f.read().split("\n"))
    assert g.game_scores == [48, 50]
    assert (g.rack(1), g.rack(2), g.bag) == (11, 9, 302)


def test_path_doubles_only_the_finisher_and_rubber_adds_up():
    g = load(SAMPLE)
    # Across plays on and completes a path across: 3 tiles, CAT/CATS separate = 3 + 4.
    g.do(300000, "play", (1, 3, 0, 3, 4, "separate"))
    assert g.game_scores == [55, 50]
    g.do(300001, "path", ("across",))
    # Across doubles: 55 x 2 = 110; Down's 50 unchanged.
    assert g.phase == GAME_OVER and g.game_scores == [110, 50] and g.totals == [110, 50]
    assert g.last_cue == cues.WIN
    s = g.sheet()
    r = s["rounds"][0]
    assert r["path"] == "across" and r["path_by"] == "Across" and s["current"] is None
    assert r["rows"][0]["points"] == 55 and r["rows"][0]["path_bonus"] == 55 and r["rows"][0]["total"] == 110
    assert r["rows"][1]["path_bonus"] == 0 and r["rows"][1]["total"] == 50
    assert s["rubber_winner"] == "Across"
    # Game 2: a fresh bag, Across begins again.
    g.do(400000, "start")
    assert (g.round_number, g.turn, g.rack(1), g.rack(2), g.bag, g.game_scores) == (2, 1, 12, 12, 314, [0, 0])
    g.do(401000, "play", (1, 2, 0, 4, 0, "separate"))        # 4
    g.do(402000, "play", (2, 3, 0, 6, 7, "joined"))          # 42
    g.do(403000, "play", (1, 1, 3, 8, 0, "separate"))        # 8 - 12 = -4
    assert g.game_scores == [0, 42] and (g.rack(1), g.rack(2)) == (9, 6)
    assert "a seat" in refused(g, "path", 2)
    g.do(404000, "play", (2, 1, 0, 3, 0, "separate"))        # 3
    g.do(404001, "path", ("down",))                          # Down doubles 45: 90
    assert g.game_scores == [0, 90] and g.totals == [110, 140]
    s = g.sheet()
    assert s["totals"] == {"Across": 110, "Down": 140}
    assert s["standings"] == [["Down", 140], ["Across", 110]]
    assert s["rubber_winner"] == "Down"
    assert s["rounds"][1]["path_by"] == "Down" and s["rounds"][1]["path"] == "down"


def test_a_path_doubles_by_its_direction_whoever_completed_it():
    # "the first player doubles if the path is across the board, and the
    # second player doubles if the path is down the board": Down's play may
    # complete a path across, and then Across doubles.
    g = new_rubber()
    g.do(1, "play", (1, 4, 0, 4, 5, "joined", "circuit"))     # Ann 4x5x2 = 40
    g.do(2, "play", (2, 3, 0, 6, 0, "separate"))              # Bob 6
    g.do(3, "path", ("across",))
    assert g.totals == [80, 6]
    r = g.sheet()["rounds"][0]
    assert (r["path"], r["path_by"]) == ("across", "Bob")
    assert [row["path_bonus"] for row in r["rows"]] == [40, 0]
    # One play completing both paths doubles both players.
    g.do(4, "start")
    g.do(5, "play", (1, 3, 0, 6, 0, "separate"))              # Ann 6
    g.do(6, "play", (2, 4, 0, 4, 5, "joined"))                # Bob 4x5 = 20
    g.do(7, "path", ("both",))
    assert g.game_scores == [12, 40] and g.totals == [92, 46]
    r = g.sheet()["rounds"][1]
    assert (r["path"], r["path_by"]) == ("both", "Bob")
    assert [row["path_bonus"] for row in r["rows"]] == [6, 20]


def test_endgame_without_path_does_not_double():
    g = new_rubber()
    g.do(1, "play", (1, 4, 0, 4, 5, "joined", "circuit"))     # 4x5x2 = 40
    g.do(2, "endgame")
    assert g.totals == [40, 0] and g.phase == GAME_OVER
    r = g.sheet()["rounds"][0]
    assert r["path_by"] is None and r["rows"][0]["path_bonus"] == 0
    assert r["plays"][0]["circuit"] is True


def test_a_rename_between_games_keeps_the_rubber():
    g = new_rubber()
    assert "game is running" in refused(g, "rename", 1, "Amy")
    g.do(1, "play", (1, 4, 0, 4, 5, "joined", "circuit"))     # 4x5x2 = 40
    g.do(2, "path", ("across",))                              # Ann doubles: 80
    g.do(3, "rename", (1, "Amy"))
    s = g.sheet()
    assert s["players"] == ["Amy", "Bob"]
    assert s["totals"] == {"Amy": 80, "Bob": 0} and s["rubber_winner"] == "Amy"
    r = s["rounds"][0]
    assert r["path_by"] == "Amy" and r["plays"][0]["name"] == "Amy"
    assert (r["rows"][0]["name"], r["rows"][0]["total"]) == ("Amy", 80)
    assert "already plays across" in refused(g, "rename", 2, "Amy")
    assert "already" in refused(g, "rename", 1, "Amy")
    assert "two players" in refused(g, "rename", 3, "Cy")
    refused(g, "rename", 2, "two words")
    g.do(4, "start")                                          # game 2, Amy to play
    assert g.turn == 1 and g.names == ["Amy", "Bob"]
    undo(g)
    assert undo(g)[1] == "rename"
    assert g.sheet()["totals"] == {"Ann": 80, "Bob": 0}


def test_a_rename_before_the_first_game_needs_a_player_there():
    g = SpellSport()
    assert "nobody plays across" in refused(g, "rename", 1, "Amy")
    g.do(0, "seat", (1, "Ann"))
    g.do(0, "rename", (1, "Amy"))
    assert g.names == ["Amy", None] and g.phase == SETUP


def test_ties_have_no_winner_and_stand_by_name():
    g = SpellSport()
    g.do(0, "seat", (1, "Zoe"))
    g.do(0, "seat", (2, "Al"))
    g.do(0, "start")
    g.do(1, "play", (1, 1, 0, 3, 0, "separate"))
    g.do(2, "play", (2, 1, 0, 0, 3, "separate"))
    g.do(3, "endgame")
    s = g.sheet()
    assert s["standings"] == [["Al", 3], ["Zoe", 3]]
    assert s["rubber_winner"] is None


def test_refill_is_optional_and_only_right_after_the_play():
    g = new_rubber()
    g.do(1, "play", (1, 6, 0, 12, 0, "separate"))
    assert g.refill_offer == 1
    # Down moves on; Ann let her chance go.
    g.do(2, "pass", (2,))
    assert g.refill_offer == 0
    assert "right after" in refused(g, "refill", 1)
    # Ann steals five: she ends this play with six again, so she may take six.
    g.do(3, "play", (1, 0, 5, 0, 10, "separate"))
    assert (g.rack(1), g.rack(2), g.refill_offer) == (6, 7, 1)
    # Bob steals one and keeps seven: no offer for him; Ann's has closed.
    g.do(4, "play", (2, 0, 1, 3, 0, "separate"))
    assert (g.rack(1), g.rack(2), g.refill_offer) == (5, 7, 0)
    assert "right after" in refused(g, "refill", 2)
    assert "right after" in refused(g, "refill", 1)
    g.do(5, "pass", (1,))
    g.do(6, "play", (2, 1, 0, 3, 0, "separate"))
    assert g.rack(2) == 6 and g.refill_offer == 2
    assert "right after" in refused(g, "refill", 1)
    g.do(7, "refill", (2,))
    assert "right after" in refused(g, "refill", 2)         # once only
    assert (g.rack(2), g.bag) == (12, 308)


def test_bag_never_deals_a_missing_tile():
    g = new_rubber()
    seat = 1
    taken = 0
    # Each player empties his rack into one word (two letters a tile) and
    # takes six, until the bag runs dry.
    while g.bag > 0:
        g.do(1, "play", (seat, g.rack(seat), 0, 2 * g.rack(seat), 0, "separate"))
        assert g.refill_offer == seat
        g.do(1, "refill", (seat,))
        taken += 1
        seat = 3 - seat
    # 314 = 52 x 6 + 2: the 53rd refill gets the last two.
    assert taken == 53
    assert g.rack(3 - seat) == 2
    g.do(1, "play", (seat, g.rack(seat), 0, 2 * g.rack(seat), 0, "separate"))
    assert g.rack(seat) == 0 and g.refill_offer == 0 and g.last_cue == cues.NONE
    assert refused(g, "refill", seat) == "the bag is empty"


def test_refusals_change_nothing():
    g = SpellSport()
    assert "no game" in refused(g, "play", 1, 1, 0, 3, 0, "separate")
    assert "name both" in refused(g, "start")
    g.do(0, "seat", (1, "Ann"))
    assert "already" in refused(g, "seat", 2, "Ann")
    assert "two players" in refused(g, "seat", 3, "Cat")
    assert "two players" in refused(g, "seat", 0, "Cat")
    assert refused(g, "seat", 2, "far too long a name")
    g.do(0, "seat", (2, "Bob"))
    assert "no game" in refused(g, "pass", 1)
    assert "no game" in refused(g, "endgame")
    assert "no game" in refused(g, "path", "across")
    assert "no game" in refused(g, "refill", 1)
    g.do(0, "start")
    assert "running" in refused(g, "start")
    assert "fixed" in refused(g, "seat", 2, "Cat")
    assert "Ann's turn" in refused(g, "play", 2, 1, 0, 3, 0, "separate")
    assert "Ann's turn" in refused(g, "pass", 2)
    assert refused(g, "play", 1, 13, 0, 3, 0, "separate")              # holds 12
    assert refused(g, "play", 1, 1, 13, 3, 0, "separate")              # Bob holds 12
    assert refused(g, "play", 1, -1, 0, 3, 0, "separate")
    assert "at least one tile" in refused(g, "play", 1, 0, 0, 3, 0, "separate")
    assert "3 to" in refused(g, "play", 1, 1, 0, 2, 0, "separate")      # spellscore
    assert "at least one word" in refused(g, "play", 1, 1, 0, 0, 0, "separate")
    assert "joined needs" in refused(g, "play", 1, 1, 0, 5, 0, "joined")
    assert refused(g, "play", 1, 1, 0, 27, 0, "separate")
    assert "joined or separate" in refused(g, "play", 1, 1, 0, 3, 4, "crossed")
    assert "circuit" in refused(g, "play", 1, 1, 0, 3, 4, "joined", "twice")
    assert refused(g, "play", 1, 1) == "play takes SEAT TILES STOLEN ACROSS DOWN joined|separate [circuit]"
    assert "nobody has just played" in refused(g, "path", "across")
    assert "a seat" in refused(g, "path", 1)
    assert "across, down or both" in refused(g, "path", "sideways")
    assert "no action" in refused(g, "score", 1, 5)
    g.do(1, "pass", (1,))
    assert "nobody has just played" in refused(g, "path", "across")   # a pass completes nothing
    g.do(2, "play", (2, 1, 0, 3, 0, "separate"))
    g.do(3, "endgame")
    assert "start the next" in refused(g, "play", 1, 1, 0, 3, 0, "separate")


def test_a_play_places_no_more_letters_than_its_words_have():
    # Two letters a tile, every one in a word formed: 2 x (tiles + stolen) is at
    # most ACROSS + DOWN, or ACROSS + DOWN - 1 when the words are joined (they
    # share a cell, old or new).
    g = new_rubber()
    assert refused(g, "play", 1, 5, 0, 3, 0, "separate") == \
        "5 tiles are 10 letters, more than the 3 letters of the words formed"
    # One word of six: three tiles fill it, four are too many.
    assert "4 tiles are 8 letters, more than the 6 letters" in refused(g, "play", 1, 4, 0, 6, 0, "separate")
    # Stolen tiles are placed too: two of Ann's and one of Bob's is six letters.
    assert "3 tiles are 6 letters, more than the 5 letters" in refused(g, "play", 1, 2, 1, 5, 0, "separate")
    g.do(1, "play", (1, 3, 0, 6, 0, "separate"))              # 6
    # Five and five: separate words have ten cells, joined ones nine.
    assert "5 tiles are 10 letters, more than the 9 letters" in refused(g, "play", 2, 5, 0, 5, 5, "joined")
    g.do(2, "play", (2, 4, 0, 5, 5, "joined"))                # 25
    g.do(3, "play", (1, 4, 1, 5, 5, "separate"))              # 10 - 4 = 6
    assert (g.rack(1), g.rack(2), g.game_scores) == (5, 7, [12, 25])
    # The longest words: twelve of Ann's and one of Bob's fill a word of 26,
    # but not two joined words of 13 (25 cells).
    g = new_rubber()
    assert "13 tiles are 26 letters, more than the 25 letters" in refused(g, "play", 1, 12, 1, 13, 13, "joined")
    g.do(1, "play", (1, 12, 1, 26, 0, "separate"))            # 26 - 4 = 22
    assert (g.rack(1), g.rack(2), g.game_scores, g.refill_offer) == (0, 11, [22, 0], 1)


def test_undo_everywhere_matches_a_fresh_replay():
    g = load(SAMPLE)
    g.do(300000, "play", (1, 3, 0, 3, 4, "separate"))
    g.do(300001, "path", ("across",))
    g.do(400000, "start")
    g.do(401000, "play", (1, 3, 1, 5, 4, "joined"))
    full = list(g.history)
    # Undo step by step; each state must equal the game replayed up to there.
    while g.history:
        undo(g)
        fresh = SpellSport()
        fresh.replay(full[:len(g.history)])
        assert state(g) == state(fresh)
        assert g.last_cue == cues.NONE       # an undone action is never sounded again
    assert g.phase == SETUP and g.names == [None, None] and g.totals == [0, 0]
    raises(Refused, undo, g)


def test_undo_a_refill_and_a_path():
    g = load(SAMPLE[:6])                     # up to Down's play, before his refill
    g.do(125000, "refill", (2,))
    undo(g)
    # The offer is back; its TAKE SIX is not sounded again.
    assert (g.rack(2), g.bag, g.refill_offer, g.last_cue) == (6, 314, 2, cues.NONE)
    g.do(125000, "path", ("down",))
    assert g.totals == [16, 60]
    undo(g)
    assert g.phase == PLAY and g.game_scores == [16, 30] and g.totals == [0, 0]


def test_turn_clock_counts_this_move_across_the_wrap():
    start = ticks_add(TICKS_MAX, -5000)      # five seconds before the counter wraps
    g = new_rubber(start)
    assert g.clock_ms(ticks_add(start, 65000)) == 65000
    assert g.tick(ticks_add(start, 65000)) == cues.NONE
    moved = ticks_add(start, 90000)
    g.do(moved, "play", (1, 1, 0, 3, 0, "separate"))
    assert g.turn == 2 and g.clock_ms(ticks_add(moved, 1500)) == 1500
    g.do(ticks_add(moved, 2000), "endgame")
    assert g.clock_ms(ticks_add(moved, 9000)) == 0


def test_rubber_scenario_file():
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    with open(here + "/../scenarios/spellsport_rubber.txt") as f:
        g = load(f.read().split("\n"))
    s = g.sheet()
    # Worked out in the comments of the script.
    assert [r["path_by"] for r in s["rounds"]] == ["Ann", "Bob", None]
    assert [r["path"] for r in s["rounds"]] == ["across", "down", None]
    assert [[row["total"] for row in r["rows"]] for r in s["rounds"]] == [[180, 24], [10, 108], [15, 0]]
    assert s["rounds"][0]["rows"][0]["path_bonus"] == 90
    assert s["rounds"][1]["rows"][1]["path_bonus"] == 54
    assert s["totals"] == {"Ann": 205, "Bob": 132}
    assert s["standings"] == [["Ann", 205], ["Bob", 132]]
    assert s["rubber_winner"] == "Ann" and s["current"] is None
    assert g.phase == GAME_OVER and g.round_number == 3
