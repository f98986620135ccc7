# Speed Scrabble engine: the numbers below are worked out by hand from
# the game's rules (docs/speedscrabble.md: one set = 100 tiles, everyone starts with 7).
from check import raises, undo

from tileclock import cues
from tileclock.engine.game import Merged, Refused
from tileclock.games.speedscrabble.rules import (COUNT_IN, ENTRY, MATCH_OVER, PLAY, SETUP,
                                             SpeedScrabble)
from tileclock.ticks import TICKS_PERIOD, ticks_add

SEATED_AT = ticks_add(0, -600000)

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def seated(count, *options):
    # seated ten minutes before 0, so that the tests may start a round at
    # 0 or just before the counter wraps: time only goes forward
    g = SpeedScrabble()
    for seat in range(1, count + 1):
        g.do(SEATED_AT, "seat", (seat, NAMES[seat - 1]))
    for verb, value in options:
        g.do(SEATED_AT, verb, (value,))
    return g


def started(count, *options, at=1000):
    """A game in play: started at `at`, GO three seconds later."""
    g = seated(count, *options)
    g.do(at, "start")
    return g, ticks_add(at, 3000)


def refused(g, now, verb, *args):
    """Assert the action is refused and changes nothing; return the reason."""
    before = g.sheet()
    history = len(g.history)
    remaining = g.pool.remaining if g.pool else None
    e = raises(Refused, g.do, now, verb, args)
    assert g.sheet() == before
    assert len(g.history) == history
    assert (g.pool.remaining if g.pool else None) == remaining
    return e.reason


def takes_until_out(g, now, seat=1):
    """Call take every 2 s until play stops; returns the cues heard."""
    heard = []
    while g.phase != ENTRY:
        now += 2000
        g.do(now, "take", (seat,))
        heard.append(g.last_cue)
    return heard, now


# ---- dealing by count ----

def test_four_players_one_set_nine_take_twos_then_out():
    g, go = started(4)
    assert g.pool.remaining == 100 - 4 * 7 == 72
    heard, _ = takes_until_out(g, go, seat=3)
    # 72 tiles serve 72 / (4 * 2) = 9 Take Twos exactly; no Take One.
    assert heard == [cues.TAKE_TWO] * 9 + [cues.IM_OUT]
    assert g.pool.remaining == 0
    assert g.pool.drawn == [25, 25, 25, 25]
    assert g.first_out == 3


def test_two_players_take_one_at_the_end():
    g, go = started(2)
    assert g.pool.remaining == 86
    # 86 = 21 * 4 + 2: 21 Take Twos, then one Take One, then I'm Out.
    heard, _ = takes_until_out(g, go)
    assert heard == [cues.TAKE_TWO] * 21 + [cues.TAKE_ONE, cues.IM_OUT]
    assert g.pool.drawn == [50, 50]


def test_three_players_one_tile_never_dealt():
    g, go = started(3)
    assert g.pool.remaining == 79
    # 79 = 13 * 6 + 1: the last tile can't give three players one each.
    heard, _ = takes_until_out(g, go)
    assert heard == [cues.TAKE_TWO] * 13 + [cues.IM_OUT]
    assert g.pool.remaining == 1
    assert g.pool.drawn == [33, 33, 33]


def test_five_players_need_two_sets():
    g = seated(5)
    assert "2 sets" in refused(g, 0, "start")
    g.do(0, "sets", (2,))
    g.do(1000, "start")
    assert g.pool.remaining == 200 - 35 == 165
    # 165 = 16 * 10 + 5: 16 Take Twos, one Take One, then I'm Out.
    heard, _ = takes_until_out(g, 4000)
    assert heard == [cues.TAKE_TWO] * 16 + [cues.TAKE_ONE, cues.IM_OUT]
    assert g.pool.drawn == [40] * 5


def test_seattle_takes_one_at_a_time():
    g, go = started(4, ("variant", "seattle"))
    assert g.next_prompt() == cues.TAKE_ONE
    heard, _ = takes_until_out(g, go)
    # 72 tiles / 4 players = 18 Take Ones.
    assert heard == [cues.TAKE_ONE] * 18 + [cues.IM_OUT]
    assert g.pool.drawn == [25] * 4


