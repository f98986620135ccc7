# What the box draws, and how long cells last (make bench; CPython).
#
# The sim scripts of tests/sim/ (a whole game of each game, sleep_home.txt
# and the home menu left alone for the rest states) play through the Runner
# on the real firmware. Per state -- playing (a game clock running), menu
# (no clock, awake), dimmed, dark (display off: dark or switched off) --
# the bench counts what the firmware really does: the loop's passes as the
# device makes them, the bytes it sends the display, and the OLED's lit
# pixels (the emulated panel's RAM, while the panel is on) and contrast,
# weighted by time. Datasheet and measured figures (each cited below and in
# docs/power.md, "What it draws") turn those into milliamps and hours.
#
# Nothing here is measured on a box: it is a model, and it says which of
# its figures are assumptions. Budgets (bench/budgets.py): the current
# from 3xAA cells while playing and while dark, in tenths of a mA.
#
#     python bench/host_power.py          (TILECLOCK_BENCH_QUICK=1: fewer scripts)
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tools")]

import budgets  # noqa: E402
# (the simulator first: it installs the pure-Python framebuf the firmware needs)
from tileclock_host.sim.script import Runner, parse, read_lines  # noqa: E402, I001
from tileclock_host import registry  # noqa: E402
from tileclock.app import AWAKE, DIM  # noqa: E402
from tileclock.hal.battery import KINDS  # noqa: E402

# every game's whole demo (its about.py), and with --quick the first's and the last's
GAMES = tuple(script for _kind, script in registry.demos())
REST = "sleep_home.txt"
QUICK_GAMES = (GAMES[0], GAMES[-1])
# sleep_home.txt is dark for two seconds before its waking press: the home
# menu left alone ten minutes (dimmed at two, dark at three) gives the dark
# state minutes of its own.
LEFT_ALONE = ["seats 4", "set game " + registry.KINDS[0], "set sleep 2", "0.5 expect screen Home", "+600 end"]
STATES = ("playing", "menu", "dimmed", "dark")

# -- the figures the model stands on ---------------------------------------

# The Pico itself (RP2040 at MicroPython's default 125 MHz, flash, the
# regulator), nothing attached, MicroPython 1.23, measured on USB (VBUS,
# 5 V) with a USB meter: 18.80 mA idling in time.sleep_ms (the app's loop
# sleeps so between passes), 21.24 mA in a busy loop; at 64 MHz 13.00 and
# 14.45 mA. A measurement page, not a datasheet (the Pico and RP2040
# datasheets give no figure for a running core at 125 MHz): cpottle9,
# RP2-PowerControl, POWER_MEASUREMENTS.md ("Raspberry PI PICO" table).
PICO_125MHZ = (18.80, 21.24)        # mA on VBUS: (sleeping, busy)
PICO_64MHZ = (13.00, 14.45)
VBUS_V = 5.0
# The same Schottky drop on the Pico's VBUS diode (Pico datasheet, 4.4
# "Powerchain": D1, an MBR120VLSFT1G) as on the cells' diode into VSYS
# (board_config.BATTERY_DIODE_MV): the Pico's power is counted at VSYS.
DIODE_V = 0.25

# The bus: 400 kHz I2C, 9 bit times a byte (the address byte of each
# transaction counted too), the CPU waiting for it (as bench/mpy_app.py).
US_PER_BYTE = 25
# The CPU time of a pass with nothing to send: NOT MEASURED, an assumption
# (no Pico to time it on). Every microsecond of it is the busy figure's
# share: at 100 passes a second, 1 ms a pass adds 0.24 mA; all the time
# busy would add 2.4 mA, so the error it can make is small.
PASS_US = 1000

# The OLED module (SSD1306 0.96" 128x64 on 3.3 V, its charge pump on):
# 1.13 mA lit with every pixel dark, 26 mA all white, 0.10 mA before it is
# initialised, with the same init as hal/display.py's (contrast 0xFF,
# pre-charge 0xF1, VCOMH 0x30): Fab Academy 2024, Lakemac group, week 13
# (Core Electronics' PiicoDev SSD1306 on an Otii Arc at 3.3 V). A
# measurement page, not a datasheet. Between the two, linear in the lit
# pixels (the segment current is per lit pixel of the scanned row).
# Modules differ: seven 0.96" modules on The Things Network forum ("The
# Workbench part 2") drew 1.4-1.6 mA blank, 8.7-16.4 mA half lit and
# 11.4-29.4 mA all lit, off 7-33 uA.
OLED_BLANK_MA = 1.13
OLED_FULL_MA = 26.0
# The SH1106 1.3" module (board_config DISPLAY = "sh1106"): the same forum
# page's 1.3" module drew 2.2 mA blank and 30 mA all lit; its controller
# drives a segment harder (SH1106 datasheet V2.6: 300 uA typical, 500 uA at
# most, against the SSD1306's 100 uA at most) for a bigger pixel. One
# module, no datasheet figure: printed beside the SSD1306, not budgeted.
SH1106_BLANK_MA = 2.2
SH1106_FULL_MA = 30.0
OLED_OFF_MA = 0.01                  # display off (0xAE): the forum's microamps
PIXELS = 128 * 64
# The lit pixels' share scales with the contrast: "the segment output
# current increases as the contrast step value increases" (SSD1306
# datasheet, command 81h; 100 uA a segment at most), ISEG = a/256 x IREF x
# scale factor (the SH1106 datasheet's formula). Linear for the SSD1306 is
# an assumption.
FULL_CONTRAST = 255

