# Printable score sheets (PDF or HTML) from an evening, or blank ones to fill in.
import os

from tileclock.games import KINDS as GAME_KINDS
from tileclock_host.cli import UserError, say_replaced, write_output
from tileclock_host.scores import layout
from tileclock_host.scores.evening import load_files, warn_stderr

HELP = "print an evening's score sheet as PDF or HTML (or a blank sheet to fill in by hand)"

FORMATS = ("pdf", "html")


def add_arguments(parser):
    parser.add_argument("file", nargs="?",
                        help="action script, journal folder (or a folder from pull) or sheet JSON")
    parser.add_argument("-o", "--out", metavar="PATH",
                        help="output file; .pdf or .html (default: the input's name with .pdf, "
                             "one file per evening if there are several)")
    parser.add_argument("--format", choices=FORMATS, help="pdf or html (default: from --out, else pdf)")
    parser.add_argument("--blank", choices=GAME_KINDS, metavar="GAME",
                        help="a blank sheet for GAME (%s) instead" % ", ".join(GAME_KINDS))
    parser.add_argument("--players", type=int, default=4,
                        help="player slots on a blank sheet (2-8, default 4)")


def _format(args):
    if args.format:
        return args.format
    if args.out:
        ext = os.path.splitext(args.out)[1].lower().lstrip(".")
        if ext in FORMATS:
            return ext
        raise UserError("%s: say --format pdf or html (the name ends neither .pdf nor .html)" % args.out)
    return "pdf"


def write(pages, path, fmt, title, inputs=()):
    if fmt == "pdf":
        from tileclock_host.scores import pdf as renderer
    else:
        from tileclock_host.scores import html as renderer
    if write_output(path, lambda tmp: renderer.render(pages, tmp, title), inputs):
        say_replaced(path)


def run(args):
    fmt = _format(args)
    if args.blank:
        if args.file:
            raise UserError("give a file or --blank, not both")
        if not 2 <= args.players <= 8:
            raise UserError("--players must be 2 to 8")
        out = args.out or "blank-%s.%s" % (args.blank, fmt)
        write(layout.blank_pages(args.blank, args.players), out, fmt, "%s blank score sheet" % args.blank)
        print(out)
        return 0
    if not args.file:
        raise UserError("give an evening's file (script, journal or sheet JSON), or --blank GAME")
    evenings = load_files([args.file], warn_stderr)
    if not evenings:
        raise UserError("%s: no evening in it" % args.file)
    stem = os.path.splitext(os.path.basename(os.path.normpath(args.file)))[0]
    # One output file per evening; a Speed Scrabble evening's matches share it.
    for i, evening in enumerate(evenings, 1):
        if args.out and len(evenings) == 1:
            out = args.out
        elif args.out:
            base, ext = os.path.splitext(args.out)
            out = "%s-%d%s" % (base, i, ext)
        else:
            out = "%s%s.%s" % (stem, "-%d" % i if len(evenings) > 1 else "", fmt)
        pages = []
        for m, sheet in enumerate(evening.sheets, 1):
            where = evening.where
            if len(evening.sheets) > 1:
                where += ", match %d of %d" % (m, len(evening.sheets))
            pages.extend(layout.sheet_pages(sheet, where))
        write(pages, out, fmt, "%s score sheet: %s" % (evening.kind, evening.where), [args.file])
        print(out)
    return 0
