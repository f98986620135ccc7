# The board for the web page: the same attributes as the real one
# (tileclock.hal.board.make_board, docs/interfaces.md), on the browser.
#
#   display   the real SSD1306/SH1106 driver on the emulated controller the
#             simulator uses (tileclock_host.boards.simboard.SimDisplay), so the
#             canvas shows what the glass would, pixel for pixel
#   buttons   the real debounced Buttons, reading levels the page sets on
#             pointer and key events (press(seat) / release(seat))
#   buzzer    the real Buzzer on a PWM that hands each note to Web Audio
#   ticks_ms  the interpreter's own millisecond counter (the page's clock),
#             wrapped at 2**30 like the Pico's
#   sleep_ms  nothing: the page's loop (page.js) waits between passes
#   fs_root   /flash in the interpreter's file system, which page.js keeps
#             in the browser's storage
#
# MicroPython only (the WebAssembly port); no allocation per pass.
import time

from tileclock import ticks
from tileclock.hal.buttons import Buttons
from tileclock.hal.buzzer import Buzzer
from tileclock_host.boards.simboard import PRESSED, RELEASED, SimDisplay

FS_ROOT = "/flash"


class PagePWM:
    """The buzzer's PWM: every change of pitch or duty goes to `tone(hz,
    duty)` (page.js: an oscillator's frequency and gain)."""

    def __init__(self, tone):
        self.tone = tone
        self.hz = 1000
        self.duty = 0

    def freq(self, hz=None):
        if hz is None:
            return self.hz
        if hz != self.hz:
            self.hz = hz
            if self.duty:
                self.tone(hz, self.duty)

    def duty_u16(self, duty=None):
        if duty is None:
            return self.duty
        if duty != self.duty:
            self.duty = duty
            self.tone(self.hz, duty)


class PageBoard:
    def __init__(self, seats=4, display="ssd1306", tone=None):
        self.seats = seats
        self.kind = display
        self.display = SimDisplay(display)
        self.panel = self.display.i2c
        self.i2c = self.panel
        self.levels = bytearray([RELEASED] * seats)
        self.buttons = Buttons([self._reader(i) for i in range(seats)])
        self.buzzer = Buzzer(PagePWM(tone or _silent))
        self.fs_root = FS_ROOT
        self.safe_mode = None
        self.watchdog_ms = 0
        self.feeds = 0

    def _reader(self, i):
        levels = self.levels
        return lambda: levels[i]

    def ticks_ms(self):
        return ticks.wrap(time.ticks_ms())

    def sleep_ms(self, ms):
        pass

    def feed_watchdog(self):
        self.feeds += 1

    def press(self, seat):
        self._set(seat, PRESSED)

    def release(self, seat):
        self._set(seat, RELEASED)

    def _set(self, seat, level):
        # the level, and its edge timed now (when the page's event came),
        # as the Pico's pin interrupt times it: a press inside a long pass
        # of the loop is still timed where it began
        if 1 <= seat <= self.seats and self.levels[seat - 1] != level:
            self.levels[seat - 1] = level
            self.buttons.edge(seat - 1, level == PRESSED, self.ticks_ms())

    def frame(self):
        """The glass as 128x64 MONO_VLSB bytes."""
        return self.panel.frame()


def _silent(hz, duty):
    pass
