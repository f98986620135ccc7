# `tileclock deploy`: the real mpy-cross on the real firmware, and the copy
# end to end into the MicroPython unix port over a pseudo-terminal
# (tests/host/ptybridge.py), which speaks the same raw REPL as a Pico.
import os
import shutil
import subprocess
import sys

import pytest
import unix_pico

from tileclock_host import cmd_deploy
from tileclock_host.firmware_build import HOST_ONLY
from tileclock_host.cli import UserError, main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")


def _sources():
    out = []
    for folder, _dirs, names in os.walk(os.path.join(ROOT, "firmware", "tileclock")):
        for name in names:
            if name.endswith(".py") and name not in HOST_ONLY:
                rel = os.path.relpath(os.path.join(folder, name), os.path.join(ROOT, "firmware"))
                out.append(rel.replace(os.sep, "/")[:-3] + ".mpy")
    return sorted(out)


def test_compile_makes_one_mpy_per_module_and_keeps_the_config_as_source(tmp_path):
    out_dir, files = cmd_deploy.compile_firmware(str(tmp_path), "rp2040")
    mpys = sorted(f for f in files if f.endswith(".mpy"))
    assert mpys == _sources()
    assert "board_config.py" in files
    for f in mpys:
        with open(os.path.join(out_dir, *f.split("/")), "rb") as fh:
            assert fh.read(2) == b"M\x06"          # .mpy version 6
    with open(os.path.join(out_dir, "board_config.py")) as a, open(os.path.join(ROOT, "firmware", "board_config.py")) as b:
        assert a.read() == b.read()


def test_compile_for_the_pico2_and_compile_only_from_the_command_line(tmp_path, capsys):
    assert main(["deploy", "--compile-only", "--pico2", "--build", str(tmp_path)]) == 0
    assert os.path.exists(tmp_path / "rp2350" / "tileclock" / "ticks.mpy")
    assert "for the rp2350" in capsys.readouterr().out


def test_a_syntax_error_is_reported_with_its_file(tmp_path):
    fw = tmp_path / "fw"
    (fw / "tileclock").mkdir(parents=True)
    (fw / "tileclock" / "__init__.py").write_text("")
    (fw / "tileclock" / "broken.py").write_text("def f(:\n    pass\n")
    with pytest.raises(UserError) as e:
        cmd_deploy.compile_firmware(str(tmp_path / "build"), "rp2040", str(fw))
    assert "tileclock/broken.py" in str(e.value)


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    """The firmware compiled once for the tests that only copy it: (out_dir, files)."""
    return cmd_deploy.compile_firmware(str(tmp_path_factory.mktemp("build")), "rp2040")


@pytest.fixture
def unix_board(tmp_path, monkeypatch):
    """A MicroPython unix port on a pseudo-terminal; its files live in tmp_path/board."""
    import ptybridge
    unix_pico.patient(monkeypatch)
    assert os.path.exists(MICROPYTHON), "the MicroPython unix port is not installed: run `make venv`"
    board = tmp_path / "board"
    board.mkdir()
    dev = str(tmp_path / "tty")
    bridge = ptybridge.start(dev, [MICROPYTHON], cwd=board)
    try:
        yield bridge.port, board
    finally:
        bridge.stop()


def test_deploy_copies_the_build_and_removes_stale_files(unix_board, build):
    dev, board = unix_board
    (board / "tileclock" / "gone").mkdir(parents=True)
    (board / "tileclock" / "ticks.py").write_text("raise ImportError('stale source')\n")  # would shadow ticks.mpy
    (board / "tileclock" / "old.mpy").write_bytes(b"M\x06old")
    (board / "tileclock" / "gone" / "x.mpy").write_bytes(b"M\x06x")
    (board / "journal.txt").write_text("kept\n")

    out_dir, files = build
    printed = cmd_deploy.deploy(out_dir, files, dev, resume=True, reset=False)

    assert "removed tileclock/ticks.py" in printed
    assert "removed tileclock/old.mpy" in printed
    assert "removed tileclock/gone/x.mpy" in printed
    assert not (board / "tileclock" / "gone").exists()
    assert (board / "journal.txt").read_text() == "kept\n"
    for f in files:
        with open(os.path.join(out_dir, *f.split("/")), "rb") as a:
            assert (board / f).read_bytes() == a.read(), f
    # and the board runs the compiled code
    out = subprocess.run([cmd_deploy.tool("mpremote"), "connect", dev, "resume", "exec",
                          "from tileclock import ticks\nprint(ticks.ticks_add(ticks.TICKS_MAX, 5))"],
                         capture_output=True, text=True, timeout=unix_pico.BOOT_SECONDS)
    assert out.stdout.strip() == "4"