# The RT6150 buck-boost (VSYS to 3.3 V) feeds the OLED: "up to 90%
# efficiency" (Richtek RT6150A/B datasheet); at this light load in the
# Pico's default power-save (PFM) mode less: 85% assumed.
EFFICIENCY = 0.85
RAIL_V = 3.3

# The piezo: a 20 mm disc is about 15 nF (FT-20T-6.5A element datasheet);
# driven at a few kHz from 3.3 V it takes C x V^2 x f, about 0.3 mW (0.1
# mA), and only for the seconds a cue sounds: left out.

# The cells: capacity as given; the mean voltage over the discharge from
# the firmware's own curves (hal/battery.py KINDS), less the diode.
CELLS = (("3xAA alkaline, 2000 mAh", "alkaline", 3, 2000),
         ("1 Li-ion, 1200 mAh", "li-ion", 1, 1200))

# A typical evening, in minutes: four hours, three of them with a clock
# running, the rest between rounds (menus, ready screens, the score sheet),
# and twice the box left alone long enough to dim and go dark.
EVENING = (("playing", 180), ("menu", 40), ("dimmed", 10), ("dark", 10))


def mean_cell_v(kind):
    """The mean voltage of one cell over its discharge, from its curve
    (100, 75, 50, 25, 10, 0 percent: straight lines between the points)."""
    levels = (100, 75, 50, 25, 10, 0)
    curve = KINDS[kind]
    area = 0
    for i in range(1, len(levels)):
        area += (levels[i - 1] - levels[i]) * (curve[i - 1] + curve[i]) / 2
    return area / 100 / 1000


# -- what the firmware does -------------------------------------------------

class Tally:
    """One state's totals over the time the box spent in it."""

    def __init__(self):
        self.ms = 0
        self.passes = 0         # as the device makes them (see Metered._advance)
        self.sent = 0           # bytes on the bus, address bytes included
        self.on_ms = 0          # the panel lit
        self.lit_ms = 0         # lit pixels x ms, while lit
        self.contrast_ms = 0    # contrast x ms, while lit
        self.pixel_ms = 0.0     # lit pixels x contrast share x ms: the pixels' current

    def add(self, other):
        for name in vars(self):
            setattr(self, name, getattr(self, name) + getattr(other, name))


class Metered(Runner):
    """The Runner, tallying each state's time, passes, bytes and pixels."""

    def __init__(self, script):
        self.tally = {state: Tally() for state in STATES}
        self.state = "menu"
        self._sent = 0
        self._counted = -1      # panel.bytes when the lit pixels were last counted
        self._lit = 0
        super().__init__(script)

    def reboot(self):
        super().reboot()
        self._sent = 0          # a new board, a new panel: its counters from 0
        self._counted = -1

    def _after_pass(self):
        super()._after_pass()
        app = self.app
        panel = self.board.panel
        if app.rest == AWAKE:
            game = app.game
            running = game is not None and game.clock_running(app.now())
            self.state = "playing" if running else "menu"
        else:
            self.state = "dimmed" if app.rest == DIM else "dark"
        tally = self.tally[self.state]
        tally.passes += 1
        sent = panel.bytes + panel.writes
        tally.sent += sent - self._sent
        self._sent = sent

    def _advance(self, ms):
        # The simulator skips to the app's next deadline; the device's loop
        # sleeps at most poll_ms and passes again (App.run): those passes
        # find nothing to do and send nothing, but they are passes.
        tally = self.tally[self.state]
        tally.ms += ms
        tally.passes += max(0, math.ceil(ms / self.app.poll_ms) - 1)
        panel = self.board.panel
        if panel.on:
            if panel.bytes != self._counted:    # the RAM changes only by bytes sent
                self._counted = panel.bytes
                self._lit = int.from_bytes(panel.frame(), "little").bit_count()
            tally.on_ms += ms
            tally.lit_ms += self._lit * ms
            tally.contrast_ms += panel.contrast * ms
            tally.pixel_ms += self._lit * (panel.contrast + 1) / 256 * ms
        super()._advance(ms)


