# The keys' hint: what a screen's buttons do (Screen.keys()) in small
# capitals, on a line a screen has to spare. A module of its own, imported
# where a hint is drawn and unloaded with the screens that are not in play
# (tileclock/modules.py): the live screens, the clock's, never draw one.
from micropython import const

_W = const(128)
_H = const(64)

# 3x5 capitals, 4 px a letter: 32 across, 6 rows a line, so one text row to
# spare says what every button does. Codes 32..90, two bytes a glyph: bit
# c*5+r is column c, row r; lower case is drawn as capitals, other codes as
# a space.
_TINY = (
    b"\x00\x00\xe0\x02\x03\x0c\x5f\x7d\xf2\x27\x99\x4c\xaa\x6a\x60\x00"
    b"\xc0\x45\xd1\x01\x8a\x28\xc4\x11\x10\x01\x84\x10\x00\x02\x98\x0c"
    b"\x3f\x7e\xf2\x43\xbd\x5e\xb1\x7e\x87\x7c\xb7\x76\x9f\x72\x21\x7c"
    b"\xbf\x7e\xa7\x7c\x40\x01\x50\x01\x44\x45\x4a\x29\x51\x11\xa1\x1e"
    b"\x2e\x5a\xbe\x78\xbf\x2a\x2e\x46\x3f\x3a\xbf\x46\xbf\x04\x2e\x76"
    b"\x9f\x7c\xf1\x47\x08\x3e\x9f\x6c\x1f\x42\xdf\x7c\x3f\x78\x2e\x3a"
    b"\xbf\x08\x2e\x5b\xbf\x68\xb2\x26\xe1\x07\x0f\x7e\x07\x1f\x9f\x7d"
    b"\x9b\x6c\x83\x0f\xb9\x4e"
)
_TINY_W = const(4)       # a letter and its space
_TINY_H = const(6)       # a line and its space
_KEY_GAP = const(7)     # px between two keys (a letter's space is 1)


def hint(fb, keys, y=_H - _TINY_H, bottom=_H):
    """The keys of a screen (Screen.keys()) in the 3x5 letters, left to
    right from row y, a key never split: on further lines while they fit
    above `bottom`, the rest left off. Drawn on a full redraw only (a pixel
    at a time)."""
    x = 0
    for key in keys:
        w = len(key) * _TINY_W - 1
        if x and x + w > _W:
            x = 0
            y += _TINY_H
        if y + _TINY_H - 1 > bottom:
            break
        if not x:
            fb.fill_rect(0, y - 1, _W, _TINY_H + 1, 0)
        for ch in key:
            code = ord(ch)
            if 97 <= code <= 122:
                code -= 32
            if 33 <= code <= 90:
                i = (code - 32) * 2
                bits = _TINY[i] | _TINY[i + 1] << 8
                col = x
                while bits:
                    for row in range(5):
                        if bits & 1:
                            fb.pixel(col, y + row, 1)
                        bits >>= 1
                    col += 1
            x += _TINY_W
        x += _KEY_GAP - 1
