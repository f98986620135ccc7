# Every command against the files a careless user gives it: a clear
# `tileclock: FILE: ...` message and a non-zero exit, never a traceback, and
# nothing lost (no half-written output, no input overwritten, no other
# program's database changed).
import os
import pty
import sqlite3
import subprocess
import sys
import time

import pytest

from tileclock_host import cmd_deploy, cmd_pull
from tileclock_host.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCENARIO = os.path.join(ROOT, "tests", "scenarios", "wordsport_evening.txt")
BOARD_GAME = os.path.join(ROOT, "tests", "data", "referee", "sample_game.txt")
GRID = os.path.join(ROOT, "tests", "data", "referee", "speed_take_two.txt")
SHEET_JSON = os.path.join(ROOT, "tests", "data", "scores", "wordsport_evening.json")
WORDS = ["--words", os.path.join(ROOT, "host_tools", "tileclock_host", "data", "extra_words.txt")]


def script_text():
    with open(SCENARIO, encoding="utf-8") as f:
        return f.read()


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def fails(argv, capsys, *wanted):
    code, _out, err = run(argv, capsys)
    assert code == 1, err
    assert err.startswith("tileclock: "), err
    for text in wanted:
        assert text in err, err
    return err


# -- reading input files --

def test_replay_reports_an_empty_file_without_a_line_0(tmp_path, capsys):
    (tmp_path / "e.txt").write_text("")
    err = fails(["replay", str(tmp_path / "e.txt")], capsys, "no 'game KIND' line")
    assert "line 0" not in err


def test_replay_names_the_line_of_latin1_bytes_and_a_folder(tmp_path, capsys):
    (tmp_path / "l.txt").write_bytes("game wordsport\n0 seat 1 Ren\xe9e\n".encode("latin-1"))
    fails(["replay", str(tmp_path / "l.txt")], capsys, "l.txt: line 2: not UTF-8 text")
    fails(["replay", str(tmp_path)], capsys, "is a folder, not a file",
          "`tileclock sheet` and `tileclock export` read folders")


@pytest.mark.parametrize("encode", [
    lambda t: t.replace("\n", "\r\n").encode("utf-8"),          # Windows line ends
    lambda t: b"\xef\xbb\xbf" + t.encode("utf-8"),              # UTF-8 with a byte-order mark
    lambda t: t.encode("utf-16"),                               # Notepad's "Unicode"
])
def test_windows_files_read_like_the_plain_one(tmp_path, capsys, encode):
    (tmp_path / "w.txt").write_bytes(encode(script_text()))
    assert main(["replay", SCENARIO]) == 0
    plain = capsys.readouterr().out
    assert main(["replay", str(tmp_path / "w.txt")]) == 0
    assert capsys.readouterr().out == plain
    assert main(["export", str(tmp_path / "w.txt")]) == 0
    assert capsys.readouterr().out.startswith("evening,")


def test_referee_files_and_word_lists_with_a_byte_order_mark(tmp_path, capsys):
    for src in (BOARD_GAME, GRID):
        with open(src, "rb") as f:
            (tmp_path / "bom.txt").write_bytes(b"\xef\xbb\xbf" + f.read())
        command = "board" if src == BOARD_GAME else "grid"
        code, out, _err = run([command, str(tmp_path / "bom.txt")], capsys)
        assert code == 0 and out
    (tmp_path / "list.txt").write_bytes(b"\xef\xbb\xbfcat\r\ndog\r\n")
    code, out, _err = run(["words", "--words", str(tmp_path / "list.txt"), "cat", "dog"], capsys)
    assert code == 0 and out == "cat yes\ndog yes\n"


@pytest.mark.parametrize("command", ["replay", "board", "grid"])
def test_binary_on_stdin_is_not_a_traceback(command):
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict")
    result = subprocess.run([sys.executable, "-m", "tileclock_host", command, "-"] + (WORDS if command != "replay"
                                                                                       else []),
                            input=b"\x89PNG\r\n\x1a\n\x00\xff" * 20, capture_output=True, env=env, timeout=120)
    err = result.stderr.decode()
    assert result.returncode == 1 and "Traceback" not in err
    assert err.startswith("tileclock: -") and "not UTF-8 text" in err


def test_an_empty_word_list_is_an_error(tmp_path, capsys):
    (tmp_path / "none.txt").write_text("# nothing yet\n")
    fails(["words", "--words", str(tmp_path / "none.txt"), "cat"], capsys, "none.txt: no words in the word list")
    fails(["words", "--words", str(tmp_path), "cat"], capsys, "it is a folder, not a file")


# -- a file for another command --

