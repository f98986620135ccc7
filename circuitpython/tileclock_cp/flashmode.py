# Who may write the CIRCUITPY drive: CircuitPython lets either the computer
# (over USB) or the code write it, never both. The box keeps its journal on
# it, so boot.py gives it to the code, unless seat 1 is held at power-on:
# then the computer can edit the files (edit mode), as Adafruit's guides do
# it, and the clock runs without saving (it says so on its screen).
SEAT = 0            # seat 1, the first of board_config.SEAT_PINS


def seat_held(hw, config):
    """Whether seat 1's button is down now (its pin pulled up, pressed: 0)."""
    digitalio = hw["digitalio"]
    pin = digitalio.DigitalInOut(getattr(hw["board"], "GP%d" % config.SEAT_PINS[SEAT]))
    try:
        pin.switch_to_input(pull=digitalio.Pull.UP)
        return not pin.value
    finally:
        pin.deinit()


def choose(hw, config):
    """At boot (boot.py): remount the drive writable for the code unless
    seat 1 is held. Returns 'play' or 'edit'."""
    if seat_held(hw, config):
        return "edit"
    hw["storage"].remount("/", readonly=False)
    return "play"
