# Board Clock's results (docs/boardclock.md): a game's record (the
# penalties taken off, the margins and the points), the standings and the
# score sheet. Apart from rules.py, which calls it for them only: loaded at
# a close, by the sheet and the entries, and unloaded with a game's screens
# and specs (modules.forget_games), so that the clock and the menus never
# hold it. What a close changes in the evening is evening.py's.
from micropython import const

# The standings' points (rules.py imports this module, never the other way:
# what it needs of the rules, the penalty, it asks the game for)
WIN_POINTS = const(2)               # a win
DRAW_POINTS = const(1)              # each player of a tie for first

# A closed game: (number, void, winner, draw, bank_ms, rows); a row:
# (name, seat, used_ms, score, lost, points, adjusted, margin, went out),
# the scores None in a void game (evening.py reads the name, the points
# and the margin by index).


def outcome(adjusted, lost=-1, timeloss=0):
    """(margins, points) of a game from the players' adjusted scores (in
    seat order), the index of the player who lost on time (-1: none) and
    the least margin of a loss on time (the option, in points).

    The highest adjusted score wins (2 points); a tie for first is a draw (1
    point each of those level). A player who lost on time ranks below
    everyone else, and for the margins their score counts no higher than
    the lowest of the others' less `timeloss`. A margin is the player's
    score less the best of the others'."""
    n = len(adjusted)
    counted = list(adjusted)
    if lost >= 0:
        low = None
        for i in range(n):
            if i != lost and (low is None or adjusted[i] < low):
                low = adjusted[i]
        if low is not None and counted[lost] > low - timeloss:
            counted[lost] = low - timeloss
    margins = []
    for i in range(n):
        best = None
        for j in range(n):
            if j != i and (best is None or counted[j] > best):
                best = counted[j]
        margins.append(counted[i] - best)
    top = None
    for i in range(n):
        if i != lost and (top is None or counted[i] > top):
            top = counted[i]
    level = [i for i in range(n) if i != lost and counted[i] == top]
    points = [0] * n
    for i in level:
        points[i] = WIN_POINTS if len(level) == 1 else DRAW_POINTS
    return margins, points


# -- a game's record ---------------------------------------------------------------

def record(g, now, void):
    """The game as a closed game's record (above) at `now` (None: as
    the last action left it): scored if every score is in and it is not
    void."""
    seats = g.round_seats
    n = len(seats)
    if now is None:             # as the last action left it
        lost = g.lost
        used = list(g.used)
    else:
        lost = g.lost_at(now)
        used = [g.used_at(i, now) for i in range(n)]
    scored = not void and None not in g.scores
    margins = points = adjusted = None
    if scored:
        adjusted = [g.scores[i] - g.penalty(used[i] - g.game_bank, g.rules) for i in range(n)]
        margins, points = outcome(adjusted, lost, g.timeloss)     # (set between games only)
    rows = []
    winner = None
    level = 0
    for i in range(n):
        name = g.names[seats[i] - 1]
        got = points[i] if points else 0
        if got:
            level += 1
            winner = name
        rows.append((name, seats[i], used[i], None if void else g.scores[i], i == lost, got,
                     adjusted[i] if adjusted else None, margins[i] if margins else None, i == g.out))
    draw = level > 1
    if draw:
        winner = None
    return (g.round_number, void, winner, draw, g.game_bank, tuple(rows))


# -- the standings and the score sheet --------------------------------------------

def standings(g):
    """[[name, points], ...]: most points first (2 a win, 1 a draw),
    then the highest sum of margins, then the name."""
    table = [[name, g.totals[name]] for name in g.players]
    spread = g.spread
    table.sort(key=lambda pair: (-pair[1], -spread[pair[0]], pair[0]))
    return table


def round_dict(g, closed):
    number, void, winner, draw, bank, rows = closed
    out = []
    play_ms = 0
    went_out = None
    for name, seat, used, score, lost, points, adjusted, margin, out_play in rows:
        over = used - bank if used > bank else 0
        play_ms += used
        if out_play:
            went_out = name
        out.append({"name": name, "seat": seat, "score": score, "used_ms": used, "over_ms": over,
                    "penalty": g.penalty(over, g.rules), "adjusted": adjusted, "margin": margin,
                    "lost": lost, "total": None if adjusted is None and not void else points})
    return {"number": number, "void": void, "winner": winner, "draw": draw, "went_out": went_out,
            "play_ms": play_ms, "bank_ms": bank, "rows": out}


def sheet(g):
    current = None
    if g.phase != "setup":
        current = round_dict(g, record(g, None, False))
    return {
        "game": g.KIND,
        "players": list(g.players),
        "rounds": [round_dict(g, r) for r in g.games],
        "totals": dict(g.totals),
        "spread": dict(g.spread),
        "standings": standings(g),
        "current": current,
        "bank_ms": g.bank_ms,
        "limit_ms": g.limit_ms,
        "timeloss": g.timeloss,
        "rules": g.rules,
    }
