# Spell Sport (the rules in our words: docs/spellsport.md): two players, Across and Down, a rubber
# of games on a 26x26 board. The device keeps the turn, how many tiles each
# player holds and how many are left in the bag, and the scores; the players
# (or the host referee) judge the board itself. Verbs, phases and the sheet
# are described in docs/spellsport.md.
from tileclock import cues
from tileclock.engine.game import Game, Refused, check_int, check_name, ints_of, names_of, words
from tileclock.engine.pool import TilePool
from tileclock.engine.timing import Stopwatch
from tileclock.games.spellsport.score import LONGEST_WORD, play_score
from tileclock.games.spellsport.tiles import TILE_COUNT

ACROSS = 1
DOWN = 2
SIDES = ("", "across", "down")
# A completed path doubles by its direction: `path across` doubles Across,
# `path down` doubles Down, `path both` (one play completed both) both.
PATHS = ("", "across", "down", "both")      # index = the sides doubled, as bits

HAND = 12          # each player takes twelve tiles to begin a game
REFILL = 6         # ... and six more after a play that leaves
SHORT_RACK = 6     # ... six or fewer in the player's rack

# Phases. A rubber is a series of games between the same two players.
SETUP = "setup"          # naming the players; no game yet
PLAY = "play"            # a game is running
GAME_OVER = "game_over"  # a game has ended; `start` begins the next

# Indexes into a play record (a tuple, so a game's plays stay small).
_SEAT = 0
_POINTS = 1
_TILES = 2
_STOLEN = 3
_ACROSS = 4
_DOWN = 5
_JOINED = 6
_CIRCUIT = 7


def _other(seat):
    return DOWN if seat == ACROSS else ACROSS


