# SSD1306 (0.96") and SH1106 (1.3") 128x64 OLED drivers over I2C.
#
# Like micropython-lib's ssd1306.py the driver *is* the canvas: a
# framebuf.FrameBuffer subclass (MONO_VLSB, one byte = 8 rows of a column)
# with width, height and show(). Unlike it, show() sends only what changed
# since the last show(): it keeps a shadow copy of the panel's RAM and, per
# 8-row page, sends the changed columns rounded out to 8-column blocks.
# Both controllers are driven in page addressing mode (the only mode the
# SH1106 has), so one code path serves both; the SH1106 shows columns 2..129
# of its 132-column RAM.
#
# Bus cost at 400 kHz, 9 bit times per byte: a full frame is 8 pages x
# (4 command + 129 data bytes) = 1064 bytes, about 24 ms; one changed 8x8
# digit is 4 + 9 bytes, about 0.3 ms. `bytes_sent` counts every byte handed
# to the bus after the address byte; `writes` counts transactions.
#
# The bus is any object with writeto(addr, buf) (a machine.I2C, or a fake
# one in tests and on the simulator: tileclock_host.boards.panel). Nothing here
# touches `machine`.
import framebuf

from micropython import const

_CTRL_CMD = const(0x00)      # control byte: a run of commands follows
_CTRL_DATA = const(0x40)     # control byte: a run of RAM data follows
_SET_CONTRAST = const(0x81)
_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
_NORMAL = const(0xA6)        # | 1 inverts
_SEG_REMAP = const(0xA0)     # | 1 mirrors columns
_COM_DIR = const(0xC0)       # | 8 scans rows bottom-up
_PAGE_ADDR = const(0xB0)     # | page (page addressing mode)
_COL_LOW = const(0x00)       # | low nibble of the column
_COL_HIGH = const(0x10)      # | high nibble of the column
_BLOCK = const(8)            # columns are sent in blocks of 8

# Init sequences: control byte, then (command, arguments ...) runs. The
# display is left off; __init__ clears the RAM and then turns it on.
_SSD1306_INIT = bytes((
    _CTRL_CMD, _DISPLAY_OFF,
    0x20, 0x02,              # memory addressing: page mode
    0x40,                    # start line 0
    0xA1,                    # column 127 is SEG0 (with 0xC8: not upside down)
    0xA8, 63,                # multiplex ratio: 64 rows
    0xC8,                    # COM scan from the bottom
    0xD3, 0x00,              # no vertical offset
    0xDA, 0x12,              # COM pins: alternative, for 64 rows
    0xD5, 0x80,              # clock divide / oscillator: the reset value
    0xD9, 0xF1,              # pre-charge for the internal charge pump
    0xDB, 0x30,              # VCOMH deselect level
    0x81, 0xFF,              # contrast
    0xA4,                    # show RAM (not all on)
    0xA6,                    # not inverted
    0x8D, 0x14,              # charge pump on (modules without external VCC)
))

_SH1106_INIT = bytes((
    _CTRL_CMD, _DISPLAY_OFF,
    0xD5, 0x80,              # clock divide / oscillator
    0xA8, 63,                # multiplex ratio: 64 rows
    0xD3, 0x00,              # no vertical offset
    0x40,                    # start line 0
    0xAD, 0x8B,              # DC-DC converter on
    0xA1,                    # column remap (with 0xC8: not upside down)
    0xC8,                    # COM scan from the bottom
    0xDA, 0x12,              # COM pins: alternative
    0x81, 0xFF,              # contrast
    0xD9, 0x1F,              # pre-charge / discharge
    0xDB, 0x40,              # VCOM deselect level
    0x32,                    # charge pump output 8.0 V
    0xA4,                    # show RAM
    0xA6,                    # not inverted
))


