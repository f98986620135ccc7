# Tile Rush engine memory on MicroPython: ten rounds of eight players, every
# round played to its final call (a failed call in every other round).
#     .venv/bin/micropython -X heapsize=190wK bench/mpy_engine_tilerush.py
# Prints the engine's peak heap (gc.mem_alloc() after a gc.collect()
# following every action, less the heap before the game was built), what
# the action history is of it, the same evening folded at every close as
# the app folds it (the game then holds the last closed round and the one in
# play: what the device holds), and the bytes one tick(now) and one
# clock_ms(now) allocate while the clock runs. 64-bit unix port: about twice
# a Pico's object sizes.
import gc
import sys

sys.path.insert(0, "firmware")
sys.path.insert(0, "bench")

import budgets  # noqa: E402
from tileclock.games.tilerush.rules import TileRush  # noqa: E402
from tileclock.ticks import TICKS_PERIOD, ticks_add  # noqa: E402

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
ROUNDS = 10

base = 0
peak = 0


def sample():
    global peak
    gc.collect()
    used = gc.mem_alloc() - base
    if used > peak:
        peak = used


def act(game, now, verb, args=()):
    game.do(now, verb, args)
    sample()


def still_in(game, seat):
    """`seat`, or the next seat after it still in the round."""
    while seat in game.out:
        seat = seat % 8 + 1
    return seat


def one_round(game, now, number):
    act(game, now, "start")
    seat = 1
    while True:
        now = ticks_add(now, 9000)
        seat = still_in(game, seat % 8 + 1)
        if number % 3 == 0 and game.pool.remaining >= 3 and seat == 4:
            act(game, now, "dump", (seat,))
        elif game.can_peel():
            act(game, now, "peel", (seat,))
        else:
            act(game, now, "call", (still_in(game, 1 + number % 8),))
            now = ticks_add(now, 20000)
            if number % 2 and game.playing > 2:
                act(game, now, "fails")       # back to play: peels again
                continue
            act(game, now, "holds")
            return ticks_add(now, 60000)


def tick_bytes(game, now):
    worst = 0
    for i in range(100):
        at = ticks_add(now, i * 37)
        gc.collect()
        gc.disable()
        m0 = gc.mem_alloc()
        game.tick(at)
        game.clock_ms(at)
        game.clock_running(at)
        grew = gc.mem_alloc() - m0
        gc.enable()
        worst = max(worst, grew)
    return worst


def evening(fold):
    """The evening's game at its end; with `fold`, folded at every close
    where the app folds it (Game.foldable), as the device holds it."""
    global base, peak
    gc.collect()
    base = gc.mem_alloc()           # (the bench's own functions not counted)
    peak = 0
    game = TileRush()
    now = TICKS_PERIOD - 600000     # the evening crosses the tick counter's wrap
    for s in range(1, 9):
        act(game, now, "seat", (s, NAMES[s - 1]))
    for number in range(1, ROUNDS + 1):
        now = one_round(game, now, number)
        if fold and game.foldable():
            game = game.folded()[0]
            sample()
    return game, now


game, now = evening(False)
game.do(now, "start")
running = tick_bytes(game, ticks_add(now, 5000))
actions = len(game.history)
gc.collect()
held = gc.mem_alloc()
game.history = []
gc.collect()
history_bytes = held - gc.mem_alloc()
unfolded = peak
standings = game.standings()[:3]
game = None
game, now = evening(True)
folded = peak
game = None
print("tile rush evening: %d rounds, 8 players, %d actions; standings %s" % (ROUNDS, actions, standings))
print("engine peak heap: %d bytes (the history of the actions: %d bytes)" % (unfolded, history_bytes))
print("  folded at every close, as the app holds it: %d bytes" % folded)
print("tick(now), clock_ms(now) while the clock runs: %d bytes allocated" % running)
budgets.check("engine.tilerush.peak", folded)      # what the device holds
budgets.check("engine.tilerush.tick_alloc", running)
budgets.done()
