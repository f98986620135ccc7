# Who may write the CIRCUITPY drive: CircuitPython lets either the computer
# (over USB) or the code write it, never both. The box keeps its journal on
# it, so boot.py gives it to the code, unless seat 1 is held at power-on:
# then the computer can edit the files (edit mode), as Adafruit's guides do
# it, and the clock runs without saving (it says so on its screen).
try:
    import board
    import digitalio
    import storage
except ImportError:             # CPython: the tests hand in stand-ins (choose's `hw`)
    board = digitalio = storage = None

SEAT = 0            # seat 1, the first of board_config.SEAT_PINS


def seat_held(config):
    """Whether seat 1's button is down now (its pin pulled up, pressed: 0)."""
    pin = digitalio.DigitalInOut(getattr(board, "GP%d" % config.SEAT_PINS[SEAT]))
    try:
        pin.switch_to_input(pull=digitalio.Pull.UP)
        return not pin.value
    finally:
        pin.deinit()


def choose(config, hw=None):
    """At boot (boot.py): remount the drive writable for the code unless
    seat 1 is held. Returns 'play' or 'edit'. `hw`: stand-ins for board,
    digitalio and storage, by name (the host tests)."""
    if hw is not None:
        globals().update(hw)
    if seat_held(config):
        return "edit"
    storage.remount("/", readonly=False)
    return "play"
