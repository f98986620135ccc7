# Replay an action script through the engine and print the score sheet.
import json
import os

from tileclock.script import ScriptError, load
from tileclock_host.cli import UserError
from tileclock_host.referee import InputError, textfile

HELP = "run an action script through the engine and print the score sheet as JSON"


def add_arguments(parser):
    parser.add_argument("script", help="action script (see README, 'Action scripts'); - for stdin")
    parser.add_argument("--lines", action="store_true", help="print the normalised action lines instead")


def read_lines(path):
    if path != "-" and os.path.isdir(path):
        raise UserError("%s: is a folder, not a file: replay reads one action script; `tileclock sheet` "
                        "and `tileclock export` read folders (a journal, a pull)" % path)
    try:
        return textfile.read_lines(path, what="an action script")
    except InputError as e:
        if e.line:
            raise UserError("%s: line %d: %s" % (e.path, e.line, e.problem))
        raise UserError("%s: %s" % (e.path, e.problem))


def run(args):
    lines = read_lines(args.script)
    try:
        game = load(lines)
    except ScriptError as e:
        hint = textfile.other_kind(lines, "script")
        message = e.message + ("; " + hint if hint else "")
        if e.lineno:
            raise UserError("%s: line %d: %s" % (args.script, e.lineno, message))
        raise UserError("%s: %s" % (args.script, message))
    if args.lines:
        from tileclock.script import dump
        print("\n".join(dump(game)))
    else:
        print(json.dumps(game.sheet(), indent=2, sort_keys=True))
    return 0
