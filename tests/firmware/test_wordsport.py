# Word-Sport engine: every figure below is worked out by hand from
# the game's rules (docs/wordsport.md: places 10/5/3, +5 per seven, one grid, two minutes,
# straight run), not copied from the code's output.
from check import raises, undo

from tileclock import cues
from tileclock.engine.game import Merged, Refused
from tileclock.script import dump, load
from tileclock.games.wordsport.rules import COUNTDOWN, ENTRY, PLAY, SETUP, WordSport
from tileclock.ticks import TICKS_PERIOD, ticks_add

SEATED_AT = ticks_add(0, -600000)

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def seated(count, set_name="full"):
    # seated ten minutes before 0, so that the tests may start a round at
    # 0 or just before the counter wraps: time only goes forward
    g = WordSport()
    for seat in range(1, count + 1):
        g.do(SEATED_AT, "seat", (seat, NAMES[seat - 1]))
    if set_name != "full":
        g.do(SEATED_AT, "tiles", (set_name,))
    return g


MERGE = 1500  # the default merge window: calls closer than this count once


def draw_all(g, now, caller=0):
    """Call go (by `caller`) or stuck from `now`, one every MERGE ms, until
    the pool can't serve everyone; the number of calls."""
    calls = 0
    while g.pool.can_serve(1):
        if caller:
            g.do(now, "go", (caller,))
        else:
            g.do(now, "stuck")
        calls += 1
        now = ticks_add(now, MERGE)
    return calls


def snapshot(g, now):
    return (g.sheet(), g.phase, list(g.names), g.tiles_each, list(g.finishers), g.last_call,
            g.clock_ms(now), g.countdown_ms(now), g.paused, g.pool.remaining if g.pool else None,
            g.set_name, g.countdown_length, g.round_number, g.merge_ms, len(g.history))


def unchanged(g, now, verb, args=()):
    """The action is refused and the state is exactly as before; the reason."""
    before = snapshot(g, now)
    e = raises(Refused, g.do, now, verb, args)
    assert snapshot(g, now) == before
    return e.reason


def row(sheet_round, name):
    for r in sheet_round["rows"]:
        if r["name"] == name:
            return r
    raise AssertionError(name)


# ---- seats and options ---------------------------------------------------------


def test_seat_up_to_eight_and_a_ninth_is_refused():
    g = seated(8)
    assert g.seated() == [1, 2, 3, 4, 5, 6, 7, 8]
    assert g.names[7] == "Hal"
    assert "8 players" in unchanged(g, 0, "seat", (9, "Ivy"))
    assert unchanged(g, 0, "seat", (3, "Ivy")) == "all 8 seats are taken"
    g.do(0, "unseat", (3,))
    assert unchanged(g, 0, "seat", (4, "Ivy")) == "seat 4 has Dan: unseat first"
    assert "seat 1" in unchanged(g, 0, "seat", (3, "Ann"))      # Ann sits at 1
    assert "nobody" in unchanged(g, 0, "unseat", (3,))
    unchanged(g, 0, "seat", (0, "Ivy"))
    unchanged(g, 0, "seat", (3, "two words"))
    g.do(0, "seat", (3, "Ivy"))
    assert g.names[2] == "Ivy"


def test_two_to_eight_players_and_sets_too_small_are_refused():
    g = seated(1)
    assert "2 to 8" in unchanged(g, 0, "start")
    g = seated(8, "half")
    assert unchanged(g, 0, "start") == "six to eight players need the double set"
    g.do(0, "tiles", ("double",))
    g.do(0, "start")
    assert g.tiles_each == 7 and g.pool.remaining == 200 - 56
    assert "round is running" in unchanged(g, 0, "tiles", ("full",))
    assert "round is running" in unchanged(g, 0, "seat", (1, "Zed"))
    assert "round is running" in unchanged(g, 0, "countdown", (30000,))
    assert "round is running" in unchanged(g, 0, "merge", (0,))
    assert "round is running" in unchanged(g, 0, "start")


def test_one_set_is_for_two_to_five_the_double_for_six_to_eight():
    # "100 letter tiles in the set for two to four players An additional set
    # (purchased separately) plays six to eight players."
    for count in (6, 7, 8):
        for set_name in ("full", "half"):
            g = seated(count, set_name)
            assert unchanged(g, 0, "start") == "six to eight players need the double set"
    # Five, between the two: a full set gives 100 - 35 = 65 = 13 calls of
    # five, 20 tiles each and none over; a half set would give 10.
    g = seated(5, "half")
    assert unchanged(g, 0, "start") == "five players need the full set"
    g = seated(5)
    g.do(0, "start")
    assert draw_all(g, 1000) == 13
    assert g.tiles_each == 20 and g.pool.remaining == 0
    # The double set: six get 200 - 42 = 158 = 26 x 6 + 2: 33 each, 2 over;
    # seven 151 = 21 x 7 + 4: 28 each; eight 144 = 18 x 8: 25 each.
    for count, calls, each, over in ((6, 26, 33, 2), (7, 21, 28, 4), (8, 18, 25, 0)):
        g = seated(count, "double")
        g.do(0, "start")
        assert draw_all(g, 1000) == calls
        assert (g.tiles_each, g.pool.remaining) == (each, over)


