# The keeper of the game: the game in play and its journal, kept in step.
#
# Every engine action of the box goes through Keeper.act, which journals it
# (and folds the game when a round closed after another); undo, with its
# confirmation before a close is taken back; time marks while a clock runs;
# and at boot the journal's game back, with the offset that carries the
# engine's time on from the old tick counter (and dates each press in it)
# and the pause where the power went. A failing flash never stops the game:
# the game carries on in RAM and the next write catches the journal up.
#
# The keeper sounds, shows and routes nothing: each call returns what
# happened (the bits below, or the engine's Refused), and the app says it.
# It needs no board nor screen: tests/firmware/test_keeper.py keeps a game
# on an in-memory flash.
import gc

from tileclock.engine import Refused
from tileclock.ticks import ticks_add, ticks_diff

from micropython import const

# What a call did, bits of the int it returns (0: nothing to say).
_SAVE_FAILED = const(1)  # a write to the flash failed: the game is kept in RAM
_UNASKED = const(2)      # an undo of a close was asked for, and is no longer
_HOME = const(4)         # undo: next is the set-up of the game, undone by the home menu
_ASKED = const(8)        # undo: the last action closed a round: asked, not undone

# The journal against the game (Keeper.unsaved): in step, behind (the next
# write is a snapshot of the whole history), the game's journal not started
# (the next write starts it, then the snapshot), or a new game being set up
# (nothing written until start()).
_SAVED = const(0)
_BEHIND = const(1)
_NOT_STARTED = const(2)
_NEW = const(3)

# What _store writes
_RECORD = const(1)
_UNDO = const(2)
_REWRITE = const(3)


