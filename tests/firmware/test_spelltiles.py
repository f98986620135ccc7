# The chart of spelltiles.py against what the game says of it (the pairs,
# docs/spellsport.md and docs/referee.md). Each
# property is computed from the chart's data, not restated.
from tileclock.games.spellsport.tiles import (
    CHART_COLUMNS,
    CHART_ROWS,
    TILE_COUNT,
    all_tiles,
    can_turn_over,
    chart_position,
    tile,
)

VOWELS = "AEIOU"
CONSONANTS = "BCDFGLMNPRSTV"   # the rules' thirteen


def column(c):
    return [tile(r * CHART_COLUMNS + c) for r in range(CHART_ROWS)]


def test_338_tiles_13_rows_of_26():
    tiles = all_tiles()
    assert len(tiles) == TILE_COUNT == 338 == 13 * 26 == CHART_ROWS * CHART_COLUMNS
    for pair in tiles:
        assert len(pair) == 2 and "A" <= pair[0] <= "Z" and "A" <= pair[1] <= "Z", pair
    # Half of the 26 x 26 possible pairs: just enough to cover the board, two cells a tile.
    assert 2 * TILE_COUNT == 26 * 26


def test_first_ten_columns_are_every_vowel_consonant_pair_both_ways():
    systematic = []
    for c in range(10):
        systematic.extend(column(c))
    wanted = []
    for v in VOWELS:
        for k in CONSONANTS:
            wanted.append(v + k)
            wanted.append(k + v)
    assert len(CONSONANTS) == 13 and len(wanted) == 130
    assert sorted(systematic) == sorted(wanted)     # each exactly once


def test_columns_11_to_20_repeat_the_first_ten():
    for c in range(10):
        assert column(c + 10) == column(c), c
    counts = {}
    for pair in all_tiles():
        counts[pair] = counts.get(pair, 0) + 1
    doubled = [pair for pair in counts if counts[pair] == 2]
    assert len(doubled) == 130
    assert sum(counts.values()) == 338


def test_last_six_columns_are_78_other_pairs():
    others = []
    for c in range(20, 26):
        others.extend(column(c))
    assert len(others) == 78
    systematic = set(column(0) + column(1) + column(2) + column(3) + column(4)
                     + column(5) + column(6) + column(7) + column(8) + column(9))
    lesser = "HJKQWXYZ"
    for pair in others:
        assert pair not in systematic, pair
        # Two vowels, two consonants, or a vowel with one of the less-used letters.
        vowels = (pair[0] in VOWELS) + (pair[1] in VOWELS)
        assert vowels != 1 or pair[0] in lesser or pair[1] in lesser, pair


def test_every_letter_appears_at_least_twice():
    # Counted in tiles: a letter doubled on one tile (EE) counts once.
    seen = {}
    for pair in all_tiles():
        for letter in set(pair):
            seen[letter] = seen.get(letter, 0) + 1
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        assert seen.get(letter, 0) >= 2, letter


def test_positions_and_turning_over():
    assert chart_position(0) == (0, 0) and tile(0) == "AB"
    assert chart_position(337) == (12, 25)
    assert can_turn_over("IO") and can_turn_over("SH")
    assert not can_turn_over("AB")
