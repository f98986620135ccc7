# The terminal simulator: keys in, the picture out as text. In-process (a
# Terminal writing to a string) for what it draws; behind a real
# pseudo-terminal for the sizes, a resize and how it ends (TIOCSWINSZ sets
# the window's size, a small VT reader below plays the terminal).
import codecs
import fcntl
import io
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time

import pytest

from tileclock import cues
from tileclock_host.sim import terminal
from tileclock_host.sim.terminal import Terminal, choose_mode, key_to_event, render, render_braille

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Waits are for what the window shows; their bound is reached only when the
# simulator is broken, so as long as a busy machine could ever need.
WAIT_SECONDS = 180

BRAILLE = re.compile("[\u2801-\u28ff]")
BLOCKS = re.compile("[\u2580\u2584\u2588]")


def _run(term, ms):
    for _ in range(ms // 10):
        term.app.safe_step()
        term.board.sleep_ms(10)


def test_keys_press_seats_and_the_display_is_drawn_in_half_blocks():
    out = io.StringIO()
    term = Terminal(seats=4, out=out, size=(130, 37))
    try:
        term.app.safe_step()
        term.draw(force=True)
        picture = out.getvalue()
        assert "Home" in picture and BLOCKS.search(picture)
        assert term.handle("2")                 # Start: a Word-Sport game
        _run(term, 300)
        assert type(term.app.manager.screen).__name__ == "WsReady"
        term.reboot()                           # the journal brings the game back
        term.app.safe_step()
        assert type(term.app.manager.screen).__name__ == "WsReady"
        assert not term.handle("q")
    finally:
        term.close()


def test_key_map_and_render_sizes():
    assert key_to_event("3", 4, False) == ("press", 3)
    assert key_to_event("3", 4, True) == ("long", 3)
    assert key_to_event("#", 4, False) == ("long", 3)
    assert key_to_event("5", 4, False) is None
    lines = render(bytes(1024))
    assert len(lines) == 32 and all(len(line) == 128 for line in lines)
    lines = render(bytes(1024), scale=2)
    assert len(lines) == 64 and all(len(line) == 256 for line in lines)
    lines = render_braille(bytes(1024))
    assert len(lines) == 16 and all(len(line) == 64 for line in lines)


def test_braille_puts_eight_pixels_in_a_character():
    frame = bytearray(1024)
    frame[0] = 0b00001111       # x 0, y 0..3: the left column of the first cell
    frame[1] = 0b00000001       # x 1, y 0: its top right dot
    frame[2] = 0b11110000       # x 2, y 4..7: the left column of the cell under it
    lines = render_braille(frame)
    assert lines[0][0] == chr(0x2800 | 0x01 | 0x02 | 0x04 | 0x40 | 0x08)
    assert lines[0][1] == " " and lines[1][1] == chr(0x2800 | 0x47)


@pytest.mark.parametrize("size, mode", [
    ((80, 24), ("text", 1)),
    ((100, 30), ("text", 1)),
    ((129, 60), ("text", 1)),
    ((130, 37), ("blocks", 1)),
    ((250, 36), ("text", 1)),
    ((258, 69), ("blocks", 2)),
    ((79, 24), None),
    ((200, 23), None),
])
def test_the_picture_is_the_biggest_that_fits(size, mode):
    assert choose_mode(*size) == mode
    braille = ("braille", 1) if mode == ("text", 1) else mode
    assert choose_mode(size[0], size[1], braille=True) == braille


def test_a_small_terminal_shows_the_screens_text_in_any_font():
    term = Terminal(seats=4, out=io.StringIO(), size=(80, 24))
    try:
        term.app.safe_step()
        lines = term.lines()
        assert all(ord(ch) < 128 or 0x2500 <= ord(ch) <= 0x257F for line in lines for ch in line)
        text = "\n".join(lines)
        assert "> START PRESS 2 <" in text and "  Game Word-Sport" in text and "1/3 MOVE 2 CHOOSE" in text
        assert "v view" in lines[-1]
        term.device.press(2)
        term.device.press(3)                    # GO: the clock and the prompt from the screen
        term.device.run(2000)
        text = "\n".join(term.lines())
        assert "[ 0:02 ]" in text and "* GO! *" in text and "ROUND 1 72 left" in text
        term.handle("v")                        # the pixels in braille instead
        assert BRAILLE.search("\n".join(term.lines()))
        term.handle("v")
        assert not BRAILLE.search("\n".join(term.lines()))
    finally:
        term.close()


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (130, 37), (200, 60), (60, 20), (20, 5), (1, 1)])
def test_no_line_is_wider_or_longer_than_the_window(size):
    term = Terminal(seats=8, out=io.StringIO(), size=size)
    try:
        term.app.safe_step()
        lines = term.lines()
        assert len(lines) <= size[1]
        assert all(len(line) <= size[0] for line in lines)
        if size[0] < 80 or size[1] < 24:
            text = " ".join(lines)
            assert size[0] < 40 or ("80x24" in text and "%dx%d" % size in text)
        else:
            assert lines[0].startswith("\u250c") and "screen Home" in "\n".join(lines)
    finally:
        term.close()