def test_next_prompt_follows_the_pool():
    g, go = started(2)
    assert g.next_prompt() == cues.TAKE_TWO
    for i in range(21):
        g.do(go + 2000 * (i + 1), "take", (1,))
    assert g.pool.remaining == 2
    assert g.next_prompt() == cues.TAKE_ONE
    g.do(go + 60000, "take", (2,))
    assert g.next_prompt() == cues.IM_OUT


def test_out_only_once_the_pool_cannot_serve():
    g, go = started(4)
    assert "72 tiles" in refused(g, go + 5000, "out", 2)
    for i in range(9):
        g.do(go + 2000 * (i + 1), "take", (1,))
    g.do(go + 30000, "out", (2,))
    assert g.phase == ENTRY and g.first_out == 2 and g.last_cue == cues.IM_OUT
    assert g.play_ms == 30000


# ---- simultaneous calls ----

def test_calls_within_the_merge_window_count_once():
    g, go = started(4)
    g.do(go + 10000, "take", (1,))
    assert g.pool.remaining == 64
    assert refused(g, go + 11499, "take", 2) == "counted once"
    assert g.pool.remaining == 64
    g.do(go + 11500, "take", (2,))     # 1500 ms later: a new call
    assert g.pool.remaining == 56


def test_merge_window_is_an_option():
    g, go = started(4, ("merge", 0))
    g.do(go + 10000, "take", (1,))
    g.do(go + 10000, "take", (2,))
    assert g.pool.remaining == 56
    g = seated(2)
    refused(g, 0, "merge", -1)
    refused(g, 0, "merge", 10001)


def test_a_late_take_two_is_not_an_im_out():
    # The pool empties on Ann's Take Two; Bob shouted at the same moment.
    g, go = started(4)
    for i in range(9):
        g.do(go + 2000 * (i + 1), "take", (1,))
        if i == 7:      # a second voice of a TAKE TWO with tiles left: quiet
            assert raises(Merged, g.do, go + 16500, "take", (2,)).cue == cues.NONE
    assert refused(g, go + 18500, "take", 2) == "taken as the last call: out? press again"
    assert raises(Merged, g.do, go + 18500, "take", (2,)).cue == cues.TAKE_TWO   # heard again
    assert g.phase_at(go + 18500) == PLAY


# ---- count-in, redraw, hold ----

def test_count_in_beats_and_go():
    g, go = started(3, at=10000)
    assert g.phase == COUNT_IN and go == 13000
    assert g.last_cue == cues.NONE
    assert g.tick(10000) == cues.COUNT_IN
    assert g.tick(10000) == cues.NONE
    assert g.count_in(10000) == 3
    assert g.tick(10999) == cues.NONE
    assert g.tick(11000) == cues.COUNT_IN and g.count_in(11500) == 2
    assert g.tick(12000) == cues.COUNT_IN and g.count_in(12001) == 1
    assert g.phase_at(12999) == COUNT_IN
    assert refused(g, 12999, "take", 1) == "wait for GO"
    assert g.tick(13000) == cues.GO
    assert g.tick(13001) == cues.NONE
    assert g.phase_at(13000) == PLAY
    assert g.clock_ms(12000) == 0
    assert g.clock_ms(15500) == 2500


def test_go_is_not_sounded_long_after():
    g, go = started(2, at=0)
    assert g.tick(go + 5000) == cues.NONE


def test_undo_a_call_just_after_go_does_not_sound_go_again():
    g, go = started(2, at=0)
    assert [g.tick(t) for t in (0, 1000, 2000, 3000)] == [cues.COUNT_IN] * 3 + [cues.GO]
    g.do(3200, "take", (1,))                # within a beat of GO
    assert g.last_cue == cues.TAKE_TWO
    undo(g)
    assert g.phase == COUNT_IN and g.phase_at(3300) == PLAY   # the count-in, as recorded
    assert g.last_cue == cues.NONE
    assert g.tick(3300) == cues.NONE
    g.do(3400, "take", (2,))
    assert g.pool.remaining == 86 - 4


