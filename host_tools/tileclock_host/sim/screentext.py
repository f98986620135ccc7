# The text on the simulated display, read back from its pixels (the panel's
# frame, what the glass shows): the 8x8 letters of framebuf's text(), dark
# on light too (a menu's line under the cursor, a bar), and the 3x5 letters
# of the keys' hints (tileclock.ui.hints). For a sim script's
# `expect text "..."`; the 16 px prompt and the big digits have their own
# expects.
#
# Runs on CPython and on the MicroPython unix port (no regular expressions,
# no sets of bytes).
import framebuf

from tileclock.ui.hints import hint

_W = 128
_H = 64
_big = None     # 8 column bytes of a glyph -> its letter
_tail = None    # its last 7, for a glyph with a blank first column (a
                # highlight a pixel wider than its letter may light it)
_small = None   # 3 columns of a 3x5 glyph (rows 1..5 of a 7-row band) -> its letter


def prepare():
    """Build the glyph tables now (else at the first read): a long run on
    MicroPython builds them first, low in its heap, not as a few hundred
    small objects among the firmware's (bench/mpy_tour.py)."""
    _tables()


def _tables():
    global _big, _tail, _small
    if _big is not None:
        return
    buf = bytearray(8)
    fb = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
    big = {}
    tail = {}
    small = {}
    for code in range(33, 127):
        ch = chr(code)
        fb.fill(0)
        fb.text(ch, 0, 0, 1)
        key = bytes(buf)
        if key not in big:
            big[key] = ch
        if not buf[0] and key[1:] not in tail:
            tail[key[1:]] = ch
        if code <= 90:
            fb.fill(0)
            hint(fb, (ch,), 1)
            key = bytes((buf[0] & 0x7F, buf[1] & 0x7F, buf[2] & 0x7F))
            if any(key) and key not in small:
                small[key] = ch
    _big = big
    _tail = tail
    _small = small


def _band(frame, y, rows):
    """The columns of rows y .. y+rows-1 as numbers, bit 0 the top row."""
    mask = (1 << rows) - 1
    page = y >> 3
    shift = y & 7
    out = []
    for x in range(_W):
        v = frame[page * _W + x] >> shift
        if page + 1 < _H // 8:
            v |= frame[(page + 1) * _W + x] << (8 - shift)
        out.append(v & mask)
    return out


def _read(cols, table, width, step, mask, isolated, above=None, tail=None, inverted=None):
    """The letters found left to right in a band's columns, light on dark
    or, where the row `above` is lit too (a highlight starts a row above
    its text), dark on light (noted in the list `inverted`); a space where
    a gap is."""
    text = ""
    end = None
    x = 0
    last = _W - width
    while x <= last:
        window = cols[x:x + width]
        ch = None
        if any(window):
            if not isolated or ((x == 0 or not cols[x - 1]) and (x + width >= _W or not cols[x + width])):
                ch = table.get(bytes(window))
            if ch is None and above is not None and all(above[x:x + width]):
                ch = table.get(bytes([v ^ mask for v in window]))
                if ch is not None and inverted is not None and not inverted:
                    inverted.append(True)
            if ch is None and tail is not None and cols[x]:
                ch = tail.get(bytes(window[1:]))
        if ch is None:
            x += 1
            continue
        if end is not None and x - end >= 2:
            text += " "
        text += ch
        end = x + step
        x = end
    return text


def lines(frame):
    """Every line of text found on the display: the 8x8 letters as drawn,
    top to bottom, then the hints' 3x5 letters, as capitals."""
    return [text for _y, text, _inverted in rows(frame)]


def rows(frame):
    """(pixel row, text, dark on light) of every line lines() finds, in
    the same order: the terminal's text view marks the highlighted one."""
    _tables()
    out = []
    for y in range(_H - 7):
        above = _band(frame, y - 1, 1) if y else None
        inverted = []
        text = _read(_band(frame, y, 8), _big, 8, 8, 0xFF, False, above, _tail, inverted)
        if len(text.replace("_", " ").strip()) > 1:     # a rule reads as ____
            out.append((y, text, bool(inverted)))
    for y in range(_H - 6):
        text = _read(_band(frame, y, 7), _small, 3, 4, 0x7F, True)
        if len(text.strip()) > 1:
            out.append((y, text, False))
    return out


def _words(s):
    return " ".join(s.split())


def shows(frame, wanted):
    """True if `wanted` (spaces as one) is on a line of the display; the
    hints' letters match in any case."""
    wanted = _words(wanted)
    upper = wanted.upper()
    for line in lines(frame):
        line = _words(line)
        if wanted in line or upper in line:
            return True
    return False