# The maintenance handshake end to end: a stand-in Pico that runs the real
# main.py and app with the shipped config's watchdog (tests/host/unix_pico.py).

@pytest.fixture
def pico(tmp_path, monkeypatch):
    unix_pico.patient(monkeypatch)
    folder = tmp_path / "flash"
    folder.mkdir()
    tty, stop = unix_pico.start(folder)
    try:
        yield tty, folder
    finally:
        stop()


def test_deploy_restarts_a_board_whose_watchdog_runs_in_safe_mode_and_brings_the_clock_back(
        pico, build, capsys):
    import board_config
    from unix_pico import ask, boots, wait_for_boots
    dev, flash = pico
    wdt = "watchdog %d" % board_config.WATCHDOG_MS
    out_dir, files = build
    assert wait_for_boots(flash, 1) == ["boot"]             # first flash: no main.py, the REPL

    cmd_deploy.deploy(out_dir, files, dev, resume=True, root=".")
    assert "restarting" not in capsys.readouterr().out     # nothing to restart
    log = wait_for_boots(flash, 4)
    assert log == ["boot", "reset", "boot", wdt]            # the clock runs, watchdog on

    # Again, on a running clock with its watchdog: safe mode for the copy, then the clock.
    (flash / "tileclock" / "stale.py").write_text("raise ImportError\n")
    printed = cmd_deploy.deploy(out_dir, files, dev, resume=True, root=".")
    said = capsys.readouterr().out
    assert "watchdog is on: restarting the board in safe mode" in said
    assert "is in safe mode (no watchdog)" in said
    assert "removed tileclock/stale.py" in printed
    log = wait_for_boots(flash, 10)
    assert log[4:] == ["reset", "boot", "safe mode: maintenance", "reset", "boot", wdt]
    assert not (flash / "maintenance").exists()             # the request held for one boot

    # --no-reset leaves it in safe mode; a board in safe mode is not restarted again.
    printed = cmd_deploy.deploy(out_dir, files, dev, resume=True, reset=False, root=".")
    assert printed[-1].startswith("the board stays in safe mode")
    assert wait_for_boots(flash, 13)[10:] == ["reset", "boot", "safe mode: maintenance"]
    capsys.readouterr()
    cmd_deploy.deploy(out_dir, files, dev, resume=True, reset=False, root=".")
    assert "restarting" not in capsys.readouterr().out
    # the board has done all it was sent once it answers this: no reset came
    said = ask(dev, "import sys\nprint(sys.modules['tileclock.hal.maintenance'].safe)")
    assert said.split() == ["maintenance"], said
    assert len(boots(flash)) == 13


def _fake_runner(answers, calls):
    def run(port, args, timeout):
        calls.append(args[0] if args[0] != "exec" else args[1].rsplit("\n", 2)[-2])
        answer = answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer
    return run


def test_a_board_that_does_not_come_back_is_waited_for_a_bounded_time():
    from tileclock_host.device import maintenance
    calls = []
    clock = [0.0]

    def pass_time(s):          # the virtual clock's: no wait
        clock[0] += s

    answers = ["TCMAINT reset\n", ""] + [UserError("p: mpremote failed: no device")] * 100
    with pytest.raises(UserError) as e:
        maintenance.free_board("p", "/", _fake_runner(answers, calls), boot_seconds=5, say=lambda s: None,
                               sleep=pass_time, clock=lambda: clock[0])
    assert "did not come back from its reset within 5 s (mpremote failed: no device)" in str(e.value)
    assert "hold seat 1 while plugging it in" in str(e.value)
    assert calls[:3] == ["request('/')", "reset", "status('/')"]
    assert clock[0] <= 6


