# App figures on MicroPython at a Pico's heap (make bench; run from the repo
# root): the whole app -- screens, engine, journal -- on the simulated board
# through a scripted evening, measuring
#   - the heap: peak in use over the evening, and what stays in use;
#   - bytes sent to the display per second while the clock runs (the
#     SSD1306 driver sends changed 8-column blocks; budget 256 B/s);
#   - the longest loop pass in bus time, at ~25 us a byte on 400 kHz I2C
#     (9 bit times, plus each transaction's address byte; budget 30 ms);
#   - bytes allocated per pass while the clock runs (budget 0), with the
#     heap locked to prove it.
# The simulated board's emulated panel is counted in the heap (about 2 KB).
import gc
import sys

sys.path.insert(0, "host_tools")
sys.path.insert(0, "firmware")

import micropython  # noqa: E402

gc.collect()
BASE = gc.mem_alloc()

# every firmware module the evening uses, imported now so code and data are apart
import tileclock.app  # noqa: E402, F401
import tileclock.engine.script  # noqa: E402, F401
import tileclock.engine.wordsport  # noqa: E402, F401
import tileclock.hal.buttons  # noqa: E402, F401
import tileclock.hal.buzzer  # noqa: E402, F401
import tileclock.hal.display  # noqa: E402, F401
import tileclock.store.journal  # noqa: E402, F401
import tileclock.store.settings  # noqa: E402, F401
import tileclock.ui.form  # noqa: E402, F401
import tileclock.ui.home  # noqa: E402, F401
import tileclock.ui.sheet  # noqa: E402, F401
import tileclock.ui.ws_screens  # noqa: E402, F401

gc.collect()
CODE = gc.mem_alloc() - BASE        # the device's bytecode and module tables
from tileclock_host.sim.script import Runner, parse  # noqa: E402

gc.collect()
SIM_CODE = gc.mem_alloc() - BASE - CODE

US_PER_BYTE = 25
SCRIPT = [
    "seats 4", "set game wordsport", "set players 4", "set countdown 60",
    "1 press 2", "2 press 1",
] + ["+5 press %d" % (1 + i % 4) for i in range(18)] + [
    "+5 press 2",            # seat 2 wins
    "+20 press 1", "+10 press 3",                # two finishers, then time up
    "+62 press 1", "+1 press 1", "+1 press 1", "+1 press 1", "+1 press 1", "+1 press 1",
    "+1 press 2",            # seat 4's unused tiles: 0
    "+1 press 1", "+1 press 1", "+1 press 1", "+1 press 2",                # CLOSE ROUND
    "+2 press 3",            # round 2
    "+600 long 2",           # ten minutes of clock, then the menu
    "+2 press 1", "+1 press 1", "+1 press 1", "+1 press 2",   # void the round
    "+2 long 2", "+2 press 1", "+1 press 1", "+1 press 1", "+1 press 1", "+1 press 2",  # score sheet
    "+2 press 1", "+1 press 1", "+1 long 1",
    "+3 end",
]


class Bench(Runner):
    def __init__(self, script):
        super().__init__(script, None, journal=True)
        self.peak = 0
        self.worst_bus_us = 0
        self.worst_screen = ""
        self.clock_passes = 0
        self.clock_alloc = 0
        self.locked_passes = 0
        self.locked_failures = 0
        self.clock_bytes = 0
        self.clock_ms = 0
        self.measured_passes = 0
        self.show_errors = "-v" in sys.argv
        self._wrap()

    def _boot(self):
        super()._boot()
        self._wrap()

    def _wrap(self):
        app = self.app
        if getattr(app, "_bench", False):
            return
        app._bench = True
        step = app.step
        display = self.board.display
        bench = self

        def measured():
            screen = type(app.manager.screen).__name__
            quiet = (screen == "WsPlay" and not app.game.paused and not bench._held
                     and bench.elapsed - bench._changed_at > 200 and not bench._changes_due())
            cues_before = len(app.cue_log)
            steady = bench._steady()
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
            sent = display.bytes_sent - b0 + display.writes - w0
            if sent * US_PER_BYTE > bench.worst_bus_us:
                bench.worst_bus_us = sent * US_PER_BYTE
                bench.worst_screen = type(app.manager.screen).__name__
            if quiet:
                bench.clock_passes += 1
            if steady:
                bench.clock_bytes += sent
            gc.collect()
            used = gc.mem_alloc()
            if used > bench.peak:
                bench.peak = used
            return wait
        app.step = measured

    def _changes_due(self):
        return bool(self._changes) and self._changes[0][0] - self.elapsed < 100

    def _advance(self, ms):
        # bytes per second while the count-up runs with nobody pressing
        if self._steady():
            self.clock_ms += ms
        super()._advance(ms)

    def _steady(self):
        # the count-up running, nobody has pressed for 3 s
        app = self.app
        return (type(app.manager.screen).__name__ == "WsPlay" and not app.game.paused
                and self.elapsed - self._changed_at > 3000)

    def _after_pass(self):
        pass        # no logs: they would count in the heap


gc.collect()
m0 = gc.mem_alloc()
parsed = parse(SCRIPT)
gc.collect()
SCRIPT_BYTES = gc.mem_alloc() - m0  # the simulator's own plan of presses
before = gc.mem_alloc()
bench = Bench(parsed)
gc.collect()
BOARD = gc.mem_alloc() - before     # the simulated board (panel RAM, buffers) and the app
bench.run()
gc.collect()
live = gc.mem_alloc() - BASE
sheet = bench.sheet()
print("evening: %d Word-Sport rounds, %d s of virtual time, %d passes"
      % (len(sheet["rounds"]), bench.elapsed // 1000, bench.app.passes))
bits = 64 if sys.maxsize > 2 ** 32 else 32
print("heap on this %d-bit port (a Pico's objects are about half the size):" % bits)
print("  code              %6d bytes: the firmware modules' bytecode (in flash if frozen into the firmware)"
      % CODE)
print("  simulator code    %6d bytes (not on the device)" % SIM_CODE)
print("  board and app     %6d bytes after boot" % BOARD)
DATA = bench.peak - before
print("app peak heap       %6d bytes live at the worst pass (budget 65536): device code + data;"
      " data alone %d" % (CODE + DATA, DATA))
print("  after the evening %6d bytes in use" % live)
print("display while running %5.0f bytes/s (budget 256): %d bytes in %d s of clock"
      % (bench.clock_bytes * 1000 / max(bench.clock_ms, 1), bench.clock_bytes, bench.clock_ms // 1000))
print("longest pass        %6.1f ms on the I2C bus (budget 30), on %s"
      % (bench.worst_bus_us / 1000, bench.worst_screen))
print("allocated per pass  %6.2f bytes while the clock runs (budget 0), %d passes;"
      " %d passes with the heap locked, %d allocated"
      % (bench.clock_alloc / max(bench.measured_passes, 1), bench.clock_passes,
         bench.locked_passes, bench.locked_failures))
