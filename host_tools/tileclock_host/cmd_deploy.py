# `tileclock deploy`: compile firmware/ with mpy-cross and copy it to the Pico.
#
#   tileclock deploy --port /dev/ttyACM0      # Linux
#   tileclock deploy --port /dev/tty.usbmodem1101   # macOS (ls /dev/tty.usbmodem*)
#   tileclock deploy --port COM3              # Windows (Device Manager, Ports)
#   tileclock deploy                          # mpremote finds the board itself
#   tileclock deploy --compile-only           # `make lint`: compile, copy nothing
#   tileclock deploy --source                 # copy the .py files (an older MicroPython)
#
# Steps: every firmware/tileclock/**.py is compiled to build/<chip>/tileclock/
# **.mpy (-march=armv6m for the RP2040, armv7emsp for the RP2350 of the
# Pico 2: the bytecode is the same, the flag only matters for native code).
# main.py and board_config.py stay source, so they can be read and edited on
# the board. On the board, any file under tileclock/ that is not part of the
# new build is removed first: a stale foo.py beside the new foo.mpy would win
# the import. The journal and settings (outside tileclock/) are not touched.
# Then mpremote copies the files and resets the board.
#
# Before all that, a board whose clock runs with its watchdog on (board_config
# WATCHDOG_MS) is restarted in safe mode (tileclock_host.device.maintenance): the
# watchdog can't be stopped, and would reset the board mid-copy. The reset at
# the end brings the clock back, watchdog on; --no-reset leaves it in safe mode.
#
# Then, before any file is touched, the board says which .mpy version its
# MicroPython imports (sys.implementation._mpy). A MicroPython imports only
# .mpy files of its own version (for bytecode, the sub-version does not
# matter), so if it isn't the version mpy-cross made, nothing is copied and
# the tool says what to do: flash a newer MicroPython (or update mpy-cross),
# or deploy with --source, which copies the .py files for the board to
# compile at every start (slower to start, and more RAM while it compiles).
# No silent fallback to .py: tileclock's memory budget is for .mpy files
# (docs/architecture.md, "Host tools").
import os
import subprocess

from tileclock_host.device import maintenance
from tileclock_host.cli import UserError
from tileclock_host.firmware_build import (PACKAGE, ROOT, built_mpy_version, compile_firmware, mpy_problem,
                                           source_tree, tool)
from tileclock_host.device.usb import PROBE_SECONDS, no_board, port_problem, usb_boards

HELP = ("compile firmware/ with mpy-cross and copy it to the board with mpremote, if its MicroPython "
        "imports these .mpy files (else --source)")

MPY_MARK = "TCMPY "


def add_arguments(parser):
    parser.add_argument("--port", default="auto",
                        help="serial port: /dev/ttyACM0 (Linux), /dev/tty.usbmodem* (macOS), COM3 (Windows); "
                             "default: the first board mpremote finds")
    parser.add_argument("--pico2", action="store_true", help="compile for the RP2350 (Pico 2, Pico 2 W)")
    parser.add_argument("--compile-only", action="store_true", help="compile into build/, copy nothing")
    parser.add_argument("--source", action="store_true",
                        help="copy the .py files, not .mpy: for a board whose MicroPython can't import what "
                             "this mpy-cross makes (deploy says so); the board compiles them at every start")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"), help="build folder (default build/)")
    parser.add_argument("--keep-config", action="store_true",
                        help="leave the board's board_config.py as it is")
    parser.add_argument("--resume", action="store_true",
                        help="do not soft-reset on connecting (for a board that must keep its session)")
    parser.add_argument("--no-reset", action="store_true",
                        help="do not reset the board after copying (it stays in safe mode if it went through it)")
    parser.add_argument("--timeout", type=int, default=120, help="seconds allowed for copying (default 120)")
    parser.add_argument("--circuitpython", metavar="DRIVE",
                        help="a CircuitPython board instead: copy tileclock onto its mounted CIRCUITPY drive "
                             "(docs/circuitpython.md)")
    parser.add_argument("--config", action="store_true",
                        help="with --circuitpython: replace the drive's board_config.py")


# --port auto (make deploy without PORT=) and no board: what to check, and how
# to name a port. mpremote also says "no device found" when the only board's
# port is held by another program, so that is on the list too.
NO_BOARD_DEPLOY = ("no Pico found on USB: is it plugged in, with a data cable (not charge-only), running "
                   "MicroPython, its port not held by another program (a serial terminal, Thonny)? Or "
                   "name the port: make deploy PORT=/dev/ttyACM0 or tileclock deploy --port COM3 "
                   "(`mpremote connect list` lists them)")


_BOARD_MPY = "import sys\nprint(%r + str(getattr(sys.implementation, '_mpy', 0)))\n" % MPY_MARK


