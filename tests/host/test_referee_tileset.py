# The tile-set report: measures worked out by hand on a tiny list, and the
# suggested set's constraints on the default list.
import pytest

from tileclock_host.referee import wordlist
from tileclock_host.games.spellsport import tileset


def test_measures_by_hand():
    # NOON: NO OO ON; SUN: SU UN; "at" is too short to count.
    stats = tileset.WordStats(["noon", "sun", "at"])
    assert stats.words == 2 and stats.total_pairs == 5
    # N and O may be turned over, so NO and ON are one class; U may not.
    assert stats.classes == {"NO": 2, "OO": 1, "SU": 1, "UN": 1}
    report = tileset.SetReport(["ON", "OO", "UV", "UV"], stats)
    assert (report.distinct, report.used) == (3, 2)  # UV is in no word
    assert report.coverage == pytest.approx(3 / 5)  # NO+ON and OO, of 5 pairs
    # Tile shares NO 1/4, OO 1/4, UV 2/4 against pair shares 2/5, 1/5, 0.
    assert report.pair_fit == pytest.approx(1 / 4 + 1 / 5)
    # Set letters O3 N1 U2 V2 of 8; word letters N3 O2 S1 U1 of 7.
    assert report.letter_fit == pytest.approx(2 / 7 + 1 / 8 + 1 / 7)
    assert report.letter_ratio("U") == pytest.approx((2 / 8) / (1 / 7))


def test_rules_set_letter_counts():
    report = tileset.SetReport(tileset.rules_set(), tileset.WordStats(["noon"]))
    # U: 26 systematic tiles doubled, plus OU HU JU QU; V: 10 systematic doubled.
    assert report.letters["U"] == 2 * 26 + 4
    assert report.letters["V"] == 2 * 10
    assert report.distinct == 130 + 78


@pytest.fixture(scope="module")
def stats():
    return tileset.WordStats(wordlist.load().words)


def test_suggested_set_keeps_the_constraints_and_fits_better(stats):
    tiles = tileset.suggest(stats)
    assert len(tiles) == 338
    assert all(len(t) == 2 and t.isalpha() and t.isupper() for t in tiles)
    for letter in tileset.ALPHABET:
        assert sum(1 for t in tiles if letter in t) >= 2, letter
    rules = tileset.SetReport(tileset.rules_set(), stats)
    better = tileset.SetReport(tiles, stats)
    assert better.pair_fit > rules.pair_fit
    assert better.letter_fit > rules.letter_fit
    assert better.coverage >= rules.coverage
    # The author's hunch: too many Us and Vs (shares of tiles well above words').
    assert rules.letter_ratio("U") > 1.5 and rules.letter_ratio("V") > 1.5
    assert better.letter_ratio("V") < 1.5 and better.letter_ratio("U") < 1.5
