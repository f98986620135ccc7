# Word-Sport engine memory on MicroPython: a ten-round, eight-player evening.
#     .venv/bin/micropython -X heapsize=190wK bench/mpy_engine_wordsport.py
# Prints:
#   - the heap the game holds at the end (history included) and the peak seen
#     over the evening, both above the heap before the game was built;
#   - the heap the same evening holds when loaded from its journal lines;
#   - the bytes one tick(now) of a running countdown allocates (budget 0).
# The peak is sampled after each action with gc.collect() first: that counts
# what the game keeps alive (its state, history and the rounds), not garbage
# a collection would free anyway. Without the collect the figure would mostly
# measure when the collector last ran.
# Figures are from the unix port, a 64-bit build: objects take about twice
# the room they take on the Pico's 32-bit build.
import gc
import sys

sys.path.insert(0, "firmware")
sys.path.insert(0, "bench")

import budgets  # noqa: E402

from tileclock import cues  # noqa: E402
from tileclock.script import dump, load  # noqa: E402
from tileclock.games.wordsport.rules import WordSport  # noqa: E402
from tileclock.ticks import TICKS_PERIOD, ticks_add  # noqa: E402

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
ROUNDS = 10

peak = 0
base = 0


def sample():
    global peak
    gc.collect()
    used = gc.mem_alloc() - base
    if used > peak:
        peak = used


def act(game, now, verb, args=()):
    game.do(now, verb, args)
    sample()


def one_round(game, now, number):
    """A double set for eight: 18 calls, then a win, two more finishers and
    the entries of the five who did not finish."""
    act(game, now, "start")
    seat = 1
    while game.pool.can_serve(1):
        now = ticks_add(now, 4000)
        if seat == 8:
            act(game, now, "stuck")
        else:
            act(game, now, "go", (seat,))
        seat = seat % 8 + 1
    winner = number % 8 + 1
    now = ticks_add(now, 30000)
    act(game, now, "out", (winner,))
    others = [s for s in range(1, 9) if s != winner]
    act(game, ticks_add(now, 20000), "out", (others[0],))
    act(game, ticks_add(now, 45000), "out", (others[1],))
    now = ticks_add(now, 60000)
    for k, s in enumerate(others[2:]):
        act(game, now, "unused", (s, k + 1))
    act(game, now, "sevens", (winner, 1))
    act(game, now, "grid", (others[0],))
    act(game, now, "close")
    return ticks_add(now, 120000)


def journal_bytes(lines, lines_bytes):
    """The heap a game rebuilt from journal lines holds (a reboot's resume):
    parsed verbs are new strings, so this checks the engine shares them."""
    gc.collect()
    before = gc.mem_alloc() - lines_bytes  # as if the lines were still on flash
    game = load(lines)
    lines.clear()
    gc.collect()
    held = gc.mem_alloc() - before
    del game
    return held


def tick_bytes():
    """Bytes allocated by one tick(now) in the last ten seconds of a countdown."""
    game = WordSport()
    start = TICKS_PERIOD - 40000  # and across the counter's wrap
    for s in range(1, 9):        # (at the start's time: an earlier one is refused)
        game.do(start, "seat", (s, NAMES[s - 1]))
    game.do(start, "tiles", ("double",))
    game.do(start, "start")
    now = start
    while game.pool.can_serve(1):  # 18 calls, 1.5 s apart (the merge window)
        now = ticks_add(now, 1500)
        game.do(now, "stuck")
    start = ticks_add(now, 1500)
    game.do(start, "out", (1,))
    worst = 0
    heard = 0
    now = ticks_add(start, 49000)
    gc.collect()
    gc.disable()
    for _ in range(200):
        now = ticks_add(now, 67)
        before = gc.mem_alloc()
        cue = game.tick(now)
        spent = gc.mem_alloc() - before
        if spent > worst:
            worst = spent
        if cue != cues.NONE:
            heard += 1
    gc.enable()
    return worst, heard


def main():
    global base
    gc.collect()
    base = gc.mem_alloc()
    game = WordSport()
    sample()
    now = TICKS_PERIOD - 600000  # the evening crosses the tick counter's wrap
    for s in range(1, 9):
        act(game, now, "seat", (s, NAMES[s - 1]))
    act(game, now, "tiles", ("double",))
    for number in range(1, ROUNDS + 1):
        now = one_round(game, now, number)
        if number == 5:  # a player leaves and another joins between rounds
            act(game, now, "unseat", (8,))
            act(game, now, "seat", (8, "Ivy"))
    gc.collect()
    held = gc.mem_alloc() - base
    actions = len(game.history)
    lines = dump(game)
    gc.collect()
    lines_bytes = gc.mem_alloc() - base - held
    game = None
    reloaded = journal_bytes(lines, lines_bytes)
    worst_tick, heard = tick_bytes()
    print("word-sport evening: %d rounds, 8 players, %d actions" % (ROUNDS, actions))
    print("heap held at the end (history included): %d bytes" % held)
    print("heap peak over the evening: %d bytes" % peak)
    print("heap held by the same evening loaded from its journal lines: %d bytes" % reloaded)
    print("bytes allocated by one tick(now): %d (%d cues in 200 ticks)" % (worst_tick, heard))
    budgets.check("engine.wordsport.peak", peak)
    budgets.check("engine.wordsport.tick_alloc", worst_tick)
    budgets.done()


main()
