# The battery: its level from the cells' curve, the average that rides out
# a buzzer note, the warnings said once each and never on USB. Runs under
# pytest and on the MicroPython unix port.
from check import raises
from tileclock.hal.battery import EMPTY, KINDS, LOW, SAMPLE_MS, Battery, percent


class Supply:
    def __init__(self, mv, usb=False):
        self.mv = mv
        self.usb = usb

    def read(self):
        return self.mv

    def plugged(self):
        return self.usb


def _battery(mv, kind="alkaline", cells=3, diode=250, usb=False):
    supply = Supply(mv, usb)
    return supply, Battery(supply.read, supply.plugged, kind, cells, diode)


def _run(battery, start, seconds, quiet=True):
    """update() once a second for `seconds`; the warnings it returned."""
    said = []
    for i in range(seconds):
        w = battery.update(start + i * SAMPLE_MS, quiet)
        if w:
            said.append(w)
    return said


def test_the_level_follows_each_kinds_curve():
    for kind in KINDS:
        curve = KINDS[kind]
        assert percent(curve[0] + 100, curve) == 100 and percent(curve[-1] - 1, curve) == 0
        last = 101
        for mv in range(curve[0], curve[-1] - 1, -10):    # falls as the cells do
            p = percent(mv, curve)
            assert p <= last
            last = p
    assert percent(1250, KINDS["alkaline"]) == 50
    assert percent(3700, KINDS["li-ion"]) == 37        # between 50 (3750) and 25 (3650)


def test_three_fresh_alkaline_cells_behind_the_diode_read_full():
    supply, battery = _battery(3 * 1550 - 250)
    assert _run(battery, 0, 10) == []
    assert battery.level == 100 and battery.label() == "bat 100%"


def test_a_falling_battery_warns_low_once_then_empty_once():
    supply, battery = _battery(3 * 1300 - 250)         # about 60 %
    assert _run(battery, 0, 10) == []
    supply.mv = 3 * 1120 - 250                          # 15 %: a long round left
    said = _run(battery, 10000, 20)
    assert said == [LOW] and battery.level <= 15
    supply.mv = 3 * 1110 - 250                          # wobbling around it: said once
    assert _run(battery, 30000, 60) == []
    supply.mv = 3 * 1030 - 250                          # nearly empty
    assert _run(battery, 90000, 20) == [EMPTY]
    assert _run(battery, 110000, 60) == []


def test_one_sagging_reading_is_not_a_flat_battery():
    supply, battery = _battery(3 * 1300 - 250)
    _run(battery, 0, 10)
    supply.mv = 3000                                    # a note's sag: one sample
    assert battery.update(10000) == 0
    supply.mv = 3 * 1300 - 250
    assert _run(battery, 11000, 20) == []
    assert battery.level > 50


def test_no_sample_is_taken_while_the_buzzer_sounds():
    supply, battery = _battery(3 * 1300 - 250)
    _run(battery, 0, 10)
    supply.mv = 2000
    assert _run(battery, 10000, 30, quiet=False) == []
    assert battery.level > 50


def test_no_warning_before_the_average_settles_nor_on_usb():
    supply, battery = _battery(3 * 1000 - 250)          # empty cells at power-on
    said = [battery.update(i * SAMPLE_MS) for i in range(7)]
    assert said == [0] * 7                              # one reading is not enough
    assert battery.update(7 * SAMPLE_MS) == EMPTY
    supply, battery = _battery(3 * 1000 - 250, usb=True)
    assert _run(battery, 0, 30) == []
    assert battery.on_usb and battery.label() == "USB"


def test_new_cells_warn_again_when_they_run_low():
    supply, battery = _battery(3 * 1100 - 250)
    assert _run(battery, 0, 10) == [LOW]
    supply.mv = 3 * 1550 - 250                          # new cells
    _run(battery, 10000, 10)
    supply.mv = 3 * 1100 - 250
    assert _run(battery, 20000, 10) == [LOW]


def test_a_wrong_kind_is_refused():
    e = raises(ValueError, Battery, lambda: 0, lambda: 0, "lead", 3)
    assert "alkaline" in str(e)


def test_an_update_allocates_nothing():
    supply, battery = _battery(3 * 1300 - 250)
    _run(battery, 0, 10)
    try:
        import micropython
        micropython.heap_lock()
        locked = True
    except (ImportError, AttributeError):
        locked = False
    try:
        for i in range(20):
            battery.update(10000 + i * SAMPLE_MS)
    finally:
        if locked:
            micropython.heap_unlock()