class SpellSport(Game):
    KIND = "spellsport"
    VERBS = {
        "seat": "SEAT NAME", "rename": "SEAT NAME", "start": "",
        "play": "SEAT TILES STOLEN ACROSS DOWN joined|separate [circuit]", "pass": "SEAT",
        "refill": "SEAT", "path": "across|down|both", "endgame": "",
    }

    def reset(self):
        self.phase = SETUP
        self.names = [None, None]       # [across, down]
        self.round_number = 0           # games begun: the game running or last finished
        self.turn = ACROSS
        self.game_scores = [0, 0]       # this game's points (with the path bonus once it ends)
        self.totals = [0, 0]            # the rubber, over finished games
        self.last_play_points = None    # the last play of this game, None before one
        self.refill_offer = 0           # the seat that may take six now, or 0
        self._racks = [0, 0]
        self._pool = None
        self._plays = []                # this game's plays, as tuples (see _SEAT...)
        self._last_move_played = 0      # seat whose move just ended in a play, else 0
        self._path = 0                  # the sides a path doubled (bits: ACROSS, DOWN)
        self._finished = []             # (path bits, seat that completed it or 0, plays) of each finished game
        self._folded = 0                # finished games before the checkpoint (on flash)
        self._clock = Stopwatch()

    # -- the checkpoint (Game.fold_state) --

    def at_rest(self):
        return self.phase != PLAY

    def fold_state(self):
        return ["names=" + words(self.names), "games=%d" % self.round_number, "totals=" + words(self.totals),
                "scores=" + words(self.game_scores), "phase=" + self.phase, "path=" + PATHS[self._path]]

    def restore(self, state):
        names = names_of(state["names"])
        totals = ints_of(state["totals"])
        scores = ints_of(state["scores"])
        if len(names) != 2 or len(totals) != 2 or len(scores) != 2 or state["phase"] not in (SETUP, GAME_OVER):
            raise ValueError("names, totals, scores or phase")
        for name in names:
            if name is not None:
                check_name(name)
        games = check_int(int(state["games"]), 0, 100000, "games")
        # A play may score below zero, so may a total; but the rubber is in
        # setup only before the first game, and a game needs both players.
        if state["phase"] == SETUP:
            if games or totals != [0, 0] or scores != [0, 0]:
                raise Refused("setup is before any game: games, totals, scores 0")
        elif not games or None in names or (games == 1 and totals != scores):
            raise Refused("game_over needs both names, games>=1, and totals=scores after 1 game")
        self.names = names
        self.totals = totals
        self.game_scores = scores
        self.round_number = self._folded = games
        self.phase = state["phase"]
        # The last game's path, for its game-over screen (a journal from
        # before path= was kept reads as no path)
        self._path = PATHS.index(state.get("path", "")) if self.phase == GAME_OVER else 0

    # -- reading the state (for the screens) --

    @property
    def bag(self):
        """Tiles still in the bag."""
        return self._pool.remaining if self._pool is not None else TILE_COUNT

    @property
    def last_path(self):
        """The path that ended the last game: "across", "down", "both", or
        "" (none, or no game ended yet). Known after a restore too."""
        return PATHS[self._path] if self.phase == GAME_OVER else ""

    def rack(self, seat):
        """How many tiles the player at `seat` (1 Across, 2 Down) holds."""
        return self._racks[seat - 1]

    def clock_ms(self, now):
        """Time the player whose turn it is has taken over this move."""
        if self.phase != PLAY:
            return 0
        return self._clock.elapsed(now)

    def tick(self, now):
        # Spell Sport has no time limit: every cue comes with an action (last_cue).
        return cues.NONE

    # -- checks shared by the actions --

    def _need_game(self):
        if self.phase == SETUP:
            raise Refused("no game running: name both players, then start")
        if self.phase == GAME_OVER:
            raise Refused("no game running: start the next game")

    def _check_seat(self, seat):
        if seat != ACROSS and seat != DOWN:
            raise Refused("Spell Sport has two players: seat 1 Across, seat 2 Down")
        return seat

    def _check_turn(self, seat):
        self._check_seat(seat)
        if seat != self.turn:
            raise Refused("it is %s's turn" % self.names[self.turn - 1])

    # -- actions --

    def do_seat(self, now, seat, name):
        """seat 1 NAME (Across) / seat 2 NAME (Down), before the first game."""
        self._check_seat(seat)
        check_name(name)
        if self.round_number:
            raise Refused("the players are fixed once the rubber has begun")
        if self.names[_other(seat) - 1] == name:
            raise Refused("%s already plays %s" % (name, SIDES[_other(seat)]))
        self.names[seat - 1] = name

    def do_rename(self, now, seat, name):
        """rename 1 NAME / rename 2 NAME: the player at that seat is called
        NAME from now on, in the finished games too (the sheet names the
        players by seat). Before the first game or between games."""
        self._check_seat(seat)
        check_name(name)
        if self.phase == PLAY:
            raise Refused("a game is running: rename between games")
        old = self.names[seat - 1]
        if old is None:
            raise Refused("nobody plays %s yet: seat %d first" % (SIDES[seat], seat))
        if name == old:
            raise Refused("%s is %s already" % (SIDES[seat], name))
        if self.names[_other(seat) - 1] == name:
            raise Refused("%s already plays %s" % (name, SIDES[_other(seat)]))
        self.names[seat - 1] = name

    def do_start(self, now):
        """A new game: a full bag, twelve tiles each, Across to play."""
        if self.phase == PLAY:
            raise Refused("a game is running: end it with path or endgame")
        if self.names[0] is None or self.names[1] is None:
            raise Refused("name both players first (seat 1 Across, seat 2 Down)")
        self._pool = TilePool(TILE_COUNT, 2, HAND)
        self._pool.deal_hands()
        self._racks[0] = HAND
        self._racks[1] = HAND
        self.round_number += 1
        self.phase = PLAY
        # The rules call Across "the first player": Across begins every game.
        self.turn = ACROSS
        self.game_scores = [0, 0]
        self.last_play_points = None
        self.refill_offer = 0
        self._plays = []
        self._last_move_played = 0
        self._path = 0
        self._clock.start(now)
        self.last_cue = cues.GO

    def do_play(self, now, seat, tiles, stolen, across, down, how, extra=None):
        """play SEAT TILES STOLEN ACROSS DOWN joined|separate [circuit]"""
        self._need_game()
        self._check_turn(seat)
        opponent = _other(seat)
        check_int(tiles, 0, self._racks[seat - 1], "tiles from your own rack")
        check_int(stolen, 0, self._racks[opponent - 1], "tiles stolen from the opponent")
        if tiles + stolen == 0:
            raise Refused("a play places at least one tile")
        check_int(across, 0, LONGEST_WORD, "the across word's length")
        check_int(down, 0, LONGEST_WORD, "the down word's length")
        if how != "joined" and how != "separate":
            raise Refused("say whether the words are joined or separate")
        if extra is not None and extra != "circuit":
            raise Refused("after joined/separate only 'circuit' may follow")
        joined = how == "joined"
        circuit = extra == "circuit"
        points = play_score(across, down, joined, circuit, stolen)  # refuses bad lengths
        # Every letter placed must be part of a word formed: the tiles' letters
        # (two each) must fit in the words' cells. Joined words share one cell
        # (new or old: "the join need not occur at a newly placed tile").
        letters = 2 * (tiles + stolen)
        cells = across + down - 1 if joined else across + down
        if letters > cells:    # never for one tile: a word has three letters or more
            raise Refused("%d tiles are %d letters, more than the %d letters of the words formed"
                          % (tiles + stolen, letters, cells))
        # Everything is checked: now change the state.
        self._racks[seat - 1] -= tiles
        self._racks[opponent - 1] -= stolen
        self.game_scores[seat - 1] += points
        self.last_play_points = points
        self._plays.append((seat, points, tiles, stolen, across, down, joined, circuit))
        self._end_move(now, seat, True)
        # "When a player is left with six or fewer tiles at the end of a play
        # he may take a random selection of another six": he may, so the
        # device offers (TAKE_SIX) and waits for `refill SEAT`.
        if self._racks[seat - 1] <= SHORT_RACK and self._pool.remaining > 0:
            self.refill_offer = seat
            self.last_cue = cues.TAKE_SIX

    def do_pass(self, now, seat):
        """pass SEAT: the player whose turn it is does not play."""
        self._need_game()
        self._check_turn(seat)
        self._end_move(now, seat, False)

    def _end_move(self, now, seat, played):
        # Any move closes a refill offer: the rules allow it only at the end of
        # the play that left the player short.
        self.refill_offer = 0
        self._last_move_played = seat if played else 0
        self.turn = _other(seat)
        self._clock.start(now)

    def do_refill(self, now, seat):
        """refill SEAT: the player who just played takes six (fewer if the bag is short)."""
        self._need_game()
        self._check_seat(seat)
        if self.refill_offer != seat:
            if self._pool.remaining == 0:
                raise Refused("the bag is empty")
            raise Refused("%s may take six only right after a play that leaves six or fewer"
                          % self.names[seat - 1])
        count = min(REFILL, self._pool.remaining)
        self._pool.draw(seat - 1, count)
        self._racks[seat - 1] += count
        self.refill_offer = 0

    def do_path(self, now, direction):
        """path across|down|both: the play just made completed a path; "the
        first player doubles if the path is across the board, and the second
        player doubles if the path is down the board", whoever's play
        completed it (both double when one play completes both)."""
        self._need_game()
        if direction not in PATHS or not direction:
            raise Refused("path across, down or both (the path's direction, not a seat)")
        if not self._last_move_played:
            raise Refused("a path is completed by a play: nobody has just played")
        bits = PATHS.index(direction)
        for seat in (ACROSS, DOWN):
            if bits & seat:
                self.game_scores[seat - 1] *= 2
        self._path = bits
        self._end_game()
        self.last_cue = cues.WIN

    def do_endgame(self, now):
        """endgame: the game stops without a path (no one can play); no doubling."""
        self._need_game()
        self._path = 0
        self._end_game()

    def _end_game(self):
        self.totals[0] += self.game_scores[0]
        self.totals[1] += self.game_scores[1]
        self._finished.append((self._path, self._last_move_played if self._path else 0, self._plays))
        self.phase = GAME_OVER
        self.refill_offer = 0
        self._clock.reset()

    # -- the score sheet --

    def _round_sheet(self, number, path, path_by, plays):
        play_rows = []
        points = [0, 0]
        count = [0, 0]
        for p in plays:
            seat = p[_SEAT]
            points[seat - 1] += p[_POINTS]
            count[seat - 1] += 1
            play_rows.append({
                "seat": seat, "name": self.names[seat - 1], "points": p[_POINTS],
                "tiles": p[_TILES], "stolen": p[_STOLEN], "across": p[_ACROSS],
                "down": p[_DOWN], "joined": p[_JOINED], "circuit": p[_CIRCUIT],
            })
        rows = []
        for seat in (ACROSS, DOWN):
            bonus = points[seat - 1] if path & seat else 0
            rows.append({
                "name": self.names[seat - 1], "seat": seat, "side": SIDES[seat],
                "plays": count[seat - 1], "points": points[seat - 1],
                "path_bonus": bonus, "total": points[seat - 1] + bonus,
            })
        return {
            "number": number, "void": False,
            "path": PATHS[path] or None,
            "path_by": self.names[path_by - 1] if path_by else None,
            "plays": play_rows, "rows": rows,
        }

    def sheet(self):
        rounds = []
        for i, (path, path_by, plays) in enumerate(self._finished):
            rounds.append(self._round_sheet(self._folded + i + 1, path, path_by, plays))
        current = None
        if self.phase == PLAY:
            current = self._round_sheet(self.round_number, 0, 0, self._plays)
        totals = {}
        standings = []
        winner = None
        if self.names[0] is not None and self.names[1] is not None:
            for seat in (ACROSS, DOWN):
                totals[self.names[seat - 1]] = self.totals[seat - 1]
                standings.append([self.names[seat - 1], self.totals[seat - 1]])
            # Highest first, ties by name (one key: MicroPython's sort isn't stable).
            standings.sort(key=lambda row: (-row[1], row[0]))
            if self._folded + len(rounds) and standings[0][1] > standings[1][1]:
                winner = standings[0][0]
        return {
            "game": self.KIND,
            "players": [self.names[0], self.names[1]],
            "rounds": rounds,
            "totals": totals,
            "standings": standings,
            "current": current,
            "rubber_winner": winner,
        }


GAME = SpellSport      # what games.new_game() makes
