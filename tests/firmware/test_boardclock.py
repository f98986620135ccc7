# Board Clock engine: the numbers below are worked out by hand from the
# game's rules (docs/boardclock.md): a time bank each that runs only on the
# player's turn; a press of the seat on turn passes the turn on in seat
# order; overtime costs 10 points for each minute or fraction of a minute,
# to the millisecond (the rules' version 2; version 1, the whole seconds
# the clock showed, for the journals written before it); the optional
# overtime limit, once exceeded, loses the game on time; the out play stops
# every clock; the highest adjusted score wins, a tie for first is a draw;
# the standings count 2 points a win, 1 a draw, then the sum of the margins.
from check import raises, undo

from tileclock import cues
from tileclock.engine.game import Merged, Refused
from tileclock.games.boardclock.rules import ENTRY, PLAY, SETUP, BoardClock, minutes_over, penalty, wins_text
from tileclock.games.boardclock.tally import outcome
from tileclock.ticks import TICKS_MAX, ticks_add

M = 60000       # a minute in ms
SEATED_AT = ticks_add(0, -600000)
NAMES = ("Ann", "Bob", "Cy", "Di")


def seated(count=2, bank=10, limit=0, seats=None, rules=2):
    # seated ten minutes before 0, so that a test may start a game at 0 or
    # just before the counter wraps: time only goes forward. An evening the
    # box sets up today says `rules 2`; rules=None: a journal from before
    g = BoardClock()
    for i, seat in enumerate(seats or range(1, count + 1)):
        g.do(SEATED_AT, "seat", (seat, NAMES[i]))
    if rules is not None:
        g.do(SEATED_AT, "rules", (rules,))
    g.do(SEATED_AT, "bank", (bank * M,))
    g.do(SEATED_AT, "limit", (limit * M,))
    return g


def refused(g, now, verb, *args):
    """Assert the action is refused and changes nothing; return the reason."""
    before = (g.sheet(), len(g.history), g.phase, g.on, list(g.used), g.paused)
    e = raises(Refused, g.do, now, verb, args)
    assert (g.sheet(), len(g.history), g.phase, g.on, list(g.used), g.paused) == before
    return e.reason


def scored(g, now, *points):
    """Enter every player's score, in seat order, then close the game."""
    for seat, p in zip(g.round_seats, points):
        g.do(now, "score", (seat, p))
    g.do(now, "close")
    return g.sheet()["rounds"][-1]


def two_turns(g, at, ann_ms, bob_ms):
    """Ann moves in `ann_ms`, Bob in `bob_ms`; the time after."""
    at = ticks_add(at, ann_ms)
    g.do(at, "turn", (1,))
    at = ticks_add(at, bob_ms)
    g.do(at, "turn", (2,))
    return at


def test_the_penalty_is_ten_points_for_each_minute_or_fraction_of_one():
    # The rules: 10 points "for each minute or fraction of a minute", to the
    # millisecond as the box times it: 1 ms over costs 10, exactly 1:00.000
    # over still 10, 1:00.001 20; 10:00.000 100, 10:00.001 110.
    assert penalty(0) == 0 and penalty(-5000) == 0
    assert penalty(1) == 10 and penalty(999) == 10 and penalty(1000) == 10
    assert penalty(59999) == 10 and penalty(60000) == 10 and penalty(60001) == 20
    assert penalty(120000) == 20 and penalty(120001) == 30 and penalty(125000) == 30
    assert penalty(10 * M) == 100 and penalty(10 * M + 1) == 110
    assert [minutes_over(ms) for ms in (0, 1, 999, M, M + 1, 10 * M, 10 * M + 1)] == [0, 1, 1, 1, 2, 10, 11]
    # The rules' version 1 (a journal written before `rules`): the whole
    # seconds the clock showed, as it read then: under a second over was
    # free, 1:00.999 cost 10, 1:01 20.
    assert [penalty(ms, 1) for ms in (1, 999, 1000, M, M + 999, M + 1000, 10 * M, 10 * M + 1)] == [
        0, 0, 10, 10, 10, 20, 100, 100]


def test_the_boundaries_in_a_game():
    # Bank 10:00, no limit. Ann's one move takes 10:00 + `over`, then Bob
    # ends the game: her 300 less the penalty, to the millisecond.
    for over, cost in ((0, 0), (1, 10), (999, 10), (M, 10), (M + 1, 20), (10 * M, 100), (10 * M + 1, 110)):
        g = seated()
        g.do(0, "start", (1,))
        g.do(10 * M + over, "turn", (1,))
        assert penalty(g.used_at(0, 10 * M + over) - g.game_bank) == cost
        g.do(10 * M + over + 1000, "end")
        ann, bob = scored(g, 10 * M + over + 2000, 300, 200)["rows"]
        assert (ann["over_ms"], ann["penalty"], ann["adjusted"]) == (over, cost, 300 - cost), over
        assert ann["margin"] == 100 - cost and bob["margin"] == cost - 100
    # The same moves in a journal from before `rules`: as they were read then
    for over, cost in ((0, 0), (1, 0), (999, 0), (M, 10), (M + 1, 10), (10 * M, 100), (10 * M + 1, 100)):
        g = seated(rules=None)
        g.do(0, "start", (1,))
        g.do(10 * M + over, "turn", (1,))
        g.do(10 * M + over + 1000, "end")
        ann = scored(g, 10 * M + over + 2000, 300, 200)["rows"][0]
        assert (ann["penalty"], ann["adjusted"]) == (cost, 300 - cost), over


