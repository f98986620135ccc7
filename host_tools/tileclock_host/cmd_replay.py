# Replay an action script through the engine and print the score sheet.
import json
import sys

from tileclock.engine.script import ScriptError, load
from tileclock_host.cli import UserError

HELP = "run an action script through the engine and print the score sheet as JSON"


def add_arguments(parser):
    parser.add_argument("script", help="action script (see README, 'Action scripts'); - for stdin")
    parser.add_argument("--lines", action="store_true", help="print the normalised action lines instead")


def read_lines(path):
    if path == "-":
        return sys.stdin.read().splitlines()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().splitlines()
    except OSError as e:
        raise UserError("%s: %s" % (path, e.strerror or e))
    except UnicodeDecodeError:
        raise UserError("%s: not a text file" % path)


def run(args):
    lines = read_lines(args.script)
    try:
        game = load(lines)
    except ScriptError as e:
        raise UserError("%s: %s" % (args.script, e))
    if args.lines:
        from tileclock.engine.script import dump
        print("\n".join(dump(game)))
    else:
        print(json.dumps(game.sheet(), indent=2, sort_keys=True))
    return 0
