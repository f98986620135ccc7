# The big digits of the running time: 16x32 px glyphs (each pixel of an 8x16
# drawing doubled), readable across a table on a 0.96" OLED.
#
# The glyphs are bytes as the display takes them (MONO_VLSB: 64 bytes a
# digit, 32 for the colon, 736 in all), copied once at import into one
# bytearray that a FrameBuffer a glyph reads, so drawing the time is a few
# blits with no allocation. They were drawn as 8x16 art, each pixel doubled:
# tests/firmware/test_ui_bigdigits.py holds the drawings and checks these
# bytes against them. (Built from the art at import, the glyphs cost this
# module's RAM the art's strings too, 1.8 KB more on the unix port, and a
# few thousand fill_rect calls at every import.) A digit's cell is 18 px
# (16 + 2 of space), a colon's 8: "hh:mm:ss" is 122 px and fits the 128 px
# display.
import framebuf

from micropython import const

HEIGHT = const(32)
DIGIT_W = const(16)
DIGIT_ADVANCE = const(18)
COLON_W = const(8)

MINUS = const(10)   # index of '-' in GLYPHS
COLON = const(58)   # ord(':'), as it appears in a formatted time

# 0-9, '-' (GLYPHS[MINUS]), ':' (COLON_GLYPH)
_GLYPH_BYTES = (
    b"\xf0\xf0\xfc\xfc\x3f\x3f\x0f\x0f\x0f\x0f\x3f\x3f\xfc\xfc\xf0\xf0"  # 0
    b"\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\x0f\x0f\x3f\x3f\xfc\xfc\xf0\xf0\xf0\xf0\xfc\xfc\x3f\x3f\x0f\x0f"
    b"\x00\x00\xc0\xc0\xf0\xf0\x3c\x3c\xff\xff\xff\xff\x00\x00\x00\x00"  # 1
    b"\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\xf0\xf0\xf0\xf0\xff\xff\xff\xff\xf0\xf0\xf0\xf0"
    b"\xf0\xf0\xfc\xfc\x3f\x3f\x0f\x0f\x0f\x0f\x3f\x3f\xfc\xfc\xf0\xf0"  # 2
    b"\x00\x00\x00\x00\x00\x00\x00\x00\xc0\xc0\xf0\xf0\xff\xff\x3f\x3f"
    b"\xc0\xc0\xf0\xf0\xfc\xfc\x3f\x3f\x0f\x0f\x03\x03\x00\x00\x00\x00"
    b"\xff\xff\xff\xff\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0\xf0"
    b"\xf0\xf0\xfc\xfc\x3f\x3f\x0f\x0f\x0f\x0f\x3f\x3f\xfc\xfc\xf0\xf0"  # 3
    b"\x00\x00\x00\x00\xc0\xc0\xc0\xc0\xc0\xc0\xf0\xf0\xff\xff\x3f\x3f"
    b"\x00\x00\x00\x00\x03\x03\x03\x03\x03\x03\x0f\x0f\xff\xff\xfc\xfc"
    b"\x0f\x0f\x3f\x3f\xfc\xfc\xf0\xf0\xf0\xf0\xfc\xfc\x3f\x3f\x0f\x0f"
    b"\x00\x00\xc0\xc0\xf0\xf0\x3c\x3c\x0f\x0f\xff\xff\xff\xff\x00\x00"  # 4
    b"\xff\xff\xff\xff\xc0\xc0\xc0\xc0\xc0\xc0\xff\xff\xff\xff\xc0\xc0"
    b"\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\xff\xff\xff\xff\x03\x03"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\x00\x00"
    b"\xff\xff\xff\xff\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f"  # 5
    b"\x3f\x3f\x3f\x3f\x3c\x3c\x3c\x3c\x3c\x3c\xfc\xfc\xf0\xf0\xc0\xc0"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff"
    b"\x0f\x0f\x3f\x3f\xfc\xfc\xf0\xf0\xf0\xf0\xfc\xfc\x3f\x3f\x0f\x0f"
    b"\xc0\xc0\xf0\xf0\xfc\xfc\x3f\x3f\x0f\x0f\x03\x03\x00\x00\x00\x00"  # 6
    b"\xff\xff\xff\xff\xc0\xc0\xf0\xf0\xf0\xf0\xf0\xf0\xc0\xc0\x00\x00"
    b"\xff\xff\xff\xff\x03\x03\x00\x00\x00\x00\x03\x03\xff\xff\xff\xff"
    b"\x0f\x0f\x3f\x3f\xfc\xfc\xf0\xf0\xf0\xf0\xfc\xfc\x3f\x3f\x0f\x0f"
    b"\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\x0f\xff\xff\xff\xff"  # 7
    b"\x00\x00\x00\x00\x00\x00\x00\x00\xf0\xf0\xff\xff\x3f\x3f\x03\x03"
    b"\x00\x00\x00\x00\xc0\xc0\xff\xff\xff\xff\x03\x03\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\xf0\xf0\xfc\xfc\x3f\x3f\x0f\x0f\x0f\x0f\x3f\x3f\xfc\xfc\xf0\xf0"  # 8
    b"\x0f\x0f\xff\xff\xfc\xfc\xf0\xf0\xf0\xf0\xfc\xfc\xff\xff\x0f\x0f"
    b"\xff\xff\xff\xff\x03\x03\x00\x00\x00\x00\x03\x03\xff\xff\xff\xff"
    b"\x0f\x0f\x3f\x3f\xfc\xfc\xf0\xf0\xf0\xf0\xfc\xfc\x3f\x3f\x0f\x0f"
    b"\xf0\xf0\xfc\xfc\x3f\x3f\x0f\x0f\x0f\x0f\x3f\x3f\xfc\xfc\xf0\xf0"  # 9
    b"\xff\xff\xff\xff\xc0\xc0\x00\x00\x00\x00\xc0\xc0\xff\xff\xff\xff"
    b"\x00\x00\x03\x03\x0f\x0f\x0f\x0f\x0f\x0f\x03\x03\xff\xff\xff\xff"
    b"\x00\x00\x00\x00\xc0\xc0\xf0\xf0\xfc\xfc\x3f\x3f\x0f\x0f\x03\x03"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"  # -
    b"\xc0\xc0\xc0\xc0\xc0\xc0\xc0\xc0\xc0\xc0\xc0\xc0\xc0\xc0\xc0\xc0"
    b"\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x0f\x0f\x0f\x0f\x00\x00"  # :
    b"\x00\x00\xf0\xf0\xf0\xf0\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
)
_GLYPH_BUF = bytearray(_GLYPH_BYTES)
_VIEW = memoryview(_GLYPH_BUF)
GLYPHS = [framebuf.FrameBuffer(_VIEW[i * 64:i * 64 + 64], DIGIT_W, HEIGHT, framebuf.MONO_VLSB)
          for i in range(11)]