def test_a_half_set_serves_two_to_four():
    # Three: 50 - 21 = 29 = 9 x 3 + 2, 16 each. Four: 22 = 5 x 4 + 2, 12 each.
    for count, calls, each in ((3, 9, 16), (4, 5, 12)):
        g = seated(count, "half")
        g.do(0, "start")
        assert draw_all(g, 1000) == calls
        assert (g.tiles_each, g.pool.remaining) == (each, 2)


def test_options_are_checked():
    g = seated(2)
    assert "full, half or double" in unchanged(g, 0, "tiles", ("triple",))
    unchanged(g, 0, "countdown", (-5,))
    unchanged(g, 0, "countdown", (5000000,))
    assert g.merge_ms == 1500
    assert "merge window" in unchanged(g, 0, "merge", (-1,))
    assert "0 to 10000" in unchanged(g, 0, "merge", (10001,))
    g.do(0, "merge", (0,))
    assert g.merge_ms == 0
    g.do(0, "countdown", (90000,))
    g.do(0, "start")
    assert g.countdown_ms(0) == 90000


def test_wrong_phase_and_unknown_seats():
    g = seated(3)
    for verb, args in (("go", (1,)), ("stuck", ()), ("out", (1,)), ("pause", ()), ("unused", (1, 2)),
                       ("close", ()), ("void", ()), ("dq", (1,))):
        assert unchanged(g, 0, verb, args) == "no round running"
    g.do(0, "start")
    assert "seat must be 1 to 8" in unchanged(g, 0, "go", (9,))
    assert "not in this round" in unchanged(g, 0, "go", (4,))
    assert "wait until time is up" in unchanged(g, 0, "unused", (1, 3))
    assert "no action" in unchanged(g, 0, "jump")
    assert unchanged(g, 0, "go", (1, 2)) == "go takes SEAT"
    assert unchanged(g, 0, "grid", ()) == "grid takes SEAT [0|1]"
    assert unchanged(g, 0, "stuck", (1,)) == "stuck takes nothing"


# ---- dealing -------------------------------------------------------------------------


def test_four_players_end_with_25_each():
    g = seated(4)
    g.do(0, "start")
    assert g.tiles_each == 7
    assert draw_all(g, 10) == 18  # (100 - 28) / 4, the last call at 10 + 17 x 1500 = 25510
    assert g.tiles_each == 25 and g.pool.remaining == 0
    assert unchanged(g, 27010, "go", (1,)) == "pool spent: the next finisher wins"
    assert unchanged(g, 27010, "stuck") == "pool spent: the next finisher wins"


def test_three_players_33_each_one_left_over():
    g = seated(3)
    g.do(0, "start")
    assert draw_all(g, 10) == 26  # 33 - 7
    assert g.tiles_each == 33 and g.pool.remaining == 1


def test_two_players_50_each_or_25_on_a_half_set():
    g = seated(2)
    g.do(0, "start")
    assert draw_all(g, 10) == 43
    assert g.tiles_each == 50
    g = seated(2, "half")
    g.do(0, "start")
    assert draw_all(g, 10) == 18
    assert g.tiles_each == 25 and g.pool.remaining == 0


def test_go_is_attributed_and_stuck_is_nobodys():
    g = seated(2)
    g.do(0, "start")
    assert g.last_cue == cues.GO
    g.do(5000, "go", (2,))
    assert g.last_call == 2 and g.last_cue == cues.TAKE_ONE and g.tiles_each == 8
    g.do(6500, "stuck")
    assert g.last_call == 0 and g.last_cue == cues.TAKE_ONE and g.tiles_each == 9


# ---- two players saying go at once: the merge window -------------------------------


def test_two_gos_at_once_deal_one_tile():
    g = seated(2)
    g.do(0, "start")                                      # 100 - 14 = 86 in the pool
    g.do(10000, "go", (1,))                               # 8 each, 84 left
    assert unchanged(g, 10000, "go", (2,)) == "counted once"
    assert unchanged(g, 11499, "go", (2,)) == "counted once"
    assert unchanged(g, 11000, "stuck") == "counted once"
    assert (g.tiles_each, g.pool.remaining, g.last_call) == (8, 84, 1)
    g.do(11500, "go", (2,))                               # exactly 1500 ms later: a new call
    assert (g.tiles_each, g.pool.remaining, g.last_call) == (9, 82, 2)
    # The window runs from the last call dealt, not from a refused press.
    assert unchanged(g, 12000, "go", (1,)) == "counted once"
    g.do(13000, "stuck")
    assert g.tiles_each == 10 and len(g.history) == 6   # two seats, start, three calls


def test_a_merged_press_does_not_break_a_straight_run():
    g = seated(2, "half")
    g.do(0, "start")
    g.do(1000, "go", (1,))
    assert unchanged(g, 1200, "go", (2,)) == "counted once"   # Bob said it with Ann
    assert draw_all(g, 2500, 1) == 17                     # 36 tiles, 18 calls in all
    g.do(60000, "out", (1,))
    assert row(g.sheet()["current"], "Ann")["straight_run"] == 5


