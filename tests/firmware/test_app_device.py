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


def test_saved_names_seat_a_new_game_and_power_on_to_go_stays_two_presses():
    first = Device(settings={"game": "wordsport", "players": 4, "names": ["ANN", "", "CY"]})
    first.app.save_settings()
    dev = Device(first.fs_root)         # power on
    dev.run(500)
    dev.press(2)                        # Start
    dev.press(4)                        # GO
    assert dev.presses == 2
    assert dev.screen() == "WsPlay"
    assert dev.app.game.seated() == [1, 2, 3, 4]
    assert dev.app.game.names[:4] == ["ANN", "P2", "CY", "P4"]
    dev.close()


def _to_names_from_home(dev):
    dev.press(1)                        # Game
    dev.press(1)                        # Players
    dev.press(1)                        # Names
    dev.press(2)
    assert dev.screen() == "Names"


def test_a_name_is_typed_with_the_seat_buttons_and_kept_across_power_off():
    dev = Device(settings={"game": "wordsport", "players": 4})
    dev.run(200)
    _to_names_from_home(dev)
    dev.press(1)                        # seat 1's line
    dev.press(2)                        # edit it: "P1", cursor on the P
    assert dev.screen() == "NameEdit"
    edit = dev.app.manager.screen
    for _ in range(15):                 # P back to A: P O N ... A
        dev.press(4)
    dev.press(1)                        # to the "1"
    for _ in range(14):                 # "1" = 28th of " A..Z0123..": back to N
        dev.press(4)
    dev.press(1)                        # the empty cell after "AN"
    for _ in range(14):                 # A .. N
        dev.press(2)
    assert edit.name() == "ANN"
    dev.press(1)                        # the next empty cell
    dev.press(1)                        # SAVE
    dev.press(2)
    assert dev.screen() == "Names"
    assert dev.app.settings["names"] == ["ANN"]
    assert dev.app.name_for(1) == "ANN"
    dev.long(1)                         # back to the home menu
    assert dev.screen() == "Home"
    again = Device(dev.fs_root)         # power off and on
    assert again.app.name_for(1) == "ANN"
    again.run(200)
    again.press(2)                      # Start
    assert again.app.game.names[0] == "ANN"
    again.close()
    dev.close()


def test_a_name_another_seat_has_is_refused_and_p_seat_restores_the_default():
    dev = Device(settings={"game": "wordsport", "players": 4, "names": ["", "BOB"]})
    dev.run(200)
    _to_names_from_home(dev)
    dev.press(1)
    dev.press(2)                        # edit seat 1
    edit = dev.app.manager.screen
    for i in range(3):
        edit.cells[i] = (2, 15, 2)[i]   # B O B
    edit.cells[3] = 0
    dev.press(1)
    dev.press(1)
    dev.press(1)
    dev.press(1)                        # SAVE (after 3 letters and an empty cell)
    dev.press(2)
    assert "seat 2" in dev.app.manager.banner_text()
    assert dev.screen() == "NameEdit"
    dev.press(1)                        # P1: back to the default
    dev.press(2)
    assert dev.screen() == "Names"
    assert dev.app.name_for(1) == "P1"
    dev.close()


def test_word_sport_between_rounds_renames_a_player_and_a_joiner_takes_their_name():
    dev = Device(settings={"game": "wordsport", "players": 2, "names": ["", "", "CY"]})
    dev.run(200)
    dev.press(2)                        # Start: P1, P2
    assert dev.screen() == "WsReady"
    dev.long(2)                         # the menu
    dev.press(1)                        # Players
    dev.press(2)                        # one more joins: seat 3 takes CY
    assert dev.app.game.names[:3] == ["P1", "P2", "CY"]
    dev.press(1)                        # Names
    dev.press(2)
    assert dev.screen() == "Names"
    dev.press(1)
    dev.press(1)                        # seat 2
    dev.press(2)
    edit = dev.app.manager.screen
    edit.cells[0] = 4                   # D
    edit.cells[1] = 15                  # O
    edit.stop = 10                      # SAVE
    dev.press(2)
    assert dev.app.game.names[:3] == ["P1", "DO", "CY"]
    dev.long(1)                         # back to the game's menu
    assert dev.screen() == "WsMenu"
    dev.close()


def test_a_long_press_of_seat_2_or_4_in_the_name_editor_jumps_five_letters():
    dev = Device(settings={"game": "wordsport", "players": 4})
    dev.run(200)
    _to_names_from_home(dev)
    dev.press(1)
    dev.press(2)                        # edit seat 1: "P1"
    edit = dev.app.manager.screen
    dev.long(4)                         # P - 5 = K
    dev.press(4)                        # J
    assert edit.name() == "J1"
    dev.press(1)
    dev.long(2)                         # 1 + 5 = 6
    assert edit.name() == "J6"
    assert dev.screen() == "NameEdit"
    dev.long(1)                         # back: nothing saved
    assert dev.screen() == "Names"
    assert dev.app.name_for(1) == "P1"
    dev.close()


def test_when_every_player_is_out_any_seat_ends_the_countdown():
    dev = Device(settings={"game": "wordsport", "players": 2, "tiles": "half"})
    dev.run(100)
    dev.press(2)                        # Start
    dev.press(1)                        # GO: 50 - 14 = 36 left
    for i in range(18):                 # 18 gos of two tiles
        dev.run(1600)
        dev.press(1 + i % 2)
    assert dev.app.game.pool.remaining == 0
    dev.run(1600)
    dev.press(2)                        # the win
    dev.run(3000)
    dev.press(1)                        # second and last
    assert dev.screen() == "WsCountdown"
    assert dev.app.manager.screen.prompt_text == "ALL OUT"
    dev.press(2)                        # no need to wait for the rest of the minute
    assert dev.screen() == "WsEntry"
    dev.close()
