# Cells on the simulated board (a sim script's `battery KIND CELLS`): what
# its supply pins read, which the script's `battery VOLTS` and `usb on|off`
# set, behind the firmware's own hal/battery.py. A module of its own, loaded
# only by a board with cells: the simulator shares the heap with the device
# on the MicroPython unix port, and every line of it there is room the
# firmware's tests don't get.
from tileclock.hal.battery import KINDS, Battery

DIODE_MV = 250      # board_config's BATTERY_DIODE_MV default: a Schottky diode into VSYS


class Supply:
    """What the pins read: VSYS in mV (fresh cells to begin with) and USB."""

    def __init__(self, kind, cells):
        self.vsys_mv = cells * KINDS[kind][0] - DIODE_MV
        self.usb = False

    def read_mv(self):
        return self.vsys_mv

    def plugged(self):
        return self.usb


def make(battery, supply=None):
    """(supply, Battery) for `battery` (KIND, CELLS); `supply` carried over
    from the board before a reboot: the same cells, as drained as they were."""
    if supply is None:
        supply = Supply(battery[0], battery[1])
    return supply, Battery(supply.read_mv, supply.plugged, battery[0], battery[1], DIODE_MV)