def board_mpy(port, resume=True, timeout=None):
    """The board's sys.implementation._mpy (0 if its MicroPython has none)."""
    out = _mpremote(port, resume, "exec", _BOARD_MPY, timeout=PROBE_SECONDS if timeout is None else timeout)
    for line in out.splitlines():
        if line.startswith(MPY_MARK) and line[len(MPY_MARK):].strip().isdigit():
            return int(line[len(MPY_MARK):])
    raise UserError("%s: the board did not say its MicroPython's .mpy version: %s"
                    % (port, (out.strip().splitlines() or ["no output"])[-1]))


# Runs on the board: remove every file under tileclock/ not in WANTED (and
# empty folders), create the folders WANTED needs, print what it removed.
_PREPARE = """
import os
WANTED = set(%r)
DIRS = %r
def _walk(d):
    for e in os.ilistdir(d):
        p = d + '/' + e[0]
        if e[1] & 0x4000:
            _walk(p)
            if not os.listdir(p) and p not in DIRS:
                os.rmdir(p)
        elif p not in WANTED:
            os.remove(p)
            print('removed', p)
try:
    os.stat(%r)
    _walk(%r)
except OSError:
    pass
for d in DIRS:
    try:
        os.mkdir(d)
    except OSError:
        pass
"""


def _mpremote(port, resume, *commands, timeout=120):
    cmd = [tool("mpremote"), "connect", port]
    if resume:
        cmd.append("resume")
    cmd += list(commands)
    try:
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise UserError(f"{port}: no answer from the board in {timeout} s (is it a Pico running MicroPython, "
                        "and not busy in another program such as a serial terminal?)")
    if result.returncode:
        lines = (result.stderr.strip() or result.stdout.strip() or "no message").splitlines()
        if no_board(result.stderr + result.stdout):
            raise UserError(NO_BOARD_DEPLOY)
        raise UserError(f"{port}: mpremote failed ({commands[0]} ...): {port_problem(port) or lines[-1]}")
    return result.stdout


def free_board(port, root="/", boot_seconds=None):
    """The maintenance handshake (tileclock_host.device.maintenance): "safe", "free" or "reset"."""
    return maintenance.free_board(port, root, lambda p, a, t: _mpremote(p, True, *a, timeout=t),
                                  boot_seconds, ask_seconds=PROBE_SECONDS)


def deploy(out_dir, files, port="auto", resume=False, reset=True, keep_config=False, timeout=120, root="/"):
    """Copy the build to the board; returns the lines the board printed.
    `root` is the board's flash folder ("/" on a Pico; the tests' unix port
    uses its working folder), where the maintenance flag goes."""
    # The first word with the board (a short exec: a port with no board
    # behind it fails in seconds), and no watchdog from here on.
    state = free_board(port, root)
    version = built_mpy_version(out_dir, files)
    if version is not None:
        problem = mpy_problem(board_mpy(port, resume), version)
        if problem:
            if reset and state == "reset":
                _mpremote(port, resume, "reset", timeout=PROBE_SECONDS)   # the clock comes back
            raise UserError(f"{port}: {problem}")
    if keep_config:
        files = [f for f in files if f != "board_config.py"]
    wanted = sorted(f for f in files if f.startswith(PACKAGE + "/"))
    dirs = sorted({f.rsplit("/", 1)[0] for f in wanted} | {PACKAGE})
    dirs = sorted(dirs, key=lambda d: d.count("/"))
    printed = _mpremote(port, resume, "exec", _PREPARE % (wanted, dirs, PACKAGE, PACKAGE),
                        timeout=min(timeout, PROBE_SECONDS)).splitlines()
    copy = []
    for f in files:
        copy += ["fs", "cp", os.path.join(out_dir, *f.split("/")), ":" + f, "+"]
    if reset:
        copy += ["reset"]
    else:
        copy.pop()
    _mpremote(port, resume, *copy, timeout=timeout)
    if not reset and state != "free":
        printed.append("the board stays in safe mode (no clock, no watchdog) until it is reset "
                       "or plugged in again")
    return printed


def run(args):
    if args.circuitpython:
        from tileclock_host.device import circuitpy
        for line in circuitpy.deploy(args.circuitpython, args.config):
            print(line)
        return 0
    chip = "rp2350" if args.pico2 else "rp2040"
    if not args.compile_only and port_problem(args.port):
        raise UserError("%s: %s" % (args.port, port_problem(args.port)))
    if not args.compile_only and args.port == "auto" and usb_boards() == 0:
        raise UserError(NO_BOARD_DEPLOY)   # before compiling: nothing to copy to
    out_dir, files = compile_firmware(args.build, chip)
    print(f"compiled {len(files)} files for the {chip} into {os.path.relpath(out_dir)}")
    if args.source and not args.compile_only:
        out_dir, files = source_tree(args.build)
        print(f"--source: copying the {len(files)} .py files instead")
    if "main.py" not in files:
        print("note: firmware/main.py does not exist yet: the board will not start the clock by itself")
    if args.compile_only:
        return 0
    printed = deploy(out_dir, files, args.port, args.resume, not args.no_reset, args.keep_config, args.timeout)
    for line in printed:
        print(line)
    print(f"copied {len(files)} files to the board on {args.port}")
    return 0
