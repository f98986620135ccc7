# Word-Sport (the rules in our words: docs/wordsport.md): a count-up race to use every tile, then a
# countdown for second and third place, then the score sheet.
#
# Everything is an action, so replaying the history rebuilds the evening:
#   between rounds  seat N NAME, unseat N, rename N NAME, tiles full|half|double,
#                   countdown MS, merge MS, start
#   play            go N, stuck, out N (the win), pause, resume, void,
#                   end (the pool is spent and nobody can finish)
#   countdown       out N (2nd, 3rd ...), pause, resume, stop, void
#   after time up   unused N K, sevens N K, grid N [0|1], run N [0|1], dq N,
#                   close, void
# docs/wordsport.md describes them, the phases, the sheet and a worked example.
from tileclock import cues
from tileclock.engine.game import MAX_SEATS, MIN_SEATS, Refused, check_int, words
from tileclock.engine.pool import SET_SIZES, TilePool
from tileclock.engine.table import TABLE_VERBS, TableGame
from tileclock.engine.timing import Countdown, Stopwatch

from micropython import const

# Phases. A round runs PLAY -> COUNTDOWN -> ENTRY and back to SETUP (or
# PLAY -> ENTRY when nobody can finish).
SETUP = "setup"          # between rounds: seats and options
PLAY = "play"            # count-up running, tiles drawn on go / stuck
COUNTDOWN = "countdown"  # someone won; the others race the countdown
ENTRY = "entry"          # play is over: unused tiles, sevens, grids, dq

DEFAULT_COUNTDOWN_MS = const(60000)
MIN_COUNTDOWN_MS = const(10000)
MAX_COUNTDOWN_MS = const(600000)
PLACE_POINTS = (10, 5, 3)       # first, second, third
BONUS = const(5)                # each seven, one grid, two minutes, straight run
_ROUND_MOST = const(40)         # the most a round gives a player: 10 + 5 x (3 sevens, grid, 2 min, run)
MAX_SEVENS = const(3)           # "up to fifteen points for three seven letter words"
TWO_MINUTES_MS = const(120000)  # "two minutes or less": 2:00.000 still counts
MOST_ON_FULL = const(5)         # full set: "two to four", five squeezed in (docs/wordsport.md)
MOST_ON_HALF = const(4)         # half set: at most the four of the set it is half of

# A scored round: (number, void, win_ms, winner, rows), each row a tuple
# indexed by the _R_* constants. A closed round is kept packed in bytes (see
# _pack): ten rounds of eight rows as tuples took 12 KB of the unix port's
# heap, packed they take about 1 KB.
_R_NAME = const(0)
_R_SEAT = const(1)
_R_PLACE = const(2)
_R_FINISH = const(3)
_R_UNUSED = const(4)
_R_SEVENS = const(5)
_R_GRID = const(6)
_R_TWO_MIN = const(7)
_R_RUN = const(8)
_R_DQ = const(9)
_R_TOTAL = const(10)
_ROW_BYTES = const(10)   # packed row: player, seat, place, unused, sevens, flags, finish (4)
_NO_VALUE = const(255)   # a packed place or unused count that is None
_NO_TIME = const(0xFFFFFFFF)
_GRID = const(1)
_TWO_MIN = const(2)
_RUN = const(4)
_DQ = const(8)
_MAX_PLAYERS = const(250)  # a player is one byte in a packed row

_VERBS = {
    "tiles": "half|full|double", "countdown": "MS", "start": "",
    "go": "SEAT", "stuck": "", "out": "SEAT", "pause": "", "resume": "", "stop": "", "end": "",
    "unused": "SEAT COUNT", "sevens": "SEAT COUNT", "grid": "SEAT [0|1]", "run": "SEAT [0|1]",
    "dq": "SEAT", "void": "", "close": "",
}
_VERBS.update(TABLE_VERBS)


