# The file operations the store uses, in one thin layer over `os`, so the host
# can swap in an in-memory file system that counts flash writes or records
# every write for fault injection (tileclock_host.boards.fsmodel). Only paths with
# "/" separators; `open` returns an ordinary file object.
import os

_replace = getattr(os, "replace", os.rename)  # CPython on Windows: rename won't replace
_EEXIST = 17        # errno: what FAT's rename says of a file in the way

try:
    from binascii import crc32 as _crc32
except ImportError:  # a port built without it
    _crc32 = None


def _crc32_slow(data, crc=0):
    # Bitwise CRC-32 (zlib's polynomial): about 8 loops a byte, fine for records.
    crc ^= 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 & -(crc & 1))
    return crc ^ 0xFFFFFFFF


def join(folder, name):
    """folder/name; bytes when `name` is (a name that isn't UTF-8)."""
    if isinstance(name, str):
        return folder + "/" + name
    return folder.encode() + b"/" + name


def crc32(data, crc=0):
    """zlib's CRC-32 of bytes `data`, continuing from `crc`."""
    if _crc32 is None:
        return _crc32_slow(data, crc)
    return _crc32(data, crc) & 0xFFFFFFFF


class FS:
    """The real file system (LittleFS on the Pico, the host's on a laptop)."""

    def open(self, path, mode):
        return open(path, mode)

    def listdir(self, path):
        """Names in folder `path`; [] when it does not exist. A name that
        isn't UTF-8 comes as bytes (MicroPython's listdir raises on it; the
        callers set such a file aside by join()'s bytes path)."""
        try:
            return os.listdir(path)
        except OSError:
            return []
        except UnicodeError:
            pass
        try:
            raw = os.listdir(path.encode())
        except OSError:
            return []
        names = []
        for name in raw:
            try:
                names.append(name.decode())
            except UnicodeError:
                names.append(name)
        return names

    def free(self, path):
        """Bytes free on the file system holding `path`, or None if the port
        can't tell (os.statvfs: block size times free blocks)."""
        try:
            st = os.statvfs(path)
        except (AttributeError, OSError):
            return None
        return st[0] * st[3]

    def size(self, path):
        """Size in bytes of file `path`, or -1 when there is no such file (a
        folder is not one)."""
        try:
            st = os.stat(path)
        except OSError:
            return -1
        return -1 if st[0] & 0x4000 else st[6]

    def isdir(self, path):
        try:
            return os.stat(path)[0] & 0x4000 != 0
        except OSError:
            return False

    def mkdir(self, path):
        try:
            os.mkdir(path)
        except OSError:
            if not self.isdir(path):
                raise

    def rename(self, old, new):
        """Atomic on LittleFS; replaces `new` if it exists. On FAT (the
        CIRCUITPY drive of CircuitPython) a rename onto a file fails: that
        file is removed first. A power cut between the two leaves the whole
        temporary file alone, which recovery takes (the snapshot's snap.tmp,
        settings.tmp: docs/journal.md)."""
        try:
            _replace(old, new)
        except OSError as e:
            if e.args[0] != _EEXIST or self.size(new) < 0 or self.size(old) < 0:
                raise           # not the FAT case: no file there refusing to be replaced
            os.remove(new)
            os.rename(old, new)

    def remove(self, path):
        os.remove(path)

    def rmdir(self, path):
        os.rmdir(path)
