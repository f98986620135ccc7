# Reading the referee's input files: UTF-8 text, '-' for stdin.
import codecs
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


def read_bytes(path):
    """The file's bytes, '-' for stdin; OSError as the operating system says."""
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as f:
        return f.read()


def read_lines(path):
    try:
        data = read_bytes(path)
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
