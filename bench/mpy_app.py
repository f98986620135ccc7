# App figures on MicroPython at a Pico's heap (make bench; run from the repo
# root): the whole app -- screens, engine, journal -- on the simulated board
# through a scripted evening, measuring
#   - the heap at the worst pass of the evening, in three parts:
#       data: what the app builds (game, screens, buffers, journal; budget
#             64 KB), the simulated board's emulated panel included (~2 KB);
#       code: the firmware modules loaded at that pass (bytecode, function
#             and class objects, module dicts, their qstrs), measured by
#             importing exactly those modules in a fresh interpreter;
#       qstrs left behind by modules loaded earlier and unloaded since
#             (tileclock/modules.py: an unloaded module's names stay interned);
#   - bytes sent to the display per second while the clock runs (the
#     SSD1306 driver sends changed 8-column blocks; budget 256 B/s);
#   - the longest loop pass in bus time, at ~25 us a byte on 400 kHz I2C
#     (9 bit times, plus each transaction's address byte; budget 30 ms);
#   - bytes allocated per pass while the clock runs (budget 0), with the
#     heap locked to prove it; the passes that write a time mark (one every
#     MARK_MS: a journal write, which allocates its record's strings) are
#     left out of it and counted apart.
#
#     micropython -X heapsize=190wK bench/mpy_app.py --game KIND --script NAME [--mpy DIR]
#
# --game KIND --script NAME plays an evening of that game: the sim script
# tests/sim/NAME its about.py names (tileclock_host.bench passes both).
# The figures that are not the heap's are checked against bench/budgets.py;
# the Pico's heap is budgeted on the gauge (bench/host_pico.py).
#
# --mpy DIR runs the firmware compiled by mpy-cross into DIR (DIR/tileclock/
# **.mpy, as deployed; `make bench` does it too). On the Pico, code loaded
# from .py or .mpy files lives in the heap; a frozen build (firmware/
# manifest.py) keeps bytecode, constants and qstrs in flash, but still builds
# function and class objects and module dicts in RAM at import (not
# measured here). The figures are this 64-bit port's: its objects and
# pointers are larger than the Pico's 32-bit ones.
#
# Internal: `bench/mpy_app.py --code FILE` (run by the bench itself through
# os.system) imports the module sets named in FILE in a fresh interpreter, in
# the evening's order (the simulator's firmware modules, the simulator, the
# rest), and writes their cost over it (a file: this port fails on long
# arguments). The order matters: qstrs go into pools that grow in doubling
# steps, so a module's cost includes any new pool its names start; the
# device's figures can move by such a step (about 7 KB at this size) with a
# few more names.
import gc
import os
import sys

_FIRMWARE = "firmware"
_PKG = "tileclock"


def _paths(mpy_dir):
    sys.path.insert(0, "bench")
    sys.path.insert(0, "host_tools")
    sys.path.insert(0, _FIRMWARE)
    if mpy_dir:
        sys.path.insert(0, mpy_dir)
    # Intern the simulator's qstrs now, before anything is measured: qstrs
    # go into pools that grow in doubling steps (several KB), and a step
    # started by the simulator's names would be counted to the device, or
    # the device's to the simulator, by the luck of the order.
    for name in ("__init__.py", "boards/__init__.py", "boards/simboard.py", "boards/simdevice.py", "sim/__init__.py",
                 "sim/script.py"):
        with open("host_tools/tileclock_host/" + name) as f:
            compile(f.read(), name, "exec")
    gc.collect()
    _room_for_qstrs()
    _room_for_modules()


def _room_for_modules():
    # The same for sys.modules: a dict's table doubles as it fills and never
    # shrinks, so the most modules ever loaded at once (the simulator's
    # included) decided whether a 2 KB step fell inside the evening. Grown
    # here once, it is the same for every firmware.
    for i in range(128):
        sys.modules["_bench_room_%d" % i] = None
    for i in range(128):
        del sys.modules["_bench_room_%d" % i]


