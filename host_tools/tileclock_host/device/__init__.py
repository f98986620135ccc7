# A real box on USB: finding it (usb), talking to its MicroPython over the
# serial REPL with mpremote (maintenance), and a CircuitPython board's
# drive (circuitpy). The commands deploy, pull and sim --board use them.
