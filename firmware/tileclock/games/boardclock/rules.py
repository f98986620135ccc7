# Board Clock (docs/boardclock.md): the clock of a board game for two to four
# players, club Scrabble the common case. Each player has a time bank that
# runs only on their turn; a press of their own seat ends the turn and starts
# the next player's clock, in seat order. A bank that runs out counts on into
# overtime, which costs 10 points a minute or part of one, and past an
# optional limit loses the game on time. The player who goes out stops every
# clock (the out play); then the players' scores are entered, the penalties
# taken off, and the game closes: the highest score wins (a tie for first is
# a draw), and the evening's standings count wins (points: 2 a win, 1 a
# draw), then the sum of the margins.
#
#   between games   seat N NAME, unseat N, rename N NAME, merge MS, rules N,
#                   bank MS, limit MS, warnings on|off, timeloss POINTS,
#                   start N
#   play            turn N, pause, resume [N], skip N, out N, end, void
#   the scores      score N POINTS, close, void
#
# The rules' version (`rules N`, before an evening's first game) says how
# overtime is counted, so that an evening keeps the results it was played
# to: 1, the whole seconds the clock showed, the limit reached at the limit
# (journals written before `rules` existed have no such line: version 1);
# 2, the tournament rules, to the millisecond, the limit exceeded a
# millisecond past it. New evenings are set up with version 2 (spec.py).
from micropython import const

from tileclock import cues
from tileclock.engine.game import MAX_SEATS, MIN_SEATS, Merged, Refused, check_int
from tileclock.engine.table import TABLE_VERBS, TableGame
from tileclock.ticks import ticks_diff

# Phases.
SETUP = "setup"      # between games: seats and options; `start N` begins one
PLAY = "play"        # one player's clock runs (or the clocks are paused)
ENTRY = "entry"      # the game is over: the scores are entered, then `close`

MAX_PLAYERS = const(4)
MINUTE_MS = const(60000)
DEFAULT_BANK_MS = const(1500000)    # 25 minutes each
MIN_BANK_MS = const(60000)
MAX_BANK_MS = const(10800000)       # three hours
MAX_LIMIT_MS = const(3600000)       # the longest overtime limit: an hour
PENALTY = const(10)                 # points a minute, or part of one, over
WARN_SECONDS = const(60)            # the warning at one minute left
LAST_SECONDS = const(10)            # a beep each of the last ten seconds
_MIN_SCORE = const(-999)            # a final score after the racks' deductions
MAX_SCORE = const(9999)
MAX_TIMELOSS = const(1000)          # the largest margin of a loss on time
_RULES = const(2)                   # the latest rules' version (see above: spec.py sets it)

_VERBS = {
    "rules": "N", "bank": "MS", "limit": "MS", "warnings": "on|off", "timeloss": "POINTS",
    "start": "SEAT", "turn": "SEAT", "pause": "", "resume": "[SEAT]", "skip": "SEAT", "out": "SEAT",
    "end": "", "score": "SEAT POINTS", "close": "", "void": "",
}
_VERBS.update(TABLE_VERBS)

_TAKEN_AS_RESUME = "taken as the resume: done? press again"


def minutes_over(over_ms, rules=_RULES):
    """The minutes of overtime begun in `over_ms`, as the rules' version
    counts them: 2, to the millisecond (1 ms is the first minute, 1:00.000
    still the first, 1:00.001 the second); 1, in the whole seconds the
    clock showed (0:00.999 none, 1:00.999 the first, 1:01 the second).
    Allocates nothing."""
    if rules < 2:
        over_ms = over_ms // 1000 * 1000
    if over_ms <= 0:
        return 0
    return (over_ms + MINUTE_MS - 1) // MINUTE_MS


def penalty(over_ms, rules=_RULES):
    """Points an overtime of `over_ms` costs: 10 for each minute or fraction
    of a minute (minutes_over)."""
    return PENALTY * minutes_over(over_ms, rules)


