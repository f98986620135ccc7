# How the app starts, and starts again: at power-on (the settings, the
# journal's game and its screen), and after a pass of the loop that raises
# (App.safe_step: the traceback on the console, a banner, the phase's screen
# again, home if that fails again, and the loop carries on). If every pass
# fails, the watchdog is no longer fed: it restarts the box, and the journal
# brings the game back.
#
# Imported with the app and never unloaded: while a MemoryError is being
# handled there may be no room to import anything.
import gc
import sys

from tileclock import settings

from micropython import const

_FAILS_TO_HOME = const(2)       # passes failing in a row: the game's screen again, then home
_FAILS_TO_GIVE_UP = const(4)    # then stop feeding the watchdog: it restarts the box

# Where print_error writes: None is sys.stdout (the REPL's USB serial on the
# Pico); tests/run_on_micropython.py sets a stream (MicroPython can't
# redirect sys.stdout).
console = None


def print_error(e):
    """The traceback on the console."""
    try:
        if console is None:
            sys.print_exception(e)
        else:
            sys.print_exception(e, console)
    except AttributeError:      # CPython
        import traceback  # pyright: ignore[reportMissingImports]  CPython's, not on the Pico
        traceback.print_exception(type(e), e, e.__traceback__, file=console)


def boot(app):
    """The settings, the journal's game (if any) and its screen, else the
    home menu. The watchdog runs already: fed here, and during a long
    replay."""
    feed = app.board.feed_watchdog
    feed()
    problems = settings.load(app)
    keeper = app.keeper
    problems = problems + keeper.resume(app.board.ticks_ms(), feed)
    app.game = keeper.game
    feed()
    app.screens = app.screens_part = None
    app.problems = problems
    now = app.now()
    if keeper.unsaved:      # (the pause at the power cut not saved)
        app.flash_failed(now)
    app.route(now)
    if problems:
        app.note(now, problems[0])


def run(app):
    """The device's loop; never returns (every pass failing, it idles
    unfed until the watchdog restarts the box)."""
    board = app.board
    try:
        boot(app)
    except Exception as e:          # noqa: BLE001 - a bad journal or screen at boot
        app.keeper.game = app.game = None
        failed(app, e)              # the home menu, and the error's name
    gc.collect()
    while True:
        wait = app.safe_step()
        poll = app.poll_ms          # longer while the box rests
        board.sleep_ms(wait if wait < poll else poll)


def failed(app, e):
    """`app`'s pass raised `e`: say it and show a screen that works (or
    starve the watchdog: app.starving)."""
    if isinstance(e, MemoryError):
        gc.collect()                # room to print and to draw again
    app.errors += 1
    app.fails += 1
    app.last_error = e
    print_error(e)
    if app.fails >= _FAILS_TO_GIVE_UP:
        print("tileclock: the same failure every pass: the watchdog will restart the box")
        app.starving = True
        return
    try:
        now = app.now()
        if app.fails >= _FAILS_TO_HOME:
            app.home(now)
        else:
            app.route(now)
        app.note(now, "out of memory" if isinstance(e, MemoryError)
                 else "error: " + type(e).__name__)
    except Exception as again:      # noqa: BLE001
        print_error(again)
