# Review of the referee against the rules texts: cases the other referee
# tests did not reach.
from tileclock_host.games.spellsport import game as spellgame
from tileclock_host.games.spellsport import tileset
from tileclock_host.referee.wordlist import WordList


def letter_tiles(tiles, letter):
    return sum(1 for t in tiles if letter in t)


def test_turnable_tile_written_turned_over_in_a_rack_is_a_tile_of_the_set():
    # The chart has HO and IO; OH and OI are the same tiles turned over
    # (docs/spellsport.md: H I N O S X Z tiles may be used either way up).
    lines = ["rack across OH OI AD BA DU ID IS IT OX SH TO UF",
             "rack down   AL BU CE DR ER ET GA GO HA HI PI VO"]
    events = []
    spellgame.replay("game.txt", lines, WordList([]), report=events.append, strict=True)
    assert not any("not a tile" in e for e in events)


def test_suggested_set_never_takes_a_letters_last_two_tiles():
    # AA has most of the pairs and AB (B's only pair) earns 1.5 tiles, rounded
    # up to 2; C..Z have one rare pair each and need tiles from elsewhere.
    # Taking them from AB would leave B on one tile.
    words = ["a" * k + "b" for k in range(2, 32)] + ["cdefghijklmnopqrstuvwxyz"]
    k = 3
    while tileset.WordStats(words).class_share("AB") * 338 >= 1.51:
        words.append("a" * k)
        k += 1
    stats = tileset.WordStats(words)
    assert 1.5 < stats.class_share("AB") * 338 < 1.51
    tiles = tileset.suggest(stats)
    assert len(tiles) == 338
    for letter in tileset.ALPHABET:
        assert letter_tiles(tiles, letter) >= 2, letter


def test_suggested_set_for_a_list_without_some_letters():
    # No J, Q, X, Z ... in these words: the set still has every letter twice.
    stats = tileset.WordStats(["cat", "dog", "bird", "fish", "mouse"])
    tiles = tileset.suggest(stats)
    assert len(tiles) == 338
    for letter in tileset.ALPHABET:
        assert letter_tiles(tiles, letter) >= 2, letter
