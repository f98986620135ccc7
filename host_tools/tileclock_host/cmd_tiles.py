# Print-and-play Spell Sport: the 338 tiles (both faces, duplex) and the board.
from tileclock_host.cli import say_replaced, write_output
from tileclock_host.referee import printplay

HELP = "write the Spell Sport tiles and board as a print-and-play PDF"


def add_arguments(parser):
    parser.add_argument("output", help="the PDF file to write")
    parser.add_argument("--paper", choices=sorted(printplay.PAPERS), default="a4", help="paper size (default a4)")


def run(args):
    made = []
    if write_output(args.output, lambda tmp: made.append(printplay.render(args.paper, tmp))):
        say_replaced(args.output)
    layout = made[0]
    print("%s: 3 pages (%s): down faces, across faces (print these two double-sided, flip on the long edge), "
          "board; squares of %.1f mm" % (args.output, args.paper, layout.square))
    return 0
