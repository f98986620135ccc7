# Speed Scrabble, also called Take Two (the rules in our words: docs/speedscrabble.md).
#
# Everyone plays at once on their own crossword. The box counts the
# 3-2-1-GO, deals by count (it never sees letters), turns a call into the
# right prompt (TAKE TWO, TAKE ONE, I'M OUT), times the play, takes each
# player's score after play stops and keeps the match to the target.
# docs/speedscrabble.md lists the verbs, phases and the score sheet.
from micropython import const

from tileclock import cues
from tileclock.engine.game import MIN_SEATS, Refused, check_int, check_name
from tileclock.engine.pool import HAND, TilePool
from tileclock.engine.table import TABLE_VERBS, TableGame
from tileclock.ticks import ticks_add, ticks_diff

# Phases (strings are interned: comparing them allocates nothing).
SETUP = "setup"            # seating and options; also between rounds
COUNT_IN = "count_in"      # 3-2-1 before GO (see phase_at: PLAY once GO passed)
PLAY = "play"              # tiles turned over, calls coming in
ENTRY = "entry"            # play stopped; scores being entered
MATCH_OVER = "match_over"  # somebody won; `newmatch` to play again

VARIANTS = ("standard", "seattle", "idaho")

SET_TILES = const(100)        # one English Scrabble set
MAX_SETS = const(4)           # "one set per two players is ideal": 4 sets for 8
PLAYERS_PER_SET = const(4)    # "1 set may accommodate up to four players"
BEAT_MS = const(1000)         # one beat of the spoken "3, 2, 1, GO"
COUNT_IN_MS = const(3000)
DEFAULT_TARGET = const(250)
MAX_TARGET = const(100000)
BONUS = const(10)             # each 7+ letter word, the first out, each theme word
MAX_ENTRY = const(1000)       # no round's grid or leftover is worth more
TOP_TILE = const(10)          # Q and Z, the dearest tiles

# Fields of a committed row (a tuple, to keep the match small in memory).
_NAME = const(0)
_SEAT = const(1)
_GRID = const(2)
_LEFTOVER = const(3)
_SEVENS = const(4)
_THEMES = const(5)
_FIRST_OUT = const(6)
_TOTAL = const(7)


def _row_total(grid, leftover, sevens, themes, first_out):
    points = grid - leftover + BONUS * sevens + BONUS * themes
    if first_out:
        points += BONUS
    return points


def _row_dict(name, seat, grid, leftover, sevens, themes, first_out, total):
    return {
        "name": name, "seat": seat, "grid": grid, "leftover": leftover,
        "sevens": sevens, "sevens_points": None if sevens is None else BONUS * sevens,
        "first_out_points": BONUS if first_out else 0,
        "themes": themes, "theme_points": None if themes is None else BONUS * themes,
        "total": total,
    }


_VERBS = {
    "sets": "COUNT", "variant": "standard|seattle|idaho", "target": "POINTS", "themes": "on|off",
    "start": "", "hold": "", "redraw": "", "take": "SEAT", "out": "SEAT", "pick": "SEAT",
    "stuck": "", "stop": "", "void": "", "score": "SEAT GRID LEFTOVER [SEVENS] [THEMES]",
    "close": "", "newmatch": "",
}
_VERBS.update(TABLE_VERBS)


