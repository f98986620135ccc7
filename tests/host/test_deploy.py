# `tileclock deploy`: the real mpy-cross on the real firmware, and the copy
# end to end into the MicroPython unix port over a pseudo-terminal (socat),
# which speaks the same raw REPL as a Pico.
import os
import shutil
import subprocess
import sys
import time

import pytest

from tileclock_host import cmd_deploy
from tileclock_host.cli import UserError, main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")


def _sources():
    out = []
    for folder, _dirs, names in os.walk(os.path.join(ROOT, "firmware", "tileclock")):
        for name in names:
            if name.endswith(".py"):
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


@pytest.fixture
def unix_board(tmp_path):
    """A MicroPython unix port on a pseudo-terminal; its files live in tmp_path/board."""
    if not shutil.which("socat") or not os.path.exists(MICROPYTHON):
        pytest.skip("needs socat and the MicroPython unix port")
    board = tmp_path / "board"
    board.mkdir()
    dev = str(tmp_path / "tty")
    socat = subprocess.Popen(["socat", f"PTY,link={dev},raw,echo=0", f"EXEC:{MICROPYTHON},pty,raw,echo=0"],
                             cwd=str(board))
    for _ in range(100):
        if os.path.exists(dev):
            break
        time.sleep(0.05)
    yield dev, board
    socat.terminate()
    socat.wait(5)


def test_deploy_copies_the_build_and_removes_stale_files(unix_board, tmp_path):
    dev, board = unix_board
    (board / "tileclock" / "gone").mkdir(parents=True)
    (board / "tileclock" / "ticks.py").write_text("raise ImportError('stale source')\n")  # would shadow ticks.mpy
    (board / "tileclock" / "old.mpy").write_bytes(b"M\x06old")
    (board / "tileclock" / "gone" / "x.mpy").write_bytes(b"M\x06x")
    (board / "journal.txt").write_text("kept\n")

    out_dir, files = cmd_deploy.compile_firmware(str(tmp_path / "build"), "rp2040")
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
                         capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "4"


# The maintenance handshake end to end: a stand-in Pico that runs the real
# main.py and app with the shipped config's watchdog (tests/host/unix_pico.py).

@pytest.fixture
def pico(tmp_path):
    import unix_pico
    folder = tmp_path / "flash"
    folder.mkdir()
    tty, stop = unix_pico.start(folder)
    try:
        yield tty, folder
    finally:
        stop()


def test_deploy_restarts_a_board_whose_watchdog_runs_in_safe_mode_and_brings_the_clock_back(
        pico, tmp_path, capsys):
    import board_config
    from unix_pico import boots, wait_for_boots
    dev, flash = pico
    wdt = "watchdog %d" % board_config.WATCHDOG_MS
    out_dir, files = cmd_deploy.compile_firmware(str(tmp_path / "build"), "rp2040")
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
    time.sleep(0.5)
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
    from tileclock_host import maintenance
    calls = []
    clock = [0.0]

    def sleep(s):
        clock[0] += s

    answers = ["TCMAINT reset\n", ""] + [UserError("p: mpremote failed: no device")] * 100
    with pytest.raises(UserError) as e:
        maintenance.free_board("p", "/", _fake_runner(answers, calls), boot_seconds=5, say=lambda s: None,
                               sleep=sleep, clock=lambda: clock[0])
    assert "did not come back from its reset within 5 s (mpremote failed: no device)" in str(e.value)
    assert "hold seat 1 while plugging it in" in str(e.value)
    assert calls[:3] == ["request('/')", "reset", "status('/')"]
    assert clock[0] <= 6


def test_a_board_that_starts_its_clock_instead_of_safe_mode_is_refused():
    from tileclock_host import maintenance
    calls = []
    answers = ["TCMAINT reset\n", "", UserError("p: mpremote failed: busy"), "TCMAINT app flag\n"]
    with pytest.raises(UserError) as e:
        maintenance.free_board("p", "/", _fake_runner(answers, calls), say=lambda s: None,
                               sleep=lambda s: None)
    assert "started the clock, watchdog on, instead of safe mode" in str(e.value)
    for answer, state in (("TCMAINT safe\n", "safe"), ("TCMAINT free\n", "free")):
        assert maintenance.free_board("p", "/", _fake_runner([answer], []), sleep=None) == state
