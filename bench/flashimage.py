# A flash chip for the benches that mount MicroPython's LittleFS 2
# (vfs.VfsLfs2) as the rp2 port mounts the Pico's flash: 352 blocks of
# 4 KB, programmed a 256-byte page at a time. The geometry is MicroPython's:
# ports/rp2/modules/_boot.py mounts rp2.Flash() as VfsLfs2 with
# progsize=256, and ports/rp2/boards/RPI_PICO/mpconfigboard.h gives it
# MICROPY_HW_FLASH_STORAGE_BYTES = 1408 * 1024 (352 blocks of 4 KB) of the
# Pico's 2 MB.
# A power cut may be armed (Flash.arm): after some more block operations the
# next program or erase is torn, done in part, and PowerCut is raised in the
# middle of it, through LittleFS and the journal; until the flash is powered
# again (power_on) every write is lost. The part is what a NOR flash cut
# mid-operation can leave: the first bytes of a program (any number of them:
# the RP2040's flash programs a 256-byte page from its buffer, byte by byte
# as far as the cut goes), the first pages of an erase. Every later write
# raises PowerCut again (a `finally` that closes a file on the way out):
# none is taken as done, which LittleFS's read-back of a commit would find
# wrong and take for a bad block.
import os
from array import array

BLOCK = 4096
PAGE = 256            # erased bytes are written a page at a time
PAGES = BLOCK // PAGE
BLOCKS = 352          # the Pico's 1408 KB file system


class PowerCut(Exception):
    """The power went in the middle of a flash operation (Flash.arm)."""


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
        self.countdown = -1     # block operations before the armed cut (-1: none armed)
        self.torn_at = 0        # how far into it the cut comes, in 1/1000 of the operation
        self.off = False        # cut: every write raises PowerCut until power_on()
        self.reset()

    def arm(self, operations, permille):
        """A power cut after `operations` more programs or erases: the next
        one is torn `permille`/1000 of the way, then PowerCut."""
        self.countdown = operations
        self.torn_at = permille

    def power_on(self):
        """The power back after a cut (or an armed cut called off)."""
        self.countdown = -1
        self.off = False

    def _cut_now(self):
        # True (the flash goes off) if this operation is the armed cut's
        if self.off or self.countdown < 0:
            return self.off
        if self.countdown > 0:
            self.countdown -= 1
            return False
        self.countdown = -1
        self.off = True
        return True

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
        if self.off:
            raise PowerCut("the power is off")
        if self._cut_now():
            torn = len(buf) * self.torn_at // 1000
            self.f.seek(n * BLOCK + off)
            self.f.write(bytes(buf[:torn]))
            raise PowerCut("program of block %d torn after %d of %d bytes" % (n, torn, len(buf)))
        self.f.seek(n * BLOCK + off)
        self.f.write(buf)
        self.programmed += len(buf)

    def ioctl(self, op, arg):
        if op == 4:
            return self.count
        if op == 5:
            return BLOCK
        if op == 6:
            if self.off:
                raise PowerCut("the power is off")
            pages = PAGES
            cut = self._cut_now()
            if cut:
                pages = PAGES * self.torn_at // 1000
            self.erases += 1
            self.wear[arg] += 1
            self.f.seek(arg * BLOCK)
            for _ in range(pages):
                self.f.write(self.ff)
            if cut:
                raise PowerCut("erase of block %d torn after %d of %d pages" % (arg, pages, PAGES))
        return 0


def flash_path():
    # a name of its own: the tests run benches side by side
    name = "tileclock-bench-flash-"
    for b in os.urandom(4):
        name += "%02x" % b
    return (os.getenv("TMPDIR") or "/tmp") + "/" + name
