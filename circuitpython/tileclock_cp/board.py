# The board on CircuitPython: the same attributes as MicroPython's
# (tileclock.hal.board, docs/interfaces.md) from CircuitPython's own modules,
# wired as board_config.py says (the same file, the same GP numbers).
#
#   display   a displayio display (adafruit_displayio_ssd1306 / _sh1106) on
#             I2C, drawn through DisplayCanvas (canvas.py): the framebuf
#             calls the screens make, on a displayio bitmap
#   buttons   keypad.Keys (debounced in C, each event with its time) turned
#             into the PRESS, HOLD, LONG and MENU events the app reads (KeypadButtons)
#   buzzer    the firmware's Buzzer on pwmio.PWMOut (PWMAdapter gives it the
#             freq() / duty_u16() of machine.PWM)
#   ticks_ms  supervisor.ticks_ms(), which wraps at 2**29, carried on to the
#             2**30 counter of the Pico's MicroPython (Ticks): the firmware's
#             tick arithmetic (tileclock/ticks.py) is one for every board
#   fs_root   "/", the CIRCUITPY drive: writable by the clock when boot.py
#             remounted it so (no seat held at power-on), else read-only
#             (`flash_writable` says which; the computer may write then)
#
# Nothing here touches the hardware at import; make_board() builds it all,
# from CircuitPython's modules, imported here by name so the type check
# (circuitpython/pyrightconfig.json) sees each call against CircuitPython's
# API. On CPython they are not there, and the host tests hand in stand-ins
# (make_board's `hw`: tileclock_host/boards/cpboard.py), set in their place.
import sys

from tileclock import ticks
from tileclock.hal.buttons import LONG_MS, STAGE_OVER, STAGE_SHORT, Buttons
from tileclock.hal.buzzer import Buzzer

try:
    import board
    import busio
    import displayio
    import i2cdisplaybus
    import keypad
    import microcontroller
    import pwmio
    import storage
    import supervisor
    import watchdog
except ImportError:             # CPython: make_board(hw=...) sets them
    board = busio = displayio = i2cdisplaybus = keypad = microcontroller = None
    pwmio = storage = supervisor = watchdog = None

_SHORT_PERIOD = 1 << 29         # supervisor.ticks_ms() wraps here
_SHORT_MASK = _SHORT_PERIOD - 1
# keypad scans every 10 ms and takes a level seen twice in a row: held 20 ms,
# as hal/buttons.py's DEBOUNCE_MS
SCAN_S = 0.010
DEBOUNCE_SCANS = 2
# Time marks while a clock runs (tileclock.app.App.mark_ms): every 30 s
# here, not 5: each write to the FAT drive erases a 4 KB flash sector that
# nothing levels the wear of (a cut loses at most 30 s of the clock)
TIME_MARK_MS = 30000


class Ticks:
    """A 2**30 tick counter from a 2**29 one (`read`: supervisor.ticks_ms):
    each time the short counter wraps, the high bit flips. Read at least
    once every 2**28 ms (three days): the app reads it at every pass."""

    def __init__(self, read):
        self._read = read
        self._last = read()
        self._high = 0

    def __call__(self):
        t = self._read()
        if t < self._last:
            self._high ^= _SHORT_PERIOD
        self._last = t
        return self._high | t

    def at(self, short, now):
        """The long tick of short tick `short` (a keypad event's timestamp),
        `now` being the long tick of the last read. keypad scans on its own,
        so an event may be stamped after that read: it is taken as `now`."""
        age = (self._last - short) & _SHORT_MASK
        if age >= _SHORT_PERIOD >> 1:
            age = 0         # later than the last read, not 2**29 ms ago
        return ticks.ticks_add(now, -age)


def _released():
    return 1


class KeypadButtons(Buttons):
    """The seat buttons from keypad.Keys events: the firmware's Buttons
    (its event queue, is_down, down_at, clear) with another poll(now).
    keypad debounces in C and times each edge, so a press is timed when the
    contact closed, not when the loop polled."""

    def __init__(self, keys, seats, ticks_of, event=None, long_ms=LONG_MS):
        # (the readers are never read: keypad's events set the state)
        super().__init__([_released] * seats, long_ms=long_ms)
        self._keys = keys
        self._ticks = ticks_of          # Ticks: a keypad timestamp -> the app's ticks
        self._event = event             # a keypad.Event, reused: no allocation per poll

    def _drain(self, now, quiet):
        ev = self._event
        queue = self._keys.events
        if queue.overflowed:
            # events were lost (the loop was away too long): start again
            # from the keys as they are, every press in progress spent
            queue.clear()
            self._keys.reset()
            for i in range(self.seats):
                self._stage[i] = STAGE_OVER
        while queue.get_into(ev):
            i = ev.key_number
            if i >= self.seats:
                continue
            at = self._ticks.at(ev.timestamp, now)
            if ev.pressed:
                self._down[i] = 1
                self._stage[i] = STAGE_OVER if quiet else STAGE_SHORT
                self._down_at[i] = at
            elif self._down[i]:
                self._down[i] = 0
                # (press and release both waiting: judged by keypad's times)
                self._released(i, ticks.ticks_diff(at, self._down_at[i]), at)

    def settle(self, now):
        """Take what keypad has queued without giving an event, a press in
        progress spent (code.py, after the first screen: seat 1 held for
        edit mode is no press of the clock's)."""
        self._drain(now, True)
        self.clear()

    def poll(self, now):
        self._drain(now, False)
        for i in range(self.seats):
            while self._down[i]:
                due = self._hold_due(i)
                if due < 0 or ticks.ticks_diff(now, due) < 0:
                    break
                self._held_on(i, due)
        return self._next()


