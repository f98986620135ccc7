# A full flash that does not heal: the journal must make room itself.
#
# Four finished Word-Sport evenings in games/, an evening in play, and then
# the flash is full (FullFS: the real file system in a folder of its own,
# with a capacity; a write past it writes what fits, a torn record, and
# fails with ENOSPC). Room comes back only when something is removed. For
# each kind of write that can be the first to fail (an action, an undo, a
# time mark, a snapshot, a fold, a new evening, the repair at boot after a
# torn record) the journal must remove the oldest finished evening (never
# the one in play), say ROOM_NOTICE once, and go on saving: 20 more actions,
# then a power cut, and the evening comes back whole from the flash alone.
# (Files on disk, not in the heap: on MicroPython's Pico-sized heap a fold
# book held as one bytearray needs a free block as big as itself.)
import os

from evenings import wordsport

from tileclock.script import format_action, new_game
from tileclock.store import archive
from tileclock.store import journal as J
from tileclock.store import recover as R
from tileclock.store.fs import FS
from tileclock_host.boards.simboard import _temp_folder, remove_tree

SCREEN = 52         # characters a boot problem may take on the screen


class _TornFile:
    def __init__(self, fs, f):
        self.fs = fs
        self.f = f

    def write(self, data):
        fs = self.fs
        if fs.capacity is not None:
            self.f.flush()
            room = fs.capacity - fs.used()
            if len(data) > room:
                if room > 0:
                    self.f.write(data[:room])
                raise OSError(28, "no space left")
        return self.f.write(data)

    def close(self):
        self.f.close()


class FullFS(FS):
    """The real file system under `root`, holding at most `capacity` bytes
    of files once it is set."""

    def __init__(self, root):
        self.root = root
        self.capacity = None

    def used(self, path=None):
        total = 0
        path = path or self.root
        for name in os.listdir(path):
            full = path + "/" + name
            st = os.stat(full)
            total += self.used(full) if st[0] & 0x4000 else st[6]
        return total

    def free(self, path):
        return None if self.capacity is None else self.capacity - self.used()

    def open(self, path, mode):
        f = FS.open(self, path, mode)
        return f if "r" in mode else _TornFile(self, f)


def _append(path, data):
    with open(path, "ab") as f:
        f.write(data)


def _actions(count, players=4, start=0):
    out = []
    wordsport(actions=count, players=players, start=start, sink=out.append)
    return out


def _lines(game):
    return [format_action(*a) for a in game.history]


def _play(journal, game, actions):
    for action in actions:
        game.do(*action)
        journal.record(game)
        if game.foldable():
            game = journal.fold(game)
    return game


def _flash_with_a_season():
    """(fs, journal, game, actions to come): four finished evenings kept in
    the folder fs.root,
    the fifth in play, its journal past a fold."""
    fs = FullFS(_temp_folder())
    journal = J.Journal(fs.root, fs)
    R.recover(journal)
    for number in range(4):
        journal.start("wordsport")
        _play(journal, new_game("wordsport"), _actions(300, start=number * 10000000))
    journal.start("wordsport")
    actions = _actions(160, start=50000000)
    game = new_game("wordsport")
    i = 0
    while journal.folds == 0 or game.foldable() or not game.clock_running(actions[i][0]):
        game = _play(journal, game, actions[i:i + 1])
        i += 1
    assert [name for _n, name in archive.archives(fs, fs.root)] == ["0001.txt", "0002.txt", "0003.txt", "0004.txt"]
    return fs, journal, game, actions[i:]


def _full(fs):
    fs.capacity = fs.used()


def _goes_on(fs, journal, game, actions, notices=None):
    """20 more actions saved, then a cut: the evening comes back whole; the
    oldest finished evening went, the others stay, the notice said once."""
    game = _play(journal, game, actions[:20])
    said = [journal.notice] if notices is None else notices
    again = J.Journal(fs.root, fs)
    back, problems = R.resume(again)
    assert back is not None and _lines(back) == _lines(game), problems
    assert [p for p in problems if not p.startswith("journal") and "flash full" not in p] == []
    for problem in problems:
        assert len(problem) <= SCREEN, problem
    kept = [name for _n, name in archive.archives(fs, fs.root)]
    assert "0001.txt" not in kept and len(kept) >= 1, kept
    assert said.count(J.ROOM_NOTICE) == 1, said
    remove_tree(fs.root)
    return back


def test_an_action_on_a_full_flash():
    fs, journal, game, actions = _flash_with_a_season()
    _full(fs)
    _goes_on(fs, journal, game, actions)


def test_an_undo_on_a_full_flash():
    fs, journal, game, actions = _flash_with_a_season()
    game = _play(journal, game, actions[:1])
    _full(fs)
    game = game.undone()
    journal.undo(game, actions[0][0] + 300)
    _goes_on(fs, journal, game, actions)


