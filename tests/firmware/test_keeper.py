# The keeper of the game (tileclock/keeper.py) alone: a Word-Sport game and
# its journal on an in-memory flash, no board and no screen. What each call
# did comes back as bits; the app sounds, shows and routes them.
# Runs under pytest and on MicroPython (tests/run_on_micropython.py).
from check import raises

from tileclock import keeper as K
from tileclock.engine.game import Merged, Refused
from tileclock.keeper import Keeper
from tileclock.script import new_game
from tileclock.store.journal import Journal
from tileclock_host.boards.fsmodel import MemFS

ROOT = "/flash"
# keeper.py's bits (private constants there: folded into the bytecode)
SAVE_FAILED = 1
UNASKED = 2
HOME = 4
ASKED = 8
SETUP = ("seat", "tiles", "countdown")
CONFIRM_MS = 5000


class FlakyFS(MemFS):
    """An in-memory flash whose writes fail while `broken`."""
    broken = False

    def open(self, path, mode="r"):
        if self.broken and mode[0] in "wa":
            raise OSError(5, "EIO")
        return MemFS.open(self, path, mode)


def flash():
    fs = FlakyFS()
    fs.mkdir(ROOT)
    return fs


def keeper_on(fs):
    return Keeper(Journal(ROOT, fs))


def seated(fs, players=2, at=1000):
    """A keeper with a new game set up: seated, half set, journalled."""
    k = keeper_on(fs)
    k.new(new_game("wordsport"))
    for seat in range(1, players + 1):
        assert k.act(at, "seat", (seat, "P%d" % seat)) == 0
    assert k.act(at, "tiles", ("half",)) == 0
    assert k.start(at) == 0
    return k


def play_round(k, t, started=False):
    """A whole round from start (unless `started`) to close; the time after it."""
    g = k.game
    t += 1000
    if not started:
        k.act(t, "start")
    seat = 1
    while k.game.pool.can_serve(1):
        t += 2000
        k.act(t, "go", (seat,))
        seat = 3 - seat
    t += 2000
    k.act(t, "out", (1,))
    t += 61000
    k.act(t, "unused", (2, 3))
    t += 1000
    k.act(t, "close")
    assert k.game.last_closed(), g
    return t


def lines(game):
    return [(a[0], a[1], tuple(a[2])) for a in game.history]


def test_every_action_is_journalled_and_comes_back_at_boot():
    fs = flash()
    k = seated(fs)
    t = play_round(k, 2000)
    k.act(t + 1000, "start")
    again = keeper_on(fs)
    assert again.resume(500) == []
    # the same game, its clock paused at the last action (the seconds
    # after it are not known), where the engine's time carries on
    assert lines(again.game) == lines(k.game) + [(t + 1000, "pause", ())]
    assert again.offset == t + 1000 - 500 and again.written == t + 1000


def test_a_new_game_is_journalled_whole_at_start_and_not_before():
    fs = flash()
    k = keeper_on(fs)
    k.new(new_game("wordsport"))
    k.act(0, "seat", (1, "Ann"))
    # a power cut before start(): no game to resume (the home menu)
    cut = keeper_on(fs)
    cut.resume(0)
    assert cut.game is None
    k.act(0, "seat", (2, "Bob"))
    assert k.start(0) == 0
    again = keeper_on(fs)
    again.resume(0)
    assert again.game.names[:2] == ["Ann", "Bob"]


def test_a_refusal_changes_nothing_and_writes_nothing():
    fs = flash()
    k = seated(fs)
    before = lines(k.game)
    seq = k.journal.seq
    e = raises(Refused, k.act, 2000, "go", (1,))    # no round started
    assert e.reason and not isinstance(e, Merged)
    assert lines(k.game) == before and k.journal.seq == seq