def test_merge_window_is_an_option():
    g = seated(2)
    g.do(0, "merge", (0,))                                # every press counts
    g.do(0, "start")
    g.do(5, "go", (1,))
    g.do(5, "go", (2,))
    assert g.tiles_each == 9
    g = seated(2)
    g.do(0, "merge", (4000,))
    g.do(0, "start")
    g.do(5000, "go", (1,))
    assert unchanged(g, 8999, "go", (2,)) == "counted once"
    g.do(9000, "go", (2,))
    assert g.tiles_each == 9
    assert g.merge_ms == 4000
    g.do(9500, "void")
    assert g.merge_ms == 4000                             # an option: it stays for the next round


def test_merge_window_across_the_wrap():
    start = TICKS_PERIOD - 5000
    g = seated(2)
    g.do(start, "start")
    g.do(TICKS_PERIOD - 1000, "go", (1,))
    assert unchanged(g, 499, "go", (2,)) == "counted once"    # 1000 + 499 ms later
    assert unchanged(g, 499, "stuck") == "counted once"
    g.do(500, "go", (2,))                                 # 1500 ms later
    assert g.tiles_each == 9 and g.clock_ms(500) == 5500


def test_the_win_is_merged_with_the_last_go_but_finishes_are_not():
    # On the last deal the screen turns a press into `out`: a second go said
    # with the last one must not win the round.
    g = seated(3, "half")
    g.do(0, "start")
    assert draw_all(g, 1000) == 9                         # the last at 1000 + 8 x 1500 = 13000
    assert unchanged(g, 14499, "out", (2,)) == "taken as the go: out? press again"
    # the players hear the go again (a second voice of a go is quiet)
    assert raises(Merged, g.do, 14499, "out", (2,)).cue == cues.TAKE_ONE
    assert g.phase == PLAY
    g.do(14500, "out", (2,))
    assert g.win_ms == 14500 and g.phase == COUNTDOWN
    # Two players out at the same moment are two finishes, in press order.
    g.do(20000, "out", (3,))
    g.do(20000, "out", (1,))
    assert g.finishers == [2, 3, 1]
    assert [row(g.sheet()["current"], n)["finish_ms"] for n in NAMES[:3]] == [20000, 14500, 20000]


# ---- the win, the countdown and the finishers -----------------------------------------


def test_no_win_before_the_pool_is_spent():
    g = seated(4)
    g.do(0, "start")
    draw_all(g, 10)
    undo(g)  # back to one tile still for everyone
    assert g.pool.remaining == 4
    assert "pool serves everyone" in unchanged(g, 30000, "out", (1,))


def test_win_freezes_the_clock_and_starts_the_countdown():
    g = seated(4)
    g.do(1000, "start")
    draw_all(g, 50000)
    assert g.clock_ms(61000) == 60000
    g.do(96000, "out", (2,))
    assert g.last_cue == cues.WIN and g.phase == COUNTDOWN
    assert g.win_ms == 95000 and g.finishers == [2]
    assert g.clock_ms(500000) == 95000          # frozen at the win
    assert g.countdown_ms(96000 + 20000) == 40000
    g.do(96000 + 20000, "out", (3,))            # 95 s + 20 s
    g.do(96000 + 25000, "out", (4,))            # 95 s + 25 s
    assert g.finishers == [2, 3, 4]
    assert "finished already" in unchanged(g, 96000 + 26000, "out", (3,))
    assert not g.time_up(96000 + 59999)
    assert g.time_up(96000 + 60000)
    assert unchanged(g, 96000 + 60000, "out", (1,)) == "time is up"
    assert "no more tiles" in unchanged(g, 96000 + 30000, "go", (1,))
    sheet = g.sheet()["current"]
    assert row(sheet, "Bob")["finish_ms"] == 95000
    assert row(sheet, "Cat")["finish_ms"] == 115000
    assert row(sheet, "Dan")["finish_ms"] == 120000
    assert row(sheet, "Ann")["finish_ms"] is None


def test_pause_and_resume_in_play_and_countdown():
    g = seated(2, "half")
    g.do(0, "start")
    g.do(10000, "pause")
    assert g.paused and g.clock_ms(99999) == 10000
    assert "paused" in unchanged(g, 20000, "go", (1,))
    assert "already paused" in unchanged(g, 20000, "pause")
    g.do(40000, "resume")                       # 30 s interruption not counted
    assert "not paused" in unchanged(g, 40000, "resume")
    draw_all(g, 40000)                          # 18 calls, the last at 65.5 s
    g.do(70000, "out", (1,))
    assert g.win_ms == 40000
    g.do(80000, "pause")                        # 50 s of countdown left
    assert g.countdown_ms(200000) == 50000 and not g.time_up(200000)
    assert "paused" in unchanged(g, 90000, "out", (2,))
    g.do(200000, "resume")
    g.do(210000, "out", (2,))                   # 40 s + 10 + 10 s of countdown
    assert g.sheet()["current"]["rows"][1]["finish_ms"] == 60000
    assert not g.time_up(249999) and g.time_up(250000)
    assert unchanged(g, 250000, "pause") == "play is over"


