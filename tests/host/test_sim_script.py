# The sim command: script parsing, the terminal check, the same script on
# CPython and on the MicroPython unix port at a Pico's heap.
import json
import os
import subprocess
import sys

import pytest

from tileclock_host.sim import terminal
from tileclock_host.sim.script import SimScriptError, parse, parse_seconds

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_times_absolute_relative_and_in_minutes():
    script = parse(["seats 3", "1.5 press 1", "+2 long 3", "1:00 shot a", "+0.25 expect screen Home"])
    assert script.seats == 3
    assert [(s[0], s[2]) for s in script.steps] == [(1500, "press"), (3500, "long"), (60000, "shot"),
                                                   (60250, "expect")]
    assert parse_seconds("1:02:03") == 3723000
    assert parse_seconds(".5") == 500


@pytest.mark.parametrize("lines, message", [
    (["1 press 5"], "seat must be 1 to 4"),
    (["1 jump 1"], "expected one of"),
    (["2 press 1", "1 press 1"], "time goes backwards"),
    (["1 press 1", "seats 2"], "before the first timed line"),
    (["soon press 1"], "expected a time"),
    (["1 expect colour red"], "expect screen|clock"),
    (["1 menu 1", "2 press 1"], "seat 1 is still held by line 1 until 0:03.800"),
    (["1 hold 2 500", "1.5 long 2"], "seat 2 is still held by line 1 until 0:01.500"),
    (["1 press 3", "1.08 press 3"], "press 3 at 0:01.080: seat 3 is still held"),
    # a gap of more than a day of virtual time: hours of the host's, saying nothing
    (["1 press 1", "+9999:59:59 press 1"], "more than a day after the line before"),
    (["1 press 1", "+100000 press 2"], "more than a day"),
    (["# a comment", "24:00:01 press 1"], "more than a day"),
    (["1 press 1", "+24:00:00 press 1", "+24:00:00 press 1", "+86400.001 end"], "more than a day"),
])
def test_bad_lines_are_named(lines, message):
    # (a seat's press while its own button is still down is one of them:
    # the board would take the two as one longer press)
    with pytest.raises(SimScriptError) as e:
        parse(lines)
    assert message in str(e.value)
    assert "line %d" % len(lines) in str(e.value)


def test_presses_of_other_seats_may_overlap_and_a_seat_may_press_once_released():
    script = parse(["1 menu 1", "2 press 2", "2.5 long 3", "3.81 press 1", "3.891 press 1"])
    assert [(at, verb, args) for at, _n, verb, args in script.steps] == [
        (1000, "menu", ("1",)), (2000, "press", ("2",)), (2500, "long", ("3",)),
        (3810, "press", ("1",)), (3891, "press", ("1",))]


@pytest.mark.parametrize("line, message", [
    ("set gaem spellsport", "no setting 'gaem' (set one of countdown, game, names, players"),
    ("set players 99", "set players 99: 2 to 8"),
    ("set players two", "set players two: 2 to 8"),
    ("set tiles hlaf", "set tiles hlaf: one of half, full, double"),
    ("set game scrabble", "one of wordsport, speedscrabble, spellsport, tilerush"),
    ("set countdown 75", "set countdown 75: one of 30, 45, 60, 90, 120, 180"),
    ("set variant boise", "one of standard, seattle, idaho"),
    ("set sound loud", "set sound loud: one of on, off"),
    ("set names ANN,42", "'42': a name can't be a number"),
    ("set names ANN,-,ANN", "ANN for seat 1 and seat 3"),
    ("set names P2", "P2 is seat 2's own name"),
    ("set players", "set KEY VALUE"),
])
def test_a_setting_the_device_has_not_got_is_refused_with_its_line(line, message):
    with pytest.raises(SimScriptError) as e:
        parse(["seats 4", "# the settings", line, "1 press 1"])
    assert str(e.value).startswith("line 3: ")
    assert message in str(e.value)


def test_the_settings_choices_are_the_firmwares():
    from tileclock import games
    from tileclock_host.sim.script import all_defaults as defaults
    from tileclock_host.sim.script import setting_choices
    choices = setting_choices()
    assert set(choices) == set(defaults())
    assert choices["game"] == games.KINDS
    for kind in games.KINDS:
        for _label, key, values, _shown in games.spec(kind).OPTIONS:
            assert choices[key] == tuple(values)
    script = parse(["seats 8", "set game tilerush", "set players 8", "set tiles double", "set countdown 90",
                    "set target 1000", "set names ANN,-,CY", "set sound off"])
    assert script.settings == {"game": "tilerush", "players": 8, "tiles": "double", "countdown": 90,
                               "target": 1000, "names": ["ANN", "", "CY"], "sound": "off"}


def test_more_players_than_seats_is_refused_on_the_players_line():
    with pytest.raises(SimScriptError) as e:
        parse(["set players 6", "seats 4", "1 press 1"])
    assert str(e.value) == "line 1: set players 6: the board has 4 seats (seats N)"


def _sim(capsys, *args):
    """`tileclock sim ARGS` in this process (the CLI's start-up is seconds):
    (exit status, stderr)."""
    from tileclock_host.cli import main
    status = main(["sim"] + list(args))
    return status, capsys.readouterr().err


def _one_line_error(status, err, *words):
    assert status == 1, err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tileclock: "), err
    for word in words:
        assert word in lines[0]
    return lines[0]


def test_a_bad_set_line_stops_the_script_before_it_runs(tmp_path):
    script = tmp_path / "typo.txt"
    script.write_text("seats 4\nset gaem spellsport\n1 shot home\n")
    result = subprocess.run([sys.executable, "-m", "tileclock_host", "sim", "--script", str(script),
                             "--out", str(tmp_path / "out")], capture_output=True, text=True, cwd=ROOT, timeout=120)
    _one_line_error(result.returncode, result.stderr, "typo.txt: line 2: no setting 'gaem'")
    assert not (tmp_path / "out").exists()


