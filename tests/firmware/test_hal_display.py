# The SSD1306/SH1106 drivers against an emulated controller (hal.panel):
# what reaches the glass, and how many bytes it took. Byte counts are worked
# out from the wire format: a page update is a 4-byte command (control, page,
# column low, column high) plus a control byte and 8-column blocks of data.
try:
    import framebuf  # noqa: F401
except ImportError:
    from tileclock_host import shims
    shims.install()
import gc

from check import raises
from tileclock.hal.display import SH1106, SSD1306, make_display
from tileclock_host.boards.panel import PanelBus

FULL_FRAME = 8 * (4 + 1 + 128)  # 1064


def _pair(kind):
    if kind == "sh1106":
        bus = PanelBus(columns=132, offset=2)
    else:
        bus = PanelBus()
    return make_display(kind, bus), bus


def _glass_matches(d, bus):
    return bytes(bus.frame()) == bytes(d.buffer)


def test_init_clears_the_ram_and_turns_the_panel_on():
    for kind in ("ssd1306", "sh1106"):
        d, bus = _pair(kind)
        assert bus.on
        assert bus.ram == bytearray(len(bus.ram))
        assert _glass_matches(d, bus)
        assert d.width == 128 and d.height == 64


def test_full_frame_costs_1064_bytes_on_both():
    for kind in ("ssd1306", "sh1106"):
        d, bus = _pair(kind)
        d.fill(1)
        before = bus.bytes
        assert d.show() == FULL_FRAME
        assert bus.bytes - before == FULL_FRAME
        assert _glass_matches(d, bus)
        d.invalidate()
        assert d.show() == FULL_FRAME


def test_nothing_changed_sends_nothing():
    d, bus = _pair("ssd1306")
    d.text("12:00", 0, 0, 1)
    d.show()
    writes = bus.writes
    assert d.show() == 0
    assert bus.writes == writes


def test_one_digit_change_sends_one_block_of_one_page():
    for kind in ("ssd1306", "sh1106"):
        d, bus = _pair(kind)
        d.text("0:59", 40, 24, 1)
        d.show()
        d.fill_rect(64, 24, 8, 8, 0)
        d.text("8", 64, 24, 1)     # "0:59" -> "0:58": columns 64..71 of page 3
        assert d.show() == 4 + 1 + 8
        assert _glass_matches(d, bus)


def test_unaligned_change_is_rounded_out_to_blocks():
    d, bus = _pair("ssd1306")
    d.pixel(7, 8, 1)
    d.pixel(8, 8, 1)               # columns 7 and 8: blocks 0 and 1 of page 1
    assert d.show() == 4 + 1 + 16
    d.pixel(0, 63, 1)
    d.pixel(127, 63, 1)            # both ends of page 7: the whole page
    assert d.show() == 4 + 1 + 128
    assert _glass_matches(d, bus)


def test_sh1106_draws_at_column_offset_two():
    d, bus = _pair("sh1106")
    d.pixel(0, 0, 1)
    d.pixel(127, 63, 1)
    d.show()
    assert bus.ram[2] == 0x01
    assert bus.ram[7 * 132 + 129] == 0x80
    assert bus.ram[0] == bus.ram[1] == 0
    assert _glass_matches(d, bus)


def test_many_drawings_always_reach_the_glass():
    for kind in ("ssd1306", "sh1106"):
        d, bus = _pair(kind)
        seed = 12345
        for step in range(60):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            x = seed % 140 - 6
            y = (seed >> 8) % 70 - 3
            c = (seed >> 16) & 1
            if step % 3 == 0:
                d.text("%d" % (seed % 1000), x, y, c)
            elif step % 3 == 1:
                d.fill_rect(x, y, (seed >> 4) % 30, (seed >> 12) % 20, c)
            else:
                d.line(x, y, 127 - x, 63 - y, c)
            d.show()
            assert _glass_matches(d, bus), (kind, step)


def test_a_bus_error_is_survived_and_the_next_show_resends_all():
    d, bus = _pair("ssd1306")
    d.text("A", 0, 0, 1)
    bus.fail = True
    d.show()                       # no exception: the clock keeps running
    assert d.errors == 1
    bus.fail = False
    d.text("B", 8, 0, 1)
    assert d.show() == FULL_FRAME
    assert _glass_matches(d, bus)


def test_contrast_power_and_invert():
    d, bus = _pair("sh1106")
    d.contrast(40)
    assert bus.contrast == 40
    d.poweroff()
    assert not bus.on
    d.poweron()
    assert bus.on
    d.invert(True)
    assert bus.inverted
    d.invert(False)
    assert not bus.inverted


def test_show_allocates_nothing():
    if not hasattr(gc, "mem_alloc"):
        return                     # CPython: nothing to measure
    d, bus = _pair("ssd1306")
    d.text("0:59", 40, 24, 1)
    d.show()
    d.text("8", 64, 24, 1)
    gc.collect()
    before = gc.mem_alloc()
    d.show()
    d.show()
    d.invalidate()
    d.show()
    assert gc.mem_alloc() == before


def test_wrong_kind_or_size_is_refused_with_a_message():
    e = raises(ValueError, make_display, "st7735", PanelBus())
    assert "ssd1306" in str(e)
    raises(ValueError, SSD1306, PanelBus(), 0x3C, 130, 64)
    assert isinstance(make_display("sh1106", PanelBus(columns=132, offset=2)), SH1106)
