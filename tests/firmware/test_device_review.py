# How the pieces work together on the simulated board: reboots mid-game,
# undo after a resume, a new game cut short by a power cut. Runs under
# pytest and on the MicroPython unix port.
from test_app_device import Device


def _word_sport_after_a_go():
    dev = Device(settings={"game": "wordsport", "players": 2, "tiles": "half", "countdown": 30})
    dev.run(100)
    dev.press(2)                        # Start
    dev.press(1)                        # GO
    dev.run(4000)
    dev.press(2)                        # seat 2: go, at about 4.3 s of play
    dev.run(5000)                       # power cut 5 s later
    return dev


def test_undo_after_a_reboot_takes_back_the_players_action_and_stays_paused():
    dev = _word_sport_after_a_go()
    go = dev.app.game.history[-1]
    assert go[1] == "go"
    after = dev.reboot()
    after.run(1000)
    game = after.app.game
    assert game.paused and game.history[-1][1] == "pause"     # the boot's pause
    shown = game.clock_ms(after.app.now())
    after.long(1)                       # undo: the go seat 2 said, not the boot's pause
    game = after.app.game
    assert after.app.manager.banner_text() == "undone: go", after.app.manager.banner_text()
    assert [a[1] for a in game.history[-2:]] == ["start", "pause"], game.history
    assert game.paused                  # the clock stays where the power went
    assert game.pool.remaining == 50 - 2 * 7
    after.run(3000)
    assert game.clock_ms(after.app.now()) == shown
    again = after.reboot()              # and the journal agrees
    assert again.app.game.history == game.history
    after.close()
    dev.close()


def test_a_players_own_pause_is_undone_as_before():
    dev = _word_sport_after_a_go()
    dev.menu(2)                         # the menu: Stuck, Pause clock ...
    dev.press(1)
    dev.press(1)
    dev.press(2)                        # Pause clock
    game = dev.app.game
    assert game.paused and game.history[-1][1] == "pause"
    assert dev.screen() == "WsPlay"
    dev.long(1)                         # undo: the pause
    assert dev.app.manager.banner_text() == "undone: pause"
    assert game.paused                  # the game before the undo, as it was
    game = dev.app.game                 # the game after it
    assert not game.paused and game.history[-1][1] == "go"
    dev.close()


class PowerCut(BaseException):
    """The power going: nothing after it runs (the app catches Exception only)."""


def _cut_fs(at):
    from tileclock.store.fs import FS

    class CutFS(FS):
        """The real file system, with the power cut before its `at`-th change."""

        def __init__(self):
            self.changes = 0

        def _change(self):
            self.changes += 1
            if self.changes == at:
                raise PowerCut()

        def open(self, path, mode):
            if "r" not in mode:
                self._change()
            return FS.open(self, path, mode)

        def mkdir(self, path):
            self._change()
            FS.mkdir(self, path)

        def rename(self, old, new):
            self._change()
            FS.rename(self, old, new)

        def remove(self, path):
            self._change()
            FS.remove(self, path)

        def rmdir(self, path):
            self._change()
            FS.rmdir(self, path)

    return CutFS()


def _start_with_a_cut(at):
    """Start pressed on the home menu with the power cut at the flash's
    `at`-th change; the device booted again. (device, flash changes made)."""
    from tileclock.store import recover as R
    from tileclock.store.journal import Journal
    from tileclock import settings
    dev = Device(settings={"game": "wordsport", "players": 3, "tiles": "half", "countdown": 30})
    settings.save(dev.app)
    fs = _cut_fs(at)
    dev.app.keeper.journal = Journal(dev.fs_root.rstrip("/"), fs)
    R.recover(dev.app.keeper.journal)
    dev.run(100)
    try:
        dev.press(2)                    # Start
    except PowerCut:
        pass
    after = dev.reboot()
    after.run(100)
    return dev, after, fs.changes


def test_a_power_cut_while_a_new_game_is_set_up_never_resumes_half_a_game():
    dev, after, changes = _start_with_a_cut(0)          # no cut: count the changes
    assert after.app.game.seated() == [1, 2, 3]
    after.close()
    dev.close()
    for at in range(1, changes + 1):
        dev, after, _ = _start_with_a_cut(at)
        game = after.app.game
        if game is None:
            assert after.screen() == "Home", (at, after.screen())
        else:
            # the whole set-up, as the settings asked, or nothing
            assert game.seated() == [1, 2, 3], (at, game.history)
            assert game.set_name == "half" and game.countdown_length == 30000, (at, game.history)
            assert after.screen() == "WsReady"
        if game is None:
            after.press(2)              # Start, once more
        assert after.app.game.seated() == [1, 2, 3], at
        after.close()
        dev.close()


def test_a_press_begun_in_the_count_in_is_not_a_call_once_go_has_passed():
    dev = Device(settings={"game": "speedscrabble", "players": 3})
    dev.run(100)
    dev.press(2)                        # Start
    assert dev.screen() == "SsReady"
    board = dev.board
    board.tap(3)                        # any seat: the count-in (3-2-1, GO at 3 s)
    dev.run(200)
    assert dev.screen() == "SsCountIn"
    game = dev.app.game
    go_at = game._go_at
    # a "not ready!" press at 2.95 s, let go 150 ms later: GO came in between
    board.tap(1, at=go_at - dev.app.keeper.offset - 50, hold_ms=150)
    dev.run(3500)
    assert dev.screen() == "SsPlay"
    assert game.calls == 0, game.history[-1]        # nobody said TAKE TWO
    assert game.history[-1][1] == "start"
    board.tap(2)                        # a press begun in play is a call
    dev.run(300)
    assert game.calls == 1 and game.history[-1][1] == "take"
    dev.close()


