# Every budget `make bench` checks, in one place beside the benches. A bench
# prints its figures, then one `budget` line a figure (check()), and exits 1
# at the end (done()) if any figure passed its budget; tileclock_host.bench
# then fails, and so does tests/host/test_bench.py, which runs every bench.
#
# The Pico's heap figures are the gauge's (bench/host_pico.py: the
# WebAssembly port, 32-bit); the rest are the MicroPython unix port's
# (64-bit objects: about twice a Pico's) at a Pico-sized heap (-X
# heapsize=190wK), or CPython's. A budget is changed here, on purpose,
# with the reason in a comment beside it.
#
# TILECLOCK_BUDGETS="name=value,name=value" overrides budgets for one run
# (the test that shows a broken budget fails the bench uses it).
import os
import sys

BUDGETS = {
    # bench/host_pico.py: the Pico's heap, on the gauge (MicroPython's
    # WebAssembly port, 32-bit like the RP2040, running the real main.py on
    # the deployed .mpy files: docs/architecture.md, "Memory"). Until
    # 2026-12-07 the app's heap at its worst pass was budgeted on the unix
    # port (bench/mpy_app.py, "app.KIND.mpy.total" in each game's about.py,
    # and "app.data"): a 64-bit port, whose objects and pointers are twice
    # the Pico's and whose figure read 1.22 to 1.47 times the chip's, on
    # another screen in 3 of 5 games. It went down 10 % in a week while the
    # chip's went up. mpy_app.py still prints its figures, module by module;
    # none is a budget now.
    #
    # The worst pass of each sim script (tests/sim/), in bytes of heap in
    # use after a collection: the gauge's figures plus 1 KB (about 1 %; the
    # gauge repeats to the byte, so any growth shows). Lowered on 2026-12-08
    # by 4.4 to 11.1 KB (hal/board.py unloaded after the boot, .mpy files
    # naming their source by module, menus and screens holding only what
    # they show, no game code before the first frame). On
    # that firmware the gauge read 80 to 352 B under the chip's figures of
    # the emulated RP2040 (the five scripts measured there: 0.07 to 0.34 %,
    # same screen, same modules). The goal is 80 KB for every script: these
    # budgets are lowered as the firmware loads less.
    "pico.peak.battery_low": 97152 + 1024,
    "pico.peak.boardclock_game": 92576 + 1024,
    # Board Clock's four players (a skip, overtime cues, an out play, a
    # negative score, a loss on time): its first figure, 2026-12-07
    "pico.peak.boardclock_four": 93808 + 1024,
    "pico.peak.entries_cursor": 95872 + 1024,
    "pico.peak.last_calls": 96272 + 1024,
    "pico.peak.names": 75712 + 1024,
    "pico.peak.press_order": 95168 + 1024,
    "pico.peak.rename": 97808 + 1024,
    "pico.peak.sheet_home": 101168 + 1024,
    "pico.peak.sleep_home": 95232 + 1024,
    "pico.peak.speedscrabble_match": 93248 + 1024,
    "pico.peak.spellsport_sample": 88704 + 1024,
    "pico.peak.standings_eight": 91600 + 1024,
    "pico.peak.tilerush_game": 91744 + 1024,
    "pico.peak.undo_boardclock": 91376 + 1024,
    "pico.peak.undo_seat2": 95152 + 1024,
    "pico.peak.undo_speedscrabble": 94448 + 1024,
    "pico.peak.undo_spellsport": 88416 + 1024,
    "pico.peak.undo_tilerush": 88256 + 1024,
    "pico.peak.undo_wordsport": 97360 + 1024,
    "pico.peak.wordsport_bench": 97952 + 1024,
    "pico.peak.wordsport_game": 97968 + 1024,
    "pico.peak.wordsport_round": 95088 + 1024,
    # The most dynamic qstrs the firmware has made at any pass of any
    # script (never freed): the Pico's qstr pools hold 20, 40, ... 640
    # names, 1,260 in all; the 7th wants 7.7 KB in one block (6 bytes a
    # name: py/qstr.c), which a heap in holes may not have. 1,380 at the
    # end of sheet_home on 2026-12-07 (the chip: 1,379), plus 10. Board
    # Clock's overtime and out play brought 7 more names, the journal's
    # failed-fold and full-flash paths 6 (1,395, the same 7th pool). The
    # goal is 1,100 everywhere, under the 7th pool with room to spare.
    # 2026-12-08: 1,344 (each .mpy names its source by its module's
    # dotted name, which the import has made already).
    "pico.qstrs": 1344 + 10,
    # Passes that raised and `expect screen` lines missed, every script
    "pico.failures": 0,
    # main.py's three imports (tileclock.hal.board, .app, .store.journal:
    # 22 modules), the heap they add once collected: 57,104 B on
    # 2026-12-07 (the chip: 53,952 B; see docs/architecture.md, "Memory"),
    # plus 1 KB. 52,176 B on 2026-12-08 (21 modules: hal/board.py's class
    # in hal/, no game code at boot). The goal is 40 KB.
    "pico.imports": 52176 + 1024,
    # An empty flash up to the first frame: the firmware modules read
    # before it, and their .mpy bytes (each import a file read, its code
    # and qstrs built in RAM; the chip's first frame comes 591 ms after
    # reset from .mpy, 137 ms frozen). 31 modules, 44,242 B on 2026-12-07,
    # plus one module, plus 1 KB. 2026-12-08: 30 modules, 41,378 B (no
    # engine/game.py before the first frame).
    "pico.boot.modules": 30 + 1,
    "pico.boot.mpy_bytes": 41378 + 1024,
    # bench/mpy_app.py: the whole app through an evening of each game, on
    # the unix port: what a pass costs beyond its heap.
    "app.display_bytes_per_s": 256,     # the display while a clock runs, nobody pressing
    "app.longest_pass_ms": 30,          # bus time of the longest loop pass (400 kHz I2C)
    "app.alloc_per_pass": 0,            # bytes allocated by a pass while the clock runs
    "app.locked_pass_failures": 0,      # passes that allocated with the heap locked
    # bench/mpy_engine_*.py: the engines alone, "engine.KIND.peak" and
    # "engine.KIND.tick_alloc" in each game's about.py.
    # bench/mpy_resume.py: recover.resume() after a cut mid-round, evenings of
    # 300 to 3,000 actions (Word-Sport, eight players, folded as the app does).
    "resume.peak": 40960,               # data above the heap before resume, any evening
    "resume.peak_growth_permille": 100,  # the 3,000-action peak within 10% of the 300-action one
    # the journal's own largest allocation at resume: 608 B; 1,024 while
    # records were read with readline(1024), which allocates its limit
    # (the Pico's LittleFS adds a 1 KB cache to each open file: not ours)
    "resume.largest_alloc": 768,
    # the next fold after the resume, from source: 12.4-13.9 KB with the
    # writer in store/foldwrite.py (about 1 KB of it loaded for the fold)
    "resume.fold_peak": 16384,
    # bench/mpy_season.py: twenty evenings, a long one and thirty longer on a
    # Pico's LittleFS, with power cuts clean and torn mid-operation
    "season.lost": 0,                   # power cuts after which the game wasn't the one played
    "season.actions_lost": 0,           # actions done before a cut missing after it, or from their archive
    # floors, so that the season cuts and prunes as it says (the quick run's
    # few evenings too: on a smaller flash)
    "season.torn_cuts": 4,              # cuts torn in the middle of a program or an erase
    "season.prunes": 2,                 # starts whose prune removed finished evenings
    # files in journal/ at any cut, whatever the evening's length: the marker,
    # two snapshots, two fold books, at most MAX_SEGMENTS + 1 segments
    "season.journal_files": 14,
    # bench/mpy_boot.py: main.py from the deployed .mpy files on an empty
    # flash, up to the first frame the display sends. What the chip spends
    # before that frame is mostly imports (a file read each, its code and
    # qstrs built in RAM) and allocation: both budgeted, today's figures
    # plus a little room (2026-12-05: 39 modules loaded, 14 of them unloaded
    # again by the frame; 103,616 bytes allocated; 88,448 in use). The
    # battery's title line and check, and the rest: 108,096 and 92,224
    # (2026-12-05), plus 2 KB. The home menu with its keys' line (ui.hints
    # at the first frame), "Start press 2", the hold stages and the
    # guarded settings: 112,288 and 95,872 (2026-12-05), plus 2 KB. The
    # boot reads one game's spec, not four (the home menu's names in the
    # registry, a game's option defaults taken when its spec loads): 40 ->
    # 34 modules, 111,072 bytes allocated, 95,136 in use (2026-12-05).
    # 36 with tileclock/start.py (the boot and a failed pass's recovery,
    # out of app.py: it must be loaded before anything fails, as nothing
    # can be imported while a MemoryError is handled) and
    # tileclock/settings.py (the settings in RAM, out of app.py); boot
    # allocates 110,272 B with both, less than the 110,752 before recovery
    # left the journal (2026-12-06). 32 on a flash that never held a
    # journal: nothing to recover, so recovery's four modules (store/
    # recover.py, scan.py, folds.py and the script reader, 13 KB of .mpy)
    # are not loaded before the first frame (Journal.first_power_on,
    # 2026-12-06).
    "boot.modules": 32,
    "boot.allocated": 114336,
    "boot.heap": 97920,
    # bench/mpy_tour.py: every sim script of tests/sim/ in one heap, from
    # the deployed .mpy files. A floor, not a ceiling (check_at_least): the
    # largest block the heap can still give at the worst moment, room for
    # a new qstr pool or a frame buffer. The goal is 16 KB (a qstr pool's
    # step on this port). Until 2026-12-05 the tour gave 9 to 14 KB and a
    # floor of 8 KB: much of the holes were the harness's own (each parsed
    # script step left in a comb across the heap); with the steps made
    # again in one place (mpy_tour.compact) the same firmware gives 17.4 KB,
    # and the firmware with the hold gestures, the last calls and the timed
    # keys 15.1 KB (the worst moment moving by about 2 KB with the harness's
    # own sizes). With Game.undo off the Pico and `const` taken plainly from
    # micropython in every module (their fallback defs gone): 18.2 KB. That
    # figure was one layout's luck: with 0 to 1,024 bytes held by the
    # harness first (mpy_tour.py --pad), the same firmware gave 11.3 to
    # 18.2 KB. The tour now runs at six layouts (tileclock_host.bench
    # TOUR_PADS), and every one must keep the floor. The goal stays 16 KB;
    # the floor is below the worst layout seen (2026-12-06: 13.6 KB over
    # fourteen layouts, twelve of them at 16 KB or more). Heap maps at the
    # worst moments (mpy_tour.py --map) showed more of the harness's own in
    # the holes: the steps' words, the runner's screenshot names and notes,
    # and the glyph tables of `expect text`; without them, 16.9 to 28.0 KB
    # over seventeen layouts (0 to 2,048 bytes). The floor was the goal,
    # 16 KB, over nine layouts 256 bytes apart (2026-12-06). On 2026-12-08
    # the same firmware gave 18.4 to 20.9 KB over the nine layouts of the
    # full tour and 14.8 to 20.9 KB over those of the quick one; the text
    # view's harness alone (a change in how it reads big digits) moved the
    # worst layout by more than 1.6 KB. One layout's figure moves by
    # kilobytes with the harness, so the floor is 14 KB at every layout;
    # the goal stays 16 KB (a qstr pool's step on this port), and the
    # Pico's own step is 7.7 KB in one piece (bench/host_pico.py).
    "tour.largest_free_block": 14336,
    "tour.failed_passes": 0,            # failed passes and missed expectations
    # bench/mpy_display.py
    "display.digit_bytes": 128,         # bytes on the bus for one big digit changing
    "display.idle_bytes": 0,            # bytes for a frame that did not change
    # bench/host_power.py: the current model (docs/power.md, "What it
    # draws"), in tenths of a mA drawn from 3xAA cells (their diode
    # included). Today's figures (2026-12-05: 32.8 mA with a clock running,
    # the games' mean; 25.2 mA dark) plus a little room, so that a screen
    # lighting more of the panel while a clock runs, or a dark box that
    # keeps its panel on, is seen.
    "power.playing_ma": 340,
    "power.dark_ma": 260,
}

