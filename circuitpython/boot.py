# CircuitPython runs this once at power-on, before code.py: the CIRCUITPY
# drive is the clock's (its journal and settings) unless seat 1 is held,
# when the computer may edit the files instead (tileclock_cp/flashmode.py).
import board_config
from tileclock_cp.flashmode import choose

print("tileclock: %s mode" % choose(board_config))
