# A MicroPython unix port standing in for a Pico that can be reset, for the
# end-to-end tests of `tileclock deploy` and `pull` (the maintenance
# handshake: tileclock_host/device/maintenance.py, firmware/tileclock/hal/maintenance.py).
#
# tests/host/ptybridge.py gives a pseudo-terminal (the "USB serial port");
# behind it a shell starts `micropython -i _boot.py` again whenever it ends: a
# power-on. _boot.py puts a stand-in `machine` (_machine.py) in sys.modules,
# and, if main.py is there, runs it as the Pico would, with the board's flash
# folder the working folder ("." instead of "/"). The stand-in's WDT() and
# reset() write to boots.log, and reset() ends the interpreter (SystemExit):
# the shell boots it again.
#
# mpremote's Ctrl-C stops a running clock as on a Pico (KeyboardInterrupt):
# the app's sleeps (board.sleep_ms, the stand-in's Time) listen to the serial
# port for it. Everywhere else a Ctrl-C is a byte like any other, read by the
# REPL in its turn, so it is never lost and never ends the interpreter
# whatever moment it arrives at: during a reboot, between main.py and the
# REPL. (A terminal's own Ctrl-C, a signal, would: the unix port catches
# SIGINT only while it runs code, and a Ctrl-C that came between two
# interpreters was gone.) Bytes the app reads that are not Ctrl-C are
# dropped; a Pico keeps them for the REPL.
import os
import sys
import time

import ptybridge

MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
HOST_TOOLS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                          "host_tools")

MACHINE = '''# machine for the unix port standing in for a Pico (tests/host/unix_pico.py)
def log(text):
    f = open("boots.log", "a")
    f.write(text + "\\n")
    f.close()


class Pin:
    IN = 0
    PULL_UP = 1
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, n, mode=-1, pull=-1):
        self.n = n

    def value(self):
        return 1

    def irq(self, handler=None, trigger=0, hard=False):
        pass


class PWM:
    def __init__(self, pin):
        pass

    def freq(self, hz=None):
        return 1000

    def duty_u16(self, duty=None):
        return 0


def I2C(bus, sda=None, scl=None, freq=400000):
    # the emulated display controller is the host's (never deployed)
    import sys
    if HOST_TOOLS not in sys.path:
        sys.path.append(HOST_TOOLS)
    from tileclock_host.boards.panel import PanelBus
    return PanelBus(0x3C)


class WDT:
    def __init__(self, id=0, timeout=5000):
        log("watchdog %d" % timeout)

    def feed(self):
        pass


def reset():
    log("reset")
    raise SystemExit


class Time:
    """time for make_board(): the unix port's, with a sleep that ends in
    KeyboardInterrupt when a Ctrl-C comes on the serial port."""

    def __init__(self):
        import select
        import sys
        import time
        self._time = time
        self.ticks_ms = time.ticks_ms
        self._port = sys.stdin.buffer
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)

    def sleep_ms(self, ms):
        t = self._time
        end = t.ticks_add(t.ticks_ms(), ms)
        while True:
            left = t.ticks_diff(end, t.ticks_ms())
            if self._poll.poll(left if left > 0 else 0):
                if self._port.read(1) == b"\\x03":
                    raise KeyboardInterrupt
            elif left <= 0:
                return
'''

BOOT = '''# power-on of the unix port standing in for a Pico (tests/host/unix_pico.py)
import sys
import _machine
sys.modules["machine"] = _machine
_machine.log("boot")
try:
    open("main.py").close()
    _main = True
except OSError:
    _main = False
if _main:
    from tileclock.hal import board as _board
    _make = _board.make_board

    def _make_here(config=None, machine=None, time=None, root="/"):
        return _make(config, machine, time or _machine.Time(), ".")

    _board.make_board = _make_here
    exec(open("main.py").read(), {"__name__": "__main__"})
    _m = sys.modules.get("tileclock.hal.maintenance")
    _machine.log("safe mode: %s" % (_m.safe if _m else None))
'''


def start(folder):
    """Power the stand-in on with `folder` as its flash; returns (tty, stop)."""
    assert os.path.exists(MICROPYTHON), "the MicroPython unix port is not installed: run `make venv`"
    folder = str(folder)
    with open(os.path.join(folder, "_machine.py"), "w") as f:
        f.write("HOST_TOOLS = %r\n" % HOST_TOOLS + MACHINE)
    with open(os.path.join(folder, "_boot.py"), "w") as f:
        f.write(BOOT)
    tty = os.path.join(os.path.dirname(folder), "pico-tty")
    loop = "while [ ! -e .halt ]; do %s -i _boot.py; done" % MICROPYTHON
    bridge = ptybridge.start(tty, ["/bin/sh", "-c", loop], cwd=folder)

    def stop():
        open(os.path.join(folder, ".halt"), "w").close()
        bridge.stop()

    return bridge.port, stop


def boots(folder):
    try:
        with open(os.path.join(str(folder), "boots.log")) as f:
            return f.read().split("\n")[:-1]
    except OSError:
        return []


# A bound on the waits below, reached only when the stand-in is broken: a
# boot takes well under a second of CPU, and the machine may be busy.
BOOT_SECONDS = 180


def wait_for_boots(folder, count, seconds=BOOT_SECONDS):
    """The boot log once it has `count` lines. (What main.py does after its
    last line needs no wait: a Ctrl-C sent now is heard by the app's first
    sleep, or read by the REPL.)"""
    deadline = time.monotonic() + seconds
    while len(boots(folder)) < count:
        assert time.monotonic() < deadline, "the stand-in did not boot: %s" % boots(folder)
        time.sleep(0.05)
    return boots(folder)


def ask(tty, code, seconds=BOOT_SECONDS):
    """What the board prints running `code` (mpremote exec, no soft reset).
    The board reads its port in order, so when it answers, whatever was sent
    before (a reset, say) has been done."""
    import subprocess
    from tileclock_host import cmd_deploy
    out = subprocess.run([cmd_deploy.tool("mpremote"), "connect", tty, "resume", "exec", code],
                         capture_output=True, text=True, timeout=seconds)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def patient(monkeypatch):
    """The host tools' bounds on the board's answers, as long as a busy
    machine could need for the stand-in, which shares the machine's cores
    with the tests (a Pico has a core of its own): reached only when
    something is broken."""
    from tileclock_host import cmd_deploy, cmd_pull
    from tileclock_host.device import maintenance
    monkeypatch.setattr(cmd_pull, "PROBE_SECONDS", BOOT_SECONDS)
    monkeypatch.setattr(cmd_deploy, "PROBE_SECONDS", BOOT_SECONDS)
    monkeypatch.setattr(maintenance, "BOOT_SECONDS", BOOT_SECONDS)
