# Board Clock engine memory on MicroPython: an evening of ten games of four
# players, fifteen turns each a game, a pause in every game, overtime in
# every other and a loss on time in every third (ten minutes at most).
#     .venv/bin/micropython -X heapsize=190wK bench/mpy_engine_boardclock.py
# Prints the engine's peak heap (gc.mem_alloc() after a gc.collect()
# following every action, less the heap before the game was built), what
# the action history is of it, the same evening folded at every close as
# the app folds it (the game then holds the last closed game and the one in
# play: what the device holds), and the bytes the clock's reads allocate
# while it runs: tick(now), left_ms, clock_running, phase_at. 64-bit unix
# port: about twice a Pico's object sizes.
import gc
import sys

sys.path.insert(0, "firmware")
sys.path.insert(0, "bench")

import budgets  # noqa: E402
from tileclock.games.boardclock.rules import BoardClock  # noqa: E402
from tileclock.ticks import TICKS_PERIOD, ticks_add  # noqa: E402

NAMES = ("Ann", "Bob", "Cy", "Di")
GAMES = 10
TURNS = 15

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


def one_game(game, now, number):
    first = 1 + number % 4
    act(game, now, "start", (first,))
    for turn in range(TURNS):
        seat = game.on_seat
        # a minute a move; in every other game one player takes twelve
        # more on a move (into overtime), in every third twenty (lost on time)
        took = 60000 + 7000 * (turn % 3)
        if turn == 9 and number % 2:
            took += 12 * 60000
        if turn == 11 and number % 3 == 0:
            now = ticks_add(now, 21 * 60000)
            break
        if turn == 5:
            act(game, ticks_add(now, 20000), "pause")
            now = ticks_add(now, 60000)
            act(game, now, "resume", (seat,))
        now = ticks_add(now, took)
        act(game, now, "turn", (seat,))
    if game.phase_at(now) == "play":
        now = ticks_add(now, 5000)
        act(game, now, "end")
    now = ticks_add(now, 30000)
    for k in range(len(game.round_seats)):
        act(game, now, "score", (game.round_seats[k], 250 + (37 * number + 53 * k) % 200))
    act(game, now, "close")
    return ticks_add(now, 120000)


def clock_bytes(game, now):
    worst = 0
    for i in range(100):
        at = ticks_add(now, i * 13037)     # the bank's last minute, overtime, the limit
        gc.collect()
        gc.disable()
        m0 = gc.mem_alloc()
        game.tick(at)
        game.left_ms(game.on, at)
        game.clock_running(at)
        game.phase_at(at)
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
    game = BoardClock()
    now = TICKS_PERIOD - 600000     # the evening crosses the tick counter's wrap
    for s in range(1, 5):
        act(game, now, "seat", (s, NAMES[s - 1]))
    act(game, now, "bank", (10 * 60000,))
    act(game, now, "limit", (10 * 60000,))
    for number in range(1, GAMES + 1):
        now = one_game(game, now, number)
        if fold and game.foldable():
            game = game.folded()[0]
            sample()
    return game, now


game, now = evening(False)
game.do(now, "start", (1,))
running = clock_bytes(game, ticks_add(now, 1000))
actions = len(game.history)
gc.collect()
held = gc.mem_alloc()
game.history = []
gc.collect()
history_bytes = held - gc.mem_alloc()
unfolded = peak
standings = game.standings()
game = None
game, now = evening(True)
folded = peak
game = None
print("board clock evening: %d games, 4 players, %d actions; standings %s" % (GAMES, actions, standings))
print("engine peak heap: %d bytes (the history of the actions: %d bytes)" % (unfolded, history_bytes))
print("  folded at every close, as the app holds it: %d bytes" % folded)
print("tick(now) and the clock's reads while it runs: %d bytes allocated" % running)
budgets.check("engine.boardclock.peak", folded)     # what the device holds
budgets.check("engine.boardclock.tick_alloc", running)
budgets.done()
