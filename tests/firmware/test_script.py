from check import raises

from tileclock.script import ScriptError, format_action, load, parse_action, parse_time


def test_times():
    assert parse_time("1500") == 1500
    assert parse_time("1:05") == 65000
    assert parse_time("1:05.25") == 65250
    assert parse_time("1:00:00") == 3600000
    raises(ValueError, parse_time, "1:75")
    raises(ValueError, parse_time, "abc")


def test_action_round_trip():
    action = parse_action("1:02.5 seat 3 Ann")
    assert action == (62500, "seat", (3, "Ann"))
    assert format_action(*action) == "62500 seat 3 Ann"
    assert parse_action("10 score 2 -4") == (10, "score", (2, -4))


def test_script_errors_name_the_line():
    e = raises(ScriptError, load, ["# nothing", "", "game chess"])
    assert e.lineno == 3
    e = raises(ScriptError, load, ["hello"])
    assert "first line" in str(e)
    e = raises(ScriptError, load, [])
    assert "empty" in str(e)


def test_a_call_inside_the_merge_window_says_why_in_a_players_words():
    e = raises(ScriptError, load, ["game wordsport", "0 seat 1 Ann", "0 seat 2 Bob", "0 start",
                                   "1000 go 1", "2000 go 2"])
    assert e.lineno == 6
    assert "go: within 1.5 s of the last call: counted as the same call" in str(e), str(e)
