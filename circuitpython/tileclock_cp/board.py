# The board on CircuitPython: the same attributes as MicroPython's
# (tileclock.hal.board, docs/interfaces.md) from CircuitPython's own modules,
# wired as board_config.py says (the same file, the same GP numbers).
#
#   display   a displayio display (adafruit_displayio_ssd1306 / _sh1106) on
#             I2C, drawn through DisplayCanvas (canvas.py): the framebuf
#             calls the screens make, on a displayio bitmap
#   buttons   keypad.Keys (debounced in C, each event with its time) turned
#             into the PRESS and LONG events the app reads (KeypadButtons)
#   buzzer    the firmware's Buzzer on pwmio.PWMOut (PWMAdapter gives it the
#             freq() / duty_u16() of machine.PWM)
#   ticks_ms  supervisor.ticks_ms(), which wraps at 2**29, carried on to the
#             2**30 counter of the Pico's MicroPython (Ticks): the firmware's
#             tick arithmetic (tileclock/ticks.py) is one for every board
#   fs_root   "/", the CIRCUITPY drive: writable by the clock when boot.py
#             remounted it so (no seat held at power-on), else read-only
#             (`flash_writable` says which; the computer may write then)
#
# Nothing here touches the hardware at import; make_board() builds it all.
# The hardware modules are handed in (`hw`: board, busio, keypad, pwmio,
# supervisor, storage, displayio, i2cdisplaybus and the display drivers), so
# the host tests build this board on CPython with Blinka's displayio.
from tileclock import events, ticks
from tileclock.hal.board import check_config
from tileclock.hal.buzzer import Buzzer