SHORT_KEYS = ("1 next", "2 choose", "hold undo")
LONG_KEYS = ("1 next line", "2 change the value", "3 line before", "hold 2 the menu")


@pytest.mark.parametrize("size, keys, beside", [
    ((100, 30), SHORT_KEYS, True),
    ((80, 24), SHORT_KEYS, True),
    ((80, 24), LONG_KEYS, False),       # 12 columns beside the picture: too few
    ((100, 30), LONG_KEYS, True),
    ((130, 37), SHORT_KEYS, False),     # no room beside the half blocks
])
def test_the_screens_keys_are_shown_beside_or_under_the_display(size, keys, beside, monkeypatch):
    term = Terminal(seats=4, out=io.StringIO(), size=size)
    try:
        term.app.safe_step()
        screen_class = type(term.app.manager.screen)
        monkeypatch.setattr(screen_class, "keys", lambda self: (), raising=False)
        assert "keys" not in "\n".join(term.lines())     # no keys: no panel
        monkeypatch.setattr(screen_class, "keys", lambda self: keys, raising=False)
        lines = term.lines()
        assert all(len(line) <= size[0] for line in lines) and len(lines) <= size[1]
        if beside:
            assert lines[0].endswith("\u2510  keys")
            for i, key in enumerate(keys):
                assert lines[1 + i].endswith("\u2502  " + key)
        else:
            assert " keys: " + "   ".join(keys) in lines
        monkeypatch.setattr(screen_class, "keys", lambda self: 1 / 0, raising=False)
        assert "keys" not in "\n".join(term.lines())     # a broken keys(): nothing, and no crash
    finally:
        term.close()


def test_a_screen_without_keys_has_none_shown():
    class Bare:
        pass

    class Odd:
        keys = "not a method"

    assert terminal.screen_keys(Bare()) == () and terminal.screen_keys(Odd()) == ()


def test_a_cue_is_shown_with_its_age_then_no_more():
    out = io.StringIO()
    term = Terminal(seats=4, out=out, size=(100, 30))
    try:
        term.app.safe_step()
        term.app.cue_log.append((term.app.now(), cues.TIME_UP))
        term.draw()
        assert "\a" in out.getvalue()
        assert "cue TIME_UP (now)" in "\n".join(term.lines())
        term.board.sleep_ms(3000)
        assert "cue TIME_UP (3 s ago)" in "\n".join(term.lines())
        term.board.sleep_ms(terminal.CUE_SHOW_MS)
        assert "TIME_UP" not in "\n".join(term.lines())
    finally:
        term.close()


def test_draw_writes_only_what_changed():
    out = io.StringIO()
    term = Terminal(seats=4, out=out, size=(80, 24))
    try:
        term.app.safe_step()
        term.draw()
        assert "\x1b[2J" in out.getvalue()
        out.seek(0)
        out.truncate()
        term.draw()
        assert out.getvalue() == ""
        term.size = (100, 30)                   # a resize: cleared and drawn anew
        term.draw()
        assert out.getvalue().startswith("\x1b[H\x1b[2J")
    finally:
        term.close()


# -- behind a pseudo-terminal ---------------------------------------------------

_CSI = re.compile(r"\x1b\[(\??)([0-9;]*)([A-Za-z])")


