# Long evenings of every game as action lists, for the checkpoint tests and
# benches: deterministic (a small generator, not `random`, so CPython and
# MicroPython play the same evening), legal at every step, and as long as
# asked. Each function returns (kind, [(now, verb, args), ...]), or with
# `sink` hands each action to sink(action) as it is made and keeps none (an
# evening of 3,000 actions would fill a Pico-sized heap).
from tileclock.ticks import ticks_add

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo")


class Dice:
    """A tiny linear congruential generator: the same numbers everywhere."""

    def __init__(self, seed=7):
        self.state = seed

    def roll(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n


class Evening:
    def __init__(self, kind, start=0, sink=None):
        from tileclock.engine.game import History
        from tileclock.script import new_game
        self.kind = kind
        self.game = new_game(kind)
        self.now = start
        self.actions = History()    # in chunks: a long evening on a Pico-sized heap
        self.count = 0
        self.sink = sink
        self.dice = Dice()

    def later(self, ms):
        self.now = ticks_add(self.now, ms)
        return self.now

    def do(self, verb, *args):
        """Apply it to the game that keeps the evening honest (folded as
        it goes, so that it stays small), and keep it."""
        self.game.do(self.now, verb, args)
        self.count += 1
        if self.sink is None:
            self.actions.append(self.game.history[-1])
        else:
            self.sink(self.game.history[-1])
        if self.game.foldable():
            self.game = self.game.folded()[0]

    def try_do(self, verb, *args):
        from tileclock.engine.game import Refused
        try:
            self.do(verb, *args)
            return True
        except Refused:
            return False


def wordsport(actions=3000, players=8, start=0, sink=None):
    """Word-Sport on the double set: gos, the win, finishes, entries, a void
    round now and then, a pause, a player who leaves and one who joins."""
    e = Evening("wordsport", start, sink)
    for seat in range(1, players + 1):
        e.do("seat", seat, NAMES[seat - 1])
    e.do("tiles", "double" if players > 5 else "full")
    number = 0
    while e.count < actions:
        number += 1
        e.later(30000)
        e.do("start")
        seats = e.game.round_seats
        while e.game.pool.can_serve(1):
            e.later(2000 + e.dice.roll(6000))
            if e.dice.roll(9) == 0:
                e.do("stuck")
            else:
                e.do("go", seats[e.dice.roll(len(seats))])
            if e.dice.roll(40) == 0:
                e.do("pause")
                e.later(20000)
                e.do("resume")
        if number % 11 == 0:
            e.later(3000)
            e.do("void")
            continue
        e.later(4000)
        order = list(seats)
        first = order.pop(e.dice.roll(len(order)))
        e.do("out", first)
        for _ in range(e.dice.roll(len(order))):
            e.later(3000 + e.dice.roll(5000))
            e.do("out", order.pop(e.dice.roll(len(order))))
        e.later(61000)
        for seat in order:
            e.do("unused", seat, e.dice.roll(6))
        for seat in seats:
            if e.dice.roll(3) == 0:
                e.do("sevens", seat, 1)
            if e.dice.roll(4) == 0:
                e.do("grid", seat, 1)
        e.later(5000)
        e.do("close")
        if number % 7 == 0 and len(e.game.seated()) > 2:
            last = e.game.seated()[-1]
            e.do("unseat", last)
            e.do("seat", last, NAMES[(players + number // 7) % len(NAMES)] + str(number % 10) + "x")
    return e.kind, e.actions


def speedscrabble(actions=3000, players=4, start=0, sink=None):
    """Speed Scrabble matches: TAKE TWO until I'M OUT, every score entered,
    a new match once the target is passed, a hold and a void now and then."""
    e = Evening("speedscrabble", start, sink)
    for seat in range(1, players + 1):
        e.do("seat", seat, NAMES[seat - 1])
    e.do("sets", (players + 3) // 4)
    e.do("target", 500)
    number = 0
    while e.count < actions:
        number += 1
        e.later(20000)
        if e.game.phase == "match_over":
            e.do("newmatch")
        e.do("start")
        if number % 9 == 4:
            e.later(1000)
            e.do("hold")
            e.later(5000)
            e.do("start")
        e.later(3000)
        seats = e.game.round_seats
        while e.game.phase_at(e.now) != "entry":
            e.later(2000 + e.dice.roll(5000))
            e.do("take", seats[e.dice.roll(len(seats))])
        if number % 13 == 0:
            e.later(2000)
            e.do("void")
            continue
        for seat in seats:
            e.later(4000)
            held = e.game.pool.drawn[seats.index(seat)]
            e.do("score", seat, 20 + e.dice.roll(2 * held), e.dice.roll(held), e.dice.roll(2))
        e.later(2000)
        e.do("close")
    return e.kind, e.actions


def spellsport(games=20, start=0, sink=None):
    """A rubber of Spell Sport: plays, passes, refills, and each game ended
    by a path (across, down or both) or with nobody able to play."""
    e = Evening("spellsport", start, sink)
    e.do("seat", 1, "Ann")
    e.do("seat", 2, "Bob")
    for number in range(1, games + 1):
        e.later(60000)
        e.do("start")
        moves = 10 + e.dice.roll(12)
        for _ in range(moves):
            e.later(20000 + e.dice.roll(40000))
            g = e.game
            seat = g.turn
            if g.refill_offer:
                e.do("refill", g.refill_offer)
                continue
            rack = g.rack(seat)
            if rack == 0 or e.dice.roll(8) == 0:
                e.do("pass", seat)
                continue
            tiles = 1 + e.dice.roll(min(rack, 3))
            word = 2 * tiles
            if word < 3:
                word = 3
            e.do("play", seat, tiles, 0, word, 0, "separate")
        e.later(10000)
        g = e.game
        if g._last_move_played:
            e.do("path", ("across", "down", "both")[number % 3])
        else:
            e.do("endgame")
    return e.kind, e.actions


def tilerush(actions=3000, players=4, start=0, sink=None):
    """Tile Rush rounds: peels, dumps, failed calls and held ones."""
    e = Evening("tilerush", start, sink)
    for seat in range(1, players + 1):
        e.do("seat", seat, NAMES[seat - 1])
    number = 0
    while e.count < actions:
        number += 1
        e.later(30000)
        e.do("start")
        while True:
            e.later(3000 + e.dice.roll(8000))
            g = e.game
            inside = [s for s in g.round_seats if s not in g.out]
            seat = inside[e.dice.roll(len(inside))]
            if g.can_peel():
                if g.pool.remaining >= 3 and e.dice.roll(7) == 0:
                    e.do("dump", seat)
                else:
                    e.do("peel", seat)
                continue
            e.do("call", seat)
            e.later(15000)
            if len(inside) > 2 and e.dice.roll(3) == 0:
                e.do("fails")
                continue
            e.do("holds")
            break
    return e.kind, e.actions


def boardclock(actions=3000, players=3, start=0, sink=None):
    """Board Clock games: turns of 10 s to 2 min, a pause now and then,
    the scores and the close, a game abandoned now and then."""
    e = Evening("boardclock", start, sink)
    for seat in range(1, players + 1):
        e.do("seat", seat, NAMES[seat - 1])
    e.do("bank", 1500000)
    e.do("limit", 600000)
    number = 0
    while e.count < actions:
        number += 1
        e.later(60000)
        e.do("start", 1 + e.dice.roll(players))
        for _ in range(12 + e.dice.roll(12)):
            e.later(10000 + e.dice.roll(110000))
            if e.dice.roll(15) == 0:
                e.do("pause")
                e.later(30000)
                e.do("resume")
                e.later(5000)
            e.do("turn", e.game.on_seat)
        e.later(4000)
        if number % 6 == 5:
            e.do("void")
            continue
        e.do("end")
        for seat in range(1, players + 1):
            e.later(3000)
            e.do("score", seat, 100 + e.dice.roll(300))
        e.later(2000)
        e.do("close")
    return e.kind, e.actions


def evening(kind, actions, start=0, sink=None):
    """About `actions` actions of `kind`'s evening (EVENINGS[kind]; Spell
    Sport's counts its games: as many as give that many actions), cut to
    that many: as evening() of each returns (kind, [action, ...])."""
    from tileclock.engine.game import History
    make = EVENINGS.get(kind)
    if make is None:
        raise AssertionError("tests/firmware/evenings.py has no evening of %s: write one" % kind)
    out = History()     # (in chunks: no big block on a Pico-sized heap)
    if make is spellsport:
        make(actions // 12 + 2, start, out.append)
    else:
        make(actions, start=start, sink=out.append)
    while len(out) > actions:
        out.pop()
    if sink is not None:
        for action in out:
            sink(action)
        out = History()
    return kind, out


# Every game's evening, by kind: tests that play each game look its evening
# up here for every kind of tileclock.games.KINDS (a game with none fails).
EVENINGS = {"wordsport": wordsport, "speedscrabble": speedscrabble, "spellsport": spellsport,
            "tilerush": tilerush, "boardclock": boardclock}

# The evening the journal's benches play (bench/mpy_journal.py, mpy_resume.py,
# mpy_season.py): Word-Sport's, the most actions a round and the longest
# fold states, for eight.
JOURNAL_KIND = "wordsport"
journal_evening = wordsport
