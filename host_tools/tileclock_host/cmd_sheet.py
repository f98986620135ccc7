# Printable score sheets (PDF or HTML) from evenings, or blank ones to fill in.
# Takes what `export` takes (scripts, journals, pulled folders, sheet JSON):
# every evening found goes into the one output file, one after the other, so
# a night of several games prints in one go.
import os

from tileclock.games import KINDS as GAME_KINDS
from tileclock_host.cli import UserError, say_replaced, write_output
from tileclock_host.scores import layout
from tileclock_host.scores.evening import load_files, warn_stderr

HELP = "print evenings' score sheets as one PDF or HTML file (or a blank sheet to fill in by hand)"

FORMATS = ("pdf", "html")


def add_arguments(parser):
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="action scripts, journal folders (or folders from `tileclock pull`), sheet JSON")
    parser.add_argument("-o", "--out", metavar="PATH",
                        help="output file; .pdf or .html (default: the input's name with .pdf, "
                             "or sheets.pdf for several inputs); every evening goes into it")
    parser.add_argument("--format", choices=FORMATS, help="pdf or html (default: from --out, else pdf)")
    parser.add_argument("--blank", choices=GAME_KINDS, metavar="GAME",
                        help="a blank sheet for GAME (%s) instead" % ", ".join(GAME_KINDS))
    parser.add_argument("--players", type=int, default=4,
                        help="players on a blank sheet: a column each, four to a sheet (2-8, default 4)")


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


def _default_out(files, fmt):
    """The input's name with the format's ending; a neutral name for several."""
    if len(files) == 1:
        return "%s.%s" % (os.path.splitext(os.path.basename(os.path.normpath(files[0])))[0], fmt)
    return "sheets.%s" % fmt


def _plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def run(args):
    fmt = _format(args)
    if args.blank:
        if args.files:
            raise UserError("give files or --blank, not both")
        if not 2 <= args.players <= 8:
            raise UserError("--players must be 2 to 8")
        out = args.out or "blank-%s.%s" % (args.blank, fmt)
        pages = layout.blank_pages(args.blank, args.players)
        write(pages, out, fmt, "%s blank score sheet" % args.blank)
        print("wrote %s: a blank %s sheet for %d players, %s" % (out, args.blank, args.players,
                                                                  _plural(len(pages), "page")))
        return 0
    if not args.files:
        raise UserError("give an evening's file (script, journal or sheet JSON), or --blank GAME")
    evenings = load_files(args.files, warn_stderr)     # a file with no evening is an error there
    out = args.out or _default_out(args.files, fmt)
    pages = []
    for evening in evenings:
        # A Speed Scrabble evening's matches follow one another.
        for m, sheet in enumerate(evening.sheets, 1):
            where = evening.where
            if len(evening.sheets) > 1:
                where += ", match %d of %d" % (m, len(evening.sheets))
            pages.extend(layout.sheet_pages(sheet, where))
    if len(evenings) == 1:
        title = "%s score sheet: %s" % (evenings[0].kind, evenings[0].where)
    else:
        title = "score sheets: %s" % ", ".join(e.where for e in evenings)
    write(pages, out, fmt, title, args.files)
    print("wrote %s: %s, %s" % (out, _plural(len(evenings), "evening"), _plural(len(pages), "page")))
    return 0