COLON_GLYPH = framebuf.FrameBuffer(_VIEW[704:736], COLON_W, HEIGHT, framebuf.MONO_VLSB)


def width(text, n):
    """Pixels taken by the first n characters of `text` (a bytearray of ASCII)."""
    w = 0
    i = 0
    while i < n:
        w += COLON_W if text[i] == COLON else DIGIT_ADVANCE
        i += 1
    if n and text[n - 1] != COLON:
        w -= DIGIT_ADVANCE - DIGIT_W   # no space after the last digit
    return w


def recentre(fb, text, n, y, prev, screen_w):
    """The x where the first n characters of `text` start, after their
    length changed (a new length moves the digits): the band at y cleared,
    `prev` (see draw) forgotten, and the time centred on a screen
    `screen_w` wide with its last digit on an 8-column block (ui/live.py's
    layout). Allocates nothing."""
    fb.fill_rect(0, y, screen_w, HEIGHT, 0)
    i = 0
    while i < len(prev):
        prev[i] = 0
        i += 1
    w = width(text, n)
    x = (screen_w - w) // 2
    r = (x + w - DIGIT_W) % 8
    return x - r if r < 4 else x + 8 - r


def draw(fb, text, n, x, y, prev=None):
    """Draw the first n characters of `text` (bytes of '0'-'9', ':', '-', ' ')
    at (x, y), the glyphs' top left. Clears each cell first, so a time can be
    redrawn over the previous one. With `prev` (a bytearray of what is on
    the display, same layout) only the cells that differ are drawn, and
    `prev` is brought up to date: a new second is usually one blit.
    Allocates nothing."""
    i = 0
    while i < n:
        c = text[i]
        if prev is not None:
            if prev[i] == c:
                x += COLON_W if c == COLON else DIGIT_ADVANCE
                i += 1
                continue
            prev[i] = c
        if c == COLON:
            fb.fill_rect(x, y, COLON_W, HEIGHT, 0)
            fb.blit(COLON_GLYPH, x, y)
            x += COLON_W
        else:
            fb.fill_rect(x, y, DIGIT_ADVANCE, HEIGHT, 0)
            if 48 <= c <= 57:
                fb.blit(GLYPHS[c - 48], x, y)
            elif c == 45:
                fb.blit(GLYPHS[MINUS], x, y)
            x += DIGIT_ADVANCE
        i += 1
    return x


def _put2(buf, i, value):
    buf[i] = 48 + value // 10
    buf[i + 1] = 48 + value % 10


def format_clock(ms, buf):
    """Write whole seconds of `ms` as m:ss, mm:ss, h:mm:ss or hh:mm:ss into
    the bytearray `buf` (8 bytes or more); returns the length. Allocates
    nothing. Times of 100 hours or more show 99:59:59."""
    if ms < 0:
        ms = 0
    s = ms // 1000
    if s > 359999:
        s = 359999
    h = s // 3600
    m = (s // 60) % 60
    s = s % 60
    n = 0
    if h:
        if h >= 10:
            buf[n] = 48 + h // 10
            n += 1
        buf[n] = 48 + h % 10
        buf[n + 1] = COLON
        n += 2
        _put2(buf, n, m)
        n += 2
    elif m >= 10:
        _put2(buf, n, m)
        n += 2
    else:
        buf[n] = 48 + m
        n += 1
    buf[n] = COLON
    _put2(buf, n + 1, s)
    return n + 3