class VT:
    """Just enough of a terminal for what the simulator writes: text, CR, LF,
    BEL, cursor position, erase in line and display, modes. It refuses a
    character past the right edge (the terminal would wrap it: the picture
    falls apart) and a line feed on the last line (it would scroll)."""

    def __init__(self, cols, rows):
        self.cols = cols
        self.rows = rows
        self.grid = [[" "] * cols for _ in range(rows)]
        self.r = self.c = 0
        self.pending = ""
        self.until_clear = False
        self.left = False           # the simulator has left its (alternate) screen

    def resized(self, cols, rows):
        """The window is now cols x rows: what comes before the simulator's
        next clear was written for the old size, and is dropped."""
        self.__init__(cols, rows)
        self.until_clear = True

    def feed(self, text):
        if self.left:
            return          # the shell's screen again: lines wrap there as they will
        text = self.pending + text
        self.pending = ""
        if self.until_clear:
            at = text.find("\x1b[2J")
            if at < 0:
                self.pending = text[-3:]
                return
            self.until_clear = False
            text = text[at:]
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "\x1b":
                m = _CSI.match(text, i)
                if m is None:
                    if len(text) - i < 12:      # cut in the middle: the rest comes next
                        self.pending = text[i:]
                        return
                    raise AssertionError("unknown escape %r" % text[i:i + 12])
                self._csi(m.group(1), m.group(2), m.group(3))
                if self.left:
                    return
                i = m.end()
                continue
            if ch == "\r":
                self.c = 0
            elif ch == "\n":
                assert self.r < self.rows - 1, "a line feed on the last line scrolls the picture away"
                self.r += 1
            elif ch == "\a":
                pass
            else:
                assert self.c < self.cols, "%r past the right edge of line %d (%d columns)" % (
                    ch, self.r + 1, self.cols)
                self.grid[self.r][self.c] = ch
                self.c += 1
            i += 1

    def _csi(self, private, params, final):
        nums = [int(p) if p else 0 for p in params.split(";")] if params else []
        if private:
            assert final in "hl", final
            if nums == [1049]:
                self.grid = [[" "] * self.cols for _ in range(self.rows)]
                self.left = final == "l"
        elif final == "H":
            row = nums[0] if nums else 1
            col = nums[1] if len(nums) > 1 else 1
            assert 1 <= row <= self.rows and 1 <= col <= self.cols, (row, col, self.cols, self.rows)
            self.r, self.c = row - 1, col - 1
        elif final == "K":
            start = 0 if nums and nums[0] == 2 else min(self.c, self.cols)
            for x in range(start, self.cols):
                self.grid[self.r][x] = " "
        elif final == "J":
            assert nums == [2], nums
            self.grid = [[" "] * self.cols for _ in range(self.rows)]
        else:
            raise AssertionError("unexpected escape sequence ESC[%s%s" % (params, final))

    def lines(self):
        return ["".join(row).rstrip() for row in self.grid]

    def text(self):
        return "\n".join(self.lines())


_LAUNCH = ("import os, sys\n"
           # opened after setsid: the pty becomes the simulator's controlling
           # terminal, so Ctrl-C and a hang-up reach it as on a desktop
           "fd = os.open(sys.argv[1], os.O_RDWR)\n"
           "for i in (0, 1, 2):\n"
           "    os.dup2(fd, i)\n"
           "os.close(fd)\n"
           "os.execv(sys.executable, [sys.executable, '-m', 'tileclock_host', 'sim'])\n")