def _room_for_qstrs():
    # Then make room for the firmware's qstrs: intern throwaway names until
    # the port allocates a new pool (each twice the last: about 14 KB and
    # 1,300 names here), so that no pool step happens during the evening.
    # Without this a handful of new names anywhere (a game's spec, a
    # message) moved the worst pass by a whole pool step, 14 KB, and the
    # figure said more about where the step fell than about the firmware.
    # The pools are neither data nor code below: on a Pico they have other
    # sizes, and a frozen build keeps the firmware's qstrs in flash.
    i = 0
    while True:
        gc.collect()
        m0 = gc.mem_alloc()
        getattr(None, "_bench_room_%d" % i, None)      # interns the name
        gc.collect()
        if gc.mem_alloc() - m0 > 10000:
            return
        i += 1


def _deps(name):
    # the firmware modules `name` imports at its top level (from its source)
    out = []
    parts = name.split(".")
    for i in range(1, len(parts)):
        out.append(".".join(parts[:i]))
    base = _FIRMWARE + "/" + name.replace(".", "/")
    try:
        f = open(base + ".py")
    except OSError:
        f = open(base + "/__init__.py")
    with f:
        for line in f:
            if line.startswith("from " + _PKG) or line.startswith("import " + _PKG):
                words = line.replace(",", " ").split()
                out.append(words[1])
                if words[0] == "from":
                    for word in words[3:]:
                        out.append(words[1] + "." + word)   # a submodule, if it is one
    return out


def _is_module(name):
    base = _FIRMWARE + "/" + name.replace(".", "/")
    for path in (base + ".py", base + "/__init__.py"):
        try:
            open(path).close()
            return True
        except OSError:
            pass
    return False


def _topo(names, done):
    # `names` and what they import, dependencies first, leaving out `done`
    order = []

    def visit(name):
        if name in done or name in order or not _is_module(name):
            return
        done.append(name)
        for dep in _deps(name):
            visit(dep)
        order.append(name)

    for name in names:
        visit(name)
    return order


def _import_each(order, costs):
    total = 0
    for name in order:
        if name in sys.modules:
            continue
        gc.collect()
        m0 = gc.mem_alloc()
        __import__(name)
        gc.collect()
        cost = gc.mem_alloc() - m0
        costs.append((cost, name))
        total += cost
    return total


def _code_main(out):
    # In a fresh interpreter: code(A), code(A and P), then E's other modules
    # imported and unloaded again: what stays is their qstrs.
    with open(out) as f:
        mpy_dir, a, p, e = f.read().split("\n")[:4]
    _paths(mpy_dir)
    from tileclock.modules import forget
    a = a.split(",") if a else []
    p = p.split(",") if p else []
    e = e.split(",") if e else []
    costs = []
    done = []
    code_a = _import_each(_topo(a, done), costs)
    from tileclock_host.sim.script import Runner  # noqa: F401 (as in the evening: qstr pools grow in steps)
    code_p = code_a + _import_each(_topo(p, done), costs)
    later = [name for name in _topo(e, done)]
    gc.collect()
    m0 = gc.mem_alloc()
    for name in later:
        __import__(name)
    forget(later)
    gc.collect()
    stuck = gc.mem_alloc() - m0
    with open(out, "w") as f:
        f.write("%d %d %d\n" % (code_a, code_p, stuck))
        for cost, name in costs:
            if name in p:
                f.write("%d %s\n" % (cost, name))


if len(sys.argv) > 1 and sys.argv[1] == "--code":
    _code_main(sys.argv[2])
    sys.exit(0)

def _option(name, default):
    if name in sys.argv:
        i = sys.argv.index(name)
        if i + 1 < len(sys.argv):
            return sys.argv[i + 1]
    return default


MPY_DIR = _option("--mpy", "")
GAME = _option("--game", "")
SCRIPT_NAME = _option("--script", "")
if not GAME or not SCRIPT_NAME:
    print("usage: mpy_app.py --game KIND --script NAME [--mpy DIR]: the game and its evening in tests/sim/")
    sys.exit(2)
_paths(MPY_DIR)
import budgets  # noqa: E402

import micropython  # noqa: E402

_SLOTS = 128
EVER = [None] * _SLOTS      # every firmware module loaded during the evening
AT_PEAK = [None] * _SLOTS   # the firmware modules loaded at the worst pass
_seen = [0]


