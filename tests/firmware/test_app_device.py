# The whole app on a simulated board: presses in, screens, cues and the
# journal out. Runs under pytest and on the MicroPython unix port.
import sys

try:
    import framebuf  # noqa: F401
except ImportError:
    from tileclock_host import shims
    shims.install()


# (beside tests/, found from this file: the firmware may be run from .mpy
# files elsewhere)
_HOST = (__file__.rsplit("/", 2)[0] if __file__.count("/") >= 2 else "..") + "/../host_tools"
if _HOST not in sys.path:
    sys.path.append(_HOST)

from tileclock.app import MARK_MS  # noqa: E402
from tileclock import cues  # noqa: E402
from tileclock import settings as settings_rules  # noqa: E402
from tileclock.players import name_for  # noqa: E402
from tileclock.ui.names import CHARS  # noqa: E402
from tileclock_host.boards.simdevice import SimDevice  # noqa: E402


def Device(fs_root=None, settings=None, seats=4, start_ms=0):
    """The app on a new SimBoard (on flash folder `fs_root`: a power-on)."""
    return SimDevice(settings=settings, seats=seats, start_ms=start_ms, fs_root=fs_root)


def test_power_on_to_go_of_a_four_player_word_sport_round_in_two_presses():
    first = Device(settings={"game": "wordsport", "players": 4})
    settings_rules.save(first.app)           # the last settings, as the menu left them
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


def test_the_boot_loads_one_games_spec_and_keeps_the_others_settings():
    from tileclock.store import settings
    first = Device()
    root = first.fs_root.rstrip("/")
    # Speed Scrabble's target saved by an earlier evening, a key no game
    # of this firmware knows, and Word-Sport's tiles of another type
    settings.save(root, {"game": "wordsport", "players": 4, "target": 150, "tiles": 5,
                         "split": "off", "sound": "off"})
    from tileclock import games
    real = games.spec
    asked = []

    def spec(kind):
        asked.append(kind)
        return real(kind)
    games.spec = spec
    try:
        dev = Device(first.fs_root)
        dev.run(200)
    finally:
        games.spec = real
    assert dev.screen() == "Home"
    assert asked and set(asked) == {"wordsport"}, asked     # the Game line's names need no spec
    assert dev.app.settings["tiles"] == "full"                      # reset by Word-Sport's spec
    assert dev.app.settings["target"] == 150 and dev.app.settings["split"] == "off"
    settings_rules.save(dev.app)
    assert settings.load(root, settings.defaults("wordsport"))[0]["target"] == 150                   # kept though not loaded
    dev.press(1)                        # to "Game"
    dev.press(2)                        # Word-Sport -> Speed Scrabble
    assert dev.app.settings["game"] == "speedscrabble" and dev.app.settings["target"] == 150
    assert "variant" in dev.app.settings                             # its defaults filled in
    dev.close()
    first.close()


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
    dev.menu(2)                         # the menu
    assert dev.screen() == "WsMenu"
    dev.press(1)                        # "Stuck: all +1"
    dev.press(1)                        # "Pause clock"
    dev.press(2)
    assert dev.app.game.paused
    assert dev.screen() == "WsPlay"
    dev.menu(2)
    dev.press(1)
    dev.press(1)                        # "Resume clock"
    dev.press(1)                        # "Void round"
    dev.press(1)                        # "Score sheet"
    dev.press(1)                        # "Home"
    dev.press(1)                        # "Sound"
    dev.press(1)                        # "Last calls"
    dev.press(1)                        # wraps to "Standings"
    dev.press(1)                        # "Stuck: all +1"
    dev.press(2)                        # refused: the clock is paused
    banner = dev.app.manager.banner_text()
    assert "paused" in banner, banner
    assert dev.app.cue_log[-1][1] == cues.REFUSED
    assert dev.board.buzzer.log[-1][1] == cues.REFUSED


def test_a_reboot_mid_round_resumes_the_round_paused_at_its_last_time_mark():
    dev = _word_sport_in_play()
    dev.run(4000)
    dev.press(3)                        # a go at about 4.2 s of play
    dev.run(20000)                      # power cut 20 s later
    cut_at = dev.app.now()
    played = dev.app.game.clock_ms(cut_at)
    after = dev.reboot()
    game = after.app.game
    assert game is not None and game.KIND == "wordsport"
    assert game.paused
    assert after.screen() == "WsPlay"
    assert game.pool.remaining == 68
    assert game.history[-1][1] == "pause"
    # time carried on from the last time mark, at most MARK_MS before the cut
    assert 0 <= cut_at - game.history[-1][0] <= MARK_MS, (cut_at, game.history[-1])
    assert 0 <= played - game.clock_ms(after.app.now()) <= MARK_MS
    after.run(3000)                     # paused: the clock does not move
    shown = after.app.manager.screen.shown_seconds()
    assert played // 1000 - MARK_MS // 1000 <= shown <= played // 1000, (shown, played)
    after.press(1)                      # any seat resumes
    assert not game.paused


