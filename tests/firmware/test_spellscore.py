# The sample game of docs/spellsport.md, play by play.
from check import raises

from tileclock.engine.game import Refused
from tileclock.games.spellsport.score import play_score


def test_sample_game_play_scores():
    # (1) Across: WOAD (4) joined with DUVET (5), one stolen tile: 4x5 - 4.
    assert play_score(4, 5, joined=True, stolen=1) == 16
    # Down: PIERCE (6) joined with VOCAL (5): 6x5.
    assert play_score(5, 6, joined=True) == 30
    # (2) Across: VOCALIST (8) joined with TOSH (4): 8x4.
    assert play_score(8, 4, joined=True) == 32
    # Down: HIGH (4) joined with GOPHER (6), one stolen tile: 4x6 - 4.
    assert play_score(4, 6, joined=True, stolen=1) == 20


def test_single_separate_and_circuit():
    assert play_score(5, 0) == 5
    assert play_score(3, 4) == 7
    assert play_score(3, 4, joined=True, circuit=True) == 24
    raises(Refused, play_score, 0, 0)
    raises(Refused, play_score, 2, 0)
    raises(Refused, play_score, 5, 0, True)
