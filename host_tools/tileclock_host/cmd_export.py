# Scores as CSV or JSON: one row per player per round (docs/scores.md, "Export").
import os
import sys

from tileclock_host.cli import UserError, say_replaced, write_output
from tileclock_host.scores import export
from tileclock_host.scores.evening import load_files, warn_stderr

HELP = "export evenings' scores as CSV or JSON, one row per player per round"


def add_arguments(parser):
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="action scripts, journal folders (or folders from `tileclock pull`), sheet JSON")
    parser.add_argument("-o", "--out", metavar="PATH", help="output file (default: standard output)")
    parser.add_argument("--format", choices=("csv", "json"),
                        help="csv or json (default: from --out's name, else csv)")


def run(args):
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
