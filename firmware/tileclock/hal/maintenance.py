# The one-shot maintenance handshake: how `tileclock deploy` and `tileclock
# pull` get a board whose watchdog is on to a free REPL, with nobody holding
# a button (hardware/README.md, "Watchdog and safe mode").
#
# The RP2040's watchdog can't be stopped once started, and mpremote stops the
# clock's loop (Ctrl-C) to work at the REPL, where nothing feeds it. So:
#
#   1. the host runs request(root) on the board: it writes the flag file
#      ROOT/maintenance and answers "reset" (or "safe": this boot is safe mode
#      already; "free": no main.py, or WATCHDOG_MS = 0: nothing to fear);
#   2. the host resets the board (mpremote reset); at boot, make_board() takes
#      the flag (take(): removed, so it works once) and the board starts in
#      safe mode: no watchdog, no app, the REPL free;
#   3. when the port answers again, the host runs status(root) (and removes
#      a flag that nothing took), does its work, and resets the board: the
#      clock comes back with its watchdog on.
#
# The host sends this file's text to the board and calls one function of it
# (the board may have an older tileclock, or none yet), so it imports nothing
# of tileclock and never `machine`, and keeps to MicroPython and CPython.
import os
import sys

FLAG = "maintenance"
MARK = "TCMAINT "       # the host looks for this at the start of a line
# Why this boot is in safe mode ("seat 1", "maintenance"), or None; main.py
# sets it, request() and status() read it through sys.modules.
safe = None


def flag_path(root="/"):
    return (root if root.endswith("/") else root + "/") + FLAG


def take(root="/"):
    """At boot: True if the host asked for safe mode. The flag is removed,
    so the request holds for this boot only."""
    try:
        os.remove(flag_path(root))
        return True
    except OSError:
        return False


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _safe_now():
    mod = sys.modules.get("tileclock.hal.maintenance")
    return getattr(mod, "safe", None) if mod is not None else None


def _watchdog_ms():
    """board_config.WATCHDOG_MS on the board, or None if it can't be read."""
    try:
        import board_config
        return getattr(board_config, "WATCHDOG_MS", 0)
    except Exception:   # noqa: BLE001 - no config, or a broken one: unknown
        return None


def _say(word):
    print(MARK + word)
    return word


def request(root="/"):
    """The host's first word with the board, which has just been interrupted
    (Ctrl-C). Returns (and prints after MARK) "safe", "free" or "reset"."""
    if _safe_now():
        return _say("safe")
    if not _exists((root if root.endswith("/") else root + "/") + "main.py") or _watchdog_ms() == 0:
        return _say("free")
    f = open(flag_path(root), "w")
    try:
        f.write("safe mode at the next boot, once (tileclock deploy/pull)\n")
    finally:
        f.close()
    return _say("reset")


def status(root="/"):
    """The host's word after the reset: "safe" (the board took the flag),
    "app" (the clock started with its watchdog on: this firmware doesn't know
    the flag) or "free" (no app ran; a flag nothing took is removed now)."""
    left = take(root)
    if _safe_now():
        word = "safe"
    elif "tileclock.app" in sys.modules and _watchdog_ms() != 0:
        word = "app"
    else:
        word = "free"
    return _say(word + (" flag" if left else ""))


def show_safe_mode(display, reason):
    """Say on the display that the box is in safe mode (no clock)."""
    display.fill(0)
    display.text("tileclock", 0, 0, 1)
    display.text("SAFE MODE", 0, 16, 1)
    display.text("for deploy/pull" if reason == "maintenance" else "seat 1 held", 0, 28, 1)
    display.text("no clock, no", 0, 44, 1)
    display.text("watchdog: replug", 0, 54, 1)
    display.show()