def _note_modules():
    # record newly loaded firmware modules; allocates nothing
    n = len(sys.modules)
    if n == _seen[0]:
        return
    _seen[0] = n
    for name in sys.modules:
        if name.startswith(_PKG) and (name == _PKG or name[len(_PKG)] == ".") and name not in EVER:
            i = EVER.index(None)
            EVER[i] = name


def _hook_imports():
    # note the modules every import loads, even those unloaded in the same pass
    import builtins
    real = builtins.__import__

    def noting(name, globals=None, locals=None, fromlist=(), level=0):
        module = real(name, globals, locals, fromlist, level)
        _note_modules()
        return module
    builtins.__import__ = noting


def _copy_loaded(into):
    i = 0
    for name in sys.modules:
        if name.startswith(_PKG) and (name == _PKG or name[len(_PKG)] == "."):
            into[i] = name
            i += 1
    while i < _SLOTS:
        into[i] = None
        i += 1


def _names(slots):
    return [name for name in slots if name is not None]


# The firmware modules the simulator imports, imported first (as the code
# measurement does), so that the simulator's own code is measured alone.
_SIM_NEEDS = ("tileclock.app", "tileclock.hal.buttons", "tileclock.hal.buzzer",
              "tileclock.hal.display")
_hook_imports()
gc.collect()
BASE = gc.mem_alloc()
_import_each(_topo(_SIM_NEEDS, []), [])
gc.collect()
m0 = gc.mem_alloc()
from tileclock_host.sim.script import Runner, parse  # noqa: E402

gc.collect()
SIM_IMPORT = gc.mem_alloc() - m0    # the simulator's own code (not on the device)
_note_modules()
SIM_LOADED = _names(EVER)

US_PER_BYTE = 25


class Bench(Runner):
    def __init__(self, script):
        self.peak = 0
        self.peak_screen = ""
        self.worst_bus_us = 0
        self.worst_screen = ""
        self.clock_passes = 0
        self.clock_alloc = 0
        self.locked_passes = 0
        self.locked_failures = 0
        self.clock_bytes = 0
        self.clock_ms = 0
        self.measured_passes = 0
        self.mark_passes = 0        # quiet passes that wrote a time mark
        self.mark_alloc = 0
        self.show_errors = "-v" in sys.argv
        super().__init__(script, None, journal=True)
        _note_modules()
        self._measure()         # boot itself may be the worst moment
        self._wrap()

    def reboot(self):
        super().reboot()
        _note_modules()
        self._measure()
        self._wrap()

    def _measure(self):
        gc.collect()
        used = gc.mem_alloc()
        if used > self.peak:
            self.peak = used
            self.peak_screen = type(self.app.manager.screen).__name__
            _copy_loaded(AT_PEAK)

    def _wrap(self):
        app = self.app
        if getattr(app, "_bench", False):
            return
        app._bench = True
        # the simulator's record of every cue sounded (a list the box has
        # not: App.cue_log is None there) would grow with the evening in
        # the figures; the bench needs only how many
        app.cue_log = _CueCount()
        step = app.step
        display = self.board.display
        bench = self
        from tileclock.app import MARK_MS as mark_ms
        from tileclock.ticks import ticks_diff
        bench.mark_ms = mark_ms

        def measured():
            # (not while a banner or the screen's keys show: their end is a
            # redraw of the whole screen, an event, not a tick)
            quiet = (bench._clock_shown() and not bench._held and not app.manager._hinting
                     and app.manager._banner is None
                     and bench.elapsed - bench._changed_at > 200 and not bench._changes_due())
            cues_before = len(app.cue_log)
            steady = bench._steady()
            # a time mark due this pass (App.step: MARK_MS after the journal's
            # last write): a journal write, measured apart, never locked
            marking = quiet and ticks_diff(app.now(), app.keeper.written) >= mark_ms
            seq0 = app.keeper.journal.seq
            if marking:
                quiet = False
            b0 = display.bytes_sent
            w0 = display.writes
            if quiet and bench.clock_passes % 2:
                # every other quiet pass with the heap locked: an allocation
                # would raise MemoryError
                micropython.heap_lock()
                try:
                    wait = step()
                    micropython.heap_unlock()
                    bench.locked_passes += 1
                except MemoryError as e:
                    micropython.heap_unlock()
                    bench.locked_failures += 1
                    if bench.show_errors:
                        sys.print_exception(e)
                    wait = step()
            else:
                gc.disable()
                m0 = gc.mem_alloc()
                wait = step()
                grew = gc.mem_alloc() - m0
                gc.enable()
                if quiet and len(app.cue_log) == cues_before:
                    bench.clock_alloc += grew
                    bench.measured_passes += 1
                if marking and app.keeper.journal.seq == seq0 + 1 and len(app.cue_log) == cues_before:
                    bench.mark_alloc += grew
                    bench.mark_passes += 1
            sent = display.bytes_sent - b0 + display.writes - w0
            if sent * US_PER_BYTE > bench.worst_bus_us:
                bench.worst_bus_us = sent * US_PER_BYTE
                bench.worst_screen = type(app.manager.screen).__name__
            if quiet:
                bench.clock_passes += 1
            if steady:
                bench.clock_bytes += sent
            _note_modules()
            bench._measure()
            return wait
        app.step = measured

    def _changes_due(self):
        return bool(self._changes) and self._changes[0][0] - self.elapsed < 100

    def _advance(self, ms):
        # bytes per second while the count-up runs with nobody pressing
        if self._steady():
            self.clock_ms += ms
        super()._advance(ms)

    def _clock_shown(self):
        # a live screen (big digits) counting up with the game's clock
        # running: a pass there has nothing to do but the time. (A count
        # down's passes cue its last seconds: events, not ticks.)
        app = self.app
        screen = app.manager.screen
        return (app.game is not None and hasattr(screen, "draw_time")
                and not getattr(screen, "COUNT_DOWN", False) and app.game.clock_running(app.now()))

    def _steady(self):
        # the clock running on screen, nobody has pressed for 3 s
        return self._clock_shown() and self.elapsed - self._changed_at > 3000

    def _after_pass(self):
        pass        # no logs: they would count in the heap