class SpeedScrabble(TableGame):
    KIND = "speedscrabble"
    VERBS = _VERBS
    SPAN = "match"

    def __init__(self):
        # tick()'s memory of the cue it gave last (not rules state). Set here,
        # not in reset(): an undo rebuilds the game, and a count-in that is
        # still the same one (same `_count_ins`, same `_count_in_at`) must not
        # sound its beats or its GO again.
        self._cued_count_in = 0
        self._cued_at = 0
        self._cued_beat = -1
        super().__init__()

    def reset(self):
        # Seats and options; players and totals: names in order of first
        # appearance in a counted round, their points over the counted rounds.
        self.reset_table()
        self.sets = 1
        self.variant = "standard"
        self.target = DEFAULT_TARGET
        self.themes = False
        # The match.
        self.phase = SETUP
        self.rounds = []          # committed rounds: [number, void, first_out, play_ms, variant, rows]
        self.winner = None
        self.round_number = 0     # rounds begun in this match, void ones included
        # The round in progress (or the last one).
        self.pool = None
        self.round_seats = ()     # seat numbers playing this round, in seat order
        self.round_variant = "standard"
        self.round_themes = False
        self.first_out = None     # seat number, or None
        self.play_ms = 0
        self.calls = 0            # take/pick/stuck calls so far this round
        self._entries = []        # per round seat: None or (grid, leftover, sevens, themes)
        self._count_in_at = 0
        self._go_at = 0
        self._last_call_cue = cues.NONE   # what the last call was (a merged I'M OUT says it again)
        self._count_ins = 0       # count-ins begun; tells tick() a new count-in from an old one

    # ---- reading the state (for the screens) ----

    def phase_at(self, now):
        """The phase at `now`: a count-in whose GO has passed is PLAY."""
        if self.phase == COUNT_IN and ticks_diff(now, self._go_at) >= 0:
            return PLAY
        return self.phase

    def count_in(self, now):
        """The number to show during the count-in (3, 2, 1), else 0."""
        if self.phase != COUNT_IN:
            return 0
        left = ticks_diff(self._go_at, now)
        if left <= 0:
            return 0
        return (left + BEAT_MS - 1) // BEAT_MS

    def clock_ms(self, now):
        """Play time in ms: from GO, frozen when play stops."""
        phase = self.phase_at(now)
        if phase == PLAY:
            return ticks_diff(now, self._go_at)
        if phase == COUNT_IN:
            return 0
        return self.play_ms

    def _serve_each(self):
        """Tiles each player takes on the next call (0: the pool can't serve it)."""
        pool = self.pool
        if self.round_variant == "standard" and pool.can_serve(2):
            return 2
        if pool.can_serve(1):
            return 1
        return 0

    def next_prompt(self):
        """What the next call would be: cues.TAKE_TWO, TAKE_ONE, IM_OUT, PICK; 0 outside play."""
        if self.phase != COUNT_IN and self.phase != PLAY:
            return cues.NONE
        if self.round_variant == "idaho":
            if self.pool.exact and self.pool.remaining == 0:
                return cues.IM_OUT
            return cues.PICK
        each = self._serve_each()
        if each == 2:
            return cues.TAKE_TWO
        if each == 1:
            return cues.TAKE_ONE
        return cues.IM_OUT

    def live_rows(self):
        """Rows of the round in progress, in seat order; None where not entered yet."""
        rows = []
        if self.phase not in (COUNT_IN, PLAY, ENTRY):
            return rows
        for i, seat in enumerate(self.round_seats):
            name = self.names[seat - 1]
            first = seat == self.first_out
            entry = self._entries[i]
            if entry is None:
                rows.append(_row_dict(name, seat, None, None, None, None, first, None))
            else:
                grid, leftover, sevens, themes = entry
                rows.append(_row_dict(name, seat, grid, leftover, sevens, themes, first,
                                      _row_total(grid, leftover, sevens, themes, first)))
        return rows

    def clock_running(self, now):
        """The count-in or the play clock runs (it has no pause)."""
        return self.phase == COUNT_IN or self.phase == PLAY

    def tick(self, now):
        """COUNT_IN on each beat of 3-2-1, GO at GO; 0 otherwise. Allocates nothing."""
        if self.phase != COUNT_IN:
            return cues.NONE
        if self._cued_count_in != self._count_ins or self._cued_at != self._count_in_at:
            self._cued_count_in = self._count_ins
            self._cued_at = self._count_in_at
            self._cued_beat = -1
        elapsed = ticks_diff(now, self._count_in_at)
        if elapsed < 0:
            return cues.NONE
        beat = elapsed // BEAT_MS     # 0, 1, 2: "3", "2", "1"; 3: GO
        if beat > 3:
            # Over a beat late (a reboot mid-round): don't sound GO now.
            self._cued_beat = 3
            return cues.NONE
        if beat <= self._cued_beat:
            return cues.NONE
        self._cued_beat = beat
        return cues.GO if beat == 3 else cues.COUNT_IN

    # ---- the checkpoint (Game.fold_state) ----

    def at_rest(self):
        return self.phase == SETUP or self.phase == MATCH_OVER

    def fold_state(self):
        return self.table_state() + [
            "sets=%d" % self.sets, "variant=" + self.variant, "target=%d" % self.target,
            "themes=" + ("on" if self.themes else "off"), "rounds=%d" % self.round_number,
            "winner=" + (self.winner or ""), "phase=" + self.phase]

    def restore(self, state):
        self.restore_table(state)
        self.sets = check_int(int(state["sets"]), 1, MAX_SETS, "sets")
        if state["variant"] not in VARIANTS:
            raise ValueError("variant")
        self.variant = state["variant"]
        self.target = check_int(int(state["target"]), 1, MAX_TARGET, "target")
        if state["themes"] not in ("on", "off"):
            raise ValueError("themes")
        self.themes = state["themes"] == "on"
        self.round_number = check_int(int(state["rounds"]), 0, 100000, "rounds")
        winner = state["winner"] or None
        if winner is not None:
            check_name(winner)
            if winner not in self.totals:
                raise ValueError("winner")
        self.winner = winner
        if state["phase"] not in (SETUP, MATCH_OVER) or (state["phase"] == MATCH_OVER) != (winner is not None):
            raise ValueError("phase")
        self.phase = state["phase"]

    # ---- checks shared by the actions ----

    def _seat_number(self, seat):
        return check_int(seat, 1, len(self.names), "seat")

    def _need_seating(self, what):
        if self.phase != MATCH_OVER:
            self._need_setup(what)

    def _rename_records(self, old, new):
        for record in self.rounds:
            if record[2] == old:
                record[2] = new
            rows = record[5]
            for i in range(len(rows)):
                if rows[i][_NAME] == old:
                    record[5] = rows[:i] + ((new,) + rows[i][1:],) + rows[i + 1:]
                    break
        if self.winner == old:
            self.winner = new

    def _need_setup(self, what):
        if self.phase == MATCH_OVER:
            raise Refused("%s won the match: newmatch first" % self.winner)
        if self.phase != SETUP:
            raise Refused("%s only between rounds" % what)

    def _need_play(self, now):
        phase = self.phase_at(now)
        if phase == PLAY:
            return
        if phase == COUNT_IN:
            raise Refused("wait for GO")
        if phase == ENTRY:
            raise Refused("play has stopped")
        if phase == MATCH_OVER:
            raise Refused("the match is over")
        raise Refused("no round in play: start first")

    def _round_index(self, seat):
        self._seat_number(seat)
        for i, s in enumerate(self.round_seats):
            if s == seat:
                return i
        raise Refused("seat %d is not in this round" % seat)

    def _check_call(self, now, seat, out=False):
        """A call in play: the seat's index in the round; refuses a double
        call. A press that would be I'M OUT (`out`) just after a deal is
        taken as a second voice of that call, and the players hear the call
        again: a player really out presses once more."""
        self._need_play(now)
        index = self._round_index(seat) if seat is not None else -1
        if out:
            self._check_merge(now, self._last_call_cue, "taken as the last call: out? press again")
        else:
            self._check_merge(now)
        return index

    # ---- seats and options ----

    def do_sets(self, now, count):
        self._need_setup("choosing sets")
        self.sets = check_int(count, 1, MAX_SETS, "sets")

    def do_variant(self, now, name):
        self._need_setup("choosing the variant")
        if name not in VARIANTS:
            raise Refused("variant is one of %s" % ", ".join(VARIANTS))
        self.variant = name

    def do_target(self, now, points):
        self._need_setup("setting the target")
        check_int(points, 1, MAX_TARGET, "target")
        if self.round_number:
            raise Refused("the target is fixed once the match has begun")
        self.target = points

    def do_themes(self, now, setting):
        self._need_setup("setting themes")
        if setting != "on" and setting != "off":
            raise Refused("themes on or off")
        self.themes = setting == "on"

    # ---- a round ----

    def do_start(self, now):
        self._need_setup("starting")
        seats = self.seated()
        if len(seats) < MIN_SEATS:
            raise Refused("at least %d players" % MIN_SEATS)
        if len(seats) > PLAYERS_PER_SET * self.sets:
            need = (len(seats) + PLAYERS_PER_SET - 1) // PLAYERS_PER_SET
            raise Refused("%d players need %d sets (one set serves four)" % (len(seats), need))
        pool = TilePool(SET_TILES * self.sets, len(seats))
        pool.deal_hands()
        self.pool = pool
        self.round_number += 1
        self.round_seats = tuple(seats)
        self.round_variant = self.variant
        self.round_themes = self.themes
        self.first_out = None
        self.play_ms = 0
        self._entries = [None] * len(seats)  # type: list[tuple[int, int, int, int] | None]
        self._begin_count_in(now)

    def _begin_count_in(self, now):
        self.phase = COUNT_IN
        self.calls = 0
        self._last_call_at = None
        self._last_call_cue = cues.NONE
        self._count_in_at = now
        self._go_at = ticks_add(now, COUNT_IN_MS)
        self._count_ins += 1

    def do_hold(self, now):
        # "If someone isn't ready, they yell out and stop things during the countdown."
        if self.phase_at(now) != COUNT_IN:
            raise Refused("hold only during the count-in")
        self.round_number -= 1
        self.phase = SETUP

    def do_redraw(self, now):
        # Seven vowels or seven consonants: everyone puts back and draws again.
        self._need_play(now)
        if self.calls:
            raise Refused("redraw only before the first call")
        self.pool.put_back_all()
        self.pool.deal_hands()
        self._begin_count_in(now)

    def do_take(self, now, seat):
        if self.round_variant == "idaho":
            self._check_call(now, seat)
            raise Refused("in Idaho the call is pick")
        each = self._serve_each() if self.pool is not None else 0
        self._check_call(now, seat, each == 0)
        if each == 0:
            self._stop(now, seat, cues.IM_OUT)
            return
        self._deal(now, each)

    def _deal(self, now, each):
        self.pool.draw_round(each)
        self.calls += 1
        self._last_call_at = now
        self.phase = PLAY
        self.last_cue = cues.TAKE_TWO if each == 2 else cues.TAKE_ONE
        self._last_call_cue = self.last_cue

    def do_out(self, now, seat):
        self._check_call(now, seat, True)
        pool = self.pool
        if self.round_variant == "idaho":
            if pool.exact and pool.remaining:
                raise Refused("%d tiles are still in the pool: pick" % pool.remaining)
        elif self._serve_each():
            raise Refused("%d tiles are still in the pool: take" % pool.remaining)
        self._stop(now, seat, cues.IM_OUT)

    def do_pick(self, now, seat):
        self._check_call(now, seat)
        if self.round_variant != "idaho":
            raise Refused("pick is the Idaho call")
        self._pick(now)

    def _pick(self, now):
        if self.pool.exact and self.pool.remaining == 0:
            raise Refused("the pool is empty: out")
        # Each player tops up to seven unused tiles: counts the box can't see.
        self.pool.lose_track()
        self.calls += 1
        self._last_call_at = now
        self.phase = PLAY
        self.last_cue = cues.PICK
        self._last_call_cue = cues.PICK

    def do_stuck(self, now):
        # Nobody can finish: everyone agrees and takes two (one in Seattle).
        self._check_call(now, None)
        if self.round_variant == "idaho":
            self._pick(now)
            return
        each = self._serve_each()
        if each == 0:
            raise Refused("the pool is empty: stop the round")
        self._deal(now, each)

    def do_stop(self, now):
        # Play ends with nobody out (all stuck with an empty pool).
        self._need_play(now)
        self._stop(now, None, cues.TIME_UP)

    def _stop(self, now, seat, cue):
        self.play_ms = ticks_diff(now, self._go_at)
        self.first_out = seat
        self.phase = ENTRY
        self._last_call_at = now
        self.last_cue = cue

    def do_void(self, now):
        phase = self.phase_at(now)
        if phase != PLAY and phase != ENTRY:
            raise Refused("void a round in play or being scored")
        if phase == PLAY:
            self.play_ms = ticks_diff(now, self._go_at)
        self.rounds.append([self.round_number, True, None, self.play_ms, self.round_variant, ()])
        self.phase = SETUP

    def _tiles_held(self, index):
        """The most tiles a player can have this round (for refusing absurd scores)."""
        pool = self.pool
        if pool.exact:
            return pool.drawn[index]
        # Idaho: everybody else holds at least their first seven.
        return pool.total - HAND * (pool.players - 1)

    def do_score(self, now, seat, grid, leftover, sevens=0, themes=0):
        if self.phase != ENTRY:
            raise Refused("scores are entered after play stops")
        index = self._round_index(seat)
        tiles = self._tiles_held(index)
        # A tile counts at most twice in the grid (across and down), once left over.
        check_int(grid, 0, min(MAX_ENTRY, 2 * TOP_TILE * tiles), "grid points")
        check_int(leftover, 0, min(MAX_ENTRY, TOP_TILE * tiles), "leftover points")
        # A tile is in at most two words, and a 7+ word has seven tiles.
        check_int(sevens, 0, 2 * tiles // 7, "words of seven or more")
        if themes and not self.round_themes:
            raise Refused("themes are off")
        check_int(themes, 0, tiles, "theme words")
        self._entries[index] = (grid, leftover, sevens, themes)

    def do_close(self, now):
        if self.phase != ENTRY:
            raise Refused("close after play stops and scores are in")
        missing = [self.names[s - 1] for i, s in enumerate(self.round_seats) if self._entries[i] is None]
        if missing:
            raise Refused("no score yet for " + ", ".join(missing))  # pyright: ignore[reportCallIssue, reportArgumentType]  a round's seats have names
        rows = []
        first_out_name = None
        for i, seat in enumerate(self.round_seats):
            name = self.names[seat - 1]
            grid, leftover, sevens, themes = self._entries[i]  # pyright: ignore[reportGeneralTypeIssues]  none is missing (above)
            first = seat == self.first_out
            if first:
                first_out_name = name
            total = _row_total(grid, leftover, sevens, themes, first)
            rows.append((name, seat, grid, leftover, sevens, themes, first, total))
            self._join(name)
            self.totals[name] += total
        self.rounds.append([self.round_number, False, first_out_name, self.play_ms,
                            self.round_variant, tuple(rows)])
        self.winner = self._leader_past_target()
        self.phase = MATCH_OVER if self.winner else SETUP
        self.last_cue = cues.WIN if self.winner else cues.NONE

    def _leader_past_target(self):
        # "in case of more than one player reaching the score in the same round,
        # the player with the higher score wins." The winner is a player of
        # the round just closed, at or past the target, with more points than
        # anyone else of the match, seated or gone. An exact tie at the top,
        # or a player who has left on top: no winner yet, another round is
        # played (docs/speedscrabble.md, "Who wins").
        best = None
        for seat in self.round_seats:
            name = self.names[seat - 1]
            if best is None or self.totals[name] > self.totals[best]:
                best = name
        if best is None or self.totals[best] < self.target:
            return None
        for name in self.players:
            if name != best and self.totals[name] >= self.totals[best]:
                return None
        return best

    def do_newmatch(self, now):
        if self.phase != MATCH_OVER and self.phase != SETUP:
            raise Refused("finish or void the round first")
        self.rounds = []
        self.players = []
        self.totals = {}
        self.winner = None
        self.round_number = 0
        self.round_seats = ()
        self.pool = None
        self.play_ms = 0
        self.first_out = None
        self.phase = SETUP

    # ---- the score sheet ----

    def _round_dict(self, record):
        number, void, first_out, play_ms, variant, rows = record
        return {
            "number": number, "void": void, "first_out": first_out, "play_ms": play_ms,
            "variant": variant,
            "rows": [_row_dict(r[_NAME], r[_SEAT], r[_GRID], r[_LEFTOVER], r[_SEVENS], r[_THEMES],
                               r[_FIRST_OUT], r[_TOTAL]) for r in rows],
        }

    def sheet(self):
        current = None
        if self.phase in (COUNT_IN, PLAY, ENTRY):
            first = self.names[self.first_out - 1] if self.first_out else None
            current = {
                "number": self.round_number, "void": False, "first_out": first,
                "play_ms": self.play_ms if self.phase == ENTRY else None,
                "variant": self.round_variant, "rows": self.live_rows(),
            }
        totals = {}
        for name in self.players:
            totals[name] = self.totals[name]
        return {
            "game": self.KIND,
            "players": list(self.players),
            "rounds": [self._round_dict(r) for r in self.rounds],
            "totals": totals,
            "standings": self.standings(),
            "current": current,
            "target": self.target,
            "winner": self.winner,
            "pool_exact": self.pool.exact if self.pool is not None else True,
        }


GAME = SpeedScrabble      # what games.new_game() makes
