# Unloading what the current screen doesn't need (tileclock/modules.py), on
# the whole app: runs under pytest and on the MicroPython unix port.
import sys

from test_app_device import Device

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
    assert "tileclock.engine.script" not in sys.modules
    dev.press(2)                                            # Start: Word-Sport
    assert dev.screen() == "WsReady"
    for name in ("tileclock.ui.home", "tileclock.store.settings", "tileclock.engine.script",
                 "tileclock.ui.ss_screens", "tileclock.ui.form"):
        assert name not in sys.modules, name
    assert "tileclock.ui.ws_screens" in sys.modules
    dev.app.home(dev.app.now())
    assert dev.screen() == "Home"
    assert "tileclock.ui.ws_screens" not in sys.modules
    assert "tileclock.engine.wordsport" in sys.modules      # the game is still on
    dev.press(2)                                            # Continue
    assert dev.screen() == "WsReady"
    dev.press(1)                                            # GO on the screen loaded again
    assert dev.screen() == "WsPlay"
