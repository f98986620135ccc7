# The box at rest: dimmed after the Sleep setting's minutes untouched, dark a
# minute later, woken by a press that does nothing else; never while a clock
# runs. Runs under pytest and on the MicroPython unix port.
from test_app_device import Device
from tileclock.app import AWAKE, DARK, DIM, POLL_MS


def _home(sleep=2):
    dev = Device(settings={"game": "wordsport", "players": 2, "sleep": sleep})
    dev.run(100)
    assert dev.screen() == "Home" and dev.app.rest == AWAKE
    return dev


def test_the_home_menu_dims_then_goes_dark_and_polls_less():
    dev = _home()
    panel = dev.board.panel
    dev.run(119000)
    assert dev.app.rest == AWAKE and panel.on and panel.contrast == 255
    dev.run(2000)                       # two minutes untouched
    assert dev.app.rest == DIM and panel.on and panel.contrast == 0
    dev.run(60000)                      # a minute more
    assert dev.app.rest == DARK and not panel.on
    assert dev.app.poll_ms > POLL_MS
    sent = dev.board.display.bytes_sent
    dev.run(60000)
    assert dev.board.display.bytes_sent == sent     # nothing to a panel that is off
    dev.close()


def test_the_press_that_wakes_it_is_no_action():
    dev = _home()
    dev.run(200000)
    assert dev.app.rest == DARK
    cursor = dev.app.manager.screen.cursor
    dev.press(1)                        # would move the cursor
    assert dev.app.rest == AWAKE and dev.board.panel.on and dev.board.panel.contrast == 255
    assert dev.app.manager.screen.cursor == cursor and dev.screen() == "Home"
    assert dev.app.poll_ms == POLL_MS
    dev.press(1)                        # now it does
    assert dev.app.manager.screen.cursor == cursor + 1
    dev.close()


def test_a_long_press_on_a_dark_screen_opens_nothing():
    dev = _home()
    dev.run(200000)
    assert dev.app.rest == DARK
    dev.menu(2)
    assert dev.app.rest == AWAKE and dev.screen() == "Home"
    dev.close()


def test_a_press_on_a_dimmed_screen_acts_and_brightens_it():
    # a dimmed screen can still be read: the press was meant
    dev = _home()
    dev.run(130000)
    assert dev.app.rest == DIM
    cursor = dev.app.manager.screen.cursor
    dev.press(1)
    assert dev.app.rest == AWAKE and dev.board.panel.contrast == 255
    assert dev.app.manager.screen.cursor == cursor + 1
    dev.close()


def test_a_running_clock_never_rests():
    dev = _home()
    dev.press(2)                        # Start
    dev.press(1)                        # GO: the count-up runs
    dev.run(400000)
    assert dev.screen() == "WsPlay" and dev.app.rest == AWAKE and dev.board.panel.contrast == 255
    dev.close()


def test_never_is_never_and_a_cut_while_dark_boots_awake():
    dev = _home(sleep=0)
    dev.run(400000)
    assert dev.app.rest == AWAKE
    dev.close()
    dev = _home()
    dev.run(200000)
    assert dev.app.rest == DARK
    after = dev.reboot()
    after.run(100)
    assert after.app.rest == AWAKE and after.board.panel.on and after.screen() == "Home"
    after.close()
    dev.close()


def test_a_games_screen_dims_but_stays_lit_and_its_press_counts():
    # between rounds, or a Spell Sport turn: the table may be thinking
    dev = _home()
    dev.press(2)                        # Start: the ready screen
    assert dev.screen() == "WsReady"
    dev.run(600000)                     # ten minutes untouched
    assert dev.app.rest == DIM and dev.board.panel.on
    dev.press(1)                        # GO, as on a bright screen
    assert dev.screen() == "WsPlay" and dev.app.rest == AWAKE
    dev.close()


def test_the_glass_is_dark_while_the_display_is_off_and_comes_back_whole():
    dev = _home()
    lit = bytes(dev.board.frame())
    assert any(lit)
    dev.run(200000)
    assert dev.app.rest == DARK and not any(dev.board.frame())     # what a player sees
    dev.press(3)
    assert bytes(dev.board.frame()) == lit                          # the same menu, the press no action
    dev.close()
