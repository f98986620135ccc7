# The file operations the store uses, in one thin layer over `os`, so the host
# can swap in an in-memory file system that counts flash writes or records
# every write for fault injection (tileclock_host.boards.fsmodel). Only paths with
# "/" separators; `open` returns an ordinary file object.
#
# Below it, the files every store module reads or writes (docs/journal.md):
# the journal's file names, an evening's name and CRC seed, a record, a
# checked text file (written, checked, read back), a copy, a file set aside.
# Here rather than in store/journal.py so that the modules split out of it
# (scan, recover, reader, archive, folds) need not import it back, and in
# this module rather than one of their own so the boot loads one module
# fewer.
import os

from micropython import const

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
        """Bytes free on the file system holding `path` (os.statvfs: block
        size times free blocks), at most the flash's size; None if the port
        can't tell, -1 if its count can't be true. LittleFS counts the
        blocks in use by walking the file system (lfs_fs_traverse, "best
        effort": a block reached twice counts twice), and MicroPython's
        f_bfree is block_count minus that count (extmod/vfs_lfsx.c),
        unsigned: past the flash's size it wraps, to 4 billion blocks on a
        64-bit port (17 TB of 4 KB blocks) and below 0 in the Pico's 31-bit
        small int. Such a figure says nothing of the room left: nothing is
        pruned or skipped on it (store/archive.prune, Journal._room_for)."""
        try:
            st = os.statvfs(path)
        except (AttributeError, OSError):
            return None
        if st[3] < 0 or st[3] > st[2]:
            return -1
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


# -- the store's files ------------------------------------------------------

_ENOSPC = const(28)          # errno of a full file system
SNAP = "snap.txt"
SNAP_TMP = "snap.tmp"
SNAP2 = "snap2.txt"          # the snapshot's second copy
SNAP2_TMP = "snap2.tmp"
MARKER = "evening-"
SNAP_HEAD = "# tileclock snapshot"
FOLD_HEAD = "# tileclock fold"     # (store/folds.py reads the fold book)
BOOKS = ("folds.txt", "folds2.txt")
END = b"# end "
PLAYERS = "players "        # a fold entry's line of the table's players (store/foldwrite.py)
PIECE = const(256)          # lines are read in pieces of this: no big allocation
_BITE = const(64)           # read_line's piece: longer than most records
_SHORT_NAME = const(64)      # a longer name is set aside as stray.bad-N (LittleFS: 255 at most)
LEGACY = "00000000"          # journals written before evenings had a name: CRC from 0
EVENING_HEAD = "# tileclock evening"     # a finished evening's file, games/NNNN.txt


def random_bytes(n):
    """n bytes from the hardware's random source (os.urandom), or on a port
    without one (the WebAssembly port of the web page) from `random`, which
    such a port seeds at start."""
    try:
        from os import urandom
    except ImportError:
        import random
        return bytes(random.getrandbits(8) for _ in range(n))
    return urandom(n)


def new_evening(source=random_bytes):
    """A new evening's name: 8 hex digits from `source` (n -> n bytes)."""
    name = ""
    for b in source(4):
        name += "%02x" % b
    return "00000001" if name == LEGACY else name


def seed_of(evening):
    return int(evening, 16)


def record(seq, text, seed):
    """One journal record, with its newline, as bytes."""
    body = ("%d %s" % (seq, text)).encode()
    return body + (" *%08x\n" % crc32(body, seed)).encode()


def segment_name(number):
    return "j%04d.log" % number


def fold_name(number):
    """A fold file of a journal from before the fold book."""
    return "f%04d.txt" % number


def is_bad_name(name):
    return not isinstance(name, str) or ".bad-" in name


def is_full(error):
    """True if OSError `error` says the file system is full."""
    return bool(error.args) and error.args[0] == _ENOSPC


def write_text_file(fs, path, head, lines, seed):
    """Write `head` (its first line a header, then `game KIND`) and `lines`
    (an iterable of str) to `path`, then an end line `# end COUNT CRC`:
    COUNT the lines after the header, the CRC of every line from `seed`.
    The file is closed before return."""
    f = fs.open(path, "wb")
    try:
        write_entry(f, head, lines, seed)
    finally:
        f.close()


