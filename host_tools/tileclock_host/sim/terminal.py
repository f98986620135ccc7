# The interactive simulator: the firmware's app on a SimBoard, its display
# drawn in the terminal, keys for the seat buttons, cues as text and the
# terminal bell. CPython on a Unix terminal.
#
# The picture is chosen by the terminal's size, read again every pass, so a
# resized window is drawn anew:
#   braille     2x4 pixels a character: 64 columns x 16 lines (fits 80x24)
#   half blocks 1x2 pixels a character: 128 x 32 (from 130x37)
#   bigger      each pixel k characters wide, k half lines tall: 128k x 32k
# A character cell is about twice as tall as wide, so each keeps the panel's
# 2:1 shape. Below 80x24 the window says what size it needs instead.
#
# Virtual time follows the wall clock here, so the clock runs at real speed.
import os
import select
import sys
import time

from tileclock_host import shims

shims.install()

from tileclock import ticks  # noqa: E402
from tileclock.app import POLL_MS  # noqa: E402
from tileclock_host.boards.simboard import LONG_HOLD_MS, MENU_HOLD_MS, TAP_MS  # noqa: E402
from tileclock_host.boards.simdevice import SimDevice, cue_name  # noqa: E402

LONG_KEYS = "!@#$%^&*"      # shift + 1..8 on a US keyboard: long press

MIN_COLS = 80
MIN_ROWS = 24
STATUS_ROWS = 3             # under the picture at least: what's on, the keys, how to quit
CUE_SHOW_MS = 8000          # a cue is shown this long after it sounds, then it is history

# (top pixel, bottom pixel) -> character
_HALF = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}


def _braille_tables():
    # a nibble of a MONO_VLSB byte (4 pixels down) -> the dots of the left
    # or the right column of a braille cell (dots 1 2 3 7 and 4 5 6 8)
    left = []
    right = []
    for n in range(16):
        a = b = 0
        for i, (lbit, rbit) in enumerate(((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))):
            if n >> i & 1:
                a |= lbit
                b |= rbit
        left.append(a)
        right.append(b)
    return left, right


_BRAILLE_LEFT, _BRAILLE_RIGHT = _braille_tables()


