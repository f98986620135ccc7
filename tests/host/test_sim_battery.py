# The box on batteries in the simulator (tests/sim/battery_low.txt, and
# scripts made here): the level shown, the low warning said once during a
# Word-Sport round that goes on, nothing on USB, the cells' state across a
# power cut.
import json
import os

import pytest

from tileclock_host.sim.script import Runner, SimScriptError, parse, read_lines

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIM = os.path.join(ROOT, "tests", "sim")


def _run(lines, out):
    summary = Runner(parse(lines), str(out)).run()
    with open(os.path.join(str(out), "cues.txt")) as f:
        cues = [line.split()[1] for line in f.read().splitlines()]
    with open(os.path.join(str(out), "log.txt")) as f:
        log = f.read()
    return summary, cues, log


def test_the_low_warning_comes_once_in_a_round_that_goes_on(tmp_path):
    summary, cues, log = _run(read_lines(os.path.join(SIM, "battery_low.txt")), tmp_path)
    assert summary["failures"] == [] and summary["errors"] == 0
    assert cues.count("BATTERY") == 1
    assert log.count("banner battery low: about a round left") == 1
    assert summary["screen"] == "WsPlay"
    with open(os.path.join(str(tmp_path), "sheet.json")) as f:
        assert json.load(f) is not None


START = ["seats 2", "battery alkaline 3", "set game wordsport", "set players 2",
         "0.5 press 2", "+1 press 1"]


def test_empty_follows_low_and_neither_repeats(tmp_path):
    lines = START + ["+1 battery 3.05", "+20 battery 3.0", "+20 battery 2.8", "+60 battery 2.75", "+60 end"]
    summary, cues, log = _run(lines, tmp_path)
    assert summary["errors"] == 0
    assert cues.count("BATTERY") == 2
    assert log.count("banner battery low") == 1 and log.count("banner battery empty: plug in USB now") == 1


def test_on_usb_flat_cells_never_warn(tmp_path):
    lines = START + ["+1 usb on", "+1 battery 2.0", "+120 end"]
    summary, cues, log = _run(lines, tmp_path)
    assert "BATTERY" not in cues and "battery" not in log


def test_a_power_cut_keeps_the_cells_as_drained_and_warns_again_after_it(tmp_path):
    # a new boot is a new box to the table: the warning is said again
    lines = START + ["+1 battery 3.05", "+20 reboot", "+20 end"]
    summary, cues, log = _run(lines, tmp_path)
    assert cues.count("BATTERY") == 2 and summary["errors"] == 0


@pytest.mark.parametrize("line, said", [
    ("battery lead 3", "battery KIND CELLS: kind one of alkaline, li-ion, nimh"),
    ("1 battery 3.9", "battery VOLTS needs the set-up line battery KIND CELLS first"),
    ("1 usb on", "usb on|off needs the set-up line battery KIND CELLS first"),
])
def test_a_wrong_battery_line_is_explained(line, said):
    with pytest.raises(SimScriptError) as e:
        parse(["seats 2", line])
    assert said in str(e.value)


@pytest.mark.parametrize("sleep", [0, 5])
def test_an_hour_untouched_on_cells_says_so_and_switches_off(tmp_path, sleep):
    from tileclock.app import OFF
    lines = ["seats 2", "battery alkaline 3", "set game wordsport", "set sleep %d" % sleep,
             "3599 note before", "+2 expect banner \"switching off\"", "+10 note after"]
    runner = Runner(parse(lines), str(tmp_path))
    runner.run_until(3599000)
    assert runner.app.rest != OFF
    runner.run_until(3601000)
    panel = runner.board.panel
    assert runner.app.rest == OFF and panel.on and panel.contrast == 255    # said on a lit screen
    runner.run_until(3611000)
    assert not panel.on and runner.app.poll_ms == 500
    runner.board.tap(1)                 # any seat wakes it
    runner.run_until(3612000)
    runner.run_until(3612500)
    assert runner.app.rest == 0 and panel.on and runner.app.manager.screen.cursor == 0
    summary = runner.finish()
    assert summary["errors"] == 0


def test_on_usb_an_hour_untouched_only_dims_and_darkens(tmp_path):
    from tileclock.app import DARK
    runner = Runner(parse(["seats 2", "battery alkaline 3", "set sleep 5", "0.5 usb on", "4000 end"]),
                    str(tmp_path))
    runner.run()
    assert runner.app.rest == DARK
    with open(os.path.join(str(tmp_path), "log.txt")) as f:
        assert "switching off" not in f.read()


def test_a_dimmed_box_is_pictured_dim_and_bright_again_when_woken(tmp_path):
    # the screenshots follow the panel's contrast (frames.glass_level):
    # docs/power.md's dimmed picture, the simulator's shots
    from PIL import Image

    from tileclock_host.frames import OLED_WHITE, frame_to_png
    summary = Runner(parse(read_lines(os.path.join(SIM, "sleep_home.txt"))), str(tmp_path),
                     save_png=frame_to_png).run()
    assert summary["failures"] == [] and summary["errors"] == 0
    shots = os.listdir(str(tmp_path / "shots"))

    def brightest(name):
        path = os.path.join(str(tmp_path / "shots"), [s for s in shots if s.endswith("-%s.png" % name)][0])
        return Image.open(path).convert("L").getextrema()[1]

    full = Image.new("RGB", (1, 1), OLED_WHITE).convert("L").getpixel((0, 0))
    assert brightest("woken") >= full - 1
    assert full // 4 < brightest("dimmed") < full // 2     # a third of full at contrast 0
