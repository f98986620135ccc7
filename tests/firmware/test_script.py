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
