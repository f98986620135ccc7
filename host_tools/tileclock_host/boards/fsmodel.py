# File systems for tests and benchmarks (never imported on the device):
#
#   MemFS       an in-memory file system with the FS interface; every byte
#               written is "on flash" at once (a stricter model than LittleFS,
#               where nothing counts until close).
#   CountingFS  wraps an FS and counts flash block writes under a LittleFS model.
#   Recorder    wraps an FS and records every operation, so a test can replay
#               the stream cut at any byte (power cut) with `replay`.
#
# The LittleFS model (CountingFS), for the Pico's MicroPython (4 KB blocks,
# prog size 256, so files up to 512 bytes are stored inline in metadata):
#   - closing a file written to costs one metadata commit; a file that ends
#     larger than INLINE_MAX also rewrites every 4 KB data block the write
#     touched, the old partial last block included (copy-on-write);
#   - rename, remove, rmdir: one metadata commit; mkdir: a new metadata pair
#     (2 blocks) and one commit;
#   - "block writes" counts each data block and each metadata commit as one
#     4 KB erase+program. That overstates metadata commits, which append to
#     the directory's log and erase only when it compacts: bench/mpy_journal.py
#     measures the real LittleFS too.
import sys

if sys.implementation.name == "cpython":
    from io import BytesIO as _BytesIO     # fast, and CPython's heap is no concern
else:
    _BytesIO = None

BLOCK = 4096
INLINE_MAX = 512


def _enoent(path):
    return OSError(2, "no such file: " + path)


class _File:
    """What the stand-in files share: `with` closes them."""

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class _MemWriter(_File):
    def __init__(self, fs, path):
        self._fs = fs
        self._path = path

    def write(self, data):
        fs = self._fs
        if fs.capacity is not None and fs.used() + len(data) > fs.capacity:
            raise OSError(28, "no space left (MemFS of %d bytes)" % fs.capacity)
        fs.files[self._path].extend(data)
        return len(data)

    def flush(self):
        pass


class _MemReader(_File):
    # Reads straight from the stored bytearray: no copy of the whole file,
    # so tests on MicroPython's small heap read big files too.
    def __init__(self, data):
        self._data = data
        self._pos = 0

    def tell(self):
        return self._pos

    def seek(self, pos, whence=0):
        self._pos = max(0, pos + (0, self._pos, len(self._data))[whence])
        return self._pos

    def read(self, n=-1):
        end = len(self._data) if n is None or n < 0 else min(self._pos + n, len(self._data))
        chunk = bytes(self._data[self._pos:end])
        self._pos = end
        return chunk

    def readline(self, limit=-1):
        end = self._data.find(b"\n", self._pos)
        n = -1 if end < 0 else end + 1 - self._pos
        if limit is not None and limit >= 0 and (n < 0 or n > limit):
            n = limit
        return self.read(n)


class MemFS:
    """Files and folders in a dict. With `capacity` (bytes), a write that
    would take the files past it fails with ENOSPC, as a full flash does,
    and free() says the room left (None without: a port that can't tell)."""

    def __init__(self, capacity=None):
        self.files = {}
        self.dirs = set([""])
        self.capacity = capacity

    def used(self):
        total = 0
        for data in self.files.values():
            total += len(data)
        return total

    def free(self, path):
        return None if self.capacity is None else self.capacity - self.used()

    def copy(self):
        other = MemFS(self.capacity)
        for path in self.files:
            other.files[path] = bytearray(self.files[path])
        other.dirs = set(self.dirs)
        return other

    def _parent(self, path):
        return path[:path.rfind("/")] if "/" in path else ""

    def _need_parent(self, path):
        if self._parent(path) not in self.dirs:
            raise _enoent(self._parent(path))

    def open(self, path, mode):
        if "r" in mode:
            if path not in self.files:
                raise _enoent(path)
            if _BytesIO is not None:
                return _BytesIO(bytes(self.files[path]))
            return _MemReader(self.files[path])
        self._need_parent(path)
        if path in self.dirs:
            raise OSError(21, "is a folder: " + path)
        data = self.files.get(path)
        if data is None:
            self.files[path] = bytearray()
        elif "w" in mode:
            # emptied in place: a file rewritten often (the marker's count)
            # keeps its buffer instead of leaving holes in a small heap
            data[:] = b""
        return _MemWriter(self, path)

    def listdir(self, path):
        if path not in self.dirs:
            return []
        prefix = path + "/"
        names = []
        for full in list(self.files) + list(self.dirs):
            if full.startswith(prefix) and "/" not in full[len(prefix):]:
                names.append(full[len(prefix):])
        return names

    def size(self, path):
        return len(self.files[path]) if path in self.files else -1

    def isdir(self, path):
        return path in self.dirs

    def mkdir(self, path):
        if path in self.files:
            raise OSError(17, "exists: " + path)
        self._need_parent(path)
        self.dirs.add(path)

    def rename(self, old, new):
        if old in self.files:
            if new in self.dirs:
                raise OSError(21, "is a folder: " + new)
            self._need_parent(new)
            self.files[new] = self.files.pop(old)
            return
        if old not in self.dirs:
            raise _enoent(old)
        if new in self.files or self.listdir(new):
            raise OSError(39, "not empty: " + new)
        self._need_parent(new)
        old_prefix = old + "/"
        for key in list(self.files):
            if key.startswith(old_prefix):
                self.files[new + key[len(old):]] = self.files.pop(key)
        for key in list(self.dirs):
            if key == old or key.startswith(old_prefix):
                self.dirs.remove(key)
                self.dirs.add(new + key[len(old):])

    def remove(self, path):
        if path not in self.files:
            raise _enoent(path)
        del self.files[path]

    def rmdir(self, path):
        if path not in self.dirs:
            raise _enoent(path)
        if self.listdir(path):
            raise OSError(39, "not empty: " + path)
        self.dirs.remove(path)


