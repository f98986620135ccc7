# tileclock: the game clock and score keeper for speed word games.
#
# The firmware's modules take `const` from MicroPython's own module (it
# folds their constants into the bytecode). CPython (the simulator, the
# tests, the host tools) has no such module: this package, imported before
# any of its modules, stands one in whose const gives the value back.
try:
    import micropython  # noqa: F401
except ImportError:
    import sys

    class _MicroPython:   # a module's stand-in: `from micropython import const` reads its attribute
        @staticmethod
        def const(x):
            return x

    sys.modules["micropython"] = _MicroPython  # pyright: ignore[reportArgumentType]
