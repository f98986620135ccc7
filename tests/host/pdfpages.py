# PDF pages read back by the tests, with pypdfium2 (PDFium, the PDF engine
# of Chromium, in a wheel: nothing to install beside `make venv`).
#
#   pdfpages.text(pdf)                     # every page's words, spaces squeezed
#   pdfpages.pictures(pdf, dpi=50)         # one greyscale PIL picture a page
import pypdfium2 as pdfium


def text(pdf):
    """The words of every page in reading order, runs of white space as one
    space (what `pdftotext -layout` gave, squeezed)."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        words = []
        for page in doc:
            words += page.get_textpage().get_text_range().split()
        return " ".join(words)
    finally:
        doc.close()


def pictures(pdf, dpi=50, first=1, last=None):
    """Pages `first` to `last` (counted from 1, both included; default all)
    as greyscale ("L") PIL pictures at `dpi` dots an inch."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        last = len(doc) if last is None else last
        out = []
        for index in range(first - 1, last):
            bitmap = doc[index].render(scale=dpi / 72.0, grayscale=True)
            out.append(bitmap.to_pil().convert("L"))
        return out
    finally:
        doc.close()