def test_a_press_begun_before_time_up_changes_no_entry():
    dev = _word_sport_after_a_go()
    game = dev.app.game
    while game.pool.can_serve(1):
        dev.run(1600)                   # past the merge window
        dev.press(1)
    dev.run(1600)
    dev.press(2)                        # the win: a 30 s countdown
    assert dev.screen() == "WsCountdown"
    end = game.countdown_ms(dev.app.now())        # ms to time up
    board = dev.board
    board.tap(4, at=board.ticks_ms() + end - 40, hold_ms=120)    # a late finish
    dev.run(end + 1000)
    assert dev.screen() == "WsEntry"
    assert game.history[-1][1] == "out", game.history[-1]       # no entry made
    dev.close()


class _RecordingButtons:
    """Stands in for the seat buttons: records the time each poll is given."""

    def __init__(self, buttons):
        self.buttons = buttons
        self.seats = buttons.seats
        self.polled_at = []

    def poll(self, now):
        self.polled_at.append(now)
        return self.buttons.poll(now)

    def clear(self):
        self.buttons.clear()


def test_buttons_are_polled_in_the_boards_ticks_after_a_resume():
    # Interrupt time stamps are the board's ticks; the engine's time carries
    # the resume offset. Polling with the engine's time made every stamp
    # look stale after a reboot.
    dev = _word_sport_after_a_go()
    after = dev.reboot()
    after.run(100)
    app = after.app
    assert app.keeper.offset != 0
    recorder = _RecordingButtons(app.buttons)
    app.buttons = recorder
    app.step()
    assert recorder.polled_at == [app.board.ticks_ms()]
    after.close()
    dev.close()


# Time marks: while a clock runs the app journals one every MARK_MS, so a
# power cut gives back (or takes away) at most MARK_MS of the clock.

def _to_the_last_go(dev):
    game = dev.app.game
    while game.pool.can_serve(1):
        dev.run(1600)                   # past the merge window
        dev.press(1)
    return game


def test_a_cut_late_in_the_countdown_resumes_within_a_mark_of_it():
    from tileclock.app import MARK_MS
    dev = _word_sport_after_a_go()
    game = _to_the_last_go(dev)
    dev.run(1600)
    dev.press(2)                        # the win: a 30 s countdown
    assert dev.screen() == "WsCountdown"
    dev.run(game.countdown_ms(dev.app.now()) - 5000)
    left = game.countdown_ms(dev.app.now())
    assert 4900 <= left <= 5000, left   # the power goes at 0:05 left
    after = dev.reboot()
    after.run(1000)
    game = after.app.game
    assert game.paused and after.screen() == "WsCountdown"
    back = game.countdown_ms(after.app.now())
    assert left <= back <= left + MARK_MS, (left, back)
    after.run(3000)
    assert game.countdown_ms(after.app.now()) == back      # paused there
    after.close()
    dev.close()


def test_a_cut_in_the_count_up_after_the_last_go_keeps_the_win_time_within_a_mark():
    from tileclock.app import MARK_MS
    dev = _word_sport_after_a_go()
    game = _to_the_last_go(dev)
    dev.run(20000)                      # the power goes 20 s after the last go
    played = game.clock_ms(dev.app.now())
    after = dev.reboot()
    after.run(500)
    game = after.app.game
    assert game.paused and after.screen() == "WsPlay"
    resumed = game.clock_ms(after.app.now())
    assert played - MARK_MS <= resumed <= played, (played, resumed)
    after.press(1)                      # any seat resumes
    assert not game.paused
    after.run(1600)
    after.press(2)                      # the win
    assert after.screen() == "WsCountdown"
    assert game.history[-2][1] == "resume", game.history[-3:]
    r, w = game.history[-2][0], game.history[-1][0]
    assert game.win_ms == resumed + (w - r), (game.win_ms, resumed, w - r)
    # against the truth (no cut): what it would have been, less at most MARK_MS
    assert played + (w - r) - MARK_MS <= game.win_ms <= played + (w - r)
    after.close()
    dev.close()


def test_a_cut_in_speed_scrabble_play_carries_the_play_clock_on_from_a_mark():
    from tileclock.app import MARK_MS
    dev = Device(settings={"game": "speedscrabble", "players": 3})
    dev.run(100)
    dev.press(2)                        # Start
    dev.press(3)                        # the count-in, GO at 3 s
    dev.run(15000)
    assert dev.screen() == "SsPlay"
    played = dev.app.game.clock_ms(dev.app.now())
    assert dev.app.game.history[-1][1] == "start"     # no call since GO
    after = dev.reboot()
    game = after.app.game
    assert after.screen() == "SsPlay", after.screen()  # no count-in again
    resumed = game.clock_ms(after.app.now())
    assert played - MARK_MS <= resumed <= played, (played, resumed)
    after.run(2000)
    assert game.clock_ms(after.app.now()) == resumed + 2000     # it runs on
    assert [c for c in after.cue_names() if c in ("GO", "COUNT_IN")] == []
    after.close()
    dev.close()
