# A table of two to eight players, one seat button each: seating, leaving,
# renaming (the points follow the player) and the merge window for calls.
# Word-Sport, Speed Scrabble and Tile Rush are table games; Spell Sport's two
# sides are its own.
#
#   seat N NAME     a player sits at seat N (between rounds)
#   unseat N        the player at seat N leaves; their points stay theirs
#   rename N NAME   the player at seat N is called NAME from now on, in every
#                   record: a name another player of the evening has (seated
#                   or gone) is refused, as that would merge two players
#   merge MS        calls within MS of the last one are the same call
from micropython import const

from tileclock.engine.game import MAX_SEATS, Game, Merged, Refused, check_int, check_name, ints_of, names_of, words
from tileclock.ticks import ticks_diff

DEFAULT_MERGE_MS = const(1500)  # two players saying "go" at once: one call
MAX_MERGE_MS = const(10000)

TABLE_VERBS = {"seat": "SEAT NAME", "unseat": "SEAT", "rename": "SEAT NAME", "merge": "MS"}


def rename_player(players, totals, old, new):
    """`players` with `old` renamed in place, and `totals` re-keyed in the
    same order (a new dict; the old one may be shared)."""
    players[players.index(old)] = new
    renamed = {}
    for player in players:
        renamed[player] = totals[old if player == new else player]
    return renamed


class TableGame(Game):
    # What a player's points belong to, for the messages ("evening", "match").
    SPAN = "evening"

    def reset_table(self):
        """The empty table; called by the game's reset()."""
        self.names = [None] * MAX_SEATS   # names[seat - 1]
        self.players = []                 # everyone who has scored, first appearance first
        self.totals = {}                  # name -> points
        self.merge_ms = DEFAULT_MERGE_MS
        self._last_call_at = None         # tick of the last call, for the merge window

    def table_state(self):
        """The table as restore words (Game.fold_state): seats, players and
        their totals, the merge window."""
        return ["seats=" + words(self.names), "players=" + words(self.players),
                "totals=" + words([self.totals[name] for name in self.players]),
                "merge=%d" % self.merge_ms]

    def restore_table(self, state, most=None):
        """The table from the words table_state() gave. `most`: the highest
        total the rounds played allow (every total is then 0 to `most`);
        None for a game whose rounds may score below zero."""
        names = names_of(state["seats"])
        players = names_of(state["players"])
        totals = ints_of(state["totals"])
        if len(names) != MAX_SEATS or len(totals) != len(players) or None in players:
            raise ValueError("seats, players or totals")
        for name in names + players:
            if name is not None:
                check_name(name)
        if most is not None:
            for total in totals:
                check_int(total, 0, most, "a total")
        self.names = names
        self.players = players
        self.totals = {}
        for i in range(len(players)):
            self.totals[players[i]] = totals[i]
        self.merge_ms = check_int(int(state["merge"]), 0, MAX_MERGE_MS, "merge window (ms)")

    # -- what the game decides --------------------------------------------

    def _need_seating(self, what):
        """Refuse `what` ("seating", "renaming") when the game is not
        between rounds."""
        raise NotImplementedError

    def _rename_records(self, old, new):
        """Rename `old` to `new` in the game's own records (closed rounds,
        winners); players and totals are done."""

    # -- reading ------------------------------------------------------------

    def seated(self):
        """Seat numbers with a player, in seat order."""
        return [i + 1 for i in range(MAX_SEATS) if self.names[i] is not None]

    def seat_total(self, seat):
        """The points of the player at `seat` so far (0 for an empty seat)."""
        name = self.names[seat - 1]
        return self.totals.get(name, 0) if name is not None else 0

    def standings(self):
        """[[name, total], ...] highest first, ties by name (one key:
        MicroPython's sort isn't stable)."""
        table = [[name, self.totals[name]] for name in self.players]
        table.sort(key=_standing_order)
        return table

    def _join(self, name):
        """`name` scores from now on (a new player starts at 0)."""
        if name not in self.totals:
            self.players.append(name)
            self.totals[name] = 0

    # -- the merge window ---------------------------------------------------

    def _check_merge(self, now, cue=0, told="counted once"):
        """Refuse a call within the merge window of the last one: two players
        saying "go" at once make one call. `cue` and `told`: what the players
        hear and read of this press when it may have meant more (see
        Merged)."""
        if self._last_call_at is not None:
            since = ticks_diff(now, self._last_call_at)
            if 0 <= since < self.merge_ms:
                raise Merged(told, cue)

    # -- actions --------------------------------------------------------------

    def do_seat(self, now, seat, name):
        self._need_seating("seating")
        check_int(seat, 1, MAX_SEATS, "seat (at most %d players)" % MAX_SEATS)
        check_name(name)
        if self.names[seat - 1] is not None:
            if None not in self.names:
                raise Refused("all %d seats are taken" % MAX_SEATS)
            raise Refused("seat %d has %s: unseat first" % (seat, self.names[seat - 1]))
        if name in self.names:
            raise Refused("%s is at seat %d" % (name, self.names.index(name) + 1))
        self.names[seat - 1] = name

    def do_unseat(self, now, seat):
        self._need_seating("seating")
        check_int(seat, 1, MAX_SEATS, "seat")
        if self.names[seat - 1] is None:
            raise Refused("nobody at seat %d" % seat)
        self.names[seat - 1] = None

    def do_rename(self, now, seat, name):
        self._need_seating("renaming")
        check_int(seat, 1, MAX_SEATS, "seat")
        check_name(name)
        old = self.names[seat - 1]
        if old is None:
            raise Refused("nobody at seat %d" % seat)
        if name == old:
            raise Refused("seat %d is %s already" % (seat, name))
        if name in self.names:
            raise Refused("%s is at seat %d" % (name, self.names.index(name) + 1))
        if name in self.totals:
            raise Refused("%s has played this %s: choose another name" % (name, self.SPAN))
        self.names[seat - 1] = name
        if old in self.totals:
            self.totals = rename_player(self.players, self.totals, old, name)
            self._rename_records(old, name)

    def do_merge(self, now, ms):
        self._need_seating("setting the merge window")
        self.merge_ms = check_int(ms, 0, MAX_MERGE_MS, "merge window (ms)")


def _standing_order(pair):
    return (-pair[1], pair[0])
