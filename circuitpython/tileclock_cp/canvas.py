# The canvas the firmware's screens draw on, on CircuitPython: the calls of
# MicroPython's framebuf that the screens make (fill, fill_rect, rect, hline,
# vline, pixel, text, blit) on a displayio.Bitmap that the display shows,
# plus what the app asks of its display (show, invalidate, rotate). Pixels
# go through bitmaptools (C on CircuitPython); text is drawn by
# adafruit_display_text's bitmap_label in the framebuf font (font.py) and
# copied onto the bitmap, so a later fill covers it as on a framebuf and a
# screen looks the same, pixel for pixel, as on the Pico's MicroPython.
import bitmaptools
import displayio
from adafruit_display_text import bitmap_label

from tileclock_cp.font import Font8x8

_W = 128
_H = 64
# Bitmaps of blitted glyphs kept: twice the big digits' 12, so a new set
# (ui/bigdigits.py read again after a phase change) never finds the cache
# full of its own, and the old sets' go instead of piling up.
_MOST_BLITS = 24


class DisplayCanvas:
    """Draws on a 128x64 two-colour bitmap shown by `display` (a displayio
    display: adafruit_displayio_ssd1306.SSD1306 or ..._sh1106.SH1106 made
    with auto_refresh=False); show() refreshes it."""

    def __init__(self, display, width=_W, height=_H):
        self.display = display
        self.width = width
        self.height = height
        self.bitmap = displayio.Bitmap(width, height, 2)
        palette = displayio.Palette(2)
        palette[0] = 0x000000
        palette[1] = 0xFFFFFF
        group = displayio.Group()
        group.append(displayio.TileGrid(self.bitmap, pixel_shader=palette))
        display.root_group = group
        self.font = Font8x8()
        self._blits = {}        # framebuf glyph -> its bitmap (blit)
        self.writes = 0         # refreshes (show() calls)
        self.errors = 0
        self.byte_counter = None    # displayio sends the changed areas itself: a stand-in bus may count them

    @property
    def bytes_sent(self):
        return self.byte_counter() if self.byte_counter is not None else 0

    # -- the framebuf calls -------------------------------------------------

    def fill(self, c):
        self.bitmap.fill(1 if c else 0)

    def fill_rect(self, x, y, w, h, c):
        x0 = max(x, 0)
        y0 = max(y, 0)
        x1 = min(x + w, self.width)
        y1 = min(y + h, self.height)
        if x0 < x1 and y0 < y1:
            bitmaptools.fill_region(self.bitmap, x0, y0, x1, y1, 1 if c else 0)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        if c is None:
            return self.bitmap[x, y]
        self.bitmap[x, y] = 1 if c else 0
        return None

    def text(self, s, x, y, c=1):
        """The letters' lit pixels in colour c (the rest left as it is), the
        cell's top left at (x, y), 8 px a letter, as framebuf's text()."""
        if not s or not s.strip():
            return      # a label of spaces has no bitmap; framebuf draws nothing of a space either
        label = bitmap_label.Label(self.font, text=s, save_text=False)
        src = label.bitmap
        # the label's bitmap starts at the first letter's cell
        self._put(src, x, y, 1 if c else 0)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        """Every pixel of framebuf `fbuf` at (x, y), through bitmaptools. The
        screens blit only the big digits' glyphs (ui/bigdigits.py), made at
        its import and never changed: each is turned into a bitmap once and
        kept (the framebuf object the key), at most _MOST_BLITS of them."""
        src = self._blits.get(fbuf)
        if src is None:
            if len(self._blits) >= _MOST_BLITS:
                # glyphs of a bigdigits module the app unloaded since (it
                # reads it again at a phase change): their bitmaps go
                self._blits.clear()
            w = fbuf._w
            h = fbuf._h
            src = displayio.Bitmap(w, h, 2)
            for sy in range(h):
                for sx in range(w):
                    if fbuf.pixel(sx, sy):
                        src[sx, sy] = 1
            self._blits[fbuf] = src
        if key == 0:                # dark pixels left out: the lit ones copied
            self._put(src, x, y, 1)
        elif key == 1:              # lit pixels left out: the dark ones copied
            for sy in range(src.height):
                for sx in range(src.width):
                    if not src[sx, sy]:
                        self.pixel(x + sx, y + sy, 0)
        else:
            self._put_all(src, x, y)

    # -- what the app asks of a display -------------------------------------

    def show(self):
        self.display.refresh()
        self.writes += 1

    def invalidate(self):
        pass        # displayio keeps track of what changed, and resends it

    def rotate(self, upside_down):
        self.display.rotation = 180 if upside_down else 0

    # -- copying a label's letters, a glyph ---------------------------------------

    def _put_all(self, src, x, y):
        # every pixel of `src`, lit and dark (framebuf's blit with no key)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x2 = min(src.width, self.width - x)
        y2 = min(src.height, self.height - y)
        if x1 < x2 and y1 < y2:
            bitmaptools.blit(self.bitmap, src, x + x1, y + y1, x1=x1, y1=y1, x2=x2, y2=y2)

    def _put(self, src, x, y, c):
        sw = src.width
        sh = src.height
        x1 = max(0, -x)
        y1 = max(0, -y)
        x2 = min(sw, self.width - x)
        y2 = min(sh, self.height - y)
        if x1 >= x2 or y1 >= y2:
            return
        if c:
            # lit letter pixels (index 1) onto the bitmap, the rest skipped
            bitmaptools.blit(self.bitmap, src, x + x1, y + y1, x1=x1, y1=y1, x2=x2, y2=y2,
                             skip_source_index=0)
            return
        bitmap = self.bitmap
        for sy in range(y1, y2):
            for sx in range(x1, x2):
                if src[sx, sy]:
                    bitmap[x + sx, y + sy] = 0
