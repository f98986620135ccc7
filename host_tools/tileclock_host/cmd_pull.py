# Copy a device's journal and settings to the laptop over USB, with mpremote.
#
#   tileclock pull --to scores/                     # mpremote finds the board, as deploy does
#   tileclock pull --port /dev/ttyACM0 --to scores/  # or name its port
#
# writes scores/<device id>/<YYYYmmdd-HHMMSS>/ with the device's settings.txt,
# journal/, journal.new/ and games/ exactly as they are on the flash
# (*.bad-N files included: recovery keeps them for the host), and pull.json:
# the device id, when, and every file's size and SHA-256 as the device
# computed them. Each file is checked against those figures; the folder gets
# its final name only when every file matches, so a pull cut short leaves no
# half copy behind. Nothing earlier is ever overwritten: every pull is a new
# folder, and the score book counts an evening once however many pulls hold it.
#
# mpremote is run with `resume` (no soft reset) so the board's state is left as
# it is; it stops the clock's program while it copies. A board whose watchdog
# is on is first restarted in safe mode (maintenance.free_board: the watchdog
# would reset it mid-copy), and every board is reset when the copy is done,
# so the clock comes back (--no-reset leaves it at the REPL; docs/scores.md).
import argparse
import datetime
import hashlib
import json
import os
import shutil
import subprocess
import sys

from tileclock_host.device import maintenance
from tileclock_host.cli import UserError
from tileclock_host.scores.journal import PULL_MANIFEST, journal_dirs
from tileclock_host.device.usb import PROBE_SECONDS, no_board, port_problem
from tileclock_host.device.usb import usb_boards as _usb_boards

HELP = "copy the journal and settings from a tileclock over USB (mpremote), checked file by file"

# What the device keeps (docs/journal.md, "Files"), relative to its root.
PULL_FILES = ("settings.txt",)
PULL_FOLDERS = ("journal", "journal.new", "games")
BATCH = 40              # files per mpremote run (one connection each)
MARK = "TCPULL "

# Runs on the device: lists what to pull with sizes and SHA-256, and the
# board's unique id. Small enough for the raw REPL; MicroPython and CPython.
_LIST = r"""
import os, json
try:
    import hashlib, binascii
except ImportError:
    hashlib = None
R = %(root)r
def _j(a, b):
    return (a if a.endswith('/') else a + '/') + b
def _f(p, rel, out):
    size = os.stat(p)[6]
    digest = None
    if hashlib:
        h = hashlib.sha256()
        f = open(p, 'rb')
        while True:
            b = f.read(512)
            if not b:
                break
            h.update(b)
        f.close()
        digest = binascii.hexlify(h.digest()).decode()
    out.append([rel, size, digest])
def _w(p, rel, out):
    for e in os.ilistdir(p):
        q = _j(p, e[0])
        if e[1] & 0x4000:
            _w(q, rel + '/' + e[0], out)
        else:
            _f(q, rel + '/' + e[0], out)
out = []
for n in %(files)r:
    try:
        _f(_j(R, n), n, out)
    except OSError:
        pass
for n in %(folders)r:
    try:
        os.stat(_j(R, n))
    except OSError:
        continue
    _w(_j(R, n), n, out)
uid = None
try:
    import machine, binascii
    uid = binascii.hexlify(machine.unique_id()).decode()
except Exception:
    pass
import sys
print(%(mark)r + json.dumps({'device': uid, 'platform': sys.platform, 'files': out}))
"""


def add_arguments(parser):
    parser.add_argument("--port",
                        help="the board's serial port (e.g. /dev/ttyACM0, COM3: what mpremote connect takes); "
                             "default: the first board mpremote finds on USB, as deploy does")
    parser.add_argument("--drive", metavar="CIRCUITPY",
                        help="a CircuitPython board instead: its mounted CIRCUITPY drive (docs/circuitpython.md)")
    parser.add_argument("--to", required=True, metavar="DIR", help="folder to copy into (made if missing)")
    parser.add_argument("--root", default="/",
                        help="the folder on the device holding journal/ and settings.txt (default /)")
    parser.add_argument("--name", help="the device's folder under DIR (default: the board's unique id)")
    parser.add_argument("--no-reset", action="store_true",
                        help="leave the board at its REPL afterwards (in safe mode if it was restarted "
                             "into it), instead of resetting it so the clock starts again")
    parser.add_argument("--reset", action="store_true", help=argparse.SUPPRESS)  # the default now
    parser.add_argument("--timeout", type=int, default=120, help="seconds allowed for each mpremote run")


