# CPython stand-ins for MicroPython built-in modules the firmware imports.
#
# Host code that runs firmware/ on CPython (the simulator, tests, frame
# export) calls `install()` once before importing firmware modules:
#
#     from tileclock_host import shims
#     shims.install()        # adds this folder to sys.path if `import framebuf` fails
#     import framebuf        # MicroPython's own, or the pure-Python one here
#
# On MicroPython (and wherever a real framebuf exists) install() changes nothing.
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def install():
    """Make `import framebuf` work; returns True if the shims were added."""
    try:
        import framebuf  # noqa: F401
        return False
    except ImportError:
        pass
    if HERE not in sys.path:
        sys.path.append(HERE)
    return True
