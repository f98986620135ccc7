# tileclock on CircuitPython: the board (board.py), the display's canvas
# (canvas.py) and the 8x8 font its text is drawn in (font.py). The app, the
# screens, the engine and the journal are the firmware's own (firmware/).