def test_stop_only_once_everyone_has_finished_or_time_is_up():
    g = seated(3)
    g.do(0, "start")
    draw_all(g, 1)                              # 26 calls, the last at 37501
    g.do(40000, "out", (1,))
    g.do(40100, "out", (2,))
    assert "still playing" in unchanged(g, 40200, "stop")
    g.do(40300, "out", (3,))
    g.do(40400, "stop")
    assert g.phase == ENTRY and g.time_up(40400)
    assert g.countdown_ms(99999) == 59600       # stopped 400 ms into it, frozen
    assert "over already" in unchanged(g, 40500, "stop")
    g.do(40500, "close")
    assert g.phase == SETUP


# ---- scoring -------------------------------------------------------------------------


def play_round(g, start, win_at, finishes, caller=0):
    """Start at `start`, draw everything, seat finishes[0] wins at `win_at` ms
    of count-up, the others at (seat, countdown ms)."""
    g.do(start, "start")
    draw_all(g, ticks_add(start, 1000), caller)
    win_tick = ticks_add(start, win_at)
    g.do(win_tick, "out", (finishes[0],))
    for seat, countdown_ms in finishes[1:]:
        g.do(ticks_add(win_tick, countdown_ms), "out", (seat,))
    return ticks_add(win_tick, g.countdown_length)  # time up


def test_a_scored_four_player_round():
    g = seated(4)
    up = play_round(g, 1000, 95000, (2, (3, 20000), (4, 25000)))
    g.do(up, "unused", (1, 4))
    g.do(up, "sevens", (2, 1))
    g.do(up, "grid", (3,))
    assert g.phase == ENTRY
    current = g.sheet()["current"]
    # Bob: 1st 10 + seven 5 + under two minutes (95 s) 5 = 20
    bob = row(current, "Bob")
    assert (bob["place"], bob["place_points"], bob["sevens_points"], bob["two_minute"], bob["total"]) == (1, 10, 5, 5, 20)
    # Cat: 2nd 5 + one grid 5 + 115 s 5 = 15;  Dan: 3rd 3 + exactly 2:00 5 = 8
    assert (row(current, "Cat")["total"], row(current, "Dan")["total"]) == (15, 8)
    ann = row(current, "Ann")
    assert (ann["place"], ann["unused"], ann["total"]) == (4, 4, 0)
    g.do(up, "close")
    sheet = g.sheet()
    assert sheet["totals"] == {"Ann": 0, "Bob": 20, "Cat": 15, "Dan": 8}
    assert sheet["standings"] == [["Bob", 20], ["Cat", 15], ["Dan", 8], ["Ann", 0]]
    assert sheet["rounds"][0]["win_ms"] == 95000 and sheet["rounds"][0]["winner"] == "Bob"
    assert sheet["fastest_win"] == {"name": "Bob", "ms": 95000, "round": 1}
    assert sheet["current"] is None and g.phase == SETUP and g.round_number == 1


def test_two_minutes_is_inclusive_and_only_for_placed_finishers():
    g = seated(5, "double")
    # Ann wins at 1:40; Bob finishes at 1:40 + 20 s = 2:00.000, Cat at 2:00.001,
    # Dan 4th at 2:05 (no place points, and the bonus is for places 1-3 only).
    up = play_round(g, 0, 100000, (1, (2, 20000), (3, 20001), (4, 25000)))
    g.do(up, "unused", (5, 1))
    current = g.sheet()["current"]
    assert row(current, "Ann")["two_minute"] == 5
    assert row(current, "Bob")["two_minute"] == 5       # exactly 120000 ms counts
    assert row(current, "Cat")["two_minute"] == 0       # 120001 ms
    assert row(current, "Dan")["place"] == 4 and row(current, "Dan")["total"] == 0
    assert row(current, "Eve")["place"] == 5


def test_non_finishers_placed_by_fewest_unused_ties_share():
    g = seated(4)
    up = play_round(g, 0, 150000, (3,))
    assert "unused tiles of Ann (seat 1)" in unchanged(g, up, "close")
    g.do(up, "unused", (1, 2))
    g.do(up, "unused", (2, 2))
    assert "Dan (seat 4)" in unchanged(g, up, "close")
    g.do(up, "unused", (4, 5))
    current = g.sheet()["current"]
    # Cat won at 2:30 (no two-minute bonus): 10. Ann and Bob share 2nd (5 each); Dan is 4th.
    assert [row(current, n)["place"] for n in ("Ann", "Bob", "Cat", "Dan")] == [2, 2, 1, 4]
    assert [row(current, n)["total"] for n in ("Ann", "Bob", "Cat", "Dan")] == [5, 5, 10, 0]
    assert row(current, "Ann")["two_minute"] == 0        # placed but did not finish
    g.do(up, "close")
    assert g.totals == {"Ann": 5, "Bob": 5, "Cat": 10, "Dan": 0}


def test_unused_not_needed_once_three_finishers_hold_the_places():
    g = seated(4)
    up = play_round(g, 0, 200000, (1, (2, 1000), (3, 2000)))
    g.do(up, "close")
    r = g.sheet()["rounds"][0]
    assert row(r, "Dan")["place"] is None and row(r, "Dan")["unused"] is None
    assert g.totals == {"Ann": 10, "Bob": 5, "Cat": 3, "Dan": 0}


