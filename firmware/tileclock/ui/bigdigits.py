# The big digits of the running time: 16x32 px glyphs (each pixel of an 8x16
# drawing doubled), readable across a table on a 0.96" OLED.
#
# The glyphs are built once, at import, into MONO_VLSB FrameBuffers (64 bytes
# a digit, 32 for the colon: about 0.8 KB in all), so drawing the time is a
# few blits with no allocation. A digit's cell is 18 px (16 + 2 of space), a
# colon's 8: "hh:mm:ss" is 122 px and fits the 128 px display.
import framebuf

from micropython import const

HEIGHT = const(32)
DIGIT_W = const(16)
DIGIT_ADVANCE = const(18)
COLON_W = const(8)
_SCALE = const(2)

# Each drawing is 16 rows; '#' is lit. The strokes are two drawing pixels
# (4 px on the display): thinner strokes flicker out on a dim OLED.
_ART = (
    "..####.." ".######." "###..###" "##....##" "##....##" "##....##" "##....##" "##....##"
    "##....##" "##....##" "##....##" "##....##" "##....##" "###..###" ".######." "..####..",  # 0
    "....##.." "...###.." "..####.." ".##.##.." "....##.." "....##.." "....##.." "....##.."
    "....##.." "....##.." "....##.." "....##.." "....##.." "....##.." "..######" "..######",  # 1
    "..####.." ".######." "###..###" "##....##" "......##" "......##" ".....###" "....###."
    "...###.." "..###..." ".###...." "###....." "##......" "##......" "########" "########",  # 2
    "..####.." ".######." "###..###" "##....##" "......##" "......##" ".....###" "..#####."
    "..#####." ".....###" "......##" "......##" "##....##" "###..###" ".######." "..####..",  # 3
    "....###." "...####." "..##.##." ".##..##." "##...##." "##...##." "##...##." "########"
    "########" ".....##." ".....##." ".....##." ".....##." ".....##." ".....##." ".....##.",  # 4
    "########" "########" "##......" "##......" "##......" "######.." "#######." ".....###"
    "......##" "......##" "......##" "......##" "##....##" "###..###" ".######." "..####..",  # 5
    "...###.." "..###..." ".###...." "###....." "##......" "##......" "##.###.." "#######."
    "###..###" "##....##" "##....##" "##....##" "##....##" "###..###" ".######." "..####..",  # 6
    "########" "########" "......##" "......##" ".....###" ".....##." "....###." "....##.."
    "...###.." "...##..." "...##..." "..###..." "..##...." "..##...." "..##...." "..##....",  # 7
    "..####.." ".######." "###..###" "##....##" "##....##" "###..###" ".######." ".######."
    "###..###" "##....##" "##....##" "##....##" "##....##" "###..###" ".######." "..####..",  # 8
    "..####.." ".######." "###..###" "##....##" "##....##" "##....##" "##....##" "###..###"
    ".#######" "..###.##" "......##" "......##" ".....###" "....###." "...###.." "..###...",  # 9
    "........" "........" "........" "........" "........" "........" "........" "########"
    "########" "........" "........" "........" "........" "........" "........" "........",  # -
)
_COLON_ART = "...." "...." "...." "...." ".##." ".##." "...." "...." "...." "...." ".##." ".##." "...." "...." "...." "...."

MINUS = const(10)   # index of '-' in GLYPHS
COLON = const(58)   # ord(':'), as it appears in a formatted time


def _build(art, cols):
    w = cols * _SCALE
    buf = bytearray(w * HEIGHT // 8)
    fb = framebuf.FrameBuffer(buf, w, HEIGHT, framebuf.MONO_VLSB)
    for i in range(len(art)):
        if art[i] == "#":
            fb.fill_rect((i % cols) * _SCALE, (i // cols) * _SCALE, _SCALE, _SCALE, 1)
    return fb


GLYPHS = [_build(a, 8) for a in _ART]
COLON_GLYPH = _build(_COLON_ART, 4)
del _ART, _COLON_ART


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
