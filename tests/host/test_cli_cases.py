# Cases new users tripped on, one test each: a one-line `tileclock: ...`
# message and exit code 1 (never a traceback, nothing made), or the answer
# the user meant to get.
import os
import subprocess
import sys

import pytest

from tileclock_host import cmd_deploy
from tileclock_host.cli import main
from tileclock_host.referee import wordlist

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCENARIOS = os.path.join(ROOT, "tests", "scenarios")
BOARD_GAME = os.path.join(ROOT, "tests", "data", "referee", "sample_game.txt")
WORDSPORT_GRIDS = os.path.join(ROOT, "tests", "data", "referee", "wordsport_grids.txt")


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def fails(argv, capsys, *wanted):
    code, out, err = run(argv, capsys)
    assert code == 1, err
    assert err.startswith("tileclock: ") and len(err.splitlines()) == 1, err
    for text in wanted:
        assert text in err, err
    return err


# 1. `make deploy` with no board on USB

@pytest.fixture
def mpremote_without_ports(tmp_path):
    """The real mpremote, run with pyserial's list of serial ports emptied:
    it fails as it does with nothing plugged in ("no device found")."""
    script = tmp_path / "bin" / "mpremote"
    script.parent.mkdir()
    script.write_text("#!%s\nimport sys\nimport serial.tools.list_ports\n"
                      "serial.tools.list_ports.comports = lambda *args, **kwargs: []\n"
                      "from mpremote.main import main\nsys.exit(main())\n" % sys.executable)
    script.chmod(0o755)
    return str(script)


def test_deploy_with_no_board_says_what_to_check_and_how_to_name_a_port(mpremote_without_ports, tmp_path,
                                                                          capsys, monkeypatch):
    import serial.tools.list_ports
    wanted = ("no Pico found on USB", "data cable", "running MicroPython", "held by another program",
              "make deploy PORT=/dev/ttyACM0", "tileclock deploy --port")
    # No USB serial port at all: said before compiling anything.
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda *args, **kwargs: [])
    fails(["deploy", "--build", str(tmp_path / "build")], capsys, *wanted)
    assert not (tmp_path / "build").exists()
    # A USB port mpremote can't use (another program has it): mpremote itself
    # finds no device, and says so the same way.
    monkeypatch.setattr(cmd_deploy, "usb_boards", lambda: 1)
    real = cmd_deploy.tool
    monkeypatch.setattr(cmd_deploy, "tool",
                        lambda name: mpremote_without_ports if name == "mpremote" else real(name))
    monkeypatch.setattr(cmd_deploy, "compile_firmware", lambda build, chip: (str(tmp_path), ["main.py"]))
    err = fails(["deploy"], capsys, *wanted)
    assert "mpremote failed" not in err and "auto:" not in err


# 2. the default word list has the words players use

def test_the_default_word_list_has_the_words_of_word_games_and_says_which_it_is(capsys):
    code, out, _err = run(["words", "CAT", "QI", "XYZZY"], capsys)
    assert code == 1                                    # one word is not in the list
    assert out == "CAT yes\nQI yes\nXYZZY NOT IN THE LIST\n"
    code, out, _err = run(["words", "TILES", "PLAYED", "ZA", "XI", "qat", "Colour"], capsys)
    assert code == 0, out
    code, out, _err = run(["words", "--which"], capsys)
    assert code == 0
    words = wordlist.load()
    assert out.splitlines()[0] == "the default word list: %d words" % len(words)
    assert wordlist.DEFAULT_LIST in out and "SCOWL" in out and "SCOWL-Copyright.txt" in out
    assert os.path.exists(os.path.join(os.path.dirname(wordlist.DEFAULT_LIST), "SCOWL-Copyright.txt"))


# 3. `words` with no words

def test_words_with_no_words_is_a_usage_error(capsys):
    fails(["words"], capsys, "give the words to look up")


# 4. `board` on an empty file

def test_board_on_an_empty_file_names_the_file(tmp_path, capsys):
    (tmp_path / "empty.txt").write_text("")
    (tmp_path / "notes.txt").write_text("# the game of Tuesday\n\n")
    for name in ("empty.txt", "notes.txt"):
        err = fails(["board", str(tmp_path / name)], capsys, str(tmp_path / name) + ": no game in it")
        assert "points" not in err


# 5. `tiles` to a name that is not .pdf

def test_tiles_refuses_a_name_that_is_not_pdf(tmp_path, capsys):
    for name in ("x.txt", "x.html", "x"):
        fails(["tiles", str(tmp_path / name)], capsys, name + ": tiles writes a PDF", ".pdf")
    assert os.listdir(str(tmp_path)) == []


