# The Pico's `machine` for the heap gauge (bench/pico/gauge.mjs): enough for
# the firmware's own tileclock/hal/board.py to build the real board on
# MicroPython's WebAssembly port. On the Pico these objects are the
# firmware image's (in flash, no heap); here they are in the heap being
# measured, so they are few and small. Every name here is a qstr: the
# machine API's are the Pico's static ones (the gauge counts the qstrs
# loaded before main.py as its own, not the firmware's), the rest start
# with "gauge_" so that no name the firmware makes is taken for the
# gauge's, and arguments the firmware never names are *args.
#
# The gauge drives it from JavaScript: gauge_edge() is a seat pin changing
# level (its interrupt handler called at once, as a hard IRQ is on the
# Pico), gauge_supply() what VSYS reads; the first picture sent to the
# display after the board is made calls js.gaugeFrame() (the gauge counts
# the modules loaded by then).
import js

gauge_levels = bytearray(b"\x01" * 30)  # GP0..GP29 as read: pulled up, released
gauge_pins = []                         # the pins with an interrupt handler
gauge_state = [0, -1]                   # VSYS in mV; -1 until the board is made, 1 after its first frame


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, *args):
        self.id = id

    def value(self, *args):
        if not args:
            return gauge_levels[self.id]
        gauge_levels[self.id] = args[0]

    def irq(self, handler=None, trigger=12, hard=False):
        self.gauge_handler = handler
        gauge_pins.append(self)


def gauge_edge(id, args):
    gauge_levels[id] = args
    for pin in gauge_pins:
        if pin.id == id:
            pin.gauge_handler(pin)


def gauge_supply(args):
    gauge_state[0] = args


class PWM:
    def __init__(self, *args):
        pass

    def freq(self, *args):
        pass

    def duty_u16(self, *args):
        pass


class I2C:
    # a bus that discards what it is sent; the display answers its scan
    def __init__(self, id, sda=None, scl=None, freq=400000):
        pass

    def scan(self):
        return [0x3C, 0x3D]

    def writeto(self, *args):
        if gauge_state[1] == 0 and args[1][0] == 0x40:    # display data, after the board
            gauge_state[1] = 1
            js.gaugeFrame()


class WDT:
    def __init__(self, id=0, timeout=5000):
        pass

    def feed(self):
        pass


class ADC:
    def __init__(self, *args):
        pass

    def read_u16(self):
        # VSYS / 3 against 3.3 V, as hal/board.py reads it back
        return gauge_state[0] * 65535 // 9900