def test_saved_names_seat_a_new_game_and_power_on_to_go_stays_two_presses():
    first = Device(settings={"game": "wordsport", "players": 4, "names": ["ANN", "", "CY"]})
    settings_rules.save(first.app)
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
    assert name_for(dev.app.settings, 1) == "ANN"
    dev.long(1)                         # back to the home menu
    assert dev.screen() == "Home"
    again = Device(dev.fs_root)         # power off and on
    assert name_for(again.app.settings, 1) == "ANN"
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
    assert name_for(dev.app.settings, 1) == "P1"
    dev.close()


def _type_name(dev, name):
    """In the name editor: `name` in the cells, the cursor on SAVE, saved."""
    edit = dev.app.manager.screen
    assert dev.screen() == "NameEdit"
    for i in range(len(edit.cells)):
        edit.cells[i] = CHARS.find(name[i]) if i < len(name) else 0
    edit.stop = len(edit.cells)         # SAVE
    dev.press(2)


def half_set_round_both_out(dev):
    """P1 and P2 on a half set, from the ready screen: GO, 18 alternate
    gos, P2 wins, P1 finishes 3 s later (the countdown says ALL OUT)."""
    dev.press(1)                        # GO
    for i in range(18):
        dev.run(1600)
        dev.press(1 + i % 2)
    dev.run(1600)
    dev.press(2)                        # the win
    dev.run(3000)
    dev.press(1)                        # the second and last finish


def _half_set_round_p2_wins(dev):
    """half_set_round_both_out(), then the entries and the close, both
    under two minutes: P2 10 + 5 = 15, P1 5 + 5 = 10."""
    half_set_round_both_out(dev)
    dev.press(2)                        # ALL OUT: the entries
    assert dev.screen() == "WsEntry"
    dev.press(3)                        # back round to CLOSE ROUND
    dev.press(2)
    assert dev.screen() == "WsReady"
    assert dev.app.game.totals == {"P1": 10, "P2": 15}


def test_names_in_the_word_sport_menu_rename_the_player_and_the_points_follow():
    dev = Device(settings={"game": "wordsport", "players": 2, "tiles": "half", "names": ["", "", "CY"]})
    dev.run(100)
    dev.press(2)                        # Start: P1, P2
    _half_set_round_p2_wins(dev)
    dev.menu(2)                         # the menu between rounds
    dev.press(1)                        # Names
    dev.press(2)
    assert dev.screen() == "Names" and dev.app.manager.screen.note() == "pts follow"
    dev.press(1)                        # seat 1: P1
    dev.press(2)
    _type_name(dev, "ANN")
    assert dev.screen() == "Names"
    assert "P1 is now ANN" in dev.app.manager.banner_text()
    game = dev.app.game
    assert game.names[:2] == ["ANN", "P2"] and game.history[-1][1:] == ("rename", (1, "ANN"))
    sheet = game.sheet()
    assert sheet["totals"] == {"ANN": 10, "P2": 15} and sheet["players"] == ["ANN", "P2"]
    assert sheet["rounds"][0]["rows"][0]["name"] == "ANN"
    assert dev.app.settings["names"] == ["ANN", "", "CY"]     # for the next new game too
    dev.long(1)                         # back to the game's menu
    assert dev.screen() == "WsMenu"
    again = Device(dev.fs_root)         # power off and on: the journal has the rename
    assert again.app.game.totals == {"ANN": 10, "P2": 15}
    assert name_for(again.app.settings, 1) == "ANN"
    dev.close()


def test_join_and_leave_seat_a_new_player_and_a_name_that_played_is_no_rename():
    dev = Device(settings={"game": "wordsport", "players": 2, "tiles": "half", "names": ["", "", "CY"]})
    dev.run(100)
    dev.press(2)                        # Start: P1, P2
    _half_set_round_p2_wins(dev)
    dev.menu(2)
    dev.press(1)
    dev.press(1)                        # Join/leave
    dev.press(2)                        # a new person at seat 3: CY, the seat's name
    game = dev.app.game
    assert game.names[:3] == ["P1", "P2", "CY"]
    assert "new player CY" in dev.app.manager.banner_text()
    dev.app.act(dev.app.now(), "unseat", (2,))      # P2 leaves with 15 points
    dev.menu(2)
    dev.press(1)
    dev.press(1)                        # Join/leave
    dev.press(2)                        # seat 2 again: a new person, not P2's heir
    assert game.names[:3] == ["P1", "P10", "CY"]
    assert game.totals == {"P1": 10, "P2": 15}
    dev.press(3)                        # Names
    dev.press(2)
    dev.press(1)                        # seat 1
    dev.press(2)
    _type_name(dev, "P2")               # P2's points are P2's: no merge
    assert dev.screen() == "NameEdit"
    assert "P2 has played" in dev.app.manager.banner_text()
    assert game.names[0] == "P1" and game.totals == {"P1": 10, "P2": 15}
    dev.long(1)                         # the list, the cursor on seat 1
    dev.press(1)
    dev.press(1)
    dev.press(1)                        # seat 4: nobody
    dev.press(2)
    assert dev.screen() == "Names" and "seat 4 is empty" in dev.app.manager.banner_text()
    dev.close()


