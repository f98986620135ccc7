# A flash chip for the benches that mount MicroPython's LittleFS 2
# (vfs.VfsLfs2) as the rp2 port mounts the Pico's flash: 352 blocks of
# 4 KB, programmed a 256-byte page at a time. The geometry is MicroPython's:
# ports/rp2/modules/_boot.py mounts rp2.Flash() as VfsLfs2 with
# progsize=256, and ports/rp2/boards/RPI_PICO/mpconfigboard.h gives it
# MICROPY_HW_FLASH_STORAGE_BYTES = 1408 * 1024 (352 blocks of 4 KB) of the
# Pico's 2 MB.
import os
from array import array

BLOCK = 4096
PAGE = 256            # erased bytes are written a page at a time
PAGES = BLOCK // PAGE
BLOCKS = 352          # the Pico's 1408 KB file system


class Flash:
    """A flash chip for VfsLfs2 in a file on the host's disk (not in the
    heap, where the blocks LittleFS has programmed would take more room
    than the journal), counting block erases and programmed bytes."""

    def __init__(self, blocks, path):
        self.count = blocks
        self.path = path
        self.ff = b"\xff" * PAGE
        self.f = open(path, "w+b")
        self.wear = array("I", bytes(4 * blocks))     # erases per block
        self.reset()

    def reset(self):
        """A new chip: every block erased, nothing counted."""
        self.f.seek(0)
        for _ in range(self.count * PAGES):
            self.f.write(self.ff)
        for n in range(self.count):
            self.wear[n] = 0
        self.erases = 0
        self.programmed = 0

    def close(self):
        self.f.close()
        os.remove(self.path)

    def readblocks(self, n, buf, off=0):
        self.f.seek(n * BLOCK + off)
        self.f.readinto(buf)

    def writeblocks(self, n, buf, off=None):
        if off is None:
            self.ioctl(6, n)
            off = 0
        self.f.seek(n * BLOCK + off)
        self.f.write(buf)
        self.programmed += len(buf)

    def ioctl(self, op, arg):
        if op == 4:
            return self.count
        if op == 5:
            return BLOCK
        if op == 6:
            self.erases += 1
            self.wear[arg] += 1
            self.f.seek(arg * BLOCK)
            for _ in range(PAGES):
                self.f.write(self.ff)
        return 0


def flash_path():
    # a name of its own: the tests run benches side by side
    name = "tileclock-bench-flash-"
    for b in os.urandom(4):
        name += "%02x" % b
    return (os.getenv("TMPDIR") or "/tmp") + "/" + name
