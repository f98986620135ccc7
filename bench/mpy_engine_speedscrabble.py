# Speed Scrabble engine memory on MicroPython: a 1000-point match for four
# players on one set, played action by action.
#     .venv/bin/micropython -X heapsize=190wK bench/mpy_engine_speedscrabble.py
# Prints:
#   - the engine's peak heap: gc.mem_alloc() after a gc.collect() following
#     every action, less the heap before the game was built (budget 32 KB);
#   - the bytes one tick(now) allocates, in the count-in and in play (budget 0);
#   - how much of that is the action history Game keeps for undo;
#   - what one sheet() call allocates (a passing cost, when the sheet is asked for).
# The unix port is a 64-bit build: its objects are up to twice a Pico's size,
# so the figures are an upper bound for the RP2040.
import gc
import sys

sys.path.insert(0, "firmware")
sys.path.insert(0, "bench")

import budgets  # noqa: E402

from tileclock.games.speedscrabble.rules import ENTRY, MATCH_OVER, SpeedScrabble  # noqa: E402
from tileclock.ticks import ticks_add  # noqa: E402

PLAYERS = ("Ann", "Bob", "Cy", "Di")
# Grid points per seat, turned by round so the lead changes hands.
GRIDS = (118, 104, 96, 87, 75)

gc.collect()
base = gc.mem_alloc()
peak = 0
actions = 0


def act(game, now, verb, args=()):
    global peak, actions
    game.do(now, verb, args)
    actions += 1
    gc.collect()
    used = gc.mem_alloc() - base
    if used > peak:
        peak = used


def tick_bytes(game, now):
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for i in range(100):
        game.tick(ticks_add(now, i))
    after = gc.mem_alloc()
    gc.enable()
    return (after - before) // 100


game = SpeedScrabble()
now = 0
for seat in range(4):
    act(game, now, "seat", (seat + 1, PLAYERS[seat]))
act(game, now, "target", (1000,))

count_in_tick = play_tick = None
round_number = 0
while game.phase != MATCH_OVER:
    round_number += 1
    act(game, now, "start")
    if count_in_tick is None:
        count_in_tick = tick_bytes(game, now)
    now = ticks_add(now, 3000)
    # 72 tiles: nine Take Twos, then the tenth call is I'm Out.
    while game.phase != ENTRY:
        now = ticks_add(now, 20000)
        act(game, now, "take", (1 + (now // 20000) % 4,))
        if play_tick is None and game.phase != ENTRY:
            play_tick = tick_bytes(game, now)
    for seat in range(1, 5):
        now = ticks_add(now, 4000)
        grid = GRIDS[(seat + round_number) % len(GRIDS)]
        act(game, now, "score", (seat, grid, (seat * 3 + round_number) % 9, (seat + round_number) % 2))
    now = ticks_add(now, 4000)
    act(game, now, "close")
    now = ticks_add(now, 60000)

gc.collect()
before = gc.mem_alloc()
gc.disable()
sheet = game.sheet()
sheet_bytes = gc.mem_alloc() - before
gc.enable()

sheet = None
# How much of the engine is its history (kept for undo and the journal):
# drop it (the bench is over) and see what the collector frees.
history_length = len(game.history)
gc.collect()
with_history = gc.mem_alloc()
game.history = []
gc.collect()
history_bytes = with_history - gc.mem_alloc()

print("match: %d rounds, %d actions, winner %s with %d" % (
    round_number, actions, game.winner, game.totals[game.winner]))
print("engine peak heap: %d bytes" % peak)
print("  of which the history of %d actions: %d bytes" % (history_length, history_bytes))
print("tick() in the count-in: %d bytes allocated" % count_in_tick)
print("tick() in play: %d bytes allocated" % play_tick)
print("sheet() allocates: %d bytes" % sheet_bytes)
budgets.check("engine.speedscrabble.peak", peak)
budgets.check("engine.speedscrabble.tick_alloc", max(count_in_tick, play_tick))
budgets.done()
