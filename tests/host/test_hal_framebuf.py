# The pure-Python framebuf (host_tools/tileclock_host/shims/framebuf.py) draws
# the same bytes as MicroPython's built-in framebuf: the same drawing runs on
# the unix port and on CPython with the shim, and the buffers are compared.
import os
import subprocess
import sys


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")

# Runs unchanged on both interpreters; prints one hex line per buffer.
DRAWING = r'''
import framebuf

def drawings():
    out = []
    for fmt, name in ((framebuf.MONO_VLSB, "vlsb"), (framebuf.MONO_HLSB, "hlsb"), (framebuf.MONO_HMSB, "hmsb")):
        buf = bytearray(128 * 64 // 8)
        fb = framebuf.FrameBuffer(buf, 128, 64, fmt)
        fb.fill(0)
        fb.text("tileclock 0:59", 0, 0, 1)
        fb.text("Word-Sport {|}~", -3, 9, 1)
        fb.text("caf\u00e9 \x01", 90, 60, 1)
        fb.rect(2, 20, 30, 12, 1)
        fb.rect(36, 20, 30, 12, 1, True)
        fb.rect(40, 22, 5, 5, 0, True)
        fb.fill_rect(-5, -5, 10, 10, 1)
        fb.fill_rect(120, 60, 20, 20, 1)
        fb.hline(0, 33, 128, 1)
        fb.vline(70, -3, 80, 1)
        fb.pixel(127, 63, 1)
        fb.pixel(200, 200, 1)
        for x2, y2 in ((127, 40), (80, 63), (75, 34), (100, 20), (-10, 50), (140, 70), (90, 35)):
            fb.line(90, 45, x2, y2, 1)
        fb.line(5, 60, 5, 60, 1)
        fb.line(0, 63, 40, 50, 0)
        out.append((name, buf))
        out.append((name + "-px", bytes([fb.pixel(5, 2) or 0, fb.pixel(200, 2) is None])))
    # blit with a key, partly off the target, and scroll both ways
    sbuf = bytearray(16 * 16 // 8)
    sprite = framebuf.FrameBuffer(sbuf, 16, 16, framebuf.MONO_VLSB)
    sprite.fill(1)
    sprite.text("A", 4, 4, 0)
    for key in (-1, 0, 1):
        buf = bytearray(64 * 32 // 8)
        fb = framebuf.FrameBuffer(buf, 64, 32, framebuf.MONO_VLSB)
        fb.text("xyz", 0, 0, 1)
        fb.blit(sprite, -4, 20, key)
        fb.blit(sprite, 56, -6, key)
        fb.blit(sprite, 20, 8, key)
        out.append(("blit%d" % key, buf))
    # blits at every row offset, sprites of odd heights, into odd-sized
    # targets (the big digits' case and its neighbours)
    for h in (5, 8, 13, 24):
        sbuf = bytearray(11 * ((h + 7) // 8))
        sprite = framebuf.FrameBuffer(sbuf, 11, h, framebuf.MONO_VLSB)
        for i in range(len(sbuf)):
            sbuf[i] = (i * 37 + h) & 0xFF
        for key in (-1, 0, 1, 7):
            buf = bytearray(40 * 3)
            fb = framebuf.FrameBuffer(buf, 40, 21, framebuf.MONO_VLSB)
            fb.fill_rect(3, 2, 30, 15, 1)
            for y in range(-h, 22, 3):
                fb.blit(sprite, (y * 7) % 45 - 6, y, key)
            out.append(("blit%d-%d" % (h, key), buf))
    for dx, dy in ((3, 0), (-5, 0), (0, 9), (0, -2), (4, -3), (-7, 11), (100, 0)):
        buf = bytearray(64 * 32 // 8)
        fb = framebuf.FrameBuffer(buf, 64, 32, framebuf.MONO_VLSB)
        fb.text("scroll", 2, 3, 1)
        fb.line(0, 31, 63, 0, 1)
        fb.scroll(dx, dy)
        out.append(("scroll%d,%d" % (dx, dy), buf))
    # text at every row offset, clipped at both edges, lit and dark, in a
    # buffer whose height is no multiple of 8
    buf = bytearray(50 * 3)
    fb = framebuf.FrameBuffer(buf, 50, 19, framebuf.MONO_VLSB)
    fb.fill_rect(10, 3, 30, 12, 1)
    fb.fill_rect(14, 5, 20, 6, 0)       # rows cleared inside a page and across two
    for y in range(-9, 21):
        fb.text("Q%d" % y, (y * 5) % 53 - 8, y, 1 if y % 4 else 0)
        fb.text("\u00e9~", 44 - y, y, y & 1)
    out.append(("text-rows", buf))
    # every glyph, for the font table
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    for code in range(32, 128):
        i = code - 32
        fb.text(chr(code), (i % 16) * 8, (i // 16) * 8, 1)
    out.append(("font", buf))
    return out

for name, data in drawings():
    print(name, "".join("%02x" % b for b in data))
'''


def _run_cpython():
    shims = os.path.join(ROOT, "host_tools", "tileclock_host", "shims")
    code = f"import sys; sys.path.insert(0, {shims!r})\n"
    return subprocess.run([sys.executable, "-c", code + DRAWING], capture_output=True, text=True, check=True).stdout


def test_shim_frames_are_byte_identical_to_micropython():
    ours = _run_cpython().splitlines()
    theirs = subprocess.run([MICROPYTHON, "-c", DRAWING], capture_output=True, text=True, check=True)
    theirs = theirs.stdout.splitlines()
    assert len(ours) == len(theirs) > 10
    for a, b in zip(ours, theirs):
        assert a == b, f"{a.split()[0]} differs"


def test_font_glyph_for_zero_matches_the_published_table():
    # '0' in font_petme128_8x8.h: 0x00,0x3E,0x7F,0x49,0x45,0x7F,0x3E,0x00
    import importlib.util

    path = os.path.join(ROOT, "host_tools", "tileclock_host", "shims", "framebuf.py")
    spec = importlib.util.spec_from_file_location("framebuf_shim", path)
    shim = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(shim)
    assert bytes(shim.FONT[ord("0") - 32]) == bytes([0x00, 0x3E, 0x7F, 0x49, 0x45, 0x7F, 0x3E, 0x00])
    assert len(shim.FONT) == 96


def test_install_adds_the_shims_only_when_framebuf_is_missing():
    host_tools = os.path.join(ROOT, "host_tools")
    code = (
        f"import sys; sys.path.insert(0, {host_tools!r})\n"
        "from tileclock_host import shims\n"
        "first = shims.install(); import framebuf\n"
        "print(first, shims.install(), framebuf.__file__.startswith(shims.HERE))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "False", "True"]
