# Speed Scrabble's crossword: one connected grid, every word at its letters'
# values, +10 a word of seven or more letters, unused tiles against it
# (referee/grids.py scores it; docs/referee.md).
from tileclock_host.referee import grids

ALIASES = ("speed-scrabble",)   # the spelling this command used to take
LETTER_VALUES = True
DEFAULT = True


def lines(result):
    """(the score lines, problems) of a checked crossword."""
    problems = []
    if len(result.groups) > 1:
        problems.append("not one connected grid: %d groups of tiles" % len(result.groups))
    out = [
        "  words %d, seven or more letters: %d (+%d), unused or taken out: %s (-%d)" % (
            result.word_points(), len(result.long_words), grids.LONG_WORD_BONUS * len(result.long_words),
            grids.tiles_text(result.taken_out + result.grid.unused) or "none", result.penalty()),
        "  Speed Scrabble score: %d" % result.score(),
    ]
    return out, problems
