from check import raises

from tileclock.engine.game import Refused
from tileclock.engine.pool import TilePool


def test_four_players_end_with_25_each():
    pool = TilePool(100, 4)
    pool.deal_hands()
    assert pool.remaining == 72
    calls = 0
    while pool.can_serve(1):
        pool.draw_round(1)
        calls += 1
    assert calls == 18
    assert pool.drawn == [25, 25, 25, 25]
    assert pool.remaining == 0


def test_three_players_33_each_one_left():
    pool = TilePool(100, 3)
    pool.deal_hands()
    while pool.can_serve(1):
        pool.draw_round(1)
    assert pool.drawn == [33, 33, 33]
    assert pool.remaining == 1


def test_never_deals_a_missing_tile():
    pool = TilePool(50, 2)
    pool.deal_hands()
    while pool.can_serve(2):
        pool.draw_round(2)
    assert pool.remaining == 0
    raises(Refused, pool.draw_round, 1)
    assert pool.drawn == [25, 25]
    raises(Refused, TilePool, 50, 8)
