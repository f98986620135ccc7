# An emulated SSD1306/SH1106 controller behind a fake I2C bus.
#
# The simulator and the tests give the real display driver this bus instead
# of a machine.I2C: it decodes the command and data bytes the way the chip
# does (page addressing mode) into its own RAM, so `frame()` is what the
# glass would show -- a driver that forgets to send a change is caught --
# and `bytes` is what the wire would carry. It never allocates per write.
import sys

try:
    from micropython import const  # pyright: ignore[reportAssignmentType]  CPython: the def below
except ImportError:
    def const(x):
        return x

# On CPython nothing is budgeted and a slice is many times faster than the
# byte loop that MicroPython's show() needs (no allocation per frame there).
_SLICES = sys.implementation.name != "micropython"

_CTRL_CMD = const(0x00)
_CTRL_ONE = const(0x80)      # Co=1: one command byte, then another control byte
_CTRL_DATA = const(0x40)

_EXPECT_CONTROL = const(0)
_ONE_COMMAND = const(1)
_COMMANDS = const(2)
_DATA = const(3)

# commands that take one or two argument bytes
_ONE_ARG = b"\x20\x81\x8d\xa8\xad\xd3\xd5\xd8\xd9\xda\xdb"
_TWO_ARGS = b"\x21\x22"


class PanelBus:
    """A fake I2C bus with one OLED at `addr`; `columns` is 128 or 132."""

    def __init__(self, addr=0x3C, columns=128, offset=0, width=128, pages=8):
        self.addr = addr
        self.columns = columns
        self.offset = offset     # first RAM column on the glass (2 on the SH1106)
        self.width = width
        self.pages = pages
        self.ram = bytearray(columns * pages)
        self.on = False
        self.contrast = 0x7F
        self.inverted = False
        self.page = 0
        self.column = 0
        self.bytes = 0           # every byte after the address byte
        self.writes = 0
        self.fail = False        # set to make the next writes raise OSError (EIO)
        self._frame = bytearray(width * pages)
        self._pending = 0        # argument bytes still expected
        self._last = 0           # the command they belong to

    def scan(self):
        return [self.addr]

    def writeto(self, addr, buf):
        """One I2C transaction: a control byte, then commands or data."""
        if self.fail or addr != self.addr:
            raise OSError(5)     # EIO: nobody acknowledged
        self.writes += 1
        self._feed(_EXPECT_CONTROL, buf)
        return len(buf)

    def writevto(self, addr, bufs):
        """One transaction made of several buffers (micropython-lib drivers)."""
        if self.fail or addr != self.addr:
            raise OSError(5)
        self.writes += 1
        mode = _EXPECT_CONTROL
        n = 0
        for buf in bufs:
            mode = self._feed(mode, buf)
            n += len(buf)
        return n

    def _feed(self, mode, buf):
        n = len(buf)
        self.bytes += n
        i = 0
        while i < n:
            if mode == _DATA:
                self._data_run(buf, i, n)      # the rest is display data
                return mode
            b = buf[i]
            i += 1
            if mode == _EXPECT_CONTROL:
                if b == _CTRL_ONE:
                    mode = _ONE_COMMAND
                elif b == _CTRL_CMD:
                    mode = _COMMANDS
                elif b == _CTRL_DATA:
                    mode = _DATA
                else:
                    raise ValueError("bad control byte 0x%02x" % b)
            else:
                self._command(b)
                if mode == _ONE_COMMAND:
                    mode = _EXPECT_CONTROL
        return mode

    def _data_run(self, buf, i, n):
        # buf[i:n] is display data: as _data() a byte at a time, the bytes
        # past the page's last column dropped (the column still counts them)
        count = n - i
        if self.page < self.pages and self.column < self.columns:
            take = min(count, self.columns - self.column)
            at = self.page * self.columns + self.column
            ram = self.ram
            if _SLICES:
                ram[at:at + take] = buf[i:i + take]
            else:
                for k in range(take):       # (a slice would allocate: show() must not)
                    ram[at + k] = buf[i + k]
        self.column += count

    def _command(self, c):
        if self._pending:
            self._pending -= 1
            if self._last == 0x81:
                self.contrast = c
            return
        self._last = c
        if c in _ONE_ARG:
            self._pending = 1
        elif c in _TWO_ARGS:
            self._pending = 2
        elif c == 0xAE:
            self.on = False
        elif c == 0xAF:
            self.on = True
        elif c == 0xA6:
            self.inverted = False
        elif c == 0xA7:
            self.inverted = True
        elif c & 0xF0 == 0xB0:
            self.page = c & 0x0F
        elif c < 0x10:
            self.column = (self.column & 0xF0) | c
        elif c < 0x20:
            self.column = (self.column & 0x0F) | ((c & 0x0F) << 4)

    def _data(self, b):
        if self.page < self.pages and self.column < self.columns:
            self.ram[self.page * self.columns + self.column] = b
        self.column += 1

    def frame(self):
        """The glass: width x 8*pages pixels, MONO_VLSB, inversion applied;
        dark while the display is switched off (0xAE: the box at rest), though
        its RAM keeps the picture for the display-on that wakes it."""
        out = self._frame
        width = self.width
        if not self.on:
            for i in range(len(out)):
                out[i] = 0
            return out
        for page in range(self.pages):
            src = page * self.columns + self.offset
            dst = page * width
            ram = self.ram
            flip = 0xFF if self.inverted else 0
            for x in range(width):
                out[dst + x] = ram[src + x] ^ flip
        return out
