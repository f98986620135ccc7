# Every screen, drawn while the three scripted games are played, checked as a
# picture: nothing drawn off the 128x64 display (each screen is also drawn on
# a larger canvas with the display in its middle: anything outside would be
# cut off on the real panel), the running time at least 24 px tall, and a
# PNG of each screen written for a person to look at.
import os

from tileclock_host import shims

shims.install()

import framebuf  # noqa: E402

from tileclock.ui import ready, screen as ui_screen  # noqa: E402
from tileclock.ui import form, gamemenu, home, live, menu, sheet  # noqa: E402
from tileclock.ui import names as names_ui  # noqa: E402
from tileclock_host import registry  # noqa: E402
from tileclock_host.frames import frame_to_png  # noqa: E402
from tileclock_host.sim.script import Runner, parse, read_lines  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OX = 64     # the display's place on the canvas
OY = 32
CW = 256
CH = 128


class Canvas:
    """A 256x128 canvas that draws what a screen draws at (x, y) at
    (x + OX, y + OY): the 128x64 display is its middle. A proxy, not a
    subclass, so the framebuf's own calls between its methods are not
    shifted twice."""

    def __init__(self):
        self.buf = bytearray(CW * CH // 8)
        self.fb = framebuf.FrameBuffer(self.buf, CW, CH, framebuf.MONO_VLSB)
        self.width = 128
        self.height = 64

    def fill(self, c):
        self.fb.fill(c)

    def pixel(self, x, y, c=None):
        return self.fb.pixel(x + OX, y + OY, c)

    def hline(self, x, y, w, c):
        self.fb.hline(x + OX, y + OY, w, c)

    def vline(self, x, y, h, c):
        self.fb.vline(x + OX, y + OY, h, c)

    def line(self, x1, y1, x2, y2, c):
        self.fb.line(x1 + OX, y1 + OY, x2 + OX, y2 + OY, c)

    def rect(self, x, y, w, h, c, f=False):
        self.fb.rect(x + OX, y + OY, w, h, c, f)

    def fill_rect(self, x, y, w, h, c):
        self.fb.fill_rect(x + OX, y + OY, w, h, c)

    def text(self, s, x, y, c=1):
        self.fb.text(s, x + OX, y + OY, c)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        self.fb.blit(fbuf, x + OX, y + OY, key, palette)

    def lit(self, x, y):
        return (self.buf[(y >> 3) * CW + x] >> (y & 7)) & 1

    def off_display(self):
        """Lit pixels outside the display's rectangle."""
        out = []
        for y in range(CH):
            for x in range(CW):
                inside = OX <= x < OX + 128 and OY <= y < OY + 64
                if not inside and self.lit(x, y):
                    out.append((x - OX, y - OY))
        return out

    def lit_rows(self, top, bottom):
        rows = 0
        for y in range(OY + top, OY + bottom):
            if any(self.lit(x, y) for x in range(OX, OX + 128)):
                rows += 1
        return rows

    def display_frame(self):
        """The display's part of the canvas as a 128x64 MONO_VLSB frame."""
        frame = bytearray(1024)
        for y in range(64):
            for x in range(128):
                if self.lit(x + OX, y + OY):
                    frame[(y >> 3) * 128 + x] |= 1 << (y & 7)
        return frame


class Checker(Runner):
    """Runs a sim script; after every pass that changed the picture, draws
    the current screen on the canvas and checks it."""

    def __init__(self, script, out, seen):
        super().__init__(script, None)
        self.pngs = out
        self.seen = seen
        self.problems = []
        self._last = None

    def _after_pass(self):
        super()._after_pass()
        frame = bytes(self.board.frame())
        if frame == self._last:
            return
        self._last = frame
        app = self.app
        scr = app.manager.screen
        name = type(scr).__name__
        canvas = Canvas()
        now = app.now()
        scr.full = True
        app.manager._banner_drawn = False
        app.manager.frame(canvas, now)
        scr.full = True                 # the display redraws all next pass: harmless
        off = canvas.off_display()
        if off:
            self.problems.append("%s draws off the display at %s" % (name, off[:3]))
        if isinstance(scr, live.Live):
            rows = canvas.lit_rows(live.TIME_Y, live.TIME_Y + 32)
            if rows < 24:
                self.problems.append("%s: the time is %d px tall" % (name, rows))
        count = self.seen.get(name, 0)
        self.seen[name] = count + 1
        if count < 3:
            frame_to_png(canvas.display_frame(), os.path.join(self.pngs, "%s-%d.png" % (name, count)))



def _concrete_screens():
    # by name: the app unloads and loads the shared screen modules again,
    # so a game's screens may subclass another copy of Live or Form
    bases = {cls.__name__ for cls in (ui_screen.Screen, menu.Menu, gamemenu.GameMenu, form.Form, live.Live,
                                      ready.Ready)}
    names = set()
    modules = [home, names_ui, sheet] + [m for kind in registry.KINDS for m in registry.screen_modules(kind)]
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, type) and hasattr(value, "draw") and value.__name__ not in bases:
                names.add(value.__name__)
    return names


def test_every_screen_stays_on_the_display_with_tall_digits(tmp_path):
    seen = {}
    problems = []
    for name in ("wordsport_game.txt", "speedscrabble_match.txt", "spellsport_sample.txt", "tilerush_game.txt",
                 "boardclock_game.txt", "names.txt", "rename.txt"):
        script = parse(read_lines(os.path.join(ROOT, "tests", "sim", name)))
        checker = Checker(script, str(tmp_path), seen)
        summary = checker.run()
        assert summary["failures"] == [], name
        problems += checker.problems
    assert problems == []
    missing = _concrete_screens() - set(seen)
    assert not missing, "screens never shown: %s" % sorted(missing)
    assert len(os.listdir(str(tmp_path))) >= len(seen)


def test_the_canvas_catches_text_that_runs_off_the_display():
    canvas = Canvas()
    canvas.text("seventeen letters", 0, 0)
    assert canvas.off_display()
    canvas = Canvas()
    canvas.text("sixteen letters!", 0, 56)
    assert not canvas.off_display()


def test_the_pictures_of_the_docs_are_made_by_docimages(tmp_path):
    # python -m tileclock_host.sim.docimages remakes docs/images/: every
    # picture docs/device.md shows comes from it
    import re

    from tileclock_host.sim import docimages

    made = set(docimages.make(str(tmp_path)))
    with open(os.path.join(ROOT, "docs", "device.md")) as f:
        shown = set(re.findall(r"\(images/([a-z-]+)\.png\)", f.read()))
    assert shown and shown <= made, sorted(shown - made)
    assert sorted(os.listdir(str(tmp_path))) == sorted(name + ".png" for name in made)
