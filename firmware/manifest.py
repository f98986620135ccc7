# Freezes tileclock into a custom MicroPython build for the Pico:
#     make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/tileclock/firmware/manifest.py
# Frozen bytecode, constants and qstrs live in flash; function and class
# objects and module dicts are still built in RAM at import. On an emulated
# RP2040 a four-player Word-Sport game's worst pass has 96 KB of heap in use
# from .mpy files and 35 KB frozen (docs/firmware-image.md). main.py and
# board_config.py stay on the file system, where they can be edited.
include("$(PORT_DIR)/boards/manifest.py")  # noqa: F821 (names the build provides)
package("tileclock")  # noqa: F821
