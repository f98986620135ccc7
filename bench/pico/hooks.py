# The heap gauge's hold on the firmware (bench/pico/gauge.mjs), installed
# before main.py runs as the Pico runs it. main.py builds the board and
# runs App.run(), whose loop never returns; on this port the heap is only
# collected when control is back in JavaScript, so the gauge drives the
# loop itself, a pass a call. Here: main.py's make_board() and App.run()
# are caught on the way (the board as built, then the app, which boots
# and makes its first pass in the firmware's own start.run()), and the
# loop's first sleep hands the app over to JavaScript. Its names start
# with "gauge_" (they are qstrs: machine.py says why).
import sys
import time

import machine

gauge_app = None
gauge_board = None      # tileclock.hal.board, once installed
gauge_made = None       # its make_board()


class GaugeHandover(BaseException):
    """The loop's first sleep: main.py stops here, the gauge goes on."""


def gauge_sleep(*args):
    raise GaugeHandover


def gauge_make_board(*args):
    global gauge_board, gauge_made
    made = gauge_made(*args)
    gauge_board.make_board = gauge_made
    # let go of hal/board.py, as main.py does: the app unloads it
    gauge_board = gauge_made = None
    machine.gauge_state[1] = 0
    from tileclock.app import App
    gauge_run = App.run

    def gauge_caught(*args):
        global gauge_app
        gauge_app = args[0]
        App.run = gauge_run
        gauge_run(args[0])
    App.run = gauge_caught
    return made


def gauge_install():
    # main.py's first import, made here in its place (nothing is loaded
    # before it on the Pico but the firmware image's own modules)
    global gauge_board, gauge_made
    import tileclock.hal.board as gauge_board
    gauge_made = gauge_board.make_board
    gauge_board.make_board = gauge_make_board
    time.sleep_ms = gauge_sleep


def gauge_screen():
    """The class name of the screen on show."""
    return type(gauge_app.manager.screen).__name__


def gauge_loaded():
    """The firmware modules loaded now."""
    n = 0
    for gauge_name in sys.modules:
        if gauge_name.startswith("tileclock"):
            n += 1
    return n
