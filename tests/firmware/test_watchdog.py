# The watchdog and the maintenance handshake (hal/maintenance.py): at boot
# on a stand-in `machine`, the board-side functions the host tools run, and
# the app on a simulated board whose watchdog resets it when it is not fed.
# Runs under pytest and on the MicroPython unix port.
import gc
import sys

from test_hal_board import FakeMachine, FakeTime, _config

import board_config
from check import raises
from tileclock.hal.board import make_board
from tileclock.store import recover as R
from tileclock.store.journal import Journal
from tileclock_host.boards.simboard import SimBoard, WatchdogReset, _temp_folder, remove_tree
from tileclock_host.boards.simdevice import SimDevice

WDT = board_config.WATCHDOG_MS


def _exists(path):
    try:
        open(path).close()
        return True
    except OSError:
        return False


def _touch(path, text="x\n"):
    f = open(path, "w")
    f.write(text)
    f.close()


def _maintenance():
    # imported afresh: the app unloads it after boot (tileclock.modules), and
    # request() and status() look for main.py's mark in sys.modules
    from tileclock.hal import maintenance
    return maintenance


def _wdts(machine):
    return [x for x in machine.made if x[0] == "WDT"]


# -- boot: make_board and the flag ------------------------------------------

def test_the_shipped_config_turns_the_watchdog_on_within_the_rp2040s_limit():
    assert 1000 <= WDT <= 8388


def test_a_flag_from_the_host_starts_safe_mode_once_without_the_watchdog():
    root = _temp_folder()
    try:
        _touch(root + "/maintenance")
        m = FakeMachine()
        board = make_board(_config(), m, FakeTime(), root)
        assert board.safe_mode == "maintenance"
        assert not _wdts(m) and board.watchdog_ms == 0
        assert not _exists(root + "/maintenance")      # taken: once only
        board.feed_watchdog()                           # nothing to feed
        m = FakeMachine()                               # the next boot
        board = make_board(_config(), m, FakeTime(), root)
        assert board.safe_mode is None
        assert _wdts(m) == [("WDT", WDT)] and board.watchdog_ms == WDT
        assert board.fs_root == root
    finally:
        remove_tree(root)


def test_seat_1_held_is_safe_mode_too_and_a_failing_boot_still_takes_the_flag():
    root = _temp_folder()
    try:
        m = FakeMachine(levels={board_config.SEAT_PINS[0]: 0})
        board = make_board(_config(), m, FakeTime(), root)
        assert board.safe_mode == "seat 1" and not _wdts(m)
        _touch(root + "/maintenance")
        m = FakeMachine(devices=())                     # no display: the boot fails
        raises(OSError, make_board, _config(), m, FakeTime(), root)
        assert not _exists(root + "/maintenance") and not _wdts(m)
    finally:
        remove_tree(root)


def test_safe_mode_says_so_on_the_display():
    root = _temp_folder()
    try:
        _touch(root + "/maintenance")
        board = make_board(_config(), FakeMachine(), FakeTime(), root)
        _maintenance().show_safe_mode(board.display, board.safe_mode)
        assert board.display.pixel(0, 0) is not None
        lit = 0
        for y in range(16, 24):
            for x in range(72):
                lit += board.display.pixel(x, y)
        assert lit > 50                                 # "SAFE MODE"
    finally:
        remove_tree(root)


# -- the board side of the handshake (what the host sends) ------------------

def _said(fn, root):
    return fn(root)


def test_request_resets_only_a_board_whose_app_may_run_a_watchdog():
    root = _temp_folder()
    maintenance = _maintenance()
    was = maintenance.safe
    try:
        assert _said(maintenance.request, root) == "free"          # no main.py: first flash
        assert not _exists(root + "/maintenance")
        _touch(root + "/main.py", "# the clock\n")
        assert _said(maintenance.request, root) == "reset"         # WATCHDOG_MS = 8000
        assert _exists(root + "/maintenance")
        assert maintenance.take(root) and not maintenance.take(root)
        maintenance.safe = "maintenance"                            # as main.py sets it
        assert _said(maintenance.request, root) == "safe"
        assert not _exists(root + "/maintenance")
    finally:
        maintenance.safe = was
        remove_tree(root)


