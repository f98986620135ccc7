# The 8x8 font of MicroPython's framebuf, as a font for adafruit_display_text
# (its FontProtocol: get_bounding_box(), get_glyph(), ascent, descent), so a
# label's letters are the pixels fb.text() draws on the Pico. The glyphs are
# read from the framebuf module in use (CircuitPython has none built in:
# tileclock deploys the pure-Python one, lib/framebuf.py) by drawing each
# character once, when first asked for.
import displayio
import framebuf
import fontio

_W = 8
_H = 8


class Font8x8:
    ascent = _H         # the whole cell above the baseline: a label's top is its y - 4
    descent = 0

    def __init__(self):
        self._buf = bytearray(_W)
        self._fb = framebuf.FrameBuffer(self._buf, _W, _H, framebuf.MONO_VLSB)
        self._glyphs = {}

    def get_bounding_box(self):
        return (_W, _H, 0, 0)

    def load_glyphs(self, codepoints):
        pass            # made when asked for

    def get_glyph(self, codepoint):
        glyph = self._glyphs.get(codepoint)
        if glyph is None:
            ch = codepoint if 32 <= codepoint <= 127 else 127
            self._fb.fill(0)
            self._fb.text(chr(ch), 0, 0, 1)
            bitmap = displayio.Bitmap(_W, _H, 2)
            for x in range(_W):
                bits = self._buf[x]
                for y in range(_H):
                    if bits >> y & 1:
                        bitmap[x, y] = 1
            glyph = fontio.Glyph(bitmap=bitmap, tile_index=0, width=_W, height=_H, dx=0, dy=0,
                                 shift_x=_W, shift_y=0)
            self._glyphs[codepoint] = glyph
        return glyph