def test_a_running_clock_is_paused_where_the_power_went():
    fs = flash()
    k = seated(fs)
    k.act(2000, "start")
    k.act(4000, "go", (1,))
    k.mark(9000)                    # a time mark: the clock ran until then
    again = keeper_on(fs)
    again.resume(100)
    top = again.game.history[-1]
    assert top[1] == "pause" and top[0] == 9000 and again.offset == 8900
    # undo takes back the players' go, not the boot's pause, and pauses again
    said, undone = again.undo(9500, SETUP, CONFIRM_MS)
    assert said == 0 and undone[1] == "go"
    assert [a[1] for a in again.game.history[-2:]] == ["start", "pause"]


def test_undoing_a_close_asks_first():
    fs = flash()
    k = seated(fs)
    t = play_round(k, 2000)
    assert k.undo(t + 100, SETUP, CONFIRM_MS) == (ASKED, None)
    assert k.game.last_closed()     # asked: nothing undone
    said, undone = k.undo(t + 200, SETUP, CONFIRM_MS)
    assert said == 0 and undone[1] == "close" and not k.game.last_closed()
    # asked again, then another action: the question is withdrawn
    k.act(t + 300, "close")
    assert k.undo(t + 400, SETUP, CONFIRM_MS) == (ASKED, None)
    assert k.act(t + 500, "start") == UNASKED
    # too late: asked again
    k2 = seated(flash())
    t = play_round(k2, 2000)
    assert k2.undo(t, SETUP, CONFIRM_MS) == (ASKED, None)
    assert k2.undo(t + CONFIRM_MS, SETUP, CONFIRM_MS) == (ASKED, None)


def test_undo_stops_at_the_set_up_and_at_nothing():
    k = seated(flash())
    assert k.undo(2000, SETUP, CONFIRM_MS) == (HOME, None)
    assert len(k.game.history) == 3
    raises(Refused, Keeper(None).undo, 0, SETUP, CONFIRM_MS)


def test_an_undo_is_journalled():
    fs = flash()
    k = seated(fs)
    k.act(2000, "start")
    k.act(3000, "go", (1,))
    said, undone = k.undo(3500, SETUP, CONFIRM_MS)
    assert said == 0 and undone[1] == "go"
    again = keeper_on(fs)
    again.resume(0)
    assert lines(again.game) == lines(k.game) + [(3500, "pause", ())]


def test_a_failing_flash_keeps_the_game_and_catches_up():
    fs = flash()
    k = seated(fs)
    fs.broken = True
    assert k.act(2000, "start") == SAVE_FAILED
    assert k.act(3000, "go", (1,)) == SAVE_FAILED
    assert k.game.history[-1][1] == "go"         # the game goes on in RAM
    fs.broken = False
    assert k.act(6000, "go", (2,)) == 0          # a snapshot of it all
    again = keeper_on(fs)
    again.resume(0)
    assert lines(again.game) == lines(k.game) + [(6000, "pause", ())]


def test_a_time_mark_only_while_the_clock_runs():
    fs = flash()
    k = seated(fs)
    seq = k.journal.seq
    assert k.mark(2000) == 0 and k.journal.seq == seq   # no clock running
    k.act(3000, "start")
    seq = k.journal.seq
    assert k.mark(8000) == 0 and k.journal.seq == seq + 1 and k.written == 8000
    fs.broken = True
    assert k.mark(13000) == SAVE_FAILED


def test_a_round_closed_after_another_folds_the_game():
    fs = flash()
    k = seated(fs)
    t = play_round(k, 2000)
    t = play_round(k, t)
    assert k.game.history[0][1] == "restore"     # folded: the first round's actions on the fold book
    assert k.journal.folds
    again = keeper_on(fs)
    again.resume(0)
    assert lines(again.game) == lines(k.game)
    # without a journal the game folds in RAM
    k = Keeper(None)
    k.new(new_game("wordsport"))
    for seat in (1, 2):
        k.act(0, "seat", (seat, "P%d" % seat))
    k.act(0, "tiles", ("half",))
    k.start(0)
    play_round(k, play_round(k, 0))
    assert k.game.history[0][1] == "restore"


class BookFS(MemFS):
    """An in-memory flash whose fold books fail to open for writing (EIO)
    while `failing`; `writes` counts the tries."""
    failing = False
    writes = 0

    def open(self, path, mode="r"):
        if "folds" in path and mode[0] in "wa":
            self.writes += 1
            if self.failing:
                raise OSError(5, "EIO")
        return MemFS.open(self, path, mode)


