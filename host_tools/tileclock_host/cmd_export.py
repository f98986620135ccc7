# Scores as CSV or JSON: one row per player per round (docs/scores.md,
# "Export"); or an evening of two-player games (Board Clock's: its
# games/<kind>/tsh.py) as a division file of tsh, the tournament software
# (--tsh: docs/scores.md, "Results for tsh").
import os
import sys

from tileclock_host.cli import UserError, say_replaced, write_output
from tileclock_host.scores import export
from tileclock_host.scores.evening import load_files, warn_stderr

HELP = "export evenings' scores as CSV or JSON, one row per player per round, or as a tsh .t file"


def add_arguments(parser):
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="action scripts, journal folders (or folders from `tileclock pull`), sheet JSON")
    parser.add_argument("-o", "--out", metavar="PATH", help="output file (default: standard output)")
    parser.add_argument("--format", choices=("csv", "json"),
                        help="csv or json (default: from --out's name, else csv)")
    parser.add_argument("--tsh", metavar="FILE",
                        help="write one Board Clock evening as a tsh division file (.t): its two-player games")
    parser.add_argument("--ratings", metavar="FILE",
                        help="with --tsh: the players' ratings, a name and a rating a line (else 0)")


def run_tsh(args):
    # a game whose host folder has a tsh.py (games/<kind>/tsh.py) writes it
    from tileclock_host import registry
    if args.out or args.format:
        raise UserError("--tsh FILE is the output: leave out -o/--format")
    takers = [kind for kind in registry.KINDS if registry.host_module(kind, "tsh") is not None]
    tsh = registry.host_module(takers[0], "tsh")
    ratings = tsh.read_ratings(args.ratings) if args.ratings else None
    evenings = load_files(args.files, warn_stderr)
    clocks = [e for e in evenings if e.kind in takers]
    if len(clocks) != 1:
        found = ", ".join("%s (%s)" % (e.where, e.kind) for e in evenings)
        raise UserError("--tsh writes one %s evening; %s: %s" % (
            " or ".join(registry.name(kind) for kind in takers),
            "found %d" % len(clocks) if clocks else "none in", found or "nothing"))
    tsh = registry.host_module(clocks[0].kind, "tsh")
    text, what, notes = tsh.division(clocks[0], ratings)
    for note in notes:
        warn_stderr(note)
    if text is None:
        raise UserError("%s: no two-player game to write for tsh (%d closed: see above); nothing written"
                        % (clocks[0].where, what["rounds"]))
    def save(path):
        with open(path, "w", encoding="latin-1", newline="\n") as f:
            f.write(text)
    if write_output(args.tsh, save, args.files + ([args.ratings] if args.ratings else [])):
        say_replaced(args.tsh)
    print("wrote %s: %d players, %d of the evening's %d games, a game a round (tsh: division file)"
          % (args.tsh, what["players"], what["games"], what["rounds"]))
    return 0


def run(args):
    if args.tsh:
        return run_tsh(args)
    if args.ratings:
        raise UserError("--ratings goes with --tsh")
    fmt = args.format
    if not fmt and args.out:
        ext = os.path.splitext(args.out)[1].lower()
        fmt = {".csv": "csv", ".json": "json"}.get(ext)
        if not fmt:
            raise UserError("%s: say --format csv or json (the name ends neither .csv nor .json)" % args.out)
    fmt = fmt or "csv"
    evenings = load_files(args.files, warn_stderr)
    text = export.to_json(evenings) if fmt == "json" else export.to_csv(evenings)
    if not args.out:
        sys.stdout.write(text)
        return 0
    def save(path):
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    if write_output(args.out, save, args.files):
        say_replaced(args.out)
    # Say what was written, as every command that writes a file does (with no
    # --out the rows themselves are the output, and nothing else is printed).
    print("wrote %s: %d rows (one per player per round) from %d evening%s"
          % (args.out, len(export.rows(evenings)), len(evenings), "" if len(evenings) == 1 else "s"))
    return 0
