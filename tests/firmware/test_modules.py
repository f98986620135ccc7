# Unloading what the current screen doesn't need (tileclock/modules.py), on
# the whole app: runs under pytest and on the MicroPython unix port.
import sys

from test_app_device import Device, half_set_round_both_out

from tileclock.modules import forget


def test_forget_drops_a_module_from_sys_modules_and_its_package():
    import tileclock.ui
    import tileclock.ui.sheet
    first = tileclock.ui.sheet.Sheet
    forget(("tileclock.ui.sheet", "tileclock.not_a_module"))
    assert "tileclock.ui.sheet" not in sys.modules
    assert "sheet" not in tileclock.ui.__dict__
    import tileclock.ui.sheet as again   # loads afresh
    assert again.Sheet is not first


def test_a_game_screen_unloads_home_and_boot_modules_and_home_unloads_the_game_screens():
    dev = Device()
    assert dev.screen() == "Home"
    assert "tileclock.ui.home" in sys.modules
    assert "tileclock.store.recover" not in sys.modules     # boot is over
    assert "tileclock.script" not in sys.modules
    dev.press(2)                                            # Start: Word-Sport
    assert dev.screen() == "WsReady"
    for name in ("tileclock.ui.home", "tileclock.store.settings", "tileclock.script",
                 "tileclock.games.speedscrabble.screens", "tileclock.ui.form"):
        assert name not in sys.modules, name
    assert "tileclock.games.wordsport.screens" in sys.modules
    dev.app.home(dev.app.now())
    assert dev.screen() == "Home"
    assert "tileclock.games.wordsport.screens" not in sys.modules
    assert "tileclock.games.wordsport.rules" in sys.modules      # the game is still on
    dev.press(2)                                            # Continue
    assert dev.screen() == "WsReady"
    dev.press(1)                                            # GO on the screen loaded again
    assert dev.screen() == "WsPlay"


def _loaded(*names):
    return [name for name in names if name in sys.modules]


def test_each_phase_of_word_sport_holds_its_own_screens_only():
    # ready.py, play.py and entry.py: one at a time, with the ui modules
    # under it (modules.SCREEN_PARTS): the entries hold no big digits
    dev = Device(settings={"game": "wordsport", "players": 2, "tiles": "half"})
    dev.press(2)                                            # Start
    ws = "tileclock.games.wordsport."
    assert dev.screen() == "WsReady"
    assert _loaded(ws + "ready", ws + "play", ws + "entry", "tileclock.ui.bigdigits") == [ws + "ready"]
    half_set_round_both_out(dev)
    assert dev.screen() == "WsCountdown"
    assert _loaded(ws + "ready", "tileclock.ui.ready", ws + "play", "tileclock.ui.bigdigits", ws + "entry") == [
        ws + "play", "tileclock.ui.bigdigits"]
    dev.press(2)                                            # ALL OUT: the entries
    assert dev.screen() == "WsEntry"
    assert _loaded(ws + "play", "tileclock.ui.live", "tileclock.ui.bigdigits", ws + "entry") == [ws + "entry"]
    dev.long(1)                                             # undo the stop: the countdown again
    assert dev.screen() == "WsCountdown"
    assert _loaded(ws + "play", ws + "entry") == [ws + "play"]
    dev.press(2)
    dev.press(3)                                            # CLOSE ROUND
    dev.press(2)
    assert dev.screen() == "WsReady"
    assert _loaded(ws + "ready", ws + "entry") == [ws + "ready"]
    assert dev.app.game.totals == {"P1": 10, "P2": 15}


def test_the_names_screens_leave_with_the_home_menu_and_come_back_between_rounds():
    dev = Device(settings={"game": "wordsport", "players": 2})
    dev.press(1)
    dev.press(1)
    dev.press(1)                                            # Names (home)
    dev.press(2)
    assert dev.screen() == "Names" and "tileclock.ui.names" in sys.modules
    dev.long(1)                                             # home, on Start
    dev.press(2)
    assert dev.screen() == "WsReady"
    assert "tileclock.ui.names" not in sys.modules          # not while a game screen is up
    dev.menu(2)
    dev.press(1)                                            # Names: loaded again
    dev.press(2)
    assert dev.screen() == "Names" and "tileclock.ui.names" in sys.modules
    dev.press(1)
    dev.press(2)                                            # seat 1's editor
    edit = dev.app.manager.screen
    edit.cells[1] = 0                                       # P1 -> P
    edit.stop = len(edit.cells)                             # SAVE
    dev.press(2)
    assert dev.screen() == "Names" and dev.app.game.names[0] == "P"
    dev.long(1)                                             # the game's menu
    dev.long(1)                                             # Back: the ready screen
    assert dev.screen() == "WsReady"
    assert "tileclock.ui.names" not in sys.modules
    dev.menu(2)
    dev.press(1)
    dev.press(2)                                            # and once more
    assert dev.screen() == "Names"
    assert dev.app.manager.screen.lines[1].label == "1  P"
    dev.close()


