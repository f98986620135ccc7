# The rules of the games as plain state machines: no clock, pin or file here.
# Every method that depends on time takes `now`, ticks in ms from the board.
