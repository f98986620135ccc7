# `tileclock pull` end to end with no hardware: real mpremote talking to the
# MicroPython unix port through a pseudo-terminal (tests/host/ptybridge.py),
# the port's working folder standing in for the board's flash.
import hashlib
import json
import os
import shutil
import sys

import pytest

from tileclock_host import cmd_pull
from tileclock_host.cli import UserError, main
from tileclock_host.scores.evening import load_file

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCENARIOS = os.path.join(ROOT, "tests", "scenarios")
BIN = os.path.dirname(sys.executable)


def scenario(name):
    return os.path.join(SCENARIOS, name)


def micropython():
    path = os.path.join(BIN, "micropython")
    return path if os.path.exists(path) else shutil.which("micropython")


def device_files(folder):
    found = {}
    for base, _dirs, files in os.walk(folder):
        for name in files:
            path = os.path.join(base, name)
            if os.path.islink(path) or name == "tty":
                continue
            with open(path, "rb") as f:
                found[os.path.relpath(path, folder).replace(os.sep, "/")] = f.read()
    return found


@pytest.fixture
def board(tmp_path, monkeypatch):
    """A MicroPython 'board' on a pseudo-terminal, its flash a folder with two games journalled."""
    import ptybridge
    import unix_pico
    unix_pico.patient(monkeypatch)
    from test_scores_evening import make_device
    assert micropython(), "the MicroPython unix port is not installed: run `make venv`"
    flash = tmp_path / "flash"
    make_device(flash, [scenario("wordsport_evening.txt"), scenario("speedscrabble_standard_match.txt")],
                cut_last=30)
    (flash / "settings.txt").write_text('{"volume": 2} *0badc0de\n')
    (flash / "journal" / "j0009.log.bad-1").write_bytes(b"kept for the host\xff\n")
    (flash / "main.py").write_text("# not pulled\n")
    tty = str(tmp_path / "tty")
    bridge = ptybridge.start(tty, [micropython()], cwd=flash)
    try:
        yield bridge.port, flash
    finally:
        bridge.stop()


def test_pull_copies_the_journal_and_settings_exactly(board, tmp_path, capsys):
    tty, flash = board
    out = tmp_path / "scores"
    assert main(["pull", "--port", tty, "--root", ".", "--to", str(out), "--name", "box"]) == 0
    said = capsys.readouterr().out
    (pulled,) = [p for p in (out / "box").iterdir()]
    assert not pulled.name.startswith(".")
    expected = device_files(str(flash))
    del expected["main.py"]
    got = device_files(str(pulled))
    manifest = json.loads(got.pop("pull.json"))
    assert got == expected          # every byte, *.bad-N included
    assert sorted(f["path"] for f in manifest["files"]) == sorted(expected)
    for f in manifest["files"]:
        assert f["size"] == len(expected[f["path"]])
        assert f["sha256"] == hashlib.sha256(expected[f["path"]]).hexdigest()
    assert manifest["name"] == "box" and manifest["platform"] == "linux"
    assert "games/0001.txt: wordsport" in said and "journal: speedscrabble, 30 actions" in said

    # The pulled evenings are the scripts' evenings (the last one cut after 30 actions).
    evenings = load_file(str(out))
    (whole,) = load_file(scenario("wordsport_evening.txt"))
    assert [e.kind for e in evenings] == ["wordsport", "speedscrabble"]
    assert evenings[0].identity == whole.identity
    assert evenings[0].device == "box"


def test_pulling_again_keeps_the_first_copy_and_the_book_counts_once(board, tmp_path, capsys):
    tty, flash = board
    out = tmp_path / "scores"
    assert main(["pull", "--port", tty, "--root", ".", "--to", str(out), "--name", "box"]) == 0
    assert main(["pull", "--port", tty, "--root", ".", "--to", str(out), "--name", "box"]) == 0
    assert len(list((out / "box").iterdir())) == 2
    book = tmp_path / "book.sqlite"
    capsys.readouterr()
    assert main(["book", "--book", str(book), "add", str(out)]) == 0
    assert "2 added, 0 updated, 2 already there" in capsys.readouterr().out


