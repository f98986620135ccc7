# The seat labels (tileclock labels): every seat's ring and card, the
# gestures in the firmware's own figures, at 1:1 on the page.
import pypdfium2 as pdfium
import pytest

import pdfpages
from tileclock.hal.buttons import LONG_MS, MENU_MS
from tileclock_host import cli, seatlabels


def _page_mm(pdf):
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [tuple(round(v / 72 * 25.4, 1) for v in page.get_size()) for page in doc]
    finally:
        doc.close()


@pytest.mark.parametrize("seats,pages", [(2, 1), (4, 1), (8, 2)])
def test_every_seat_has_its_ring_and_its_card(tmp_path, capsys, seats, pages):
    out = tmp_path / "labels.pdf"
    assert cli.main(["labels", str(out), "--seats", str(seats)]) == 0
    said = capsys.readouterr().out
    assert said.startswith("wrote %s: %d page" % (out, pages)) and "%d seats" % seats in said
    assert _page_mm(out) == [(210.0, 297.0)] * pages
    words = pdfpages.text(out)
    for seat in range(1, seats + 1):
        assert "SEAT %d" % seat in words
    assert "SEAT %d" % (seats + 1) not in words
    # the long press and the menu as the buttons decide them
    hold = "hold %s s, let go: undo / back" % seatlabels.seconds(LONG_MS)
    assert words.count(hold) == seats and words.count("hold on %s s: the menu" % seatlabels.seconds(MENU_MS)) == seats
    assert hold == "hold 0.9 s, let go: undo / back"
    assert words.count("starts the game") == 1           # seat 2's card alone
    # Board Clock's out play (docs/boardclock.md): the gesture on every card
    assert words.count("Board Clock, went out: hold on, then 2") == seats
    assert "100 mm: print at 100 %" in words


def test_the_rings_fit_the_puck_and_the_bar_is_100_mm(tmp_path):
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2] / "hardware" / "enclosure"))
    import enclosure
    button = enclosure.BUTTON_PARTS["arcade30"]
    outer = max(button["bezel"], button["body"]) + 2 * enclosure.PUCK["margin"]
    assert seatlabels.RING_INNER > button["bezel"] and seatlabels.RING_OUTER < outer
    out = tmp_path / "labels.pdf"
    seatlabels.render(str(out), 4)
    # the bar's black pixels on a 254 dpi picture (10 px a mm): 100 mm long
    picture = pdfpages.pictures(out, dpi=254)[0]
    px = picture.load()
    w, h = picture.size
    best = 0
    for y in range(h // 2, h):
        run = 0
        for x in range(w):
            if px[x, y] < 128:
                run += 1
                best = max(best, run)
            else:
                run = 0
    assert 995 <= best <= 1010, best


def test_a_wrong_name_or_seat_count_is_refused_in_one_line(tmp_path, capsys):
    assert cli.main(["labels", str(tmp_path / "labels.txt")]) == 1
    assert "give a name ending .pdf" in capsys.readouterr().err
    assert cli.main(["labels", str(tmp_path / "x.pdf"), "--seats", "9"]) == 1
    assert "--seats 9: a box has 2 to 8 seats" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()
