# The menu's settings on flash: one line `JSON *CRC` in ROOT/settings.txt,
# written to settings.tmp, read back, and renamed over the old file (atomic on
# LittleFS). A bad file is moved aside and the defaults used; see docs/journal.md.
import json

from tileclock.store.fs import FS, crc32


def defaults(game):
    """The settings before any game's spec loads: the shared ones and
    `game`, the registry's first (a game's options get theirs when its spec
    loads, games.spec_for: the boot reads one spec, not all). A saved value
    whose type differs from its default's is dropped with a problem."""
    return {
        "game": game,
        "players": 4,
        "sound": "on",
        "sleep": 5,         # minutes untouched before the screen dims; 0: never
        "names": [],        # names[seat - 1], "" or missing: P<seat>
    }


_NAME = "/settings.txt"
_TMP = "/settings.tmp"
_MAX_SIZE = 4096


def _json(value):
    # type: (object) -> str
    # json.dumps with the keys of every dict sorted (MicroPython's json has no
    # sort_keys), so the same settings always give the same bytes.
    if isinstance(value, dict):
        parts = []
        for key in sorted(value):
            parts.append(json.dumps(str(key)) + ":" + _json(value[key]))
        return "{" + ",".join(parts) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join([_json(item) for item in value]) + "]"
    return json.dumps(value)


def _encode(values):
    body = _json(values).encode()
    return body + (" *%08x\n" % crc32(body)).encode()


def _read(fs, path):
    """The dict in settings file `path`, or a short reason why not."""
    size = fs.size(path)
    if size > _MAX_SIZE:
        return "too big"
    f = fs.open(path, "rb")
    try:
        data = f.read()
    finally:
        f.close()
    star = data.rfind(b" *")
    if star < 0 or len(data) - star != 11 or data[-1:] != b"\n":
        return "cut short"
    try:
        if int(data[star + 2:-1], 16) != crc32(data[:star]):
            return "bad checksum"
        values = json.loads(data[:star].decode())
    except (ValueError, UnicodeError):
        return "bad checksum"
    if not isinstance(values, dict):
        return "not settings"
    return values


def _copy(value):
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, list):
        return list(value)
    return value


def load(root, defaults, fs=None):
    """(settings, problems): the saved values over `defaults`."""
    fs = fs or FS()
    problems = []
    values = {}
    for key in defaults:
        values[key] = _copy(defaults[key])
    path = root + _NAME
    tmp = root + _TMP
    if fs.size(tmp) >= 0:
        saved = _read(fs, tmp)
        if isinstance(saved, dict):
            fs.rename(tmp, path)        # the save was cut just before its rename
        else:
            fs.remove(tmp)              # cut while writing: the old file stands
    if fs.size(path) < 0:
        return values, problems
    saved = _read(fs, path)
    if not isinstance(saved, dict):
        problems.append("settings: %s, defaults used" % saved)
        k = 1
        while fs.size(path + ".bad-%d" % k) >= 0:
            k += 1
        fs.rename(path, path + ".bad-%d" % k)
        return values, problems
    for key in saved:
        value = saved[key]
        if key in defaults and type(value) is not type(defaults[key]):
            problems.append("settings: %s reset" % key[:20])
        else:
            values[key] = value
    return values, problems


def save(root, values, fs=None):
    """Write `values` (JSON-able) if they differ from the file; True if written."""
    fs = fs or FS()
    data = _encode(values)
    path = root + _NAME
    tmp = root + _TMP
    if fs.size(path) == len(data):
        f = fs.open(path, "rb")
        try:
            same = f.read() == data
        finally:
            f.close()
        if same:
            return False
    f = fs.open(tmp, "wb")
    try:
        f.write(data)
    finally:
        f.close()
    f = fs.open(tmp, "rb")
    try:
        same = f.read() == data
    finally:
        f.close()
    if not same:
        raise OSError("settings: did not read back")
    fs.rename(tmp, path)
    return True
