# The interactive simulator: the firmware's app on a SimBoard, its display
# drawn in the terminal with half blocks (128x64 pixels -> 128 columns x 32
# rows, so the picture keeps the panel's 2:1 shape), keys for the seat
# buttons, cues as text and the terminal bell. CPython on a Unix terminal.
#
# Virtual time follows the wall clock here, so the clock runs at real speed.
import os
import select
import shutil
import sys
import time

from tileclock_host import shims

shims.install()

from tileclock.app import POLL_MS  # noqa: E402
from tileclock_host.simdevice import SimDevice, cue_name  # noqa: E402

LONG_KEYS = "!@#$%^&*"      # shift + 1..8 on a US keyboard: long press
HOLD_MS = 1000
TAP_MS = 80

# (top pixel, bottom pixel) -> character
_HALF = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}


def render(frame, width=128, height=64):
    """The frame as `height // 2` lines of half-block characters."""
    lines = []
    for y in range(0, height, 2):
        top_bit = 1 << (y & 7)
        bottom_bit = 1 << ((y + 1) & 7)
        base_top = (y >> 3) * width
        base_bottom = ((y + 1) >> 3) * width
        chars = []
        for x in range(width):
            top = 1 if frame[base_top + x] & top_bit else 0
            bottom = 1 if frame[base_bottom + x] & bottom_bit else 0
            chars.append(_HALF[(top, bottom)])
        lines.append("".join(chars))
    return lines


def key_to_event(key, seats, pending_long):
    """('press'|'long', seat), ('quit',), ('reboot',), ('prefix',) or None."""
    if key in ("q", "Q", "\x03", "\x04"):
        return ("quit",)
    if key in ("r", "R"):
        return ("reboot",)
    if key in ("l", "L"):
        return ("prefix",)
    if key.isdigit() and 1 <= int(key) <= seats:
        return ("long" if pending_long else "press", int(key))
    if key in LONG_KEYS and LONG_KEYS.index(key) < seats:
        return ("long", LONG_KEYS.index(key) + 1)
    return None


class Terminal:
    def __init__(self, seats=4, display="ssd1306", fs_root=None, out=sys.stdout):
        self.seats = seats
        self.display = display
        self.out = out
        self.device = SimDevice(seats=seats, display=display, fs_root=fs_root)
        self.fs_root = self.device.fs_root
        self.last_cue = ""
        self.last_frame = None
        self.long_next = False
        self._seen = 0

    @property
    def board(self):
        return self.device.board

    @property
    def app(self):
        return self.device.app

    def reboot(self):
        self.device = self.device.reboot()
        self.last_frame = None
        self._seen = 0

    def close(self):
        """Remove the flash folder if it was a fresh one."""
        self.device.close()

    def handle(self, key):
        event = key_to_event(key, self.seats, self.long_next)
        self.long_next = False
        if event is None:
            return True
        if event[0] == "quit":
            return False
        if event[0] == "reboot":
            self.reboot()
        elif event[0] == "prefix":
            self.long_next = True
        elif event[0] == "press":
            self.board.tap(event[1], hold_ms=TAP_MS)
        else:
            self.board.hold(event[1], hold_ms=HOLD_MS)
        return True

    def cues(self):
        """New cues since the last call, as names; rings the bell for each."""
        log = self.app.cue_log
        names = []
        while self._seen < len(log):
            now, cue = log[self._seen]
            self._seen += 1
            names.append(cue_name(cue))
        return names

    def draw(self, force=False):
        frame = bytes(self.board.frame())
        names = self.cues()
        if names:
            self.last_cue = " ".join(names)
            self.out.write("\a")
        if frame == self.last_frame and not force and not names:
            return
        self.last_frame = frame
        w = self.out.write
        w("\x1b[H")
        w("\u250c" + "\u2500" * 128 + "\u2510\n")
        for line in render(frame):
            w("\u2502" + line + "\u2502\n")
        w("\u2514" + "\u2500" * 128 + "\u2518\n")
        app = self.app
        w("\x1b[K cue: %-40s screen: %s\n" % (self.last_cue, type(app.manager.screen).__name__))
        w("\x1b[K %s\n" % (app.manager.banner_text() or ""))
        keys = "1-%d press a seat  %s or l+digit long press  r reboot  q quit" % (
            self.seats, LONG_KEYS[:self.seats])
        w("\x1b[K " + keys + "\n")
        self.out.flush()


def run(seats=4, display="ssd1306", fs_root=None):
    """Run until q; needs stdin to be a terminal."""
    import termios
    import tty

    fd = sys.stdin.fileno()
    size = shutil.get_terminal_size((80, 24))
    if size.columns < 130 or size.lines < 37:
        print("tileclock sim: the display needs a terminal of at least 130x37 (this one is %dx%d);"
              " widen it or reduce the font size." % (size.columns, size.lines))
        time.sleep(2)
    term = Terminal(seats, display, fs_root)
    saved = termios.tcgetattr(fd)
    out = sys.stdout
    try:
        tty.setcbreak(fd)
        out.write("\x1b[2J\x1b[?25l")
        term.draw(force=True)
        last = time.monotonic()
        while True:
            wait = term.app.safe_step()
            term.draw()
            timeout = min(wait, POLL_MS) / 1000.0
            ready, _, _ = select.select([fd], [], [], timeout)
            if ready:
                keys = os.read(fd, 32).decode("utf-8", "replace")
                if not all(term.handle(k) for k in keys):
                    break
            t = time.monotonic()
            ms = int((t - last) * 1000)
            if ms > 0:
                term.board.sleep_ms(ms)
                last += ms / 1000.0
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[?25h\n")
        out.flush()
    if fs_root:
        print("flash folder (settings and journal): %s" % term.fs_root)
    else:
        term.close()
        print("the flash was a temporary folder, now removed (--fs DIR keeps it)")
    return 0