def play(name, lines=None):
    if lines is None:
        lines = read_lines(os.path.join(ROOT, "tests", "sim", name))
    runner = Metered(parse(lines))
    summary = runner.run()
    if summary["failures"] or summary["errors"]:
        print("%s: %s, %d errors" % (name, summary["failures"], summary["errors"]))
        sys.exit(1)
    return runner.tally


# -- from what it does to what it draws -------------------------------------

def oled_ma(t, contrast_factor=1.0, panel=(OLED_BLANK_MA, OLED_FULL_MA)):
    """The OLED module's mean current (3.3 V rail) over the state's time;
    `panel` is the module's (blank, all lit) current."""
    blank, full = panel
    off_ms = t.ms - t.on_ms
    per_pixel = (full - blank) / PIXELS
    return (blank * t.on_ms + OLED_OFF_MA * off_ms
            + per_pixel * t.pixel_ms * contrast_factor) / t.ms


def busy(t, cpu_factor=1.0):
    """The share of the time the CPU works (a pass, or waiting on the bus)."""
    us = t.sent * US_PER_BYTE + t.passes * PASS_US * cpu_factor
    return min(1.0, us / (t.ms * 1000))


def vsys_mw(t, pico=PICO_125MHZ, cpu_factor=1.0, contrast_factor=1.0, panel=(OLED_BLANK_MA, OLED_FULL_MA)):
    """The power the box takes at VSYS in a state, in mW."""
    idle, working = pico
    pico_ma = idle + (working - idle) * busy(t, cpu_factor)
    return pico_ma * (VBUS_V - DIODE_V) + oled_ma(t, contrast_factor, panel) * RAIL_V / EFFICIENCY


def cells_ma(mw, kind, count):
    """The current from the cells (through their diode) for mw at VSYS."""
    return mw / (mean_cell_v(kind) * count - DIODE_V)


def evening_mw(mw):
    total = sum(minutes for _, minutes in EVENING)
    return sum(mw[state] * minutes for state, minutes in EVENING) / total


