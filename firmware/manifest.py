# Freezes tileclock into a custom MicroPython build for the Pico:
#     make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/tileclock/firmware/manifest.py
# Frozen bytecode, constants and qstrs live in flash; function and class
# objects and module dicts are still built in RAM at import. Loaded from .mpy
# files instead, the modules of a running game take about 96 KB of heap on
# the 64-bit unix port beside about 27 KB of data (make bench,
# bench/mpy_app.py). main.py and board_config.py stay on the file system,
# where they can be edited.
include("$(PORT_DIR)/boards/manifest.py")  # noqa: F821 (names the build provides)
package("tileclock")  # noqa: F821
