# Drawing helpers shared by the screens: the 8x8 font at 1x and 2x, centring,
# highlighted lines, word-wrapped messages. Built on the FrameBuffer API only.
import framebuf

from micropython import const

W = const(128)
H = const(64)
CHAR = const(8)
COLS = const(16)    # characters across at 1x
_ICON_W = const(13)  # the battery's cell in the title line: 11 px body, 2 px tip
ROWS = const(8)     # lines down at 1x

# One 8x8 cell for scaling text up: allocated once here, never per draw.
_cell_buf = bytearray(8)
_cell = framebuf.FrameBuffer(_cell_buf, 8, 8, framebuf.MONO_VLSB)


def text(fb, s, x, y, c=1):
    fb.text(s, x, y, c)


def center(fb, s, y, c=1):
    fb.text(s, (W - len(s) * CHAR) // 2, y, c)


def right(fb, s, y, c=1, x_end=W):
    fb.text(s, x_end - len(s) * CHAR, y, c)


def text2x(fb, s, x, y, c=1):
    """16x16 letters: each 8x8 glyph pixel drawn as a 2x2 block. Slow next to
    fb.text (64 pixel reads a letter), so screens use it only when a prompt
    changes, never per tick."""
    for ch in s:
        _cell.fill(0)
        _cell.text(ch, 0, 0, 1)
        for col in range(8):
            bits = _cell_buf[col]
            row = 0
            while bits:
                if bits & 1:
                    fb.fill_rect(x + col * 2, y + row * 2, 2, 2, c)
                bits >>= 1
                row += 1
        x += 16


def center2x(fb, s, y, c=1):
    text2x(fb, s, (W - len(s) * 16) // 2, y, c)


def line(fb, s, row, selected=False):
    """One menu line (row 0..7); the selected line is drawn inverted."""
    y = row * CHAR
    fb.fill_rect(0, y, W, CHAR, 1 if selected else 0)
    fb.text(s, 0, y, 0 if selected else 1)


# What the power note shows for a box with no battery to read (the USB-only
# Pico, the web page, the CircuitPython board): it runs on USB.
USB = "USB"


def title(fb, s, right_text=None, battery=None):
    """The top line: a title, and an optional right-aligned note; or, with
    `battery` (hal/battery.Battery, or USB for a box without one), the
    power: "USB", or a cell drawn with its percent beside it."""
    fb.fill_rect(0, 0, W, CHAR, 0)
    x_end = W               # where the note ends: before the cell, if drawn
    if battery is not None:
        if battery is USB or battery.on_usb:
            right_text = USB
        else:
            right_text = "%d%%" % battery.level
            _battery_icon(fb, W - _ICON_W, battery.level)
            x_end = W - _ICON_W - 2
    if right_text:
        room = (x_end - (len(right_text) + 1) * CHAR) // CHAR
        if len(s) > room:
            s = _shorter(s, room)
        right(fb, right_text, 0, 1, x_end)
    fb.text(s, 0, 0, 1)
    fb.hline(0, CHAR + 1, W, 1)


def _battery_icon(fb, x, level):
    # a cell lying down, its tip to the right, filled by its level
    fb.rect(x, 0, 11, 7, 1)
    fb.fill_rect(x + 11, 2, 2, 3, 1)
    fb.fill_rect(x + 2, 2, (7 * level + 99) // 100, 3, 1)


def _shorter(s, room):
    # A title too long beside its note loses its words' inner vowels before
    # any character at the end, where its number may be: "ROUND 30" beside
    # "120 left" is "RND 30", not "ROUND 3"; "R2 WORD-SPORT" beside "USB"
    # is "R2 WRD-SPRT".
    out = s[:1]
    for i in range(1, len(s)):
        if s[i] not in "AEIOU" or s[i - 1] == " ":
            out += s[i]
    return out[:room]


def bar(fb, s):
    """The bottom line in reverse (ANY SEAT: GO, CLOSE ROUND): a light band
    over the last 9 rows, the text on the last 8 (a pixel of band above the
    capitals and below them, as the font leaves its last row for descenders)."""
    fb.fill_rect(0, H - CHAR - 1, W, CHAR + 1, 1)
    center(fb, s, H - CHAR, 0)


def scrollbar(fb, top, visible, count, y0, y1=H):
    """A bar in the last column from pixel row y0 down to y1, when only
    `visible` of `count` lines (from line `top`) are on the screen."""
    if count <= visible:
        return
    span = y1 - y0
    fb.vline(W - 1, y0, span, 0)
    fb.vline(W - 1, y0 + span * top // count, span * visible // count, 1)


def wrap(s, width=COLS):
    """Split `s` into lines of at most `width` characters at spaces."""
    lines = []
    current = ""
    for word in s.split():
        while len(word) > width:
            if current:
                lines.append(current)
                current = ""
            lines.append(word[:width])
            word = word[width:]
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current += " " + word
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


def box(fb, lines, top, bottom=H):
    """A framed message box from pixel row `top` to row `bottom` (the
    bottom of the display)."""
    fb.fill_rect(0, top, W, bottom - top, 0)
    fb.rect(0, top, W, bottom - top, 1)
    y = top + 3
    for s in lines:
        if y + CHAR > bottom - 2:
            break
        fb.text(s, (W - len(s) * CHAR) // 2, y, 1)
        y += CHAR + 1


def pad(s, n):
    """`s` cut or padded with spaces to n characters (str.ljust is missing on
    MicroPython)."""
    if len(s) >= n:
        return s[:n]
    return s + " " * (n - len(s))


def lpad(s, n):
    if len(s) >= n:
        return s[len(s) - n:]
    return " " * (n - len(s)) + s


def mmss(ms):
    """A time as m:ss (h:mm:ss from an hour) for the small font; allocates,
    so only for screens that change on a press."""
    s = ms // 1000
    if s >= 3600:
        return "%d:%02d:%02d" % (s // 3600, (s // 60) % 60, s % 60)
    return "%d:%02d" % (s // 60, s % 60)


def signed(n):
    """A margin or a spread: +45, -12, 0."""
    return "%+d" % n if n else "0"


def ordinal(n):
    if n is None:
        return "-"
    if n == 1:
        return "1st"
    if n == 2:
        return "2nd"
    if n == 3:
        return "3rd"
    return "%dth" % n


def name_of(game, seat):
    """The name of the player at `seat`, or "seat N" for an empty one."""
    name = game.names[seat - 1]
    return name if name is not None else "seat %d" % seat


def standings_lines(standings, most=None):
    """"1 Ann        45" lines, equal totals sharing a place (the leaders
    only: at most `most` lines; all of them by default). The ready screens'
    and the score sheet's: here, so that the sheet needs no ui.ready."""
    out = []
    place = 0
    last = None
    for i in range(len(standings)):
        name, points = standings[i]
        if points != last:
            place = i + 1
            last = points
        if most is None or len(out) < most:
            out.append("%d %s%s" % (place, pad(name, 10), lpad(str(points), 4)))
    return out