def test_entries_are_checked():
    g = seated(4)
    up = play_round(g, 0, 100000, (1,))
    assert "unused tiles must be 0 to 25" in unchanged(g, up, "unused", (2, 26))
    unchanged(g, up, "unused", (2, -1))
    assert "finished" in unchanged(g, up, "unused", (1, 0))
    assert "0 to 3" in unchanged(g, up, "sevens", (1, 4))
    unchanged(g, up, "sevens", (1, -1))
    g.do(up, "unused", (2, 20))                  # 5 tiles placed: no seven possible
    assert "0 to 0" in unchanged(g, up, "sevens", (2, 1))
    g.do(up, "sevens", (3, 3))
    # Three sevens: 7 + 6 + 6 = 19 tiles, two of them crossing the third.
    assert "19 placed tiles" in unchanged(g, up, "unused", (3, 7))
    g.do(up, "unused", (3, 4))
    unchanged(g, up, "grid", (3, 2))
    g.do(up, "grid", (3, 1))
    g.do(up, "grid", (3, 0))
    g.do(up, "dq", (4,))
    assert "already" in unchanged(g, up, "dq", (4,))


def test_disqualification_moves_the_others_up():
    g = seated(4)
    up = play_round(g, 0, 90000, (1, (2, 10000), (3, 40000), (4, 50000)))
    g.do(up, "dq", (1,))
    g.do(up, "close")
    r = g.sheet()["rounds"][0]
    # Ann (1st, 1:30) is out; Bob 1st at 1:40 (10 + 5), Cat 2nd at 2:10 (5),
    # Dan 3rd at 2:20 (3). The round's win goes to Bob at 100000 ms.
    assert [row(r, n)["place"] for n in ("Ann", "Bob", "Cat", "Dan")] == [None, 1, 2, 3]
    assert g.totals == {"Ann": 0, "Bob": 15, "Cat": 5, "Dan": 3}
    assert row(r, "Ann")["dq"] is True and row(r, "Ann")["total"] == 0
    assert (r["winner"], r["win_ms"]) == ("Bob", 100000)
    assert g.sheet()["fastest_win"] == {"name": "Bob", "ms": 100000, "round": 1}


def test_void_round_counts_nothing():
    g = seated(3)
    up = play_round(g, 0, 60000, (1,))
    g.do(up, "void")
    sheet = g.sheet()
    assert sheet["rounds"][0]["void"] is True
    assert sheet["rounds"][0]["winner"] is None and sheet["rounds"][0]["win_ms"] is None
    assert [r["total"] for r in sheet["rounds"][0]["rows"]] == [0, 0, 0]
    assert sheet["totals"] == {"Ann": 0, "Bob": 0, "Cat": 0}
    assert sheet["fastest_win"] is None and g.round_number == 1 and g.phase == SETUP
    g.do(up, "start")                              # void also works mid-play
    g.do(up, "void")
    assert g.round_number == 2


def test_straight_run():
    # Bob says every go (stuck calls between do not break it) and wins: +5.
    g = seated(3)
    g.do(0, "start")
    g.do(1000, "stuck")
    draw_all(g, 2500, 2)                                  # 25 goes, the last at 38.5 s
    g.do(60000, "out", (2,))
    g.do(120000, "stop")                                  # time up: 60 s + 60 s
    g.do(120000, "unused", (1, 3))
    g.do(120000, "unused", (3, 9))
    current = g.sheet()["current"]
    assert row(current, "Bob")["straight_run"] == 5
    assert row(current, "Bob")["total"] == 10 + 5 + 5       # 1st, two minutes, straight run
    # Someone else's go breaks it.
    g = seated(3)
    g.do(0, "start")
    g.do(1000, "go", (1,))
    draw_all(g, 2500, 2)
    g.do(60000, "out", (2,))
    assert row(g.sheet()["current"], "Bob")["straight_run"] == 0
    # All goes by Ann, but Bob wins: no straight run for anyone.
    g = seated(3)
    g.do(0, "start")
    draw_all(g, 2500, 1)
    g.do(60000, "out", (2,))
    assert [r["straight_run"] for r in g.sheet()["current"]["rows"]] == [0, 0, 0]
    # No go at all (only stucks): no straight run.
    g = seated(2, "half")
    g.do(0, "start")
    draw_all(g, 2500)
    g.do(60000, "out", (1,))
    assert row(g.sheet()["current"], "Ann")["straight_run"] == 0


def test_straight_run_set_by_hand():
    # Ann said every go but one press landed on Bob's button: the players fix it.
    g = seated(2, "half")
    g.do(0, "start")
    g.do(1000, "go", (2,))
    draw_all(g, 2500, 1)
    up = 60000 + g.countdown_length
    g.do(60000, "out", (1,))
    assert "wait until time is up" in unchanged(g, 61000, "run", (1,))
    assert row(g.sheet()["current"], "Ann")["straight_run"] == 0
    assert "only the winner (seat 1)" in unchanged(g, up, "run", (2,))
    unchanged(g, up, "run", (1, 2))
    g.do(up, "run", (1,))
    g.do(up, "unused", (2, 3))
    g.do(up, "close")
    assert g.totals == {"Ann": 10 + 5 + 5, "Bob": 5}
    # ... and a straight run found by the clock can be taken back.
    g = seated(2, "half")
    g.do(0, "start")
    draw_all(g, 2500, 1)
    g.do(60000, "out", (1,))
    g.do(up, "run", (1, 0))
    assert row(g.sheet()["current"], "Ann")["straight_run"] == 0


