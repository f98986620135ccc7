# Draw layout pages as a PDF with fpdf2: A4, tables scaled to the page width,
# text shrunk to fit its cell rather than cut.
import os

from fpdf import FPDF

MARGIN = 10          # mm
TITLE_SIZE = 15      # pt
INFO_SIZE = 9
CELL_SIZE = 9
SMALL_SIZE = 7
FILLS = {
    "head": (225, 225, 225),
    "name": (242, 242, 242),
    "total": (225, 225, 225),
    "void": (250, 250, 250),
}

# A Unicode font if the system has one (names may be "Zoë" or "Łukasz");
# otherwise the PDF core font, which knows Latin-1 only.
_FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu",
              "/usr/local/share/fonts", "/Library/Fonts", "C:\\Windows\\Fonts")


def _unicode_font():
    for folder in _FONT_DIRS:
        regular = os.path.join(folder, "DejaVuSans.ttf")
        bold = os.path.join(folder, "DejaVuSans-Bold.ttf")
        if os.path.exists(regular) and os.path.exists(bold):
            return regular, bold
    return None


class _Doc(FPDF):
    def __init__(self):
        super().__init__(unit="mm", format="A4")
        self.set_auto_page_break(False)
        self.set_margins(MARGIN, MARGIN, MARGIN)
        self.set_creator("tileclock")
        font = _unicode_font()
        if font:
            self.add_font("Sheet", "", font[0])
            self.add_font("Sheet", "B", font[1])
            self.family = "Sheet"
            self.unicode = True
        else:
            self.family = "Helvetica"
            self.unicode = False

    def text_ok(self, text):
        if self.unicode:
            return text
        return text.encode("latin-1", "replace").decode("latin-1")

    def use(self, size, bold=False):
        self.set_font(self.family, "B" if bold else "", size)


def render(pages, path, title="tileclock score sheet"):
    """Write `pages` (from layout) to the PDF file `path`."""
    doc = _Doc()
    doc.set_title(title)
    for page in pages:
        _draw_page(doc, page)
    doc.output(path)


def _draw_page(doc, page):
    doc.add_page(orientation="L" if page.landscape else "P")
    width = doc.w - 2 * MARGIN
    bottom = doc.h - MARGIN
    doc.use(TITLE_SIZE, True)
    doc.cell(width, 8, doc.text_ok(page.title), new_x="LMARGIN", new_y="NEXT")
    doc.use(INFO_SIZE)
    for line in page.info:
        doc.multi_cell(width, 4.5, doc.text_ok(line), new_x="LMARGIN", new_y="NEXT")
    doc.ln(2)
    for block in page.blocks:
        if isinstance(block, str):
            doc.use(CELL_SIZE + 1, True)
            if doc.get_y() + 7 > bottom:
                _continue(doc, page)
            doc.multi_cell(width, 7, doc.text_ok(block), new_x="LMARGIN", new_y="NEXT")
        else:
            _draw_table(doc, page, block, width, bottom)


def _continue(doc, page):
    doc.add_page(orientation="L" if page.landscape else "P")
    doc.use(INFO_SIZE)
    doc.cell(doc.w - 2 * MARGIN, 5, doc.text_ok(page.title + " (continued)"), new_x="LMARGIN", new_y="NEXT")
    doc.ln(1)


def _draw_table(doc, page, table, width, bottom):
    scale = width / float(sum(table.widths))
    widths = [w * scale for w in table.widths]
    needed = sum(h for h, _ in table.rows[:3]) + (7 if table.caption else 0)
    if doc.get_y() + needed > bottom:
        _continue(doc, page)
    if table.caption:
        doc.use(CELL_SIZE + 1, True)
        doc.cell(width, 7, doc.text_ok(table.caption), new_x="LMARGIN", new_y="NEXT")
    doc.set_draw_color(90, 90, 90)
    doc.set_line_width(0.2)
    for height, cells in table.rows:
        if doc.get_y() + height > bottom:
            _continue(doc, page)
        x = MARGIN
        y = doc.get_y()
        col = 0
        starts = set()
        for cell in cells:
            starts.add(col)
            w = sum(widths[col:col + cell.span])
            col += cell.span
            _draw_cell(doc, x, y, w, height, cell)
            x += w
        if table.heavy:
            # The heavy lines that frame each player's columns, as on the paper sheet.
            doc.set_line_width(0.6)
            for col in table.heavy & starts:
                hx = MARGIN + sum(widths[:col])
                doc.line(hx, y, hx, y + height)
            doc.set_line_width(0.2)
        doc.set_xy(MARGIN, y + height)
    doc.ln(3)


def _draw_cell(doc, x, y, w, h, cell):
    fill = FILLS.get(cell.fill)
    if fill:
        doc.set_fill_color(*fill)
    doc.rect(x, y, w, h, style="DF" if fill else "D")
    if not cell.text:
        return
    lines = [doc.text_ok(line) for line in cell.text.split("\n")]
    size = SMALL_SIZE if cell.small else CELL_SIZE
    doc.use(size, cell.bold)
    pad = 0.5 if cell.small else 1.0
    room = w - 2 * pad
    while size > 4 and max(doc.get_string_width(line) for line in lines) > room:
        size -= 0.5
        doc.use(size, cell.bold)
    line_h = size * 0.42  # pt to mm, with leading
    top = y + (h - line_h * len(lines)) / 2.0
    for i, line in enumerate(lines):
        doc.set_xy(x + pad, top + i * line_h)
        doc.cell(room, line_h, line, align=cell.align)
