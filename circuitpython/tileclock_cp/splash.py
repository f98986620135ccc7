# The first screen on CircuitPython: which mode the drive is in, for two
# seconds (a word the players need once, when something is off: in edit
# mode nothing is saved).
from tileclock.ui import draw

SHOW_MS = 2000


def lines(writable):
    if writable:
        return ("tileclock", "", "scores saved", "on the drive")
    return ("USB EDIT MODE", "", "the computer may", "write the drive:", "scores are NOT", "saved. Power on",
            "without seat 1", "held to play.")


def show_mode(board):
    fb = board.display
    fb.fill(0)
    text = lines(board.flash_writable)
    y = 0 if len(text) > 4 else 16
    for line in text:
        draw.center(fb, line, y)
        y += 8
    fb.show()
    board.sleep_ms(SHOW_MS if not board.flash_writable else SHOW_MS // 2)