# 6. `grid --game wordsport` scores as Word-Sport (the games' one name
# everywhere; the older word-sport taken too)

@pytest.mark.parametrize("name", ["wordsport", "word-sport", "WordSport"])
def test_grid_for_word_sport_scores_word_sport_not_speed_scrabble(capsys, name):
    code, out, _err = run(["grid", "--game", name, WORDSPORT_GRIDS], capsys)
    assert code == 0
    assert "Speed Scrabble" not in out
    # docs/wordsport.md: 5 a word of seven or more letters (VOCALIST), 5 for one
    # grid (no: two grids and a stray word); no letter values.
    assert "words of seven or more letters: 1 word (+5); one grid: no: 3 groups of tiles" in out
    assert "Word-Sport points for the crossword: 5 " in out
    assert "tiles left over: 2 (unused Q ?)" in out
    code, out, _err = run(["grid", WORDSPORT_GRIDS], capsys)
    assert "Speed Scrabble score: 51" in out and "Word-Sport" not in out


# 7. `book standings`: what it ranks by, plurals, a missing book

def test_book_says_what_it_ranks_by_counts_in_the_singular_and_reads_no_missing_book(tmp_path, capsys,
                                                                                      monkeypatch):
    book = str(tmp_path / "book.sqlite")
    files = [os.path.join(SCENARIOS, n) for n in sorted(os.listdir(SCENARIOS)) if n.endswith(".txt")]
    assert run(["book", "--book", book, "add"] + files, capsys)[0] == 0
    code, out, _err = run(["book", "--book", book, "standings", "--game", "wordsport"], capsys)
    lines = out.splitlines()
    assert "evenings won" in lines[1] and "(ranked by evenings won, then points)" in lines
    rows = {ln.split()[0]: ln.split() for ln in lines[3:] if not ln.startswith("(")}
    # Dan has the most points (38) and won no evening: below Lee (25 points, one evening won).
    assert rows["Dan"][4] == "38" and rows["Dan"][6] == "0" and rows["Lee"][6] == "1"
    names = [ln.split()[0] for ln in lines[3:]]
    assert names.index("Lee") < names.index("Dan")
    code, out, _err = run(["book", "--book", book, "player", "Bob"], capsys)
    assert "spellsport: 1 rubber\n" in out and "1 rubbers" not in out
    assert "wordsport: 2 evenings" in out
    # Reading a book that isn't there makes none.
    missing = tmp_path / "elsewhere" / "book.sqlite"
    for action in (["standings"], ["fastest"], ["player", "Bob"], ["list"]):
        fails(["book", "--book", str(missing)] + action, capsys, str(missing) + ": no score book there",
              "tileclock book add")
    assert not (tmp_path / "elsewhere").exists()
    monkeypatch.setenv("TILECLOCK_BOOK", str(missing))
    fails(["book", "standings"], capsys, "no score book there", "--book")
    assert not (tmp_path / "elsewhere").exists()


# 8. a huge input

def test_a_huge_input_is_refused_before_it_is_read_whole(tmp_path, capsys):
    big = tmp_path / "big.txt"
    with open(str(big), "wb") as f:           # sparse: 100 MB on paper, nothing on disk
        f.truncate(100 * 1024 * 1024)
    for source in ("/dev/zero", str(big)):    # /dev/zero says its size is 0: read only to the limit
        fails(["replay", source], capsys, source + ": over 16 MB: too large for an action script")
        fails(["board", source], capsys, source + ": over 16 MB: too large for a Spell Sport game file")
        fails(["grid", source], capsys, source + ": over 16 MB: too large for a crossword")
        fails(["words", "--words", source, "cat"], capsys,
              source + ": can't read the word list: over 64 MB: too large for a word list")
    assert os.listdir(str(tmp_path)) == ["big.txt"]
    with open("/dev/zero", "rb") as zero:
        result = subprocess.run([sys.executable, "-m", "tileclock_host", "replay", "-"], stdin=zero,
                                capture_output=True, timeout=120)
    err = result.stderr.decode()
    assert result.returncode == 1 and "Traceback" not in err
    assert err == "tileclock: -: over 16 MB: too large for an action script (is it the right file?)\n"


@pytest.mark.parametrize("command", ["sheet", "export"])
def test_an_endless_input_to_the_score_tools_is_refused(command, capsys):
    code = main([command, "/dev/zero"])
    _out, err = capsys.readouterr()
    assert code == 1 and "Traceback" not in err
    assert err.startswith("tileclock: /dev/zero: over 16 MB") and err.count("\n") == 1
