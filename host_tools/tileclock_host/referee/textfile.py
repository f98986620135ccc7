# Reading the referee's input files: UTF-8 text, '-' for stdin.
import codecs
import os
import sys

from tileclock_host.referee import InputError


def decode(data):
    """A text file's bytes as text: UTF-8 (a byte-order mark, as Windows
    editors write, is dropped), or UTF-16 with its byte-order mark (Notepad's
    "Unicode"). UnicodeDecodeError if neither."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16")
    return data.decode("utf-8-sig")


def bad_line(data, error):
    """The line (from 1) of the byte a UnicodeDecodeError names."""
    return data[:error.start].count(b"\n") + 1


# A game file, a crossword or an evening's script is a few kilobytes; a file
# this large is the wrong file (a disk image, /dev/zero), refused before it
# fills the memory.
MAX_INPUT = 16 * 1024 * 1024


def too_large(limit, what):
    return "over %d MB: too large for %s (is it the right file?)" % (limit // (1024 * 1024), what)


def read_capped(f, path, limit, what):
    """At most `limit` bytes of the open binary file `f`, else InputError. A
    regular file's size is known before reading; a device or a pipe (stdin,
    /dev/zero, which says its size is 0) is read only to the limit."""
    try:
        size = os.fstat(f.fileno()).st_size
    except (AttributeError, OSError, ValueError):
        size = 0
    if size > limit:
        raise InputError(path, 0, too_large(limit, what))
    data = f.read(limit + 1)
    if len(data) > limit:
        raise InputError(path, 0, too_large(limit, what))
    return data


def read_bytes(path, limit=MAX_INPUT, what="a tileclock file"):
    """The file's bytes, '-' for stdin; OSError as the operating system says,
    InputError for more than `limit` bytes."""
    if path == "-":
        return read_capped(sys.stdin.buffer, path, limit, what)
    with open(path, "rb") as f:
        return read_capped(f, path, limit, what)


def read_lines(path, what="a tileclock file"):
    try:
        data = read_bytes(path, what=what)
    except IsADirectoryError:
        raise InputError(path, 0, "is a folder, not a file")
    except OSError as e:
        raise InputError(path, 0, e.strerror or str(e))
    try:
        return decode(data).splitlines()
    except UnicodeDecodeError as e:
        raise InputError(path, bad_line(data, e), "not UTF-8 text")


# What a file given to the wrong command probably is, and the command for it.
_FOR = {
    "script": "an action script ('game KIND'): tileclock replay, sheet or export read it",
    "board": "a Spell Sport game file (rack, play, draw, pass): tileclock board reads it",
    "grid": "a crossword: tileclock grid reads it",
    "json": "a score sheet in JSON: tileclock sheet or export read it",
}


def other_kind(lines, this):
    """A hint for a file that is not the `this` kind ("script", "board",
    "grid") but looks like another; None if it does not."""
    first = ""
    for line in lines:
        if line.strip() and not line.lstrip().startswith("#"):
            first = line.strip()
            break
    words = first.split()
    if words[:1] == ["game"]:
        kind = "script"
    elif words[:1] in (["rack"], ["play"], ["draw"], ["pass"]) and words[1:2] in (["across"], ["down"]):
        kind = "board"
    elif first.startswith("{"):
        kind = "json"
    elif first and all(c.isalpha() or c in ".?" for c in first) and first != first.lower():
        kind = "grid"
    else:
        return None
    return None if kind == this else "this looks like " + _FOR[kind]