class Oled(framebuf.FrameBuffer):
    """A 1-bit page-addressed OLED on I2C; use SSD1306 or SH1106."""

    COLUMN_OFFSET = 0
    INIT = _SSD1306_INIT

    def __init__(self, i2c, addr=0x3C, width=128, height=64):
        if width % _BLOCK or height % 8 or width > 128 or height > 64:
            raise ValueError("display size must be up to 128x64, in 8-pixel steps")
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.height = height
        self.pages = height // 8
        self.buffer = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.bytes_sent = 0
        self.writes = 0
        self.errors = 0            # bus errors survived (a loose wire)
        self._shadow = bytearray(self.pages * width)   # what the panel's RAM holds
        self._cmd = bytearray(4)   # control byte + up to 3 command bytes
        self._cmd3 = memoryview(self._cmd)[:3]
        self._cmd2 = memoryview(self._cmd)[:2]
        self._tx = bytearray(1 + width)
        self._tx[0] = _CTRL_DATA
        tx = memoryview(self._tx)
        # views of 1 + 8, 1 + 16 ... 1 + width bytes: sending needs no slicing
        self._views = [tx[:1 + n * _BLOCK] for n in range(width // _BLOCK + 1)]
        self._full = True
        self._write(self.INIT)
        self.show()                # clear the panel's RAM before lighting it
        self.poweron()

    # -- commands ---------------------------------------------------------

    def _write(self, buf):
        try:
            self.i2c.writeto(self.addr, buf)
        except OSError:            # EIO/ETIMEDOUT: count it, redraw all later
            self.errors += 1
            self._full = True
            return False
        self.bytes_sent += len(buf)
        self.writes += 1
        return True

    def _command(self, c, arg=-1):
        cmd = self._cmd
        cmd[0] = _CTRL_CMD
        cmd[1] = c
        if arg < 0:
            return self._write(self._cmd2)
        cmd[2] = arg
        return self._write(self._cmd3)

    def poweroff(self):
        self._command(_DISPLAY_OFF)

    def poweron(self):
        self._command(_DISPLAY_ON)

    def contrast(self, value):
        """0 (dim, still visible) .. 255 (bright)."""
        self._command(_SET_CONTRAST, value & 0xFF)

    def invert(self, on):
        self._command(_NORMAL | (1 if on else 0))

    def rotate(self, upside_down):
        """Turn the picture 180 degrees (for a panel mounted the other way)."""
        self._command(_SEG_REMAP | (0 if upside_down else 1))
        self._command(_COM_DIR | (0 if upside_down else 8))

    # -- frames -----------------------------------------------------------

    def invalidate(self):
        """Make the next show() send every page (after a panel reset)."""
        self._full = True

    def show(self):
        """Send the changed part of each page; returns the bytes sent.

        Per page: scan for the first and last changed column (at most 128
        byte compares), round out to 8-column blocks, copy them into the
        transmit buffer (updating the shadow), send a 4-byte page/column
        command and the data. No allocation.
        """
        buf = self.buffer
        shadow = self._shadow
        tx = self._tx
        w = self.width
        full = self._full
        self._full = False
        before = self.bytes_sent
        cmd = self._cmd
        for page in range(self.pages):
            base = page * w
            end = base + w
            if full:
                lo = base
                hi = end - 1
            else:
                lo = base
                while lo < end and buf[lo] == shadow[lo]:
                    lo += 1
                if lo == end:
                    continue
                hi = end - 1
                while buf[hi] == shadow[hi]:
                    hi -= 1
            col = (lo - base) & ~(_BLOCK - 1)
            blocks = ((hi - base) // _BLOCK) - col // _BLOCK + 1
            i = base + col
            for j in range(1, 1 + blocks * _BLOCK):
                b = buf[i]
                tx[j] = b
                shadow[i] = b
                i += 1
            col += self.COLUMN_OFFSET
            cmd[0] = _CTRL_CMD
            cmd[1] = _PAGE_ADDR | page
            cmd[2] = _COL_LOW | (col & 0x0F)
            cmd[3] = _COL_HIGH | (col >> 4)
            if not (self._write(cmd) and self._write(self._views[blocks])):
                break              # the bus failed: the next show() sends all
        return self.bytes_sent - before


class SSD1306(Oled):
    """0.96" SSD1306: 128 columns of RAM, driven in page mode."""


class SH1106(Oled):
    """1.3" SH1106: 132 columns of RAM, the glass shows columns 2..129."""

    COLUMN_OFFSET = 2
    INIT = _SH1106_INIT


KINDS = {"ssd1306": SSD1306, "sh1106": SH1106}


def make_display(kind, i2c, addr=0x3C, width=128, height=64):
    """The driver for `kind` ("ssd1306" or "sh1106") on bus `i2c`."""
    cls = KINDS.get(kind)
    if cls is None:
        raise ValueError("display must be one of %s, not %r" % (", ".join(sorted(KINDS)), kind))
    return cls(i2c, addr, width, height)
