# `tileclock package`: write package.json, which `mpremote mip install`
# reads to put the firmware on a board (docs/firmware-image.md).
#
#   tileclock package             # rewrite package.json at the top of the checkout
#   tileclock package -o -        # print it
#
# The file list is the one `tileclock deploy --source` copies, from the same
# function (firmware_build.source_tree), so the two can't disagree;
# tests/host/test_mip.py fails when the checked-in package.json is not what
# this command writes now.
# Destinations are relative to mip's --target ("/" on a Pico): tileclock/ and
# the two scripts at the top of the flash, as deploy lays them out. Sources
# are relative to package.json, which mip resolves against the package's own
# URL (github:..., http://..., or a local path), so a fork or a branch needs
# no other file.
import json
import os
import re
import sys
import tempfile

from tileclock_host import firmware_build
from tileclock_host.cli import UserError, write_output

HELP = "write package.json, the file list `mpremote mip install` reads to put the firmware on a board"

ROOT = firmware_build.ROOT
OUTPUT = os.path.join(ROOT, "package.json")
# main.py last: an install cut short leaves no main.py that imports a module
# not copied yet (on a new board; a board that had one keeps the old one
# until the end).
LAST = "main.py"


def add_arguments(parser):
    parser.add_argument("-o", "--output", default=OUTPUT, help="file to write, - for standard output "
                                                               "(default: package.json in the checkout)")


def firmware_files():
    """The files `tileclock deploy --source` copies, relative to firmware/."""
    with tempfile.TemporaryDirectory() as build:
        _out, files = firmware_build.source_tree(build)
    return files


def version():
    try:
        with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
            found = re.search(r'^version\s*=\s*"([^"]+)"', f.read(), re.M)
    except OSError as e:
        raise UserError("pyproject.toml: %s" % (e.strerror or e))
    if not found:
        raise UserError("pyproject.toml: no version = \"...\" line")
    return found.group(1)


def package_text():
    """package.json as this checkout needs it: one [dest, src] pair a line,
    so a new module is a one-line diff."""
    files = sorted(firmware_files(), key=lambda f: (f == LAST, f))
    lines = ["    " + json.dumps([f, "firmware/" + f]) for f in files]
    return ('{\n  "urls": [\n' + ",\n".join(lines) + '\n  ],\n  "deps": [],\n'
            '  "version": %s\n}\n' % json.dumps(version()))


def run(args):
    text = package_text()
    if args.output == "-":
        sys.stdout.write(text)
        return 0

    def write(path):
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)

    write_output(args.output, write)
    print("wrote %s: %d files" % (os.path.relpath(args.output), text.count('"firmware/')))
    return 0