def test_exactly_the_limit_is_still_in_time():
    # The rules: a player whose overtime "exceeds 10 minutes" loses. Bank
    # 10:00, limit 10:00: Ann's clock at 20:00.000 used is in time (her
    # press counts, 100 points off); at 20:00.001 she has lost on time.
    g = seated(limit=10)
    g.do(0, "start", (1,))
    assert g.phase_at(20 * M) == PLAY and not g.flagged(20 * M) and g.lost_at(20 * M) == -1
    assert g.phase_at(20 * M + 1) == ENTRY and g.lost_at(20 * M + 1) == 0
    assert g.left_ms(0, 30 * M) == -10 * M - 1            # her clock stopped where she exceeded it
    g.do(20 * M, "turn", (1,))                             # in time, at the last millisecond
    assert g.on_seat == 2 and g.used == [20 * M, 0] and penalty(g.used_at(0, 20 * M) - g.game_bank) == 100
    g = seated(limit=10)
    g.do(0, "start", (1,))
    assert refused(g, 20 * M + 1, "turn", 1) == "Ann lost on time"
    ann, bob = scored(g, 21 * M, 500, 200)["rows"]
    assert (ann["used_ms"], ann["over_ms"], ann["penalty"], ann["lost"]) == (20 * M + 1, 10 * M + 1, 110, True)
    # version 1: the limit was reached at the limit itself, the clock stopped there
    g = seated(limit=10, rules=None)
    g.do(0, "start", (1,))
    assert g.phase_at(20 * M - 1) == PLAY and g.phase_at(20 * M) == ENTRY
    ann = scored(g, 21 * M, 500, 200)["rows"][0]
    assert (ann["used_ms"], ann["penalty"], ann["lost"]) == (20 * M, 100, True)


def test_overtime_costs_points_off_the_score_at_the_close():
    # Bank 10:00. Ann moves in 9:00, Bob in 1:00; Ann's second move takes
    # her OVER past the bank, Bob ends the game. Her score 300 less the
    # penalty, Bob's 200 as it is.
    for over, cost in ((0, 0), (59000, 10), (M, 10), (61000, 20), (125000, 30)):
        g = seated()
        g.do(0, "start", (1,))
        at = two_turns(g, 0, 9 * M, M)
        at += M + over
        g.do(at, "turn", (1,))
        assert g.left_ms(0, at) == -over and g.used == [10 * M + over, M]
        g.do(at + 5000, "end")
        r = scored(g, at + 9000, 300, 200)
        ann, bob = r["rows"]
        assert (ann["used_ms"], ann["over_ms"], ann["penalty"], ann["adjusted"]) == (10 * M + over, over, cost,
                                                                                       300 - cost), over
        assert (bob["used_ms"], bob["over_ms"], bob["penalty"], bob["adjusted"]) == (M + 5000, 0, 0, 200)
        assert ann["margin"] == 100 - cost and bob["margin"] == cost - 100
        assert r["winner"] == "Ann" and not r["draw"] and ann["total"] == 2 and bob["total"] == 0


