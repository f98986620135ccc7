# A pure-Python stand-in for MicroPython's `framebuf`, for CPython hosts.
#
# It implements the part of framebuf the firmware uses -- FrameBuffer with
# MONO_VLSB (the SSD1306/SH1106 page layout), MONO_HLSB and MONO_HMSB; fill,
# pixel, hline, vline, line, rect (with fill), fill_rect, text, blit (with key)
# and scroll -- following the C code in MicroPython's extmod/modframebuf.c
# step by step (the same clipping, the same Bresenham line), so a frame drawn
# on CPython is byte-identical to the same frame drawn on MicroPython
# (tests/host/test_hal_framebuf.py checks it against the unix port).
#
# It is slow next to the C original (a full 128x64 text screen: a few ms on a
# laptop) and is never used on the device, where framebuf is built in.
#
# The 8x8 glyphs are MicroPython's font_petme128_8x8 (extmod/font_petme128_8x8.h,
# MIT licence, Copyright (c) 2013, 2014 Damien P. George), codes 32..127, eight
# column bytes per glyph, bit 0 at the top.

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4

_FONT_BYTES = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x4f\x4f\x00\x00\x00"  # 32 33
    b"\x00\x07\x07\x00\x00\x07\x07\x00\x14\x7f\x7f\x14\x14\x7f\x7f\x14"  # 34 35
    b"\x00\x24\x2e\x6b\x6b\x3a\x12\x00\x00\x63\x33\x18\x0c\x66\x63\x00"  # 36 37
    b"\x00\x32\x7f\x4d\x4d\x77\x72\x50\x00\x00\x00\x04\x06\x03\x01\x00"  # 38 39
    b"\x00\x00\x1c\x3e\x63\x41\x00\x00\x00\x00\x41\x63\x3e\x1c\x00\x00"  # 40 41
    b"\x08\x2a\x3e\x1c\x1c\x3e\x2a\x08\x00\x08\x08\x3e\x3e\x08\x08\x00"  # 42 43
    b"\x00\x00\x80\xe0\x60\x00\x00\x00\x00\x08\x08\x08\x08\x08\x08\x00"  # 44 45
    b"\x00\x00\x00\x60\x60\x00\x00\x00\x00\x40\x60\x30\x18\x0c\x06\x02"  # 46 47
    b"\x00\x3e\x7f\x49\x45\x7f\x3e\x00\x00\x40\x44\x7f\x7f\x40\x40\x00"  # 48 49
    b"\x00\x62\x73\x51\x49\x4f\x46\x00\x00\x22\x63\x49\x49\x7f\x36\x00"  # 50 51
    b"\x00\x18\x18\x14\x16\x7f\x7f\x10\x00\x27\x67\x45\x45\x7d\x39\x00"  # 52 53
    b"\x00\x3e\x7f\x49\x49\x7b\x32\x00\x00\x03\x03\x79\x7d\x07\x03\x00"  # 54 55
    b"\x00\x36\x7f\x49\x49\x7f\x36\x00\x00\x26\x6f\x49\x49\x7f\x3e\x00"  # 56 57
    b"\x00\x00\x00\x24\x24\x00\x00\x00\x00\x00\x80\xe4\x64\x00\x00\x00"  # 58 59
    b"\x00\x08\x1c\x36\x63\x41\x41\x00\x00\x14\x14\x14\x14\x14\x14\x00"  # 60 61
    b"\x00\x41\x41\x63\x36\x1c\x08\x00\x00\x02\x03\x51\x59\x0f\x06\x00"  # 62 63
    b"\x00\x3e\x7f\x41\x4d\x4f\x2e\x00\x00\x7c\x7e\x0b\x0b\x7e\x7c\x00"  # 64 65
    b"\x00\x7f\x7f\x49\x49\x7f\x36\x00\x00\x3e\x7f\x41\x41\x63\x22\x00"  # 66 67
    b"\x00\x7f\x7f\x41\x63\x3e\x1c\x00\x00\x7f\x7f\x49\x49\x41\x41\x00"  # 68 69
    b"\x00\x7f\x7f\x09\x09\x01\x01\x00\x00\x3e\x7f\x41\x49\x7b\x3a\x00"  # 70 71
    b"\x00\x7f\x7f\x08\x08\x7f\x7f\x00\x00\x00\x41\x7f\x7f\x41\x00\x00"  # 72 73
    b"\x00\x20\x60\x41\x7f\x3f\x01\x00\x00\x7f\x7f\x1c\x36\x63\x41\x00"  # 74 75
    b"\x00\x7f\x7f\x40\x40\x40\x40\x00\x00\x7f\x7f\x06\x0c\x06\x7f\x7f"  # 76 77
    b"\x00\x7f\x7f\x0e\x1c\x7f\x7f\x00\x00\x3e\x7f\x41\x41\x7f\x3e\x00"  # 78 79
    b"\x00\x7f\x7f\x09\x09\x0f\x06\x00\x00\x1e\x3f\x21\x61\x7f\x5e\x00"  # 80 81
    b"\x00\x7f\x7f\x19\x39\x6f\x46\x00\x00\x26\x6f\x49\x49\x7b\x32\x00"  # 82 83
    b"\x00\x01\x01\x7f\x7f\x01\x01\x00\x00\x3f\x7f\x40\x40\x7f\x3f\x00"  # 84 85
    b"\x00\x1f\x3f\x60\x60\x3f\x1f\x00\x00\x7f\x7f\x30\x18\x30\x7f\x7f"  # 86 87
    b"\x00\x63\x77\x1c\x1c\x77\x63\x00\x00\x07\x0f\x78\x78\x0f\x07\x00"  # 88 89
    b"\x00\x61\x71\x59\x4d\x47\x43\x00\x00\x00\x7f\x7f\x41\x41\x00\x00"  # 90 91
    b"\x00\x02\x06\x0c\x18\x30\x60\x40\x00\x00\x41\x41\x7f\x7f\x00\x00"  # 92 93
    b"\x00\x08\x0c\x06\x06\x0c\x08\x00\xc0\xc0\xc0\xc0\xc0\xc0\xc0\xc0"  # 94 95
    b"\x00\x00\x01\x03\x06\x04\x00\x00\x00\x20\x74\x54\x54\x7c\x78\x00"  # 96 97
    b"\x00\x7f\x7f\x44\x44\x7c\x38\x00\x00\x38\x7c\x44\x44\x6c\x28\x00"  # 98 99
    b"\x00\x38\x7c\x44\x44\x7f\x7f\x00\x00\x38\x7c\x54\x54\x5c\x58\x00"  # 100 101
    b"\x00\x08\x7e\x7f\x09\x03\x02\x00\x00\x98\xbc\xa4\xa4\xfc\x7c\x00"  # 102 103
    b"\x00\x7f\x7f\x04\x04\x7c\x78\x00\x00\x00\x00\x7d\x7d\x00\x00\x00"  # 104 105
    b"\x00\x40\xc0\x80\x80\xfd\x7d\x00\x00\x7f\x7f\x30\x38\x6c\x44\x00"  # 106 107
    b"\x00\x00\x41\x7f\x7f\x40\x00\x00\x00\x7c\x7c\x18\x30\x18\x7c\x7c"  # 108 109
    b"\x00\x7c\x7c\x04\x04\x7c\x78\x00\x00\x38\x7c\x44\x44\x7c\x38\x00"  # 110 111
    b"\x00\xfc\xfc\x24\x24\x3c\x18\x00\x00\x18\x3c\x24\x24\xfc\xfc\x00"  # 112 113
    b"\x00\x7c\x7c\x04\x04\x0c\x08\x00\x00\x48\x5c\x54\x54\x74\x20\x00"  # 114 115
    b"\x04\x04\x3f\x7f\x44\x64\x20\x00\x00\x3c\x7c\x40\x40\x7c\x3c\x00"  # 116 117
    b"\x00\x1c\x3c\x60\x60\x3c\x1c\x00\x00\x1c\x7c\x30\x18\x30\x7c\x1c"  # 118 119
    b"\x00\x44\x6c\x38\x38\x6c\x44\x00\x00\x9c\xbc\xa0\xa0\xfc\x7c\x00"  # 120 121
    b"\x00\x44\x64\x74\x5c\x4c\x44\x00\x00\x08\x08\x3e\x77\x41\x41\x00"  # 122 123
    b"\x00\x00\x00\xff\xff\x00\x00\x00\x00\x41\x41\x77\x3e\x08\x08\x00"  # 124 125
    b"\x00\x02\x03\x01\x03\x02\x03\x01\xaa\x55\xaa\x55\xaa\x55\xaa\x55"  # 126 127
)
FONT = tuple(_FONT_BYTES[i:i + 8] for i in range(0, len(_FONT_BYTES), 8))

