# The simulated boards: the Pico's board with its buttons, buzzer, battery
# and display (simboard, simbattery; panel decodes what the display is sent
# as the SSD1306 or SH1106 would), the firmware on it (simdevice), its flash
# in memory (fsmodel), and the CircuitPython board (cpboard).
#
# All but cpboard also run on MicroPython: the web page, `tileclock sim
# --micropython`, the benches and the firmware tests on the unix port use
# them there, so they keep to what MicroPython has (no f-string `=`, no
# os.makedirs, no Pillow). tests/host/test_micropython.py imports each on
# the unix port.