def test_a_game_of_two_by_hand():
    # Bank 10:00. Ann plays first at 0:00 and moves at 4:00 (4:00 used);
    # Bob moves at 7:00 (3:00); the arbiter stops the clock at 8:00 and it
    # runs again at 9:00 (Ann: 5:00 used, the minute paused not counted);
    # Ann moves at 15:05 (11:05 used: 1:05 over, 20 points); Bob's clock
    # runs a minute and the game ends (4:00 used).
    g = seated()
    assert refused(g, 0, "turn", 1) == "no game in play"
    g.do(0, "start", (1,))
    assert g.phase == PLAY and g.on_seat == 1 and g.last_cue == cues.GO and g.round_number == 1
    assert g.clock_running(1000) and g.left_ms(0, 90000) == 10 * M - 90000
    g.do(4 * M, "turn", (1,))
    assert g.on_seat == 2 and g.used == [4 * M, 0] and g.last_cue == cues.NONE
    g.do(7 * M, "turn", (2,))
    g.do(8 * M, "pause")
    assert g.paused and not g.clock_running(8 * M + 1) and g.left_ms(0, 9 * M) == 5 * M
    assert refused(g, 8 * M + 10, "turn", 1) == "the clock is paused: resume first"
    assert refused(g, 8 * M + 10, "pause") == "already paused"
    g.do(9 * M, "resume")
    assert refused(g, 9 * M + 10, "resume") == "not paused"
    assert g.left_ms(0, 14 * M) == 0 and g.left_ms(0, 15 * M + 5000) == -65000
    g.do(15 * M + 5000, "turn", (1,))
    assert refused(g, 15 * M + 6000, "score", 1, 400) == "the game is on: end it first"
    g.do(16 * M + 5000, "end")
    assert g.phase == ENTRY and g.used == [11 * M + 5000, 4 * M] and g.last_cue == cues.IM_OUT
    assert refused(g, 17 * M, "turn", 2) == "the game is over: enter the scores"
    assert refused(g, 17 * M, "close") == "no score yet for Ann, Bob"
    assert refused(g, 17 * M, "score", 1, 10000) == "score must be -999 to 9999"
    assert refused(g, 17 * M, "score", 1, -1000) == "score must be -999 to 9999"
    g.do(17 * M, "score", (1, 401))
    rows = g.live_rows(17 * M)
    assert rows[0]["adjusted"] is None and rows[0]["score"] == 401 and rows[1]["score"] is None
    g.do(17 * M, "score", (2, 380))
    g.do(17 * M + 1, "score", (2, 381))       # put right before the close
    r = scored(g, 17 * M + 2, 401, 380)
    assert g.phase == SETUP and g.last_cue == cues.WIN
    ann, bob = r["rows"]
    assert (ann["penalty"], ann["adjusted"], ann["margin"], ann["total"]) == (20, 381, 1, 2)
    assert (bob["penalty"], bob["adjusted"], bob["margin"], bob["total"]) == (0, 380, -1, 0)
    assert r["winner"] == "Ann" and r["play_ms"] == 15 * M + 5000 and r["bank_ms"] == 10 * M
    s = g.sheet()
    assert s["totals"] == {"Ann": 2, "Bob": 0} and s["spread"] == {"Ann": 1, "Bob": -1}
    assert s["standings"] == [["Ann", 2], ["Bob", 0]] and s["current"] is None


def test_turns_go_round_in_seat_order_and_a_seat_not_on_turn_is_refused():
    # Ann at seat 1, Bob at seat 3, Cy at seat 4 (seat 2 empty); Bob plays
    # first: Bob, Cy, Ann, Bob ...
    g = seated(seats=(1, 3, 4))
    assert refused(g, 0, "start", 2) == "nobody at seat 2"
    g.do(0, "start", (3,))
    assert g.round_seats == (1, 3, 4) and g.on_seat == 3
    assert refused(g, 5000, "turn", 1) == "it is Bob's turn"
    assert refused(g, 5000, "turn", 2) == "seat 2 is not in this game"
    assert refused(g, 5000, "turn", 9) == "seat must be 1 to 8"
    order = []
    at = 0
    for seat in (3, 4, 1, 3, 4):
        at += 10000
        g.do(at, "turn", (seat,))
        order.append(g.on_seat)
    assert order == [4, 1, 3, 4, 1]
    assert g.used == [10000, 20000, 20000] and g.turns == 5


def test_a_second_press_within_the_merge_window_is_the_same_press():
    g = seated()
    g.do(0, "start", (1,))
    # Ann's start press again: counted once, quietly (else it would end her turn)
    e = raises(Merged, g.do, 500, "turn", (1,))
    assert e.cue == cues.NONE and e.reason == "counted once" and g.on_seat == 1
    g.do(1600, "turn", (1,))                # past the window (1.5 s): her move
    assert g.on_seat == 2
    e = raises(Merged, g.do, 2000, "turn", (1,))     # her press again: not a refusal
    assert e.cue == cues.NONE and g.on_seat == 2 and g.used == [1600, 0]
    assert refused(g, 3100, "turn", 1) == "it is Bob's turn"
    # Bob can move at once: only the same seat's press is merged
    g.do(3200, "turn", (2,))
    assert g.on_seat == 1 and g.used == [1600, 1600]
    # a resume pressed by the player on turn, then a second press: taken
    # as the resume, heard and said
    g.do(5000, "pause")
    g.do(8000, "resume", (1,))
    e = raises(Merged, g.do, 8400, "turn", (1,))
    assert e.cue == cues.COUNT_IN and e.reason == "taken as the resume: done? press again"
    g.do(9600, "turn", (1,))
    assert g.on_seat == 2 and g.used == [1600 + 1800 + 1600, 1600]
    g.do(9601, "end")
    assert refused(g, 9601, "merge", 500) == "setting the merge window only between games"


