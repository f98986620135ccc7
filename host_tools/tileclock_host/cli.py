# `tileclock` / `python -m tileclock_host`: one CLI, one module per subcommand.
#
# Each module named cmd_<name>.py in this package provides
#     HELP = "one line"
#     def add_arguments(parser): ...
#     def run(args): ...  -> exit code (0 on success)
# Errors meant for the user are raised as UserError and printed without a
# traceback.
import argparse
import importlib
import os
import sys


class UserError(Exception):
    """A problem with the user's input: printed as `tileclock: message`."""


def _command_modules():
    here = os.path.dirname(os.path.abspath(__file__))
    names = sorted(f[4:-3] for f in os.listdir(here) if f.startswith("cmd_") and f.endswith(".py"))
    return [(name.replace("_", "-"), "tileclock_host.cmd_" + name) for name in names]


def build_parser():
    parser = argparse.ArgumentParser(
        prog="tileclock",
        description="tileclock host tools: simulator, deploy, replay, referee and score sheets.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, modname in _command_modules():
        module = importlib.import_module(modname)
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    try:
        return args._run(args) or 0
    except UserError as e:
        print("tileclock: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