class Keeper:
    """The game in play (`game`, None when there is none) and `journal`
    (tileclock.store.journal.Journal, or None: the game in RAM only)."""

    def __init__(self, journal=None):
        self.journal = journal
        self.game = None
        self.offset = 0             # the board's ticks + offset: the engine's time (resume)
        self.written = 0            # when the journal last wrote (the engine's time)
        self.unsaved = _SAVED       # the journal against the game
        self._pause = 0             # history length with the boot's pause on top, or 0
        self._pause_at = 0          # and that pause's time
        self._unclose = None        # (the close undo asked about, until when)
        self._pressed = None        # the engine's time of the last press (time_of)
        self._unfolded = False      # a fold failed on the flash: tried again at the next close

    # -- boot ----------------------------------------------------------------

    def resume(self, ticks, feed=None):
        """The journal's game back (none if its set-up was cut before it
        was saved), its time carried on from the board's `ticks`; `feed`
        keeps the watchdog fed through a long replay. Returns the problems
        the journal found (a damaged flash is one: no game, and play on)."""
        game = None
        problems = []
        if self.journal is not None:
            try:
                if not self.journal.first_power_on():
                    # (store/recover.py: the app unloads it after boot)
                    from tileclock.store.recover import resume
                    game, problems = resume(self.journal, feed=feed)
            except Exception as e:  # a damaged flash must not stop the clock
                problems = ["journal: %s" % e]
                game = None
        if game is not None and not game.history:
            game = None     # new_game cut before its set-up was saved: start again
        self.game = game
        now = ticks_add(ticks, self.offset)
        if game is not None:
            # The tick counter restarted at boot; the journal's times are the
            # old counter's. Carry on from the later of the last action and
            # the last time mark (written every MARK_MS while a clock ran), so
            # the engine never sees time go backwards, and pause a running
            # Word-Sport clock there (the seconds after it are not known).
            # Speed Scrabble's clock has no pause: it carries on from there.
            last = game.history[-1][0]
            mark = getattr(self.journal, "mark_time", None)
            if mark is not None and ticks_diff(mark, last) > 0:
                last = mark
            self.offset = ticks_diff(last, ticks)
            now = last
            top = game.history[-1]
            if "pause" in game.VERBS and game.clock_running(now):
                try:
                    self.act(now, "pause")
                    self._pause = len(game.history)
                    self._pause_at = now
                except Refused:
                    pass
            elif top[1] == "pause" and top[0] == mark:
                # an earlier boot's pause at its mark (the marks are still on flash)
                self._pause = len(game.history)
                self._pause_at = mark
        self.written = now
        return problems

    # -- a new game ------------------------------------------------------------

    def new(self, game):
        """`game`, not set up, is the game in play: its set-up actions are
        applied in RAM (act), then journalled by start() as one snapshot,
        so a power cut in between leaves a game with no action (boot shows
        the home menu), never half the table seated."""
        self.game = game
        self._pause = 0
        self._unfolded = False
        self.unsaved = _NEW

    def start(self, now):
        """The new game set up: a new journal, the game's snapshot in it."""
        self.unsaved = _NOT_STARTED
        return self._store(now, _RECORD)

    # -- actions -----------------------------------------------------------------

    def act(self, now, verb, args=()):
        """Apply one engine action and journal it: raises Refused (Merged:
        a press inside the merge window) as the engine does, the game as
        it was; else returns what the app must say (_SAVE_FAILED, _UNASKED)."""
        self.game.do(now, verb, args)
        said = self._store(now, _RECORD)
        if self._unclose is not None:
            # another action: the close is no longer the one to undo
            self._unclose = None
            said |= _UNASKED
        if self.game.foldable() and (not self._unfolded or self.game.last_closed()):
            said |= self._fold(now)
        return said

    def _fold(self, now):
        # A round closed after another: the game keeps only the last closed
        # round and what follows (Game.folded), the folded actions go to the
        # journal's fold book first. A flash or memory that can't do it
        # leaves the game as it is (unfolded). After a flash that failed
        # the next close tries again, not every action: a fold writes two
        # entries of a round. The action is journalled already, and the
        # journal knows what a fold that failed half-way left: its next
        # write is then a whole snapshot (Journal.fold).
        try:
            if self.journal is None:
                self.game = self.game.folded()[0]
            elif self.unsaved == _SAVED:
                self.game = self.journal.fold(self.game)
            self._unfolded = False
        except MemoryError:
            gc.collect()
        except OSError as e:
            print("tileclock: fold not saved: %r" % (e,))
            self._unfolded = True
            return _SAVE_FAILED
        return 0

    def undo(self, now, setup_verbs, confirm_ms):
        """Take back the last action: the game without it is built beside
        the current one, which stays as it is if that fails (Refused: out
        of memory). Returns (what to say, the action taken back): a close
        is undone by a second call within `confirm_ms` on the same close
        (the first: _ASKED, None); an action of `setup_verbs` is not undone
        (_HOME, None)."""
        game = self.game
        if game is None or not game.history:
            raise Refused("nothing to undo")
        history = game.history
        last = history[-1]
        paused_at = None
        n = len(history)
        try:
            steps = [game]
            if last[1] == "pause" and n > 1 and (
                    history[-2][0] == last[0] or (n == self._pause and last[0] == self._pause_at)):
                # The pause resume() made at the last action's or the last
                # time mark's time (a player's pause comes later, and is
                # never on a mark): not the players' action. Undo theirs,
                # and pause again where the power went.
                steps.append(game.undone())
                paused_at = last[0]
                last = steps[-1].history[-1]
            if last[1] in setup_verbs:
                return _HOME, None
            if steps[-1].last_closed():
                asked = self._unclose
                if asked is None or asked[0] is not last or ticks_diff(asked[1], now) <= 0:
                    self._unclose = (last, ticks_add(now, confirm_ms))
                    return _ASKED, None
                self._unclose = None
            steps.append(steps[-1].undone())
        except MemoryError:
            steps = None
            gc.collect()
            raise Refused("out of memory: nothing undone")
        said = 0
        for step in steps[1:]:
            self.game = step
            said |= self._store(now, _UNDO)
        if paused_at is not None:
            game = self.game
            try:
                said |= self.act(paused_at, "pause")
                self._pause = len(game.history)
                self._pause_at = paused_at
            except Refused:
                pass
        return said, last

    def rewrite(self, now, game, removed=-1):
        """`game` replaces the game in play, its history changed before
        its last action (the call at history index `removed` taken out, or
        moved: ui/calls.py); journalled whole."""
        self.game = game
        self._unclose = None
        if 0 <= removed < self._pause:
            self._pause -= 1        # (the boot's pause moved up with the rest)
        return self._store(now, _REWRITE)

    def time_of(self, ticks, now):
        """The engine's time of a press the board timed at `ticks` (its
        edge: App.step): never later than `now`, nor before the press
        before (two presses overlapping come in the order they were
        decided) or the last action (the engine's time only goes forward)."""
        at = ticks_add(ticks, self.offset)
        if ticks_diff(at, now) > 0:
            at = now
        last = self._pressed
        if last is not None and ticks_diff(at, last) < 0 and ticks_diff(now, last) >= 0:
            at = last
        game = self.game
        last = game.last_at if game is not None else None
        if last is not None and ticks_diff(at, last) < 0 and ticks_diff(now, last) >= 0:
            at = last
        self._pressed = at
        return at

    # -- the journal: a failing flash must not stop the clock ----------------

    def _store(self, now, what):
        # Journal the game's last change (_RECORD an action, _UNDO one made
        # at `now`, _REWRITE a call corrected). An OSError (flash full, a
        # damaged file system) leaves the game as it is in RAM, and the next
        # write tries again: a snapshot of the whole history, as the journal
        # fell behind (or a new journal, and the snapshot).
        journal = self.journal
        if journal is None or self.unsaved == _NEW:
            return 0
        game = self.game
        self.written = now
        try:
            if self.unsaved == _NOT_STARTED:
                journal.start(game.KIND)
                self.unsaved = _BEHIND
            if self.unsaved == _BEHIND:
                # After a failed write the whole game goes into a snapshot,
                # whatever the journal holds (a checkpoint writes only when
                # segments or a torn write are past the last one: a failure
                # that left neither would lose this action).
                journal.rewrite(game)
                self.unsaved = _SAVED
            elif what == _UNDO:
                journal.undo(game, now)
            elif what == _REWRITE:
                journal.rewrite(game)
            else:
                journal.record(game)
        except OSError as e:
            print("tileclock: journal not saved: %r" % (e,))
            if self.unsaved == _SAVED:
                self.unsaved = _BEHIND
            return _SAVE_FAILED
        return 0

    def mark(self, now):
        """A time mark in the journal if the game's clock runs (the app: at
        most one a pass, MARK_MS after the journal's last write). Allocates
        only the record's few strings, every MARK_MS (and a snapshot when
        marks have filled the segments)."""
        self.written = now
        journal = self.journal
        game = self.game
        if journal is None or self.unsaved != _SAVED or not game.clock_running(now):
            return 0
        try:
            journal.mark(now, game)
        except OSError as e:
            print("tileclock: time mark not saved: %r" % (e,))
            return _SAVE_FAILED
        return 0
