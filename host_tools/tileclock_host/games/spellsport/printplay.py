# Print-and-play Spell Sport: the 338 tiles and the 26x26 board as a PDF.
#
# Page 1 has the down faces: the game's chart (games/spellsport/tiles.py), 13 rows of 26
# upright dominoes, first letter on top. Page 2 has the across faces of the
# same tiles at the mirrored places, so that printing pages 1-2 on one sheet
# of card, double-sided with a long-edge flip, puts each tile's two faces back
# to back (a point at x on the front is at page width - x on the back; y is
# unchanged). The letters of the across face are turned a quarter clockwise:
# a tile picked up with that face up and turned a quarter anticlockwise reads
# its two letters left to right, the first letter on the same square as on
# the down face. Page 3 is the board, its squares the size of a tile's.
#
# The chart fills a square of 26 x 26 tile squares, like the board: the
# rules' "single sheet of card of the same size as the board".
from fpdf import FPDF

from tileclock.games.spellsport.tiles import CHART_COLUMNS, CHART_ROWS, TILE_COUNT, chart_position, tile

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # mm, portrait
MARGIN = 10.0  # mm: most printers print no closer than about 5 mm to the edge
TITLE_SPACE = 12.0  # mm above the chart for the page title
SQUARES = 26  # the chart and the board are 26 squares a side
CUT_GREY = 120
FOLD_GREY = 200


class Layout:
    """Where everything goes on one paper size; every length in mm."""

    def __init__(self, paper):
        if paper not in PAPERS:
            raise ValueError("paper must be one of %s" % ", ".join(sorted(PAPERS)))
        self.paper = paper
        self.width, self.height = PAPERS[paper]
        room = min(self.width - 2 * MARGIN, self.height - 2 * MARGIN - TITLE_SPACE)
        self.square = int(room / SQUARES * 10) / 10  # 7.3 on A4, 7.5 on Letter
        # Centred across the page, so the chart is its own mirror image.
        self.left = (self.width - SQUARES * self.square) / 2
        self.top = MARGIN + TITLE_SPACE

    def front_rect(self, index):
        """(x, y, w, h) of tile `index` on the down-face page: an upright domino."""
        row, column = chart_position(index)
        return (self.left + column * self.square, self.top + row * 2 * self.square, self.square, 2 * self.square)

    def back_rect(self, index):
        """(x, y, w, h) of the same tile on the across-face page: mirrored left to right."""
        x, y, w, h = self.front_rect(index)
        return (self.width - x - w, y, w, h)

    def font_size(self):
        # Capitals of Helvetica Bold are 0.72 em high: make them about 55% of a square.
        return self.square * 0.55 / 0.72 / 0.3528


def _letter(pdf, layout, letter, cx, cy, angle=0):
    """`letter` centred on (cx, cy), turned `angle` degrees anticlockwise."""
    width = pdf.get_string_width(letter)
    cap = layout.font_size() * 0.3528 * 0.72
    with pdf.rotation(angle, cx, cy):
        pdf.text(cx - width / 2, cy + cap / 2, letter)


def _cut_lines(pdf, layout):
    """Solid lines round every tile, dotted between a tile's two squares."""
    s = layout.square
    right = layout.left + SQUARES * s
    bottom = layout.top + SQUARES * s
    pdf.set_line_width(0.2)
    pdf.set_draw_color(CUT_GREY)
    for column in range(CHART_COLUMNS + 1):
        x = layout.left + column * s
        pdf.line(x, layout.top, x, bottom)
    for row in range(CHART_ROWS + 1):
        y = layout.top + row * 2 * s
        pdf.line(layout.left, y, right, y)
    pdf.set_draw_color(FOLD_GREY)
    pdf.set_dash_pattern(dash=0.5, gap=0.8)
    for row in range(CHART_ROWS):
        y = layout.top + (row * 2 + 1) * s
        pdf.line(layout.left, y, right, y)
    pdf.set_dash_pattern()
    pdf.set_draw_color(0)


def _title(pdf, layout, text):
    pdf.set_font("Helvetica", "", 10)
    pdf.text(layout.left, MARGIN + 5, text)


def _tiles_page(pdf, layout, face):
    pdf.add_page()
    if face == "down":
        _title(pdf, layout, "Spell Sport tiles: down faces (print pages 1-2 double-sided, flip on long edge)")
    else:
        _title(pdf, layout, "Spell Sport tiles: across faces (the back of page 1); cut along the solid lines")
    _cut_lines(pdf, layout)
    pdf.set_font("Helvetica", "B", layout.font_size())
    s = layout.square
    for index in range(TILE_COUNT):
        first, second = tile(index)
        if face == "down":
            x, y, _, _ = layout.front_rect(index)
            _letter(pdf, layout, first, x + s / 2, y + s / 2)
            _letter(pdf, layout, second, x + s / 2, y + 1.5 * s)
        else:
            # Same squares as the front (first on top), letters a quarter clockwise.
            x, y, _, _ = layout.back_rect(index)
            _letter(pdf, layout, first, x + s / 2, y + s / 2, angle=-90)
            _letter(pdf, layout, second, x + s / 2, y + 1.5 * s, angle=-90)


def _board_page(pdf, layout):
    pdf.add_page()
    _title(pdf, layout, "Spell Sport board: columns a..z, rows A..Z (aA top left, zA top right, aZ bottom left)")
    s = layout.square
    left, top = layout.left, layout.top
    pdf.set_line_width(0.2)
    pdf.set_draw_color(CUT_GREY)
    for i in range(SQUARES + 1):
        pdf.line(left + i * s, top, left + i * s, top + SQUARES * s)
        pdf.line(left, top + i * s, left + SQUARES * s, top + i * s)
    pdf.set_line_width(0.6)
    pdf.set_draw_color(0)
    pdf.rect(left, top, SQUARES * s, SQUARES * s)
    pdf.set_font("Helvetica", "B", 8)
    gap = 3.0
    for i in range(SQUARES):
        column = chr(ord("a") + i)
        row = chr(ord("A") + i)
        centre = i * s + s / 2
        for y in (top - gap, top + SQUARES * s + gap):
            pdf.text(left + centre - pdf.get_string_width(column) / 2, y + 1, column)
        for x in (left - gap, left + SQUARES * s + gap):
            pdf.text(x - pdf.get_string_width(row) / 2, top + centre + 1, row)


def render(paper, path):
    """Write the three pages (down faces, across faces, board) to `path`."""
    layout = Layout(paper)
    pdf = FPDF(orientation="P", unit="mm", format=(layout.width, layout.height))
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0)
    pdf.set_title("Spell Sport print-and-play (%s)" % paper)
    pdf.set_creator("tileclock")
    _tiles_page(pdf, layout, "down")
    _tiles_page(pdf, layout, "across")
    _board_page(pdf, layout)
    pdf.output(path)
    return layout