def test_status_after_the_reset_removes_a_flag_nothing_took():
    root = _temp_folder()
    maintenance = _maintenance()
    was = maintenance.safe
    app = sys.modules.pop("tileclock.app", None)
    try:
        maintenance.safe = "maintenance"
        assert maintenance.status(root) == "safe"
        maintenance.safe = None
        _touch(root + "/maintenance")               # no firmware took it
        assert maintenance.status(root) == "free flag"
        assert not _exists(root + "/maintenance")
        sys.modules["tileclock.app"] = sys          # an app started this boot
        assert maintenance.status(root) == "app"
    finally:
        maintenance.safe = was
        if app is not None:
            sys.modules["tileclock.app"] = app
        else:
            sys.modules.pop("tileclock.app", None)
        remove_tree(root)


# -- the app on a board with a watchdog --------------------------------------

def WatchedDevice(settings=None, board=None):
    """The app on a SimBoard with the shipped config's watchdog."""
    if board is None:
        board = SimBoard(seats=4, watchdog_ms=WDT)
    return SimDevice(board=board, settings=settings)


def _in_play():
    dev = WatchedDevice(settings={"game": "wordsport", "players": 4})
    dev.run(100)
    dev.press(2)                        # Start
    dev.press(1)                        # GO
    assert dev.screen() == "WsPlay"
    dev.run(3000)
    dev.press(3)                        # a go at about 3.2 s of play
    dev.run(1000)
    return dev


def test_a_healthy_evening_never_lets_the_watchdog_near_its_timeout():
    dev = _in_play()
    dev.run(60000)
    dev.long(1)                         # undo, menus: passes with journal writes
    dev.run(2000)
    assert dev.board.reset_at is None
    assert dev.board.longest_unfed <= 160, dev.board.longest_unfed
    dev.close()


def test_a_hung_app_is_reset_by_the_watchdog_and_resumes_the_round_paused():
    dev = _in_play()
    game = dev.app.game
    history = list(game.history)
    remaining = game.pool.remaining
    board = dev.board

    def hang(now):                      # stuck in a loop that sleeps and never returns
        while True:
            board.sleep_ms(100)

    game.tick = hang
    fed = board.fed_at
    raises(WatchdogReset, dev.run, 20000)
    assert board.reset_at is not None
    assert board.reset_at - fed == WDT              # reset as the timeout ran out
    raises(WatchdogReset, board.sleep_ms, 10)       # a reset board stays reset
    again = dev.reboot()                       # boots from the same flash
    assert again.fs_root == dev.fs_root
    game = again.app.game
    assert game is not None and game.KIND == "wordsport"
    assert game.paused and again.screen() == "WsPlay"
    assert game.history[:len(history)] == history and game.history[-1][1] == "pause"
    assert game.pool.remaining == remaining
    again.run(3000)                                 # and the new boot feeds it
    assert again.board.reset_at is None and again.board.feeds > 100
    again.press(1)                                  # any seat resumes
    assert not game.paused
    again.close()
    dev.close()


def test_the_same_failure_every_pass_starves_the_watchdog_and_the_reset_resumes():
    dev = _in_play()
    game = dev.app.game

    def broken(now):
        raise KeyError("tick")

    game.tick = broken
    raises(WatchdogReset, dev.run, 10000)
    assert dev.app.starving
    again = dev.reboot()
    assert again.app.game.paused and again.app.game.pool.remaining == game.pool.remaining
    again.run(1000)
    assert not again.app.starving and again.board.reset_at is None
    again.close()
    dev.close()


def test_boot_feeds_the_watchdog_through_a_long_replay():
    from tileclock import script
    tests = __file__.rsplit("/", 2)[0] if __file__.count("/") >= 2 else ".."
    f = open(tests + "/scenarios/wordsport_evening.txt")
    evening = script.load(f.read().splitlines())     # three rounds
    f.close()
    board = SimBoard(seats=4, watchdog_ms=WDT)
    journal = Journal(board.fs_root.rstrip("/"))
    R.recover(journal)
    journal.start(evening.KIND)
    game = script.new_game(evening.KIND)
    for now, verb, args in evening.history:
        game.do(now, verb, args)
        journal.record(game)
    actions = len(game.history)
    assert actions > 60, actions
    # (the evening as written is the flash's now: the test's own copies
    # go before the boot, which a Pico-sized heap holds alone)
    evening = game = journal = None
    gc.collect()
    feeds = []
    real = board.feed_watchdog

    def counting():
        feeds.append(1)
        real()

    board.feed_watchdog = counting
    dev = WatchedDevice(board=board)
    assert len(dev.app.game.history) >= actions
    # at boot, after recovery, after the replay, and every 32 actions of it
    assert len(feeds) >= 3 + actions // 32, (len(feeds), actions)
    dev.close()
