# Print-and-play Spell Sport: the 338 tiles (both faces, duplex) and the board.
import os

from tileclock_host.cli import UserError, say_replaced, write_output
from tileclock_host.games.spellsport import printplay

HELP = "write the Spell Sport tiles and board as a print-and-play PDF"


def add_arguments(parser):
    parser.add_argument("output", help="the PDF file to write (a name ending .pdf)")
    parser.add_argument("--paper", choices=sorted(printplay.PAPERS), default="a4", help="paper size (default a4)")


def run(args):
    # Only a PDF is made: a PDF named x.txt or x.html would open as garbage.
    # A device (/dev/stdout) has no name to check.
    path = args.output
    is_device = os.path.exists(path) and not os.path.isfile(path) and not os.path.isdir(path)
    if not args.output.lower().endswith(".pdf") and not is_device:
        raise UserError("%s: tiles writes a PDF: give a name ending .pdf" % args.output)
    made = []
    if write_output(args.output, lambda tmp: made.append(printplay.render(args.paper, tmp))):
        say_replaced(args.output)
    layout = made[0]
    print("wrote %s: 3 pages (%s): down faces, across faces (print these two double-sided, flip on the long edge), "
          "board; squares of %.1f mm" % (args.output, args.paper, layout.square))
    return 0
