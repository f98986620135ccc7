# The simulated board: the same behaviour on CPython and on MicroPython,
# a virtual clock across the wrap, scripted buttons, frames to PNG.
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")

# A little loop like the app's: poll every 10 ms, beep and redraw on events.
SCENARIO = r'''
import sys
sys.path.insert(0, "firmware")
sys.path.insert(0, "host_tools")
from tileclock import ticks
from tileclock import cues
from tileclock import events
from tileclock_host.boards.simboard import SimBoard

def run(kind):
    board = SimBoard(seats=4, display=kind, start_ms=ticks.TICKS_MAX - 1500, fs_root="/tmp")
    start = board.ticks_ms()
    board.tap(2, ticks.ticks_add(start, 100))
    board.hold(4, ticks.ticks_add(start, 1000), 2000)     # crosses the wrap
    board.tap(1, ticks.ticks_add(start, 1200), 5)          # too short: no event
    seen = []
    count = 0
    for _ in range(400):
        now = board.ticks_ms()
        while True:
            e = board.buttons.poll(now)
            if not e:
                break
            seen.append((ticks.ticks_diff(now, start), e))
            count += 1
            board.buzzer.play(cues.TAKE_ONE if events.kind_of(e) == events.PRESS else cues.WIN, now)
            board.display.fill(0)
            board.display.text("seat %d  %d" % (events.seat_of(e), count), 0, 28, 1)
        board.buzzer.update(now)
        board.display.show()
        board.feed_watchdog()
        board.sleep_ms(10)
    print("events", seen)
    print("log", [(ticks.ticks_diff(t, start), c, n) for t, c, n in board.buzzer.log])
    print("bytes", board.display.bytes_sent, "feeds", board.feeds, "pending", board.pending())
    print("now", board.ticks_ms())
    print("frame", "".join("%02x" % b for b in board.frame()))
    print("glass", bytes(board.frame()) == bytes(board.display.buffer))

run("ssd1306")
run("sh1106")
'''


def _run(exe):
    return subprocess.run([exe, "-c", SCENARIO], cwd=ROOT, capture_output=True, text=True, check=True).stdout


def test_the_simboard_scenario_gives_the_expected_events():
    out = _run(sys.executable).splitlines()
    # tap at 100 (level seen at 100, settles at 120), released at 180 (settles 200)
    # hold from 1000: HOLD at 1900, released at 3000 (settles 3020): LONG
    assert out[0] == "events [(200, 18), (1900, 52), (3020, 36)]"  # PRESS|2, HOLD|4, LONG|4
    assert out[1] == ("log [(200, 3, (1319, 40, 1760, 60)), (1900, 6, (1047, 120, 1319, 120, 1568, 120, 2093, 350)),"
                      " (3020, 6, (1047, 120, 1319, 120, 1568, 120, 2093, 350))]")
    assert out[2].startswith("bytes ") and out[2].endswith("feeds 400 pending 0")
    assert out[3] == "now %d" % ((2**30 - 1 - 1500 + 4000) % 2**30)
    assert out[5] == "glass True"
    assert out[11] == "glass True"


def test_the_simboard_runs_the_same_on_micropython():
    assert _run(MICROPYTHON) == _run(sys.executable)


def test_the_virtual_clock_wraps_like_the_pico():
    from tileclock import ticks
    from tileclock_host.boards.simboard import SimBoard

    board = SimBoard(start_ms=ticks.TICKS_MAX - 5)
    t0 = board.ticks_ms()
    board.sleep_ms(10)
    assert board.ticks_ms() == 4
    assert ticks.ticks_diff(board.ticks_ms(), t0) == 10
    assert board.slept_ms == 10
    assert os.path.isdir(board.fs_root)


def test_scripted_levels_apply_at_their_ticks_in_order():
    from tileclock_host.boards.simboard import PRESSED, RELEASED, SimBoard

    board = SimBoard(seats=2)
    board.release(1, 50)
    board.press(1, 20)
    board.press(2)                 # now
    assert list(board.levels) == [RELEASED, PRESSED]
    board.sleep_ms(19)
    assert board.levels[0] == RELEASED
    board.sleep_ms(1)
    assert board.levels[0] == PRESSED
    board.sleep_ms(100)
    assert board.levels[0] == RELEASED
    with pytest.raises(ValueError):
        board.press(3)


def test_frame_to_png_draws_the_glass(tmp_path):
    from PIL import Image

    from tileclock_host.frames import frame_to_png
    from tileclock_host.boards.simboard import SimBoard

    board = SimBoard(display="sh1106")
    board.display.fill_rect(0, 0, 2, 1, 1)
    board.display.pixel(127, 63, 1)
    board.display.show()
    path = frame_to_png(board.frame(), str(tmp_path / "f.png"), scale=3)
    image = Image.open(path).convert("RGB")
    assert image.size == (384, 192)
    assert image.getpixel((0, 0)) != (0, 0, 0)
    assert image.getpixel((4, 1)) != (0, 0, 0)
    assert image.getpixel((7, 0)) == (0, 0, 0)
    assert image.getpixel((383, 191)) != (0, 0, 0)
    assert image.getpixel((380, 185)) == (0, 0, 0)


def test_from_config_takes_seats_and_display_from_board_config():
    import board_config

    from tileclock_host.boards.simboard import from_config

    board = from_config()
    assert board.buttons.seats == len(board_config.SEAT_PINS)
    assert type(board.display).__name__ == board_config.DISPLAY.upper()
