# Problems found reviewing the engines against the games' rules (docs/); each
# test was written to fail first. Figures are worked out by hand from the rules.
from check import raises

from tileclock.engine.game import Refused
from tileclock.games.wordsport.rules import WordSport


def _wordsport(count):
    g = WordSport()
    for seat in range(1, count + 1):
        g.do(0, "seat", (seat, ("Ann", "Bob", "Cat", "Dan")[seat - 1]))
    return g


def _two_players_at_time_up():
    """Ann and Bob on a full set: 50 tiles each; Ann wins, time runs out."""
    g = _wordsport(2)
    g.do(0, "start")
    now = 1000
    while g.pool.can_serve(1):
        g.do(now, "stuck")
        now += 1500                      # calls closer than 1.5 s count once
    assert g.tiles_each == 50 and now == 65500
    g.do(90000, "out", (1,))
    return g, 90000 + 60000


# ---- Word-Sport -----------------------------------------------------------------


def test_countdown_shown_between_rounds_is_the_one_just_set():
    # The set-up screen shows countdown_ms(now): "its length before the win".
    g = _wordsport(2)
    g.do(0, "countdown", (30000,))
    assert g.countdown_ms(0) == 30000
    g.do(0, "start")
    assert g.countdown_ms(5000) == 30000
    g.do(6000, "void")
    g.do(7000, "countdown", (20000,))
    assert g.countdown_ms(7000) == 20000


def test_two_crossing_sevens_need_thirteen_tiles_not_fourteen():
    # An across word and a down word share the tile where they cross: two
    # seven-letter words take 7 + 6 = 13 tiles, three take 7 + 6 + 6 = 19
    # ("Seven letter words may be contained in a single grid").
    g, up = _two_players_at_time_up()
    g.do(up, "unused", (2, 37))          # Bob placed 13
    g.do(up, "sevens", (2, 2))
    e = raises(Refused, g.do, up, "sevens", (2, 3))
    assert "0 to 2" in e.reason
    g.do(up, "unused", (2, 31))          # 19 placed
    g.do(up, "sevens", (2, 3))
    assert g.sheet()["current"]["rows"][1]["sevens_points"] == 15


def test_unused_count_checked_against_crossing_sevens():
    g, up = _two_players_at_time_up()
    g.do(up, "sevens", (2, 2))
    g.do(up, "unused", (2, 37))          # 13 placed: enough for two crossing sevens
    e = raises(Refused, g.do, up, "unused", (2, 38))
    assert "13" in e.reason
    assert g.live_rows(up)[1]["unused"] == 37