def test_an_evening_with_players_joining_and_leaving():
    g = seated(3)
    # Round 1: Ann 1:50 (10 + 5), Bob +10 s (5 + 5), Cat 3 unused (3).
    up = play_round(g, 0, 110000, (1, (2, 10000)))
    g.do(up, "unused", (3, 3))
    g.do(up, "close")
    # Cat leaves, Dan joins at seat 3, Eve at seat 5. Round 2 (2:30, no bonus):
    # Dan 10, Eve 5, Bob 3 (+1 seven = 8), Ann 4th by unused.
    g.do(up, "unseat", (3,))
    g.do(up, "seat", (3, "Dan"))
    g.do(up, "seat", (5, "Eve"))
    up = play_round(g, ticks_add(up, 1000), 150000, (3, (5, 30000), (2, 40000)))
    g.do(up, "unused", (1, 1))
    g.do(up, "sevens", (2, 1))
    g.do(up, "close")
    sheet = g.sheet()
    assert sheet["players"] == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    assert sheet["totals"] == {"Ann": 15, "Bob": 18, "Cat": 3, "Dan": 10, "Eve": 5}
    assert sheet["standings"] == [["Bob", 18], ["Ann", 15], ["Dan", 10], ["Eve", 5], ["Cat", 3]]
    assert sheet["fastest_win"] == {"name": "Ann", "ms": 110000, "round": 1}
    assert [r["seat"] for r in sheet["rounds"][1]["rows"]] == [1, 2, 3, 5]


def test_a_rename_between_rounds_takes_the_points_along():
    g = seated(3)
    # Round 1: Ann wins at 1:50 (10 + 5 two minutes), Bob at 2:00.000 (5 + 5),
    # Cat 3 unused (3rd, 3).
    up = play_round(g, 0, 110000, (1, (2, 10000)))
    g.do(up, "unused", (3, 3))
    g.do(up, "close")
    g.do(up, "rename", (1, "Amy"))       # "Ann" was a typo: the same player
    assert g.names[:3] == ["Amy", "Bob", "Cat"]
    sheet = g.sheet()
    assert sheet["players"] == ["Amy", "Bob", "Cat"]
    assert sheet["totals"] == {"Amy": 15, "Bob": 10, "Cat": 3}
    assert row(sheet["rounds"][0], "Amy")["total"] == 15 and row(sheet["rounds"][0], "Amy")["seat"] == 1
    assert sheet["rounds"][0]["winner"] == "Amy"
    assert sheet["fastest_win"] == {"name": "Amy", "ms": 110000, "round": 1}
    # Round 2 (a 2:30 win, no bonus): Bob 10, Amy +30 s 5, Cat 4 unused 3.
    up = play_round(g, ticks_add(up, 1000), 150000, (2, (1, 30000)))
    g.do(up, "unused", (3, 4))
    g.do(up, "close")
    sheet = g.sheet()
    assert sheet["totals"] == {"Amy": 20, "Bob": 20, "Cat": 6}
    assert sheet["standings"] == [["Amy", 20], ["Bob", 20], ["Cat", 6]]
    assert [r["name"] for r in sheet["rounds"][1]["rows"]] == ["Amy", "Bob", "Cat"]
    assert "Ann" not in sheet["totals"] and "Ann" not in sheet["players"]
    # The journal's lines give the same evening back.
    assert load(dump(g)).sheet() == sheet


def test_a_rename_never_merges_two_players_and_waits_for_the_round():
    g = seated(3)
    up = play_round(g, 0, 110000, (1, (2, 10000)))
    g.do(up, "unused", (3, 3))
    g.do(up, "close")
    g.do(up, "unseat", (3,))             # Cat leaves with her 3 points
    assert unchanged(g, up, "rename", (1, "Bob")) == "Bob is at seat 2"
    assert "Cat has played" in unchanged(g, up, "rename", (1, "Cat"))
    assert unchanged(g, up, "rename", (3, "Dan")) == "nobody at seat 3"
    assert unchanged(g, up, "rename", (1, "Ann")) == "seat 1 is Ann already"
    unchanged(g, up, "rename", (1, "two words"))
    unchanged(g, up, "rename", (1, "42"))        # would read back as a number
    unchanged(g, up, "rename", (9, "Dan"))
    unchanged(g, up, "rename", (1,))
    # A new person at the empty seat is a new player; renaming them (no
    # points yet) changes no total.
    g.do(up, "seat", (3, "Dan"))
    g.do(up, "rename", (3, "Dee"))
    assert g.sheet()["totals"] == {"Ann": 15, "Bob": 10, "Cat": 3}
    g.do(ticks_add(up, 1000), "start")
    assert "round is running" in unchanged(g, ticks_add(up, 2000), "rename", (1, "Amy"))