def test_undo_during_the_count_in_keeps_its_beats():
    g, go = started(2, at=0)
    assert g.tick(0) == cues.COUNT_IN and g.tick(1000) == cues.COUNT_IN
    g.do(1500, "hold")
    undo(g)                                # the same count-in goes on
    assert g.tick(1600) == cues.NONE        # beat "2" was heard
    assert g.tick(2000) == cues.COUNT_IN and g.tick(3000) == cues.GO
    # Undo the start and start again later: a new count-in, heard in full.
    undo(g)
    g.do(10000, "start")
    assert g.tick(10000) == cues.COUNT_IN and g.tick(13000) == cues.GO


def test_redraw_before_the_first_call_only():
    g, go = started(4)
    g.do(go + 4000, "redraw")
    assert g.phase == COUNT_IN
    assert g.pool.remaining == 72 and g.pool.drawn == [7] * 4
    new_go = go + 4000 + 3000
    assert g.clock_ms(new_go + 1000) == 1000      # play time restarts at the new GO
    assert g.tick(go + 4000) == cues.COUNT_IN
    g.do(new_go + 2000, "take", (1,))
    assert "first call" in refused(g, new_go + 9000, "redraw")


def test_hold_stops_the_count_in():
    g, go = started(2)
    g.do(go - 500, "hold")
    assert g.phase == SETUP and g.round_number == 0
    assert refused(g, go + 10, "hold")
    g.do(go + 100, "start")
    assert g.round_number == 1


# ---- Idaho ----

