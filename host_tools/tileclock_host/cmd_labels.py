# The seat labels: a printable PDF of what each seat's button does.
import os

from tileclock.hal.buttons import MAX_SEATS
from tileclock_host import seatlabels
from tileclock_host.cli import UserError, say_replaced, write_output

HELP = "write the seat labels (what each button does, a ring for each puck and a card) as a PDF"


def add_arguments(parser):
    parser.add_argument("output", help="the PDF file to write (a name ending .pdf)")
    parser.add_argument("--seats", type=int, default=4, help="seats on the box, 2 to %d (default 4)" % MAX_SEATS)
    parser.add_argument("--paper", choices=sorted(seatlabels.PAPERS), default="a4", help="paper size (default a4)")


def run(args):
    path = args.output
    is_device = os.path.exists(path) and not os.path.isfile(path) and not os.path.isdir(path)
    if not path.lower().endswith(".pdf") and not is_device:
        raise UserError("%s: labels writes a PDF: give a name ending .pdf" % path)
    if not 2 <= args.seats <= MAX_SEATS:
        raise UserError("--seats %d: a box has 2 to %d seats" % (args.seats, MAX_SEATS))
    pages = []
    if write_output(path, lambda tmp: pages.append(seatlabels.render(tmp, args.seats, args.paper))):
        say_replaced(path)
    print("wrote %s: %d page%s, labels for %d seats (%s): a ring for each puck (%g mm across, %g mm hole) and a card "
          "(%g x %g mm); print at 100 %%" % (path, pages[0], "s" if pages[0] > 1 else "", args.seats, args.paper, seatlabels.RING_OUTER,
                                             seatlabels.RING_INNER, seatlabels.CARD[0], seatlabels.CARD[1]))
    return 0
