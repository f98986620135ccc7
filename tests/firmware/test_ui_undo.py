# What the players see after an undo, and the presses that must be made
# twice: the screen reads the engine again after any undo (the entries, the
# score form, the ready screen), undoing a round's close asks first, the
# score sheet goes back where it was opened, the home menu names the game
# its first line goes back to and asks before a new game. Runs under pytest
# and on the MicroPython unix port.
from test_app_device import Device

from tileclock.app import UNDO_CLOSE
from tileclock.ui.screen import CONFIRM_MS
from tileclock_host.sim.screentext import shows


def _shows(dev, text):
    return shows(dev.board.frame(), text)


def _word_sport_entries():
    """Two players on a half set: 18 gos, P2 wins, P1 does not finish; the
    entries after time up (P1: unused, the field to fill; then P2: sevens,
    grid; P1: sevens, grid; CLOSE ROUND)."""
    dev = Device(settings={"game": "wordsport", "players": 2, "tiles": "half", "countdown": 30})
    dev.run(100)
    dev.press(2)                        # Start
    dev.press(1)                        # GO
    for i in range(18):
        dev.run(1600)                   # past the merge window
        dev.press(1 + i % 2)
    dev.run(1600)
    dev.press(2)                        # P2 wins
    dev.run(31000)                      # time up
    assert dev.screen() == "WsEntry"
    return dev


def _close_round(dev):
    dev.press(2)                        # P1 unused: 0
    dev.press(3)                        # back round to CLOSE ROUND
    dev.press(2)
    assert dev.screen() == "WsReady"


def _row(dev, seat):
    for row in dev.app.manager.screen.rows:
        if row["seat"] == seat:
            return row
    raise AssertionError("no row of seat %d" % seat)


def _engine_row(dev, seat):
    for row in dev.app.game.live_rows(dev.app.now()):
        if row["seat"] == seat:
            return row
    raise AssertionError("no row of seat %d" % seat)


def test_the_entries_show_the_engine_after_an_undo():
    dev = _word_sport_entries()
    dev.press(1)                        # P2 sevens
    dev.press(2)
    dev.press(2)                        # P2: two sevens
    assert _engine_row(dev, 2)["sevens"] == 2 and _shows(dev, "P2 1st - 2 N")
    dev.long(1)
    assert "undone: sevens" in dev.banner()
    assert _engine_row(dev, 2)["sevens"] == 1
    assert _row(dev, 2)["sevens"] == 1
    assert _shows(dev, "P2 1st - 1 N")
    assert dev.app.manager.screen.stops[dev.app.manager.screen.stop] == (1, 2)    # the cursor stays
    dev.press(3)                        # P1 unused
    for _ in range(4):
        dev.press(2)                    # ?, 0, 1, 2, 3
    assert _engine_row(dev, 1)["unused"] == 3 and _row(dev, 1)["unused"] == 3
    dev.long(1)
    assert _engine_row(dev, 1)["unused"] == 2
    assert _row(dev, 1)["unused"] == 2
    assert _shows(dev, "P1 2nd 2 0 N")
    dev.press(3)                        # back round to CLOSE ROUND: one press
    dev.press(2)
    assert dev.screen() == "WsReady"
    rows = dev.app.game.sheet()["rounds"][-1]["rows"]
    assert [r["unused"] for r in rows if r["name"] == "P1"] == [2]
    dev.close()


def test_undoing_a_close_asks_first_and_a_second_long_press_undoes_it():
    dev = _word_sport_entries()
    _close_round(dev)
    game = dev.app.game
    assert dev.screen() == "WsReady" and game.last_closed()
    n = len(game.history)
    dev.long(1)                         # asks
    assert dev.app.game is game and len(game.history) == n
    assert dev.banner() == UNDO_CLOSE and dev.screen() == "WsReady"
    dev.run(CONFIRM_MS)                 # too late
    dev.long(1)                         # asks again
    assert dev.app.game is game and dev.banner() == UNDO_CLOSE
    dev.long(1)                         # within CONFIRM_MS: undone
    assert dev.banner() == "undone: close"
    assert dev.screen() == "WsEntry" and not dev.app.game.last_closed()
    assert len(dev.app.game.history) == n - 1
    dev.close()


def test_an_action_after_the_question_leaves_the_close_alone():
    dev = _word_sport_entries()
    _close_round(dev)
    dev.long(1)                         # asks
    dev.menu(2)                         # the menu
    dev.press(1)
    dev.press(1)                        # Join/leave
    dev.press(2)                        # P3 joins: an action
    assert dev.banner() != UNDO_CLOSE
    dev.long(1)                         # back to the ready screen
    dev.long(1)                         # undo: the join (a set-up verb: home)
    assert dev.screen() == "Home"
    assert dev.app.game.last_closed() is False
    assert dev.app.game.history[-1][1] == "seat"
    dev.close()


