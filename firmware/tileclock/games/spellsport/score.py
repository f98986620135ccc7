# How a Spell Sport play scores (docs/spellsport.md):
#   one word: its letter count; two separate words (one across, one down): the
#   sum; two joined words: the product; a circuit doubles the play; every tile
#   taken from the opponent costs 4 points.
from tileclock.engine.game import Refused

STOLEN_TILE_PENALTY = 4
LONGEST_WORD = 26  # a word can't be longer than the board


def play_score(across, down, joined=False, circuit=False, stolen=0):
    """Points for one play.

    `across` and `down` are the letter counts of the words formed (0 for none;
    a formed word has at least three letters). `joined` says the two words
    cross or meet; `circuit` that the play completed a circuit.
    """
    for length in (across, down):
        if length != 0 and not (3 <= length <= LONGEST_WORD):
            raise Refused("a word has 3 to %d letters" % LONGEST_WORD)
    if across == 0 and down == 0:
        raise Refused("a play forms at least one word")
    if joined and (across == 0 or down == 0):
        raise Refused("joined needs an across and a down word")
    if stolen < 0 or stolen > 338:
        raise Refused("stolen tiles must be 0 or more")
    if joined:
        points = across * down
    else:
        points = across + down
    if circuit:
        points *= 2
    return points - STOLEN_TILE_PENALTY * stolen