def test_undo_of_a_rename_gives_the_old_name_its_points_back():
    g = seated(2, "half")
    up = play_round(g, 0, 100000, (2, (1, 5000)))
    g.do(up, "close")          # Bob 1st at 1:40: 10 + 5; Ann 2nd at 1:45: 5 + 5
    before = snapshot(g, up)
    g.do(up, "rename", (2, "Rob"))
    assert g.sheet()["fastest_win"] == {"name": "Rob", "ms": 100000, "round": 1}
    assert g.sheet()["totals"] == {"Ann": 10, "Rob": 15}
    fresh = WordSport()
    fresh.replay(g.history)
    assert snapshot(fresh, up) == snapshot(g, up)
    assert undo(g)[1] == "rename"
    assert snapshot(g, up) == before
    assert g.sheet()["totals"] == {"Ann": 10, "Bob": 15}


def test_standings_ties_by_name_and_fastest_keeps_the_earlier_round():
    g = seated(2, "half")
    up = play_round(g, 0, 100000, (2, (1, 5000)))
    g.do(up, "close")          # Bob 1st at 1:40: 10 + 5; Ann 2nd at 1:45: 5 + 5
    up = play_round(g, up, 100000, (1, (2, 10000)))
    g.do(up, "close")          # Ann 1st at 1:40: 10 + 5; Bob 2nd at 1:50: 5 + 5
    sheet = g.sheet()
    assert sheet["totals"] == {"Ann": 25, "Bob": 25}
    assert sheet["standings"] == [["Ann", 25], ["Bob", 25]]
    assert sheet["fastest_win"] == {"name": "Bob", "ms": 100000, "round": 1}


# ---- the wrap, cues, undo and replay ---------------------------------------------------


def test_a_round_straddling_the_tick_wrap():
    start = TICKS_PERIOD - 30000            # 30 s before the counter wraps
    g = seated(2, "half")
    up = play_round(g, start, 100000, (1, (2, 15000)))
    assert up == 100000 - 30000 + 60000     # wrapped past zero
    assert g.clock_ms(5) == 100000
    assert g.countdown_ms(ticks_add(start, 130000)) == 30000
    assert not g.time_up(ticks_add(up, -1)) and g.time_up(up)
    g.do(up, "close")
    r = g.sheet()["rounds"][0]
    assert (row(r, "Ann")["finish_ms"], row(r, "Bob")["finish_ms"]) == (100000, 115000)
    assert g.totals == {"Ann": 15, "Bob": 10}


def test_tick_cues_the_last_ten_seconds_and_time_up_once():
    g = seated(2, "half")
    g.do(0, "start")
    assert g.tick(1) == cues.NONE
    draw_all(g, 10)                         # 18 calls, the last at 25510
    g.do(30000, "out", (1,))
    heard = []
    for now in range(30000, 100000, 100):   # every 100 ms past time up
        cue = g.tick(now)
        if cue:
            heard.append((now - 30000, cue))
    ten = [(50000 + 1000 * k, cues.LAST_TEN) for k in range(10)]
    assert heard == ten + [(60000, cues.TIME_UP)]
    assert g.phase == COUNTDOWN              # tick changes no rules state


def _countdown_from(win_at):
    """Ann and Bob on a half set; Ann wins at `win_at` (the 60 s countdown starts)."""
    g = seated(2, "half")
    g.do(0, "start")
    draw_all(g, 1000)                       # the last call at 26500
    g.do(win_at, "out", (1,))
    return g


def test_undo_in_the_last_ten_does_not_beep_the_same_second_again():
    g = _countdown_from(30000)              # time up at 90000; the last ten from 80000
    assert g.tick(80000) == cues.LAST_TEN   # 10
    g.do(80600, "out", (2,))
    assert g.tick(80700) == cues.NONE
    undo(g)                                # Bob's finish taken back, still in second 10
    assert g.last_cue == cues.NONE
    assert g.tick(80800) == cues.NONE
    assert g.tick(81000) == cues.LAST_TEN   # 9 comes when it comes
    assert g.tick(81500) == cues.NONE


def test_undo_the_first_entry_after_time_up_does_not_sound_time_up_again():
    g = _countdown_from(30000)
    assert g.tick(90000) == cues.TIME_UP
    g.do(95000, "unused", (2, 3))
    assert g.phase == ENTRY and g.tick(95100) == cues.NONE
    undo(g)
    assert g.phase == COUNTDOWN and g.time_up(95200) and g.last_cue == cues.NONE
    assert g.tick(95200) == cues.NONE
    assert g.tick(96200) == cues.NONE
    # Taking back the win too: a new win starts a new countdown, heard in full.
    undo(g)
    assert g.phase == PLAY and g.tick(95300) == cues.NONE
    g.do(100000, "out", (2,))
    assert g.tick(150000) == cues.LAST_TEN and g.tick(160000) == cues.TIME_UP


