# Tile Rush engine: the numbers below are worked out by hand from the game's
# rules (docs/tilerush.md): a bag of 144 tiles; 21 each for two to four
# players, 15 for five or six, 11 for seven or eight; PEEL: everyone takes
# one; DUMP: one back, three taken, while three are left; with fewer tiles
# than players the first out calls, and a failed call puts that player out
# and their tiles back in the bag.
from check import raises, undo

from tileclock import cues
from tileclock.engine.game import Merged, Refused
from tileclock.games.tilerush.rules import BAG, CHECK, LETTERS, PLAY, SETUP, TileRush, deal_size
from tileclock.ticks import TICKS_MAX, ticks_add

SEATED_AT = ticks_add(0, -600000)

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def seated(count):
    # seated ten minutes before 0, so that the tests may start a round at
    # 0 or just before the counter wraps: time only goes forward
    g = TileRush()
    for seat in range(1, count + 1):
        g.do(SEATED_AT, "seat", (seat, NAMES[seat - 1]))
    return g


def refused(g, now, verb, *args):
    """Assert the action is refused and changes nothing; return the reason."""
    before = (g.sheet(), len(g.history), g.phase)
    e = raises(Refused, g.do, now, verb, args)
    assert (g.sheet(), len(g.history), g.phase) == before
    return e.reason


def peel_until_spent(g, at, seat=1, every=2000):
    """PEEL every `every` ms until the bag can't serve everyone; the count
    and the time of the last one."""
    count = 0
    while g.can_peel():
        g.do(at, "peel", (seat,))
        count += 1
        at = ticks_add(at, every)
    return count, ticks_add(at, -every)


def test_the_bag_is_144_tiles():
    assert sum(LETTERS) == BAG == 144 and len(LETTERS) == 26
    assert LETTERS[4] == 18 and LETTERS[0] == 13 and LETTERS[25] == 2    # E, A, Z


def test_deal_sizes_by_player_count():
    # players: (each, left in the bag after the deal)
    expected = {2: (21, 102), 3: (21, 81), 4: (21, 60), 5: (15, 69), 6: (15, 54), 7: (11, 67), 8: (11, 56)}
    for players, (each, left) in expected.items():
        assert deal_size(players) == each
        g = seated(players)
        g.do(0, "start")
        assert g.pool.drawn == [each] * players and g.pool.remaining == left, players
        assert g.phase == PLAY and g.last_cue == cues.GO and g.round_number == 1


def test_peel_until_fewer_tiles_than_players():
    # Five players: 69 in the bag, 13 peels take 65, 4 are left for 5.
    g = seated(5)
    g.do(0, "start")
    count, last = peel_until_spent(g, 1000)
    assert count == 13 and g.pool.remaining == 4 and g.pool.drawn == [28] * 5
    assert g.last_cue == cues.TAKE_ONE and g.peels == 13
    assert "first out calls" in refused(g, last + 5000, "peel", 2)
    # Three players: 81 share out exactly, 27 peels, the bag empty.
    g = seated(3)
    g.do(0, "start")
    assert peel_until_spent(g, 1000)[0] == 27 and g.pool.remaining == 0


def test_a_dump_takes_three_and_is_refused_with_fewer_than_three_left():
    g = seated(5)
    g.do(0, "start")
    count, last = peel_until_spent(g, 1000)
    g.do(last + 3000, "dump", (2,))              # 4 + 1 back - 3 = 2 left
    assert g.pool.remaining == 2 and g.tiles(2) == 30 and g.tiles(1) == 28
    assert g.last_cue == cues.NONE and g.dumps == 1
    assert refused(g, last + 4000, "dump", 3) == "a dump takes three: only 2 left"


