# The CircuitPython board (circuitpython/tileclock_cp/board.py) on CPython,
# for the tests and the scripted simulator: the real board module, the real
# displayio (Adafruit Blinka's), the real adafruit_display_text and the real
# adafruit_displayio_ssd1306 / _sh1106 drivers, with stand-ins for what only
# a chip has:
#
#   busio.I2C     the emulated SSD1306/SH1106 controller (panel.py, with
#                 the SSD1306's horizontal addressing: AddressingPanelBus):
#                 what the drivers send is decoded as the chip would, so
#                 frame() is what the glass shows
#   keypad.Keys   events made from the pin levels a script sets, in the
#                 order keypad gives them (each key's press, then its
#                 release, timed when its level changed)
#   pwmio.PWMOut  frequency and duty_cycle remembered
#   supervisor    ticks_ms() from the virtual clock, wrapping at 2**29
#   storage       getmount("/").readonly as asked (edit mode or play mode)
#
# CircuitPythonSimBoard is a SimBoard (simboard.py) whose display, buttons,
# buzzer and ticks are the CircuitPython board's: SimDevice and the sim
# script runner drive it as they drive the MicroPython one.
import os
import sys

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")    # Blinka on a plain computer: no board to detect

from tileclock_host import shims  # noqa: E402

shims.install()     # framebuf, as CircuitPython gets it from tileclock's lib/framebuf.py

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
CIRCUITPY = os.path.join(_ROOT, "circuitpython")
BOARD_CONFIG = os.path.join(_ROOT, "firmware", "board_config.py")
if CIRCUITPY not in sys.path:
    sys.path.insert(0, CIRCUITPY)

from tileclock_host.boards.panel import PanelBus  # noqa: E402
from tileclock_host.boards.simboard import SimBoard  # noqa: E402

SHORT_MASK = (1 << 29) - 1
HORIZONTAL = 0          # the SSD1306's memory addressing modes (command 0x20)
PAGE_MODE = 2


class AddressingPanelBus(PanelBus):
    """The emulated controller (panel.py) that also follows the SSD1306's
    horizontal and vertical addressing modes (0x20, with the column and page
    ranges of 0x21 and 0x22), as adafruit_displayio_ssd1306 writes: the
    firmware's own driver writes in page mode, which PanelBus decodes. (Kept
    out of panel.py: the MicroPython app bench counts the emulated panel's
    code in the app's data.)"""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.mode = PAGE_MODE       # at reset, as the chip
        self.col_range = [0, self.columns - 1]
        self.page_range = [0, self.pages - 1]

    def _command(self, c):
        if self._pending and self._last in (0x20, 0x21, 0x22):
            self._pending -= 1
            first = self._pending == 1
            if self._last == 0x20:
                self.mode = c & 3
            elif self._last == 0x21:
                self.col_range[0 if first else 1] = c
                if first:
                    self.column = c
            else:
                self.page_range[0 if first else 1] = c & 7
                if first:
                    self.page = c & 7
            return
        super()._command(c)

    def _data_run(self, buf, i, n):
        if self.mode == PAGE_MODE:
            return super()._data_run(buf, i, n)
        for k in range(i, n):
            self._data(buf[k])

    def _data(self, b):
        if self.mode == PAGE_MODE:
            return super()._data(b)
        if self.page < self.pages and self.column < self.columns:
            self.ram[self.page * self.columns + self.column] = b
        (c0, c1), (p0, p1) = self.col_range, self.page_range
        if self.mode == HORIZONTAL:     # along the columns, then the next page
            if self.column >= c1:
                self.column = c0
                self.page = p0 if self.page >= p1 else self.page + 1
            else:
                self.column += 1
        else:                           # vertical: down the pages, then the next column
            if self.page >= p1:
                self.page = p0
                self.column = c0 if self.column >= c1 else self.column + 1
            else:
                self.page += 1


class Pins:
    """CircuitPython's `board`: GP0..GP28 (a name is enough for stand-ins)."""

    def __getattr__(self, name):
        if name.startswith("GP") and name[2:].isdigit() and int(name[2:]) <= 28:
            return name
        raise AttributeError(name)


class PanelI2C:
    """busio.I2C with the emulated display controller on it."""

    def __init__(self, panel):
        self.panel = panel
        self._locked = False

    def try_lock(self):
        # displayio waits in a loop on a second try_lock failing
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def deinit(self):
        pass

    def scan(self):
        return self.panel.scan()

    def writeto(self, address, buffer, *, start=0, end=None):
        self.panel.writeto(address, bytes(buffer[start:end]))


class Event:
    """keypad.Event."""

    def __init__(self, key_number=0, pressed=True, timestamp=0):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = timestamp


class EventQueue:
    """keypad.EventQueue over the sim board's pin levels: a key whose level
    changed since it was last reported gives one event, keys in order."""

    def __init__(self, sim, count, value_when_pressed):
        self._sim = sim
        self._state = bytearray(count)      # 1: reported pressed
        self._pressed_level = 1 if value_when_pressed else 0
        self.overflowed = False

    def get_into(self, event):
        levels = self._sim.levels
        for i in range(len(self._state)):
            down = 1 if levels[i] == self._pressed_level else 0
            if down != self._state[i]:
                self._state[i] = down
                event.key_number = i
                event.pressed = bool(down)
                event.released = not down
                event.timestamp = self._sim.short_ticks()
                return True
        return False

    def clear(self):
        pass