def test_the_overtime_limit_loses_the_game_on_time():
    # Bank 10:00, limit 10:00. Ann moves at 9:00; Bob's bank runs out at
    # 19:00 and his overtime exceeds the limit at 29:00.001: he has lost on
    # time, his clock stops at 20:00.001 used (110 points off).
    g = seated(limit=10)
    g.do(0, "start", (1,))
    g.do(9 * M, "turn", (1,))
    limit = 29 * M
    assert g.phase_at(limit) == PLAY and g.clock_running(limit) and not g.flagged(limit)
    assert g.phase_at(limit + 1) == ENTRY and not g.clock_running(limit + 1) and g.lost_at(limit + 1) == 1
    assert g.left_ms(1, 35 * M) == -10 * M - 1        # stopped where he exceeded the limit
    assert refused(g, 30 * M, "turn", 2) == "Bob lost on time"
    assert refused(g, 30 * M, "pause") == "Bob lost on time"
    assert refused(g, 30 * M, "end") == "Bob lost on time"
    assert refused(g, 30 * M, "out", 2) == "Bob lost on time"
    rows = g.live_rows(30 * M)
    assert rows[1]["lost"] and rows[1]["used_ms"] == 20 * M + 1 and rows[1]["penalty"] == 110
    # Bob's 460 on the board is 350: more than Ann's 200, but he lost on
    # time. For the margins his score counts no higher than hers: 0 each.
    r = scored(g, 31 * M, 200, 460)
    ann, bob = r["rows"]
    assert g.phase == SETUP and r["winner"] == "Ann" and not r["draw"]
    assert (ann["adjusted"], ann["margin"], ann["total"], ann["lost"]) == (200, 0, 2, False)
    assert (bob["adjusted"], bob["margin"], bob["total"], bob["lost"]) == (350, 0, 0, True)
    # Game 2: Ann's 160 is 50 after the penalty: Bob wins by 450.
    g.do(40 * M, "start", (2,))
    g.do(41 * M, "turn", (2,))
    assert g.phase_at(61 * M) == PLAY and g.phase_at(61 * M + 1) == ENTRY and g.lost_at(61 * M + 1) == 0
    r = scored(g, 62 * M, 160, 500)
    assert r["winner"] == "Bob" and r["rows"][0]["adjusted"] == 50 and r["rows"][1]["margin"] == 450
    assert g.sheet()["totals"] == {"Ann": 2, "Bob": 2}
    # Without a limit the clock counts on: 590 minutes over cost 5,900.
    g = seated()
    g.do(0, "start", (1,))
    assert g.phase_at(10 * 60 * M) == PLAY and g.left_ms(0, 10 * 60 * M) == 10 * M - 10 * 60 * M
    assert penalty(590 * M) == 5900


def test_outcomes_by_hand():
    # margins: the score less the best of the others'
    assert outcome([300, 280, 250]) == ([20, -20, -50], [2, 0, 0])
    # a tie for first is a draw: a point each of those level
    assert outcome([300, 300]) == ([0, 0], [1, 1])
    assert outcome([300, 300, 200]) == ([0, 0, -100], [1, 1, 0])
    assert outcome([250, 300, 300, 300]) == ([-50, 0, 0, 0], [0, 1, 1, 1])
    # lost on time (index 1): below everyone, his score counted no higher
    # than the lowest of the others'
    assert outcome([300, 400, 250], 1) == ([50, -50, -50], [2, 0, 0])
    assert outcome([300, 100, 250], 1) == ([50, -200, -50], [2, 0, 0])
    assert outcome([300, 300, 250], 1) == ([50, -50, -50], [2, 0, 0])
    # the margin of a loss on time (the option): the loser's score counts
    # no higher than the lowest of the others' less it
    assert outcome([300, 400], 1, 50) == ([50, -50], [2, 0])
    assert outcome([300, 100], 1, 200) == ([200, -200], [2, 0])      # (already 200 below: as it is)
    assert outcome([300, 250], 1, 200) == ([200, -200], [2, 0])
    assert outcome([300, 400, 250], 1, 100) == ([50, -150, -50], [2, 0, 0])
    assert outcome([300, 400, 250], 1, 0) == outcome([300, 400, 250], 1)
    assert wins_text(0) == "0" and wins_text(1) == "0.5" and wins_text(3) == "1.5" and wins_text(4) == "2"


def _game(g, at, first, *points):
    """A game from `at`: `first` plays first, a minute a turn, four turns;
    the scores in seat order."""
    g.do(at, "start", (first,))
    seat = first
    for _ in range(4):
        at = ticks_add(at, M)
        g.do(at, "turn", (seat,))
        seat = g.on_seat
    g.do(ticks_add(at, 1000), "end")
    scored(g, ticks_add(at, 2000), *points)
    return ticks_add(at, 10 * M)


def test_a_tie_on_wins_is_broken_by_the_margins():
    # Ann wins game 1 by 50, Bob game 2 by 20: a win each; Ann's margins
    # +50 - 20 = +30, Bob's -30: Ann first.
    g = seated()
    at = _game(g, 0, 1, 350, 300)
    at = _game(g, at, 2, 280, 300)
    s = g.sheet()
    assert s["totals"] == {"Ann": 2, "Bob": 2} and s["spread"] == {"Ann": 30, "Bob": -30}
    assert g.standings() == [["Ann", 2], ["Bob", 2]]
    # Three players: Cy wins a game by 10, Bob one by 100; their points
    # level at 2, then the margins: Bob -60 + 100 = +40, Cy +10 - 150 = -140.
    g = seated(3)
    at = _game(g, 0, 1, 300, 250, 310)     # Cy +10, Ann -10, Bob -60
    at = _game(g, at, 2, 200, 300, 150)    # Bob +100, Ann -100, Cy -150
    s = g.sheet()
    assert s["totals"] == {"Ann": 0, "Bob": 2, "Cy": 2}
    assert s["spread"] == {"Ann": -110, "Bob": 40, "Cy": -140}
    assert g.standings() == [["Bob", 2], ["Cy", 2], ["Ann", 0]]