def test_seconds_given_back_by_an_undo_are_heard_again_when_they_come():
    g = _countdown_from(30000)
    for now in range(80000, 84600, 100):
        g.tick(now)                         # 10, 9, 8, 7, 6 heard
    g.do(84500, "pause")                    # 5.5 s left: second 6
    g.do(200000, "resume")
    assert g.tick(200500) == cues.LAST_TEN  # 5
    undo(g)                                # paused again with 5.5 s left
    assert g.tick(200600) == cues.NONE
    g.do(300000, "resume")
    assert g.tick(300100) == cues.NONE      # still 6, already heard
    assert g.tick(300500) == cues.LAST_TEN  # 5 comes round again
    assert g.tick(305500) == cues.TIME_UP


def test_undo_at_every_phase_and_replay_equals_state():
    g = seated(4)
    up = play_round(g, 500, 95000, (2, (3, 20000)))
    g.do(up, "unused", (1, 4))
    g.do(up, "unused", (4, 7))
    g.do(up, "dq", (3,))
    g.do(up, "sevens", (2, 2))
    g.do(up, "close")
    g.do(up, "unseat", (4,))
    g.do(up + 10, "start")
    g.do(up + 20, "go", (1,))
    g.do(up + 30, "pause")
    history = list(g.history)
    later = up + 99999
    # Replaying the history on a fresh game gives the same state.
    fresh = WordSport()
    fresh.replay(history)
    assert snapshot(fresh, later) == snapshot(g, later)
    # Undo one action at a time: each state equals the replay of the shorter history.
    phases = set()
    while g.history:
        undo(g)
        fresh = WordSport()
        fresh.replay(g.history)
        assert snapshot(g, later) == snapshot(fresh, later)
        phases.add(g.phase)
    assert phases == {SETUP, PLAY, COUNTDOWN, ENTRY}
    assert snapshot(g, later) == snapshot(WordSport(), later)
    assert unchanged(g, 0, "start") == "2 to 8 players needed"


def test_undo_the_win_returns_to_play():
    g = seated(2, "half")
    g.do(0, "start")
    draw_all(g, 10)
    g.do(30000, "out", (2,))
    undo(g)
    assert g.phase == PLAY and g.finishers == [] and g.clock_ms(31000) == 31000
    assert g.last_cue == cues.NONE          # the WIN is not sounded again, nor the TAKE ONE before it


def test_script_round_trip():
    g = seated(2, "half")
    up = play_round(g, 0, 100000, (2, (1, 5000)))
    g.do(up, "close")
    again = load(dump(g))
    assert again.sheet() == g.sheet()


def test_sheet_shape():
    g = seated(2, "half")
    g.do(0, "start")
    sheet = g.sheet()
    assert sorted(sheet) == ["current", "fastest_win", "game", "players", "rounds", "standings", "totals"]
    assert sheet["game"] == "wordsport" and sheet["rounds"] == []
    assert sheet["current"]["number"] == 1
    keys = ["dq", "finish_ms", "name", "one_grid", "place", "place_points", "seat", "sevens",
            "sevens_points", "straight_run", "total", "two_minute", "unused"]
    assert sorted(sheet["current"]["rows"][0]) == keys
    rows = g.live_rows(0)
    assert [r["grand"] for r in rows] == [0, 0]
    assert g.phase == PLAY


def test_a_fourth_finisher_under_two_minutes_gets_the_bonus_only_when_placed():
    g = seated(5, "double")
    # Ann 1:30, Bob 1:35, Cat 1:40, Dan 1:45: all under two minutes; Eve 6 unused.
    up = play_round(g, 0, 90000, (1, (2, 5000), (3, 10000), (4, 15000)))
    g.do(up, "unused", (5, 6))
    assert [row(g.sheet()["current"], n)["total"] for n in NAMES[:5]] == [15, 10, 8, 0, 0]
    g.do(up, "dq", (2,))   # Bob out: Cat 2nd, Dan 3rd with his bonus, Eve 4th
    current = g.sheet()["current"]
    assert [row(current, n)["place"] for n in NAMES[:5]] == [1, None, 2, 3, 4]
    assert [row(current, n)["total"] for n in NAMES[:5]] == [15, 0, 10, 8, 0]


def scenario(name):
    folder = __file__.rsplit("/", 2)[0] if __file__.count("/") >= 2 else ".."
    with open(folder + "/scenarios/" + name) as f:
        return load(f.read().split("\n")).sheet()


def test_the_scenario_scripts_give_the_totals_worked_out_in_their_comments():
    sheet = scenario("wordsport_evening.txt")
    assert sheet["totals"] == {"Ann": 13, "Bob": 30, "Cat": 15, "Dan": 28, "Eve": 5}
    assert sheet["fastest_win"] == {"name": "Bob", "ms": 95000, "round": 1}
    assert row(sheet["rounds"][2], "Dan")["straight_run"] == 5
    sheet = scenario("wordsport_three_players.txt")
    assert sheet["totals"] == {"Kim": 8, "Lee": 25, "Max": 5}
    assert row(sheet["rounds"][0], "Max")["finish_ms"] == 125000
    sheet = scenario("wordsport_dq_void.txt")
    assert sheet["rounds"][0]["void"] is True
    assert sheet["totals"] == {"Ann": 15, "Bob": 3, "Cat": 0, "Dan": 10}
    assert (sheet["rounds"][1]["winner"], sheet["rounds"][1]["win_ms"]) == ("Ann", 70000)
