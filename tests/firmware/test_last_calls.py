# The last calls: a call moved to another seat or taken out a few actions
# later, every action after it played again, the game journalled whole.
# Runs under pytest and on the MicroPython unix port.
from check import raises
from test_app_device import Device, half_set_round_both_out

from tileclock.engine.correct import corrected, is_call
from tileclock.engine.game import Refused
from tileclock.games.wordsport.rules import WordSport


def _game(actions):
    g = WordSport()
    for now, verb, args in actions:
        g.do(now, verb, args)
    return g


_SETUP = [(0, "seat", (1, "ANN")), (0, "seat", (2, "BOB")), (0, "seat", (3, "CY")), (0, "tiles", ("half",)),
          (10, "start", ())]


def test_a_go_moved_to_another_seat_is_the_game_that_seat_would_have_made():
    wrong = _game(_SETUP + [(2000, "go", (1,)), (4000, "go", (3,)), (6000, "go", (2,))])
    right = _game(_SETUP + [(2000, "go", (1,)), (4000, "go", (2,)), (6000, "go", (2,))])
    n = len(wrong.history)
    fixed = corrected(wrong, n - 2, 2)
    assert list(fixed.history) == list(right.history) and fixed.sheet() == right.sheet()
    assert wrong.history[n - 2] == (4000, "go", (3,))         # the game it came from, as it was
    gone = corrected(wrong, n - 2, 0)                           # taken out
    assert [a[1:] for a in gone.history][-2:] == [("go", (1,)), ("go", (2,))]


def test_a_correction_the_rules_refuse_leaves_the_game_as_it_was():
    g = _game(_SETUP + [(2000, "go", (1,)), (4000, "go", (2,))])
    before = list(g.history)
    n = len(g.history)
    e = raises(Refused, corrected, g, 1, 2)                     # a set-up action is no call
    assert "only a seat's call" in e.reason
    raises(Refused, corrected, g, n, 1)
    e = raises(Refused, corrected, g, n - 1, 4)                 # nobody sits at seat 4
    assert e.reason.startswith("then go 4 is refused: ")
    assert list(g.history) == before
    assert not is_call(g, g.history[n - 3]) and is_call(g, g.history[n - 1])


def _to_calls(dev):
    dev.menu(2)
    dev.press(3)                        # Last calls: the menu's last line
    assert dev.app.manager.screen.lines[dev.app.manager.screen.cursor].label == "Last calls"
    dev.press(2)
    assert dev.screen() == "Calls"


def _word_sport_gos(dev):
    dev.run(100)
    dev.press(2)                        # Start
    dev.press(1)                        # GO
    for seat in (1, 3, 2):
        dev.run(1600)
        dev.press(seat)


def test_a_go_taken_out_on_the_box_is_gone_after_a_power_cut():
    dev = Device(settings={"game": "wordsport", "players": 3, "tiles": "half"})
    _word_sport_gos(dev)
    before = list(dev.app.game.history)
    _to_calls(dev)
    dev.press(1)                        # go P3 (newest first: P2, P3, P1)
    dev.press(4)                        # asks
    assert "4 again: take out go P3" in dev.banner() and list(dev.app.game.history) == before
    dev.press(4)
    assert "taken out: go P3" in dev.banner()
    after = list(dev.app.game.history)
    assert len(after) == len(before) - 1 and (before[-2][1], before[-2][2]) == ("go", (3,))
    assert after[:-1] == before[:-2] and after[-1] == before[-1]
    again = dev.reboot()                # the power goes: the game taken out of is on flash
    assert [a[1:] for a in again.app.game.history if a[1] != "pause"] == [a[1:] for a in after]
    again.close()


def test_a_move_the_rules_refuse_says_why_and_changes_nothing():
    dev = Device(settings={"game": "wordsport", "players": 2, "tiles": "half", "countdown": 30})
    dev.run(100)
    dev.press(2)                        # Start
    half_set_round_both_out(dev)        # P2 wins, P1 finishes
    before = list(dev.app.game.history)
    _to_calls(dev)                      # newest first: out P1, out P2, go ...
    dev.press(2)                        # P1's finish to P2: P2 is out already
    assert "is refused" in dev.banner() or "finished" in dev.banner()
    assert list(dev.app.game.history) == before
    dev.close()


def test_a_correction_the_flash_could_not_take_is_written_by_the_next_action():
    dev = Device(settings={"game": "wordsport", "players": 3, "tiles": "half"})
    _word_sport_gos(dev)
    journal = dev.app.keeper.journal
    write = journal._write_snapshots
    failed = []

    def failing(game, lines):
        if not failed:
            failed.append(1)
            raise OSError(28, "no space")
        return write(game, lines)

    journal._write_snapshots = failing
    _to_calls(dev)
    dev.press(2)                        # the newest go (P2's) to P3
    assert failed and dev.app.game.history[-1][1:] == ("go", (3,))
    dev.long(1)
    dev.long(1)                         # back to the clock
    dev.run(1600)
    dev.press(1)                        # the next go: the journal catches up
    history = [a[1:] for a in dev.app.game.history]
    again = dev.reboot()
    assert [a[1:] for a in again.app.game.history if a[1] != "pause"] == history
    again.close()
