# The app loop when things go wrong: a flash that can't save, a screen or
# the engine raising mid-pass, the same failure every pass. On the simulated
# board, under pytest and on the MicroPython unix port.
import gc

from test_app_device import Device

from tileclock.app import CANT_SAVE
from tileclock.store.fs import FS
from tileclock.store import recover as R
from tileclock.store.journal import Journal
from tileclock.ui.screen import Screen


class FlakyFS(FS):
    """The real file system, until `broken`: then every write, folder and
    rename fails like a full flash (OSError 28, ENOSPC)."""

    def __init__(self):
        self.broken = False
        self.refused = 0

    def _check(self):
        if self.broken:
            self.refused += 1
            raise OSError(28, "no space left")

    def open(self, path, mode):
        if "r" not in mode:
            self._check()
        return FS.open(self, path, mode)

    def mkdir(self, path):
        self._check()
        FS.mkdir(self, path)

    def rename(self, old, new):
        self._check()
        FS.rename(self, old, new)


def _flaky_device(settings=None):
    dev = Device(settings=settings or {"game": "wordsport", "players": 4})
    fs = FlakyFS()
    dev.app.keeper.journal = Journal(dev.fs_root.rstrip("/"), fs)
    R.recover(dev.app.keeper.journal)
    return dev, fs


def _in_play(dev):
    dev.run(100)
    dev.press(2)                        # Start
    dev.press(1)                        # GO
    assert dev.screen() == "WsPlay"


def test_a_full_flash_mid_round_keeps_the_clock_and_saves_again_later():
    dev, fs = _flaky_device()
    _in_play(dev)
    dev.run(2000)
    fs.broken = True
    dev.press(2)                        # a go: applied, not saved
    game = dev.app.game
    assert game.pool.remaining == 68
    assert game.history[-1][1] == "go"
    assert CANT_SAVE in dev.app.manager.banner_text()
    assert fs.refused > 0
    dev.run(1600)                       # past the engine's merge window
    dev.press(3)                        # another: the clock goes on
    assert game.pool.remaining == 64
    dev.run(3000)
    assert dev.screen() == "WsPlay"
    assert dev.app.manager.screen.shown_seconds() >= 5
    fs.broken = False                   # room again: the next write catches up
    dev.run(1600)
    dev.press(4)
    assert game.pool.remaining == 60
    again = dev.reboot()                # everything is on flash, the unsaved gos too
    assert [a[1] for a in again.app.game.history[-4:]] == ["go", "go", "go", "pause"]
    assert again.app.game.pool.remaining == 60
    again.close()
    dev.close()


def test_a_flash_folder_that_is_not_there_does_not_stop_a_new_game():
    # like `tileclock sim --fs DIR` with DIR gone: journal.start fails
    dev = Device(settings={"game": "wordsport", "players": 4})
    missing = dev.fs_root + "/not-there"
    dev.close()
    dev = Device(fs_root=missing)
    dev.run(200)
    assert dev.screen() == "Home"
    dev.press(2)                        # Start: the journal can't start
    assert dev.screen() == "WsReady"
    assert CANT_SAVE in dev.app.manager.banner_text()
    dev.press(1)                        # GO
    assert dev.screen() == "WsPlay"
    assert dev.app.game.seated() == [1, 2, 3, 4]
    dev.run(1500)
    dev.press(2)
    assert dev.app.game.pool.remaining == 68


def test_undo_and_close_on_a_failing_flash_are_kept_in_ram():
    dev, fs = _flaky_device()
    _in_play(dev)
    dev.press(2)
    fs.broken = True
    dev.long(1)                         # undo the go
    assert dev.app.game.pool.remaining == 72
    assert "undone" in dev.app.manager.banner_text() or CANT_SAVE in dev.app.manager.banner_text()
    fs.broken = False
    dev.run(1600)
    dev.press(3)
    again = dev.reboot()
    assert again.app.game.pool.remaining == 68
    assert [a[1] for a in again.app.game.history[-3:]] == ["start", "go", "pause"]
    again.close()
    dev.close()


def test_settings_that_cannot_be_saved_are_kept_and_saved_at_the_next_menu():
    dev, fs = _flaky_device()
    dev.run(200)
    fs.broken = True
    from tileclock import settings
    # settings.save uses the real FS: point the app's root at a file instead
    # of a folder for a while
    root = dev.board.fs_root
    dev.board.fs_root = root + "/settings.txt/x"
    dev.press(1)                        # Game
    dev.press(2)                        # -> Speed Scrabble
    assert settings.save(dev.app) is False
    assert dev.app.settings_unsaved
    assert CANT_SAVE in dev.app.manager.banner_text()
    dev.board.fs_root = root
    fs.broken = False
    dev.press(3)
    dev.press(2)                        # Start: the menu closes, saving them
    assert not dev.app.settings_unsaved
    again = Device(root)
    assert again.app.settings["game"] == "speedscrabble"
    again.close()
    dev.close()


class Boom(Screen):
    """A screen that raises as it draws (a bug in a screen)."""

    def draw(self, fb, now):
        raise ValueError("boom")


def test_a_screen_that_raises_is_left_for_the_screen_of_the_phase():
    dev, fs = _flaky_device()
    _in_play(dev)
    feeds = dev.board.feeds
    dev.app.goto(Boom, dev.app.now())
    dev.run(100)
    assert dev.app.errors == 1
    assert dev.screen() == "WsPlay"
    assert "ValueError" in dev.app.manager.banner_text()
    dev.run(2000)
    assert dev.board.feeds > feeds + 50  # the loop carries on, watched
    dev.press(2)
    assert dev.app.game.pool.remaining == 68
    dev.close()


class Greedy(Screen):
    """A screen that runs out of memory on a press."""

    def press(self, now, seat):
        raise MemoryError()


def test_out_of_memory_in_a_press_collects_and_carries_on():
    dev, fs = _flaky_device()
    dev.run(100)
    dev.app.goto(Greedy, dev.app.now())
    dev.press(1)
    assert dev.app.errors == 1
    assert isinstance(dev.app.last_error, MemoryError)
    assert dev.screen() == "Home"       # no game: the home menu
    assert "memory" in dev.app.manager.banner_text()
    gc.collect()
    dev.close()


def test_an_engine_that_raises_every_pass_is_left_to_the_watchdog():
    dev, fs = _flaky_device()
    _in_play(dev)
    game = dev.app.game

    def broken_tick(now):
        raise KeyError("tick")

    game.tick = broken_tick
    dev.run(200)
    assert dev.app.starving
    errors = dev.app.errors
    assert 2 <= errors <= 5, errors
    feeds = dev.board.feeds
    dev.run(3000)
    assert dev.board.feeds == feeds     # no more feeding: the watchdog resets
    assert dev.app.errors == errors     # and no spinning through failing passes
    dev.close()


def test_one_failing_pass_among_good_ones_never_starves_the_watchdog():
    dev, fs = _flaky_device()
    _in_play(dev)
    game = dev.app.game
    real_tick = game.tick
    calls = [0]

    def sometimes(now):
        calls[0] += 1
        if calls[0] % 50 == 0:
            raise KeyError("sometimes")
        return real_tick(now)

    game.tick = sometimes
    dev.run(3000)
    assert dev.app.errors >= 2
    assert not dev.app.starving
    dev.close()