def _rest_of_a_round(k, t):
    """A round started and a few calls: (what each act said, the time)."""
    said = []
    t += 1000
    said.append(k.act(t, "start"))
    for seat in (1, 2, 1, 2, 1):
        t += 2000
        said.append(k.act(t, "go", (seat,)))
    return said, t


def _back(fs):
    """The game a boot brings back from a copy of the flash (the keeper
    playing on goes on with the flash itself)."""
    from tileclock.store.recover import resume
    game, _problems = resume(Journal(ROOT, fs.copy()))
    return lines(game)


def test_a_fold_the_flash_fails_loses_no_action_and_waits_for_the_next_close():
    # After a close both snapshots hold the game (no segment is live): the
    # fold's write failing must not leave the next action unwritten, nor be
    # tried again at every action (two entries of a round, each time).
    fs = BookFS()
    fs.mkdir(ROOT)
    k = seated(fs)
    t = play_round(k, 2000)
    fs.failing = True
    t = play_round(k, t)                # its close's fold fails
    assert k.game.history[0][1] != "restore" and k.game.foldable()
    assert fs.writes == 1
    said, t = _rest_of_a_round(k, t)
    assert said == [0] * 6 and fs.writes == 1, (said, fs.writes)
    assert _back(fs) == lines(k.game)
    fs.failing = False
    t = play_round(k, t, True)          # the next close folds
    assert k.game.history[0][1] == "restore" and fs.writes == 3
    assert _back(fs) == lines(k.game)


def test_a_fold_without_its_room_writes_nothing_and_the_actions_are_saved():
    # A flash short of FOLD_ROOM with nothing to remove: the fold is
    # skipped before it writes (no torn entry, no room spent), and the
    # actions after it are saved in the room there is.
    from tileclock.store.journal import FOLD_ROOM
    fs = flash()
    k = seated(fs)
    t = play_round(k, 2000)
    fs.capacity = fs.used() + FOLD_ROOM - 1
    t = play_round(k, t)
    books = [fs.size(ROOT + "/journal/" + name) for name in ("folds.txt", "folds2.txt")]
    assert books == [-1, -1] and k.game.foldable()
    said, t = _rest_of_a_round(k, t)
    assert said == [0] * 6
    assert _back(fs) == lines(k.game)


def test_a_rewrite_replaces_the_game_and_is_journalled_whole():
    fs = flash()
    k = seated(fs)
    k.act(2000, "start")
    k.act(3000, "go", (1,))
    new = k.game.undone()
    new.do(3000, "go", (2,))        # the go was seat 2's (ui/calls.py)
    assert k.rewrite(3500, new, 4) == 0 and k.game is new
    again = keeper_on(fs)
    again.resume(0)
    assert lines(again.game) == lines(new) + [(3000, "pause", ())]


def test_a_damaged_journal_is_a_problem_not_a_crash():
    class Broken:
        # (recovery reads the journal's files: every one fails)
        def __getattr__(self, name):
            raise ValueError("bad block")
    k = Keeper(Broken())
    assert k.resume(0) == ["journal: bad block"] and k.game is None


def test_the_bits_are_the_keepers():
    # (CPython keeps a module's private constants; MicroPython folds them)
    for name, value in (("_SAVE_FAILED", SAVE_FAILED), ("_UNASKED", UNASKED), ("_HOME", HOME),
                        ("_ASKED", ASKED)):
        assert getattr(K, name, value) == value


def test_a_press_is_dated_in_the_engines_time_never_backwards():
    k = seated(flash())
    k.offset = 1000                 # the engine's time is the board's + 1000
    assert k.time_of(500, 3000) == 1500
    assert k.time_of(5000, 3000) == 3000        # never later than now
    assert k.time_of(400, 3000) == 3000         # nor before the press before
    k.act(3500, "start")
    k2 = seated(flash())
    k2.act(4000, "start")
    assert k2.time_of(100, 5000) == 4000        # nor before the last action