class PWMAdapter:
    """pwmio.PWMOut (made with variable_frequency=True) as the machine.PWM
    the firmware's Buzzer drives: freq(hz) and duty_u16(duty)."""

    def __init__(self, pwm):
        self._pwm = pwm

    def freq(self, hz=None):
        if hz is None:
            return self._pwm.frequency
        self._pwm.frequency = hz

    def duty_u16(self, duty=None):
        if duty is None:
            return self._pwm.duty_cycle
        self._pwm.duty_cycle = duty


def _get(config, name, default=None):
    if isinstance(config, dict):
        return config.get(name, default)
    return getattr(config, name, default)


class Board:
    """The board on CircuitPython; build it with make_board()."""

    def __init__(self, config, root="/", sleep=None):
        from tileclock.hal.board import check_config
        problems = check_config(config)
        if problems:
            raise ValueError("board_config.py: " + "; ".join(problems))

        def pin(n):                     # the config's GP numbers
            return getattr(board, "GP%d" % n)

        self.config = config
        self.fs_root = root
        self.safe_mode = None
        self.ticks_ms = Ticks(supervisor.ticks_ms)
        self._sleep = sleep             # time.sleep (seconds)
        self.flash_writable = not storage.getmount(root).readonly

        seat_pins = [pin(n) for n in _get(config, "SEAT_PINS", ())]
        keys = keypad.Keys(seat_pins, value_when_pressed=False, pull=True, interval=SCAN_S,
                           debounce_threshold=DEBOUNCE_SCANS)
        self.buttons = KeypadButtons(keys, len(seat_pins), self.ticks_ms, keypad.Event())

        pwm = pwmio.PWMOut(pin(_get(config, "BUZZER_PIN", 18)), frequency=1000, duty_cycle=0,
                           variable_frequency=True)
        self.buzzer = Buzzer(PWMAdapter(pwm))

        displayio.release_displays()
        self.i2c = busio.I2C(pin(_get(config, "I2C_SCL", 5)), pin(_get(config, "I2C_SDA", 4)),
                             frequency=_get(config, "I2C_FREQ", 400000))
        bus = i2cdisplaybus.I2CDisplayBus(self.i2c, device_address=_get(config, "DISPLAY_ADDR", 0x3C))
        if _get(config, "DISPLAY") == "sh1106":
            import adafruit_displayio_sh1106
            # the 1.3" modules show RAM columns 2..129 of the SH1106's 132
            display = adafruit_displayio_sh1106.SH1106(bus, width=128, height=64, auto_refresh=False,
                                                       colstart=2)
        else:
            import adafruit_displayio_ssd1306
            display = adafruit_displayio_ssd1306.SSD1306(bus, width=128, height=64, auto_refresh=False)
        if _get(config, "DISPLAY_FLIP", False):
            display.rotation = 180
        from tileclock_cp.canvas import DisplayCanvas
        self.display = DisplayCanvas(display)

        # Last: from here on the loop must feed it (App.step, App.boot). In
        # edit mode the computer is at the drive: no watchdog resets under it.
        self._wdt = None
        self.watchdog_ms = 0
        wdt_ms = _get(config, "WATCHDOG_MS", 0)
        dog = microcontroller.watchdog
        if wdt_ms and self.flash_writable and dog is not None:
            dog.timeout = wdt_ms / 1000
            dog.mode = watchdog.WatchDogMode.RESET
            self._wdt = dog
            self.watchdog_ms = wdt_ms
        if sys.implementation.name == "circuitpython":
            # on the board: hal/board.py (for check_config) brought the
            # MicroPython display driver along, not needed here
            from tileclock.modules import forget
            forget(("tileclock.hal.board", "tileclock.hal.display"))

    def sleep_ms(self, ms):
        if ms > 0 and self._sleep is not None:
            self._sleep(ms / 1000)

    def feed_watchdog(self):
        if self._wdt is not None:
            self._wdt.feed()


def make_board(config=None, root="/", hw=None):
    """The board from board_config (or `config`: a module, object or dict).
    `hw`: stand-ins for CircuitPython's modules, by name (the host tests)."""
    if config is None:
        import board_config as config
    sleep = None
    if hw is not None:
        globals().update(hw)
    else:
        import time
        sleep = time.sleep
    return Board(config, root, sleep)
