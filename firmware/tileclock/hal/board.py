# The real board: a Raspberry Pi Pico (RP2040) or Pico 2 wired as
# board_config.py says. make_board() is the one place hardware is created;
# nothing here touches `machine` at import time, and a test can hand in a
# stand-in `machine` module.
#
# The board object (docs/interfaces.md): display, buttons, buzzer, battery
# (None on USB alone), ticks_ms(), sleep_ms(ms), fs_root, feed_watchdog();
# plus i2c, safe_mode
# (None, or why this boot is safe mode: "maintenance", the host tools asked
# for it (hal/maintenance.py), or "seat 1", held at power-on; no watchdog,
# and main.py stops at the REPL) and watchdog_ms (0: no watchdog running).
import gc

from tileclock.hal import Board
from tileclock.hal.buttons import MAX_SEATS, Buttons, irq_handler
from tileclock.hal.buzzer import Buzzer
from tileclock.hal.display import KINDS, make_display

# GPIOs on the Pico's header (GP23..GP25 and GP29 are used on the board:
# power-save, VBUS sense, LED -- and the radio on a Pico W).
HEADER_PINS = tuple(range(23)) + (26, 27, 28)
# I2C pin choices of the RP2040/RP2350 (datasheet, GPIO function table)
_I2C_SDA = ((0, 4, 8, 12, 16, 20), (2, 6, 10, 14, 18, 26))
_I2C_SCL = ((1, 5, 9, 13, 17, 21), (3, 7, 11, 15, 19, 27))
WDT_MAX_MS = 8388
# Where each board reads its supply (docs/power.md): VSYS/3 on ADC3 (GPIO29)
# and VBUS on GPIO24; on a Pico W GPIO29 is the radio's SPI clock and is read
# with GPIO25 held high, and VBUS is the radio chip's WL_GPIO2.
BOARDS = ("pico", "pico_w", "pico2", "pico2_w")
BATTERY_KINDS = ("alkaline", "nimh", "li-ion")


def _get(config, name, default=None):
    if isinstance(config, dict):
        return config.get(name, default)
    return getattr(config, name, default)


def check_config(config):
    """The problems with a board config, as a list of sentences (empty: fine)."""
    problems = []
    used = {}

    def pin(name, value):
        if not isinstance(value, int) or value not in HEADER_PINS:
            problems.append("%s = %r: not a GPIO on the Pico's header (GP0..GP22, GP26..GP28)" % (name, value))
            return
        if value in used:
            problems.append("%s = GP%d is already %s" % (name, value, used[value]))
        used[value] = name

    kind = _get(config, "DISPLAY")
    if kind not in KINDS:
        problems.append("DISPLAY = %r: must be one of %s" % (kind, ", ".join(sorted(KINDS))))
    addr = _get(config, "DISPLAY_ADDR", 0x3C)
    if addr not in (0x3C, 0x3D):
        problems.append("DISPLAY_ADDR = %r: these displays answer at 0x3C or 0x3D" % (addr,))
    bus = _get(config, "I2C_ID", 0)
    if bus not in (0, 1):
        problems.append("I2C_ID = %r: the Pico has I2C0 and I2C1" % (bus,))
        bus = 0
    sda = _get(config, "I2C_SDA")
    scl = _get(config, "I2C_SCL")
    pin("I2C_SDA", sda)
    pin("I2C_SCL", scl)
    if isinstance(sda, int) and sda in HEADER_PINS and sda not in _I2C_SDA[bus]:
        problems.append("I2C_SDA = GP%d cannot be SDA of I2C%d (use one of %s)"
                        % (sda, bus, ", ".join("GP%d" % p for p in _I2C_SDA[bus])))
    if isinstance(scl, int) and scl in HEADER_PINS and scl not in _I2C_SCL[bus]:
        problems.append("I2C_SCL = GP%d cannot be SCL of I2C%d (use one of %s)"
                        % (scl, bus, ", ".join("GP%d" % p for p in _I2C_SCL[bus])))
    freq = _get(config, "I2C_FREQ", 400000)
    if not isinstance(freq, int) or not 10000 <= freq <= 1000000:
        problems.append("I2C_FREQ = %r: use 100000 to 1000000 (400000 suits both displays)" % (freq,))
    seats = _get(config, "SEAT_PINS", ())
    if not isinstance(seats, (tuple, list)) or not 1 <= len(seats) <= MAX_SEATS:
        problems.append("SEAT_PINS: one pin per seat, 1 to %d of them" % MAX_SEATS)
    else:
        for i in range(len(seats)):
            pin("SEAT_PINS seat %d" % (i + 1), seats[i])
    pin("BUZZER_PIN", _get(config, "BUZZER_PIN"))
    if _get(config, "BOARD", "pico") not in BOARDS:
        problems.append("BOARD = %r: one of %s" % (_get(config, "BOARD"), ", ".join(BOARDS)))
    battery = _get(config, "BATTERY")
    if battery is not None and not (isinstance(battery, (tuple, list)) and len(battery) == 2
                                    and battery[0] in BATTERY_KINDS and battery[1] in (1, 2, 3, 4)):
        problems.append("BATTERY = %r: None (USB only), or (kind, cells) with kind one of %s, "
                        "such as (\"alkaline\", 3)" % (battery, ", ".join(sorted(BATTERY_KINDS))))
    wdt = _get(config, "WATCHDOG_MS", 0)
    if not isinstance(wdt, int) or not (wdt == 0 or 1 <= wdt <= WDT_MAX_MS):
        problems.append("WATCHDOG_MS = %r: 0 (off) or 1..%d (the RP2040's longest)" % (wdt, WDT_MAX_MS))
    return problems


