# hardware/README.md and hardware/wiring.yml quote firmware/board_config.py:
# check they agree with it, and with the Pico's header pinout.
import ast
import os
import re

import board_config

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HARDWARE = os.path.join(ROOT, "hardware")

# Raspberry Pi Pico datasheet, pinout: GPn -> header pin (1..40)
HEADER = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15, 12: 16, 13: 17,
          14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29, 26: 31, 27: 32, 28: 34}
GROUND_PINS = {3, 8, 13, 18, 23, 28, 33, 38}


def _read(name):
    with open(os.path.join(HARDWARE, name), encoding="utf-8") as f:
        return f.read()


def _pin_map_rows():
    text = _read("README.md")
    section = text.split("## Pin map", 1)[1].split("\n## ", 1)[0]
    return [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in section.splitlines() if line.startswith("| ") and not line.startswith("| what")]


def test_the_pin_map_quotes_board_config():
    quoted = {}
    for what, gp, header, code in _pin_map_rows():
        for name, index, value in re.findall(r"`([A-Z_0-9]+)(?:\[(\d)\])? = ([^`]+)`", code):
            actual = getattr(board_config, name)
            if index:
                actual = actual[int(index)]
                name = f"{name}[{index}]"
            assert ast.literal_eval(value) == actual, f"{what}: the doc says {name} = {value}, the config {actual!r}"
            quoted[name] = actual
            if isinstance(actual, int) and name not in ("I2C_ID", "I2C_FREQ", "DISPLAY_ADDR"):
                assert gp.startswith(f"GP{actual}"), f"{what}: {gp} but {name} = {actual}"
                assert header == str(HEADER[actual]), f"{what}: GP{actual} is header pin {HEADER[actual]}"
        if gp == "GND":
            assert int(header) in GROUND_PINS, what
    wanted = {"I2C_SDA", "I2C_SCL", "I2C_ID", "I2C_FREQ", "DISPLAY", "DISPLAY_ADDR", "BUZZER_PIN"}
    wanted |= {f"SEAT_PINS[{i}]" for i in range(len(board_config.SEAT_PINS))}
    assert wanted <= set(quoted), f"not in the pin map: {sorted(wanted - set(quoted))}"


def test_the_doc_states_the_default_watchdog():
    assert f"default is `WATCHDOG_MS = {board_config.WATCHDOG_MS}`" in _read("README.md")


def test_the_config_comments_name_the_right_header_pins():
    with open(os.path.join(ROOT, "firmware", "board_config.py"), encoding="utf-8") as f:
        text = f.read()
    for gp, header in re.findall(r"GP(\d+), header pin (\d+)", text):
        assert HEADER[int(gp)] == int(header), f"GP{gp} is header pin {HEADER[int(gp)]}, not {header}"


def test_the_wiring_diagram_source_matches_the_config():
    text = _read("wiring.yml")
    pico = text.split("  Pico:", 1)[1].split("\n  OLED:", 1)[0]
    pins = ast.literal_eval(re.search(r"pins: (\[.*\])", pico).group(1))
    labels = [s.strip() for s in re.search(r"pinlabels: \[(.*)\]", pico).group(1).split(",")]
    assert len(pins) == len(labels)
    by_gp = {}
    for pin, label in zip(pins, labels):
        m = re.match(r"GP(\d+)", label)
        if m:
            assert HEADER[int(m.group(1))] == pin, f"{label} is not header pin {pin}"
            by_gp[int(m.group(1))] = label
        elif label == "GND":
            assert pin in GROUND_PINS
    assert "SDA" in by_gp[board_config.I2C_SDA] and "SCL" in by_gp[board_config.I2C_SCL]
    assert "buzzer" in by_gp[board_config.BUZZER_PIN]
    for i, gp in enumerate(board_config.SEAT_PINS):
        assert by_gp[gp].endswith(f"seat {i + 1}")
    for name in ("wiring", "wiring-seat"):
        assert os.path.exists(os.path.join(HARDWARE, name + ".svg")), name


def test_the_wiring_drawings_read_at_the_size_the_readme_shows_them():
    # a README's column is about 900 px wide: a drawing much wider than that
    # is scaled down until its 14 px text can't be read
    from PIL import Image
    text = _read("README.md")
    for name in ("wiring.png", "wiring-seat.png"):
        assert "](%s)" % name in text, name
        with Image.open(os.path.join(HARDWARE, name)) as img:
            assert img.width <= 1200, (name, img.size)


def test_the_cells_minus_goes_to_one_ground_pin_everywhere():
    readme = _read("README.md")
    (pin,) = re.findall(r"\| cells - \| GND, header pin (\d+) \|", readme)
    assert int(pin) in GROUND_PINS
    wiring = _read("wiring.yml")
    # the cells' cable: Pico [VSYS, GND] to BAT [+, -]
    assert re.search(r"- Pico: \[39, %s\]\n    - W_BAT: \[1-2\]\n    - BAT: \[1-2\]" % pin, wiring)
    display_ground = [row[2] for row in _pin_map_rows() if row[0] == "display GND"]
    assert display_ground and display_ground[0] != pin     # one jumper wire a header pin
