# Word-Sport's crossword: scored by its bonuses only (docs/wordsport.md,
# "The game"): 5 a word of seven or more letters, three at most, and 5 for
# one grid. Places, two minutes and a straight run come from the round on
# the clock; unused tiles decide places when no one else finished.
from tileclock.games.wordsport.rules import BONUS  # 5 a seven, 5 for one grid
from tileclock.games.wordsport.rules import MAX_SEVENS  # the device's own limit (three)
from tileclock_host.referee import grids

ALIASES = ("word-sport",)
LETTER_VALUES = False           # a word counts only by its length


def sevens(result):
    """The seven-letter words Word-Sport counts: "up to fifteen points for
    three seven letter words", as the device's entry (at most three)."""
    return min(len(result.long_words), MAX_SEVENS)


def bonus(result):
    """Word-Sport's extra points: 5 a seven-letter word (three at most),
    5 for one grid."""
    return BONUS * sevens(result) + (BONUS if result.one_grid() else 0)


def lines(result):
    """(the bonus lines, problems) of a checked crossword."""
    left = len(result.grid.unused) + len(result.taken_out)
    what = []
    if result.grid.unused:
        what.append("unused %s" % grids.tiles_text(result.grid.unused))
    if result.taken_out:
        what.append("in no word of the list %s" % grids.tiles_text(result.taken_out))
    counted = sevens(result)
    found = len(result.long_words)
    text = "%d word%s" % (found, "" if found == 1 else "s")
    if counted < found:
        text += ", three count (\"up to fifteen points\")"
    text += " (+%d)" % (BONUS * counted)
    if result.one_grid():
        grid = "yes (+%d)" % BONUS
    elif result.bad_words:
        grid = "no: a word is not in the list"
    else:
        grid = "no: %d groups of tiles" % len(result.groups)
    return [
        "  tiles left over: %d%s" % (left, " (%s)" % ", ".join(what) if what else ""),
        "  words of seven or more letters: %s; one grid: %s" % (text, grid),
        "  Word-Sport points for the crossword: %d (place, two-minute and straight-run points come "
        "from the round on the clock)" % bonus(result),
    ], []