def test_a_draw_is_half_a_win_each():
    g = seated()
    at = _game(g, 0, 1, 320, 320)
    r = g.sheet()["rounds"][0]
    assert r["draw"] and r["winner"] is None
    assert [(row["total"], row["margin"]) for row in r["rows"]] == [(1, 0), (1, 0)]
    at = _game(g, at, 1, 300, 290)
    assert g.standings() == [["Ann", 3], ["Bob", 1]]
    assert g.sheet()["spread"] == {"Ann": 10, "Bob": -10} and wins_text(3) == "1.5"


def test_the_warnings_and_the_cues_from_tick():
    # Bank 2:00: Ann's clock from 0. With the warnings on: ONE_MINUTE at
    # 1:00 left, LAST_TEN at each of the last ten seconds, TIME_UP when the
    # bank runs out (the first minute of overtime begins), then OVERTIME as
    # each next minute begins: 1:00.001 over (at 3:00.001, heard at the
    # tick after) and 2:00.001 over. Without the warnings only TIME_UP.
    for warnings, want in (("on", [(60000, cues.ONE_MINUTE)] + [(110000 + 1000 * k, cues.LAST_TEN) for k in range(10)]
                            + [(120000, cues.TIME_UP), (180250, cues.OVERTIME), (240250, cues.OVERTIME)]),
                           ("off", [(120000, cues.TIME_UP)])):
        g = seated(bank=2)
        g.do(SEATED_AT, "warnings", (warnings,))
        g.do(0, "start", (1,))
        heard = []
        for t in range(0, 260000, 250):
            cue = g.tick(t)
            if cue:
                heard.append((t, cue))
        assert heard == want, warnings
    # a tick at the very millisecond: 1:00.000 over is still the first minute
    g = seated(bank=2)
    g.do(0, "start", (1,))
    assert [g.tick(t) for t in (118500, 119000, 120000, 179999, 180000)] == [0, cues.LAST_TEN, cues.TIME_UP, 0, 0]
    assert g.tick(180001) == cues.OVERTIME and g.tick(180002) == cues.NONE
    # the overtime limit exceeded: IM_OUT, once, and no minute after it
    g = seated(bank=2, limit=1)
    g.do(0, "start", (1,))
    heard = [(t, g.tick(t)) for t in range(0, 400000, 500)]
    assert [h for h in heard if h[1] in (cues.IM_OUT, cues.OVERTIME)] == [(180500, cues.IM_OUT)]
    # a paused clock says nothing; a new turn starts quiet even with less
    # than a minute left, or in overtime
    g = seated(bank=2)
    g.do(0, "start", (1,))
    g.tick(0)
    g.do(50000, "pause")
    assert [g.tick(t) for t in range(50000, 300000, 1000)] == [0] * 250
    g.do(300000, "resume")
    g.do(305000, "turn", (1,))       # Ann: 55 s used; Bob's clock
    g.do(400000, "turn", (2,))       # Bob: 95 s used; Ann's: 65 s left
    assert g.tick(400000) == cues.NONE and g.tick(406000) == cues.ONE_MINUTE
    g.do(600000, "turn", (1,))       # Ann: 4:15 used, 2:15 over; Bob's clock (25 s left)
    g.do(700000, "turn", (2,))       # Bob 1:15 over; Ann's: her third minute of overtime runs on
    assert g.tick(700000) == cues.NONE and g.tick(745000) == cues.NONE      # 3:00.000 over: still her third
    assert g.tick(745001) == cues.OVERTIME


def test_an_undo_that_keeps_the_turn_sounds_nothing_again():
    g = seated(bank=2)
    g.do(0, "start", (1,))
    assert [g.tick(t) for t in (0, 59000, 60000)] == [0, 0, cues.ONE_MINUTE]
    g.do(60500, "pause")
    g = g.undone()                  # the pause taken back: the same turn runs
    assert g.tick(60600) == cues.NONE and g.tick(110000) == cues.LAST_TEN


