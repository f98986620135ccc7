# What the screens meant to show, kept from their draw calls rather than
# read from pixels: the oracle the terminal's text view is checked against
# (test_sim_textview.py).
#
# While `recording()` is on, every draw on the display (tileclock.hal.display's
# Oled, the framebuf calls the screens make) goes through a TextLayer kept on
# that display: fb.text() adds its letters, draw.text2x() its 16 px
# letters, bigdigits.draw() the digits it drew, hints.hint() its keys laid
# out as its docstring says. Any later draw that touches a letter's ink (the
# pixels of its glyph; a dark-on-light letter's whole cell) takes that
# letter away: a message box over a line, a clock redrawn, a screen cleared.
# A big digit is kept while one of its halves is whole (a message box over
# the bottom of the clock, or Board Clock's over its top: the players still
# read it).
import contextlib
import importlib.abc
import importlib.machinery
import sys

from tileclock_host import shims

shims.install()

import framebuf  # noqa: E402

W = 128
H = 64
_TINY_W = 4     # ui/hints.py: a letter and its space; 6 rows a line, 7 px between keys
_TINY_H = 6
_KEY_GAP = 7

_glyphs = {}


def _ink(ch):
    """The lit pixels of an 8x8 letter, as (dx, dy)."""
    got = _glyphs.get(ch)
    if got is None:
        buf = bytearray(8)
        fb = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
        fb.text(ch, 0, 0, 1)
        got = frozenset((x, y) for x in range(8) for y in range(8) if buf[x] >> y & 1)
        _glyphs[ch] = got
    return got


class Item:
    def __init__(self, kind, ch, x, y, shape, dark=False, keep=None):
        self.kind = kind        # screentext's CLOCK, LARGE, HINT or TEXT
        self.ch = ch
        self.x = x
        self.y = y
        self.shape = shape      # (dx, dy) pixels from (x, y) whose change spoils it
        self.dark = dark        # dark on light
        self.keep = keep        # for a digit: the first row of its bottom half
        self.hurt = set()       # for a digit: which halves a draw has changed
        xs = [p[0] for p in shape] or [0]
        ys = [p[1] for p in shape] or [0]
        self.box = (x + min(xs), y + min(ys), x + max(xs) + 1, y + max(ys) + 1)
        self._ink = None

    def spoiled_by(self, y):
        """One of its pixels, at row y, changed: is it gone? A big digit
        stays while one of its halves is whole."""
        if self.keep is None:
            return True
        self.hurt.add(y < self.keep)
        return len(self.hurt) == 2

    @property
    def ink(self):
        """Its pixels on the panel, (x, y)."""
        if self._ink is None:
            x = self.x
            y = self.y
            self._ink = frozenset((x + dx, y + dy) for dx, dy in self.shape)
        return self._ink


class TextLayer:
    def __init__(self):
        self.items = []
        self.busy = 0       # inside a recorded helper: its own draws add nothing

    def touch(self, x0, y0, x1, y1):
        """A draw changed pixels in the box [x0, x1) x [y0, y1)."""
        kept = []
        for item in self.items:
            spoiled = False
            bx0, by0, bx1, by1 = item.box
            if bx0 >= x1 or x0 >= bx1 or by0 >= y1 or y0 >= by1:
                kept.append(item)
                continue
            ix = item.x
            iy = item.y
            for dx, dy in item.shape:
                x = ix + dx
                y = iy + dy
                if x0 <= x < x1 and y0 <= y < y1:
                    if item.spoiled_by(y):
                        spoiled = True
                        break
            if not spoiled:
                kept.append(item)
        self.items = kept

    def add(self, item):
        self.items.append(item)

    # -- what it shows, as screentext.items() gives it --

    def lines(self):
        from tileclock_host.sim import screentext
        by_row = {}
        for item in self.items:
            by_row.setdefault((item.y, item.kind), []).append(item)
        order = (screentext.CLOCK, screentext.LARGE, screentext.HINT, screentext.TEXT)
        out = []
        for (y, kind), items in sorted(by_row.items(), key=lambda k: (k[0][0], order.index(k[0][1]))):
            items.sort(key=lambda item: item.x)
            text = ""
            flags = []
            end = None
            gap = {screentext.CLOCK: 6, screentext.LARGE: 4, screentext.HINT: 2, screentext.TEXT: 2}[kind]
            for item in items:
                if end is not None and item.x - end >= gap:
                    text += " "
                    flags.append(False)
                text += item.ch
                flags.append(item.dark)
                end = item.x + item.width
            if kind == screentext.TEXT and len(text.replace("_", "").replace(" ", "")) <= 1:
                continue    # (screentext too leaves out a lone letter: a rule reads as ____)
            out.append((y, kind, text, flags if kind == screentext.TEXT else None))
        return out