# Byte tables for text() on MONO_VLSB: a glyph column moved down the page by
# k rows (its low bits), the rows pushed into the page below (its high
# bits), and only the first k rows of a page kept.
_SHIFT_UP = tuple(bytes(((b << k) & 0xFF) for b in range(256)) for k in range(8))
_SHIFT_DOWN = tuple(bytes((b >> k) for b in range(256)) for k in range(9))
_KEEP_LOW = tuple(bytes((b & ((1 << k) - 1)) for b in range(256)) for k in range(8))
_COLUMNS = {}       # a string's glyph columns, for the strings drawn again and again
_MASKED = {}


def _masked(mask, c):
    """The byte table that sets (c) or clears the rows of `mask` in a byte."""
    table = _MASKED.get((mask, c))
    if table is None:
        table = bytes((b | mask) if c else (b & ~mask & 0xFF) for b in range(256))
        _MASKED[(mask, c)] = table
    return table


class FrameBuffer:
    """framebuf.FrameBuffer(buffer, width, height, format, stride=width)."""

    def __init__(self, buffer, width, height, format, stride=None):
        if format not in (MONO_VLSB, MONO_HLSB, MONO_HMSB):
            raise ValueError("invalid format")
        if stride is None:
            stride = width
        if format == MONO_VLSB:
            need = ((height + 7) >> 3) * stride
        else:
            stride = (stride + 7) & ~7
            need = (stride * height) >> 3
        if len(buffer) < need:
            raise ValueError("buffer too small")
        self._buf = buffer
        self._w = width
        self._h = height
        self._format = format
        self._stride = stride

    # -- pixels in the three mono layouts ---------------------------------

    def _index(self, x, y):
        if self._format == MONO_VLSB:
            return (y >> 3) * self._stride + x, y & 7
        if self._format == MONO_HLSB:
            return (x + y * self._stride) >> 3, 7 - (x & 7)
        return (x + y * self._stride) >> 3, x & 7

    def _set(self, x, y, c):
        i, bit = self._index(x, y)
        if c:
            self._buf[i] |= 1 << bit
        else:
            self._buf[i] &= ~(1 << bit) & 0xFF

    def _get(self, x, y):
        i, bit = self._index(x, y)
        return (self._buf[i] >> bit) & 1

    def _fill_rect(self, x, y, w, h, c):
        # Already clipped. MONO_VLSB works a byte (8 rows) at a time.
        if self._format == MONO_VLSB:
            buf = self._buf
            stride = self._stride
            yend = y + h
            while y < yend:
                page = y >> 3
                top = y & 7
                rows = min(8 - top, yend - y)
                mask = ((1 << rows) - 1) << top
                start = page * stride + x
                if mask == 0xFF:
                    buf[start:start + w] = (b"\xff" if c else b"\x00") * w
                else:
                    buf[start:start + w] = buf[start:start + w].translate(_masked(mask, c))
                y += rows
        else:
            for yy in range(y, y + h):
                for xx in range(x, x + w):
                    self._set(xx, yy, c)

    # -- the framebuf API -------------------------------------------------

    def fill(self, c):
        self._fill_rect(0, 0, self._w, self._h, c)

    def fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._h or x >= self._w:
            return
        xend = min(self._w, x + w)
        yend = min(self._h, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._fill_rect(x, y, xend - x, yend - y, c)

    def pixel(self, x, y, c=None):
        if 0 <= x < self._w and 0 <= y < self._h:
            if self._format == MONO_VLSB:
                # _get and _set written out: the keys' hints are drawn a
                # pixel at a time, on every screen the simulator shows
                i = (y >> 3) * self._stride + x
                if c is None:
                    return (self._buf[i] >> (y & 7)) & 1
                if c:
                    self._buf[i] |= 1 << (y & 7)
                else:
                    self._buf[i] &= ~(1 << (y & 7)) & 0xFF
                return None
            if c is None:
                return self._get(x, y)
            self._set(x, y, c)
        return None

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
        else:
            self.fill_rect(x, y, w, 1, c)
            self.fill_rect(x, y + h - 1, w, 1, c)
            self.fill_rect(x, y, 1, h, c)
            self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        dx = x2 - x1
        if dx > 0:
            sx = 1
        else:
            dx = -dx
            sx = -1
        dy = y2 - y1
        if dy > 0:
            sy = 1
        else:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        w = self._w
        h = self._h
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                if 0 <= y1 < w and 0 <= x1 < h:
                    self._set(y1, x1, c)
            elif 0 <= x1 < w and 0 <= y1 < h:
                self._set(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < w and 0 <= y2 < h:
            self._set(x2, y2, c)

    def text(self, s, x0, y0, c=1):
        # Byte by byte like the C code: a non-ASCII character (several UTF-8
        # bytes) draws one 127 glyph per byte.
        if isinstance(s, str):
            s = s.encode("utf-8")
        w = self._w
        h = self._h
        if self._format == MONO_VLSB:
            self._text_vlsb(s, x0, y0, c)
            return
        for ch in s:
            if ch < 32 or ch > 127:
                ch = 127
            glyph = FONT[ch - 32]
            for j in range(8):
                if 0 <= x0 < w:
                    bits = glyph[j]
                    y = y0
                    while bits:
                        if bits & 1 and 0 <= y < h:
                            self._set(x0, y, c)
                        bits >>= 1
                        y += 1
                x0 += 1

    def _text_vlsb(self, s, x0, y0, c):
        # text()'s loop done on whole rows of bytes: the string's glyph
        # columns joined, shifted into the one or two pages they cover by
        # bytes.translate, and or-ed (lit) or masked out (dark) into each
        # page's run of the buffer as one integer. The same bytes as the
        # pixel loop; the simulator draws every screen with it, so it is
        # most of a long simulated evening's time.
        w, h = self._w, self._h
        if y0 >= h or y0 <= -8 or not s:
            return
        cols = _COLUMNS.get(s)
        if cols is None:
            cols = b"".join([FONT[ch - 32] if 32 <= ch <= 127 else FONT[95] for ch in s])
            if len(_COLUMNS) > 2048:
                _COLUMNS.clear()
            _COLUMNS[s] = cols
        first = -x0 if x0 < 0 else 0            # clipped at the left edge
        end = w - x0 if x0 + len(cols) > w else len(cols)
        if first >= end:
            return
        if first or end < len(cols):
            cols = cols[first:end]
        x0 += first
        buf, stride = self._buf, self._stride
        last_page = (h - 1) >> 3
        if y0 < 0:
            runs = ((0, cols.translate(_SHIFT_DOWN[-y0])),)
        else:
            page, shift = y0 >> 3, y0 & 7
            if shift:
                runs = ((page, cols.translate(_SHIFT_UP[shift])),
                        (page + 1, cols.translate(_SHIFT_DOWN[8 - shift])))
            else:
                runs = ((page, cols),)
        n = len(cols)
        for page, part in runs:
            if page > last_page:
                break
            if page == last_page and h & 7:
                part = part.translate(_KEEP_LOW[h & 7])     # no rows past the height
            i = page * stride + x0
            here = int.from_bytes(buf[i:i + n], "little")
            bits = int.from_bytes(part, "little")
            here = here | bits if c else here & ~bits
            buf[i:i + n] = here.to_bytes(n, "little")

    def blit(self, fbuf, x, y, key=-1, palette=None):
        if isinstance(fbuf, tuple):
            fbuf = FrameBuffer(*fbuf)
        if x >= self._w or y >= self._h or -x >= fbuf._w or -y >= fbuf._h:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self._w, x + fbuf._w)
        y0end = min(self._h, y + fbuf._h)
        if palette is None and self._format == MONO_VLSB and fbuf._format == MONO_VLSB:
            self._blit_vlsb(fbuf, x0, y0, x1, y1, x0end, y0end, key)
            return
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = fbuf._get(cx1, y1)
                if palette is not None:
                    col = palette._get(col, 0)
                if col != key:
                    self._set(cx0, y0, col)
                cx1 += 1
            y1 += 1
            y0 += 1

    def _blit_vlsb(self, src, x0, y0, x1, y1, x0end, y0end, key):
        # blit()'s loop, a column at a time: the column's bits as one int
        # (bit n is row n), shifted from the source rows to the target's.
        # The same bytes as the pixel loop (a key of 0 or 1 skips those
        # pixels; any other key skips none), many times faster: the
        # simulator blits the big digits of every running clock.
        rows = y0end - y0
        if rows <= 0 or x0end <= x0:
            return
        ones = (1 << rows) - 1
        sbuf, sstride = src._buf, src._stride
        dbuf, dstride = self._buf, self._stride
        spages = range(y1 >> 3, ((y1 + rows - 1) >> 3) + 1)
        dpages = range(y0 >> 3, ((y0 + rows - 1) >> 3) + 1)
        mask = ones << y0
        cx1 = x1
        for cx0 in range(x0, x0end):
            bits = 0
            for p in spages:
                bits |= sbuf[p * sstride + cx1] << (p << 3)
            bits = ((bits >> y1) & ones) << y0
            col = 0
            for p in dpages:
                col |= dbuf[p * dstride + cx0] << (p << 3)
            if key == 0:
                col |= bits                     # only the lit pixels
            elif key == 1:
                col &= ~(mask & ~bits)          # only the dark ones
            else:
                col = (col & ~mask) | bits
            for p in dpages:
                dbuf[p * dstride + cx0] = (col >> (p << 3)) & 0xFF
            cx1 += 1

    def scroll(self, xstep, ystep):
        if xstep < 0:
            sx = 0
            xend = self._w + xstep
            if xend <= 0:
                return
            dx = 1
        else:
            sx = self._w - 1
            xend = xstep - 1
            if xend >= sx:
                return
            dx = -1
        if ystep < 0:
            y = 0
            yend = self._h + ystep
            if yend <= 0:
                return
            dy = 1
        else:
            y = self._h - 1
            yend = ystep - 1
            if yend >= y:
                return
            dy = -1
        while y != yend:
            x = sx
            while x != xend:
                self._set(x, y, self._get(x - xstep, y - ystep))
                x += dx
            y += dy


def FrameBuffer1(buffer, width, height, stride=None):
    """The old name for a MONO_VLSB FrameBuffer."""
    return FrameBuffer(buffer, width, height, MONO_VLSB, stride)
