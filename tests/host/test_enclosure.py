# The printable box (hardware/enclosure/): rebuilt from its parameters in a
# temporary folder, the default and an eight-seat one, and checked on the
# geometry: closed manifold parts, no collisions, the lid's fit, the USB way
# in, the display window, walls, overhangs, the bed. The figures are printed
# (they are also in hardware/enclosure/README.md). Then the committed files
# must be what the parameters make, so they cannot go stale quietly.
import json
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(ROOT, "hardware", "enclosure")
sys.path.insert(0, HERE)

import checks  # noqa: E402
import enclosure as enc  # noqa: E402
import outputs  # noqa: E402

# CAD, not firmware: left to `make test`, out of `make check`
pytestmark = pytest.mark.full

CONFIGS = {
    "default": {},
    "eight": dict(seats=8, display="sh1106", battery="none"),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = {}
    for name, changes in CONFIGS.items():
        r = enc.build(enc.params_with(**changes))
        folder = tmp_path_factory.mktemp(name)
        for part, m in r["printed"].items():
            outputs.write_stl(str(folder / ("%s.stl" % part)), m, part)
        figures, failures = checks.check_all(r)
        out[name] = (r, folder, figures, failures)
    return out


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_the_box_passes_every_check(built, name):
    r, folder, figures, failures = built[name]
    print("\n" + "\n".join(checks.report(figures)))
    assert not failures, failures
    # the parts written to the folder read back as the same closed solids
    for part, m in r["printed"].items():
        back = outputs.read_stl(str(folder / ("%s.stl" % part)))
        assert back.status().name == "NoError", part
        assert back.volume() == pytest.approx(m.volume(), rel=1e-4), part


def test_the_default_has_what_was_asked(built):
    r, _, figures, _ = built["default"]
    p = r["params"]
    assert (p.seats, p.display, p.buttons, p.battery) == (4, "ssd1306", "cable", "3xAA")
    assert set(r["printed"]) == {"base", "lid", "puck_shell", "puck_base"}
    assert {n for n in r["parts"]} >= {"pico", "display", "piezo", "battery", "jack 1", "jack 4", "usb plug",
                                       "switch"}
    r8 = built["eight"][0]
    assert len([n for n in r8["parts"] if n.startswith("jack")]) == 8 and "battery" not in r8["parts"]
    assert "switch" not in r8["parts"]          # no cells, no switch in their lead


def _solid_at(m, x, y, z, size=0.2):
    """Whether the part has material in a small cube round (x, y, z)."""
    h = size / 2
    return (m ^ enc.box(x - h, y - h, z - h, x + h, y + h, z + h)).volume() > 1e-6


def test_the_switch_slot_and_the_seat_numbers_are_in_the_base(built):
    r, _, _, _ = built["default"]
    lay, base, t = r["layout"], r["base"], r["params"].wall
    # the knob's way through the left wall, open from inside to outside
    y0, z0, y1, z1 = enc.switch_slot(lay)
    assert not _solid_at(base, -t / 2, (y0 + y1) / 2, (z0 + z1) / 2)
    assert _solid_at(base, -t / 2, y1 + 1.0, (z0 + z1) / 2)         # the wall beside it
    # each jack's number engraved in the back wall's outside, the wall whole behind it
    depth = enc.DIGIT["depth"]
    for n, u, v in enc.seat_labels(r["params"], lay):
        u0, v0, u1, v1 = enc.digit_strokes(n, u, v)[0]
        x, z = lay.W - (u0 + u1) / 2, (v0 + v1) / 2
        assert not _solid_at(base, x, lay.D + t - depth / 2, z, 0.1), n
        assert _solid_at(base, x, lay.D + t - depth - 0.3, z, 0.1), n


def test_the_checks_catch_a_collision_and_a_thin_wall(built):
    """The checks can fail: a part pushed into another, a wall made thin."""
    r, _, _, _ = built["default"]
    moved = dict(r, parts=dict(r["parts"], battery=r["parts"]["battery"].translate((-20, 0, 0))))
    assert not checks.collisions(moved)["ok"]
    thin = enc.params_with(wall=1.2)
    stricter = enc.replace(thin, min_wall=1.3)
    assert not checks.min_wall("base", enc.build(thin)["printed"]["base"], stricter)["ok"]


def test_the_committed_files_are_what_the_parameters_make(built):
    r, _, _, _ = built["default"]
    stamp = "inputs %s" % outputs.inputs_hash(r["params"])
    with open(os.path.join(HERE, "build.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    hint = "run `make enclosure` and commit hardware/enclosure/"
    assert manifest["stamp"] == stamp, hint
    from PIL import Image
    with Image.open(os.path.join(HERE, "assembly.png")) as img:
        assert img.info.get("tileclock-enclosure") == stamp, hint
    with open(os.path.join(HERE, "drilling-template.pdf"), "rb") as f:
        assert ("tileclock-enclosure %s" % stamp).encode() in f.read(), hint
    for part, m in r["printed"].items():
        committed = outputs.read_stl(os.path.join(HERE, "%s.stl" % part))
        assert committed.status().name == "NoError", part
        assert committed.volume() == pytest.approx(m.volume(), rel=1e-3), (part, hint)
        a, b = committed.bounding_box(), m.bounding_box()
        assert max(abs(x - y) for x, y in zip(a, b)) < 0.01, (part, hint)
