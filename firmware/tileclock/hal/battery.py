# The battery: the supply voltage and whether USB is present, and what the
# table must be told about them.
#
# Read through any two callables, like the buttons: `read_mv()` the supply
# in millivolts (on the Pico, VSYS through its divider by three on ADC3:
# docs/power.md), `usb()` true while USB powers the box. hal/board.py makes
# them from board_config.py's BOARD; the simulator sets them from a script.
#
# update(now) samples once a SAMPLE_MS and averages the last _SAMPLES, so a
# buzzer note's sag (the piezo draws while it sounds) is not a flat battery;
# it skips a sample while the buzzer plays. The cells' kind decides the
# level: each kind's per-cell voltage at the points of its discharge curve
# (docs/power.md has the sources), minus the diode between the cells and
# VSYS. It warns twice, each once: LOW when about a long round is left,
# EMPTY when the box is about to stop, and never on USB. A warning is
# cleared only once the level is well above it again (new cells), so a
# reading wobbling at a threshold doesn't warn again.
#
# No allocation per update: ints in a preallocated list.
from micropython import const

from tileclock import ticks

SAMPLE_MS = const(1000)
_SAMPLES = const(8)
LOW_PERCENT = const(15)      # about a long round left (docs/power.md)
EMPTY_PERCENT = const(4)     # minutes left
_CLEAR_PERCENT = const(10)   # above a warning by this much: it may warn again

# Warnings update() returns (0: none)
LOW = const(1)
EMPTY = const(2)

# Per-cell millivolts at 100, 75, 50, 25, 10, 0 percent, read off the
# discharge curves at a box's draw (tens of mA): docs/power.md. Cells in
# series: the box's figure is the count times these.
_LEVELS = (100, 75, 50, 25, 10, 0)
KINDS = {
    "alkaline": (1550, 1350, 1250, 1170, 1100, 1000),
    "nimh": (1360, 1260, 1230, 1200, 1150, 1050),
    "li-ion": (4150, 3900, 3750, 3650, 3500, 3300),
}


def percent(mv, curve):
    """The level (0-100) at `mv` per cell on `curve` (KINDS' tuples)."""
    if mv >= curve[0]:
        return 100
    for i in range(1, len(curve)):
        if mv >= curve[i]:
            hi = curve[i - 1]
            lo = curve[i]
            top = _LEVELS[i - 1]
            bottom = _LEVELS[i]
            return bottom + (mv - lo) * (top - bottom) // (hi - lo)
    return 0


def vsys_reader(adc):
    """read_mv() for the Pico's ADC3 (VSYS / 3 against the 3.3 V reference,
    read_u16 scaled to 16 bits; 65535 * 9900 fits a small int). Here, not
    in hal/board.py, which is unloaded after the boot."""
    def read_mv():
        return adc.read_u16() * 9900 // 65535
    return read_mv


class Battery:
    """`kind` one of KINDS, `cells` in series, `diode_mv` lost between
    them and VSYS (0 when there is none)."""

    def __init__(self, read_mv, usb, kind, cells, diode_mv=0):
        if kind not in KINDS:
            raise ValueError("battery kind %r: one of %s" % (kind, ", ".join(sorted(KINDS))))
        self._read_mv = read_mv
        self._usb = usb
        self.kind = kind
        self.cells = cells
        self.diode_mv = diode_mv
        self._curve = KINDS[kind]
        self._samples = [0] * _SAMPLES
        self._count = 0             # samples taken (the average of the ones there are)
        self._next = 0
        self._at = None             # when the next sample is due, or None: at once
        self.millivolts = 0         # the average supply (VSYS), mV
        self.on_usb = True          # until a reading says otherwise: no warning
        self.level = 100            # percent, on battery
        self._warned = 0            # LOW or EMPTY already said

    def cell_mv(self):
        """The average cell's millivolts behind the diode."""
        return (self.millivolts + self.diode_mv) // self.cells

    def update(self, now, quiet=True):
        """Sample if one is due (not while the buzzer sounds: `quiet`
        false); returns LOW or EMPTY the first time the level falls to it,
        else 0."""
        if self._at is not None and ticks.ticks_diff(now, self._at) < 0:
            return 0
        if not quiet and self._count:
            return 0
        self._at = ticks.ticks_add(now, SAMPLE_MS)
        self.on_usb = bool(self._usb())
        self._samples[self._next] = self._read_mv()
        self._next = (self._next + 1) % _SAMPLES
        if self._count < _SAMPLES:
            self._count += 1
        total = 0
        for i in range(self._count):
            total += self._samples[i]
        self.millivolts = total // self._count
        self.level = percent(self.cell_mv(), self._curve)
        if self.on_usb:
            self._warned = 0
            return 0
        if self._warned and self.level >= LOW_PERCENT + _CLEAR_PERCENT:
            self._warned = 0        # new cells
        if self._count < _SAMPLES:
            return 0                # the average isn't settled yet: no warning on one reading
        if self.level <= EMPTY_PERCENT and self._warned != EMPTY:
            self._warned = EMPTY
            return EMPTY
        if self.level <= LOW_PERCENT and not self._warned:
            self._warned = LOW
            return LOW
        return 0

    def label(self):
        """What the home and ready screens show: "USB", or the level."""
        return "USB" if self.on_usb else "bat %d%%" % self.level
