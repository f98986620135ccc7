# The board on USB, as the commands that talk to it (deploy, pull) see it
# before and after they run mpremote: how many USB serial ports there are,
# whether a port can be a board at all, and mpremote's "no board" answer.
import os

PROBE_SECONDS = 15      # a board answers a one-line exec in a second or two; a silent port fails in this


def usb_boards():
    """How many USB serial ports there are, as mpremote's `connect auto`
    counts them (pyserial's list, ports with a USB vendor and product id);
    None if pyserial can't say."""
    try:
        from serial.tools import list_ports
        return sum(1 for p in list_ports.comports() if p.vid is not None and p.pid is not None)
    except Exception:
        return None


def no_board(said):
    return "no device found" in said


def port_problem(port):
    """Why `port` can't be a board, when that shows without opening it; else None."""
    if port != "auto" and ("/" in port or "\\" in port) and not os.path.exists(port):
        return "no such port: is the board plugged in? (`mpremote connect list` lists the ports)"
    return None