def test_the_waits_for_a_board_are_the_bounds_as_they_are_when_called(monkeypatch):
    # (the tests give a stand-in board sharing a busy machine longer ones)
    from tileclock_host.device import maintenance
    clock = [0.0]

    def pass_time(s):
        clock[0] += s

    asked = []

    def run(port, args, timeout):
        asked.append(timeout)
        return "TCMAINT reset\n" if len(asked) == 1 else ""

    monkeypatch.setattr(maintenance, "BOOT_SECONDS", 7)
    monkeypatch.setattr(maintenance, "ASK_SECONDS", 3)
    with pytest.raises(UserError) as e:
        maintenance.free_board("p", "/", run, say=lambda s: None, sleep=pass_time, clock=lambda: clock[0])
    assert "within 7 s" in str(e.value)
    assert asked[:2] == [3, 3] and max(asked) == 3


def test_a_board_that_starts_its_clock_instead_of_safe_mode_is_refused():
    from tileclock_host.device import maintenance
    calls = []
    answers = ["TCMAINT reset\n", "", UserError("p: mpremote failed: busy"), "TCMAINT app flag\n"]
    with pytest.raises(UserError) as e:
        maintenance.free_board("p", "/", _fake_runner(answers, calls), say=lambda s: None,
                               sleep=lambda s: None)
    assert "started the clock, watchdog on, instead of safe mode" in str(e.value)
    for answer, state in (("TCMAINT safe\n", "safe"), ("TCMAINT free\n", "free")):
        assert maintenance.free_board("p", "/", _fake_runner([answer], []), sleep=None) == state


# The board's .mpy version against the build's (sys.implementation._mpy:
# the version in the low byte, the sub-version and architecture above it).

def test_the_unix_port_says_its_mpy_version_and_imports_the_build(unix_board, build):
    dev, _board = unix_board
    said = cmd_deploy.board_mpy(dev)
    local = subprocess.run([MICROPYTHON, "-c", "import sys; print(sys.implementation._mpy)"],
                           capture_output=True, text=True, check=True).stdout
    assert said == int(local) and said & 0xFF == 6
    out_dir, files = build
    assert cmd_deploy.built_mpy_version(out_dir, files) == 6
    assert cmd_deploy.mpy_problem(said, 6) is None


def test_mpy_versions_that_do_not_match_say_what_to_do():
    pico_1_23 = 6 | 3 << 8 | 4 << 10           # v6.3, armv6m
    assert cmd_deploy.mpy_problem(pico_1_23, 6) is None
    assert cmd_deploy.mpy_problem(6 | 1 << 8, 6) is None    # 1.20: another sub-version, same bytecode
    older = cmd_deploy.mpy_problem(5 | 4 << 10, 6)
    assert older.startswith("the board runs MicroPython 1.12 to 1.18 (.mpy v5), which can't import "
                            "the .mpy v6 files this mpy-cross makes: flash a newer MicroPython")
    assert older.endswith("or deploy with --source to copy the .py files")
    assert "update mpy-cross" in cmd_deploy.mpy_problem(7, 6)
    assert "too old to say" in cmd_deploy.mpy_problem(0, 6)
    assert "\n" not in older


