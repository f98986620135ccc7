# The seat labels: what each seat's button does, to stick beside it. A ring
# for each puck (round the arcade button's collar, inside the puck's rim:
# hardware/enclosure/enclosure.py) and a card for a box with its buttons in
# the lid or for the table, every seat on one page, at 1:1 with a bar to
# check the printer kept the scale.
#
# The words come from the firmware's own figures (hal/buttons.py), so a
# change of the long press is a change of the labels.
from fpdf import FPDF

from tileclock.hal.buttons import LONG_MS, MAX_SEATS, MENU_MS

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN = 10.0

# The puck (hardware/enclosure/enclosure.py): a 50 mm disc round a 33 mm
# collar (arcade30: bezel 33 + 2 x 8.5 margin). The ring stays 1 mm inside
# the rim and 0.5 mm off the collar.
RING_OUTER = 48.0
RING_INNER = 34.0
CARD = (58.0, 34.0)         # w, h in mm: six lines under the number
GAP = 4.0

# A seat's short press in menus and forms (docs/device.md, "The buttons").
MENU_ROLE = {1: "next line", 2: "choose / change", 3: "previous line", 4: "change back"}


def seconds(ms):
    text = "%.1f" % (ms / 1000.0)
    return text[:-2] if text.endswith(".0") else text


def card_lines(seat):
    """What the card of `seat` says under its number."""
    lines = ["press: your call in play"]
    role = MENU_ROLE.get(seat)
    if role:
        lines.append("in menus: %s" % role)
    if seat == 2:
        lines.append("starts the game (Start)")
    lines.append("hold %s s, let go: undo / back" % seconds(LONG_MS))
    lines.append("hold on %s s: the menu" % seconds(MENU_MS))
    # Board Clock's out play (its docs: "The out play"): the menu opens on it
    lines.append("Board Clock, went out: hold on, then 2")
    return lines


def ring_text():
    return "PRESS: CALL  -  HOLD %s S: UNDO  -  HOLD ON: MENU  -  " % seconds(LONG_MS)


class Labels(FPDF):
    def __init__(self, paper):
        w, h = PAPERS[paper]
        super().__init__(unit="mm", format=(w, h))
        self.set_auto_page_break(False)
        self.set_creator("tileclock")
        self.set_title("tileclock seat labels")
        self.paper = (w, h)

    def ring(self, cx, cy, seat):
        self.set_draw_color(0)
        self.set_line_width(0.2)
        self.circle(x=cx, y=cy, radius=RING_OUTER / 2)
        self.circle(x=cx, y=cy, radius=RING_INNER / 2)
        # the seat number at the top of the ring, the gestures round it
        r_text = (RING_OUTER + RING_INNER) / 4
        self.set_font("Helvetica", "B", 11)
        number = str(seat)
        self._around(cx, cy, r_text, number, 0.0, 11)
        self.set_font("Helvetica", "", 5.2)
        text = ring_text()
        # the rest of the circle, starting past the number
        step = 360.0 / (len(text) + 6)
        self._around(cx, cy, r_text, text, step * 4, 5.2, step)

    def _around(self, cx, cy, r, text, start, size, step=None):
        import math
        if step is None:
            step = 7.0
            start = start - step * (len(text) - 1) / 2
        for i, ch in enumerate(text):
            angle = start + i * step            # clockwise from the top, degrees
            a = math.radians(angle)
            x = cx + r * math.sin(a)
            y = cy - r * math.cos(a)
            w = self.get_string_width(ch)
            with self.rotation(-angle, x, y):
                # the letter centred on its point, upright when the ring is read from outside
                self.text(x - w / 2, y + size * 0.35 / 2.83, ch)

    def card(self, x, y, seat):
        w, h = CARD
        self.set_draw_color(0)
        self.set_line_width(0.2)
        self.rect(x, y, w, h)
        self.set_font("Helvetica", "B", 20)
        self.text(x + 3, y + 10, str(seat))
        self.set_font("Helvetica", "B", 9)
        self.text(x + 13, y + 7, "SEAT %d" % seat)
        self.set_font("Helvetica", "", 7)
        line_y = y + 13
        for line in card_lines(seat):
            self.text(x + 3, line_y, line)
            line_y += 3.4

    def scale_bar(self, x, y):
        self.set_line_width(0.3)
        self.line(x, y, x + 100, y)
        for k in range(11):
            tick = 2.0 if k % 5 == 0 else 1.0
            self.line(x + 10 * k, y, x + 10 * k, y - tick)
        self.set_font("Helvetica", "", 7)
        self.text(x + 102, y + 1, "100 mm: print at 100 % (no fit to page)")


def render(path, seats=4, paper="a4"):
    """Write the seat labels of `seats` seats to the PDF `path`; returns the
    number of pages (two when the cards don't fit under the rings)."""
    if not 2 <= seats <= MAX_SEATS:
        raise ValueError("2 to %d seats" % MAX_SEATS)
    pdf = Labels(paper)
    w, h = pdf.paper
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 13)
    pdf.text(MARGIN, MARGIN + 4, "tileclock seat labels")
    pdf.set_font("Helvetica", "", 8)
    pdf.text(MARGIN, MARGIN + 9, "Cut along the lines. Rings go round each puck's button, "
                                 "cards beside the buttons of a box or on the table.")
    # the rings, as many across as fit
    across = int((w - 2 * MARGIN + GAP) // (RING_OUTER + GAP))
    top = MARGIN + 14
    for i in range(seats):
        col, row = i % across, i // across
        cx = MARGIN + RING_OUTER / 2 + col * (RING_OUTER + GAP)
        cy = top + RING_OUTER / 2 + row * (RING_OUTER + GAP)
        pdf.ring(cx, cy, i + 1)
    rows = (seats + across - 1) // across
    top += rows * (RING_OUTER + GAP) + GAP
    cw, ch = CARD
    across = int((w - 2 * MARGIN + GAP) // (cw + GAP))
    rows = (seats + across - 1) // across
    if top + rows * (ch + GAP) + 6 > h - MARGIN:
        pdf.add_page()              # (eight seats: the cards on a page of their own)
        top = MARGIN
    for i in range(seats):
        col, row = i % across, i // across
        pdf.card(MARGIN + col * (cw + GAP), top + row * (ch + GAP), i + 1)
    pdf.scale_bar(MARGIN, top + rows * (ch + GAP) + 6)
    pdf.output(path)
    return pdf.page
