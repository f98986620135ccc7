# Reading the referee's input files: UTF-8 text, '-' for stdin.
import sys

from tileclock_host.referee import InputError


def read_lines(path):
    if path == "-":
        return sys.stdin.read().splitlines()
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise InputError(path, 0, e.strerror or str(e))
    try:
        return data.decode("utf-8").splitlines()
    except UnicodeDecodeError as e:
        raise InputError(path, data[:e.start].count(b"\n") + 1, "not UTF-8 text")