def test_the_score_form_after_an_undo_is_that_players_again():
    dev = Device(settings={"game": "speedscrabble", "players": 2, "themes": "off"})
    dev.run(100)
    dev.press(2)                        # Start
    dev.press(1)                        # the count-in
    dev.run(4000)
    now = dev.app.now()
    dev.app.act(now, "stop")            # nobody out: the scores
    dev.run(50)
    assert dev.screen() == "SsEntry"
    form = dev.app.manager.screen
    assert form.seat == 1 and _shows(dev, "SCORE P1 1/2")
    dev.press(1)
    dev.press(2)                        # grid 010
    for _ in range(6):
        dev.press(1)
    dev.press(2)                        # SAVE
    assert dev.app.manager.screen.seat == 2 and _shows(dev, "SCORE P2 2/2")
    dev.press(2)                        # P2's grid begun, not saved
    dev.long(1)                         # undo P1's score
    screen = dev.app.manager.screen
    assert dev.app.game.live_rows()[0]["grid"] is None
    assert screen.seat == 1 and screen.values == [0, 0, 0]
    assert _shows(dev, "SCORE P1 1/2") and _shows(dev, "Grid 000")
    dev.close()


def test_the_ready_screen_after_an_undone_rename_says_the_old_name():
    dev = Device(settings={"game": "spellsport"}, seats=2)
    dev.run(100)
    dev.press(2)                        # Start: the ready screen
    now = dev.app.now()
    assert dev.app.act(now, "rename", (1, "Q1"), route=False)     # as the Names screen does
    dev.app.route(now)
    dev.run(50)
    assert _shows(dev, "1 across: Q1")
    dev.long(1)
    assert "undone: rename" in dev.banner()
    assert dev.app.manager.screen._lines[0] == "1 across: P1"
    assert _shows(dev, "1 across: P1")
    dev.close()


def test_the_sheet_goes_back_to_the_menu_it_was_opened_from():
    dev = Device(settings={"game": "wordsport", "players": 2})
    dev.run(100)
    dev.press(2)                        # Start
    dev.menu(2)                         # the menu
    menu = type(dev.app.manager.screen).__name__     # (loaded again after the sheet)
    for _ in range(4):
        dev.press(3)                    # Last calls, Sound, Home, Score sheet
    sheet_line = dev.app.manager.screen.cursor
    dev.press(2)
    assert dev.screen() == "Sheet"
    dev.long(1)
    assert dev.screen() == menu
    assert dev.app.manager.screen.cursor == sheet_line
    dev.press(1)                        # Home
    dev.press(2)
    assert dev.screen() == "Home"
    dev.press(3)                        # the home menu's Score sheet
    dev.press(2)
    assert dev.screen() == "Sheet"
    dev.long(1)
    assert dev.screen() == "Home" and dev.app.manager.screen.cursor == len(dev.app.manager.screen.lines) - 1
    dev.close()


def test_home_names_the_game_it_goes_back_to_and_asks_before_a_new_one():
    dev = Device(settings={"game": "wordsport", "players": 2})
    dev.run(100)
    dev.press(2)                        # Start
    dev.app.home(dev.app.now())
    dev.run(50)
    assert _shows(dev, "Back Word-Sport")
    dev.press(1)
    dev.press(1)                        # Game
    dev.press(2)                        # a game is on: asks first
    assert dev.app.settings["game"] == "wordsport" and "2 again to change Game" in dev.banner()
    dev.press(2)                        # Speed Scr.
    assert dev.app.settings["game"] == "speedscrabble"
    assert _shows(dev, "Back Word-Sport") and _shows(dev, "Game Speed Scr.")
    dev.press(3)                        # New game
    dev.press(2)                        # asks
    assert dev.screen() == "Home" and "Word-Sport kept in games/" in dev.banner()
    assert dev.app.game.KIND == "wordsport"
    dev.press(3)                        # Back
    dev.press(2)
    assert dev.screen() == "WsReady"    # the Word-Sport game, as the line said
    assert dev.banner() == ""           # asked no more
    dev.app.home(dev.app.now())
    dev.press(1)                        # New game
    dev.press(2)
    dev.run(CONFIRM_MS)                 # too late
    dev.press(2)                        # asks again
    assert dev.screen() == "Home"
    dev.press(2)                        # a new game, of the Game line's kind
    assert dev.screen() == "SsReady" and dev.app.game.KIND == "speedscrabble"
    assert dev.banner() == ""
    dev.close()


def test_last_closed_is_true_after_a_close_of_every_game():
    from tileclock.script import load
    cases = (
        ("game wordsport", ["0 seat 1 A", "0 seat 2 B", "0 tiles half", "1 start", "2 void"], "2 rename 1 C"),
        ("game speedscrabble", ["0 seat 1 A", "0 seat 2 B", "1 start", "5000 void"], "5000 rename 1 C"),
        ("game spellsport", ["0 seat 1 A", "0 seat 2 B", "1 start", "2 endgame"], "2 rename 1 C"),
        ("game tilerush", ["0 seat 1 A", "0 seat 2 B", "1 start", "2 void"], "2 rename 1 C"),
    )
    for head, lines, after in cases:
        game = load([head] + lines[:-1])
        assert not game.last_closed(), head
        game = load([head] + lines)
        assert game.last_closed(), head
        game = load([head] + lines + [after])
        assert not game.last_closed(), head