def test_a_time_mark_on_a_full_flash():
    fs, journal, game, actions = _flash_with_a_season()
    _full(fs)
    now = actions[0][0] - 1000
    assert game.clock_running(now)
    journal.mark(now, game)
    assert journal.mark_time == now
    _goes_on(fs, journal, game, actions)


def test_a_snapshot_on_a_full_flash():
    fs, journal, game, actions = _flash_with_a_season()
    game = _play(journal, game, actions[:2])
    _full(fs)
    journal.checkpoint(game)
    _goes_on(fs, journal, game, actions[2:])


def test_a_fold_on_a_full_flash():
    fs, journal, game, actions = _flash_with_a_season()
    i = 0
    while True:
        game.do(*actions[i])
        journal.record(game)
        i += 1
        if game.foldable():
            break
    _full(fs)
    folds = journal.folds
    game = journal.fold(game)
    assert journal.folds == folds + 1
    _goes_on(fs, journal, game, actions[i:])


def test_a_new_evening_on_a_full_flash():
    fs, journal, game, actions = _flash_with_a_season()
    _full(fs)
    journal.start("wordsport")
    kept = [name for _n, name in archive.archives(fs, fs.root)]
    assert kept[-1] == "0005.txt"       # the evening that was in play, archived whole
    game = new_game("wordsport")
    _goes_on(fs, journal, game, _actions(40, start=90000000))


def test_the_repair_at_boot_on_a_full_flash():
    fs, journal, game, actions = _flash_with_a_season()
    game = _play(journal, game, actions[:1])
    segment = fs.root + "/journal/" + J.segment_name(journal._upto)
    _append(segment, b"7 go 1 2 *0")       # a torn record: the repair needs a snapshot
    _full(fs)
    again = J.Journal(fs.root, fs)
    back, problems = R.resume(again)
    assert back is not None and _lines(back) == _lines(game), problems
    assert J.ROOM_NOTICE in problems, problems
    for problem in problems:
        assert len(problem) <= SCREEN, problem
    _goes_on(fs, again, back, actions[1:], notices=problems)


def test_a_flash_with_nothing_to_remove_says_so_at_boot_and_the_game_comes_back():
    fs, journal, game, actions = _flash_with_a_season()
    for _n, name in archive.archives(fs, fs.root):
        fs.remove(fs.root + "/games/" + name)
    game = _play(journal, game, actions[:1])
    segment = fs.root + "/journal/" + J.segment_name(journal._upto)
    _append(segment, b"7 go 1 2 *0")
    _full(fs)
    back, problems = R.resume(J.Journal(fs.root, fs))
    assert back is not None and _lines(back) == _lines(game), problems
    assert "flash full: journal not repaired" in problems, problems
    for problem in problems:
        assert len(problem) <= SCREEN, problem
    remove_tree(fs.root)



def test_the_boot_after_a_start_on_a_full_flash_resumes_the_evening_in_play():
    # A new game's start built journal.new/, then couldn't archive the
    # evening in play (nothing left to remove), and the power went. The
    # boot finishes no switch it can't make: the evening in play comes
    # back, whole, "flash full" said; no part of the archive is left
    # taking room; the next boot is the same, and the evening goes on.
    from tileclock.store import reader
    fs, journal, game, actions = _flash_with_a_season()
    for _n, name in archive.archives(fs, fs.root):
        fs.remove(fs.root + "/games/" + name)
    game = _play(journal, game, actions[:1])
    _name, _kind, lines = reader.evening_lines(journal.folder, fs)
    size = sum(len(line) + 1 for line in lines) + 80     # the finished evening's file
    fs.capacity = fs.used() + size - 1
    try:
        journal.start("wordsport")
        raise AssertionError("the start had room")
    except OSError as e:
        assert e.args[0] == 28
    assert fs.isdir(fs.root + "/journal.new")
    for boot in (1, 2):
        back, problems = R.resume(J.Journal(fs.root, fs))
        assert back is not None and _lines(back) == _lines(game), (boot, problems)
        assert ("flash full: new game not started" in problems) == (boot == 1), problems
        for problem in problems:
            assert len(problem) <= SCREEN, problem
    assert not fs.isdir(fs.root + "/journal.new")
    assert [n for n in fs.listdir(fs.root + "/games") if n.endswith(".tmp")] == []
    again = J.Journal(fs.root, fs)
    back, _problems = R.resume(again)
    game = _play(again, back, actions[1:15])
    back, _problems = R.resume(J.Journal(fs.root, fs))
    assert _lines(back) == _lines(game)
    remove_tree(fs.root)
