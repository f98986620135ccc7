# What the page's JavaScript (page.js) calls: power on the app on a
# PageBoard, one pass of the loop, the seat buttons, the picture, and what
# the side of the page shows (the screen's keys, the score sheet, the
# evening to export). One device at a time: boot() again is a power cut.
#
# MicroPython only (the WebAssembly port). Values go to JavaScript as ints
# and strings (JSON for anything bigger), which cross without proxies.
import gc
import json
import os

from tileclock import cues
from tileclock.app import App
from tileclock.store.journal import Journal
from tileclock.ticks import ticks_diff
from tileclock_host.sim.script import shown_clock
from tileclock_web.board import FS_ROOT, PageBoard

_HEX = b"0123456789abcdef"
_app = None
_board = None
_hex = bytearray(2048)      # the frame as hex for frame_hex(), made once


def boot(seats, display, tone=None):
    """Power on: a new board and App on the flash in FS_ROOT (what page.js
    put back from the browser's storage), booted as main.py boots it.
    Returns the screen's name."""
    global _app, _board
    _app = _board = None
    gc.collect()
    try:
        os.mkdir(FS_ROOT)
    except OSError:
        pass        # there already
    _board = PageBoard(seats, display, tone)
    _app = App(_board, Journal(FS_ROOT))
    _app.cue_log = []          # (now, cue) of every cue sounded
    _app.boot()
    return screen()


def step():
    """One pass of the loop (App.safe_step, as App.run makes it): ms until
    the app wants the next (page.js waits at most POLL_MS, as App.run)."""
    return _app.safe_step()


def press(seat):
    _board.press(seat)


def release(seat):
    _board.release(seat)


def is_down(seat):
    """1 while the firmware's buttons have seat's press (debounced), else 0:
    page.js lets go of a press only once it was taken."""
    return 1 if _board.buttons.is_down(seat) else 0


def frame_count():
    """How many writes the display controller has had: the picture changed
    when this did."""
    return _board.panel.writes


def frame_hex():
    """The glass (128x64, MONO_VLSB: a byte is 8 rows of a column) as 2048
    hex digits."""
    return hex_of(_board.frame(), _hex)


def hex_of(frame, out):
    """`frame` as hex digits, written into bytearray `out` (twice its size)."""
    j = 0
    for b in frame:
        out[j] = _HEX[b >> 4]
        out[j + 1] = _HEX[b & 15]
        j += 2
    return out.decode()


def screen():
    return type(_app.manager.screen).__name__


def state():
    """JSON: the screen, what its buttons do, the message on show, the game,
    the last cue sounded and how long ago (ms)."""
    app = _app
    log = app.cue_log
    cue = age = None
    if log:
        at, number = log[-1]
        cue = cues.NAMES[number] if 0 <= number < len(cues.NAMES) else str(number)
        age = ticks_diff(app.now(), at)
        if len(log) > 64:
            del log[:-1]        # only the last one is shown
    screen_ = app.manager.screen
    game = app.game
    return json.dumps({
        "screen": type(screen_).__name__,
        "keys": list(screen_.keys()),
        "banner": app.manager.banner_text(),
        "game": game.KIND if game is not None else None,
        "phase": game.phase_at(app.now()) if game is not None else "none",
        "prompt": getattr(screen_, "prompt_text", ""),
        "cursor": getattr(screen_, "cursor", None),
        "clock": shown_clock(app),
        "cue": cue,
        "cue_age_ms": age,
        "errors": app.errors,
        "last_error": repr(app.last_error) if app.last_error is not None else None,
        "seats": _board.seats,
        "display": _board.kind,
    })


def evening():
    """(kind, action lines) of the whole evening, read from the journal as
    the host tools read it (every round, the folded ones too)."""
    from tileclock.store.journal import read_journal
    kind, lines, _problems = read_journal(FS_ROOT + "/journal")
    return kind, lines


def script_text():
    """The evening as an action script (README, 'Action scripts'): what
    `tileclock replay` reads. '' with no game."""
    kind, lines = evening()
    if not kind:
        return ""
    return "game %s\n%s\n" % (kind, "\n".join(lines))


def standings_unit(kind):
    """What game `kind`'s standings count ("points", "wins"), as its
    about.py says (UNIT)."""
    try:
        about = __import__("tileclock.games.%s.about" % kind, None, None, ["UNIT"])
    except ImportError:
        return "points"
    return getattr(about, "UNIT", "points")


def sheet_json():
    """The evening's score sheet as JSON: the sheet `tileclock replay` prints
    for script_text() (the same keys and values; 'null' with no game)."""
    from tileclock.script import load
    kind, lines = evening()
    if not kind:
        return "null"
    return json.dumps(load(["game " + kind] + lines).sheet())