def test_each_command_names_the_command_for_a_file_of_another_kind(tmp_path, capsys):
    fails(["replay", BOARD_GAME], capsys, "tileclock board reads it")
    fails(["replay", GRID], capsys, "tileclock grid reads it")
    fails(["replay", SHEET_JSON], capsys, "tileclock sheet or export read it")
    fails(["board", SCENARIO] + WORDS, capsys, "tileclock replay, sheet or export read it")
    fails(["grid", BOARD_GAME] + WORDS, capsys, "not a crossword", "tileclock board reads it")
    fails(["grid", SCENARIO] + WORDS, capsys, "not a crossword", "tileclock replay")
    fails(["export", BOARD_GAME], capsys, "not an action script", "tileclock board reads it")


def test_sheet_export_and_book_name_the_line_of_a_latin1_script(tmp_path, capsys):
    (tmp_path / "l.txt").write_bytes(script_text().replace("Ann", "Ren\xe9e").encode("latin-1"))
    for argv in (["export"], ["sheet"], ["book", "--book", str(tmp_path / "b.sqlite"), "add"]):
        err = fails(argv + [str(tmp_path / "l.txt")], capsys, "not UTF-8 text")
        assert "l.txt: line " in err


# -- huge lines --

def test_a_huge_line_gives_a_short_message_quickly(tmp_path, capsys):
    (tmp_path / "word.txt").write_text("A" * 1000000 + "\n")
    start = time.monotonic()
    err = fails(["board", str(tmp_path / "word.txt")] + WORDS, capsys, "word.txt, line 1:")
    assert len(err) < 1000
    fails(["grid", str(tmp_path / "word.txt")] + WORDS, capsys, "wider or taller than")
    (tmp_path / "rack.txt").write_text("rack across " + "AD " * 1000000 + "\n")
    fails(["board", str(tmp_path / "rack.txt")] + WORDS, capsys, "1000000 tiles: the whole set has 338")
    (tmp_path / "play.txt").write_text("play across " + "WO aM across, " * 100000 + "\n")
    fails(["board", str(tmp_path / "play.txt")] + WORDS, capsys, "100000 tiles: the whole set has 338")
    assert time.monotonic() - start < 30


# -- journals --

def make_device(root, folds=False):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from test_scores_evening import make_device as make
    make(root, [SCENARIO], folds=folds)


def _garble(folder):
    for name in os.listdir(str(folder)):
        if not name.startswith("evening-"):
            (folder / name).write_bytes(b"\xff\x00 garbled\n")


def test_a_folder_with_no_evening_fails_sheet_export_and_book_alike(tmp_path, capsys):
    # a journal whose every file is garbled, the device folder or pull tree
    # around it, one of its files, and a device with no game yet: one line
    # saying why and exit 1 from each, no output, no book made
    make_device(tmp_path / "box")
    _garble(tmp_path / "box" / "journal")
    (tmp_path / "fresh" / "journal").mkdir(parents=True)     # a device with no game journalled yet
    (tmp_path / "fresh" / "settings.txt").write_text("{}")
    unreadable = "no evening could be read: "
    cases = [(tmp_path / "box", unreadable + "journal: "), (tmp_path / "box" / "journal", unreadable),
             (tmp_path / "box" / "journal" / "snap.txt", unreadable),
             (tmp_path / "fresh", "no evening in it"), (tmp_path, unreadable + "box/journal: ")]
    for path, wanted in cases:
        for argv in (["sheet", "-o", str(tmp_path / "s.html")], ["export"],
                     ["book", "--book", str(tmp_path / "b.sqlite"), "add"]):
            code, out, err = run(argv + [str(path)], capsys)
            assert code == 1, (argv, path, out, err)
            assert err.count("\n") == 1 and err.startswith("tileclock: %s: %s" % (path, wanted)), (argv, err)
            assert "moved aside" not in err             # the host reads a journal, never repairs it
            assert out == "", (argv, out)
    assert not (tmp_path / "s.html").exists() and not (tmp_path / "b.sqlite").exists()


def test_files_set_aside_by_the_device_are_mentioned_and_left_alone(tmp_path, capsys):
    make_device(tmp_path / "box")
    folder = tmp_path / "box" / "journal"
    (folder / "j0001.log.bad-1").write_bytes(b"\xff\x00 damaged\n")
    before = sorted(os.listdir(str(folder)))
    code, out, err = run(["export", str(tmp_path / "box")], capsys)
    assert code == 0 and out.startswith("evening,")
    assert "set aside as damaged, not read: j0001.log.bad-1" in err
    assert sorted(os.listdir(str(folder))) == before