def wins_text(points):
    """The standings' points as wins: 3 -> "1.5"."""
    return "%d%s" % (points // 2, ".5" if points % 2 else "")


class BoardClock(TableGame):
    KIND = "boardclock"
    VERBS = _VERBS
    penalty = staticmethod(penalty)     # (tally.py asks the game for it)

    def __init__(self):
        # tick()'s memory of what it last saw (not rules state): which run
        # of a clock (the game and its turn count), where it was there
        # (_second: the second shown, or the minute of overtime) and
        # whether the limit had passed. Set here, not in reset(), so an
        # undo that leaves the same clock running never sounds a passed
        # second again (Game._carry keeps the _cued attributes).
        self._cued_round = -1
        self._cued_turn = -1
        self._cued_second = 0
        self._cued_flag = False
        super().__init__()

    def reset(self):
        self.reset_table()              # totals: the standings' points
        self.spread = {}                # name -> the sum of their margins
        self.rules = 1                  # the rules' version (a journal without `rules`: 1)
        self.bank_ms = DEFAULT_BANK_MS
        self.limit_ms = 0               # overtime allowed before a loss on time; 0: none
        self.warnings = True
        self.timeloss = 0               # the least margin of a loss on time (points)
        self.phase = SETUP
        self.games = []                 # closed games (tally.py says what a record holds)
        self.round_number = 0           # games begun, void ones too
        self._clear_game()

    def _clear_game(self):
        self.round_seats = ()           # the game's seats, in seat order: the turn order
        self.used = []                  # ms each has used, the running turn not banked
        self.scores = []                # entered scores (None: not yet)
        self.on = 0                     # index in round_seats of the player on turn
        self.turns = 0                  # turns ended this game
        self.lost = -1                  # index of the player who lost on time
        self.out = -1                   # index of the player who went out
        self.game_bank = self.bank_ms   # the bank of this game (the option may change after)
        self.game_limit = self.limit_ms
        self._running = False
        self._since = 0                 # when the running turn's clock started
        self._last_seat = 0             # the seat of the last start, turn or resume
        self._last_call_at = None       # and its time: the merge window
        self._last_resumed = False      # the last call was a resume

    # -- the checkpoint (Game.fold_state) -------------------------------------

    def at_rest(self):
        return self.phase == SETUP

    def fold_state(self):
        return _evening().fold_state(self)

    def restore(self, state):
        _evening().restore(self, state)

    # -- reading (the screens; allocation-free where a clock is read) ----------

    @property
    def paused(self):
        return self.phase == PLAY and not self._running

    @property
    def on_seat(self):
        """The seat on turn (0 outside play)."""
        return self.round_seats[self.on] if self.round_seats else 0

    def used_at(self, i, now):
        """ms the player at index `i` of the game has used at `now`: a
        clock past the overtime limit stops where it was exceeded."""
        used = self.used[i]
        if self._running and i == self.on and self.phase == PLAY:
            used += ticks_diff(now, self._since)
            if self.game_limit:
                most = self._flag_at()
                if used > most:
                    used = most
        return used

    def _flag_at(self):
        # the time used at which the limit is passed: the rules "exceeds"
        # it, so the limit itself is still in time (version 1: reached)
        most = self.game_bank + self.game_limit
        return most + 1 if self.rules >= 2 else most

    def left_ms(self, i, now):
        """What is left of the bank of the player at index `i`; below zero
        in overtime."""
        return self.game_bank - self.used_at(i, now)

    def flagged(self, now):
        """True once the running clock has reached the overtime limit: that
        player has lost on time and the game is over (the state says so at
        the next action: phase_at says so at once)."""
        if not self._running or self.phase != PLAY or not self.game_limit:
            return False
        return self.used[self.on] + ticks_diff(now, self._since) >= self._flag_at()

    def phase_at(self, now):
        if self.phase == PLAY and self.flagged(now):
            return ENTRY
        return self.phase

    def clock_running(self, now):
        return self._running and self.phase == PLAY and not self.flagged(now)

    def lost_at(self, now):
        """The index of the player who lost on time, at `now` (-1: none)."""
        if self.phase == PLAY and self.flagged(now):
            return self.on
        return self.lost

    def tick(self, now):
        """TIME_UP when the bank of the player on turn runs out; with the
        warnings on, ONE_MINUTE at one minute left, LAST_TEN each of the
        last ten seconds and OVERTIME as each new minute of overtime (each
        new 10 points) begins after the first; IM_OUT when the overtime
        limit is passed (the player has lost on time). Allocates nothing. A
        moment is cued when the clock passes it since the last tick of the
        same turn, so each sounds once and an undo that keeps the turn
        sounds nothing again."""
        if self.phase != PLAY or not self._running:
            return cues.NONE
        second = self._second(now)
        if self._cued_round != self.round_number or self._cued_turn != self.turns:
            # another turn: what it shows now is seen, nothing sounded
            self._cued_round = self.round_number
            self._cued_turn = self.turns
            self._cued_second = second
            self._cued_flag = self.flagged(now)
            return cues.NONE
        if not self._cued_flag and self.flagged(now):
            self._cued_flag = True
            self._cued_second = second
            return cues.IM_OUT
        seen = self._cued_second
        self._cued_second = second
        if second >= seen:
            return cues.NONE
        if second > 0:
            if not self.warnings:
                return cues.NONE
            if second <= LAST_SECONDS:
                return cues.LAST_TEN
            if second <= WARN_SECONDS < seen:
                return cues.ONE_MINUTE
            return cues.NONE
        if seen > 0:
            return cues.TIME_UP         # (the first minute of overtime begins)
        if second < -1 and self.warnings:
            return cues.OVERTIME        # another minute, 10 points more
        return cues.NONE

    def _second(self, now):
        # where the clock is, as one int that only goes down: the whole
        # seconds left (rounded up) while in time, 0 at the bank's end, -N
        # in the Nth minute of overtime (as the rules' version counts it)
        left = self.game_bank - self.used_at(self.on, now)
        if left > 0:
            return (left + 999) // 1000
        return -minutes_over(-left, self.rules)

    def live_rows(self, now):
        """The game in progress (or over, its scores coming in) as sheet
        rows, in seat order; adjusted, margin and total None until every
        score is in."""
        if self.phase == SETUP:
            return []
        tally = _tally()
        return tally.round_dict(self, tally.record(self, now, False))["rows"]

    # -- checks ------------------------------------------------------------------

    def _check_limit(self, ms):
        if ms:
            check_int(ms, MINUTE_MS, MAX_LIMIT_MS, "overtime limit (ms, 0 for none)")
        return ms

    def _need_setup(self, what):
        if self.phase != SETUP:
            raise Refused("%s only between games" % what)

    def _need_seating(self, what):
        self._need_setup(what)

    def _need_clock(self, now):
        """Refuse unless a game is in play and its clocks may move."""
        if self.phase == SETUP:
            raise Refused("no game in play")
        if self.phase == ENTRY:
            raise Refused("the game is over: enter the scores")
        if self.flagged(now):
            raise Refused("%s lost on time" % self.names[self.on_seat - 1])

    def _index(self, seat):
        check_int(seat, 1, MAX_SEATS, "seat")
        if seat not in self.round_seats:
            raise Refused("seat %d is not in this game" % seat)
        return self.round_seats.index(seat)

    def _need_on_turn(self, i):
        if i != self.on:
            raise Refused("it is %s's turn" % self.names[self.on_seat - 1])

    def _need_entry(self, now):
        if self.phase_at(now) != ENTRY:
            raise Refused("no game to score" if self.phase == SETUP else "the game is on: end it first")

    def _settle(self, now):
        """A game whose running clock reached the overtime limit is over:
        the clock stops at the limit, its player has lost on time."""
        if self.phase == PLAY and self.flagged(now):
            self.used[self.on] = self._flag_at()
            self._running = False
            self.lost = self.on
            self.phase = ENTRY

    def _stop(self, now):
        if self._running:
            self.used[self.on] += ticks_diff(now, self._since)
            self._running = False

    # -- between games -------------------------------------------------------------

    def do_rules(self, now, version):
        """The rules' version the evening is played to (see the top of this
        module): set before its first game, so that its games agree."""
        self._need_setup("setting the rules")
        check_int(version, 1, _RULES, "rules")
        if self.round_number:
            raise Refused("rules before the first game only")
        self.rules = version

    def do_timeloss(self, now, points):
        """The least margin of a loss on time, in points (0: as it stands)."""
        self._need_setup("setting the loss margin")
        self.timeloss = check_int(points, 0, MAX_TIMELOSS, "margin of a loss on time")

    def do_bank(self, now, ms):
        self._need_setup("setting the time bank")
        self.bank_ms = check_int(ms, MIN_BANK_MS, MAX_BANK_MS, "time bank (ms)")

    def do_limit(self, now, ms):
        self._need_setup("setting the overtime limit")
        check_int(ms, 0, MAX_LIMIT_MS, "overtime limit (ms, 0 for none)")
        self.limit_ms = self._check_limit(ms)

    def do_warnings(self, now, setting):
        self._need_setup("setting the warnings")
        if setting != "on" and setting != "off":
            raise Refused("warnings on or off")
        self.warnings = setting == "on"

    def do_start(self, now, seat):
        """The player at `seat` plays first: their clock starts."""
        self._need_setup("starting")
        check_int(seat, 1, MAX_SEATS, "seat")
        seats = self.seated()
        if not MIN_SEATS <= len(seats) <= MAX_PLAYERS:
            raise Refused("%d to %d players" % (MIN_SEATS, MAX_PLAYERS))
        if seat not in seats:
            raise Refused("nobody at seat %d" % seat)
        self._clear_game()
        self.round_seats = tuple(seats)
        self.used = [0] * len(seats)
        self.scores = [None] * len(seats)  # type: list[int | None]
        for s in seats:
            self._join(self.names[s - 1])
        self.round_number += 1
        self.on = self.round_seats.index(seat)
        self._running = True
        self._since = now
        self._last_seat = seat
        self._last_call_at = now
        self.phase = PLAY
        self.last_cue = cues.GO

    # -- play -------------------------------------------------------------------------

    def _merged(self, now, seat):
        """A press of the seat that made the last call (start, turn,
        resume), within the merge window: the same press again."""
        at = self._last_call_at
        if at is None or seat != self._last_seat:
            return False
        since = ticks_diff(now, at)
        return 0 <= since < self.merge_ms

    def do_turn(self, now, seat):
        """The player on turn has moved: their clock stops, the next
        player's (in seat order) starts."""
        self._need_clock(now)
        i = self._index(seat)
        if self._merged(now, seat):
            if i == self.on and self._last_resumed:
                raise Merged(_TAKEN_AS_RESUME, cues.COUNT_IN)
            raise Merged("counted once")
        if not self._running:
            raise Refused("the clock is paused: resume first")
        self._need_on_turn(i)
        self._stop(now)
        self.on = (i + 1) % len(self.round_seats)
        self.turns += 1
        self._running = True
        self._since = now
        self._last_seat = seat
        self._last_call_at = now
        self._last_resumed = False

    def do_pause(self, now):
        """The arbiter's stop: the clock of the player on turn stops."""
        self._need_clock(now)
        if not self._running:
            raise Refused("already paused")
        self._stop(now)

    def do_resume(self, now, seat=0):
        """The same player's clock runs again (`seat`: who pressed, for the
        merge window)."""
        if self.phase != PLAY:
            raise Refused("no game in play" if self.phase == SETUP else "the game is over: enter the scores")
        if seat:
            check_int(seat, 1, MAX_SEATS, "seat")
        if self._running:
            raise Refused("not paused")
        self._running = True
        self._since = now
        self._last_seat = seat
        self._last_call_at = now
        self._last_resumed = True

    def do_skip(self, now, seat):
        """The player at `seat`, on turn, loses the turn (a challenge lost):
        the turn passes to the next seat, the clock still paused. Nothing
        is banked to the skipped player: their clock stopped at the pause."""
        self._need_clock(now)
        i = self._index(seat)
        if self._running:
            raise Refused("pause the clock first")
        self._need_on_turn(i)
        self.on = (i + 1) % len(self.round_seats)
        self.turns += 1
        self._last_call_at = None       # (not a press: no merge window)

    def do_out(self, now, seat):
        """The out play: the player at `seat`, on turn, has played their
        last tiles. Every clock stops, their time to here theirs (the
        rules' neutralizing of the clock), and the scores come in."""
        self._need_clock(now)
        self._need_on_turn(self._index(seat))
        self._stop(now)
        self.out = self.on
        self.phase = ENTRY
        self.last_cue = cues.IM_OUT

    def do_end(self, now):
        """The game is over without an out play (six scoreless turns, an
        agreement): the clocks stop where they are, and the scores come in."""
        self._need_clock(now)
        self._stop(now)
        self.phase = ENTRY
        self.last_cue = cues.IM_OUT

    # -- the scores ---------------------------------------------------------------

    def do_score(self, now, seat, points):
        """The score on the board of the player at `seat`, the racks'
        deductions made (so below zero at times), before the overtime
        penalty, which is taken off at the close."""
        self._need_entry(now)
        i = self._index(seat)
        check_int(points, _MIN_SCORE, MAX_SCORE, "score")
        self._settle(now)
        self.scores[i] = points

    def do_close(self, now):
        """Every score is in: the game counts."""
        self._need_entry(now)
        missing = [self.names[self.round_seats[i] - 1] for i in range(len(self.round_seats))
                   if self.scores[i] is None]
        if missing:
            raise Refused("no score yet for " + ", ".join(missing))  # pyright: ignore[reportCallIssue, reportArgumentType]  a game's seats have names
        self._settle(now)
        self._keep(_evening().close(self, now))
        self.last_cue = cues.WIN

    def do_void(self, now):
        """The game is abandoned: listed, nothing counts."""
        if self.phase == SETUP:
            raise Refused("no game in play")
        self._settle(now)
        self._stop(now)
        self._keep(_tally().record(self, now, True))

    def _keep(self, record):
        self.games.append(record)
        self._clear_game()
        self.phase = SETUP

    def _join(self, name):
        TableGame._join(self, name)
        if name not in self.spread:
            self.spread[name] = 0

    def _rename_records(self, old, new):
        _evening().rename_records(self, old, new)

    # -- the standings and the score sheet (tally.py) -------------------------

    def standings(self):
        """[[name, points], ...]: most points first (2 a win, 1 a draw),
        then the highest sum of margins, then the name."""
        return _tally().standings(self)

    def sheet(self):
        return _tally().sheet(self)


# The results and what a close changes in the evening: modules of their
# own, loaded when asked for (tally.py, evening.py; modules.SPEC_PARTS).
def _tally():
    from tileclock.games.boardclock import tally
    return tally


def _evening():
    from tileclock.games.boardclock import evening
    return evening


GAME = BoardClock      # what games.new_game() makes
