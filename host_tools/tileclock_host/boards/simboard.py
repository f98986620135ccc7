# The simulated board: the same attributes as the real one
# (tileclock.hal.board.make_board, docs/interfaces.md), on a virtual clock.
#
#   display   the real SSD1306/SH1106 driver on an emulated controller, so
#             `bytes_sent` is what the I2C wire would carry and `frame()` is
#             what the glass shows
#   buttons   the real debounced Buttons, reading pin levels that a script
#             sets: press(seat, at)/release(seat, at)/tap(seat, at, hold_ms)
#   buzzer    the real Buzzer on a silent PWM; `buzzer.log` lists
#             (tick, cue, notes) for every tune that started
#   ticks_ms() a virtual counter that wraps at 2**30 like the Pico's and can
#             start anywhere (start_ms=TICKS_MAX - 5000 crosses the wrap soon)
#   sleep_ms(ms) moves virtual time on by ms: an hour of play in seconds
#   fs_root   a fresh folder (or the one given); close() removes a fresh one
#   feed_watchdog() counts `feeds`; with watchdog_ms (like board_config's
#             WATCHDOG_MS) the board also models the hardware watchdog: when
#             virtual time runs on past watchdog_ms since the last feed, the
#             board "resets": sleep_ms raises WatchdogReset (a BaseException,
#             as nothing of the app's may catch a reset), and reboot() gives
#             the board that boots next, on the same flash folder
#
# It runs on MicroPython too (the simulator runs the firmware on the unix
# port), so it keeps to the MicroPython subset; picture export lives in
# tileclock_host.frames (CPython, Pillow).
try:
    import framebuf  # noqa: F401
except ImportError:
    from tileclock_host import shims
    shims.install()
import os

from tileclock import ticks
from tileclock.hal.buttons import Buttons
from tileclock.hal.buzzer import Buzzer
from tileclock.hal.display import make_display
from tileclock_host.boards.panel import PanelBus

RELEASED = 1   # pull-up: a released button reads 1
PRESSED = 0

# How long the simulated players hold a button (hal/buttons.py decides):
# a tap, a long press (past LONG_MS, let go well before MENU_MS: back or
# undo) and a hold on to the menu (past MENU_MS). One place for the
# simulator, its scripts, the terminal and the tests.
TAP_MS = 80
LONG_HOLD_MS = 1000
MENU_HOLD_MS = 2800


class SilentPWM:
    """A PWM that remembers its last setting (the simulator makes no sound)."""

    def __init__(self):
        self.hz = 0
        self.duty = 0

    def freq(self, hz=None):
        if hz is None:
            return self.hz
        self.hz = hz

    def duty_u16(self, duty=None):
        if duty is None:
            return self.duty
        self.duty = duty


class SimBuzzer(Buzzer):
    """The real buzzer on a SilentPWM, logging each tune that starts."""

    def __init__(self):
        self.pwm = SilentPWM()
        super().__init__(self.pwm)
        self.log = []            # (tick, cue, notes)

    def play(self, cue, now):
        started = super().play(cue, now)
        if started:
            self.log.append((now, cue, self._tunes[cue]))
        return started


def SimDisplay(kind="ssd1306", addr=0x3C):
    """The real driver for `kind` on an emulated controller (display.i2c)."""
    if kind == "sh1106":
        bus = PanelBus(addr, columns=132, offset=2)
    else:
        bus = PanelBus(addr)
    return make_display(kind, bus, addr)


_made = [0]
_seeded = []


def random_bytes(n):
    """The simulated board's random source: the box's (os.urandom); with
    $TILECLOCK_SIM_SEED a generator seeded with it, so that a bench sees the
    same flash folders and evening names at every run. (Their hashes move
    the heap's layout: the tour's largest free block went from 8.6 to 12.0
    KB between runs of the same firmware.)"""
    seed = os.getenv("TILECLOCK_SIM_SEED") if hasattr(os, "getenv") else None
    if not seed:            # the box's own source (the web page's port has no urandom)
        from tileclock.store.journal import random_bytes as box_random
        return box_random(n)
    import random
    if not _seeded:
        random.seed(int(seed))
        _seeded.append(seed)
    return bytes([random.getrandbits(8) for _ in range(n)])


def _temp_folder():
    """A fresh folder for a board's flash, in $TILECLOCK_SIM_TMP (the test
    runners point it at a folder of their own and remove it) or /tmp. The
    name is unique across processes started in the same second: random
    bytes and a counter, and mkdir refuses a name that exists."""
    parent = os.getenv("TILECLOCK_SIM_TMP") or "/tmp"
    while True:
        _made[0] += 1
        token = ""
        for b in random_bytes(6):
            token += "%02x" % b
        path = "%s/tileclock-sim-%s-%d" % (parent.rstrip("/"), token, _made[0])
        try:
            os.mkdir(path)
            return path
        except OSError as e:
            if e.args and e.args[0] == 17:      # EEXIST: draw again
                continue
            raise


def remove_tree(path):
    """Remove folder `path` and everything in it (shutil is CPython's),
    names that aren't UTF-8 included (FS.listdir gives them as bytes)."""
    from tileclock.store.fs import FS, join
    for name in FS().listdir(path):
        full = join(path, name)
        if isinstance(full, str) and os.stat(full)[0] & 0o170000 == 0o040000:
            remove_tree(full)
        else:
            os.remove(full)
    os.rmdir(path)


class WatchdogReset(BaseException):
    """The simulated watchdog reset the board (SimBoard.sleep_ms raised it)."""


