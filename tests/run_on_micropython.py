# Runs the plain-assert tests of tests/firmware/ on MicroPython:
#     micropython -X heapsize=206wK tests/run_on_micropython.py [--mpy DIR] [NAME ...]
# (--mpy DIR: the firmware from the .mpy files `tileclock deploy` makes in
# DIR, as a box runs it, instead of compiling each module's source again at
# every import; tests/host/test_micropython.py compiles them once a run)
# (a Pico's heap and the tests' room: tests/host/test_micropython.py)
# Imports every test_*.py, calls every test_* function, prints a line per
# failure and `N passed, N failed`, and exits 1 if anything failed.
#
# What a test prints is kept, and shown only under its FAIL line: a passing
# run prints nothing else (some tests make a screen raise on purpose, and the
# app prints the traceback). MicroPython can't redirect sys.stdout, so while
# a test runs print() is replaced in builtins, and the app's tracebacks go
# to tileclock.start.console.
import builtins
import gc
import io
import os
import sys

_print = print

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
ROOT = HERE + "/.."
sys.path.insert(0, HERE + "/firmware")
sys.path.insert(0, ROOT + "/firmware")
sys.path.append(ROOT + "/host_tools")   # the simulated board and its stand-ins


def _remove_tree(path):
    from tileclock_host.boards.simboard import remove_tree     # (names that aren't UTF-8 too)
    remove_tree(path)


def _flash_folders():
    """A folder of this run for the simulated boards' flash folders
    (tileclock_host.boards.simboard reads TILECLOCK_SIM_TMP), or None if the caller
    gave one."""
    if os.getenv("TILECLOCK_SIM_TMP"):
        return None
    token = ""
    for b in os.urandom(6):
        token += "%02x" % b
    path = "/tmp/tileclock-tests-" + token
    os.mkdir(path)
    os.putenv("TILECLOCK_SIM_TMP", path)
    return path


def _forget(names):
    if names:
        from tileclock.modules import forget
        forget(names)


def _capture():
    """Keep what the test prints from here on: a fresh buffer."""
    out = io.StringIO()

    def captured(*args, **kwargs):
        if "file" not in kwargs:
            kwargs["file"] = out
        _print(*args, **kwargs)

    builtins.print = captured
    start = sys.modules.get("tileclock.start")
    if start is not None:
        start.console = out
    return out


def _release():
    builtins.print = _print
    start = sys.modules.get("tileclock.start")
    if start is not None:
        start.console = None


def main(only):
    folder = _flash_folders()
    try:
        return _run(only)
    finally:
        if folder is not None:
            os.unsetenv("TILECLOCK_SIM_TMP")
            _remove_tree(folder)


def _intern_the_firmware():
    # Every firmware module imported once and dropped again, first: their
    # names go into the qstr pools now, while the heap is whole, as a box
    # that loads its screens over an evening has them. Without it a pool's
    # next step (a block of several KB) fell due in the middle of some
    # test, in a heap the tests before had left in holes: a MemoryError
    # that moved from test to test with any change of size.
    before = set(sys.modules)
    for path in _modules(ROOT + "/firmware/tileclock", "tileclock"):
        try:
            __import__(path)
        except ImportError:
            pass            # (a module for another board: machine, keypad ...)
        _forget([name for name in sys.modules if name not in before])
        gc.collect()


def _modules(folder, package):
    out = [package]
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py") and name != "__init__.py":
            out.append(package + "." + name[:-3])
        elif "." not in name and name != "__pycache__":
            try:
                os.stat(folder + "/" + name + "/__init__.py")
            except OSError:
                continue
            out += _modules(folder + "/" + name, package + "." + name)
    return out


def _run(only):
    passed = failed = 0
    _intern_the_firmware()
    loaded_before = set(sys.modules)
    names = sorted(n for n in os.listdir(HERE + "/firmware") if n.startswith("test_") and n.endswith(".py"))
    for filename in names:
        modname = filename[:-3]
        if only and modname not in only:
            continue
        try:
            module = __import__(modname)
        except Exception as e:
            failed += 1
            print("FAIL import", modname, repr(e))
            continue
        kept = set(sys.modules)     # what the test file imports at its top
        for attr in sorted(dir(module)):
            fn = getattr(module, attr)
            if attr.startswith("test_") and callable(fn):
                # Each test starts as a boot does: without the modules the
                # tests before it loaded on the way (their code in holes
                # across the heap), on a collected heap.
                _forget([name for name in sys.modules if name not in kept])
                gc.collect()
                out = _capture()
                try:
                    fn()
                    passed += 1
                except Exception as e:
                    _release()
                    failed += 1
                    print("FAIL", modname + "." + attr, repr(e))
                    sys.print_exception(e)
                    said = out.getvalue()
                    if said:
                        print("-- what it printed:")
                        print(said, end="" if said.endswith("\n") else "\n")
                        print("--")
                _release()
                out = None
        # A Pico-sized heap can't hold every test module and everything they
        # import at once: unload this file's modules before the next one.
        module = fn = None
        for name in list(sys.modules):
            if name not in loaded_before:
                del sys.modules[name]
        gc.collect()
    print("%d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    _args = sys.argv[1:]
    if _args[:1] == ["--mpy"]:
        sys.path.insert(0, _args[1])    # before the sources: its tileclock package wins
        _args = _args[2:]
    sys.exit(1 if main(_args) else 0)
