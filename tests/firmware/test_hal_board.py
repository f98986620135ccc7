# The real board built from board_config, on a stand-in `machine` module;
# and the config check's messages.
try:
    import framebuf  # noqa: F401
except ImportError:
    from tileclock_host import shims
    shims.install()
import board_config
from check import raises
from tileclock.hal.board import check_config, make_board
from tileclock.hal.display import SH1106, SSD1306
from tileclock_host.boards.panel import PanelBus

# The board looks for a maintenance flag in its flash folder: give it one
# that does not exist rather than the test machine's "/".
NO_FLASH = "/tmp/tileclock-test-no-flash-folder"


def _config(**changes):
    d = {}
    for name in dir(board_config):
        if name.isupper():
            d[name] = getattr(board_config, name)
    for k in changes:
        d[k] = changes[k]
    return d


class FakeMachine:
    """Just enough of `machine` for make_board; records what was made."""

    def __init__(self, levels=None, devices=(0x3C,)):
        self.levels = levels or {}
        self.outputs = {}
        self.adc = {}               # channel pin: read_u16()
        self.pins = {}
        self.made = []
        machine = self

        class Pin:
            IN = 0
            OUT = 2
            PULL_UP = 1
            IRQ_FALLING = 4
            IRQ_RISING = 8

            def __init__(self, n, mode=-1, pull=-1):
                self.n = n
                self.mode = mode
                self.pull = pull
                self.handler = None
                machine.pins[n] = self

            def value(self, v=None):
                if v is not None:
                    machine.outputs[self.n] = v
                    return None
                return machine.levels.get(self.n, 1)

            def irq(self, handler, trigger, hard=False):
                self.handler = handler
                self.trigger = trigger
                self.hard = hard

        class I2C(PanelBus):
            def __init__(self, bus_id, sda, scl, freq):
                PanelBus.__init__(self, 0x3C, columns=132 if machine.sh1106 else 128,
                                  offset=2 if machine.sh1106 else 0)
                machine.made.append(("I2C", bus_id, sda.n, scl.n, freq))
                machine.i2c = self

            def scan(self):
                return list(devices)

        class PWM:
            def __init__(self, pin):
                machine.made.append(("PWM", pin.n))

            def freq(self, hz):
                pass

            def duty_u16(self, d):
                self.duty = d

        class WDT:
            def __init__(self, timeout):
                machine.made.append(("WDT", timeout))
                self.feeds = 0
                machine.wdt = self

            def feed(self):
                self.feeds += 1

        class ADC:
            def __init__(self, n):
                machine.made.append(("ADC", n))
                self.n = n

            def read_u16(self):
                return machine.adc.get(self.n, 0)

        self.Pin = Pin
        self.ADC = ADC
        self.I2C = I2C
        self.PWM = PWM
        self.WDT = WDT
        self.sh1106 = False


class FakeTime:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += ms


def test_the_shipped_config_is_valid():
    assert check_config(board_config) == []
    assert board_config.DISPLAY in ("ssd1306", "sh1106")
    assert 1 <= len(board_config.SEAT_PINS) <= 8


def test_a_wrong_config_is_explained():
    problems = check_config(_config(BUZZER_PIN=board_config.SEAT_PINS[0]))
    assert problems == ["BUZZER_PIN = GP%d is already SEAT_PINS seat 1" % board_config.SEAT_PINS[0]]
    p = check_config(_config(I2C_SDA=5, I2C_SCL=4))
    assert "I2C_SDA = GP5 cannot be SDA of I2C0 (use one of GP0, GP4, GP8, GP12, GP16, GP20)" in p
    assert len(p) == 2
    assert check_config(_config(I2C_ID=1, I2C_SDA=6, I2C_SCL=7)) == []
    assert "GP0..GP22" in check_config(_config(BUZZER_PIN=25))[0]
    assert "DISPLAY = 'st7735'" in check_config(_config(DISPLAY="st7735"))[0]
    assert "1 to 8" in check_config(_config(SEAT_PINS=tuple(range(6, 15))))[0]
    assert "8388" in check_config(_config(WATCHDOG_MS=10000))[0]
    assert "0x3C or 0x3D" in check_config(_config(DISPLAY_ADDR=0x27))[0]
    e = raises(ValueError, make_board, _config(DISPLAY="oled"), FakeMachine(), FakeTime())
    assert str(e).startswith("board_config.py: DISPLAY = 'oled'")


