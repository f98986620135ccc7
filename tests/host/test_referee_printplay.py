# The print-and-play PDF: three pages, and every tile's across face printed
# exactly behind its down face when the sheet is turned over on its long edge.
#
# The rendered pages are read back as pictures (pypdfium2, tests/host/
# pdfpages.py): each square's letter is recognised by comparing it with the
# letters of the down-face page, so the test sees what a player would see.
import os

import pdfpages
import pytest
from PIL import Image

from tileclock.games.spellsport.tiles import TILE_COUNT, tile
from tileclock_host.cli import main
from tileclock_host.games.spellsport.printplay import Layout, render

DPI = 300
MM = DPI / 25.4  # pixels a millimetre


def test_geometry_back_faces_mirror_front_faces():
    for paper, width in (("a4", 210.0), ("letter", 215.9)):
        layout = Layout(paper)
        assert 7 <= layout.square <= 8
        for index in range(TILE_COUNT):
            x, y, w, h = layout.front_rect(index)
            assert (w, h) == (layout.square, 2 * layout.square)
            # Flipped on the long (vertical) edge: x -> width - x, y stays.
            assert layout.back_rect(index) == pytest.approx((width - (x + w), y, w, h))
            assert 0 < x and x + w < width


def page_count(pdf_path):
    with open(pdf_path, "rb") as f:
        data = f.read()
    return data.count(b"/Type /Page\n") + data.count(b"/Type /Page>") + data.count(b"/Type /Page/")


def ink(image):
    """Black-and-white mask of the dark pixels, as mode '1'."""
    return image.convert("L").point(lambda v: 255 if v < 128 else 0).convert("1")


def crop_square(page, x, y, side):
    # Keep off the cut lines: the middle 70% of the square.
    inset = side * 0.15
    box = [round(v * MM) for v in (x + inset, y + inset, x + side - inset, y + side - inset)]
    return ink(page.crop(box))


def glyph(picture):
    """The ink of a letter moved to the middle of a fixed canvas, so that a
    pixel's shift in rasterising doesn't count as a difference; as the bits
    of one integer, to compare quickly."""
    canvas = Image.new("1", (128, 128), 0)
    box = picture.getbbox()
    if box:
        letter = picture.crop(box)
        canvas.paste(letter, ((128 - letter.width) // 2, (128 - letter.height) // 2))
    return int.from_bytes(canvas.tobytes(), "big")


def difference(a, b):
    """How many pixels differ between two glyphs."""
    return bin(a ^ b).count("1")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_rendered_faces_land_back_to_back(tmp_path, paper):
    pdf = str(tmp_path / "tiles.pdf")
    assert main(["tiles", "--paper", paper, pdf]) == 0
    layout = Layout(paper)
    # Every page at a glance (to count them), then the two tile pages sharp.
    assert len(pdfpages.pictures(pdf, dpi=10)) == 3 == page_count(pdf)
    front, back = pdfpages.pictures(pdf, dpi=DPI, first=1, last=2)
    assert abs(front.width - layout.width * MM) <= 1 and abs(front.height - layout.height * MM) <= 1
    s = layout.square

    def front_letters(index):
        x, y, _, _ = layout.front_rect(index)
        return crop_square(front, x, y, s), crop_square(front, x, y + s, s)

    # One picture of each letter, from the down faces.
    templates = {}
    for index in range(TILE_COUNT):
        for letter, picture in zip(tile(index), front_letters(index)):
            templates.setdefault(letter, glyph(picture))
    assert len(templates) == 26

    def read(picture):
        seen = glyph(picture)
        return min(templates, key=lambda letter: difference(seen, templates[letter]))

    for index in range(TILE_COUNT):
        first, second = tile(index)
        assert [read(p) for p in front_letters(index)] == [first, second]
        # Where the back of this tile is: mirror the front rectangle ourselves.
        x, y, w, h = layout.front_rect(index)
        bx = layout.width - x - w
        # Seen from the back, the first square is still on top; turning the tile
        # a quarter anticlockwise must show the first letter upright on the left.
        top = crop_square(back, bx, y, s).rotate(90, expand=True)
        bottom = crop_square(back, bx, y + s, s).rotate(90, expand=True)
        assert (read(top), read(bottom)) == (first, second), "tile %d %s" % (index, first + second)


def test_bad_output_path_is_a_user_error(tmp_path, capsys):
    assert main(["tiles", str(tmp_path / "no" / "such" / "dir.pdf")]) == 1
    assert "dir.pdf" in capsys.readouterr().err


def test_render_returns_layout(tmp_path):
    layout = render("letter", str(tmp_path / "t.pdf"))
    assert layout.paper == "letter" and os.path.getsize(str(tmp_path / "t.pdf")) > 1000
