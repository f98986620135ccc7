# Display figures: bytes show() puts on the I2C bus for typical changes, on
# both controllers, with the estimated wire time at 400 kHz (9 bit times a
# byte, plus the address byte of each transaction), and the driver's heap.
# The bus is the emulated controller (tileclock_host.boards.panel): the bytes are
# exactly what the real driver would send to a real panel.
import gc
import sys

sys.path.insert(0, "firmware")
sys.path.insert(0, "host_tools")
sys.path.insert(0, "bench")
import budgets  # noqa: E402
from tileclock.hal.display import make_display  # noqa: E402
from tileclock_host.boards.panel import PanelBus  # noqa: E402


def bus_ms(nbytes, writes, hz=400000):
    return (nbytes + writes) * 9 * 1000 / hz


def measure(label, d, bus, draw):
    draw(d)
    b0 = bus.bytes
    w0 = bus.writes
    sent = d.show()
    assert bus.bytes - b0 == sent
    assert bytes(bus.frame()) == bytes(d.buffer)
    writes = bus.writes - w0
    print("  %-34s %5d bytes %3d writes  %5.1f ms" % (label, sent, writes, bus_ms(sent, writes)))
    return sent


def big_digit(d, x, y, pattern):
    # a 16x32 glyph cell like ui/bigdigits: clear it, draw strokes
    d.fill_rect(x, y, 16, 32, 0)
    for i in range(4):
        if pattern >> i & 1:
            d.fill_rect(x, y + i * 8, 16, 4, 1)


for kind in ("ssd1306", "sh1106"):
    d = bus = None
    gc.collect()
    bus = PanelBus(columns=132 if kind == "sh1106" else 128, offset=2 if kind == "sh1106" else 0)
    gc.collect()
    free1 = gc.mem_free()
    d = make_display(kind, bus)
    gc.collect()
    print("%s: driver heap %d bytes" % (kind, free1 - gc.mem_free()))
    measure("full frame (after invalidate)", d, bus, lambda d: (d.fill(1), d.invalidate()))
    d.fill(0)
    d.text("0:59", 48, 28, 1)
    d.show()
    measure("one 8x8 digit (0:59 -> 0:58)", d, bus, lambda d: (d.fill_rect(72, 28, 8, 8, 0), d.text("8", 72, 28, 1)))
    big_digit(d, 58, 16, 0b1010)
    d.show()
    digit = measure("one 16x32 digit at x=58 (4 pages)", d, bus, lambda d: big_digit(d, 58, 16, 0b0101))
    idle = measure("nothing changed", d, bus, lambda d: None)
    budgets.check("display.digit_bytes", digit)
    budgets.check("display.idle_bytes", idle)
budgets.done()
