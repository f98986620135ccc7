# The text on the simulated display, read back from its pixels (the panel's
# frame, what the glass shows): the big digits of a clock, the 16 px letters
# of a prompt, the 3x5 letters of the keys' hints (tileclock.ui.hints) and
# the 8x8 letters of framebuf's text(), dark on light too (a menu's line
# under the cursor, a field's cursor). For a sim script's `expect text` and
# the terminal's text view.
#
# Each kind is read in turn, biggest first, and what it read is cleared
# from a working copy of the frame before the next looks: the strokes of a
# big digit or a prompt's letter would otherwise read as small letters
# (a stray `"` or `p p` line).
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
_head = None    # its first 7, for a glyph with a blank last column (the
                # same, on its other side: a neighbour's cursor box)
_small = None   # 3 columns of a 3x5 glyph (rows 1..5 of a 7-row band) -> its letter
_digits = None  # the big digits' 32-row columns (a tuple) -> the character
_colon = None

# What items() reads, in the order the kinds are tried
CLOCK = "clock"     # the big digits (ui/bigdigits.py): "1:05", "-0:09"
LARGE = "large"     # 16 px letters (ui/draw.text2x): a live screen's prompt
HINT = "hint"       # the keys' hint, 3x5 capitals
TEXT = "text"       # framebuf's 8x8 letters


def prepare():
    """Build the glyph tables now (else at the first read): a long run on
    MicroPython builds them first, low in its heap, not as a few hundred
    small objects among the firmware's (bench/mpy_tour.py)."""
    _tables()


def _tables():
    global _big, _tail, _head, _small
    if _big is not None:
        return
    buf = bytearray(8)
    fb = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
    big = {}
    tail = {}
    head = {}
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
        if not buf[7] and key[:7] not in head:
            head[key[:7]] = ch
        if code <= 90:
            fb.fill(0)
            hint(fb, (ch,), 1)
            key = bytes((buf[0] & 0x7F, buf[1] & 0x7F, buf[2] & 0x7F))
            if any(key) and key not in small:
                small[key] = ch
    _big = big
    _tail = tail
    _head = head
    _small = small


def _digit_tables():
    # the glyphs' bytes as the display takes them (MONO_VLSB, 4 pages)
    global _digits, _colon
    if _digits is not None:
        return
    from tileclock.ui import bigdigits
    raw = bigdigits._GLYPH_BUF
    w = bigdigits.DIGIT_W
    digits = {}
    for i in range(11):
        cols = tuple([_column(raw, i * 4 * w, w, c) for c in range(w)])
        digits[cols] = "-" if i == bigdigits.MINUS else chr(48 + i)
    cw = bigdigits.COLON_W
    _colon = tuple([_column(raw, 11 * 4 * w, cw, c) for c in range(cw)])
    _digits = digits


def _column(raw, start, width, c):
    v = 0
    for page in range(4):
        v |= raw[start + page * width + c] << (8 * page)
    return v