def test_make_board_wires_what_the_config_says():
    m = FakeMachine()
    t = FakeTime()
    board = make_board(_config(WATCHDOG_MS=0), m, t, NO_FLASH)
    assert m.made[0] == ("PWM", board_config.BUZZER_PIN)
    assert m.made[1] == ("I2C", board_config.I2C_ID, board_config.I2C_SDA, board_config.I2C_SCL,
                         board_config.I2C_FREQ)
    assert len(m.made) == 2        # no watchdog
    assert board.buttons.seats == len(board_config.SEAT_PINS)
    for n in board_config.SEAT_PINS:
        assert m.pins[n].pull == m.Pin.PULL_UP
        # both edges of every seat pin on a hard interrupt (hal/buttons.py)
        pin = m.pins[n]
        assert pin.handler is not None and pin.hard and pin.trigger == m.Pin.IRQ_FALLING | m.Pin.IRQ_RISING
    assert isinstance(board.display, SSD1306)
    assert m.i2c.on
    assert board.fs_root == NO_FLASH
    assert not board.safe_mode
    board.sleep_ms(25)
    assert board.ticks_ms() == 25
    board.feed_watchdog()          # no watchdog: nothing to feed


def test_watchdog_flip_sh1106_and_safe_mode():
    m = FakeMachine()
    m.sh1106 = True
    board = make_board(_config(DISPLAY="sh1106", WATCHDOG_MS=8000, DISPLAY_FLIP=True), m, FakeTime(), NO_FLASH)
    assert isinstance(board.display, SH1106)
    assert ("WDT", 8000) in m.made
    board.feed_watchdog()
    board.feed_watchdog()
    assert m.wdt.feeds == 2
    m = FakeMachine(levels={board_config.SEAT_PINS[0]: 0})   # seat 1 held
    board = make_board(_config(WATCHDOG_MS=8000), m, FakeTime(), NO_FLASH)
    assert board.safe_mode
    assert not [x for x in m.made if x[0] == "WDT"]


def test_a_missing_display_says_where_it_looked():
    e = raises(OSError, make_board, _config(), FakeMachine(devices=()), FakeTime())
    assert "no display at 0x3c on I2C0 (SDA GP4, SCL GP5)" in str(e)
    assert "nothing" in str(e)
    e = raises(OSError, make_board, _config(), FakeMachine(devices=(0x3D,)), FakeTime())
    assert "found: 0x3d" in str(e)


def _raw(mv):
    # the ADC's read_u16() for VSYS at `mv` (its divider by three, 3.3 V reference)
    return (mv * 65535 + 9899) // 9900


def test_a_box_on_usb_alone_has_no_battery():
    board = make_board(_config(), FakeMachine(), FakeTime(), NO_FLASH)
    assert board.battery is None


def test_the_pico_reads_vsys_on_adc3_and_vbus_on_gp24():
    m = FakeMachine(levels={24: 0})
    board = make_board(_config(BATTERY=("alkaline", 3)), m, FakeTime(), NO_FLASH)
    assert ("ADC", 29) in m.made
    m.adc[29] = _raw(4200)                  # VSYS 4.2 V: 1.4 V at the pin
    battery = board.battery
    battery.update(0)
    assert not battery.on_usb
    assert battery.millivolts == 4200
    assert battery.kind == "alkaline" and battery.cells == 3 and battery.diode_mv == 250
    m.levels[24] = 1                        # USB plugged in
    battery.update(1000)
    assert battery.on_usb and battery.label() == "USB"


def test_the_pico_w_reads_vsys_with_gp25_high_and_vbus_from_the_radio_chip():
    m = FakeMachine(levels={"WL_GPIO2": 0})
    board = make_board(_config(BOARD="pico_w", BATTERY=("li-ion", 1), BATTERY_DIODE_MV=0), m, FakeTime(), NO_FLASH)
    assert m.outputs.get(25) == 1 and "WL_GPIO2" in m.pins and 24 not in m.pins
    m.adc[29] = _raw(3900)
    board.battery.update(0)
    assert not board.battery.on_usb and board.battery.label() == "bat 75%"


def test_a_wrong_board_or_battery_is_explained():
    assert "BOARD = 'pico3'" in check_config(_config(BOARD="pico3"))[0]
    problem = check_config(_config(BATTERY=("lead", 3)))[0]
    assert problem.startswith("BATTERY = ('lead', 3): None (USB only), or (kind, cells)")
    assert check_config(_config(BOARD="pico2", BATTERY=("nimh", 3))) == []
