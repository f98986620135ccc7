# Tile Rush (docs/tilerush.md): the speed game played with one bag of 144
# letter tiles. Everyone builds their own crossword from a deal; SPLIT
# starts; whoever has used all their tiles calls PEEL and everyone takes one;
# a player may DUMP a tile for three; once fewer tiles are left than
# players, the first player out makes the final call and wins the round if
# their grid holds, else they are out of the round and their tiles go back
# to the bag. Wins count over the evening.
#
# The box never sees letters: it counts the bag and every player's tiles.
#
#   between rounds  seat N NAME, unseat N, rename N NAME, merge MS, start
#   play            peel N, dump N, call N, void
#   the call        holds, fails, void
from micropython import const

from tileclock import cues
from tileclock.engine.game import MIN_SEATS, Refused, check_int
from tileclock.engine.pool import TilePool
from tileclock.engine.table import TABLE_VERBS, TableGame
from tileclock.engine.timing import Stopwatch

# The bag: A13 B3 C3 D6 E18 F3 G4 H3 I12 J2 K2 L5 M3 N8 O11 P3 Q2 R9 S6 T9
# U6 V3 W3 X2 Y3 Z2.
LETTERS = (13, 3, 3, 6, 18, 3, 4, 3, 12, 2, 2, 5, 3, 8, 11, 3, 2, 9, 6, 9, 6, 3, 3, 2, 3, 2)
BAG = const(144)
DUMP_TAKES = const(3)        # a dump returns one tile and takes three

# Phases.
SETUP = "setup"      # between rounds: seats
PLAY = "play"        # split: everyone building, PEEL and DUMP
CHECK = "check"      # the final call: the table checks the caller's grid

_VERBS = {
    "start": "", "peel": "SEAT", "dump": "SEAT", "call": "SEAT", "holds": "", "fails": "", "void": "",
}
_VERBS.update(TABLE_VERBS)


def deal_size(players):
    """Tiles each player is dealt at SPLIT: 21 for two to four players, 15
    for five or six, 11 for seven or eight."""
    if players <= 4:
        return 21
    if players <= 6:
        return 15
    return 11