def _columns(frame):
    """The panel as 128 numbers, one a column, bit y its row y: the
    readers' working copy (what a reader found is cleared from it)."""
    out = []
    for x in range(_W):
        v = 0
        for page in range(_H // 8):
            v |= frame[page * _W + x] << (8 * page)
        out.append(v)
    return out


def _band(work, y, rows):
    """The columns of rows y .. y+rows-1 as numbers, bit 0 the top row;
    rows off the panel read as dark."""
    if y < 0:
        return [0] * _W
    mask = (1 << rows) - 1
    return [(v >> y) & mask for v in work]


def _clear(work, x, y, w, h):
    """Rows y .. y+h-1 of columns x .. x+w-1 dark in `work`."""
    if y < 0:
        h += y
        y = 0
    if h <= 0:
        return
    keep = ~(((1 << h) - 1) << y)
    for col in range(max(x, 0), min(x + w, _W)):
        work[col] &= keep


def _read(cols, table, width, step, mask, isolated, above=None, tail=None, head=None):
    """The letters found left to right in a band's columns, light on dark
    or, where the row `above` is lit too (a highlight starts a row above
    its text), dark on light; a space where a gap is. Returns (text,
    [x of each letter], [dark on light, a flag each character])."""
    text = ""
    xs = []
    flags = []
    end = None
    x = 0
    cols = cols + [0] * width     # a letter at the right edge, clipped
    while x < _W:
        window = cols[x:x + width]
        ch = None
        dark = False
        if any(window):
            if not isolated or ((x == 0 or not cols[x - 1]) and not cols[x + width]):
                ch = table.get(bytes(window))
            if ch is None and tail is not None and window[0]:
                ch = tail.get(bytes(window[1:]))
            if ch is None and head is not None and window[width - 1]:
                ch = head.get(bytes(window[:width - 1]))
            if ch is None and above is not None and x + width <= _W and all(above[x:x + width]):
                flipped = [v ^ mask for v in window]
                ch = table.get(bytes(flipped))
                dark = ch is not None
        if ch is None:
            x += 1
            continue
        if end is not None and x - end >= 2:
            text += " "
            flags.append(False)
        text += ch
        xs.append(x)
        flags.append(dark)
        end = x + step
        x = end
    return text, xs, flags


def _ruled(work):
    """The rows lit from edge to edge: a message box's top or bottom
    (ui/draw.box), which may cover part of the big digits."""
    out = []
    for y in range(_H):
        if all(_band(work, y, 1)):
            out.append(y)
    return out


def _digit_at(window, rows):
    # the big digit or colon `window` (its columns) shows in `rows` (a mask
    # of its 32 rows)
    if rows == _ALL_ROWS:
        ch = _digits.get(tuple(window))
        if ch is None and tuple(window[:len(_colon)]) == _colon:
            ch = ":"
        return ch
    # cut by a box: the glyph these rows show, if only one is
    found = None
    for cols, ch in list(_digits.items()) + [(_colon, ":")]:
        k = 0
        while k < len(cols) and cols[k] & rows == window[k] & rows:
            k += 1
        if k == len(cols):
            if found is not None:
                return None
            found = ch
    return found


_ALL_ROWS = (1 << 32) - 1


def _read_digits(work, out):
    ruled = _ruled(work)
    for y in range(_H - 15):
        # a box's edge across the digits: its top over their bottom half,
        # or (Board Clock's banner) its bottom over their top half
        h = 32
        skip = 0
        for r in ruled:
            if y + 16 <= r < y + h:
                h = r - y
            elif y <= r < y + 16 and y + 32 <= _H:
                skip = max(skip, r - y + 1)
        if y + h > _H:
            continue
        cols = _band(work, y, h)
        if not any(cols):
            continue
        rows = ((1 << h) - 1) & ~((1 << skip) - 1)
        cols = cols + [0] * 16
        text = ""
        end = None
        found = []
        x = 0
        while x < _W:
            ch = None
            if any(v & rows for v in cols[x:x + 16]):
                ch = _digit_at(cols[x:x + 16], rows)
            if ch is None:
                x += 1
                continue
            w = len(_colon) if ch == ":" else 16
            if end is not None and x - end >= 6:
                text += " "
            text += ch
            found.append((x, w))
            end = x + w
            x = end
        if found:
            for x, w in found:
                _clear(work, x, y + skip, w, h - skip)
            out.append((y, CLOCK, text, None))


def _halve(v):
    # a column of 16 rows, each pixel doubled -> its 8 rows, or -1
    d = 0
    for r in range(8):
        bit = (v >> (2 * r)) & 3
        if bit == 3:
            d |= 1 << r
        elif bit:
            return -1
    return d


def _read_large(work, out):
    # (to row 50: a letter's doubled last row is blank, so a prompt a
    # pixel or two under the usual, Board Clock's, has it off the panel)
    for y in range(_H - 13):
        cols = _band(work, y, 16)
        if not any(cols):
            continue
        cols = cols + [0] * 16
        below = _band(work, y + 16, 1) + [0] * 16
        text = ""
        end = None
        found = []
        x = 0
        while x < _W:
            ch = None
            if any(cols[x:x + 16]):
                halves = []
                for k in range(8):
                    a = cols[x + 2 * k]
                    if a != cols[x + 2 * k + 1]:
                        break
                    d = _halve(a)
                    if d < 0:
                        break
                    halves.append(d)
                if len(halves) == 8:
                    ch = _big.get(bytes(halves))
                    if ch == "_" and any(below[x:x + 16]):
                        ch = None   # the top of a highlighted line, not a letter
            if ch is None:
                x += 1
                continue
            if end is not None and x - end >= 4:
                text += " "
            text += ch
            found.append(x)
            end = x + 16
            x = end
        if found:
            for x in found:
                _clear(work, x, y, 16, 16)
            out.append((y, LARGE, text, None))


def _read_small(work, out):
    for y in range(_H - 6):
        text, xs, _flags = _read(_band(work, y, 7), _small, 3, 4, 0x7F, True)
        if len(text.strip()) > 1:
            for x in xs:
                _clear(work, x, y + 1, 3, 5)
            out.append((y, HINT, text, None))


def _read_text_at(work, y):
    # (a highlight on the top line has no row above it on the panel)
    above = _band(work, y - 1, 1) if y else [1] * _W
    return _read(_band(work, y, 8), _big, 8, 8, 0xFF, False, above, _tail, _head)


def _letters(text):
    n = 0
    for ch in text:
        if ch != " " and ch != "_":     # a rule reads as ____
            n += 1
    return n


def _read_text(work, out):
    # The row that reads the most letters first, then the next: a line's
    # letters seen a row or two off can read as other letters (the top of
    # a "P" as a "p"), never as many as the line itself.
    found = {}
    for y in range(_H - 7):
        found[y] = _read_text_at(work, y)
    while True:
        best = None
        most = 1
        for y in range(_H - 7):
            if y in found:
                n = _letters(found[y][0])
                if n > most:
                    best = y
                    most = n
        if best is None:
            break
        text, xs, flags = found.pop(best)
        # (cleared: the bottoms of its letters are no line of their own)
        for x in xs:
            _clear(work, x, best, 8, 8)
        out.append((best, TEXT, text, flags))
        for y in range(best - 7, best + 8):
            if y in found:
                found[y] = _read_text_at(work, y)


def items(frame, clocks=True):
    """Everything legible on the display, top to bottom: (pixel row, kind,
    text, flags), kind one of CLOCK, LARGE, HINT, TEXT; for TEXT, flags
    says of each character whether it is dark on light (None otherwise).
    `clocks=False` leaves out the big digits and the 16 px letters (their
    pixels then may read as stray small letters): a cheaper read."""
    _tables()
    work = _columns(frame)
    out = []
    if clocks:
        _digit_tables()
        _read_digits(work, out)
        _read_large(work, out)
    _read_small(work, out)
    _read_text(work, out)
    out.sort(key=lambda item: item[0])
    return out


def lines(frame):
    """Every line of text found on the display, top to bottom: the big
    digits, the 16 px letters, the hints' 3x5 letters (as capitals) and
    the 8x8 letters."""
    return [text for _y, _kind, text, _flags in items(frame)]


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