def write_entry(f, head, lines, seed):
    """Write `head` (its header line, then `game KIND`), `lines` (an iterable
    of str) and the end line `# end COUNT CRC` to the open file `f`."""
    data = (head + "\n").encode()
    f.write(data)
    crc = crc32(data, seed)
    count = head.count("\n")
    for line in lines:
        data = (line + "\n").encode()
        f.write(data)
        crc = crc32(data, crc)
        count += 1
    f.write(END + ("%d %08x\n" % (count, crc)).encode())


def copy_file(fs, source, target):
    """Copy `source` to `target` a piece at a time."""
    f = fs.open(source, "rb")
    try:
        g = fs.open(target, "wb")
        try:
            while True:
                piece = f.read(PIECE)
                if not piece:
                    break
                g.write(piece)
        finally:
            g.close()
    finally:
        f.close()


def check_text_file(fs, path, seed, start=0):
    """None if `path` (from byte `start`: the last entry of a fold book) is
    whole and its CRC checks from `seed`, else a short reason. Reads at
    most PIECE bytes at a time (a long line in pieces): a damaged file
    with no line end in it allocates no more."""
    try:
        f = fs.open(path, "rb")
    except OSError:
        return "unreadable"
    try:
        if start:
            f.seek(start)
        crc = seed
        count = -1
        start = True        # at the start of a line
        while True:
            raw = f.readline(PIECE)
            if not raw:
                return "cut short"
            if start and raw.startswith(END):
                if raw[-1:] != b"\n":
                    return "cut short"
                words = raw.split()
                if len(words) != 4 or not words[2].isdigit() or int(words[2]) != count:
                    return "bad checksum"
                try:
                    if int(words[3], 16) != crc:
                        return "bad checksum"
                except ValueError:
                    return "bad checksum"
                return "bad checksum" if f.read(1) else None
            crc = crc32(raw, crc)
            start = raw[-1:] == b"\n"
            if start:
                count += 1
    except OSError:
        return "unreadable"
    finally:
        f.close()


def is_action(line):
    """A fold entry's line that is an action: not a round the fold closed
    (`sheet`, `part`) nor the table's players. The device's recovery and
    the host's reader both ask here."""
    return not (line.startswith("sheet ") or line.startswith("part ") or line.startswith(PLAYERS))


def read_line(f, limit):
    """The next line of `f` with its newline, at most `limit` bytes of it
    (b"" at the end), read in bites. MicroPython's readline(n) allocates n
    bytes before it reads one: after a long evening's replay the heap has
    plenty of small free blocks and perhaps no 1 KB one, and a record read
    with readline(1024) failed there. (On the Pico the open file brings
    LittleFS's 1 KB cache: the read asks for no second such block.)"""
    raw = f.readline(min(_BITE, limit))
    while len(raw) < limit and len(raw) % _BITE == 0 and raw and raw[-1:] != b"\n":
        more = f.readline(min(_BITE, limit - len(raw)))
        if not more:
            break
        raw += more
    return raw


def text_lines(fs, path, start=0):
    """The lines of a file check_text_file() passed (from byte `start`: an
    entry of a fold book), after its header and `game KIND` line, one at a
    time as str."""
    f = fs.open(path, "rb")
    try:
        if start:
            f.seek(start)
        f.readline()
        f.readline()
        while True:
            raw = f.readline()
            if not raw or raw.startswith(END):
                return
            yield raw[:-1].decode()
    finally:
        f.close()


def move_aside(fs, path):
    """Rename `path` to path.bad-N (the first free N): kept for the host,
    out of the journal's way. A name that isn't UTF-8 (bytes, fs.join) or
    too long to take the suffix becomes stray.bad-N in its folder."""
    if isinstance(path, str):
        cut = path.rfind("/")
        folder, name = path[:cut], path[cut + 1:]
    else:
        cut = path.rfind(b"/")
        folder, name = path[:cut].decode(), None
    base = path if name is not None and len(name) <= _SHORT_NAME else folder + "/stray"
    k = 1
    while fs.size(base + ".bad-%d" % k) >= 0 or fs.isdir(base + ".bad-%d" % k):
        k += 1
    fs.rename(path, base + ".bad-%d" % k)