def test_a_failed_final_call_puts_the_tiles_back_and_play_goes_on():
    g = seated(5)
    g.do(0, "start")
    count, last = peel_until_spent(g, 1000)
    t = last + 3000
    g.do(t, "dump", (1,))                        # Ann 30 tiles, bag 2
    assert refused(g, t + 100, "holds") == "nobody has called"
    g.do(t + 5000, "call", (1,))
    assert g.phase == CHECK and g.caller == 1 and g.last_cue == cues.IM_OUT
    assert "being checked" in refused(g, t + 5500, "peel", 2)
    g.do(t + 20000, "fails")                     # Ann's 30 go back: 32 in the bag for 4
    assert g.phase == PLAY and g.out == [1] and g.pool.remaining == 32 and g.tiles(1) == 0
    assert "Ann is out of this round" == refused(g, t + 21000, "peel", 1)
    assert "Ann is out" in refused(g, t + 21000, "call", 1)
    count, last = peel_until_spent(g, t + 22000, seat=3)
    assert count == 8 and g.pool.remaining == 0 and g.tiles(2) == 36 and g.tiles(1) == 0
    g.do(last + 4000, "call", (2,))
    g.do(last + 9000, "holds")
    assert g.phase == SETUP and g.last_cue == cues.WIN
    s = g.sheet()
    r = s["rounds"][0]
    assert r["winner"] == "Bob" and r["void"] is False
    assert [(row["name"], row["won"], row["out"], row["tiles"]) for row in r["rows"]] == [
        ("Ann", False, True, 0), ("Bob", True, False, 36), ("Cy", False, False, 36),
        ("Di", False, False, 36), ("Ed", False, False, 36)]
    assert s["totals"] == {"Ann": 0, "Bob": 1, "Cy": 0, "Di": 0, "Ed": 0}


def test_a_call_while_the_bag_serves_everyone_is_refused():
    g = seated(2)
    g.do(0, "start")
    assert refused(g, 1000, "call", 1) == "102 tiles left: that is a peel"
    assert "nobody has called" in refused(g, 1000, "holds")
    assert "nobody has called" in refused(g, 1000, "fails")


def test_the_merge_window():
    g = seated(4)
    g.do(0, "start")
    g.do(1000, "peel", (1,))
    # Two players call PEEL together: one peel (quietly).
    e = raises(Merged, g.do, 1500, "peel", (2,))
    assert e.cue == cues.NONE and g.peels == 1
    count, last = peel_until_spent(g, 3000)
    assert g.pool.remaining == 0 and count == 14
    # A final call on the heels of the last peel is taken as that peel.
    e = raises(Merged, g.do, last + 400, "call", (3,))
    assert e.cue == cues.TAKE_ONE and e.reason == "taken as the peel: done? press again"
    g.do(last + 1600, "call", (3,))
    assert g.phase == CHECK


def test_wins_over_an_evening_and_a_rename():
    g = seated(3)
    t = 0
    for winner in (2, 1, 2):
        g.do(t, "start")
        count, last = peel_until_spent(g, t + 1000)
        g.do(last + 5000, "call", (winner,))
        g.do(last + 6000, "holds")
        t = last + 60000
    assert g.round_number == 3 and g.standings() == [["Bob", 2], ["Ann", 1], ["Cy", 0]]
    assert refused(g, t, "rename", 2, "Ann") == "Ann is at seat 1"
    g.do(t, "rename", (2, "Bea"))
    s = g.sheet()
    assert s["totals"] == {"Ann": 1, "Bea": 2, "Cy": 0}
    assert [r["winner"] for r in s["rounds"]] == ["Bea", "Ann", "Bea"]
    g.do(t, "start")
    assert "only between rounds" in refused(g, t + 1, "seat", 4, "Di")
    g.do(t + 2, "void")
    assert g.sheet()["rounds"][-1]["void"] is True and g.standings()[0] == ["Bea", 2]


def test_the_play_clock_runs_across_the_wrap_and_stops_for_the_check():
    start = ticks_add(TICKS_MAX, -5000)
    g = seated(2)
    g.do(start, "start")
    at = ticks_add(start, 65000)
    assert g.clock_ms(at) == 65000 and g.clock_running(at)
    count, last = peel_until_spent(g, ticks_add(start, 70000))
    assert count == 51          # 102 in the bag for two
    g.do(ticks_add(last, 3000), "call", (1,))
    stop = g.clock_ms(ticks_add(last, 3000))
    assert g.clock_ms(ticks_add(last, 90000)) == stop and not g.clock_running(ticks_add(last, 4000))


def test_undo_matches_a_fresh_replay():
    g = seated(5)
    g.do(0, "start")
    count, last = peel_until_spent(g, 1000)
    g.do(last + 3000, "dump", (1,))
    g.do(last + 5000, "call", (1,))
    g.do(last + 6000, "fails")
    full = list(g.history)
    while g.history:
        undo(g)
        fresh = TileRush()
        fresh.replay(full[:len(g.history)])
        assert g.sheet() == fresh.sheet() and g.phase == fresh.phase
    raises(Refused, undo, g)
