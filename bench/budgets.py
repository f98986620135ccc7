# Every budget `make bench` checks, in one place beside the benches. A bench
# prints its figures, then one `budget` line a figure (check()), and exits 1
# at the end (done()) if any figure passed its budget; tileclock_host.bench
# then fails, and so does tests/host/test_bench.py, which runs every bench.
#
# Figures are the MicroPython unix port's (64-bit objects: about twice a
# Pico's) at a Pico-sized heap (-X heapsize=190wK). A budget is changed here,
# on purpose, with the reason in a comment beside it.
#
# TILECLOCK_BUDGETS="name=value,name=value" overrides budgets for one run
# (the test that shows a broken budget fails the bench uses it).
import os
import sys

BUDGETS = {
    # bench/mpy_app.py: the whole app through an evening of each game.
    # "app.KIND.mpy.total" is in each game's about.py (BUDGETS, as
    # "app.mpy.total"), with its history; this one's, of all of them:
    # heap at the worst pass, code + data + qstrs, from the deployed .mpy
    # files: the figures of the firmware before the games moved to their own
    # folders (measured the same way: no game may cost more than it did
    # then); Tile Rush came later, its own figure and a little room.
    # Raised since by the code of evenings of any length (folds, the history
    # in chunks, undone(), named evenings, recovery a line at a time): 5 to
    # 7 KB more code in every game, measured module by module (engine.game
    # 4.4 -> 8.1 KB, store.journal 6.4 -> 8.0 KB, app 9.0 -> 9.5 KB), the
    # data no bigger. The figures also move by up to 3.5 KB with code that
    # isn't the firmware's (the simulator's, this bench's own source: where
    # the heap's dict and qstr-pool steps fall, here and in the interpreter
    # that measures the code), so: the largest seen, the firmware unchanged,
    # plus 2 KB.
    # Since the benches run in a folder of their own (tileclock_host.bench:
    # no string in the heap names the checkout, the venv or the home folder)
    # the figures are the same byte for byte from any clone (test_bench:
    # two folders 60 characters apart), and 0.3-1.7 KB lower than the ones
    # measured from a checkout (132,448 Speed Scrabble, 124,032 Word-Sport,
    # 134,432 Spell Sport, 120,320 Tile Rush). Edits to the simulator still
    # move them: 40 functions added to simboard.py moved them by -1.0 to
    # +1.2 KB. So each budget is today's figure plus 2 KB, never looser
    # than before: Spell Sport's tightens, the others stay.
    # Raised again by the journal's edges (the fold book in two copies, two
    # snapshots, making room on a full flash, finished evenings as one
    # file): store.journal 8.0 -> 8.7 KB in play, the new boot-only modules'
    # qstrs (unloaded qstrs 2.9 -> 3.5 KB), and on Tile Rush's worst pass,
    # the score sheet, the fold book's reader (store.folds) loaded: +3.0 to
    # +3.3 KB, Tile Rush +5.1 KB. Today's figures plus 2 KB, as before.
    # Raised by no press lost (the pins' edges in a ring, decided in
    # order by their times, and the events timed by them: hal/buttons.py
    # 1.2 -> 2.0 KB of .mpy, App._event_time): +2.5 to +3.0 KB on every
    # game (2026-12-04). Today's figures plus the margins they had.
    # Raised by the battery (its level in the title line, the warnings in
    # App.step; hal/battery.py itself loads only on a box with cells) and
    # the rest when nobody plays (App._rest, the Sleep line): app 10.3 ->
    # 11.7 KB, +1.5 to +2.0 KB a game (2026-12-05), plus the margins they
    # had.
    # Raised by the table's second pass (2026-12-05): the hold in stages
    # (HOLD, LONG, MENU: hal/buttons 2.0 -> 2.3 KB of .mpy), the held
    # banner and the keys shown for a few seconds (ui/screen 1.6 -> 2.0 KB),
    # the ready screen's pages of standings (0.8 -> 1.2 KB), and the keys
    # under every menu and under the entries of four players (ui.hints,
    # 0.8 KB, now loaded there): +2.0 to +3.5 KB a game. The last calls'
    # correction is a module loaded with its screen only (engine/correct.py,
    # ui/calls.py). The largest figure seen plus the margins they had.
    # Word-Sport's also takes in the score sheet now: the bench's walk down
    # the menu between rounds stopped one line short, on Countdown (which
    # it changed), since it was written; it opens the sheet now.
    "app.data": 65536,                  # bytes the app builds (game, screens, journal), any game
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
    # bench/mpy_season.py: twenty evenings and a long one on a Pico's LittleFS
    "season.lost": 0,                   # power cuts after which the game wasn't the one played
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
    # over seventeen layouts (0 to 2,048 bytes). The floor is the goal now,
    # 16 KB, over nine layouts 256 bytes apart (2026-12-06).
    "tour.largest_free_block": 16384,
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
