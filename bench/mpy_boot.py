# The work between reset and the first frame (make bench; run from the repo
# root): main.py as the Pico runs it, from the .mpy files `tileclock deploy`
# copies, on an empty flash, with a stand-in `machine` (the seat pins
# released, the display the simulator's emulated controller behind I2C).
# Stopped at the first frame the display sends, it prints
#   - the firmware modules imported by then, and which;
#   - the bytes allocated by then (the heap is not collected on the way, so
#     every import, every object and every string counts once);
#   - the heap in use at the first frame, once collected.
# The first frame on the chip (docs/firmware-image.md) follows the modules
# and the allocations: an import from .mpy is a file read, its code and its
# qstrs built in RAM; so these are budgeted, not the unix port's wall time
# (printed for a feel, it says little about a Pico's).
#
#     micropython -X heapsize=190wK bench/mpy_boot.py --mpy DIR
import gc
import os
import sys
import time

MACHINE_NAME = "_boot_machine"


class _FirstFrame(BaseException):
    """Raised by the first show(): not an Exception, so the app's loop,
    which survives any Exception, lets it through."""


class _Pin:
    IN = 0
    PULL_UP = 1
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, n, mode=-1, pull=-1):
        self.n = n

    def value(self):
        return 1        # released (pull-up)

    def irq(self, handler=None, trigger=0, hard=False):
        self.handler = handler


class _PWM:
    def __init__(self, pin):
        pass

    def freq(self, hz=None):
        return 1000

    def duty_u16(self, duty=None):
        return 0


class _WDT:
    def __init__(self, id=0, timeout=5000):
        pass

    def feed(self):
        pass


class _Machine:
    Pin = _Pin
    PWM = _PWM
    WDT = _WDT

    @staticmethod
    def I2C(bus, sda=None, scl=None, freq=400000):
        from tileclock_host.boards.panel import PanelBus
        return PanelBus(0x3C)


def _flash():
    # an empty flash of its own (tileclock_host.bench gives a folder)
    base = os.getenv("TILECLOCK_SIM_TMP") or "/tmp"
    path = base + "/boot-%d" % time.ticks_ms()
    os.mkdir(path)
    return path


def main():
    from deployed import mpy_dir
    mpy = mpy_dir("mpy_boot.py")
    sys.path.insert(0, "host_tools")
    sys.path.insert(0, mpy)
    import budgets
    flash = _flash()
    # the stand-ins' own code before the baseline: it is not the device's
    from tileclock_host.boards import panel  # noqa: F401
    sys.modules["machine"] = _Machine()
    with open(mpy + "/main.py") as f:
        code = compile(f.read(), "main.py", "exec")
    before = set(sys.modules)
    seen = {}
    seen["counter"] = [0, 0]
    _count_loads(seen["counter"])
    gc.collect()
    gc.disable()
    seen["base"] = gc.mem_alloc()
    seen["start"] = time.ticks_ms()
    try:
        # main.py's `from tileclock.hal.board import make_board` finds this
        # bench's in its place: the real one on the empty flash folder, its
        # display's first show() the end of the run
        import tileclock.hal.board as board_module
        board_module.make_board = _make_board(board_module.make_board, flash, before, seen)
        exec(code, {"__name__": "__main__"})
    except _FirstFrame:
        pass
    gc.enable()
    if "allocated" not in seen:
        raise SystemExit("main.py ended without a frame")
    gc.collect()
    in_use = gc.mem_alloc() - seen["base"]
    from tileclock_host.boards.simboard import remove_tree     # (after the figures: not the device's)
    remove_tree(flash)
    mods = seen["modules"]
    print("reset to the first frame, empty flash, from .mpy (main.py as the Pico runs it):")
    print("  modules loaded    %3d (some unloaded again before the frame)" % seen["loads"])
    print("  loaded at the frame %d: %s" % (len(mods), " ".join(m[len("tileclock."):] or m for m in mods)))
    print("  bytes allocated %6d (the heap not collected on the way)" % seen["allocated"])
    print("  heap in use     %6d at the first frame, collected" % in_use)
    print("  (this port's wall time: %d ms)" % seen["at_ms"])
    budgets.check("boot.modules", seen["loads"])
    budgets.check("boot.allocated", seen["allocated"])
    budgets.check("boot.heap", in_use)
    budgets.done()


def _count_loads(loads):
    # every module loaded from here on, counted as the import that loads it
    # returns (len() allocates nothing: the figures stay the firmware's)
    import builtins
    real = builtins.__import__

    def counting(name, globals=None, locals=None, fromlist=(), level=0):
        # (the outermost import counts: the ones inside it are in its figure)
        n = len(sys.modules)
        loads[1] += 1
        try:
            module = real(name, globals, locals, fromlist, level)
        finally:
            loads[1] -= 1
        if not loads[1]:
            loads[0] += len(sys.modules) - n
        return module
    builtins.__import__ = counting


def _make_board(real, flash, before, seen):
    def make_board(config=None, machine=None, time_=None, root="/"):
        board = real(None, sys.modules["machine"], time, flash)
        show = board.display.show

        def first_show():
            show()
            seen["at_ms"] = time.ticks_diff(time.ticks_ms(), seen["start"])
            seen["allocated"] = gc.mem_alloc() - seen["base"]
            seen["loads"] = seen["counter"][0]
            seen["modules"] = sorted(m for m in sys.modules if m not in before and m.startswith("tileclock"))
            raise _FirstFrame()
        board.display.show = first_show
        return board
    return make_board


main()
