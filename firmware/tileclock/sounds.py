# The tune of every cue in tileclock/cues.py, as data: (frequency Hz, ms) pairs
# flattened into one tuple per cue; frequency 0 is a rest. A passive piezo is
# loudest near its resonance (2-4 kHz) and weak below 500 Hz, so the tunes
# sit between 500 Hz and 3 kHz and tell cues apart by rhythm and direction:
# rising = something to do, falling = stop, low and long = time is up.
# Tuples of small ints are constants in a .mpy: importing allocates nothing
# per play.
from tileclock import cues

_C6 = 1047
_E6 = 1319
_G6 = 1568
_A5 = 880
_A6 = 1760
_B5 = 988
_B6 = 1976
_C7 = 2093
_TICK = 2637  # E7, short

TUNES = {
    cues.COUNT_IN: (_A5, 120),                                    # 3-2-1 beat
    cues.GO: (_A6, 400),                                          # one long high note
    cues.TAKE_ONE: (_E6, 40, _A6, 60),                            # chirp up
    cues.TAKE_TWO: (_E6, 40, _A6, 60, 0, 70, _E6, 40, _A6, 60),   # chirp up, twice
    cues.IM_OUT: (_A6, 100, _E6, 100, _A5, 250),                  # falling: stop
    cues.WIN: (_C6, 120, _E6, 120, _G6, 120, _C7, 350),           # fanfare
    cues.LAST_TEN: (_TICK, 25),                                   # one tick a second
    cues.TIME_UP: (600, 300, 0, 80, 600, 300, 0, 80, 600, 700),   # low buzz x3
    cues.REFUSED: (700, 80, 0, 40, 523, 160),                     # "uh-uh"
    cues.PICK: (_B5, 60, _E6, 60, _B6, 120),                      # three rising
    cues.TAKE_SIX: (_G6, 50, 0, 40, _G6, 50, 0, 40, _C7, 160),    # two taps and up
    cues.BATTERY: (_E6, 150, _A5, 150, 0, 150, _E6, 150, _A5, 300),  # falling twice: running down
    cues.ONE_MINUTE: (_C7, 150),                                  # one short, high: a minute left
    cues.OVERTIME: (_C6, 80, _A5, 160),                           # short, falling: 10 more points
}

# A new cue replaces the one playing unless the one playing ranks higher
# (a last-ten tick must not cut the winner's fanfare short).
PRIORITY = {
    cues.LAST_TEN: 0,
    cues.COUNT_IN: 1,
    cues.TAKE_ONE: 1,
    cues.TAKE_TWO: 1,
    cues.PICK: 1,
    cues.TAKE_SIX: 1,
    cues.REFUSED: 1,
    cues.BATTERY: 1,
    cues.OVERTIME: 1,
    cues.GO: 2,
    cues.ONE_MINUTE: 2,
    cues.IM_OUT: 2,
    cues.WIN: 2,
    cues.TIME_UP: 3,
}


def length_ms(cue):
    """How long the tune of `cue` lasts."""
    tune = TUNES.get(cue, ())
    return sum(tune[1::2])