def test_undo_matches_a_fresh_replay():
    g = seated(limit=10)
    at = _game(g, 0, 1, 300, 310)
    g.do(at, "start", (2,))
    g.do(at + M, "turn", (2,))
    g.do(at + 2 * M, "pause")
    g.do(at + 3 * M, "resume", (3,))
    g.do(at + 4 * M, "turn", (1,))
    g.do(at + 50 * M, "score", (1, 200))     # Bob lost on time
    g.do(at + 51 * M, "score", (2, 300))
    g.do(at + 51 * M, "close")
    at += 60 * M
    g.do(at, "timeloss", (50,))
    g.do(at, "start", (1,))
    g.do(at + M, "pause")
    g.do(at + M, "skip", (1,))
    g.do(at + 2 * M, "resume", (2,))
    g.do(at + 3 * M, "out", (2,))
    g.do(at + 4 * M, "score", (1, -20))
    g.do(at + 4 * M, "score", (2, 1200))
    g.do(at + 4 * M, "close")
    full = list(g.history)
    while len(g.history) > 1:
        last = undo(g)
        fresh = BoardClock()
        fresh.replay(full[:len(g.history)])
        assert g.sheet() == fresh.sheet() and g.phase == fresh.phase, last
        assert g.used == fresh.used and g.paused == fresh.paused and g.on == fresh.on
    # Undo of a turn: the turn is Ann's again, her clock charged from her
    # turn's start (as if she had never pressed)
    g = seated()
    g.do(0, "start", (1,))
    g.do(30000, "turn", (1,))
    g = g.undone()
    assert g.on_seat == 1 and g.left_ms(0, 45000) == 10 * M - 45000


def test_folds_keep_the_evening_and_restore_it():
    # Four games of three players folded at every close, as the app holds
    # them: the same standings as the evening unfolded, and the history no
    # longer than the last closed game and the one in play.
    whole = seated(3, limit=10)
    folded = seated(3, limit=10)
    at = 0
    for first, points in ((1, (300, 250, 310)), (2, (200, 300, 150)), (3, (280, 280, 200)), (1, (400, 100, 90))):
        for g in (whole, folded):
            _game(g, at, first, *points)
        at = ticks_add(at, 20 * M)
        if folded.foldable():
            folded = folded.folded()[0]
    assert folded.history[0][1] == "restore" and len(folded.history) < len(whole.history) // 2
    a, b = whole.sheet(), folded.sheet()
    for key in ("players", "totals", "spread", "standings", "bank_ms", "limit_ms"):
        assert a[key] == b[key], key
    assert b["rounds"] == a["rounds"][-1:] and folded.round_number == whole.round_number == 4
    # Ann -10 - 100 + 0 + 300, Bob -60 + 100 + 0 - 300, Cy +10 - 150 - 80 - 310
    assert a["totals"] == {"Ann": 3, "Bob": 3, "Cy": 2} and a["spread"] == {"Ann": 190, "Bob": -260, "Cy": -530}
    words = folded.fold_state()
    assert "spread=190,-260,-530" in words and "bank=600000" in words and "limit=600000" in words
    assert "warnings=on" in words and "rounds=4" in words and "rules=2" in words and "timeloss=0" in words
    # a restore that doesn't hold together is refused
    for bad, reason in (("totals=9,0,0", "a total must be 0 to 2"), ("spread=1,2", "restore: spread missing or wrong"),
                        ("bank=5", "time bank (ms) must be 60000 to 10800000"),
                        ("limit=7", "overtime limit (ms, 0 for none) must be 60000 to 3600000"),
                        ("totals=2,2,2", "points add up to more than the games played give")):
        key = bad.split("=")[0]
        state = ["rounds=1" if w.startswith("rounds=") else bad if w.startswith(key + "=") else w
                 for w in ["seats=Ann,Bob,Cy,,,,,", "players=Ann,Bob,Cy", "totals=0,0,0", "merge=1500",
                           "spread=0,0,0", "bank=600000", "limit=0", "warnings=on", "rounds=1"]]
        g = BoardClock()
        e = raises(Refused, g.do, 0, "restore", state)
        assert e.reason == reason, (bad, e.reason)
        assert g.players == [] and g.round_number == 0


def test_options_seats_and_names_between_games_only():
    g = seated(4)
    assert refused(g, 0, "bank", 30000) == "time bank (ms) must be 60000 to 10800000"
    assert refused(g, 0, "limit", 30000) == "overtime limit (ms, 0 for none) must be 60000 to 3600000"
    assert refused(g, 0, "warnings", "loud") == "warnings on or off"
    g.do(0, "seat", (5, "Ed"))
    assert refused(g, 0, "start", 1) == "2 to 4 players"
    g.do(0, "unseat", (5,))
    g.do(0, "start", (4,))
    assert refused(g, 1, "seat", 5, "Ed") == "seating only between games"
    assert refused(g, 1, "bank", 20 * M) == "setting the time bank only between games"
    assert refused(g, 1, "rename", 1, "Al") == "renaming only between games"
    assert refused(g, 1, "start", 1) == "starting only between games"
    g.do(2, "void")
    r = g.sheet()["rounds"][0]
    assert g.phase == SETUP and r["void"] and r["winner"] is None and g.round_number == 1
    assert [row["total"] for row in r["rows"]] == [0, 0, 0, 0] and g.totals["Di"] == 0
    # a rename carries the points and the margins
    at = _game(g, 10 * M, 1, 300, 200, 100, 50)
    g.do(at, "rename", (1, "Al"))
    s = g.sheet()
    assert s["totals"]["Al"] == 2 and s["spread"]["Al"] == 100 and "Ann" not in s["spread"]
    assert s["rounds"][1]["winner"] == "Al" and s["rounds"][1]["rows"][0]["name"] == "Al"
    assert g.standings()[0] == ["Al", 2]