def test_an_empty_board_or_a_wrong_root_says_so(board, tmp_path, capsys):
    tty, _flash = board
    assert main(["pull", "--port", tty, "--root", "./nothing-here", "--to", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err
    assert "no journal or settings under ./nothing-here" in err and "Traceback" not in err
    assert not (tmp_path / "o").exists()


def test_no_board_on_the_port_is_a_user_error(tmp_path, capsys):
    port = str(tmp_path / "no-such-port")
    assert main(["pull", "--port", port, "--to", str(tmp_path / "o"), "--timeout", "20"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tileclock: %s: mpremote failed" % port) and "Traceback" not in err


# The checking, without a board: a copy that comes out wrong is fetched again,
# and a pull that cannot be made right leaves nothing behind.

FILES = {"settings.txt": b"{} *00000000\n", "journal/j0001.log": b"1 game wordsport *8d1d2b6c\n"}


def _listing():
    return {"device": "e6614104035f2a2f", "platform": "rp2",
            "files": [[p, len(b), hashlib.sha256(b).hexdigest()] for p, b in sorted(FILES.items())]}


def _fake_copy(bad_rounds):
    calls = []

    def copy(port, root, files, folder, timeout):
        calls.append([f[0] for f in files])
        for rel, _size, _digest in files:
            path = os.path.join(folder, *rel.split("/"))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            data = FILES[rel]
            if len(calls) <= bad_rounds and rel.startswith("journal"):
                data = data[:-3] + b"XX\n"      # same size, other bytes
            with open(path, "wb") as f:
                f.write(data)
    return copy, calls


def _no_board(monkeypatch, said):
    monkeypatch.setattr(cmd_pull, "free_board", lambda port, root: said.append("free") or "free")
    monkeypatch.setattr(cmd_pull, "reset_board", lambda port: said.append("reset"))


def test_a_bad_copy_is_fetched_again(tmp_path, monkeypatch, capsys):
    said = []
    _no_board(monkeypatch, said)
    copy, calls = _fake_copy(1)
    monkeypatch.setattr(cmd_pull, "list_device", lambda port, root, timeout: _listing())
    monkeypatch.setattr(cmd_pull, "copy_files", copy)
    assert main(["pull", "--port", "fake", "--to", str(tmp_path)]) == 0
    assert calls == [["journal/j0001.log", "settings.txt"], ["journal/j0001.log"]]
    (pulled,) = (tmp_path / "e6614104035f2a2f").iterdir()
    assert (pulled / "journal" / "j0001.log").read_bytes() == FILES["journal/j0001.log"]
    assert json.loads((pulled / "pull.json").read_text())["device"] == "e6614104035f2a2f"
    assert said == ["free", "reset"]            # the board is reset when the copy is done


def test_a_copy_that_stays_wrong_leaves_nothing(tmp_path, monkeypatch, capsys):
    said = []
    _no_board(monkeypatch, said)
    copy, calls = _fake_copy(2)
    monkeypatch.setattr(cmd_pull, "list_device", lambda port, root, timeout: _listing())
    monkeypatch.setattr(cmd_pull, "copy_files", copy)
    assert main(["pull", "--port", "fake", "--to", str(tmp_path)]) == 1
    assert "1 file(s) differ from the board's after two tries: journal/j0001.log" in capsys.readouterr().err
    assert os.listdir(str(tmp_path / "e6614104035f2a2f")) == []


def test_the_device_listing_is_read_from_mpremote_output(monkeypatch):
    monkeypatch.setattr(cmd_pull, "mpremote",
                        lambda port, args, timeout: "junk\n" + cmd_pull.MARK + json.dumps(_listing()) + "\n")
    assert cmd_pull.list_device("p", "/", 5)["device"] == "e6614104035f2a2f"
    monkeypatch.setattr(cmd_pull, "mpremote", lambda port, args, timeout: "Traceback: oops\n")
    with pytest.raises(UserError) as err:
        cmd_pull.list_device("p", "/", 5)
    assert "could not be read: Traceback: oops" in str(err.value)


# With the watchdog on: a stand-in Pico running the real main.py and app
# (tests/host/unix_pico.py), deployed first.

def _pulled_files(folder):
    return {k: v for k, v in device_files(folder).items()
            if k == "settings.txt" or k.startswith(("journal/", "games/", "journal.new/"))}


def test_pull_from_a_clock_with_its_watchdog_on_goes_through_safe_mode_and_back(tmp_path, capsys, monkeypatch):
    import board_config
    import unix_pico
    from test_scores_evening import make_device
    unix_pico.patient(monkeypatch)

    from tileclock_host import cmd_deploy
    flash = tmp_path / "flash"
    make_device(flash, [scenario("wordsport_evening.txt")])
    tty, stop = unix_pico.start(flash)
    try:
        wdt = "watchdog %d" % board_config.WATCHDOG_MS
        out_dir, files = cmd_deploy.compile_firmware(str(tmp_path / "build"), "rp2040")
        unix_pico.wait_for_boots(flash, 1)
        cmd_deploy.deploy(out_dir, files, tty, resume=True, root=".")
        assert unix_pico.wait_for_boots(flash, 4)[1:] == ["reset", "boot", wdt]   # the clock runs
        out = tmp_path / "scores"
        capsys.readouterr()
        assert main(["pull", "--port", tty, "--root", ".", "--to", str(out), "--name", "box"]) == 0
        said = capsys.readouterr().out
        assert "restarting the board in safe mode" in said and "the clock comes back" in said
        assert unix_pico.wait_for_boots(flash, 10)[4:] == [
            "reset", "boot", "safe mode: maintenance", "reset", "boot", wdt]
        (pulled,) = list((out / "box").iterdir())
        got = device_files(str(pulled))
        del got["pull.json"]
        assert got and got == _pulled_files(str(flash))   # as the flash is, byte for byte
        assert "journal: wordsport" in said

        # --no-reset: the board stays in safe mode, and the next pull finds it so
        assert main(["pull", "--port", tty, "--root", ".", "--to", str(out), "--name", "box",
                     "--no-reset"]) == 0
        assert "stays in safe mode" in capsys.readouterr().out
        assert unix_pico.wait_for_boots(flash, 13)[10:] == ["reset", "boot", "safe mode: maintenance"]
        assert main(["pull", "--port", tty, "--root", ".", "--to", str(out), "--name", "box"]) == 0
        said = capsys.readouterr().out
        assert "restarting" not in said
        assert unix_pico.wait_for_boots(flash, 16)[13:] == ["reset", "boot", wdt]
        assert len(list((out / "box").iterdir())) == 3
        assert not (flash / "maintenance").exists()
    finally:
        stop()


# No --port: mpremote finds the board (`connect auto`), as deploy does.

def test_pull_without_a_port_finds_the_board_as_deploy_does(tmp_path, monkeypatch, capsys):
    said = []
    ports = []
    monkeypatch.setattr(cmd_pull, "_usb_boards", lambda: 1)
    monkeypatch.setattr(cmd_pull, "free_board", lambda port, root: ports.append(port) or "free")
    monkeypatch.setattr(cmd_pull, "reset_board", lambda port: said.append("reset"))
    monkeypatch.setattr(cmd_pull, "list_device", lambda port, root, timeout: ports.append(port) or _listing())
    copy, _calls = _fake_copy(0)
    monkeypatch.setattr(cmd_pull, "copy_files", copy)
    assert main(["pull", "--to", str(tmp_path)]) == 0
    assert ports == ["auto", "auto"] and said == ["reset"]
    assert "auto: the board restarts" in capsys.readouterr().out


def test_pull_without_a_port_and_no_usb_board_says_what_to_check(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(cmd_pull, "_usb_boards", lambda: 0)
    monkeypatch.setattr(cmd_pull, "free_board", lambda port, root: pytest.fail("mpremote was run"))
    assert main(["pull", "--to", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err
    assert err == "tileclock: %s\n" % cmd_pull.NO_BOARD
    assert not (tmp_path / "o").exists()


def test_a_port_and_a_drive_together_are_refused(tmp_path, capsys):
    assert main(["pull", "--port", "COM3", "--drive", str(tmp_path), "--to", str(tmp_path / "o")]) == 1
    assert "not both" in capsys.readouterr().err
