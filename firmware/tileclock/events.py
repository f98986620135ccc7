# Button events as small ints, so polling never allocates: (kind << 4) | seat.
from micropython import const

NONE = const(0)
PRESS = const(1)
LONG = const(2)     # held about a second, then let go: back or undo
HOLD = const(3)     # held about a second, still down: say what letting go does
MENU = const(4)     # held two and a half seconds: this screen's menu


def make(kind, seat):
    return (kind << 4) | seat


def kind_of(event):
    return event >> 4


def seat_of(event):
    return event & 0x0F