def test_a_script_that_is_not_utf8_is_named_with_its_line(tmp_path, capsys):
    script = tmp_path / "latin1.txt"
    script.write_bytes(b"seats 4\n# caf\xe9 au lait\n1 shot home\n")
    _one_line_error(*_sim(capsys, "--script", str(script), "--out", str(tmp_path / "out")),
                    "latin1.txt: line 2: not UTF-8 text")


@pytest.mark.parametrize("where, micropython", [
    ("a file", False),
    ("under a file", False),
    ("a full disk", False),
    ("a full disk", True),
])
def test_results_that_cannot_be_written_are_one_line(where, micropython, tmp_path, capsys):
    script = os.path.join(ROOT, "tests", "sim", "wordsport_round.txt")
    afile = tmp_path / "afile"
    afile.write_text("x")
    if where == "a file":
        out, said = afile, "not a folder"
    elif where == "under a file":
        out, said = afile / "out", "Not a directory"
    else:
        # /dev/full stands in for a full disk: every write to it fails with ENOSPC
        out, said = tmp_path / "out", "No space left on device"
        out.mkdir()
        (out / "log.txt").symlink_to("/dev/full")
    status, err = _sim(capsys, "--script", script, "--out", str(out), *(["--micropython"] if micropython else []))
    _one_line_error(status, err, "--out %s" % out, said)


def test_keys_map_to_presses_and_long_presses():
    assert terminal.key_to_event("3", 4, False) == ("press", 3)
    assert terminal.key_to_event("#", 4, False) == ("long", 3)
    assert terminal.key_to_event("3", 4, True) == ("long", 3)
    assert terminal.key_to_event("5", 4, False) is None
    assert terminal.key_to_event("q", 4, False) == ("quit",)


def test_half_blocks_keep_the_panels_shape():
    frame = bytearray(1024)
    frame[0] = 0b01      # pixel (0, 0) on, (0, 1) off
    frame[1] = 0b11      # pixel (1, 0) and (1, 1)
    frame[2] = 0b10
    lines = terminal.render(frame)
    assert len(lines) == 32 and all(len(line) == 128 for line in lines)
    assert lines[0][:4] == "\u2580\u2588\u2584 "


def test_sim_without_a_terminal_says_so():
    result = subprocess.run([sys.executable, "-m", "tileclock_host", "sim"], stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 1
    assert "not" in result.stderr and "terminal" in result.stderr
    assert "--script" in result.stderr


def _sheet(out):
    with open(os.path.join(out, "sheet.json")) as f:
        return json.load(f)


@pytest.mark.parametrize("name", ["speedscrabble_match.txt", "battery_low.txt", "boardclock_game.txt"])
def test_the_scripted_runner_gives_the_same_game_on_micropython(tmp_path, name):
    script = os.path.join(ROOT, "tests", "sim", name)
    cpy = str(tmp_path / "cpython")
    mpy = str(tmp_path / "micropython")
    for out, extra in ((cpy, []), (mpy, ["--micropython"])):
        result = subprocess.run([sys.executable, "-m", "tileclock_host", "sim", "--script", script, "--out", out]
                                + extra, capture_output=True, text=True, cwd=ROOT, timeout=600)
        assert result.returncode == 0, result.stdout + result.stderr
    assert _sheet(cpy) == _sheet(mpy)
    with open(os.path.join(cpy, "cues.txt")) as a, open(os.path.join(mpy, "cues.txt")) as b:
        assert a.read() == b.read()
    shots_c = sorted(os.listdir(os.path.join(cpy, "shots")))
    shots_m = sorted(os.listdir(os.path.join(mpy, "shots")))
    assert shots_c == shots_m and shots_c[0].endswith(".png")
    # the same pixels on both interpreters
    from PIL import Image
    for name in shots_c:
        a = Image.open(os.path.join(cpy, "shots", name))
        b = Image.open(os.path.join(mpy, "shots", name))
        assert a.tobytes() == b.tobytes(), name


def test_a_script_boots_from_the_flash_folder_given_and_leaves_it_there(tmp_path):
    """--fs with --script: a journal written by one run (or pulled from a
    device) is booted by the next, on either interpreter, and stays."""
    flash = str(tmp_path / "flash")
    go_on = tmp_path / "go_on.txt"
    go_on.write_text("seats 4\n"
                     "0.5 expect phase play\n"
                     "+0.1 expect clock 0:09     # paused where the power went\n"
                     "+0.5 press 2               # any seat resumes\n"
                     "+4 expect clock 0:12\n")
    runs = ((os.path.join(ROOT, "tests", "sim", "wordsport_round.txt"), []),
            (str(go_on), ["--micropython"]))
    for i, (script, extra) in enumerate(runs):
        out = str(tmp_path / ("out%d" % i))
        result = subprocess.run([sys.executable, "-m", "tileclock_host", "sim", "--script", script, "--out", out,
                                 "--fs", flash] + extra, capture_output=True, text=True, cwd=ROOT, timeout=600)
        assert result.returncode == 0, result.stdout + result.stderr
        assert not os.path.exists(os.path.join(out, "flash"))
    journal = sorted(os.listdir(os.path.join(flash, "journal")))
    assert "snap.txt" in journal and any(n.startswith("evening-") for n in journal)
    # and a file where the folder should be is named, not a traceback
    result = subprocess.run([sys.executable, "-m", "tileclock_host", "sim", "--script", str(go_on), "--out",
                             str(tmp_path / "out9"), "--fs", str(go_on)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 1 and "not a folder" in result.stderr and "Traceback" not in result.stderr