class TileRush(TableGame):
    KIND = "tilerush"
    VERBS = _VERBS

    def reset(self):
        self.reset_table()          # totals: rounds won
        self.phase = SETUP
        self.rounds = []            # closed rounds: (number, void, winner, play_ms, rows)
        self.round_number = 0       # rounds begun
        self._clear_round()

    def _clear_round(self):
        self.pool = None
        self.round_seats = ()       # seats of this round, in seat order (pool index)
        self.out = []               # seats whose final call failed (out of this round)
        self.caller = 0             # the seat whose final call is being checked
        self.last_call = 0          # the seat of the last PEEL, DUMP or call
        self.peels = 0
        self.dumps = 0
        self.play_ms = 0
        self._watch = Stopwatch()
        self._last_call_at = None

    # -- the checkpoint (Game.fold_state) --------------------------------------

    def at_rest(self):
        return self.phase == SETUP

    def fold_state(self):
        return self.table_state() + ["rounds=%d" % self.round_number]

    def restore(self, state):
        # a round won is one point (holds): nobody has more than the rounds,
        # nor all of them together
        rounds = self.round_number = check_int(int(state["rounds"]), 0, 100000, "rounds")
        self.restore_table(state, rounds)
        if sum(self.totals.values()) > rounds:
            raise Refused("totals add up to more than the %d rounds" % rounds)

    # -- reading ------------------------------------------------------------

    @property
    def playing(self):
        """Players of this round still in it (not out after a failed call)."""
        return len(self.round_seats) - len(self.out)

    def can_peel(self):
        """True while the bag can give every player still in one tile."""
        return self.pool is not None and self.pool.remaining >= self.playing

    def tiles(self, seat):
        """Tiles the player at `seat` holds this round (0 if not playing)."""
        if self.pool is None or seat not in self.round_seats:
            return 0
        return self.pool.drawn[self.round_seats.index(seat)]

    def clock_ms(self, now):
        """Play time: from SPLIT, frozen at the final call."""
        return self._watch.elapsed(now) if self.phase != SETUP else self.play_ms

    def clock_running(self, now):
        return self._watch.running

    # -- checks ---------------------------------------------------------------

    def _need_seating(self, what):
        if self.phase != SETUP:
            raise Refused("%s only between rounds" % what)

    def _player(self, seat):
        """The pool index of a seat still in this round."""
        check_int(seat, 1, len(self.names), "seat")
        if self.phase != PLAY:
            raise Refused("no round in play" if self.phase == SETUP else "the call is being checked")
        if seat not in self.round_seats:
            raise Refused("seat %d is not in this round" % seat)
        if seat in self.out:
            raise Refused("%s is out of this round" % self.names[seat - 1])
        return self.round_seats.index(seat)

    # -- actions ----------------------------------------------------------------

    def do_start(self, now):
        """SPLIT: the deal, and play begins."""
        self._need_seating("starting")
        seats = self.seated()
        if len(seats) < MIN_SEATS:
            raise Refused("at least %d players" % MIN_SEATS)
        self._clear_round()
        self.pool = TilePool(BAG, len(seats), deal_size(len(seats)))
        self.pool.deal_hands()
        self.round_seats = tuple(seats)
        for seat in seats:
            self._join(self.names[seat - 1])
        self.round_number += 1
        self.phase = PLAY
        self._watch.start(now)
        self.last_cue = cues.GO

    def do_peel(self, now, seat):
        """A player has used all their tiles: everyone still in takes one."""
        i = self._player(seat)
        if not self.can_peel():
            raise Refused("%d tiles left for %d players: the first out calls" % (self.pool.remaining, self.playing))
        self._check_merge(now)
        for k in range(len(self.round_seats)):
            if self.round_seats[k] not in self.out:
                self.pool.draw(k, 1)
        self.peels += 1
        self.last_call = self.round_seats[i]
        self._last_call_at = now
        self.last_cue = cues.TAKE_ONE

    def do_dump(self, now, seat):
        """A player returns one tile and takes three (while three are left)."""
        i = self._player(seat)
        if self.pool.remaining < DUMP_TAKES:
            raise Refused("a dump takes three: only %d left" % self.pool.remaining)
        self.pool.remaining += 1
        self.pool.draw(i, DUMP_TAKES)
        self.pool.drawn[i] -= 1
        self.dumps += 1
        self.last_call = seat

    def do_call(self, now, seat):
        """The final call: fewer tiles are left than players and `seat` has
        used all theirs. Play stops while the table checks the grid."""
        self._player(seat)
        if self.can_peel():
            raise Refused("%d tiles left: that is a peel" % self.pool.remaining)
        # A call on the heels of the last peel is most likely a second voice
        # of it: the players hear the peel again, a real caller presses again.
        self._check_merge(now, cues.TAKE_ONE, "taken as the peel: done? press again")
        self._watch.pause(now)
        self.caller = seat
        self.last_call = seat
        self.phase = CHECK
        self.last_cue = cues.IM_OUT

    def do_holds(self, now):
        """The caller's grid holds: they win the round."""
        if self.phase != CHECK:
            raise Refused("nobody has called")
        name = self.names[self.caller - 1]
        self.totals[name] += 1
        self._close(now, False, name)
        self.last_cue = cues.WIN

    def do_fails(self, now):
        """The caller's grid fails: they are out of the round, their tiles go
        back to the bag, and play goes on."""
        if self.phase != CHECK:
            raise Refused("nobody has called")
        i = self.round_seats.index(self.caller)
        pool = self.pool
        pool.remaining += pool.drawn[i]
        pool.drawn[i] = 0
        self.out.append(self.caller)
        self.caller = 0
        self.phase = PLAY
        self._last_call_at = None
        self._watch.resume(now)

    def do_void(self, now):
        """The round is abandoned: listed, nobody wins it."""
        if self.phase == SETUP:
            raise Refused("no round in play")
        self._close(now, True, None)

    def _close(self, now, void, winner):
        self._watch.pause(now)
        rows = []
        for k in range(len(self.round_seats)):
            seat = self.round_seats[k]
            name = self.names[seat - 1]
            rows.append((name, seat, self.pool.drawn[k], seat in self.out, name == winner))
        play_ms = self._watch.elapsed(now)
        self.rounds.append((self.round_number, void, winner, play_ms, tuple(rows)))
        self._clear_round()
        self.play_ms = play_ms
        self.phase = SETUP

    def _rename_records(self, old, new):
        for r in range(len(self.rounds)):
            number, void, winner, play_ms, rows = self.rounds[r]
            rows = tuple(((new,) + row[1:]) if row[0] == old else row for row in rows)
            self.rounds[r] = (number, void, new if winner == old else winner, play_ms, rows)

    # -- the score sheet ------------------------------------------------------------

    def _round_dict(self, number, void, winner, play_ms, rows):
        return {
            "number": number, "void": void, "winner": winner, "play_ms": play_ms,
            "rows": [{"name": name, "seat": seat, "tiles": tiles, "out": out, "won": won,
                      "total": 1 if won else 0} for name, seat, tiles, out, won in rows],
        }

    def sheet(self):
        current = None
        if self.phase != SETUP:
            rows = []
            for k in range(len(self.round_seats)):
                seat = self.round_seats[k]
                rows.append((self.names[seat - 1], seat, self.pool.drawn[k], seat in self.out, False))
            current = self._round_dict(self.round_number, False, None, None, rows)
            current["bag"] = self.pool.remaining
        return {
            "game": self.KIND,
            "players": list(self.players),
            "rounds": [self._round_dict(*r) for r in self.rounds],
            "totals": dict(self.totals),
            "standings": self.standings(),
            "current": current,
        }


GAME = TileRush      # what games.new_game() makes
