# Freezes tileclock into a custom MicroPython build for the Pico:
#     make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/tileclock/firmware/manifest.py
# Frozen bytecode runs from flash, so the heap holds only the game's data
# (about 25 KB on the 64-bit unix port, see bench/mpy_app.py) instead of the
# code as well (about 110 KB there when loaded from .mpy files). main.py and
# board_config.py stay on the file system, where they can be edited.
include("$(PORT_DIR)/boards/manifest.py")
package("tileclock")
