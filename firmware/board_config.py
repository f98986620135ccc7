# The wiring of the tileclock box: the one source of truth for pins.
# hardware/README.md quotes this file (a test checks they agree), and
# tileclock.hal.board.make_board() builds the board from it, checking it
# first with clear messages. GP numbers are the Pico's GPIO numbers (not
# header pin numbers); the header pin is given in each comment.

# The display: "ssd1306" (0.96") or "sh1106" (1.3"), 128x64, on I2C.
DISPLAY = "ssd1306"
DISPLAY_ADDR = 0x3C          # 0x3D if the module's address jumper is moved
DISPLAY_FLIP = False         # True turns the picture 180 degrees

I2C_ID = 0                   # I2C0
I2C_SDA = 4                  # GP4, header pin 6
I2C_SCL = 5                  # GP5, header pin 7
I2C_FREQ = 400000            # 400 kHz: a full frame in about 24 ms

# One button per seat, seat 1 first: each between the GP pin and ground
# (internal pull-ups). Four by default; up to eight on GP10..GP17.
SEAT_PINS = (10, 11, 12, 13)  # GP10..GP13, header pins 14, 15, 16, 17
# SEAT_PINS = (10, 11, 12, 13, 14, 15, 16, 17)  # eight seats: + pins 19, 20, 21, 22

# Passive piezo between this pin and ground (through 100 ohm).
BUZZER_PIN = 18              # GP18, header pin 24 (pin 23 beside it is GND)

# Hardware watchdog: resets a hung box after this many ms (at most 8388 on
# the RP2040); 0 leaves it off. It can't be stopped once started, so
# `tileclock deploy` and `tileclock pull` first restart the board in safe
# mode (no watchdog, no app) by themselves, and reset it when done; holding
# seat 1 while plugging in is safe mode too (hardware/README.md).
WATCHDOG_MS = 8000

# Which board: "pico", "pico_w", "pico2" or "pico2_w". It says where the
# supply is read (docs/power.md): VSYS/3 on ADC3 (GP29) and VBUS on GP24,
# or, on a W, GP29 with GP25 held high and VBUS from the radio chip.
BOARD = "pico"

# The cells, if the box runs on them (a Schottky diode into VSYS, header pin
# 39: hardware/README.md): ("alkaline", 3), ("nimh", 3) or ("li-ion", 1);
# None for USB alone (no level shown, no warning).
BATTERY = None
BATTERY_DIODE_MV = 250       # the diode's drop at the box's few tens of mA