def _layer(fb):
    layer = fb.__dict__.get("_text_layer")
    if layer is None:
        layer = fb.__dict__["_text_layer"] = TextLayer()
    return layer


_TINY_CELL = frozenset((dx, dy) for dx in range(3) for dy in range(1, 6))
_CELL = frozenset((dx, dy) for dx in range(8) for dy in range(8))


def _text_item(kind, ch, x, y, c, width=8):
    # dark on light: the whole cell is its picture
    item = Item(kind, ch, x, y, _ink(ch) if c else _CELL, dark=not c)
    item.width = width
    return item


def _visible(item):
    x0, y0, x1, y1 = item.box
    return item.shape and x0 >= 0 and y0 >= 0 and x1 <= W and y1 <= H


# -- the display's draws ---------------------------------------------------------

def _patched_display(cls):
    base = {name: getattr(cls, name) for name in
            ("fill", "fill_rect", "rect", "hline", "vline", "pixel", "line", "text", "blit", "scroll")}

    def fill(self, c):
        _layer(self).items = []
        base["fill"](self, c)

    def fill_rect(self, x, y, w, h, c):
        _layer(self).touch(x, y, x + w, y + h)
        base["fill_rect"](self, x, y, w, h, c)

    def rect(self, x, y, w, h, c, f=False):
        layer = _layer(self)
        if f:
            layer.touch(x, y, x + w, y + h)
        else:
            layer.touch(x, y, x + w, y + 1)
            layer.touch(x, y + h - 1, x + w, y + h)
            layer.touch(x, y, x + 1, y + h)
            layer.touch(x + w - 1, y, x + w, y + h)
        base["rect"](self, x, y, w, h, c, f)

    def hline(self, x, y, w, c):
        _layer(self).touch(x, y, x + w, y + 1)
        base["hline"](self, x, y, w, c)

    def vline(self, x, y, h, c):
        _layer(self).touch(x, y, x + 1, y + h)
        base["vline"](self, x, y, h, c)

    def pixel(self, x, y, c=None):
        if c is not None:
            _layer(self).touch(x, y, x + 1, y + 1)
        return base["pixel"](self, x, y, c) if c is not None else base["pixel"](self, x, y)

    def line(self, x1, y1, x2, y2, c):
        _layer(self).touch(min(x1, x2), min(y1, y2), max(x1, x2) + 1, max(y1, y2) + 1)
        base["line"](self, x1, y1, x2, y2, c)

    def text(self, s, x, y, c=1):
        layer = _layer(self)
        new = []
        for i, ch in enumerate(s):
            if ch != " ":
                new.append(_text_item("text", ch, x + 8 * i, y, c))
        for item in new:
            _spoil(layer, item.ink)
        base["text"](self, s, x, y, c)
        if not layer.busy:
            from tileclock_host.sim import screentext
            for item in new:
                item.kind = screentext.TEXT
                if _visible(item):
                    layer.add(item)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        w = getattr(fbuf, "_w", 0)
        h = getattr(fbuf, "_h", 0)
        _layer(self).touch(x, y, x + w, y + h)
        base["blit"](self, fbuf, x, y, key, palette)

    def scroll(self, xstep, ystep):
        _layer(self).items = []
        base["scroll"](self, xstep, ystep)

    patched = dict(fill=fill, fill_rect=fill_rect, rect=rect, hline=hline, vline=vline, pixel=pixel,
                   line=line, text=text, blit=blit, scroll=scroll)
    return base, patched


def _spoil(layer, pixels):
    # a new letter's ink over an old one's: the old one is gone (a big
    # digit, once over both its halves)
    kept = []
    xs = [p[0] for p in pixels]
    ys = [p[1] for p in pixels]
    if not xs:
        return
    x0, y0, x1, y1 = min(xs), min(ys), max(xs) + 1, max(ys) + 1
    for item in layer.items:
        bx0, by0, bx1, by1 = item.box
        if bx0 >= x1 or x0 >= bx1 or by0 >= y1 or y0 >= by1:
            kept.append(item)
            continue
        over = item.ink & pixels
        if any(item.spoiled_by(y) for _x, y in over):
            continue
        kept.append(item)
    layer.items = kept


# -- the helpers that draw big and small letters ---------------------------------

def _wrap_text2x(original):
    def text2x(fb, s, x, y, c=1):
        layer = _layer(fb)
        layer.busy += 1
        try:
            original(fb, s, x, y, c)
        finally:
            layer.busy -= 1
        from tileclock_host.sim import screentext
        for i, ch in enumerate(s):
            if ch == " ":
                continue
            x0 = x + 16 * i
            shape = frozenset((2 * dx + a, 2 * dy + b) for dx, dy in _ink(ch) for a in (0, 1) for b in (0, 1))
            item = Item(screentext.LARGE, ch, x0, y, shape)
            item.width = 16
            if _visible(item):
                layer.add(item)
    return text2x