def _build(board, config, machine, time, root):
    # the board object's hardware, from the config: at boot only, so that
    # this module can be unloaded after it (the object's class is
    # tileclock/hal/__init__.py's)
    # First of all, so that a request holds for this boot only, even one
    # that fails below (a bad config, no display: no watchdog either).
    # (hal/maintenance.py is boot-only: tileclock.modules unloads it.)
    from tileclock.hal.maintenance import take
    requested = take(root)
    take = None
    problems = check_config(config)
    if problems:
        raise ValueError("board_config.py: " + "; ".join(problems))
    Pin = machine.Pin
    board.ticks_ms = time.ticks_ms          # wraps at 2**30 on the Pico
    board.sleep_ms = time.sleep_ms
    board.fs_root = root
    board.config = config

    pins = [Pin(n, Pin.IN, Pin.PULL_UP) for n in _get(config, "SEAT_PINS")]
    board.buttons = Buttons([p.value for p in pins])
    # every edge timed as it happens, however long the loop's pass
    # (hal/buttons.py): a hard IRQ on both edges of each seat pin
    for i in range(len(pins)):
        pins[i].irq(irq_handler(board.buttons, i, pins[i].value, time.ticks_ms),
                    Pin.IRQ_FALLING | Pin.IRQ_RISING, hard=True)
    # safe mode: asked for by the host tools, or seat 1 held at power-on
    # (pressed reads 0)
    board.safe_mode = "maintenance" if requested else ("seat 1" if pins[0].value() == 0 else None)

    pwm = machine.PWM(Pin(_get(config, "BUZZER_PIN")))
    pwm.freq(1000)
    board.buzzer = Buzzer(pwm)

    board.i2c = machine.I2C(_get(config, "I2C_ID", 0), sda=Pin(_get(config, "I2C_SDA")),
                           scl=Pin(_get(config, "I2C_SCL")), freq=_get(config, "I2C_FREQ", 400000))
    addr = _get(config, "DISPLAY_ADDR", 0x3C)
    found = board.i2c.scan()
    if addr not in found:
        raise OSError("no display at 0x%02x on I2C%d (SDA GP%d, SCL GP%d); found: %s"
                      % (addr, _get(config, "I2C_ID", 0), _get(config, "I2C_SDA"), _get(config, "I2C_SCL"),
                         ", ".join("0x%02x" % a for a in found) or "nothing (check wiring and power)"))
    gc.collect()                            # the frame buffers want one block each
    board.display = make_display(_get(config, "DISPLAY"), board.i2c, addr)
    if _get(config, "DISPLAY_FLIP", False):
        board.display.rotate(True)

    board.battery = _battery(config, machine)

    # Last: from here on the loop must feed it (App.step, App.boot).
    board._wdt = None
    board.watchdog_ms = 0
    wdt_ms = _get(config, "WATCHDOG_MS", 0)
    if wdt_ms and not board.safe_mode:
        board._wdt = machine.WDT(timeout=wdt_ms)
        board.watchdog_ms = wdt_ms


def _battery(config, machine):
    # the supply's reader, or None for a box on USB alone (BATTERY = None)
    kind = _get(config, "BATTERY")
    if kind is None:
        return None
    from tileclock.hal.battery import Battery, vsys_reader
    Pin = machine.Pin
    wireless = _get(config, "BOARD", "pico").endswith("_w")
    if wireless:
        Pin(25, Pin.OUT).value(1)       # the radio deselected, VSYS's divider on
        vbus = Pin("WL_GPIO2", Pin.IN)
    else:
        vbus = Pin(24, Pin.IN)
    return Battery(vsys_reader(machine.ADC(29)), vbus.value, kind[0], kind[1],
                   _get(config, "BATTERY_DIODE_MV", 250))


def make_board(config=None, machine=None, time=None, root="/"):
    """The real board from board_config (or `config`: a module, object or dict);
    `root` is the flash folder (the journal, settings and the maintenance flag)."""
    if config is None:
        import board_config as config
    if machine is None:
        import machine
    if time is None:
        import time
    board = Board()
    _build(board, config, machine, time, root)
    return board
