# The big digits: time text, glyph size, and drawing without allocation.
import sys

try:
    import framebuf
except ImportError:
    from tileclock_host import shims
    shims.install()
    import framebuf

from tileclock.ui import bigdigits


def _text(ms):
    buf = bytearray(8)
    n = bigdigits.format_clock(ms, buf)
    return "".join(chr(buf[i]) for i in range(n))


def test_format_clock_from_zero_to_a_hundred_hours():
    assert _text(0) == "0:00"
    assert _text(999) == "0:00"           # whole seconds, rounded down
    assert _text(59999) == "0:59"
    assert _text(60000) == "1:00"
    assert _text(10 * 60000 + 5000) == "10:05"
    assert _text(3599999) == "59:59"
    assert _text(3600000) == "1:00:00"
    assert _text(36000000 + 61000) == "10:01:01"
    assert _text(400 * 3600000) == "99:59:59"
    assert _text(-5) == "0:00"


def _lit_rows(fb, w, h):
    rows = 0
    for y in range(h):
        for x in range(w):
            if fb.pixel(x, y):
                rows += 1
                break
    return rows


# The drawings the glyphs were made from (ui/bigdigits.py keeps them as
# the display's bytes): 16 rows of 8, '#' lit, each pixel doubled on the
# display. The strokes are two drawing pixels (4 px on the display):
# thinner strokes flicker out on a dim OLED.
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


def _check_doubled(glyph, art, cols):
    for y in range(bigdigits.HEIGHT):
        for x in range(cols * 2):
            lit = art[(y // 2) * cols + x // 2] == "#"
            assert glyph.pixel(x, y) == (1 if lit else 0), (art[:8], x, y)


def test_the_glyphs_are_the_drawings_doubled():
    assert len(bigdigits.GLYPHS) == len(_ART) == 11
    for i in range(len(_ART)):
        _check_doubled(bigdigits.GLYPHS[i], _ART[i], 8)
    _check_doubled(bigdigits.COLON_GLYPH, _COLON_ART, 4)


def test_every_digit_is_32_lit_rows_and_fits_its_cell():
    for i in range(10):
        glyph = bigdigits.GLYPHS[i]
        assert _lit_rows(glyph, bigdigits.DIGIT_W, bigdigits.HEIGHT) >= 24, i
    assert _lit_rows(bigdigits.GLYPHS[1], bigdigits.DIGIT_W, bigdigits.HEIGHT) == 32


def test_the_longest_time_fits_the_display():
    buf = bytearray(8)
    n = bigdigits.format_clock(99 * 3600000, buf)
    assert bigdigits.width(buf, n) <= 128


def test_draw_puts_the_digits_where_asked_and_clears_behind():
    fb_buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(fb_buf, 128, 64, framebuf.MONO_VLSB)
    fb.fill(1)
    buf = bytearray(b"1:00")
    end = bigdigits.draw(fb, buf, 4, 10, 8)
    assert end == 10 + 3 * bigdigits.DIGIT_ADVANCE + bigdigits.COLON_W
    # the cells were cleared: the space right of the last glyph is dark
    assert fb.pixel(end - 1, 20) == 0
    # outside the band nothing changed
    assert fb.pixel(5, 5) == 1 and fb.pixel(5, 50) == 1


def test_drawing_the_time_allocates_nothing_on_micropython():
    if sys.implementation.name != "micropython":
        return      # CPython (where a `micropython` module may stand in): the shim's framebuf is not the device's
    import micropython
    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    buf = bytearray(8)
    micropython.heap_lock()
    try:
        ms = 0
        while ms < 4000000:
            n = bigdigits.format_clock(ms, buf)
            bigdigits.draw(fb, buf, n, 4, 8)
            ms += 999983
    finally:
        micropython.heap_unlock()
