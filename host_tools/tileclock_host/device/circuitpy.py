# `tileclock deploy --circuitpython DRIVE`: tileclock onto a CircuitPython
# board's CIRCUITPY drive, mounted on this computer (docs/circuitpython.md).
#
# What goes on the drive (as .py: CircuitPython compiles them at start; its
# .mpy format is its own, and no mpy-cross of CircuitPython's is on PyPI):
#   code.py, boot.py               circuitpython/ (the start, the drive's mode)
#   tileclock_cp/                  circuitpython/tileclock_cp (the board)
#   tileclock/                     firmware/tileclock (the app, screens, engine, journal)
#   lib/framebuf.py                the pure-Python framebuf (CircuitPython has none built in)
#   board_config.py                firmware/board_config.py, unless the drive has one (--config replaces it)
# The libraries of Adafruit's bundle come with circup:
#   circup install -r circuitpython/requirements.txt
# Files under tileclock/ and tileclock_cp/ that are not part of this copy are
# removed (a stale module would be imported); the journal and settings, and
# everything else on the drive, stay.
import os
import shutil

from tileclock_host.cli import UserError
from tileclock_host.firmware_build import package_files

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
CIRCUITPYTHON = os.path.join(ROOT, "circuitpython")
FIRMWARE = os.path.join(ROOT, "firmware")
FRAMEBUF = os.path.join(ROOT, "host_tools", "tileclock_host", "shims", "framebuf.py")
PACKAGES = (("tileclock", FIRMWARE), ("tileclock_cp", CIRCUITPYTHON))
TOP = ("code.py", "boot.py")


def files():
    """[(path on the drive, source path)] of everything deploy copies
    (board_config.py aside)."""
    out = [(name, os.path.join(CIRCUITPYTHON, name)) for name in TOP]
    for package, base in PACKAGES:
        out += [(rel, os.path.join(base, *rel.split("/"))) for rel in package_files(base, package)]
    out.append(("lib/framebuf.py", FRAMEBUF))
    return out


def check_drive(drive):
    if not os.path.isdir(drive):
        raise UserError("%s: no such folder: give the mounted CIRCUITPY drive (e.g. /media/$USER/CIRCUITPY, "
                        "/Volumes/CIRCUITPY, E:\\)" % drive)
    if not os.path.exists(os.path.join(drive, "boot_out.txt")):
        raise UserError("%s: not a CircuitPython drive (it has no boot_out.txt, which CircuitPython writes "
                        "at every start): is CircuitPython installed on the board, and is this its drive?"
                        % drive)


def deploy(drive, config=False):
    """Copy tileclock onto `drive`; returns the lines to print."""
    check_drive(drive)
    said = []
    wanted = files()
    keep = set(path for path, _src in wanted)
    for package, _base in PACKAGES:
        top = os.path.join(drive, package)
        if not os.path.isdir(top):
            continue
        for folder, _dirs, names in os.walk(top):
            for name in names:
                rel = os.path.relpath(os.path.join(folder, name), drive).replace(os.sep, "/")
                if rel not in keep:
                    _do(os.remove, os.path.join(folder, name))
                    said.append("removed %s (not part of tileclock now)" % rel)
    for rel, src in wanted:
        dest = os.path.join(drive, *rel.split("/"))
        _do(os.makedirs, os.path.dirname(dest), exist_ok=True)
        _do(shutil.copyfile, src, dest)
    config_dest = os.path.join(drive, "board_config.py")
    if config or not os.path.exists(config_dest):
        _do(shutil.copyfile, os.path.join(FIRMWARE, "board_config.py"), config_dest)
        said.append("board_config.py: the wiring of hardware/README.md (edit it on the drive if yours differs)")
    else:
        said.append("board_config.py: the drive's own kept (--config replaces it)")
    said.append("copied %d files to %s" % (len(wanted), drive))
    missing = [lib for lib in libraries() if not _has_library(drive, lib)]
    if missing:
        said.append("the drive lacks Adafruit's %s: circup install -r circuitpython/requirements.txt"
                    % ", ".join(missing))
    return said


def libraries():
    """The bundle libraries of circuitpython/requirements.txt."""
    with open(os.path.join(CIRCUITPYTHON, "requirements.txt")) as f:
        return [line.split("#")[0].strip() for line in f if line.split("#")[0].strip()]


def _has_library(drive, name):
    lib = os.path.join(drive, "lib")
    return any(os.path.exists(os.path.join(lib, name + ext)) for ext in ("", ".py", ".mpy"))


def _do(fn, *args, **kw):
    try:
        return fn(*args, **kw)
    except OSError as e:
        where = getattr(e, "filename", None) or (args[-1] if args else "")
        raise UserError("%s: %s (is the drive full, or read-only to the computer? In play mode the board "
                        "writes it: unplug it and plug it in again holding seat 1, for edit mode: see "
                        "docs/circuitpython.md)" % (where, e.strerror or e))