def render(frame, width=128, height=64, scale=1):
    """The frame as `height // 2 * scale` lines of half-block characters,
    each pixel `scale` characters wide and `scale` half lines tall."""
    lines = []
    for row in range(height // 2 * scale):
        y_top = 2 * row // scale
        y_bottom = (2 * row + 1) // scale
        top_bit = 1 << (y_top & 7)
        bottom_bit = 1 << (y_bottom & 7)
        base_top = (y_top >> 3) * width
        base_bottom = (y_bottom >> 3) * width
        chars = []
        for x in range(width):
            top = 1 if frame[base_top + x] & top_bit else 0
            bottom = 1 if frame[base_bottom + x] & bottom_bit else 0
            chars.append(_HALF[(top, bottom)] * scale)
        lines.append("".join(chars))
    return lines


def render_braille(frame, width=128, height=64):
    """The frame as `height // 4` lines of `width // 2` braille characters
    (a space where all eight dots are off: some fonts draw U+2800 as dots)."""
    lines = []
    for row in range(height // 4):
        base = (row >> 1) * width
        shift = (row & 1) * 4
        chars = []
        for x in range(0, width, 2):
            code = (_BRAILLE_LEFT[(frame[base + x] >> shift) & 15]
                    | _BRAILLE_RIGHT[(frame[base + x + 1] >> shift) & 15])
            chars.append(chr(0x2800 + code) if code else " ")
        lines.append("".join(chars))
    return lines


def render_text(frame, screen=None):
    """The display as 16 lines of 64 plain characters, for a terminal too
    small for the half-block picture: its text read back from the pixels
    (screentext), top to bottom as the panel has it. A line highlighted
    whole (a menu's cursor) is marked `> ... <` in capitals, letters dark
    on light within a line (a field's cursor) `[...]`; the big digits show
    as `[ 1:05 ]` and the 16 px letters as `* TAKE 1 *`, centred; the hints
    as they are. Any font shows it, which braille needs one for.
    (`screen` is not read: what shows is what the glass has.)"""
    from tileclock_host.sim import screentext
    return format_text(screentext.items(frame))


def format_text(items):
    """screentext.items() as render_text() shows them."""
    from tileclock_host.sim import screentext
    out = []
    for _y, kind, text, flags in items:
        if kind == screentext.CLOCK:
            out.append("")
            out.append(("[ %s ]" % " ".join(text.split())).center(64))
            out.append("")
        elif kind == screentext.LARGE:
            out.append(("* %s *" % " ".join(text.split())).center(64))
        elif kind == screentext.HINT:
            out.append("  " + " ".join(text.split()))
        else:
            out.append(_marked(text, flags))
    while out and not out[0]:
        out.pop(0)
    out = [_fit(line, 64) for line in out][:16]
    return [line + " " * (64 - len(line)) for line in out + [""] * (16 - len(out))]


def _marked(text, flags):
    # one space between words; dark-on-light letters marked
    chars = []
    for ch, dark in zip(text, flags):
        if ch == " ":
            if chars and chars[-1][0] != " ":
                chars.append((" ", False))
        else:
            chars.append((ch, dark))
    while chars and chars[-1][0] == " ":
        chars.pop()
    letters = [dark for ch, dark in chars if ch != " "]
    if letters and all(letters):
        return "> " + "".join(ch for ch, _d in chars).upper() + " <"
    line = "  "
    inside = False
    for ch, dark in chars:
        if dark and not inside:
            line += "["
            inside = True
        elif not dark and inside and ch != " ":
            line += "]"
            inside = False
        line += ch
    if inside:
        line = line.rstrip() + "]"
    return line


def choose_mode(cols, rows, braille=False):
    """('blocks', scale), or ('text', 1) (with `braille`, ('braille', 1))
    for a terminal of cols x rows: the biggest picture that fits with its
    frame and the status lines, or the screen's text where no picture
    does; None below MIN_COLS x MIN_ROWS."""
    if cols < MIN_COLS or rows < MIN_ROWS:
        return None
    scale = 1
    while 128 * (scale + 1) + 2 <= cols and 32 * (scale + 1) + 2 + STATUS_ROWS <= rows:
        scale += 1
    if 128 * scale + 2 <= cols and 32 * scale + 2 + STATUS_ROWS <= rows:
        return ("blocks", scale)
    return ("braille", 1) if braille else ("text", 1)


def picture(frame, mode, screen=None):
    if mode[0] == "braille":
        return render_braille(frame)
    if mode[0] == "text":
        return render_text(frame, screen)
    return render(frame, scale=mode[1])


def _fit(text, width):
    """`text` cut to `width` characters (the last one an ellipsis if cut)."""
    if len(text) <= width:
        return text
    return text[:max(0, width - 1)] + "\u2026" if width > 0 else ""


def _wrap(text, width):
    lines = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = line + " " + word if line else word
    if line:
        lines.append(line)
    return [_fit(line, width) for line in lines]


def too_small(cols, rows):
    """The window's lines when it is smaller than MIN_COLS x MIN_ROWS: what
    it needs, in the middle."""
    width = max(1, min(cols, 60))
    text = []
    for para in ("tileclock sim needs a terminal of at least %dx%d." % (MIN_COLS, MIN_ROWS),
                 "This one is %dx%d: make the window bigger or the font smaller." % (cols, rows),
                 "q quits."):
        if text:
            text.append("")
        text += _wrap(para, width)
    text = text[:rows]
    margin = " " * max(0, (cols - max(len(line) for line in text)) // 2)
    return [""] * max(0, (rows - len(text)) // 2) + [(margin + line).rstrip() for line in text]


def key_to_event(key, seats, pending):
    """('press'|'long'|'menu', seat), ('quit',), ('reboot',), ('prefix',
    'long'|'menu') or None. `pending`: the prefix typed before (l: the next
    digit is held a second, m: held on to the menu), or None."""
    if key in ("q", "Q", "\x03", "\x04"):
        return ("quit",)
    if key in ("r", "R"):
        return ("reboot",)
    if key in ("l", "L"):
        return ("prefix", "long")
    if key in ("m", "M"):
        return ("prefix", "menu")
    if key in ("v", "V"):
        return ("view",)
    if key.isdigit() and 1 <= int(key) <= seats:
        if pending is True:
            pending = "long"
        return (pending or "press", int(key))
    if key in LONG_KEYS and LONG_KEYS.index(key) < seats:
        return ("long", LONG_KEYS.index(key) + 1)
    return None


def screen_keys(screen):
    """What the seat buttons do on `screen` (its keys(), a few short
    strings); () for a screen that doesn't say."""
    keys = getattr(screen, "keys", None)
    if not callable(keys):
        return ()
    try:
        got = keys()
    except Exception:       # noqa: BLE001 - a helper line must not stop the clock
        return ()
    if not isinstance(got, (tuple, list)):
        return ()
    return tuple(str(k) for k in got if k)


class Terminal:
    """The simulated device and what the terminal shows of it. `size`
    (columns, lines) is the window's; run() keeps it up to date."""

    def __init__(self, seats=4, display="ssd1306", fs_root=None, out=sys.stdout, size=(MIN_COLS, MIN_ROWS)):
        self.seats = seats
        self.display = display
        self.out = out
        self.size = size
        self.device = SimDevice(seats=seats, display=display, fs_root=fs_root)
        self.fs_root = self.device.fs_root
        self.last_cue = ""
        self.cue_at = None          # board ticks when last_cue sounded
        self.long_next = None       # the prefix typed: "long", "menu" or None
        self.braille = False        # a small terminal: the pixels in braille, not the text (key v)
        self._seen = 0
        self._picture_of = None     # (frame, mode) the cached picture is of
        self._picture = []
        self._shown = None          # the lines on the window now
        self._shown_size = None

    @property
    def board(self):
        return self.device.board

    @property
    def app(self):
        return self.device.app

    def reboot(self):
        self.device = self.device.reboot()
        self._seen = 0
        self.cue_at = None          # the new board's ticks start from 0
        self._shown = None

    def close(self):
        """Remove the flash folder if it was a fresh one."""
        self.device.close()

    def handle(self, key):
        event = key_to_event(key, self.seats, self.long_next)
        self.long_next = None
        if event is None:
            return True
        if event[0] == "quit":
            return False
        if event[0] == "reboot":
            self.reboot()
        elif event[0] == "view":
            self.braille = not self.braille
        elif event[0] == "prefix":
            self.long_next = event[1]
        elif event[0] == "press":
            self.board.tap(event[1], hold_ms=TAP_MS)
        else:
            self.board.hold(event[1], hold_ms=LONG_HOLD_MS if event[0] == "long" else MENU_HOLD_MS)
        return True

    def cues(self):
        """New cues since the last call, as names."""
        log = self.app.cue_log
        names = []
        while self._seen < len(log):
            now, cue = log[self._seen]
            self._seen += 1
            names.append(cue_name(cue))
        return names

    def cue_text(self):
        """The cue just sounded and its age, or '' once CUE_SHOW_MS has gone."""
        if self.cue_at is None:
            return ""
        age = ticks.ticks_diff(self.board.ticks_ms(), self.cue_at)
        if age < 0 or age >= CUE_SHOW_MS:
            return ""
        return "%s (%d s ago)" % (self.last_cue, age // 1000) if age >= 1000 else self.last_cue + " (now)"

    def help_line(self):
        return "1-%d press   %s or l+N: hold   m+N: menu   %sr reboot   q quit" % (
            self.seats, LONG_KEYS[:self.seats], "v view   " if self._small() else "")

    def _small(self):
        mode = choose_mode(self.size[0], self.size[1])
        return mode is not None and mode[0] != "blocks"

    def lines(self):
        """The window's lines for self.size, none wider than it."""
        cols, rows = self.size
        mode = choose_mode(cols, rows, self.braille)
        if mode is None:
            return too_small(cols, rows)
        frame = bytes(self.board.frame())
        if self._picture_of != (frame, mode):
            self._picture_of = (frame, mode)
            self._picture = picture(frame, mode, self.app.manager.screen)
        pic = self._picture
        width = len(pic[0])
        box = (["\u250c" + "\u2500" * width + "\u2510"]
               + ["\u2502" + line + "\u2502" for line in pic]
               + ["\u2514" + "\u2500" * width + "\u2518"])
        app = self.app
        keys = screen_keys(app.manager.screen)
        side = cols - (width + 2) - 2
        beside = bool(keys) and len(keys) + 1 <= len(box) and max(len(k) for k in keys) <= side
        if beside:
            panel = ["keys"] + list(keys)
            for i, text in enumerate(panel):
                box[i] = box[i] + "  " + text
        name = type(app.manager.screen).__name__
        cue = self.cue_text()
        what = "screen " + name + ("   cue " + cue if cue else "")
        banner = app.manager.banner_text() or ""
        keys_line = "keys: " + "   ".join(keys) if keys and not beside else ""
        room = rows - len(box)
        if room >= 4:
            status = [what, banner, keys_line, self.help_line()]
        else:
            status = [what + ("   " + banner if banner else ""), keys_line, self.help_line()]
        return [_fit(line, cols) for line in box + [" " + s for s in status][:room]]

    def draw(self, force=False):
        """Write what changed since the last draw (all of it when the size
        changed or `force`), ringing the bell for each new cue."""
        names = self.cues()
        if names:
            self.last_cue = " ".join(names)
            self.cue_at = self.board.ticks_ms()
            self.out.write("\a")
        lines = self.lines()
        cols = self.size[0]
        w = self.out.write
        old = self._shown
        if force or old is None or self._shown_size != self.size:
            w("\x1b[H\x1b[2J")
            old = []
        elif lines == old:
            if names:
                self.out.flush()
            return
        for i, line in enumerate(lines):
            if i < len(old) and old[i] == line:
                continue
            # EL only after a line shorter than the window: after a full one
            # the cursor waits in the last column and EL would erase it
            w("\x1b[%d;1H%s%s" % (i + 1, line, "\x1b[K" if len(line) < cols else ""))
        for i in range(len(lines), len(old)):
            w("\x1b[%d;1H\x1b[K" % (i + 1))
        self._shown = lines
        self._shown_size = self.size
        self.out.flush()


class _Stop(BaseException):
    """A second signal while the first is still being acted on: leave now
    (a BaseException, so App.safe_step lets it through)."""


def _window_size(fd, fallback):
    try:
        size = os.get_terminal_size(fd)
    except OSError:
        return fallback
    if size.columns <= 0 or size.lines <= 0:    # a pty nobody has sized
        return fallback
    return (size.columns, size.lines)


def _mute_output():
    # The terminal is gone (hung up): what is still to be printed, and
    # Python's flush at exit, go nowhere instead of failing.
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.close(null)
    except OSError:
        pass


def run(seats=4, display="ssd1306", fs_root=None):
    """Run until q (or Ctrl-C, SIGTERM, a closed terminal); needs stdin to be
    a terminal. The terminal's mode is restored and a fresh flash folder
    removed however it ends. Returns the exit status."""
    import signal
    import termios
    import tty

    fd = sys.stdin.fileno()
    out = sys.stdout
    size_fd = out.fileno() if out.isatty() else fd
    stopped = []
    cleaning = []

    def on_signal(signum, _frame):
        if stopped and not cleaning:
            raise _Stop()
        stopped.append(signum)      # the loop sees it within a pass

    handled = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    previous = [(s, signal.signal(s, on_signal)) for s in handled]
    saved = termios.tcgetattr(fd)
    term = None
    gone = False        # the terminal was hung up
    try:
        term = Terminal(seats, display, fs_root, out=out, size=_window_size(size_fd, (MIN_COLS, MIN_ROWS)))
        tty.setcbreak(fd)
        # the alternate screen: the shell's lines come back as they were
        out.write("\x1b[?1049h\x1b[?25l")
        last = time.monotonic()
        while not stopped:
            wait = term.app.safe_step()
            term.size = _window_size(size_fd, term.size)
            try:
                term.draw()
            except OSError:
                gone = True
                break
            timeout = min(wait, POLL_MS) / 1000.0
            ready, _, _ = select.select([fd], [], [], timeout)
            if ready:
                try:
                    data = os.read(fd, 32)
                except OSError:
                    data = b""
                if not data:            # end of input: the terminal closed
                    gone = True
                    break
                if not all(term.handle(k) for k in data.decode("utf-8", "replace")):
                    break
            t = time.monotonic()
            ms = int((t - last) * 1000)
            if ms > 0:
                term.board.sleep_ms(ms)
                last += ms / 1000.0
    except _Stop:
        pass
    finally:
        cleaning.append(True)       # from here on a signal waits for the cleanup
        try:
            try:
                termios.tcsetattr(fd, termios.TCSADRAIN, saved)
                out.write("\x1b[?25h\x1b[?1049l")
                out.flush()
            except (OSError, termios.error):
                gone = True
        finally:
            if term is not None and not fs_root:
                term.close()
            for s, handler in previous:
                signal.signal(s, handler)
    if gone or signal.SIGHUP in stopped:
        _mute_output()
    elif fs_root:
        print("flash folder (settings and journal): %s" % term.fs_root)
    elif term is not None:
        print("the flash was a temporary folder, now removed (--fs DIR keeps it)")
    return 128 + stopped[0] if stopped else 0