_SHORT_PERIOD = 1 << 29         # supervisor.ticks_ms() wraps here
_SHORT_MASK = _SHORT_PERIOD - 1
_QUEUE = 16                     # button events waiting for the app (as hal/buttons.py)
LONG_MS = 700                   # held this long: LONG instead of PRESS (as hal/buttons.py)


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
        taken at or before long tick `now`."""
        age = (self._last - short) & _SHORT_MASK
        return ticks.ticks_add(now, -age)


class KeypadButtons:
    """The seat buttons from keypad.Keys events, with the interface of
    tileclock.hal.buttons.Buttons: poll(now) -> PRESS or LONG (events.make),
    is_down, down_at, clear. keypad debounces in C and times each edge, so a
    press is timed when the contact closed, not when the loop polled."""

    def __init__(self, keys, seats, ticks_of, event=None, long_ms=LONG_MS):
        self._keys = keys
        self.seats = seats
        self.long_ms = long_ms
        self._ticks = ticks_of          # Ticks: a keypad timestamp -> the app's ticks
        self._event = event             # a keypad.Event, reused: no allocation per poll
        self._down = bytearray(seats)
        self._long = bytearray(seats)   # LONG already given for this press
        self._down_at = [0] * seats
        self._queue = bytearray(_QUEUE)
        self._head = 0
        self._count = 0
        self.dropped = 0

    def _push(self, event):
        if self._count == _QUEUE:
            self.dropped += 1
            return
        self._queue[(self._head + self._count) % _QUEUE] = event
        self._count += 1

    def poll(self, now):
        ev = self._event
        queue = self._keys.events
        while queue.get_into(ev):
            i = ev.key_number
            if i >= self.seats:
                continue
            if ev.pressed:
                self._down[i] = 1
                self._long[i] = 0
                self._down_at[i] = self._ticks.at(ev.timestamp, now)
            elif self._down[i]:
                self._down[i] = 0
                if not self._long[i]:
                    self._push(events.make(events.PRESS, i + 1))
        for i in range(self.seats):
            if self._down[i] and not self._long[i] and ticks.ticks_diff(now, self._down_at[i]) >= self.long_ms:
                self._long[i] = 1
                self._push(events.make(events.LONG, i + 1))
        if not self._count:
            return events.NONE
        event = self._queue[self._head]
        self._head = (self._head + 1) % _QUEUE
        self._count -= 1
        return event

    def is_down(self, seat):
        return bool(self._down[seat - 1])

    def down_at(self, seat):
        return self._down_at[seat - 1]

    def clear(self):
        """Forget waiting events and the presses in progress (a press held
        now gives nothing on release)."""
        self._count = 0
        for i in range(self.seats):
            if self._down[i]:
                self._long[i] = 1


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

    def __init__(self, config, hw, root="/"):
        problems = check_config(config)
        if problems:
            raise ValueError("board_config.py: " + "; ".join(problems))
        pins = hw["board"]
        pin = lambda n: getattr(pins, "GP%d" % n)    # noqa: E731 - the config's GP numbers
        self.config = config
        self.fs_root = root
        self.safe_mode = None
        self.watchdog_ms = 0            # (CircuitPython's watchdog is not used)
        self.supervisor = hw["supervisor"]
        self.ticks_ms = Ticks(self.supervisor.ticks_ms)
        self._sleep = hw.get("sleep")   # time.sleep (seconds)
        storage = hw.get("storage")
        self.flash_writable = True
        if storage is not None:
            self.flash_writable = not storage.getmount(root).readonly

        seat_pins = [pin(n) for n in _get(config, "SEAT_PINS", ())]
        keypad = hw["keypad"]
        keys = keypad.Keys(seat_pins, value_when_pressed=False, pull=True)
        self.buttons = KeypadButtons(keys, len(seat_pins), self.ticks_ms, keypad.Event())

        pwm = hw["pwmio"].PWMOut(pin(_get(config, "BUZZER_PIN")), frequency=1000, duty_cycle=0,
                                 variable_frequency=True)
        self.buzzer = Buzzer(PWMAdapter(pwm))

        displayio = hw["displayio"]
        displayio.release_displays()
        self.i2c = hw["busio"].I2C(pin(_get(config, "I2C_SCL")), pin(_get(config, "I2C_SDA")),
                                   frequency=_get(config, "I2C_FREQ", 400000))
        bus = hw["i2cdisplaybus"].I2CDisplayBus(self.i2c, device_address=_get(config, "DISPLAY_ADDR", 0x3C))
        kind = _get(config, "DISPLAY")
        if kind == "sh1106":
            # the 1.3" modules show RAM columns 2..129 of the SH1106's 132
            display = hw["sh1106"].SH1106(bus, width=128, height=64, auto_refresh=False, colstart=2)
        else:
            display = hw["ssd1306"].SSD1306(bus, width=128, height=64, auto_refresh=False)
        if _get(config, "DISPLAY_FLIP", False):
            display.rotation = 180
        from tileclock_cp.canvas import DisplayCanvas
        self.display = DisplayCanvas(display)

    def sleep_ms(self, ms):
        if ms > 0 and self._sleep is not None:
            self._sleep(ms / 1000)

    def feed_watchdog(self):
        pass


def hardware():
    """CircuitPython's modules for the board (on the device)."""
    import board
    import busio
    import displayio
    import keypad
    import pwmio
    import storage
    import supervisor
    import time
    try:
        import i2cdisplaybus
    except ImportError:         # CircuitPython 8: the bus is displayio's
        i2cdisplaybus = _Displayio8Bus(displayio)
    import adafruit_displayio_sh1106
    import adafruit_displayio_ssd1306
    return {"board": board, "busio": busio, "displayio": displayio, "keypad": keypad, "pwmio": pwmio,
            "storage": storage, "supervisor": supervisor, "sleep": time.sleep, "i2cdisplaybus": i2cdisplaybus,
            "ssd1306": adafruit_displayio_ssd1306, "sh1106": adafruit_displayio_sh1106}


class _Displayio8Bus:
    def __init__(self, displayio):
        self.I2CDisplayBus = displayio.I2CDisplay


def make_board(config=None, hw=None, root="/"):
    """The board from board_config (or `config`), on CircuitPython's modules
    (or `hw`, the tests' stand-ins)."""
    if config is None:
        import board_config as config
    return Board(config, hw if hw is not None else hardware(), root)