class _CueCount:
    """App.cue_log for the bench: counts the cues, keeps none."""

    def __init__(self):
        self.count = 0

    def append(self, cue):
        self.count += 1

    def __len__(self):
        return self.count


def _script_lines():
    """The evening the game's about.py names (BENCH, else DEMO): a sim
    script in tests/sim/, which tileclock_host.bench passes (--script NAME).
    Read in a function: its lines, not the device's, are gone once parsed."""
    with open("tests/sim/" + SCRIPT_NAME) as f:
        return f.read().split("\n")


def _parse_alone(script):
    """(the parsed script, its cost in bytes). parse() may import firmware
    modules (the games' specs, to check a script's settings against what the
    menus offer): a first parse loads them, the script's cost is that of a
    second one, and then they are unloaded again (their names stay, counted
    with the qstrs of modules loaded and unloaded), so that neither the
    script nor the device is charged with the other's memory: with the
    specs' code on the script's side the device looked 9 KB smaller than it
    is. (A function: new globals here would grow the bench's own dict.)"""
    from tileclock.modules import forget
    before = list(sys.modules)
    parse(script)
    gc.collect()
    m0 = gc.mem_alloc()
    parsed = parse(script)
    gc.collect()
    cost = gc.mem_alloc() - m0
    forget([name for name in sys.modules if name not in before])
    return parsed, cost


parsed, SCRIPT_BYTES = _parse_alone(_script_lines())    # the simulator's own plan of presses
bench = Bench(parsed)
gc.collect()
BOOTED = gc.mem_alloc() - BASE      # the simulated board and the app, booted
bench.run()
gc.collect()
after = gc.mem_alloc() - BASE
sheet = bench.sheet()
passes = bench.app.passes

def _out_name():
    # a name of its own (benches of several games run side by side), in the
    # folder the bench runs in: the code measurement's interpreter holds it
    # in its arguments, so its length must not depend on the machine
    name = "tileclock-bench-code-"
    for b in os.urandom(4):
        name += "%02x" % b
    return name + ".txt"


