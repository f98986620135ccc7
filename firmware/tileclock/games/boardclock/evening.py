# What a close changes in a Board Clock evening (docs/boardclock.md): the
# game's points and margins to the standings, the records renamed with a
# player, and the evening's state in words at a close and back (the fold's
# checkpoint, Game.fold_state). Apart from rules.py and tally.py: loaded at
# a close, a rename or a restore, unloaded with the game's screens and
# specs (modules.forget_games), so that neither the sheet nor the entries
# hold it.
from micropython import const

from tileclock.engine.game import Refused, check_int, ints_of, words
from tileclock.games.boardclock.rules import MAX_BANK_MS, MAX_TIMELOSS, MIN_BANK_MS, RULES, WIN_POINTS

_MOST_A_GAME = const(4)             # the most points one game gives (four players level)
_MOST_SPREAD = const(1000000000)    # a sum of margins past this is no evening's

# a row of a closed game's record (tally.py): what a close and a rename read
_R_NAME = const(0)
_R_POINTS = const(5)
_R_MARGIN = const(7)


def close(g, now):
    """The game counts: its record, and the points and margins to the
    standings."""
    from tileclock.games.boardclock.tally import record
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
    g.bank_ms = check_int(int(state["bank"]), MIN_BANK_MS, MAX_BANK_MS, "time bank (ms)")
    g.limit_ms = g._check_limit(int(state["limit"]))
    if state["warnings"] not in ("on", "off"):
        raise ValueError("warnings")
    g.warnings = state["warnings"] == "on"
    # (a checkpoint written before these were kept has neither)
    g.rules = check_int(int(state.get("rules", "1")), 1, RULES, "rules' version")
    g.timeloss = check_int(int(state.get("timeloss", "0")), 0, MAX_TIMELOSS, "margin of a loss on time")
    g.game_bank = g.bank_ms
    g.game_limit = g.limit_ms
    g.game_timeloss = g.timeloss