def _games_loaded(kind):
    return [name for name in sys.modules if name.startswith("tileclock.games." + kind)]


def test_speed_scrabble_join_and_leave_loads_no_other_game():
    dev = Device(settings={"game": "wordsport", "players": 2})
    dev.press(2)                                            # a Word-Sport game first
    assert dev.screen() == "WsReady"
    dev.app.home(dev.app.now())
    dev.press(1)                                            # New game ...
    dev.press(1)                                            # ... on Game
    dev.press(2)                                            # (a game is on: asked)
    dev.press(2)                                            # Speed Scrabble
    dev.press(3)
    dev.press(2)                                            # New game: asks first
    assert dev.screen() == "Home"
    dev.press(2)                                            # New game
    assert dev.screen() == "SsReady"
    dev.menu(2)                                             # the menu
    dev.press(1)
    dev.press(1)                                            # Join/leave
    dev.press(2)                                            # a third player joins
    assert dev.app.game.seated() == [1, 2, 3]
    assert dev.screen() == "SsMenu"
    assert _games_loaded("wordsport") == []
    assert "tileclock.games.speedscrabble.menu" in sys.modules
    # the play screens wait while the menu is up; back on the ready screen,
    # the menu goes
    assert "tileclock.games.speedscrabble.screens" not in sys.modules
    dev.long(1)                                             # Back
    assert dev.screen() == "SsReady"
    assert "tileclock.games.speedscrabble.menu" not in sys.modules
    assert "tileclock.games.speedscrabble.spec" not in sys.modules
    assert _games_loaded("wordsport") == []
    dev.close()


def test_the_home_menu_holds_neither_the_games_menu_nor_the_settings_store():
    # store/settings.py is read at boot and written when a menu that
    # changed something closes, and let go each time; the game's menu and
    # its sheet lines go when the home menu comes up from it
    dev = Device(settings={"game": "wordsport", "players": 2})
    assert dev.screen() == "Home"
    assert "tileclock.store.settings" not in sys.modules
    dev.press(2)                                            # Start
    assert dev.screen() == "WsReady"
    dev.app.game_menu(dev.app.now())
    assert dev.screen() == "WsMenu"
    assert "tileclock.games.wordsport.menu" in sys.modules
    dev.app.home(dev.app.now())
    assert dev.screen() == "Home"
    assert _loaded("tileclock.games.wordsport.menu", "tileclock.games.wordsport.sheet",
                   "tileclock.store.settings") == []
    from tileclock import settings
    dev.app.settings["sleep"] = 30
    assert settings.save(dev.app)                           # (a menu that changed something closes)
    assert "tileclock.store.settings" not in sys.modules
    dev.close()


def test_the_names_hold_no_menu_and_the_menu_holds_no_names():
    # Names goes back by name (home or the game's menu), so the menu it
    # came from is unloaded while it is up, and the names' modules when
    # the menu comes back
    dev = Device(settings={"game": "wordsport", "players": 2})
    dev.press(2)                                            # Start
    dev.app.game_menu(dev.app.now())
    assert dev.screen() == "WsMenu"
    dev.app.manager.screen._names(dev.app.now(), 1)         # Names: rename
    assert dev.screen() == "Names"
    assert _loaded("tileclock.ui.gamemenu", "tileclock.games.wordsport.menu", "tileclock.ui.home") == []
    dev.long(1)                                             # back: the game's menu
    assert dev.screen() == "WsMenu"
    assert _loaded("tileclock.ui.names", "tileclock.players") == []
    dev.app.home(dev.app.now())
    dev.app.manager.screen._names(dev.app.now(), 1)         # the settings' names
    assert dev.screen() == "Names"
    assert _loaded("tileclock.ui.home", "tileclock.ui.gamemenu") == []
    dev.long(1)
    assert dev.screen() == "Home"
    assert _loaded("tileclock.ui.names", "tileclock.players") == []
    dev.close()


def test_the_last_calls_hold_no_game_menu_and_the_menu_no_calls():
    dev = Device(settings={"game": "wordsport", "players": 2})
    dev.press(2)                                            # Start
    dev.app.game_menu(dev.app.now())
    assert dev.screen() == "WsMenu"
    dev.app.manager.screen._calls(dev.app.now(), 1)         # Last calls
    assert dev.screen() == "Calls"
    assert _loaded("tileclock.ui.gamemenu", "tileclock.games.wordsport.menu") == []
    dev.long(1)                                             # back: the game's menu
    assert dev.screen() == "WsMenu"
    assert _loaded("tileclock.ui.calls", "tileclock.engine.correct") == []
    dev.close()
