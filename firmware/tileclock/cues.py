# Events the app turns into sounds and prompts. Plain ints: no allocation.
from micropython import const

NONE = const(0)
COUNT_IN = const(1)      # one beat of 3-2-1 (Speed Scrabble)
GO = const(2)            # play begins
TAKE_ONE = const(3)      # every player takes one tile (Word-Sport go, Take One)
TAKE_TWO = const(4)      # every player takes two tiles
IM_OUT = const(5)        # play stops at once (Speed Scrabble)
WIN = const(6)           # first finisher: countdown starts (Word-Sport)
LAST_TEN = const(7)      # one tick per second in the last ten seconds
TIME_UP = const(8)       # countdown reached zero
REFUSED = const(9)       # a press the rules do not allow
PICK = const(10)         # Idaho: every player tops up to seven unused
TAKE_SIX = const(11)     # Spell Sport: a player may take six new tiles
BATTERY = const(12)      # the battery is low, or nearly empty (hal/battery.py)
ONE_MINUTE = const(13)   # a minute left of a time bank (Board Clock)
OVERTIME = const(14)     # another minute of overtime begins: 10 points more (Board Clock)

NAMES = ("", "COUNT_IN", "GO", "TAKE_ONE", "TAKE_TWO", "IM_OUT", "WIN",
         "LAST_TEN", "TIME_UP", "REFUSED", "PICK", "TAKE_SIX", "BATTERY",
         "ONE_MINUTE", "OVERTIME")