class SimBoard:
    def __init__(self, seats=4, display="ssd1306", start_ms=0, fs_root=None, watchdog_ms=0, battery=None):
        self._now = ticks.wrap(start_ms)
        self.display = SimDisplay(display)
        self.panel = self.display.i2c
        self.levels = bytearray([RELEASED] * seats)
        self.buttons = Buttons([self._reader(i) for i in range(seats)])
        self.buzzer = SimBuzzer()
        self.made_fs = fs_root is None     # close() removes a folder it made
        self.fs_root = fs_root if fs_root is not None else _temp_folder()
        self.feeds = 0
        self.slept_ms = 0
        self._script = []        # (tick, seat, level), in time order
        self.seats = seats
        self.kind = display
        self.watchdog_ms = watchdog_ms   # 0: no watchdog (as board_config's 0)
        self.fed_at = self._now          # the watchdog starts with the board
        self.longest_unfed = 0           # the longest gap between feeds, ms
        self.reset_at = None             # when the watchdog reset the board
        self.battery_kind = battery      # (KIND, CELLS), or None: USB alone (simbattery.py)
        self.supply = self.battery = None
        if battery is not None:
            from tileclock_host.boards import simbattery
            self.supply, self.battery = simbattery.make(battery)

    def close(self):
        """Remove the flash folder if this board made it (a fresh temporary
        one); a folder handed in stays."""
        if self.made_fs:
            self.made_fs = False
            try:
                remove_tree(self.fs_root)
            except OSError:
                pass

    def _reader(self, i):
        levels = self.levels
        return lambda: levels[i]

    # -- time -------------------------------------------------------------

    def ticks_ms(self):
        return self._now

    def sleep_ms(self, ms):
        """Idle for ms of virtual time, applying scripted pin changes."""
        if ms > 0:
            self.slept_ms += ms
            self._advance(ticks.ticks_add(self._now, ms))

    def _advance(self, until):
        if self.reset_at is not None:
            raise WatchdogReset("the board was reset at %d" % self.reset_at)
        if self.watchdog_ms:
            due = ticks.ticks_add(self.fed_at, self.watchdog_ms)
            if ticks.ticks_diff(until, due) > 0:
                # unfed past the timeout: the board resets at `due`
                self._advance_pins(due)
                self.reset_at = due
                self.longest_unfed = self.watchdog_ms
                raise WatchdogReset("watchdog: not fed for %d ms" % self.watchdog_ms)
        self._advance_pins(until)

    def _advance_pins(self, until):
        script = self._script
        while script and ticks.ticks_diff(until, script[0][0]) >= 0:
            t, seat, level = script.pop(0)
            self._pin(seat, level, t)
        self._now = until

    def _pin(self, seat, level, t):
        # the pin's level, and its edge at tick t as the Pico's interrupt
        # catches it (hal/buttons.py): a change inside a long sleep (a long
        # pass) is timed when it happened
        if self.levels[seat - 1] != level:
            self.levels[seat - 1] = level
            self.buttons.edge(seat - 1, level == PRESSED, t)

    def feed_watchdog(self):
        self.feeds += 1
        gap = ticks.ticks_diff(self._now, self.fed_at)
        if gap > self.longest_unfed:
            self.longest_unfed = gap
        self.fed_at = self._now

    def reboot(self):
        """The board after a reset (the watchdog's, or a power cut): the same
        flash folder, seats, display and watchdog; the tick counter from 0,
        the buttons released, nothing scripted. This board's close() no
        longer removes the folder: the new one's does."""
        board = SimBoard(self.seats, self.kind, 0, self.fs_root, self.watchdog_ms)
        if self.supply is not None:
            from tileclock_host.boards import simbattery
            board.battery_kind = self.battery_kind
            board.supply, board.battery = simbattery.make(self.battery_kind, self.supply)
        board.made_fs = self.made_fs
        self.made_fs = False
        return board

    # -- buttons ----------------------------------------------------------

    def set_level(self, seat, level, at=None):
        """Seat's pin reads `level` from tick `at` on (now if None)."""
        if not 1 <= seat <= len(self.levels):
            raise ValueError("no seat %d on a %d-seat board" % (seat, len(self.levels)))
        if at is None or ticks.ticks_diff(at, self._now) <= 0:
            self._pin(seat, level, self._now)
            return
        script = self._script
        i = len(script)
        while i and ticks.ticks_diff(script[i - 1][0], at) > 0:
            i -= 1
        script.insert(i, (at, seat, level))

    def press(self, seat, at=None):
        self.set_level(seat, PRESSED, at)

    def release(self, seat, at=None):
        self.set_level(seat, RELEASED, at)

    def tap(self, seat, at=None, hold_ms=TAP_MS):
        """A short press: down at `at` (or now), up hold_ms later."""
        if at is None:
            at = self._now
        self.press(seat, at)
        self.release(seat, ticks.ticks_add(at, hold_ms))

    def hold(self, seat, at=None, hold_ms=LONG_HOLD_MS):
        """A long press, released after hold_ms (LONG_HOLD_MS: back or
        undo; MENU_HOLD_MS: the menu)."""
        self.tap(seat, at, hold_ms)

    def pending(self):
        """Scripted pin changes still to come."""
        return len(self._script)

    # -- what the players see and hear ------------------------------------

    def frame(self):
        """The glass as 128x64 MONO_VLSB bytes (what show() delivered)."""
        return self.panel.frame()

    def text_rows(self):
        """The glass as 64 strings of '#' and '.', for failing asserts."""
        f = self.frame()
        rows = []
        for y in range(64):
            bit = 1 << (y & 7)
            base = (y >> 3) * 128
            rows.append("".join("#" if f[base + x] & bit else "." for x in range(128)))
        return rows


def from_config(config=None, **kw):
    """A SimBoard with the seats and display of board_config (or `config`)."""
    if config is None:
        import board_config as config
    return SimBoard(seats=len(config.SEAT_PINS), display=config.DISPLAY, **kw)