def test_a_truncated_segment_warns_that_nothing_is_moved(tmp_path, capsys):
    make_device(tmp_path / "box")
    folder = tmp_path / "box" / "journal"
    # (a journal whose round just closed has its history in the snapshot)
    first = (sorted(n for n in os.listdir(str(folder)) if n.endswith(".log")) + ["snap.txt"])[0]
    (folder / first).write_bytes((folder / first).read_bytes()[:-40])
    code, out, err = run(["export", str(tmp_path / "box")], capsys)
    assert "warning" in err and "moved aside" not in err
    assert first in os.listdir(str(folder))            # read, never renamed


def test_a_folder_inside_a_journal_is_named(tmp_path, capsys):
    make_device(tmp_path / "box")
    (tmp_path / "box" / "journal" / "j0099.log").mkdir()
    code, out, err = run(["export", str(tmp_path / "box")], capsys)
    assert code == 0 and out.startswith("evening,")     # the evening, read
    assert "warning" in err and "folder j0099.log, not read" in err


def _damaged_journals(folder, count, seed=8):
    """`count` ways to damage the journal in `folder`, each a function that
    damages a copy: bits flipped, a byte that isn't UTF-8, a file cut short or
    gone, a stray file or folder with a journal's name."""
    import random
    rng = random.Random(seed)
    names = sorted(n for n in os.listdir(str(folder)) if os.path.getsize(str(folder / n)))
    cases = []
    for i in range(count):
        name = names[i % len(names)]
        kind = i % 6
        at = rng.random()
        bit = 1 << rng.randrange(8)

        odd = i // 6 % 2

        def damage(copy, kind=kind, name=name, at=at, bit=bit, odd=odd):
            path = copy / name
            data = bytearray(path.read_bytes())
            where = int(at * len(data))
            if kind == 0:
                data[where] ^= bit
            elif kind == 1:
                data[where] = 0xff
            elif kind == 2:
                data = data[:where]
            elif kind == 3:
                os.remove(str(path))
                return
            elif kind == 4:
                (copy / ("j0999.log" if odd else "f0999.txt")).mkdir()
            else:
                (copy / ("j12.log" if odd else "snap.tmp")).write_bytes(bytes(data[:40]) + b"\xfe\xff")
            path.write_bytes(bytes(data))
        cases.append(damage)
    return cases


def test_damaged_journals_give_warnings_or_one_line_errors_and_are_left_as_they_were(tmp_path, capsys):
    import shutil
    make_device(tmp_path / "box", folds=True)
    folder = tmp_path / "box" / "journal"
    assert any(n.startswith("f") for n in os.listdir(str(folder)))     # the evening has folded rounds
    commands = (["sheet", "-o", str(tmp_path / "out.html")], ["export", "-o", str(tmp_path / "out.csv")],
                ["replay"], ["book", "--book", str(tmp_path / "book.sqlite"), "add"])
    read = 0
    for i, damage in enumerate(_damaged_journals(folder, 36)):
        copy = tmp_path / ("copy%d" % i) / "journal"
        shutil.copytree(str(folder), str(copy))
        damage(copy)
        before = {n: (copy / n).read_bytes() if (copy / n).is_file() else None for n in os.listdir(str(copy))}
        for argv in commands:
            code, out, err = run(argv + [str(copy)], capsys)
            assert code in (0, 1), (i, argv, err)
            for line in err.splitlines():
                assert line.startswith("tileclock: ") or "warning" in line, (i, argv, err)
            read += code == 0
        after = {n: (copy / n).read_bytes() if (copy / n).is_file() else None for n in os.listdir(str(copy))}
        assert after == before, i                  # the host reads a journal, never repairs it
    assert read > 36                               # most damage loses part of an evening, not all of it


# -- output files --

def test_an_output_in_a_missing_folder_or_a_folder_says_so(tmp_path, capsys):
    missing = str(tmp_path / "no" / "x")
    fails(["export", SCENARIO, "-o", missing + ".csv"], capsys, "the folder", "does not exist")
    fails(["sheet", SCENARIO, "-o", missing + ".pdf"], capsys, "does not exist")
    fails(["tiles", missing + ".pdf"], capsys, "does not exist")
    fails(["export", SCENARIO, "-o", str(tmp_path), "--format", "csv"], capsys, "is a folder")
    assert not (tmp_path / "no").exists()


def test_an_output_never_overwrites_its_input(tmp_path, capsys):
    copy = tmp_path / "sheet.json"
    with open(SHEET_JSON, "rb") as f:
        data = f.read()
    copy.write_bytes(data)
    fails(["export", str(copy), "-o", str(copy)], capsys, "is also the input")
    assert copy.read_bytes() == data