class _Wrapped:
    """Passes every call to the wrapped FS."""

    def __init__(self, fs):
        self.fs = fs

    def listdir(self, path):
        return self.fs.listdir(path)

    def free(self, path):
        return self.fs.free(path)

    def size(self, path):
        return self.fs.size(path)

    def isdir(self, path):
        return self.fs.isdir(path)


class _CountingFile(_File):
    def __init__(self, owner, path, f, start):
        self._owner = owner
        self._path = path
        self._f = f
        self._start = start      # size when opened (0 for "wb")
        self._written = 0

    def write(self, data):
        self._written += len(data)
        return self._f.write(data)

    def flush(self):
        self._f.flush()

    def close(self):
        self._f.close()
        self._owner._closed(self._path, self._start, self._written)


class CountingFS(_Wrapped):
    """Counts what the LittleFS model above would write to flash."""

    def __init__(self, fs):
        _Wrapped.__init__(self, fs)
        self.reset()

    def reset(self):
        self.bytes_written = 0     # payload bytes handed to write()
        self.data_blocks = 0       # 4 KB data blocks (re)written
        self.meta_commits = 0      # metadata commits
        self.opens = 0

    @property
    def block_writes(self):
        return self.data_blocks + self.meta_commits

    def figures(self):
        return (self.bytes_written, self.data_blocks, self.meta_commits)

    def open(self, path, mode):
        f = self.fs.open(path, mode)
        if "r" in mode:
            return f
        self.opens += 1
        start = 0 if "w" in mode else max(self.fs.size(path), 0)
        return _CountingFile(self, path, f, start)

    def _closed(self, path, start, written):
        self.bytes_written += written
        self.meta_commits += 1
        end = start + written
        if end > INLINE_MAX and written:
            first = start // BLOCK if start > INLINE_MAX else 0
            self.data_blocks += (end - 1) // BLOCK - first + 1

    def mkdir(self, path):
        if not self.fs.isdir(path):
            self.data_blocks += 2
            self.meta_commits += 1
        self.fs.mkdir(path)

    def rename(self, old, new):
        self.meta_commits += 1
        self.fs.rename(old, new)

    def remove(self, path):
        self.meta_commits += 1
        self.fs.remove(path)

    def rmdir(self, path):
        self.meta_commits += 1
        self.fs.rmdir(path)


class _RecordingFile(_File):
    def __init__(self, owner, path, f):
        self._owner = owner
        self._path = path
        self._f = f

    def write(self, data):
        self._owner.ops.append(("write", self._path, bytes(data)))
        return self._f.write(data)

    def flush(self):
        self._f.flush()

    def close(self):
        self._f.close()


class Recorder(_Wrapped):
    """Records every change as an op tuple in `ops`, in order."""

    def __init__(self, fs):
        _Wrapped.__init__(self, fs)
        self.ops = []

    def open(self, path, mode):
        f = self.fs.open(path, mode)
        if "r" in mode:
            return f
        self.ops.append(("create" if "w" in mode else "touch", path))
        return _RecordingFile(self, path, f)

    def mkdir(self, path):
        if not self.fs.isdir(path):
            self.ops.append(("mkdir", path))
        self.fs.mkdir(path)

    def rename(self, old, new):
        self.ops.append(("rename", old, new))
        self.fs.rename(old, new)

    def remove(self, path):
        self.ops.append(("remove", path))
        self.fs.remove(path)

    def rmdir(self, path):
        self.ops.append(("rmdir", path))
        self.fs.rmdir(path)


def apply(fs, op, length=None):
    """Apply one recorded op to `fs`; a write only its first `length` bytes."""
    kind = op[0]
    if kind == "write":
        data = op[2] if length is None else op[2][:length]
        f = fs.open(op[1], "ab")
        f.write(data)
        f.close()
    elif kind == "create":
        fs.open(op[1], "wb").close()
    elif kind == "touch":
        fs.open(op[1], "ab").close()
    elif kind == "mkdir":
        fs.mkdir(op[1])
    elif kind == "rename":
        fs.rename(op[1], op[2])
    elif kind == "remove":
        fs.remove(op[1])
    elif kind == "rmdir":
        fs.rmdir(op[1])
    else:
        raise ValueError("unknown op " + kind)


def cut_points(ops, stride=1):
    """The power cuts in a recorded stream, as (op index, bytes of it applied).

    (i, 0): ops before i done, op i not started; (i, k) inside write i, k bytes
    of it on flash. The last point is (len(ops), 0): the whole stream. With
    `stride` 1, every byte of every write; with more, the cuts at each
    line's end (the line without its newline, and with it: where a
    reader's decisions change) and one byte in `stride` of the rest, the one
    taken moving with the op, so that every offset inside a line is cut
    somewhere in a long stream."""
    for i in range(len(ops)):
        op = ops[i]
        yield i, 0
        if op[0] != "write":
            continue
        data = op[2]
        near = set()
        if stride > 1:
            at = data.find(b"\n")
            while at >= 0:
                near.add(at)            # the line without its newline
                near.add(at + 1)        # ... and with it
                at = data.find(b"\n", at + 1)
        for k in range(1, len(data)):
            if stride == 1 or k in near or k % stride == i % stride:
                yield i, k
    yield len(ops), 0


def stream_bytes(ops):
    total = 0
    for op in ops:
        if op[0] == "write":
            total += len(op[2])
    return total