def main():
    quick = os.getenv("TILECLOCK_BENCH_QUICK") == "1"
    games = QUICK_GAMES if quick else GAMES
    print("sim scripts: %s, %s, the home menu left alone 10 min%s" % (
        ", ".join(games), REST, " (quick)" if quick else ""))
    # playing: each game with a clock alike (a table plays any of them),
    # from its own script; the other states pooled over every script.
    # Spell Sport runs no clock the rules time (its game may rest like a
    # menu): its game counts as menu.
    per_game = []
    pooled = {state: Tally() for state in STATES}
    for name in games + (REST, "left alone"):
        tally = play(name, LEFT_ALONE if name == "left alone" else None)
        if name in games and tally["playing"].ms:
            per_game.append((name, tally["playing"]))
        elif name in games:
            print("%s: no clock runs, its game counts as menu" % name)
        for state in ("menu", "dimmed", "dark"):
            pooled[state].add(tally[state])

    print()
    print("%-24s %6s %8s %7s %6s %9s %8s %8s" % ("state", "time s", "passes/s", "bytes/s", "busy",
                                                 "lit px", "contrast", "OLED mA"))

    def row(label, t):
        lit = t.lit_ms / t.on_ms if t.on_ms else 0
        contrast = t.contrast_ms / t.on_ms if t.on_ms else 0
        print("%-24s %6d %8.1f %7.1f %5.1f%% %9.0f %8.0f %8.2f" % (
            label, t.ms // 1000, t.passes * 1000 / t.ms, t.sent * 1000 / t.ms, busy(t) * 100,
            lit, contrast, oled_ma(t)))

    mw = {}
    playing_mw = []
    for name, t in per_game:
        row("playing, " + name.split("_")[0], t)
        playing_mw.append(vsys_mw(t))
    mw["playing"] = sum(playing_mw) / len(playing_mw)
    for state in ("menu", "dimmed", "dark"):
        row(state, pooled[state])
        mw[state] = vsys_mw(pooled[state])
    print("(passes as the device makes them; lit px: the mean over the time the panel is on, of %d)"
          % PIXELS)

    aa, li = CELLS
    print()
    print("mean current (mW at VSYS; mA from the cells, their diode included; mA on USB at 5 V)")
    print("%-10s %8s %10s %10s %10s" % ("", "mW", "3xAA mA", "Li-ion mA", "USB mA"))
    for state in STATES:
        print("%-10s %8.1f %10.1f %10.1f %10.1f" % (
            state, mw[state], cells_ma(mw[state], aa[1], aa[2]), cells_ma(mw[state], li[1], li[2]),
            mw[state] / (VBUS_V - DIODE_V)))

    print()
    print("hours (evening: %s minutes)" % ", ".join("%s %d" % (s, m) for s, m in EVENING))
    print("%-26s %10s %10s %10s" % ("", "evening", "playing", "dark"))
    for label, kind, count, mah in CELLS:
        hours = [mah / cells_ma(x, kind, count) for x in (evening_mw(mw), mw["playing"], mw["dark"])]
        print("%-26s %10.0f %10.0f %10.0f" % (label, hours[0], hours[1], hours[2]))

    # The other display the box is built with: the same tallies, the 1.3"
    # SH1106 module's currents.
    sh1106 = (SH1106_BLANK_MA, SH1106_FULL_MA)
    big = {state: vsys_mw(pooled[state], panel=sh1106) for state in ("menu", "dimmed", "dark")}
    big["playing"] = sum(vsys_mw(t, panel=sh1106) for _, t in per_game) / len(per_game)
    print()
    print("with the SH1106 1.3\" module (%.1f mA blank, %.0f mA all lit; not budgeted):" % sh1106)
    print("  3xAA mA: %s; hours: evening %.0f, playing %.0f (3xAA), evening %.0f (Li-ion)" % (
        ", ".join("%s %.1f" % (state, cells_ma(big[state], aa[1], aa[2])) for state in STATES),
        aa[3] / cells_ma(evening_mw(big), aa[1], aa[2]), aa[3] / cells_ma(big["playing"], aa[1], aa[2]),
        li[3] / cells_ma(evening_mw(big), li[1], li[2])))

    # What a cheap firmware change would buy (the firmware is not changed
    # here: the same tallies under another figure).
    contrast = sum(t.contrast_ms for _, t in per_game) / sum(t.on_ms for _, t in per_game)
    half = 128 / (contrast + 1)
    dim_play = sum(vsys_mw(t, contrast_factor=half) for _, t in per_game) / len(per_game)
    slow = dict(mw)
    for state in ("menu", "dimmed", "dark"):
        # a pass's CPU time doubles at half the clock; the bus takes as long
        slow[state] = vsys_mw(pooled[state], PICO_64MHZ, cpu_factor=125 / 64)
    slow_all = dict(slow)
    slow_all["playing"] = sum(vsys_mw(t, PICO_64MHZ, cpu_factor=125 / 64) for _, t in per_game) / len(per_game)
    print()
    print("cheap changes, as figures only (3xAA hours, before -> after):")
    print("  contrast 127 while a clock runs: playing %.1f -> %.1f mA, continuous play %.0f -> %.0f h,"
          " evening %.0f -> %.0f h" % (
              cells_ma(mw["playing"], aa[1], aa[2]), cells_ma(dim_play, aa[1], aa[2]),
              aa[3] / cells_ma(mw["playing"], aa[1], aa[2]), aa[3] / cells_ma(dim_play, aa[1], aa[2]),
              aa[3] / cells_ma(evening_mw(mw), aa[1], aa[2]),
              aa[3] / cells_ma(evening_mw(dict(mw, playing=dim_play)), aa[1], aa[2])))
    # (machine.freq() moves the peripherals' clock too: the bus and the
    # buzzer would want setting up again)
    print("  64 MHz while no clock runs: dark %.1f -> %.1f mA, evening %.0f -> %.0f h" % (
        cells_ma(mw["dark"], aa[1], aa[2]), cells_ma(slow["dark"], aa[1], aa[2]),
        aa[3] / cells_ma(evening_mw(mw), aa[1], aa[2]), aa[3] / cells_ma(evening_mw(slow), aa[1], aa[2])))
    print("  64 MHz always: playing %.1f -> %.1f mA, evening %.0f -> %.0f h" % (
        cells_ma(mw["playing"], aa[1], aa[2]), cells_ma(slow_all["playing"], aa[1], aa[2]),
        aa[3] / cells_ma(evening_mw(mw), aa[1], aa[2]), aa[3] / cells_ma(evening_mw(slow_all), aa[1], aa[2])))

    print()
    budgets.check("power.playing_ma", round(cells_ma(mw["playing"], aa[1], aa[2]) * 10))
    budgets.check("power.dark_ma", round(cells_ma(mw["dark"], aa[1], aa[2]) * 10))
    budgets.done()


if __name__ == "__main__":
    main()