def test_replacing_an_output_file_is_said(tmp_path, capsys):
    out = str(tmp_path / "x.csv")
    code, _out, err = run(["export", SCENARIO, "-o", out], capsys)
    assert code == 0 and "replaced" not in err
    code, _out, err = run(["export", SCENARIO, "-o", out], capsys)
    assert code == 0 and "x.csv: replaced the file that was there" in err


def test_ctrl_c_while_writing_leaves_the_old_file_and_no_half_file(tmp_path, capsys, monkeypatch):
    from tileclock_host.scores import html
    out = tmp_path / "s.html"
    out.write_text("the earlier sheet")

    def interrupted(pages, path, title=""):
        with open(path, "w") as f:
            f.write("<html>half")
        raise KeyboardInterrupt

    monkeypatch.setattr(html, "render", interrupted)
    code, _out, err = run(["sheet", SCENARIO, "-o", str(out)], capsys)
    assert code == 130 and "interrupted" in err
    assert out.read_text() == "the earlier sheet"
    assert os.listdir(str(tmp_path)) == ["s.html"]


# -- the score book --

def test_another_programs_sqlite_file_is_left_alone(tmp_path, capsys):
    path = str(tmp_path / "other.db")
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (x)")
    db.commit()
    db.close()
    fails(["book", "--book", path, "add", SCENARIO], capsys, "not a tileclock score book",
          "another program, with tables notes")
    db = sqlite3.connect(path)
    assert [r[0] for r in db.execute("SELECT name FROM sqlite_master")] == ["notes"]
    db.close()


def test_a_book_that_is_not_sqlite_or_a_folder(tmp_path, capsys):
    (tmp_path / "b.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 200)
    fails(["book", "--book", str(tmp_path / "b.png"), "list"], capsys, "not a tileclock score book")
    assert (tmp_path / "b.png").read_bytes().startswith(b"\x89PNG")
    fails(["book", "--book", str(tmp_path), "list"], capsys, "is a folder")


def test_a_locked_book_says_another_program_has_it(tmp_path, capsys):
    path = str(tmp_path / "b.sqlite")
    assert main(["book", "--book", path, "add", SCENARIO]) == 0
    capsys.readouterr()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        fails(["book", "--book", path, "add", SCENARIO], capsys, "in use by another program (locked)")
    finally:
        holder.execute("ROLLBACK")
        holder.close()


# -- ports --

def test_a_port_that_does_not_exist(tmp_path, capsys):
    port = str(tmp_path / "ttyACM9")
    fails(["pull", "--port", port, "--to", str(tmp_path / "o")], capsys, "no such port")
    fails(["deploy", "--port", port, "--build", str(tmp_path / "build")], capsys, "no such port")
    assert not (tmp_path / "build").exists()   # failed before compiling
    assert not (tmp_path / "o").exists()


@pytest.fixture
def silent_port():
    """A serial port with nothing answering behind it."""
    master, slave = pty.openpty()
    yield os.ttyname(slave)
    os.close(master)
    os.close(slave)


def test_a_port_with_no_board_fails_within_the_probe_time(silent_port, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cmd_pull, "PROBE_SECONDS", 3)
    monkeypatch.setattr(cmd_deploy, "PROBE_SECONDS", 3)
    start = time.monotonic()
    fails(["pull", "--port", silent_port, "--to", str(tmp_path / "o")], capsys, "no answer from the board in 3 s")
    fails(["deploy", "--port", silent_port, "--build", str(tmp_path / "build")], capsys,
          "no answer from the board in 3 s")
    # (the messages say the 3 s probe gave up; the bound only catches a
    # command that waits on, and is minutes, for a busy machine)
    assert time.monotonic() - start < 300
    assert not (tmp_path / "o").exists()


def test_deploy_failure_is_one_line_not_the_script(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cmd_deploy, "compile_firmware", lambda build, chip: (str(tmp_path), ["main.py"]))
    err = fails(["deploy", "--port", "COM99"], capsys, "COM99: mpremote failed")
    assert len(err.splitlines()) == 1 and "WANTED" not in err


# -- the command line itself --

def test_unknown_options_and_ctrl_c(capsys, monkeypatch):
    with pytest.raises(SystemExit) as e:
        main(["replay", "--frob", SCENARIO])
    assert e.value.code == 2
    assert "unrecognized arguments: --frob" in capsys.readouterr().err
    from tileclock_host import cmd_replay

    def stop(args):
        raise KeyboardInterrupt
    monkeypatch.setattr(cmd_replay, "run", stop)
    code, _out, err = run(["replay", SCENARIO], capsys)
    assert code == 130 and err == "tileclock: interrupted\n"
