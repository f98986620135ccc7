# The top line: a title beside its note stays readable when both don't fit,
# and the Word-Sport entries say what ended play. Runs under pytest and on
# the MicroPython unix port.
try:
    import framebuf
except ImportError:
    from tileclock_host import shims
    shims.install()
    import framebuf

from tileclock.ui import draw
from test_app_device import Device, word_sport_to_the_countdown


def _canvas():
    buf = bytearray(128 * 64 // 8)
    return buf, framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)


def _top_line(buf):
    # the first page: rows 0-7, the title's text
    return bytes(buf[:128])


def _title(s, note):
    buf, fb = _canvas()
    draw.title(fb, s, note)
    return _top_line(buf)


def _text_and_note(s, note):
    buf, fb = _canvas()
    fb.text(s, 0, 0, 1)
    draw.right(fb, note, 0)
    fb.hline(0, draw.CHAR + 1, draw.W, 1)
    return _top_line(buf)


def test_a_long_title_keeps_its_number_beside_the_note():
    # round 30 of eight players on a double set: "ROUND 3" was what showed
    assert _title("ROUND 30", "120 left") == _text_and_note("RND 30", "120 left")
    assert _title("ROUND 30", "bag 120") == _text_and_note("ROUND 30", "bag 120")     # it fits: as it is
    assert _title("ROUND 1", "TIME UP") == _text_and_note("ROUND 1", "TIME UP")
    assert _title("GAME 12", "bag 100") == _text_and_note("GAME 12", "bag 100")
    # a ready screen beside "USB": the game's name loses its vowels, the round keeps its number
    assert _title("R2 WORD-SPORT", "USB") == _text_and_note("R2 WRD-SPRT", "USB")


def _entries_title(dev, ended):
    assert dev.screen() == "WsEntry"
    buf, fb = _canvas()
    dev.app.manager.screen.draw(fb, dev.app.now())
    assert _top_line(buf) == _title("ROUND 1", ended), ended


def test_the_entries_say_what_ended_play():
    dev = Device(settings={"game": "wordsport", "players": 2, "tiles": "half"})
    word_sport_to_the_countdown(dev)
    dev.run(3000)
    dev.press(1)                        # the second and last out
    dev.press(2)                        # ends the countdown
    _entries_title(dev, "ALL OUT")
    dev.close()
    dev = Device(settings={"game": "wordsport", "players": 2, "tiles": "half", "countdown": 30})
    word_sport_to_the_countdown(dev)
    dev.run(31000)                      # seat 1 never finishes
    _entries_title(dev, "TIME UP")
    dev.close()


class _Cells:
    # what draw.title reads of hal/battery.Battery
    def __init__(self, level, on_usb=False):
        self.level = level
        self.on_usb = on_usb


def test_the_battery_shows_as_usb_or_a_cell_filled_to_its_level():
    buf, fb = _canvas()
    draw.title(fb, "tileclock", None, _Cells(100, on_usb=True))
    assert _top_line(buf) == _title("tileclock", "USB")
    buf, fb = _canvas()
    draw.title(fb, "tileclock", None, draw.USB)        # a box with no battery: USB alone
    assert _top_line(buf) == _title("tileclock", "USB")
    pictures = []
    for level in (100, 50, 0):
        buf, fb = _canvas()
        draw.title(fb, "tileclock", None, _Cells(level))
        pictures.append(_top_line(buf))
        # the cell at the right edge: its left side rows 0-6, its tip rows 2-4
        assert buf[115] == 0x7F and buf[127] == 0x1C
    assert pictures[0] != pictures[1] != pictures[2]      # filled to the level
    buf, fb = _canvas()
    draw.title(fb, "ROUND 30 OF 40", None, _Cells(87))
    assert _top_line(buf)[:40] == _title("RND 30", "x")[:40]   # a long title makes room
