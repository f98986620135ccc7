# The whole app on a simulated board: presses in, screens, cues and the
# journal out. Runs under pytest and on the MicroPython unix port.
import sys

try:
    import framebuf  # noqa: F401
except ImportError:
    from tileclock_host import shims
    shims.install()

import tileclock

_HOST = tileclock.__file__.rsplit("/", 3)[0] + "/host_tools"
if _HOST not in sys.path:
    sys.path.append(_HOST)

from tileclock.app import App  # noqa: E402
from tileclock.engine import cues  # noqa: E402
from tileclock.store.journal import Journal  # noqa: E402
from tileclock_host.simboard import SimBoard  # noqa: E402


class Device:
    """A SimBoard running the app; counts the presses a test makes."""

    def __init__(self, fs_root=None, settings=None, seats=4, start_ms=0):
        self.board = SimBoard(seats=seats, start_ms=start_ms, fs_root=fs_root)
        self.fs_root = self.board.fs_root
        self.app = App(self.board, Journal(self.fs_root.rstrip("/")), settings)
        self.app.cue_log = []
        self.app.boot()
        self.presses = 0

    def run(self, ms):
        left = ms
        while left > 0:
            wait = self.app.safe_step()     # as App.run() does
            step = 10 if wait > 10 else (wait if wait > 0 else 1)
            if step > left:
                step = left
            self.board.sleep_ms(step)
            left -= step
        self.app.safe_step()

    def press(self, seat):
        self.presses += 1
        self.board.tap(seat, hold_ms=80)
        self.run(150)

    def long(self, seat):
        self.presses += 1
        self.board.hold(seat, hold_ms=900)
        self.run(1000)

    def screen(self):
        return type(self.app.manager.screen).__name__

    def cue_names(self):
        return [cues.NAMES[c] for _, c in self.app.cue_log]

    def reboot(self):
        return Device(self.fs_root)

    def close(self):
        """Remove the flash folder if this device's board made it."""
        self.board.close()


def test_power_on_to_go_of_a_four_player_word_sport_round_in_two_presses():
    first = Device(settings={"game": "wordsport", "players": 4})
    first.app.save_settings()           # the last settings, as the menu left them
    dev = Device(first.fs_root)         # power on
    dev.run(500)
    assert dev.screen() == "Home"
    dev.press(2)                        # Start (the line under the cursor)
    assert dev.screen() == "WsReady"
    dev.press(3)                        # any seat: GO
    assert dev.presses <= 3
    assert dev.presses == 2
    game = dev.app.game
    assert game.KIND == "wordsport"
    assert game.seated() == [1, 2, 3, 4]
    assert dev.screen() == "WsPlay"
    assert dev.cue_names()[-1] == "GO"
    assert game.pool.remaining == 100 - 4 * 7


def test_settings_chosen_in_the_menu_survive_power_off():
    dev = Device()
    dev.run(200)
    dev.press(1)                        # to "Game"
    dev.press(2)                        # Word-Sport -> Speed Scrabble
    dev.press(1)                        # to "Players"
    dev.press(4)                        # 4 -> 3 (seat 4 changes backwards)
    assert dev.app.settings["game"] == "speedscrabble"
    assert dev.app.settings["players"] == 3
    dev.press(3)
    dev.press(3)                        # back up to "Start"
    dev.press(2)
    assert dev.screen() == "SsReady"
    assert dev.app.game.seated() == [1, 2, 3]
    again = Device(dev.fs_root)         # the journal resumes the game ...
    assert again.app.settings["game"] == "speedscrabble"
    assert again.app.settings["players"] == 3
    assert again.screen() == "SsReady"


def _word_sport_in_play():
    dev = Device(settings={"game": "wordsport", "players": 4})
    dev.run(100)
    dev.press(2)
    dev.press(1)
    return dev


def test_a_go_is_undone_by_a_long_press_on_the_play_screen():
    dev = _word_sport_in_play()
    dev.run(3000)
    dev.press(2)                        # seat 2: go, everyone takes one
    assert dev.app.game.pool.remaining == 68
    assert dev.cue_names()[-1] == "TAKE_ONE"
    dev.long(1)                         # undo
    assert dev.app.game.pool.remaining == 72
    assert dev.screen() == "WsPlay"
    assert "undone" in dev.app.manager.banner_text()


def test_a_refused_press_shows_the_reason_and_sounds_the_refusal():
    dev = _word_sport_in_play()
    dev.long(2)                         # the menu
    assert dev.screen() == "WsMenu"
    dev.press(1)                        # "Stuck: all +1"
    dev.press(1)                        # "Pause clock"
    dev.press(2)
    assert dev.app.game.paused
    assert dev.screen() == "WsPlay"
    dev.long(2)
    dev.press(1)
    dev.press(1)                        # "Resume clock"
    dev.press(1)                        # "Void round"
    dev.press(1)                        # "Score sheet"
    dev.press(1)                        # "Home"
    dev.press(1)                        # "Sound"
    dev.press(1)                        # wraps to "Back"
    dev.press(1)                        # "Stuck: all +1"
    dev.press(2)                        # refused: the clock is paused
    banner = dev.app.manager.banner_text()
    assert "paused" in banner, banner
    assert dev.app.cue_log[-1][1] == cues.REFUSED
    assert dev.board.buzzer.log[-1][1] == cues.REFUSED


def test_a_reboot_mid_round_resumes_the_round_paused_at_its_last_action():
    dev = _word_sport_in_play()
    dev.run(4000)
    dev.press(3)                        # a go at about 4.2 s of play
    dev.run(20000)                      # power cut 20 s later
    clock_at_go = dev.app.game.history[-1][0]
    after = dev.reboot()
    game = after.app.game
    assert game is not None and game.KIND == "wordsport"
    assert game.paused
    assert after.screen() == "WsPlay"
    assert game.pool.remaining == 68
    assert game.history[-1][0] == clock_at_go          # time carried on from there
    after.run(3000)                     # paused: the clock does not move
    shown = after.app.manager.screen.shown_seconds()
    assert shown == 4, shown
    after.press(1)                      # any seat resumes
    assert not game.paused