class WordSport(TableGame):
    KIND = "wordsport"
    VERBS = _VERBS

    def __init__(self):
        # tick()'s memory (not rules state): the countdown it last looked at
        # (closed rounds, the win's tick) and the second it saw there. Set
        # here, not in reset(), so an undo that leaves the same countdown
        # running never sounds a second (or TIME_UP) that already passed.
        self._cued_round = -1
        self._cued_win_at = 0
        self._cued_second = 11
        super().__init__()

    def reset(self):
        self.reset_table()                # names, players, totals (grand totals of closed rounds)
        self.phase = SETUP
        self.set_name = "full"
        self.countdown_length = DEFAULT_COUNTDOWN_MS
        self._rounds = []                 # closed rounds since the checkpoint, packed by _pack
        self._folded = 0                  # closed rounds before the checkpoint (on flash)
        self.fastest_win = None           # (name, ms, round number) or None
        self._clear_round()

    def _clear_round(self):
        self.pool = None
        self.round_seats = []   # seat numbers of this round; index = pool index
        self.finishers = []     # seats in finishing order; the first is the win
        self.last_call = 0      # seat of the last go, 0 for stuck (or none yet)
        self.win_ms = None
        self._watch = Stopwatch()
        self._countdown = Countdown(self.countdown_length)
        self._finish_ms = []
        self._unused = []
        self._sevens = []
        self._grid = []
        self._dq = []
        self._run_seat = 0      # who said every go so far: 0 nobody yet, -1 broken
        self._run_override = None  # the players' word on the straight run: None, 0 or 1
        self._last_call_at = None  # tick of the last go or stuck (the merge window)
        self._win_at = 0        # tick of the win (which countdown tick() is cueing)

    # ---- read-only API for the screens ------------------------------------

    @property
    def round_number(self):
        """Rounds begun: the round being played, or between rounds the last
        one (0 before the first)."""
        return self._folded + len(self._rounds) + (0 if self.phase == SETUP else 1)

    @property
    def paused(self):
        if self.phase == PLAY:
            return not self._watch.running
        if self.phase == COUNTDOWN:
            return not self._countdown.running
        return False

    @property
    def tiles_each(self):
        """Tiles every player of the round holds (all hold the same)."""
        return self.pool.drawn[0] if self.pool else 0

    def clock_ms(self, now):
        """The count-up; it freezes at the win."""
        return self._watch.elapsed(now) if self.phase != SETUP else 0

    def countdown_ms(self, now):
        """What is left of the countdown (its full length before the win)."""
        return self._countdown.remaining(now)

    def time_up(self, now):
        """True once play is over: the countdown ran out or was stopped."""
        if self.phase == ENTRY:
            return True
        return self.phase == COUNTDOWN and self._countdown.expired(now)

    def clock_running(self, now):
        """The count-up or the countdown runs (not paused, not over)."""
        phase = self.phase
        if phase == PLAY:
            return self._watch.running
        if phase == COUNTDOWN:
            return self._countdown.running and not self._countdown.expired(now)
        return False

    def tick(self, now):
        """LAST_TEN once a second in the last ten seconds, then TIME_UP once.

        Allocates nothing. A second is cued when it is lower than the one
        seen at the previous tick of the same countdown (same round, same
        win tick), so each sounds once, an undo that keeps the countdown
        sounds nothing again, and seconds given back (an undone resume)
        sound again when they really come round.
        """
        if self.phase != COUNTDOWN:
            return cues.NONE
        closed = self._folded + len(self._rounds)
        if self._cued_round != closed or self._cued_win_at != self._win_at:
            self._cued_round = closed
            self._cued_win_at = self._win_at
            self._cued_second = 11
        left = self._countdown.remaining(now)
        second = (left + 999) // 1000
        seen = self._cued_second
        self._cued_second = second
        if second >= seen or second > 10:
            return cues.NONE
        return cues.TIME_UP if second == 0 else cues.LAST_TEN

    def live_rows(self, now):
        """The round in progress as sheet rows in place order, each with
        "grand": the player's grand total if the round closed now."""
        if self.phase == SETUP:
            return []
        rows = self._round_dict(self._score_round(self.round_number, False))["rows"]
        for row in rows:
            row["grand"] = self.totals.get(row["name"], 0) + row["total"]
        rows.sort(key=_place_order)
        return rows

    # ---- the checkpoint (Game.fold_state) -----------------------------------

    def at_rest(self):
        return self.phase == SETUP

    def fold_state(self):
        out = self.table_state()
        out += ["tiles=" + self.set_name, "countdown=%d" % self.countdown_length,
                "rounds=%d" % (self._folded + len(self._rounds))]
        if self.fastest_win is not None:
            out.append("fastest=" + words(self.fastest_win))
        return out

    def restore(self, state):
        rounds = self._folded = check_int(int(state["rounds"]), 0, 100000, "rounds")
        self.restore_table(state, _ROUND_MOST * rounds)
        if state["tiles"] not in SET_SIZES:
            raise ValueError("tiles")
        self.set_name = state["tiles"]
        self.countdown_length = check_int(int(state["countdown"]), MIN_COUNTDOWN_MS, MAX_COUNTDOWN_MS,
                                          "countdown")
        self._countdown = Countdown(self.countdown_length)
        fastest = state.get("fastest")
        if fastest:
            name, ms, number = fastest.split(",")
            if name not in self.totals:
                raise ValueError("fastest")
            # a win time is packed in 4 bytes (_pack), _NO_TIME for none
            self.fastest_win = (name, check_int(int(ms), 0, _NO_TIME - 1, "fastest win (ms)"),
                                check_int(int(number), 1, rounds, "fastest win's round"))

    # ---- checks shared by the actions --------------------------------------

    def _seat(self, seat):
        """Index into the round's lists of a seat that plays this round."""
        check_int(seat, 1, MAX_SEATS, "seat")
        if seat not in self.round_seats:
            raise Refused("seat %d is not in this round" % seat)
        return self.round_seats.index(seat)

    def _need_setup(self):
        if self.phase != SETUP:
            raise Refused("a round is running: close or void it first")

    def _need_seating(self, what):
        self._need_setup()

    def _rename_records(self, old, new):
        # Closed rounds name their players by index into self.players.
        fastest = self.fastest_win
        if fastest is not None and fastest[0] == old:
            self.fastest_win = (new, fastest[1], fastest[2])

    def _need_round(self):
        if self.phase == SETUP:
            raise Refused("no round running")

    def _need_draw(self, now):
        self._need_round()
        if self.phase != PLAY:
            raise Refused("the round is won: no more tiles")
        if not self._watch.running:
            raise Refused("the clock is paused: resume first")
        self._check_merge(now)
        if not self.pool.can_serve(1):
            raise Refused("pool spent: the next finisher wins")

    def _need_entry(self, now):
        """Entries are made once play is over (time up, or stopped)."""
        self._need_round()
        if not self.time_up(now):
            raise Refused("entries wait until time is up")

    def _to_entry(self, now):
        if self.phase == COUNTDOWN:
            self._countdown.pause(now)  # freeze it: entries may come days later
            self.phase = ENTRY

    # ---- between rounds -----------------------------------------------------

    def do_tiles(self, now, set_name):
        self._need_setup()
        if set_name not in SET_SIZES:
            raise Refused("tile set is full, half or double")
        self.set_name = set_name

    def do_countdown(self, now, ms):
        self._need_setup()
        check_int(ms, MIN_COUNTDOWN_MS, MAX_COUNTDOWN_MS, "countdown ms")
        self.countdown_length = ms
        self._countdown = Countdown(ms)   # countdown_ms shows it before the next start

    def do_start(self, now):
        self._need_setup()
        seats = self.seated()
        if len(seats) < MIN_SEATS:
            raise Refused("%d to %d players needed" % (MIN_SEATS, MAX_SEATS))
        total = SET_SIZES[self.set_name]
        # "100 letter tiles in the set for two to four players An additional
        # set (purchased separately) plays six to eight players."
        if self.set_name != "double" and len(seats) > MOST_ON_FULL:
            raise Refused("six to eight players need the double set")
        if self.set_name == "half" and len(seats) > MOST_ON_HALF:
            raise Refused("five players need the full set")
        if total < 7 * len(seats):
            raise Refused("a %s set (%d tiles) is too small for %d players" % (self.set_name, total, len(seats)))
        new = 0
        for seat in seats:
            if self.names[seat - 1] not in self.totals:
                new += 1
        if len(self.players) + new > _MAX_PLAYERS:
            raise Refused("more than %d players in one evening" % _MAX_PLAYERS)
        self._clear_round()
        self.pool = TilePool(total, len(seats))
        self.pool.deal_hands()
        self.round_seats = seats
        count = len(seats)
        self._finish_ms = [None] * count  # type: list[int | None]
        self._unused = [None] * count  # type: list[int | None]
        self._sevens = [0] * count
        self._grid = [False] * count
        self._dq = [False] * count
        for seat in seats:
            self._join(self.names[seat - 1])
        self._watch.start(now)
        self.phase = PLAY
        self.last_cue = cues.GO

    # ---- play ---------------------------------------------------------------

    def do_go(self, now, seat):
        self._need_round()
        self._seat(seat)
        self._need_draw(now)
        self.pool.draw_round(1)
        if self._run_seat == 0:
            self._run_seat = seat
        elif self._run_seat != seat:
            self._run_seat = -1
        self.last_call = seat
        self._last_call_at = now
        self.last_cue = cues.TAKE_ONE

    def do_stuck(self, now):
        # Nobody's call: it neither makes nor breaks a straight run.
        self._need_draw(now)
        self.pool.draw_round(1)
        self._last_call_at = now
        self.last_call = 0
        self.last_cue = cues.TAKE_ONE

    def do_out(self, now, seat):
        self._need_round()
        i = self._seat(seat)
        if self.phase == PLAY:
            if self.pool.can_serve(1):
                raise Refused("no win while the pool serves everyone: say go or stuck")
            if not self._watch.running:
                raise Refused("the clock is paused: resume first")
            # On the last deal the screen turns a second, simultaneous go into
            # `out`: the window keeps it from winning the round. A real win
            # needs the new tile placed first, so the press is taken as the go
            # and the players hear that go again: a winner presses once more.
            # Finishes in the countdown are never merged: two players out at
            # once are two finishes.
            self._check_merge(now, cues.TAKE_ONE, "taken as the go: out? press again")
            self._watch.pause(now)
            self.win_ms = self._watch.elapsed(now)
            self._win_at = now
            self._finish_ms[i] = self.win_ms
            self.finishers.append(seat)
            self._countdown.start(now)
            self.phase = COUNTDOWN
            self.last_cue = cues.WIN
            return
        if self.phase != COUNTDOWN:
            raise Refused("play is over")
        if self._finish_ms[i] is not None:
            raise Refused("seat %d has finished already" % seat)
        if self._countdown.expired(now):
            raise Refused("time is up")
        if not self._countdown.running:
            raise Refused("the clock is paused: resume first")
        self._finish_ms[i] = self.win_ms + self._countdown.elapsed(now)
        self.finishers.append(seat)

    def do_pause(self, now):
        self._need_round()
        if self.phase == ENTRY or self.time_up(now):
            raise Refused("play is over")
        if self.paused:
            raise Refused("already paused")
        if self.phase == PLAY:
            self._watch.pause(now)
        else:
            self._countdown.pause(now)

    def do_resume(self, now):
        self._need_round()
        if not self.paused:
            raise Refused("not paused")
        if self.phase == PLAY:
            self._watch.resume(now)
        else:
            self._countdown.resume(now)

    def do_end(self, now):
        """End a round nobody can finish: the pool is spent and nobody is out.
        "If no other players finish their word play ... places will then be
        determined by the lesser number of unused letter tiles": with no
        finisher at all, every place is decided that way (docs/wordsport.md)."""
        self._need_round()
        if self.phase != PLAY:
            raise Refused("somebody is out: the countdown decides the rest")
        if self.pool.can_serve(1):
            raise Refused("tiles are left: say go or stuck")
        self._watch.pause(now)
        self.phase = ENTRY

    def do_stop(self, now):
        """End the countdown early once everyone has finished."""
        self._need_round()
        if self.phase == PLAY:
            raise Refused("nobody has won yet")
        if self.phase == ENTRY:
            raise Refused("play is over already")
        if not self.time_up(now):
            if len(self.finishers) < len(self.round_seats):
                raise Refused("players still playing: wait for time up")
        self._to_entry(now)

    # ---- after time up --------------------------------------------------------

    def do_unused(self, now, seat, count):
        self._need_entry(now)
        i = self._seat(seat)
        if self._finish_ms[i] is not None:
            raise Refused("seat %d finished: no unused tiles" % seat)
        check_int(count, 0, self.tiles_each, "unused tiles")
        need = _tiles_for_sevens(self._sevens[i])
        if self.tiles_each - count < need:
            raise Refused("%d sevens need %d placed tiles" % (self._sevens[i], need))
        self._unused[i] = count
        self._to_entry(now)

    def do_sevens(self, now, seat, count):
        self._need_entry(now)
        i = self._seat(seat)
        placed = self.tiles_each - (self._unused[i] or 0)
        most = 0
        while most < MAX_SEVENS and _tiles_for_sevens(most + 1) <= placed:
            most += 1
        check_int(count, 0, most, "seven-letter words")
        self._sevens[i] = count
        self._to_entry(now)

    def do_grid(self, now, seat, one_grid=1):
        self._need_entry(now)
        i = self._seat(seat)
        check_int(one_grid, 0, 1, "one grid (1 yes, 0 no)")
        self._grid[i] = one_grid == 1
        self._to_entry(now)

    def do_run(self, now, seat, straight=1):
        """Set the straight run by hand when a go went to the wrong seat."""
        self._need_entry(now)
        self._seat(seat)
        check_int(straight, 0, 1, "straight run (1 yes, 0 no)")
        if not self.finishers:
            raise Refused("nobody finished: no straight run")
        if seat != self.finishers[0]:
            raise Refused("only the winner (seat %d) can have a straight run" % self.finishers[0])
        self._run_override = straight
        self._to_entry(now)

    def do_dq(self, now, seat):
        self._need_entry(now)
        i = self._seat(seat)
        if self._dq[i]:
            raise Refused("seat %d is disqualified already" % seat)
        self._dq[i] = True
        self._to_entry(now)

    def do_void(self, now):
        """The round is null and void: recorded, but nothing counts."""
        self._need_round()
        self._rounds.append(self._pack(self._score_round(self.round_number, True)))
        self._clear_round()
        self.phase = SETUP

    def do_close(self, now):
        """Commit the round to the totals."""
        self._need_entry(now)
        record = self._score_round(self.round_number, False)
        for row in record[4]:
            missing = row[_R_FINISH] is None and row[_R_UNUSED] is None and not row[_R_DQ]
            if missing and _places_open(record[4]):
                raise Refused("unused tiles of %s (seat %d) needed to place them" % (row[_R_NAME], row[_R_SEAT]))
        self._rounds.append(self._pack(record))
        for row in record[4]:
            self.totals[row[_R_NAME]] += row[_R_TOTAL]
        win_ms = record[2]
        if win_ms is not None and (self.fastest_win is None or win_ms < self.fastest_win[1]):
            self.fastest_win = (record[3], win_ms, record[0])
        self._clear_round()
        self.phase = SETUP

    # ---- scoring ----------------------------------------------------------------

    def _places(self):
        """Place per round index (None: disqualified or not yet known).

        Finishers take places in finishing order. Non-finishers follow by
        fewest unused tiles; equal counts share the better place and the
        places they fill are skipped (2, 2, 4). They are placed only once
        every non-finisher's count is in.
        """
        count = len(self.round_seats)
        places = [None] * count  # type: list[int | None]
        place = 1
        for seat in self.finishers:
            i = self.round_seats.index(seat)
            if not self._dq[i]:
                places[i] = place
                place += 1
        waiting = [i for i in range(count) if self._finish_ms[i] is None and not self._dq[i]]
        for i in waiting:
            if self._unused[i] is None:
                return places
        for i in waiting:
            fewer = 0
            for j in waiting:
                if self._unused[j] < self._unused[i]:  # pyright: ignore[reportOperatorIssue]  no None left (above)
                    fewer += 1
            places[i] = place + fewer
        return places

    def _straight_run(self):
        """True if the winner said every go of the round (at least one)."""
        if not self.finishers:
            return False
        if self._run_override is not None:
            return self._run_override == 1
        return self._run_seat == self.finishers[0]

    def _score_round(self, number, void):
        """The round as a committed record (see _R_*), scored as it stands."""
        places = self._places()
        winner_seat = self.finishers[0] if self.finishers else 0
        straight_run = self._straight_run()
        rows = []
        winner = None
        win_ms = None
        for i in range(len(self.round_seats)):
            seat = self.round_seats[i]
            name = self.names[seat - 1]
            place = None if void else places[i]
            finish = self._finish_ms[i]
            counts = not void and not self._dq[i]
            place_points = _place_points(place)
            sevens = BONUS * self._sevens[i] if counts else 0
            grid = BONUS if counts and self._grid[i] else 0
            two_min = 0
            if counts and finish is not None and place is not None and place <= 3 and finish <= TWO_MINUTES_MS:
                two_min = BONUS
            run = BONUS if counts and straight_run and seat == winner_seat else 0
            unused = 0 if finish is not None else self._unused[i]
            total = place_points + sevens + grid + two_min + run
            rows.append((name, seat, place, finish, unused, self._sevens[i], grid, two_min, run,
                         self._dq[i], total))
            if place == 1 and winner is None:
                winner = name
                win_ms = finish
        return (number, void, win_ms, winner, tuple(rows))

    def _pack(self, record):
        """A scored round as bytes: a void byte, then _ROW_BYTES per row."""
        data = bytearray(1 + _ROW_BYTES * len(record[4]))
        data[0] = 1 if record[1] else 0
        at = 1
        for r in record[4]:
            flags = ((_GRID if r[_R_GRID] else 0) | (_TWO_MIN if r[_R_TWO_MIN] else 0)
                     | (_RUN if r[_R_RUN] else 0) | (_DQ if r[_R_DQ] else 0))
            finish = _NO_TIME if r[_R_FINISH] is None else r[_R_FINISH]
            data[at] = self.players.index(r[_R_NAME])
            data[at + 1] = r[_R_SEAT]
            data[at + 2] = _NO_VALUE if r[_R_PLACE] is None else r[_R_PLACE]
            data[at + 3] = _NO_VALUE if r[_R_UNUSED] is None else r[_R_UNUSED]
            data[at + 4] = r[_R_SEVENS]
            data[at + 5] = flags
            for k in range(4):
                data[at + 6 + k] = (finish >> (24 - 8 * k)) & 255
            at += _ROW_BYTES
        return bytes(data)

    def _unpack(self, index):
        """The record of closed round `index` (from 0), as _score_round made it."""
        data = self._rounds[index]
        void = data[0] == 1
        rows = []
        winner = None
        win_ms = None
        for at in range(1, len(data), _ROW_BYTES):
            name = self.players[data[at]]
            place = None if data[at + 2] == _NO_VALUE else data[at + 2]
            unused = None if data[at + 3] == _NO_VALUE else data[at + 3]
            flags = data[at + 5]
            finish = 0
            for k in range(4):
                finish = (finish << 8) | data[at + 6 + k]
            finish = None if finish == _NO_TIME else finish
            dq = bool(flags & _DQ)
            grid = BONUS if flags & _GRID else 0
            two_min = BONUS if flags & _TWO_MIN else 0
            run = BONUS if flags & _RUN else 0
            total = 0
            if not void and not dq:
                total = _place_points(place) + BONUS * data[at + 4] + grid + two_min + run
            rows.append((name, data[at + 1], place, finish, unused, data[at + 4], grid, two_min, run, dq, total))
            if place == 1 and winner is None:
                winner = name
                win_ms = finish
        return (self._folded + index + 1, void, win_ms, winner, tuple(rows))

    # ---- the score sheet ----------------------------------------------------------

    def _round_dict(self, record):
        rows = []
        for r in record[4]:
            place = r[_R_PLACE]
            rows.append({
                "name": r[_R_NAME], "seat": r[_R_SEAT], "place": place,
                "place_points": _place_points(place),
                "sevens": r[_R_SEVENS], "sevens_points": 0 if r[_R_DQ] or record[1] else BONUS * r[_R_SEVENS],
                "one_grid": r[_R_GRID], "two_minute": r[_R_TWO_MIN], "straight_run": r[_R_RUN],
                "dq": r[_R_DQ], "finish_ms": r[_R_FINISH], "unused": r[_R_UNUSED], "total": r[_R_TOTAL],
            })
        return {"number": record[0], "void": record[1], "win_ms": record[2], "winner": record[3], "rows": rows}

    def sheet(self):
        standings = [[name, self.totals[name]] for name in self.players]
        standings.sort(key=_standing_order)
        fastest = None
        if self.fastest_win is not None:
            fastest = {"name": self.fastest_win[0], "ms": self.fastest_win[1], "round": self.fastest_win[2]}
        current = None
        if self.phase != SETUP:
            current = self._round_dict(self._score_round(self.round_number, False))
        return {
            "game": self.KIND,
            "players": list(self.players),
            "rounds": [self._round_dict(self._unpack(i)) for i in range(len(self._rounds))],
            "totals": dict(self.totals),
            "standings": standings,
            "current": current,
            "fastest_win": fastest,
        }


def _place_points(place):
    return PLACE_POINTS[place - 1] if place is not None and place <= len(PLACE_POINTS) else 0


def _tiles_for_sevens(count):
    """The fewest tiles that hold `count` words of seven letters: an across
    and a down word share the tile where they cross, and among three words
    at most two pairs cross (7, 13, 19 tiles for one, two, three)."""
    return 7 * count - (count // 2) * ((count + 1) // 2)


def _places_open(rows):
    """True while fewer than three players hold a place (so the unplaced
    non-finishers are still competing for points)."""
    placed = 0
    for row in rows:
        if row[_R_PLACE] is not None:
            placed += 1
    return placed < len(PLACE_POINTS)


def _standing_order(pair):
    return (-pair[1], pair[0])


def _place_order(row):
    place = row["place"]
    return (place if place is not None else 99, row["seat"])


GAME = WordSport      # what games.new_game() makes