def test_a_board_that_cannot_import_the_build_gets_nothing(unix_board, build, tmp_path):
    dev, board = unix_board
    (board / "tileclock").mkdir()
    (board / "tileclock" / "ticks.py").write_text("# the board's own\n")
    out_dir, files = build
    out_dir = shutil.copytree(out_dir, str(tmp_path / "newer"))
    for f in files:                             # as a future mpy-cross would make them
        if f.endswith(".mpy"):
            path = os.path.join(out_dir, *f.split("/"))
            with open(path, "rb") as fh:
                data = bytearray(fh.read())
            data[1] = 7
            with open(path, "wb") as fh:
                fh.write(data)
    with pytest.raises(UserError) as e:
        cmd_deploy.deploy(out_dir, files, dev, resume=True, reset=False, root=".")
    assert "which can't import the .mpy v7 files this mpy-cross makes" in str(e.value)
    assert sorted(p.name for p in board.rglob("*")) == ["ticks.py", "tileclock"]   # nothing touched


def test_a_board_in_safe_mode_for_nothing_is_reset_when_the_versions_do_not_match(monkeypatch, build):
    calls = []
    monkeypatch.setattr(cmd_deploy, "free_board", lambda port, root: "reset")
    monkeypatch.setattr(cmd_deploy, "board_mpy", lambda port, resume: 5)
    monkeypatch.setattr(cmd_deploy, "_mpremote", lambda port, resume, *args, **kw: calls.append(args) or "")
    out_dir, files = build
    with pytest.raises(UserError) as e:
        cmd_deploy.deploy(out_dir, files, "p")
    assert str(e.value).startswith("p: the board runs MicroPython 1.12 to 1.18 (.mpy v5)")
    assert calls == [("reset",)]                 # the clock comes back; nothing copied


def test_deploy_source_copies_the_py_files(unix_board, tmp_path, capsys, monkeypatch):
    dev, board = unix_board
    (board / "tileclock").mkdir()
    (board / "tileclock" / "ticks.mpy").write_bytes(b"M\x06stale")
    monkeypatch.setattr(cmd_deploy, "board_mpy", lambda port, resume: 5)   # an older MicroPython
    free = cmd_deploy.free_board
    monkeypatch.setattr(cmd_deploy, "free_board", lambda port, root: free(port, "."))  # its flash: cwd
    assert main(["deploy", "--source", "--port", dev, "--build", str(tmp_path / "build"), "--resume",
                 "--no-reset"]) == 0
    said = capsys.readouterr().out
    assert "--source: copying the" in said and "removed tileclock/ticks.mpy" in said
    assert (board / "tileclock" / "ticks.py").read_bytes() == open(
        os.path.join(ROOT, "firmware", "tileclock", "ticks.py"), "rb").read()
    assert not list(board.rglob("*.mpy"))
    out = subprocess.run([cmd_deploy.tool("mpremote"), "connect", dev, "resume", "exec",
                          "from tileclock import ticks\nprint(ticks.__file__, ticks.ticks_add(ticks.TICKS_MAX, 5))"],
                         capture_output=True, text=True, timeout=unix_pico.BOOT_SECONDS)
    assert out.stdout.split() == ["tileclock/ticks.py", "4"]


# No board on USB: mpremote's "no device found" becomes what to check.

@pytest.fixture
def no_usb_board(tmp_path, monkeypatch):
    fake = tmp_path / "mpremote"
    fake.write_text("#!/bin/sh\necho 'mpremote: no device found' >&2\nexit 1\n")
    fake.chmod(0o755)
    real = cmd_deploy.tool
    monkeypatch.setattr(cmd_deploy, "tool", lambda name: str(fake) if name == "mpremote" else real(name))
    from tileclock_host import cmd_pull
    monkeypatch.setattr(cmd_pull, "_mpremote_command", lambda: [str(fake)])
    monkeypatch.setattr(cmd_deploy, "compile_firmware", lambda build, chip: (str(tmp_path), ["main.py"]))


def test_no_board_on_usb_says_what_to_check(no_usb_board, tmp_path, capsys):
    for args in (["deploy"], ["pull", "--port", "auto", "--to", str(tmp_path / "o")]):
        assert main(args) == 1
        err = capsys.readouterr().err
        assert err.startswith("tileclock: no Pico found on USB: is it plugged in, with a data cable"), err
        assert "mpremote connect list" in err and "--port" in err and len(err.splitlines()) == 1