_digit_ink = {}


def _glyph_ink(glyph, w, h):
    got = _digit_ink.get(id(glyph))
    if got is None or got[0] is not glyph:
        got = _digit_ink[id(glyph)] = (glyph, frozenset((dx, dy) for dx in range(w) for dy in range(h)
                                                        if glyph.pixel(dx, dy)))
    return got[1]


def _wrap_bigdigits_draw(original, module):
    def draw(fb, text, n, x, y, prev=None):
        layer = _layer(fb)
        before = bytes(prev) if prev is not None else None
        layer.busy += 1
        try:
            end = original(fb, text, n, x, y, prev)
        finally:
            layer.busy -= 1
        from tileclock_host.sim import screentext
        cx = x
        for i in range(n):
            c = text[i]
            w = module.COLON_W if c == module.COLON else module.DIGIT_ADVANCE
            if before is None or before[i] != c:
                glyph = module.COLON_GLYPH if c == module.COLON else (
                    module.GLYPHS[c - 48] if 48 <= c <= 57 else (module.GLYPHS[module.MINUS] if c == 45 else None))
                if glyph is not None:
                    gw = module.COLON_W if c == module.COLON else module.DIGIT_W
                    item = Item(screentext.CLOCK, chr(c), cx, y, _glyph_ink(glyph, gw, module.HEIGHT),
                                keep=y + module.HEIGHT // 2)
                    item.width = gw
                    if _visible(item):
                        layer.add(item)
            cx += w
        return end
    return draw


def _wrap_hint(original):
    def hint(fb, keys, y=H - _TINY_H, bottom=H):
        layer = _layer(fb)
        layer.busy += 1
        try:
            original(fb, keys, y, bottom)
        finally:
            layer.busy -= 1
        # the layout hint()'s docstring gives: left to right from row y, a
        # key never split, on further lines while they fit above `bottom`
        from tileclock_host.sim import screentext
        x = 0
        row = y
        for key in keys:
            w = len(key) * _TINY_W - 1
            if x and x + w > W:
                x = 0
                row += _TINY_H
            if row + _TINY_H - 1 > bottom:
                break
            for ch in key:
                if ch != " ":
                    letter = ch.upper() if "a" <= ch <= "z" else ch
                    item = Item(screentext.HINT, letter, x, row - 1, _TINY_CELL)
                    item.width = 3
                    layer.add(item)
                x += _TINY_W
            x += _KEY_GAP - 1
    return hint


# module -> (the function wrapped, its wrapper)
_WRAPPERS = {
    "tileclock.ui.draw": ("text2x", lambda m, f: _wrap_text2x(f)),
    "tileclock.ui.bigdigits": ("draw", lambda m, f: _wrap_bigdigits_draw(f, m)),
    "tileclock.ui.hints": ("hint", lambda m, f: _wrap_hint(f)),
}


def _wrap(module):
    name, make = _WRAPPERS[module.__name__]
    original = getattr(module, name)
    if getattr(original, "__wrapped__", None) is None:
        wrapper = make(module, original)
        wrapper.__wrapped__ = original
        setattr(module, name, wrapper)


def _unwrap(module):
    name, _make = _WRAPPERS[module.__name__]
    original = getattr(getattr(module, name), "__wrapped__", None)
    if original is not None:
        setattr(module, name, original)


class _Finder(importlib.abc.MetaPathFinder):
    """Wraps the drawing helpers each time their module is (re)loaded: the
    app unloads and imports them again as screens come and go."""

    def find_spec(self, name, path, target=None):
        if name not in _WRAPPERS:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        original = loader.exec_module

        def exec_module(module):
            original(module)
            _wrap(module)
        loader.exec_module = exec_module
        return spec


@contextlib.contextmanager
def recording():
    """Every display built or drawn on meanwhile keeps a TextLayer
    (`layer_of(display)`)."""
    from tileclock.hal import display as hal_display
    cls = hal_display.Oled
    base, patched = _patched_display(cls)
    saved = {name: cls.__dict__.get(name) for name in patched}
    for name, fn in patched.items():
        setattr(cls, name, fn)
    finder = _Finder()
    sys.meta_path.insert(0, finder)
    # modules loaded already are wrapped now; those loaded later, by the finder
    for name in _WRAPPERS:
        if name in sys.modules:
            _wrap(sys.modules[name])
    try:
        yield
    finally:
        sys.meta_path.remove(finder)
        for name, fn in saved.items():
            if fn is None:
                delattr(cls, name)
            else:
                setattr(cls, name, fn)
        for name in _WRAPPERS:
            if name in sys.modules:
                _unwrap(sys.modules[name])


def layer_of(display):
    return _layer(display)