def test_the_clocks_run_across_the_counter_wrap():
    start = ticks_add(TICKS_MAX, -5000)
    g = seated()
    g.do(start, "start", (1,))
    at = ticks_add(start, 65000)            # past the wrap
    assert at < start and g.left_ms(0, at) == 10 * M - 65000 and g.clock_running(at)
    g.do(at, "turn", (1,))
    g.do(ticks_add(at, 1000), "pause")
    g.do(ticks_add(at, 5 * M), "resume")
    g.do(ticks_add(at, 5 * M + 30000), "turn", (2,))
    assert g.used == [65000, 31000] and g.left_ms(0, ticks_add(at, 6 * M)) == 10 * M - 65000 - 30000
    # the limit across the wrap too
    g = seated(bank=1, limit=1)
    g.do(start, "start", (2,))
    assert g.phase_at(ticks_add(start, 2 * M)) == PLAY and g.phase_at(ticks_add(start, 2 * M + 1)) == ENTRY
    heard = [g.tick(ticks_add(start, t)) for t in range(0, 3 * M, 500)]
    assert heard.count(cues.TIME_UP) == 1 and heard.count(cues.IM_OUT) == 1


def test_the_sheet_of_a_game_in_play():
    g = seated()
    g.do(0, "start", (2,))
    g.do(M, "turn", (2,))
    cur = g.sheet()["current"]
    assert cur["number"] == 1 and cur["winner"] is None and cur["play_ms"] == M
    assert [(r["name"], r["used_ms"], r["score"], r["total"]) for r in cur["rows"]] == [
        ("Ann", 0, None, None), ("Bob", M, None, None)]


def test_the_out_play_stops_every_clock_and_opens_the_scores():
    # Three players, bank 10:00. Ann moves in 1:00, Bob in 2:00; Cy plays
    # his last tiles and goes out 30 s into his turn: every clock stops,
    # those 30 s his (the rules' "neutralizing the clock on the out play").
    g = seated(3)
    g.do(0, "start", (1,))
    g.do(M, "turn", (1,))
    g.do(3 * M, "turn", (2,))
    assert refused(g, 3 * M + 10000, "out", 1) == "it is Cy's turn"
    assert refused(g, 3 * M + 10000, "out", 4) == "seat 4 is not in this game"
    g.do(3 * M + 30000, "out", (3,))
    assert g.phase == ENTRY and g.last_cue == cues.IM_OUT and not g.clock_running(3 * M + 30001)
    assert g.used == [M, 2 * M, 30000] and g.left_ms(2, 20 * M) == 10 * M - 30000
    assert refused(g, 3 * M + 40000, "turn", 1) == "the game is over: enter the scores"
    rows = g.live_rows(4 * M)
    assert g.sheet()["current"]["went_out"] == "Cy" and rows[2]["used_ms"] == 30000
    r = scored(g, 5 * M, 300, 280, 350)
    assert r["went_out"] == "Cy" and r["winner"] == "Cy"
    # Paused first (the stop before the out play is called): the same
    g = seated()
    g.do(0, "start", (2,))
    g.do(20000, "pause")
    g.do(60000, "out", (2,))
    assert g.phase == ENTRY and g.used == [0, 20000] and g.out == 1


def test_a_lost_turn_is_skipped_from_the_paused_clock():
    # Four players. Ann moves (1:00); Bob challenges her word 10 s into
    # his turn (the clock stops) and loses the challenge: his turn is
    # skipped, the 10 s stay his, no more, and Cy is on turn, the clock
    # still stopped until a seat resumes it.
    g = seated(4)
    g.do(0, "start", (1,))
    g.do(M, "turn", (1,))
    assert refused(g, M + 5000, "skip", 2) == "pause the clock first"
    g.do(M + 10000, "pause")
    assert refused(g, M + 20000, "skip", 3) == "it is Bob's turn"
    g.do(M + 30000, "skip", (2,))
    assert g.on_seat == 3 and g.paused and g.used == [M, 10000, 0, 0] and g.turns == 2
    assert g.tick(M + 40000) == cues.NONE
    g.do(M + 50000, "resume", (3,))
    g.do(M + 80000, "turn", (3,))       # Cy moves in 30 s: Di's clock
    assert g.on_seat == 4 and g.used == [M, 10000, 30000, 0]
    # skipped again round the table: from Di back to Ann
    g.do(M + 90000, "pause")
    g.do(M + 90000, "skip", (4,))
    assert g.on_seat == 1 and g.used == [M, 10000, 30000, 10000]
    g = g.undone()
    assert g.on_seat == 4 and g.paused
    # two players: the one who loses a turn lets the other play again
    g = seated()
    g.do(0, "start", (1,))
    g.do(M, "turn", (1,))
    g.do(M + 1, "pause")
    g.do(M + 2, "skip", (2,))
    assert g.on_seat == 1