def test_a_rename_is_undone_with_a_long_press_and_the_settings_follow():
    dev = Device(settings={"game": "wordsport", "players": 2})
    dev.run(100)
    dev.press(2)                        # Start
    dev.menu(2)
    dev.press(1)                        # Names
    dev.press(2)
    dev.press(1)
    dev.press(1)                        # seat 2
    dev.press(2)
    _type_name(dev, "BO")
    assert dev.app.game.names[:2] == ["P1", "BO"] and dev.app.settings["names"] == ["", "BO"]
    dev.long(1)                         # the menu
    dev.long(1)                         # Back: the ready screen
    assert dev.screen() == "WsReady"
    dev.long(1)                         # undo
    assert dev.app.game.names[:2] == ["P1", "P2"] and dev.app.settings["names"] == []
    assert "undone: rename" in dev.app.manager.banner_text()
    dev.close()


def test_names_from_home_set_the_next_games_names_and_leave_the_game_alone():
    dev = Device(settings={"game": "wordsport", "players": 2})
    dev.run(100)
    dev.press(2)                        # Start
    dev.menu(2)
    for _ in range(5):                  # Names, Join/leave, Tiles, Countdown, Score sheet
        dev.press(1)
    dev.press(1)                        # Home
    dev.press(2)
    assert dev.screen() == "Home"
    for _ in range(4):                  # New game, Game, Players, Names
        dev.press(1)
    dev.press(2)
    assert dev.screen() == "Names" and dev.app.manager.screen.note() == "seat"
    dev.press(1)
    dev.press(2)
    _type_name(dev, "ANN")
    assert dev.app.settings["names"] == ["ANN"]
    assert dev.app.game.names[:2] == ["P1", "P2"]
    assert dev.app.game.history[-1][1] != "rename"
    dev.close()


def test_spell_sport_names_between_games_rename_a_side():
    dev = Device(settings={"game": "spellsport"})
    dev.run(100)
    dev.press(2)                        # Start: P1 across, P2 down
    assert dev.screen() == "SpReady"
    dev.menu(2)
    dev.press(1)                        # Names
    dev.press(2)
    assert [item.label for item in dev.app.manager.screen.lines] == ["Back", "1  P1", "2  P2"]
    dev.press(1)
    dev.press(1)                        # seat 2
    dev.press(2)
    _type_name(dev, "DOWN")
    assert dev.app.game.names == ["P1", "DOWN"]
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
    assert name_for(dev.app.settings, 1) == "P1"
    dev.close()


def word_sport_to_the_countdown(dev):
    """A two-player half-set round on `dev` from power-on: GO, the pool
    spent in 18 gos, then seat 2 out first: the countdown runs."""
    dev.run(100)
    dev.press(2)                        # Start
    dev.press(1)                        # GO: 50 - 14 = 36 left
    for i in range(18):                 # 18 gos of two tiles
        dev.run(1600)
        dev.press(1 + i % 2)
    dev.run(1600)
    dev.press(2)                        # the win


def test_when_every_player_is_out_any_seat_ends_the_countdown():
    dev = Device(settings={"game": "wordsport", "players": 2, "tiles": "half"})
    word_sport_to_the_countdown(dev)
    assert dev.app.game.pool.remaining == 0
    dev.run(3000)
    dev.press(1)                        # second and last
    assert dev.screen() == "WsCountdown"
    assert dev.app.manager.screen.prompt_text == "ALL OUT"
    dev.press(2)                        # no need to wait for the rest of the minute
    assert dev.screen() == "WsEntry"
    dev.close()


def test_a_tap_inside_a_long_pass_counts_once_and_is_timed_where_it_began():
    # The loop busy for 300 ms (an import, a snapshot): a 40 ms tap in the
    # middle of it is caught by the pin's edges and taken at the next pass,
    # timed where the finger went down, not when the loop got to it.
    dev = _word_sport_in_play()
    dev.run(3000)
    board = dev.board
    begun = board.ticks_ms() + 120
    board.tap(2, at=begun, hold_ms=40)
    board.sleep_ms(300)                 # one long pass: nothing polled meanwhile
    dev.step()
    game = dev.app.game
    assert game.history[-1][1:] == ("go", (2,)), game.history[-1]
    assert game.history[-1][0] == begun + dev.app.keeper.offset
    assert game.pool.remaining == 68
    dev.run(1000)
    assert game.history[-1][1] == "go"  # once
    # a press held across a long pass is long or short by how long it was held
    before = len(game.history)
    board.tap(3, at=board.ticks_ms() + 50, hold_ms=900)
    board.sleep_ms(1200)
    dev.step()
    dev.run(200)
    assert len(dev.app.game.history) == before - 1     # a long press: the go undone
