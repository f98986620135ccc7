# Checkpoints (engine/game.py): a game folded at every chance holds at most
# the last closed round and the one in play, and says the same as the same
# evening never folded: totals, standings, the round in play, the recent
# rounds, undo. Every game, long evenings; runs on CPython and MicroPython.
from check import raises, undo
from evenings import EVENINGS

from tileclock.engine.game import Refused
from tileclock.script import format_action, load, new_game, parse_action

SIZES = {"wordsport": 500, "speedscrabble": 500, "spellsport": 10, "tilerush": 500}
# What a folded game's sheet must give as the whole evening's does (its
# "rounds" are only the recent ones: the journal keeps the rest).
SAME = ("game", "totals", "standings", "current", "fastest_win", "target", "winner", "rubber_winner",
        "pool_exact")


def _evening(kind):
    return EVENINGS[kind](SIZES[kind])[1]


def _check_same(folded, whole):
    a = folded.sheet()
    b = whole.sheet()
    for key in SAME:
        assert a.get(key) == b.get(key), key
    assert a["players"] == b["players"]
    recent = a["rounds"]
    assert recent == b["rounds"][len(b["rounds"]) - len(recent):]
    assert folded.phase == whole.phase and folded.round_number == whole.round_number


def _fold_along(kind, check_every=1):
    actions = _evening(kind)
    whole = new_game(kind)
    folded = new_game(kind)
    longest = 0
    folds = 0
    for i in range(len(actions)):
        now, verb, args = actions[i]
        whole.do(now, verb, args)
        folded.do(now, verb, args)
        if folded.foldable():
            folded, dropped = folded.folded()
            folds += 1
            assert dropped and folded.history[0][1] == "restore"
        longest = max(longest, len(folded.history))
        if i % check_every == 0 or i == len(actions) - 1:
            _check_same(folded, whole)
    return whole, folded, folds, longest


def test_word_sport_folded_says_the_same_as_the_whole_evening():
    whole, folded, folds, longest = _fold_along("wordsport", 7)
    assert folds > 5 and longest < 160, (folds, longest)
    assert len(folded.sheet()["rounds"]) <= 2 < len(whole.sheet()["rounds"])


def test_speed_scrabble_folded_says_the_same():
    whole, folded, folds, longest = _fold_along("speedscrabble", 7)
    assert folds > 5, folds


def test_spell_sport_folded_says_the_same():
    whole, folded, folds, longest = _fold_along("spellsport", 3)
    assert folds > 5, folds


def test_tile_rush_folded_says_the_same():
    whole, folded, folds, longest = _fold_along("tilerush", 7)
    assert folds > 5, folds


def test_undo_reaches_across_the_last_close_and_no_further():
    kind = "wordsport"
    actions = _evening(kind)
    closes = [i for i in range(len(actions)) if actions[i][1] == "close"]
    upto = closes[3] + 5                      # five actions into the round after the 4th close
    whole = new_game(kind)
    folded = new_game(kind)
    for now, verb, args in actions[:upto + 1]:
        whole.do(now, verb, args)
        folded.do(now, verb, args)
        if folded.foldable():
            folded = folded.folded()[0]
    # undo back over the last close, step by step, as the whole evening does
    steps = upto - closes[2]
    for _ in range(steps):
        folded = folded.undone()
        undo(whole)
        _check_same(folded, whole)
    raises(Refused, folded.undone)              # the round before is folded: on flash only


def test_undone_leaves_the_game_as_it_was():
    kind, actions = EVENINGS["tilerush"](120)
    g = new_game(kind)
    for now, verb, args in actions:
        g.do(now, verb, args)
    before = (g.sheet(), len(g.history))
    new = g.undone()
    assert (g.sheet(), len(g.history)) == before          # untouched
    assert len(new.history) == len(g.history) - 1


def test_the_restore_line_reads_back_as_it_was_written():
    # the checkpoint goes to the journal as a text line: format, parse, load
    for kind in ("wordsport", "speedscrabble", "spellsport", "tilerush"):
        g = new_game(kind)
        for now, verb, args in _evening(kind):
            g.do(now, verb, args)
            if g.foldable():
                g = g.folded()[0]
        lines = ["game " + kind] + [format_action(*a) for a in g.history]
        assert lines[1].split()[1] == "restore", kind
        again = load(lines)
        assert again.sheet() == g.sheet(), kind
        assert parse_action(lines[1])[2] == g.history[0][2]


def test_a_bad_restore_is_refused_and_changes_nothing():
    g = new_game("wordsport")
    assert "KEY=VALUE" in raises(Refused, g.do, 0, "restore", ("seats",)).reason
    assert "missing or wrong" in raises(Refused, g.do, 0, "restore", ("seats=Ann",)).reason
    assert g.names == [None] * 8 and not g.history
    g.do(0, "seat", (1, "Ann"))
    assert "comes first" in raises(Refused, g.do, 0, "restore", ("x=1",)).reason


def test_time_only_goes_forward():
    g = new_game("wordsport")
    g.do(5000, "seat", (1, "Ann"))
    reason = raises(Refused, g.do, 4000, "seat", (2, "Bob")).reason
    assert reason == "time runs backwards: 1000 ms before the last action"
    g.do(5000, "seat", (2, "Bob"))              # the same moment is fine
    assert raises(Refused, g.do, "1:00", "start").reason == "an action's time is a whole number of ms"
