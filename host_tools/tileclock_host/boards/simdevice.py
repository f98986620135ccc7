# The clock on a simulated board: the firmware's App, its journal on the
# board's flash folder, booted as main.py boots it. The one way the tests,
# the scripted simulator (sim/script.py) and the terminal (sim/terminal.py)
# run the app; each drives time its own way (run(), or step() and the
# board's sleep_ms()).
#
# Runs on CPython and on the MicroPython unix port.
try:
    import framebuf  # noqa: F401
except ImportError:      # CPython: the pure-Python framebuf
    from tileclock_host import shims
    shims.install()

import gc

from tileclock import cues
from tileclock.app import App
from tileclock_host.boards.simboard import LONG_HOLD_MS, MENU_HOLD_MS, TAP_MS, SimBoard, random_bytes

SETTLE_MS = 150      # after a press: debounce, release and the screen's pass


class SimDevice:
    """`board` (a SimBoard; by default a new one from `board_options`, such
    as seats, start_ms, fs_root, watchdog_ms) running the app with a journal
    (journal=False: none) and `settings` over the saved ones."""

    def __init__(self, board=None, settings=None, journal=True, **board_options):
        self.board = board if board is not None else SimBoard(**board_options)
        self.fs_root = self.board.fs_root
        self.settings = settings
        self.use_journal = journal
        self.presses = 0
        self.app = None
        self.boot()

    def boot(self):
        """Power on: a new App on this board's flash, booted, on a collected
        heap (a Pico's boots on an empty one)."""
        gc.collect()
        journal = None
        if self.use_journal:
            from tileclock.store.journal import Journal
            journal = Journal(self.fs_root.rstrip("/"), random_source=random_bytes)
        self.app = App(self.board, journal, self.settings)
        self.app.cue_log = []
        self.app.boot()

    def reboot(self, settings=None):
        """The device after a reset or a power cut: the same flash folder,
        the tick counter from 0, the buttons released; `settings` over the
        saved ones, as at first. A new SimDevice (the old one keeps its
        board, reset)."""
        return SimDevice(board=self.board.reboot(), settings=settings, journal=self.use_journal)

    def close(self):
        """Remove the flash folder if this device's board made it."""
        self.board.close()

    # -- time --------------------------------------------------------------

    def step(self):
        """One pass of the loop, as App.run() makes it; ms it may sleep."""
        return self.app.safe_step()

    def run(self, ms):
        """`ms` of virtual time, the loop polling as App.run does: at least
        every POLL_MS, less often while the box rests (app.poll_ms)."""
        left = ms
        while left > 0:
            wait = self.step()
            poll = self.app.poll_ms
            step = poll if wait > poll else (wait if wait > 0 else 1)
            if step > left:
                step = left
            self.board.sleep_ms(step)
            left -= step
        self.step()

    # -- the players ---------------------------------------------------------

    def press(self, seat):
        """A short press of `seat`, and the time to see its effect."""
        self.presses += 1
        self.board.tap(seat, hold_ms=TAP_MS)
        self.run(SETTLE_MS)

    def long(self, seat):
        """A long press of `seat`: held a second, let go (back, or undo)."""
        self.presses += 1
        self.board.hold(seat, hold_ms=LONG_HOLD_MS)
        self.run(LONG_HOLD_MS + SETTLE_MS)

    def menu(self, seat):
        """`seat` held on until the screen's menu opens."""
        self.presses += 1
        self.board.hold(seat, hold_ms=MENU_HOLD_MS)
        self.run(MENU_HOLD_MS + SETTLE_MS)

    # -- what they see and hear ------------------------------------------------

    def screen(self):
        """The class name of the screen on show."""
        return type(self.app.manager.screen).__name__

    def banner(self):
        return self.app.manager.banner_text()

    def cue_names(self):
        """Every cue sounded since boot, by name."""
        return [cue_name(c) for _, c in self.app.cue_log]


def cue_name(cue):
    return cues.NAMES[cue] if 0 <= cue < len(cues.NAMES) else str(cue)