def test_idaho_pick_loses_the_exact_count():
    g, go = started(4, ("variant", "idaho"))
    assert g.next_prompt() == cues.PICK
    assert "Idaho" in refused(g, go + 1000, "take", 1)
    assert "72 tiles" in refused(g, go + 1000, "out", 1)
    g.do(go + 5000, "pick", (2,))
    assert g.last_cue == cues.PICK
    assert not g.pool.exact
    assert g.sheet()["pool_exact"] is False
    g.do(go + 9000, "pick", (3,))
    g.do(go + 60000, "out", (4,))
    assert g.phase == ENTRY and g.first_out == 4
    # Unknown counts: the most anyone can hold is 100 - 3 * 7 = 79 tiles.
    g.do(go + 70000, "score", (1, 1000, 0, 0))     # 79 * 20 points, capped at 1000
    raises(Refused, g.do, go + 70000, "score", (1, 1001, 0, 0))
    g.do(go + 70000, "score", (1, 300, 0, 2 * 79 // 7))   # 22 words of seven
    raises(Refused, g.do, go + 70000, "score", (1, 300, 0, 23))


def test_pick_is_idaho_only():
    g, go = started(2)
    assert "Idaho" in refused(g, go + 1000, "pick", 1)


# ---- stuck, stop, void ----

def test_stuck_everyone_takes_two_then_one():
    g, go = started(2)
    for i in range(21):
        g.do(go + 2000 * (i + 1), "stuck")
    assert g.last_cue == cues.TAKE_TWO and g.pool.remaining == 2
    g.do(go + 60000, "stuck")
    assert g.last_cue == cues.TAKE_ONE and g.pool.remaining == 0
    assert "empty" in refused(g, go + 70000, "stuck")
    g.do(go + 80000, "stop")
    assert g.phase == ENTRY and g.first_out is None and g.last_cue == cues.TIME_UP


def test_seattle_stuck_takes_one():
    g, go = started(4, ("variant", "seattle"))
    g.do(go + 1000, "stuck")
    assert g.pool.remaining == 68


def test_void_round_counts_nothing():
    g, go = started(2)
    g.do(go + 1000, "take", (1,))
    g.do(go + 5000, "void")
    assert g.phase == SETUP
    sheet = g.sheet()
    assert sheet["rounds"][0]["void"] is True and sheet["rounds"][0]["rows"] == []
    assert sheet["totals"] == {}
    g.do(go + 9000, "start")
    assert g.round_number == 2


# ---- scoring ----

def out_round(g, go, out_seat):
    """Four players, one set: nine Take Twos then `out_seat` is out at 3:00."""
    for i in range(9):
        g.do(go + 10000 * (i + 1), "take", (1 + i % 4,))
    g.do(go + 180000, "take", (out_seat,))
    return go + 180000


def test_a_scored_round():
    g, go = started(4, ("themes", "on"))
    end = out_round(g, go, 1)
    assert g.play_ms == 180000 and g.clock_ms(end + 99999) == 180000
    # Ann: 60 grid, nothing left, one 8-letter word, first out: 60 + 10 + 10 = 80
    g.do(end + 1000, "score", (1, 60, 0, 1))
    # Bob: 55 grid, 6 left over (a J and an A... any 6 points): 49
    g.do(end + 2000, "score", (2, 55, 6, 0))
    # Cy: 40 grid, 3 left, two theme words: 40 - 3 + 20 = 57
    g.do(end + 3000, "score", (3, 40, 3, 0, 2))
    assert "Di" in refused(g, end + 3500, "close")
    # Di: nothing placed, 30 left over: -30
    g.do(end + 4000, "score", (4, 0, 30, 0))
    rows = g.live_rows()
    assert [r["total"] for r in rows] == [80, 49, 57, -30]
    assert rows[0]["first_out_points"] == 10 and rows[0]["sevens_points"] == 10
    assert rows[2]["theme_points"] == 20
    g.do(end + 5000, "close")
    assert g.phase == SETUP
    assert g.totals == {"Ann": 80, "Bob": 49, "Cy": 57, "Di": -30}
    sheet = g.sheet()
    assert sheet["standings"] == [["Ann", 80], ["Cy", 57], ["Bob", 49], ["Di", -30]]
    assert sheet["rounds"][0]["first_out"] == "Ann"
    assert sheet["rounds"][0]["play_ms"] == 180000
    assert sheet["current"] is None and sheet["winner"] is None


def test_a_correction_replaces_the_entry():
    g, go = started(2)
    heard, end = takes_until_out(g, go)
    g.do(end + 1000, "score", (1, 90, 0, 0))
    g.do(end + 2000, "score", (1, 95, 0, 0))
    g.do(end + 3000, "score", (2, 70, 4, 0))
    g.do(end + 4000, "close")
    assert g.totals == {"Ann": 105, "Bob": 66}


def test_absurd_scores_refused():
    g, go = started(4)
    end = out_round(g, go, 1)
    # Each player holds 25 tiles: at most 25 * 2 * 10 = 500 grid points,
    # 250 left over, 2 * 25 // 7 = 7 words of seven letters, 0 themes (off).
    refused(g, end, "score", 1, -1, 0, 0)
    refused(g, end, "score", 1, 501, 0, 0)
    refused(g, end, "score", 1, 100, 251, 0)
    refused(g, end, "score", 1, 100, -2, 0)
    refused(g, end, "score", 1, 100, 0, 8)
    assert refused(g, end, "score", 1, 100, 0, 0, 1) == "themes are off"
    assert "not in this round" in refused(g, end, "score", 5, 10, 0, 0)
    refused(g, end, "score", 1, "lots", 0, 0)
    g.do(end, "score", (1, 500, 250, 7))


def test_score_before_play_stops_refused():
    g, go = started(2)
    assert "after play stops" in refused(g, go + 100, "score", 1, 10, 0, 0)


# ---- the match ----

def play_round(g, now, out_seat, scores):
    """A two-player round on one set ending with `out_seat` out; scores per seat."""
    g.do(now, "start")
    go = ticks_add(now, 3000)
    takes_until_out(g, go, seat=out_seat)
    for seat, grid in enumerate(scores, 1):
        g.do(ticks_add(go, 500000), "score", (seat, grid, 0, 0))
    g.do(ticks_add(go, 600000), "close")
    return ticks_add(go, 700000)


def test_first_to_the_target_wins():
    g = seated(2, ("target", 250))
    now = play_round(g, 0, 1, (120, 100))         # Ann 130, Bob 100
    assert g.totals == {"Ann": 130, "Bob": 100} and g.winner is None
    assert "fixed" in refused(g, now, "target", 300)
    now = play_round(g, now, 2, (119, 140))       # Ann 249, Bob 250
    assert g.winner == "Bob" and g.phase == MATCH_OVER and g.last_cue == cues.WIN
    assert "newmatch" in refused(g, now, "start")
    assert refused(g, now, "take", 1)
    g.do(now, "newmatch")
    assert g.phase == SETUP and g.totals == {} and g.winner is None
    assert g.names[:2] == ["Ann", "Bob"]
    g.do(now, "target", (1000,))
    assert g.target == 1000


def test_both_past_the_target_highest_wins():
    g = seated(2, ("target", 250))
    now = play_round(g, 0, 1, (190, 200))         # Ann 200, Bob 200
    play_round(g, now, 2, (70, 50))               # Ann 270, Bob 260 (50 + 10 out)
    assert g.totals == {"Ann": 270, "Bob": 260}
    assert g.winner == "Ann"
    assert g.sheet()["winner"] == "Ann"


def test_exact_tie_past_the_target_plays_on():
    g = seated(2, ("target", 250))
    now = play_round(g, 0, 1, (190, 200))         # Ann 200, Bob 200
    now = play_round(g, now, 2, (60, 50))         # Ann 260, Bob 260
    assert g.winner is None and g.phase == SETUP
    assert g.sheet()["standings"] == [["Ann", 260], ["Bob", 260]]
    play_round(g, now, 2, (5, 0))                 # Ann 265, Bob 270
    assert g.winner == "Bob"


# ---- seating and refusals ----

def test_seating_refusals():
    g = seated(8)
    assert "all 8 seats" in refused(g, 0, "seat", 3, "Ivy")
    refused(g, 0, "seat", 9, "Ivy")
    g.do(0, "unseat", (3,))
    assert refused(g, 0, "seat", 3, "Ann") == "Ann is at seat 1"
    assert refused(g, 0, "seat", 4, "Ivy") == "seat 4 has Di: unseat first"
    refused(g, 0, "seat", 3, "two words")
    refused(g, 0, "unseat", 3)
    g.do(0, "seat", (3, "Ivy"))
    assert g.seated() == [1, 2, 3, 4, 5, 6, 7, 8]
    assert g.names[2] == "Ivy"


def test_a_rename_between_rounds_takes_the_points_along():
    g = seated(2, ("target", 250))
    now = play_round(g, 0, 1, (120, 100))         # Ann 120 + 10 out = 130, Bob 100
    g.do(now, "rename", (1, "Anne"))
    assert g.names[:2] == ["Anne", "Bob"] and g.seat_total(1) == 130
    sheet = g.sheet()
    assert sheet["players"] == ["Anne", "Bob"]
    assert sheet["totals"] == {"Anne": 130, "Bob": 100}
    assert sheet["rounds"][0]["first_out"] == "Anne"
    assert [(r["name"], r["total"]) for r in sheet["rounds"][0]["rows"]] == [("Anne", 130), ("Bob", 100)]
    now = play_round(g, now, 2, (119, 140))       # Anne 249, Bob 140 + 10 out + 100 = 250
    assert g.winner == "Bob" and g.phase == MATCH_OVER
    g.do(now, "rename", (2, "Rob"))               # the winner's name too, once the match is won
    sheet = g.sheet()
    assert sheet["winner"] == "Rob" and sheet["standings"] == [["Rob", 250], ["Anne", 249]]
    assert sheet["rounds"][1]["first_out"] == "Rob" and sheet["rounds"][0]["first_out"] == "Anne"
    assert sheet["rounds"][0]["rows"][1]["name"] == "Rob"
    assert _scenario_of(g) == sheet                # the journal's lines give it back
    assert undo(g)[1] == "rename"
    assert g.winner == "Bob" and g.sheet()["totals"] == {"Anne": 249, "Bob": 250}
    assert g.sheet()["rounds"][0]["rows"][1]["name"] == "Bob"


def test_a_rename_never_merges_two_players_and_waits_for_the_round():
    g = seated(3)
    g.do(0, "start")
    go = 3000
    for i in range(13):                           # 79 tiles: 13 Take Twos, then out
        g.do(go + 2000 * (i + 1), "take", (1,))
    assert "between rounds" in refused(g, go + 30000, "rename", 1, "Amy")
    g.do(go + 30000, "take", (1,))
    assert "between rounds" in refused(g, go + 30000, "rename", 1, "Amy")
    for seat in (1, 2, 3):
        g.do(go + 40000, "score", (seat, 10 * seat, 0, 0))
    g.do(go + 50000, "close")                     # Ann 20, Bob 20, Cy 30
    g.do(go + 60000, "unseat", (3,))              # Cy leaves with 30
    assert refused(g, go + 60000, "rename", 1, "Bob") == "Bob is at seat 2"
    assert "Cy has played" in refused(g, go + 60000, "rename", 1, "Cy")
    assert refused(g, go + 60000, "rename", 3, "Di") == "nobody at seat 3"
    assert "already" in refused(g, go + 60000, "rename", 1, "Ann")
    refused(g, go + 60000, "rename", 1, "no way")
    refused(g, go + 60000, "rename", 0, "Di")
    g.do(go + 60000, "seat", (3, "Di"))           # a new person: a new player
    g.do(go + 60000, "rename", (3, "Dee"))        # no points yet: nothing moves
    assert g.totals == {"Ann": 20, "Bob": 20, "Cy": 30}


def _scenario_of(g):
    from tileclock.script import dump, load
    return load(dump(g)).sheet()


def test_one_player_cannot_start():
    g = seated(1)
    assert "at least 2" in refused(g, 0, "start")


def test_actions_for_a_game_not_running():
    g = seated(2)
    assert "start first" in refused(g, 0, "take", 1)
    refused(g, 0, "stuck")
    refused(g, 0, "redraw")
    refused(g, 0, "close")
    refused(g, 0, "void")
    g.do(0, "start")
    assert "between rounds" in refused(g, 5000, "seat", 3, "Cy")
    refused(g, 5000, "variant", "idaho")
    refused(g, 5000, "start")
    refused(g, 5000, "take", 3)
    refused(g, 5000, "take", 1, 2)       # wrong number of arguments


def test_options_refused_when_wrong():
    g = seated(2)
    refused(g, 0, "variant", "boston")
    refused(g, 0, "themes", "yes")
    refused(g, 0, "sets", 0)
    refused(g, 0, "sets", 5)
    refused(g, 0, "target", 0)
    refused(g, 0, "nonsense")


# ---- the tick counter's wrap ----

def test_a_round_across_the_wrap():
    start = TICKS_PERIOD - 1500           # GO comes 1.5 s after the wrap
    g, go = started(4, at=start)
    assert go == 1500
    assert g.tick(start) == cues.COUNT_IN
    assert g.tick(TICKS_PERIOD - 500) == cues.COUNT_IN
    assert g.tick(500) == cues.COUNT_IN
    assert g.tick(1500) == cues.GO
    assert refused(g, TICKS_PERIOD - 1, "take", 1) == "wait for GO"
    g.do(2000, "take", (1,))
    assert g.clock_ms(61500) == 60000
    assert refused(g, 3000, "take", 2) == "counted once"   # 1000 ms after the call
    assert g.pool.remaining == 64
    for i in range(8):
        g.do(10000 * (i + 1), "take", (1,))
    g.do(91500, "take", (4,))
    assert g.play_ms == 90000
    assert g.sheet()["current"]["play_ms"] == 90000


def test_merge_window_across_the_wrap():
    g, go = started(2, at=TICKS_PERIOD - 10000)
    g.do(TICKS_PERIOD - 200, "take", (1,))
    assert refused(g, 1000, "take", 2) == "counted once"   # 1200 ms later
    g.do(1300, "take", (2,))


# ---- undo in every phase ----

def test_undo_in_every_phase():
    g = seated(2)
    g.do(0, "seat", (3, "Cy"))
    undo(g)
    assert g.seated() == [1, 2]
    g.do(1000, "start")
    undo(g)                               # count-in -> setup
    assert g.phase == SETUP and g.pool is None and g.round_number == 0
    g.do(1000, "start")
    g.do(5000, "take", (1,))
    assert g.pool.remaining == 82
    undo(g)                               # play: the tiles go back
    assert g.pool.remaining == 86 and g.phase_at(5000) == PLAY
    assert g.last_cue == cues.NONE
    heard, end = takes_until_out(g, 4000)
    undo(g)                               # I'm Out taken back: play goes on
    assert g.phase == PLAY and g.first_out is None
    g.do(end, "take", (2,))
    g.do(end + 1000, "score", (1, 50, 0, 0))
    undo(g)                               # entry
    assert g.live_rows()[0]["grid"] is None
    g.do(end + 1000, "score", (1, 300, 0, 0))
    g.do(end + 2000, "score", (2, 10, 0, 0))
    g.do(end + 3000, "close")
    assert g.winner == "Ann" and g.phase == MATCH_OVER
    undo(g)                               # match over -> entry
    assert g.winner is None and g.phase == ENTRY and g.totals == {}
    g.do(end + 3000, "close")
    g.do(end + 4000, "newmatch")
    undo(g)
    assert g.winner == "Ann"


def test_reset_rebuilds_everything():
    g, go = started(4, ("variant", "seattle"), ("themes", "on"), ("target", 99))
    g.do(go + 1000, "take", (1,))
    fresh = SpeedScrabble()
    fresh.replay(g.history)
    assert fresh.sheet() == g.sheet()
    assert fresh.pool.remaining == g.pool.remaining == 68
    assert (fresh.variant, fresh.themes, fresh.target) == ("seattle", True, 99)


# ---- the sheet ----

def _no_floats(value):
    if isinstance(value, float):
        return False
    if isinstance(value, dict):
        return all(isinstance(k, str) and _no_floats(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_no_floats(v) for v in value)
    return value is None or isinstance(value, (str, int, bool))


def test_sheet_shape():
    g, go = started(2)
    sheet = g.sheet()
    assert sheet["game"] == "speedscrabble"
    assert sheet["current"]["number"] == 1 and sheet["current"]["play_ms"] is None
    assert sheet["pool_exact"] is True and sheet["target"] == 250
    heard, end = takes_until_out(g, go, seat=2)
    g.do(end, "score", (1, 40, 2, 0))
    g.do(end, "score", (2, 44, 0, 0))
    g.do(end, "close")
    sheet = g.sheet()
    assert _no_floats(sheet)
    assert sorted(sheet.keys()) == ["current", "game", "players", "pool_exact", "rounds",
                                    "standings", "target", "totals", "winner"]
    row = sheet["rounds"][0]["rows"][1]
    assert row == {"name": "Bob", "seat": 2, "grid": 44, "leftover": 0, "sevens": 0,
                   "sevens_points": 0, "first_out_points": 10, "themes": 0,
                   "theme_points": 0, "total": 54}
    assert sheet["rounds"][0]["variant"] == "standard"
    assert sheet["players"] == ["Ann", "Bob"]


# ---- the action scripts in tests/scenarios/ (totals worked out in their comments) ----

def _scenario(name):
    from tileclock.script import load
    folder = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    with open(folder + "/../scenarios/" + name) as f:
        return load(f.read().split("\n")).sheet()


def test_scenario_standard_match():
    sheet = _scenario("speedscrabble_standard_match.txt")
    assert sheet["totals"] == {"Ann": 222, "Bob": 262, "Cy": 178}
    assert sheet["winner"] == "Bob"
    assert [r["first_out"] for r in sheet["rounds"]] == ["Ann", "Cy", "Bob"]
    # 14 calls 20 s apart after GO (round 2's GO came after its redraw).
    assert [r["play_ms"] for r in sheet["rounds"]] == [280000] * 3


def test_scenario_seattle():
    sheet = _scenario("speedscrabble_seattle.txt")
    assert sheet["totals"] == {"Ann": 62, "Bob": 68, "Cy": 30, "Di": 80}
    assert sheet["rounds"][0]["variant"] == "seattle" and sheet["pool_exact"] is True


def test_scenario_idaho():
    sheet = _scenario("speedscrabble_idaho.txt")
    assert sheet["totals"] == {"Ann": 118, "Bob": 54, "Cy": 30, "Ed": 97}
    assert sheet["pool_exact"] is False
    assert sheet["rounds"][0]["rows"][0]["theme_points"] == 20


def test_scenario_two_past_the_target():
    sheet = _scenario("speedscrabble_two_past_target.txt")
    assert sheet["standings"] == [["Bob", 265], ["Ann", 250]]
    assert sheet["winner"] == "Bob"
    # 23 calls 8 s apart after GO, across the wrap in round 2.
    assert sheet["rounds"][1]["play_ms"] == 184000