class Keypad:
    """The keypad module: Keys(pins, value_when_pressed=, pull=) and Event."""

    Event = Event

    def __init__(self, sim):
        self._sim = sim
        self.made = []

    def Keys(self, pins, value_when_pressed, pull=True, interval=0.020, max_events=64, debounce_threshold=1):
        keys = _Keys(EventQueue(self._sim, len(pins), value_when_pressed), pins, pull)
        keys.interval = interval
        keys.debounce_threshold = debounce_threshold
        self.made.append(keys)
        return keys


class _Keys:
    def __init__(self, events, pins, pull):
        self.events = events
        self.pins = tuple(pins)
        self.pull = pull
        self.key_count = len(pins)
        self.resets = 0

    def reset(self):
        self.resets += 1


class PWMOut:
    def __init__(self, pin, frequency=500, duty_cycle=0, variable_frequency=False):
        self.pin = pin
        self.frequency = frequency
        self.duty_cycle = duty_cycle
        self.variable_frequency = variable_frequency


class _Namespace:
    def __init__(self, **kw):
        self.__dict__.update(kw)


class Watchdog:
    """microcontroller.watchdog: its timeout, mode and feeds."""

    def __init__(self):
        self.timeout = 0
        self.mode = None
        self.feeds = 0

    def feed(self):
        self.feeds += 1


def hardware(sim, kind, readonly=False):
    """The stand-ins of CircuitPython's modules for tileclock_cp.board's
    make_board(hw=...), on sim board `sim` (displayio and i2cdisplaybus are
    Blinka's own)."""
    import displayio
    import i2cdisplaybus

    if kind == "sh1106":
        panel = AddressingPanelBus(0x3C, columns=132, offset=2)
    else:
        panel = AddressingPanelBus(0x3C)
    sim.panel = panel
    return {
        "board": Pins(),
        "busio": _Namespace(I2C=lambda scl, sda, frequency=400000: PanelI2C(panel)),
        "displayio": displayio,
        "i2cdisplaybus": i2cdisplaybus,
        "keypad": Keypad(sim),
        "pwmio": _Namespace(PWMOut=PWMOut),
        "supervisor": _Namespace(ticks_ms=sim.short_ticks),
        "storage": _Namespace(getmount=lambda root: _Namespace(readonly=readonly)),
        "microcontroller": _Namespace(watchdog=Watchdog()),
        "watchdog": _Namespace(WatchDogMode=_Namespace(RESET="RESET", RAISE="RAISE")),
    }


def config_for(seats, display):
    """firmware/board_config.py with `seats` seat buttons (in a row from its
    first, as its comment wires eight) and `display`, the watchdog off (the
    sim board models none here)."""
    import runpy
    wiring = runpy.run_path(BOARD_CONFIG)      # (not on sys.path when run from the CLI)
    config = {name: value for name, value in wiring.items() if name.isupper()}
    first = config["SEAT_PINS"][0]
    config.update(DISPLAY=display, SEAT_PINS=tuple(range(first, first + seats)), WATCHDOG_MS=0)
    return config


def correct_sh1107_columns(display):
    """Blinka's displayio (2.7) sends the SH1106's column high nibble as
    ((x >> 4) & 0xF0) | 0x10, which is 0x10 for every column: a partial
    refresh right of column 15 lands at the left. CircuitPython's own
    displayio (shared-module/displayio, C) sends ((x >> 4) & 0x0F) | 0x10.
    This gives Blinka's display core that byte, so the tests see what the
    board's displayio sends."""
    core = display._core
    area_of = core.set_region_to_update
    send = core.send
    column = [0, False]     # the region's first column; its column command not sent yet

    def set_region_to_update(area):
        column[0] = area.x1 + core.colstart
        column[1] = True
        try:
            return area_of(area)
        finally:
            column[1] = False

    def send_fixed(data_type, chip_select, data):
        if column[1]:
            column[1] = False       # the first thing sent is the column command
            x = column[0]
            if len(data) == 2 and data[1] == x & 0x0F:
                data = bytes((((x >> 4) & 0x0F) | 0x10, data[1]))
        return send(data_type, chip_select, data)

    core.set_region_to_update = set_region_to_update
    core.send = send_fixed


class CircuitPythonSimBoard(SimBoard):
    """A SimBoard whose display, buttons, buzzer and ticks are those of the
    CircuitPython board (tileclock_cp.board.Board) on stand-in hardware.
    `readonly`: the drive as in edit mode (seat 1 held at power-on)."""

    def __init__(self, seats=4, display="ssd1306", start_ms=0, fs_root=None, watchdog_ms=0, readonly=False):
        super().__init__(seats, display, start_ms, fs_root, watchdog_ms)
        from tileclock_cp.board import make_board
        self.readonly = readonly
        self.hw = hardware(self, display, readonly)
        self.cp = make_board(config_for(seats, display), root=self.fs_root, hw=self.hw)
        self.display = self.cp.display
        if display == "sh1106":
            correct_sh1107_columns(self.display.display)
        panel = self.panel
        self.display.byte_counter = lambda: panel.bytes
        self.buttons = self.cp.buttons
        self.buzzer = self.cp.buzzer
        self.flash_writable = self.cp.flash_writable

    def short_ticks(self):
        """supervisor.ticks_ms(): the virtual clock, wrapping at 2**29."""
        return self._now & SHORT_MASK

    def ticks_ms(self):
        return self.cp.ticks_ms()

    def reboot(self):
        board = CircuitPythonSimBoard(self.seats, self.kind, 0, self.fs_root, self.watchdog_ms, self.readonly)
        board.made_fs = self.made_fs
        self.made_fs = False
        return board