def _mpremote_command():
    try:
        import mpremote  # noqa: F401
        return [sys.executable, "-m", "mpremote"]
    except ImportError:
        found = shutil.which("mpremote")
        if not found:
            raise UserError("mpremote is not installed (pip install mpremote)")
        return [found]


# What mpremote says when it finds no board on USB (--port auto, the default
# of deploy), and what the user reads instead.
NO_BOARD = ("no Pico found on USB: is it plugged in, with a data cable (not a charge-only one), and "
            "running MicroPython? `mpremote connect list` lists the serial ports; give one with --port")


def mpremote(port, args, timeout, resume=True):
    """Run one mpremote command line against `port`; its standard output, or UserError."""
    cmd = _mpremote_command() + ["connect", port] + (["resume"] if resume else []) + list(args)
    try:
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise UserError("%s: no answer from the board in %d s (is it a tileclock, and not busy in "
                        "another program such as a serial terminal?)" % (port, timeout))
    if result.returncode:
        lines = (result.stderr.strip() or result.stdout.strip() or "no message").splitlines()
        if no_board(lines[-1]):
            raise UserError(NO_BOARD)
        raise UserError("%s: mpremote failed: %s" % (port, port_problem(port) or lines[-1]))
    return result.stdout


def list_device(port, root, timeout):
    """The device's answer: {"device": id or None, "platform", "files": [[path, size, sha256]]}."""
    code = _LIST % {"root": root, "files": PULL_FILES, "folders": PULL_FOLDERS, "mark": MARK}
    # (free_board() had the first, short word with the board, so a port with
    # no board behind it has failed fast; the listing may take a while: it
    # hashes every file.)
    out = mpremote(port, ["exec", code], timeout)
    for line in out.splitlines():
        if line.startswith(MARK):
            try:
                return json.loads(line[len(MARK):])
            except ValueError:
                break
    raise UserError("%s: the board's file listing could not be read: %s"
                    % (port, (out.strip().splitlines() or ["no output"])[-1]))


def _remote(root, rel):
    return ":" + (root if root.endswith("/") else root + "/") + rel


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def _check(folder, files):
    """The files whose copy differs from the device's figures."""
    wrong = []
    for rel, size, digest in files:
        path = os.path.join(folder, *rel.split("/"))
        if not os.path.isfile(path) or os.path.getsize(path) != size:
            wrong.append([rel, size, digest])
        elif digest and _sha256(path) != digest:
            wrong.append([rel, size, digest])
    return wrong


def copy_files(port, root, files, folder, timeout):
    for rel, _size, _digest in files:
        os.makedirs(os.path.dirname(os.path.join(folder, *rel.split("/"))), exist_ok=True)
    for start in range(0, len(files), BATCH):
        args = []
        for rel, _size, _digest in files[start:start + BATCH]:
            if args:
                args.append("+")
            args += ["fs", "cp", _remote(root, rel), os.path.join(folder, *rel.split("/"))]
        mpremote(port, args, timeout)


def _safe_name(text):
    keep = "".join(c if c.isalnum() or c in "-_." else "-" for c in text).strip(".-")
    return keep or "device"


def free_board(port, root):
    """The maintenance handshake (tileclock_host.device.maintenance): "safe", "free" or "reset"."""
    return maintenance.free_board(port, root, lambda p, a, t: mpremote(p, a, t), ask_seconds=PROBE_SECONDS)


def reset_board(port):
    """Hard-reset the board (no soft reset first): the clock starts again."""
    mpremote(port, ["reset"], PROBE_SECONDS)


