# The heap a MicroPython unix port run of the firmware's sources gets.
#
# The app bench runs the firmware from its sources with the simulator (its
# board, the emulated panel, the script: about 30 KB of this 64-bit port's
# heap, which the bench reports) beside it in the heap. From .py files every
# module is compiled on the heap as it loads, and with the simulator's
# blocks in it too the sources run was a few hundred bytes from a
# MemoryError that a device running the same sources, without the
# simulator, would not meet. That run gets the simulator's room on top of
# the Pico's heap; the deployed .mpy run, whose totals are budgeted, does
# not (the bench subtracts the simulator from those figures instead). The
# tests' MicroPython runs (tests/host/test_micropython.py) and the scripted
# simulator's (tileclock sim --micropython) share their heap the same way
# and get the same room.
HARNESS = "16wK"


def harness_heap(heap):
    """heapsize=HEAP with HARNESS added ("190wK" gives "heapsize=206wK")."""
    def split(text):
        digits = text.rstrip("wKkM")
        return int(digits), text[len(digits):]
    size, unit = split(heap)
    extra, extra_unit = split(HARNESS)
    if unit != extra_unit:
        return "heapsize=" + heap       # another unit: as given
    return "heapsize=%d%s" % (size + extra, unit)
