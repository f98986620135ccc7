# How well a Spell Sport tile set serves a word list, and a better set.
#
# A tile XY serves the letter pair XY wherever it stands in a word, across or
# down (both faces read in the same order), and also YX when it may be
# turned over (both letters among H I N O S X Z). So the measures group
# pairs into "pair classes": XY alone, or {XY, YX} for a turnable pair.
#
# Measures (every word of the list with three or more letters counts once):
# - pairs used: the set's distinct tiles whose class occurs in some word;
# - coverage: the share of the list's adjacent letter pairs (occurrences)
#   whose class has a tile in the set;
# - pair fit: how closely the set's share of tiles per class follows the
#   list's share of pair occurrences per class: the sum over classes of the
#   smaller of the two shares (1 = exactly proportional, 0 = nothing alike);
# - letter fit: the same for single letters (the set's 676 letters against
#   the letters of the list's words).
#
# The suggested set keeps the rules' constraints that matter in play: 338
# two-letter tiles (to cover the board), every letter on at least two tiles
# (the author's own rule), a tile per pair class at most as often as its
# share earns it. It drops the 130 systematic vowel-consonant tiles doubled:
# that is what gives U and V their many tiles.
from collections import Counter

from tileclock.games.spellsport.tiles import TILE_COUNT, all_tiles, can_turn_over

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MIN_LETTER_TILES = 2
MIN_WORD = 3


def pair_class(pair):
    """The pairs a tile serves: XY, or the sorted of XY/YX if it may be turned over."""
    if can_turn_over(pair):
        return min(pair, pair[::-1])
    return pair


class WordStats:
    """Letter and pair counts of a word list (each word once)."""

    def __init__(self, words, min_length=MIN_WORD):
        self.words = 0
        self.letters = Counter()
        self.pairs = Counter()  # exact pairs, as in the words
        for word in words:
            if len(word) < min_length:
                continue
            word = word.upper()
            self.words += 1
            self.letters.update(word)
            self.pairs.update(word[i:i + 2] for i in range(len(word) - 1))
        self.classes = Counter()
        for pair, n in self.pairs.items():
            self.classes[pair_class(pair)] += n
        self.total_pairs = sum(self.pairs.values())
        self.total_letters = sum(self.letters.values())

    def class_share(self, cls):
        return self.classes[cls] / self.total_pairs

    def letter_share(self, letter):
        return self.letters[letter] / self.total_letters


class SetReport:
    """The measures of one tile set against a word list."""

    def __init__(self, tiles, stats):
        self.tiles = list(tiles)
        self.stats = stats
        self.classes = Counter(pair_class(t) for t in self.tiles)
        self.letters = Counter("".join(self.tiles))
        self.distinct = len(set(self.tiles))
        self.used = sum(1 for t in set(self.tiles) if stats.classes[pair_class(t)] > 0)
        self.coverage = sum(stats.classes[c] for c in self.classes) / stats.total_pairs
        n = len(self.tiles)
        self.pair_fit = sum(min(count / n, stats.class_share(c)) for c, count in self.classes.items())
        letters = 2 * n
        self.letter_fit = sum(min(self.letters[a] / letters, stats.letter_share(a)) for a in ALPHABET)

    def letter_ratio(self, letter):
        """The set's share of this letter over the word list's share (1 = as in words)."""
        share = self.letters[letter] / (2 * len(self.tiles))
        words = self.stats.letter_share(letter)
        return share / words if words else float("inf")

    def pair_excess(self):
        """(class, tiles in the set, tiles the list's share would give), most over-represented first."""
        n = len(self.tiles)
        rows = []
        for cls in set(self.classes) | set(self.stats.classes):
            rows.append((cls, self.classes[cls], self.stats.class_share(cls) * n))
        rows.sort(key=lambda row: (row[2] - row[1], row[0]))
        return rows


def suggest(stats, size=TILE_COUNT):
    """A set of `size` tiles in proportion to the list's pair classes
    (largest remainders), then every letter brought up to two tiles by
    taking tiles from the classes with the most to spare."""
    quota = {cls: stats.class_share(cls) * size for cls in stats.classes}
    counts = Counter({cls: int(q) for cls, q in quota.items() if int(q) > 0})
    by_remainder = sorted(quota, key=lambda cls: (-(quota[cls] - int(quota[cls])), cls))
    for cls in by_remainder[:size - sum(counts.values())]:
        counts[cls] += 1

    def letter_tiles(letter):
        return sum(n for cls, n in counts.items() if letter in cls)

    for letter in ALPHABET:
        while letter_tiles(letter) < MIN_LETTER_TILES:
            # The letter's most common pair class gets a tile...
            options = sorted((c for c in stats.classes if letter in c), key=lambda c: (-stats.classes[c], c))
            # (a letter in no word of the list: the rules' own pairs with it)
            options = options or sorted({pair_class(t) for t in all_tiles() if letter in t})
            fresh = [c for c in options if counts[c] == 0] or options
            counts[fresh[0]] += 1
            # ...from the class that has the most tiles beyond its share, keeping
            # the letters that need theirs.
            spare = [c for c in counts if all(letter_tiles(a) > MIN_LETTER_TILES for a in c)]
            spare = [c for c in spare if c != fresh[0]]
            giver = max(spare, key=lambda c: (counts[c] - quota.get(c, 0), c))
            counts[giver] -= 1
            if counts[giver] == 0:
                del counts[giver]
    tiles = []
    for cls, n in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        tiles.extend([printed_pair(cls, stats)] * n)
    return tiles


def printed_pair(cls, stats):
    """How to print a tile of this class: a turnable pair in its commoner order."""
    if can_turn_over(cls) and stats.pairs[cls[::-1]] > stats.pairs[cls]:
        return cls[::-1]
    return cls


def rules_set():
    return all_tiles()