_over = []


def _overrides():
    text = os.getenv("TILECLOCK_BUDGETS") or ""
    out = {}
    for item in text.split(","):
        if "=" in item:
            name, value = item.split("=", 1)
            out[name.strip()] = int(value)
    return out


def limit(name):
    overrides = _overrides()
    if name in overrides:
        return overrides[name]
    if name in BUDGETS:
        return BUDGETS[name]
    return game_budget(name)


def game_budget(name):
    """A game's budget, "PART.KIND.REST", from its about.py's BUDGETS
    ("PART.REST"). The file is read as text, after the bench measured:
    importing it would put its strings in the heap being measured, and the
    deployed .mpy files leave it out."""
    part, kind, rest = name.split(".", 2)
    facts = {}
    with open("firmware/tileclock/games/%s/about.py" % kind) as f:
        exec(f.read(), facts)
    return facts["BUDGETS"][part + "." + rest]


def every_budget():
    """Every budget's name, the games' included (the benches' tests)."""
    names = list(BUDGETS)
    from tileclock.games import KINDS
    root = __file__.replace("\\", "/").rsplit("/", 2)[0]     # the checkout: bench/..
    for kind in KINDS:
        facts = {}
        try:
            with open("%s/firmware/tileclock/games/%s/about.py" % (root, kind)) as f:
                exec(f.read(), facts)
        except OSError:
            continue
        for key in facts.get("BUDGETS", {}):
            part, rest = key.split(".", 1)
            names.append("%s.%s.%s" % (part, kind, rest))
    return names


def check(name, value):
    """Print `name`'s figure against its budget; remember it if it is over."""
    most = limit(name)
    ok = value <= most
    print("budget %-32s %10s <= %-10s %s" % (name, value, most, "ok" if ok else "OVER BUDGET"))
    if not ok:
        _over.append(name)
    return ok


def check_at_least(name, value):
    """The same for a figure that must not fall below its budget."""
    least = limit(name)
    ok = value >= least
    print("budget %-32s %10s >= %-10s %s" % (name, value, least, "ok" if ok else "UNDER BUDGET"))
    if not ok:
        _over.append(name)
    return ok


def done():
    """Exit 1 if a figure passed its budget."""
    if _over:
        print("over budget: " + ", ".join(_over))
        sys.exit(1)
