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
import tempfile


class UserError(Exception):
    """A problem with the user's input: printed as `tileclock: message`."""


MESSAGE_LINE = 300  # a message quoting a huge line of a file is cut to this


def _short(text):
    return "\n".join(line if len(line) <= MESSAGE_LINE else line[:MESSAGE_LINE] + "..."
                     for line in str(text).splitlines())


def write_output(path, write, inputs=()):
    """Make the output file `path` with write(temporary path): the file gets its
    name only once complete, so Ctrl-C or a full disk leaves no half file (and
    an earlier file as it was). Returns True if it replaced an earlier file."""
    if os.path.isdir(path):
        raise UserError("%s: is a folder; give the output file's name" % path)
    for other in inputs:
        if os.path.exists(other) and os.path.exists(path) and os.path.samefile(other, path):
            raise UserError("%s: is also the input; give another output name" % path)
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UserError("%s: can't write it: the folder %s does not exist" % (path, os.path.dirname(path)))
    existed = os.path.lexists(path)
    if existed and not os.path.isfile(path):  # a device such as /dev/stdout
        try:
            write(path)
        except OSError as e:
            raise UserError("%s: can't write it: %s" % (path, e.strerror or e))
        return False
    target = os.path.realpath(path)
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(target) + ".", suffix=".partial",
                                   dir=os.path.dirname(target))
        os.close(fd)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)
        write(tmp)
        os.replace(tmp, target)
        tmp = None
    except OSError as e:
        raise UserError("%s: can't write it: %s" % (path, e.strerror or e))
    finally:
        if tmp and os.path.exists(tmp):
            os.remove(tmp)
    return existed


def say_replaced(path):
    print("tileclock: %s: replaced the file that was there" % path, file=sys.stderr)


def _command_modules():
    """(command, module) of every cmd_<name>.py here and in the games'
    folders (games/<kind>/cmd_<name>.py: a game's own commands), by name."""
    here = os.path.dirname(os.path.abspath(__file__))
    places = [(here, "tileclock_host")]
    games = os.path.join(here, "games")
    for kind in sorted(os.listdir(games)):
        if os.path.isfile(os.path.join(games, kind, "__init__.py")):
            places.append((os.path.join(games, kind), "tileclock_host.games." + kind))
    found = []
    for folder, package in places:
        for f in os.listdir(folder):
            if f.startswith("cmd_") and f.endswith(".py"):
                found.append((f[4:-3].replace("_", "-"), package + "." + f[:-3]))
    return sorted(found)


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
        print("tileclock: %s" % _short(e), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("tileclock: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