# the code of the modules loaded at the worst pass, in a fresh interpreter
OUT = _out_name()
with open(OUT, "w") as f:
    f.write("\n".join((MPY_DIR, ",".join(SIM_LOADED), ",".join(_names(AT_PEAK)), ",".join(_names(EVER)))))
# (tileclock_host.bench says how to start the port so that its own strings
# have the same length on every machine)
cmd = "%s -X heapsize=400wK %s --code %s" % (os.getenv("TILECLOCK_MICROPYTHON") or sys.executable, __file__, OUT)
if os.system(cmd):
    print("!! the code measurement failed: %s" % cmd)
    sys.exit(1)
with open(OUT) as f:
    lines = f.read().split("\n")
os.remove(OUT)
code_peak, stuck = [int(w) for w in lines[0].split()[1:]]
modules = sorted(((int(line.split()[0]), line.split()[1]) for line in lines[1:] if line), reverse=True)
sim_code = SIM_IMPORT
device = bench.peak - BASE - sim_code - SCRIPT_BYTES
data = device - code_peak - stuck

print("evening: %s, %d rounds, %d s of virtual time, %d passes; firmware from %s"
      % (GAME, len(sheet["rounds"]), bench.elapsed // 1000, passes,
         (MPY_DIR + " (.mpy)") if MPY_DIR else "firmware/ (.py)"))
bits = 64 if sys.maxsize > 2 ** 32 else 32
print("heap at the worst pass (on %s), this %d-bit port's objects (larger than the Pico's):"
      % (bench.peak_screen, bits))
print("  data              %6d bytes (budget 65536): game, screens, buffers, journal;"
      " the emulated panel included" % data)
print("  code              %6d bytes: the %d firmware modules loaded then (frozen: mostly in flash)"
      % (code_peak, len(modules)))
print("  unloaded qstrs    %6d bytes: names left by %d modules loaded earlier and unloaded"
      % (stuck, len(_names(EVER)) - len(modules)))
print("  total             %6d bytes" % device)
print("  heaviest modules then: %s"
      % ", ".join("%s %.1f KB" % (name[len(_PKG) + 1:] or _PKG, cost / 1024) for cost, name in modules[:6]))
if "-v" in sys.argv:
    print("  loaded then: " + " ".join("%s=%d" % (n[len(_PKG) + 1:] or _PKG, c) for c, n in modules))
print("  not on the device: simulator code %d bytes, its script %d bytes" % (sim_code, SCRIPT_BYTES))
print("  in use after boot  %d bytes, after the evening %d bytes (code, data and qstrs)"
      % (BOOTED - sim_code - SCRIPT_BYTES, after - sim_code - SCRIPT_BYTES))
print("display while running %5.0f bytes/s (budget 256): %d bytes in %d s of clock"
      % (bench.clock_bytes * 1000 / max(bench.clock_ms, 1), bench.clock_bytes, bench.clock_ms // 1000))
print("longest pass        %6.1f ms on the I2C bus (budget 30), on %s"
      % (bench.worst_bus_us / 1000, bench.worst_screen))
print("allocated per pass  %6.2f bytes while the clock runs (budget 0), %d passes;"
      " %d passes with the heap locked, %d allocated"
      % (bench.clock_alloc / max(bench.measured_passes, 1), bench.clock_passes,
         bench.locked_passes, bench.locked_failures))
print("time mark passes    %6.0f bytes each (a journal write: the record's strings, the file),"
      " %d passes, one every %d ms of running clock; left out of the figure above"
      % (bench.mark_alloc / max(bench.mark_passes, 1), bench.mark_passes, bench.mark_ms))
if bench.failures:
    print("!! the evening did not go as its script expects: %s" % bench.failures)
    sys.exit(1)
# (The heap figures above are this 64-bit port's, printed as a proxy, module
# by module: the Pico's heap is budgeted on the gauge, bench/host_pico.py.)
if bench.clock_ms:
    budgets.check("app.display_bytes_per_s", bench.clock_bytes * 1000 // bench.clock_ms)
budgets.check("app.longest_pass_ms", bench.worst_bus_us // 1000)
budgets.check("app.alloc_per_pass", bench.clock_alloc)
budgets.check("app.locked_pass_failures", bench.locked_failures)
budgets.done()