def test_scores_below_zero_and_past_999():
    # A final score after the racks' deductions may be below zero; a
    # club's records pass 1,000. Ann -5, Bob 1,050: Bob wins by 1,055.
    g = seated()
    g.do(0, "start", (1,))
    g.do(M, "end")
    g.do(2 * M, "score", (1, -5))
    g.do(2 * M, "score", (2, 1050))
    ann, bob = scored(g, 2 * M, -5, 1050)["rows"]
    assert (ann["adjusted"], ann["margin"], bob["adjusted"], bob["margin"]) == (-5, -1055, 1050, 1055)
    # at the edges, and the penalty below zero too: -999 less 10 is -1009
    g = seated(bank=1)
    g.do(0, "start", (1,))
    g.do(M + 1, "turn", (1,))
    g.do(M + 2, "end")
    ann, bob = scored(g, M + 3, -999, 9999)["rows"]
    assert (ann["penalty"], ann["adjusted"], bob["adjusted"]) == (10, -1009, 9999)


def test_the_margin_of_a_loss_on_time_is_an_option():
    # The option (0, 50, 100, 200 on the box; WESPA gives a forfeit a
    # least margin, the Internet Scrabble Club 200): Bob loses on time with
    # 400 after the penalty against Ann's 300; his score counts as 300 less
    # the option for the margins, and so for the standings' spread.
    for option, ann_margin in ((0, 0), (50, 50), (100, 100), (200, 200)):
        g = seated(bank=1, limit=1)
        g.do(SEATED_AT, "timeloss", (option,))
        g.do(0, "start", (2,))
        r = scored(g, 3 * M, 300, 420)          # Bob: 2:00.001 used, 20 off
        ann, bob = r["rows"]
        assert bob["lost"] and bob["adjusted"] == 400 and r["winner"] == "Ann"
        assert (ann["margin"], bob["margin"]) == (ann_margin, -ann_margin), option
        assert g.sheet()["spread"] == {"Ann": ann_margin, "Bob": -ann_margin} and g.sheet()["timeloss"] == option
    # Ann's own margin stands when it is more than the option
    g = seated(bank=1, limit=1)
    g.do(SEATED_AT, "timeloss", (50,))
    g.do(0, "start", (2,))
    ann, bob = scored(g, 3 * M, 300, 120)["rows"]
    assert (ann["margin"], bob["margin"]) == (200, -200)
    assert refused(g, 4 * M, "timeloss", 1001) == "margin of a loss on time must be 0 to 1000"
    # the option of a game is the one it started with
    g.do(4 * M, "start", (1,))
    assert refused(g, 4 * M, "timeloss", 100) == "setting the loss margin only between games"


def test_the_rules_version_is_set_before_the_first_game():
    g = seated()
    assert g.rules == 2 and seated(rules=None).rules == 1 and g.sheet()["rules"] == 2
    assert refused(g, 0, "rules", 3) == "rules must be 1 to 2"
    _game(g, 0, 1, 300, 200)
    assert refused(g, 20 * M, "rules", 1) == "rules before the first game only"
    g.do(20 * M, "start", (1,))
    assert refused(g, 20 * M, "rules", 2) == "setting the rules only between games"


def test_an_old_evening_replays_as_it_was_read():
    # A journal from before the rules' version (no `rules` line): the
    # worked evening of tests/scenarios (Ann 2:05 over: 30 off; Bob's clock
    # stopped at the limit itself, 35:00 used) reads as it did.
    from tileclock.script import load
    with open(_scenario("boardclock_evening.txt")) as f:
        g = load(f.read().splitlines())
    assert g.rules == 1
    s = g.sheet()
    g1, g2 = s["rounds"][0], s["rounds"][1]
    assert [(r["over_ms"], r["penalty"], r["adjusted"]) for r in g1["rows"]] == [
        (125000, 30, 390), (0, 0, 400), (0, 0, 380)]
    assert g2["rows"][1]["used_ms"] == 2100000 and g2["rows"][1]["penalty"] == 100 and g2["rows"][1]["lost"]
    assert s["totals"] == {"Ann": 3, "Bob": 3, "Cy": 0} and s["spread"] == {"Ann": 40, "Bob": -40, "Cy": -90}
    # and a checkpoint written before the version and the option were kept
    state = ["seats=Ann,Bob,,,,,,", "players=Ann,Bob", "totals=2,0", "merge=1500", "spread=10,-10",
             "bank=600000", "limit=600000", "warnings=on", "rounds=1"]
    g = BoardClock()
    g.do(0, "restore", state)
    assert g.rules == 1 and g.timeloss == 0 and g.totals == {"Ann": 2, "Bob": 0}
    words = g.fold_state()
    assert "rules=1" in words and "timeloss=0" in words


def _scenario(name):
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    return here + "/../scenarios/" + name
