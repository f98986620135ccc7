# Draw layout pages as one self-contained HTML file (no scripts, no outside
# files) that prints one sheet to a page.
from html import escape

_CSS = """
body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 0; color: #000; }
section.page { padding: 10mm; page-break-after: always; break-after: page; }
section.page:last-child { page-break-after: auto; break-after: auto; }
section.portrait { max-width: 190mm; }
section.landscape { max-width: 277mm; }
h1 { font-size: 15pt; margin: 0 0 2mm 0; }
p.info { font-size: 9pt; margin: 0 0 1mm 0; }
p.note { font-size: 10pt; font-weight: bold; margin: 2mm 0; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; margin: 2mm 0 3mm 0; }
caption { text-align: left; font-weight: bold; font-size: 10pt; padding-bottom: 1mm; }
td { border: 0.2mm solid #5a5a5a; font-size: 9pt; padding: 0 1mm; overflow: hidden;
     white-space: nowrap; text-overflow: ellipsis; }
td.heavy { border-left: 0.6mm solid #000; }
td.L { text-align: left; } td.C { text-align: center; } td.R { text-align: right; }
td.b { font-weight: bold; } td.s { font-size: 6.5pt; white-space: pre-line; text-overflow: clip; line-height: 1.15; padding: 0 0.3mm; }
td.head { white-space: normal; }
td.head, td.total { background: #e1e1e1; } td.name { background: #f2f2f2; } td.void { background: #fafafa; }
@media print { @page { size: A4; margin: 0; } }
"""


def render(pages, path, title="tileclock score sheet"):
    """Write `pages` (from layout) to the HTML file `path`."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(to_html(pages, title))


def to_html(pages, title="tileclock score sheet"):
    out = ['<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n',
           "<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n" % (escape(title), _CSS)]
    for page in pages:
        out.append('<section class="page %s">\n' % ("landscape" if page.landscape else "portrait"))
        out.append("<h1>%s</h1>\n" % escape(page.title))
        for line in page.info:
            out.append('<p class="info">%s</p>\n' % escape(line))
        for block in page.blocks:
            if isinstance(block, str):
                out.append('<p class="note">%s</p>\n' % escape(block))
            else:
                out.append(_table(block))
        out.append("</section>\n")
    out.append("</body>\n</html>\n")
    return "".join(out)


def _table(table):
    total = float(sum(table.widths))
    out = ["<table>\n"]
    if table.caption:
        out.append("<caption>%s</caption>\n" % escape(table.caption))
    out.append("<colgroup>")
    for w in table.widths:
        out.append('<col style="width:%.2f%%">' % (100.0 * w / total))
    out.append("</colgroup>\n")
    for height, cells in table.rows:
        out.append('<tr style="height:%.1fmm">' % height)
        col = 0
        for cell in cells:
            classes = [cell.align]
            if col in table.heavy:
                classes.append("heavy")
            col += cell.span
            if cell.bold:
                classes.append("b")
            if cell.small:
                classes.append("s")
            if cell.fill:
                classes.append(cell.fill)
            span = ' colspan="%d"' % cell.span if cell.span > 1 else ""
            text = "<br>".join(escape(t) for t in cell.text.split("\n"))
            out.append('<td class="%s"%s>%s</td>' % (" ".join(classes), span, text))
        out.append("</tr>\n")
    out.append("</table>\n")
    return "".join(out)