def drive_listing(drive):
    """What pull copies from a mounted CIRCUITPY drive, as list_device()
    gives it for a board on a port: {files: [[path, size, sha256]], device}."""
    from tileclock_host.device import circuitpy
    circuitpy.check_drive(drive)
    files = []
    for name in PULL_FILES:
        if os.path.isfile(os.path.join(drive, name)):
            files.append(name)
    for top in PULL_FOLDERS:
        for folder, dirs, names in os.walk(os.path.join(drive, top)):
            dirs.sort()
            for name in sorted(names):
                files.append(os.path.relpath(os.path.join(folder, name), drive).replace(os.sep, "/"))
    device = None
    try:
        with open(os.path.join(drive, "boot_out.txt"), encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("UID:"):
                    device = line[4:].strip()
    except OSError:
        pass
    return {"device": device or "circuitpython", "platform": "circuitpython",
            "files": [[rel, os.path.getsize(os.path.join(drive, *rel.split("/"))),
                       _sha256(os.path.join(drive, *rel.split("/")))] for rel in files]}


def _copy_from_drive(drive, files, folder, root="/"):
    for rel, _size, _digest in files:
        dest = os.path.join(folder, *rel.split("/"))
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(os.path.join(drive, root.strip("/"), *rel.split("/")), dest)


def run(args):
    if args.port and args.drive:
        raise UserError("pull takes --port PORT (a board with MicroPython) or --drive CIRCUITPY "
                        "(a CircuitPython board's drive), not both")
    if not args.drive:
        # No port named: mpremote's `connect auto` takes the first USB board,
        # as deploy does; with no USB serial port at all, say so before
        # mpremote is started.
        args.port = args.port or "auto"
        if args.port == "auto" and _usb_boards() == 0:
            raise UserError(NO_BOARD)
    if args.drive:
        state = "free"
        listing = drive_listing(os.path.join(args.drive, args.root.strip("/")) if args.root.strip("/")
                                else args.drive)
        where = args.drive
    else:
        state = free_board(args.port, args.root)
        listing = list_device(args.port, args.root, args.timeout)
        where = args.port
    files = [f for f in listing.get("files", []) if isinstance(f, list) and len(f) == 3]
    if not files:
        raise UserError("%s: no journal or settings under %s on the board (is --root right?)"
                        % (where, args.root))
    device = listing.get("device")
    name = _safe_name(args.name or device or "device")
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    base = os.path.join(args.to, name)
    final = os.path.join(base, stamp)
    n = 2
    while os.path.exists(final):
        final = os.path.join(base, "%s-%d" % (stamp, n))
        n += 1
    partial = os.path.join(base, ".partial-" + os.path.basename(final))
    try:
        os.makedirs(partial)
    except OSError as e:
        raise UserError("%s: %s" % (partial, e.strerror or e))
    def copy(which):
        if args.drive:
            _copy_from_drive(args.drive, which, partial, args.root)
        else:
            copy_files(args.port, args.root, which, partial, args.timeout)

    try:
        copy(files)
        wrong = _check(partial, files)
        if wrong:  # once more, only those
            copy(wrong)
            wrong = _check(partial, wrong)
        if wrong:
            raise UserError("%s: %d file(s) differ from the board's after two tries: %s"
                            % (where, len(wrong), ", ".join(w[0] for w in wrong[:5])))
        manifest = {
            "device": device, "name": name, "port": args.port or args.drive, "root": args.root,
            "platform": listing.get("platform"),
            "pulled": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "files": [{"path": rel, "size": size, "sha256": digest} for rel, size, digest in files],
        }
        with open(os.path.join(partial, PULL_MANIFEST), "w", encoding="utf-8") as f:
            json.dump(manifest, f, indent=1, sort_keys=True)
            f.write("\n")
        os.rename(partial, final)
    finally:
        if os.path.isdir(partial):
            shutil.rmtree(partial, ignore_errors=True)
    total = sum(size for _rel, size, _digest in files)
    print("%s: %d files, %d bytes, checked" % (final, len(files), total))
    _summary(final)
    if args.drive:
        return 0
    if args.no_reset:
        if state != "free":
            print("%s: the board stays in safe mode (no clock, no watchdog) until it is reset "
                  "or plugged in again" % args.port)
    else:
        reset_board(args.port)
        print("%s: the board restarts: the clock comes back%s"
              % (args.port, " with its watchdog on" if state != "free" else ""))
    return 0


def _summary(folder):
    """One line per game in the copy, through the store's reader."""
    from tileclock_host.scores.journal import read
    for path in journal_dirs(folder):
        kind, lines, problems = read(path)
        rel = os.path.relpath(path, folder).replace(os.sep, "/")
        if kind is None:
            print("  %s: empty" % rel)
            continue
        print("  %s: %s, %d actions" % (rel, kind, len(lines)))
        for problem in problems:
            print("    problem: %s" % problem)
