# What a close changes in a Board Clock evening (docs/boardclock.md): the
# game's points and margins to the standings, the records renamed with a
# player, and the evening's state in words at a close and back (the fold's
# checkpoint, Game.fold_state). Apart from rules.py (which it imports
# nothing from: rules imports it) and tally.py: loaded at
# a close, a rename or a restore, unloaded with the game's screens and
# specs (modules.forget_games), so that neither the sheet nor the entries
# hold it.
from micropython import const

from tileclock.engine.game import Refused, check_int, ints_of, words
from tileclock.games.boardclock.tally import WIN_POINTS, record

_MOST_A_GAME = const(4)             # the most points one game gives (four players level)
_MOST_SPREAD = const(1000000000)    # a sum of margins past this is no evening's

# a row of a closed game's record (tally.py): what a close and a rename read
_R_NAME = const(0)
_R_POINTS = const(5)
_R_MARGIN = const(7)


def close(g, now):
    """The game counts: its record, and the points and margins to the
    standings."""
    closed = record(g, now, False)
    for row in closed[5]:
        name = row[_R_NAME]
        g.totals[name] += row[_R_POINTS]
        g.spread[name] += row[_R_MARGIN]
    return closed


def rename_records(g, old, new):
    spread = {}
    for name in g.players:
        spread[name] = g.spread[old if name == new else name]
    g.spread = spread
    for i in range(len(g.games)):
        number, void, winner, draw, bank, rows = g.games[i]
        rows = tuple(((new,) + row[1:]) if row[_R_NAME] == old else row for row in rows)
        g.games[i] = (number, void, new if winner == old else winner, draw, bank, rows)


# -- the checkpoint (Game.fold_state) -------------------------------------------

def fold_state(g):
    return g.table_state() + [
        "spread=" + words([g.spread[name] for name in g.players]),
        "bank=%d" % g.bank_ms, "limit=%d" % g.limit_ms,
        "warnings=" + ("on" if g.warnings else "off"), "rounds=%d" % g.round_number,
        "rules=%d" % g.rules, "timeloss=%d" % g.timeloss]


def restore(g, state):
    # the options through the game's own setters (their checks, their
    # words), the rules' version first: it is set before a game is counted.
    # (A checkpoint written before the version and the margin were kept
    # has neither.)
    g.do_rules(0, int(state.get("rules", "1")))
    g.do_bank(0, int(state["bank"]))
    g.do_limit(0, int(state["limit"]))
    g.do_warnings(0, state["warnings"])
    g.do_timeloss(0, int(state.get("timeloss", "0")))
    g.game_bank = g.bank_ms
    g.game_limit = g.limit_ms
    rounds = g.round_number = check_int(int(state["rounds"]), 0, 100000, "rounds")
    g.restore_table(state, WIN_POINTS * rounds)
    if sum(g.totals.values()) > _MOST_A_GAME * rounds:
        raise Refused("points add up to more than the games played give")
    spread = ints_of(state["spread"])
    if len(spread) != len(g.players):
        raise ValueError("spread")
    g.spread = {}
    for i in range(len(spread)):
        g.spread[g.players[i]] = check_int(spread[i], -_MOST_SPREAD, _MOST_SPREAD, "a spread")