def _set_size(fd, cols, rows):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class Sim:
    """`tileclock sim` behind a pseudo-terminal of cols x rows."""

    def __init__(self, cols, rows, tmp):
        # the slave stays open here too: with none open, reading the master
        # fails (EIO) until the simulator has opened its side
        self.master, self.slave = os.openpty()
        _set_size(self.slave, cols, rows)
        env = dict(os.environ, TILECLOCK_SIM_TMP=str(tmp), TERM="xterm")
        self.proc = subprocess.Popen([sys.executable, "-c", _LAUNCH, os.ttyname(self.slave)], cwd=ROOT, env=env,
                                     start_new_session=True, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.vt = VT(cols, rows)
        self.raw = ""
        self._decode = codecs.getincrementaldecoder("utf-8")()

    def _read_once(self, timeout):
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:         # EIO: nobody has the terminal open any more
            return False
        if not data:
            return False
        text = self._decode.decode(data)
        self.raw += text
        self.vt.feed(text)
        return True

    def wait_for(self, *texts, seconds=WAIT_SECONDS):
        """Read until every one of `texts` is on the window (a line break as
        good as a space)."""
        deadline = time.monotonic() + seconds
        while not all(t in " ".join(self.vt.text().split()) for t in texts):
            assert time.monotonic() < deadline, "no %r on the window:\n%s" % (texts, self.vt.text())
            assert self._read_once(0.05), "the simulator ended:\n" + self.raw[-2000:]

    def wait_written(self, *texts, seconds=WAIT_SECONDS):
        """Read until every one of `texts` has been written, the simulator
        running or not."""
        deadline = time.monotonic() + seconds
        while not all(t in self.raw for t in texts):
            assert time.monotonic() < deadline, "no %r written:\n%r" % (texts, self.raw[-2000:])
            assert self._read_once(0.05), "the terminal closed:\n%r" % self.raw[-2000:]

    def keys(self, text):
        os.write(self.master, text.encode())

    def resize(self, cols, rows):
        self.vt.resized(cols, rows)     # (what comes for the old size is dropped)
        _set_size(self.master, cols, rows)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass


def _flash_folders(tmp):
    return [n for n in os.listdir(tmp) if n.startswith("tileclock-sim-")]


def _check_picture(vt, text):
    # text: the small terminal's text view (plain characters); else blocks
    lines = vt.lines()
    width = 66 if text else 130
    assert lines[0].startswith("\u250c") and lines[0][width - 1] == "\u2510", vt.text()
    inside = "\n".join(line[1:width - 1] for line in lines[1:width // 4])
    assert not BRAILLE.search(inside), vt.text()
    if text:
        assert not BLOCKS.search(inside) and re.search("[A-Za-z]{4}", inside), vt.text()
    else:
        assert BLOCKS.search(inside), vt.text()


@pytest.mark.parametrize("size, resized, end", [
    ((80, 24), (130, 37), "hangup"),
    ((100, 30), (60, 20), "sigterm"),
    ((130, 37), (80, 24), "ctrl-c"),
])
def test_the_window_at_its_size_a_resize_and_the_end(size, resized, end, tmp_path):
    tmp = tmp_path / "simtmp"
    tmp.mkdir()
    sim = Sim(size[0], size[1], tmp)
    try:
        before = termios.tcgetattr(sim.master)
        sim.wait_for("screen Home", "q quit")
        _check_picture(sim.vt, text=size[0] < 130)
        assert len(_flash_folders(tmp)) == 1
        sim.keys("2")                               # Start: Word-Sport's Ready screen
        sim.wait_for("screen WsReady", "q quit")
        _check_picture(sim.vt, text=size[0] < 130)

        sim.resize(*resized)
        if resized[0] < 80:
            sim.wait_for("at least 80x24", "This one is %dx%d" % resized, "q quits")
        else:
            sim.wait_for("screen WsReady", "q quit")
            _check_picture(sim.vt, text=resized[0] < 130)
        sim.keys("3")                               # GO, in whatever size
        if resized[0] >= 80:
            sim.wait_for("screen WsPlay", "q quit")

        if end == "hangup":
            os.close(sim.master)                    # the terminal window closed: SIGHUP
            status = sim.proc.wait(timeout=WAIT_SECONDS)
        else:
            if end == "sigterm":
                sim.proc.send_signal(signal.SIGTERM)
            else:
                sim.keys("\x03")
            status = sim.proc.wait(timeout=WAIT_SECONDS)
            assert status == (143 if end == "sigterm" else 130)
            sim.wait_written("\x1b[?1049l", "now removed")
            after = termios.tcgetattr(sim.master)
            assert after[3] & (termios.ICANON | termios.ECHO) == before[3] & (termios.ICANON | termios.ECHO)
        assert "Traceback" not in sim.raw
        assert status in (0, 129, 130, 143)
        assert _flash_folders(tmp) == []
    finally:
        sim.close()
