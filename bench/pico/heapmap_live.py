# The heap map's first half (bench/host_pico.py --map): run by the gauge in
# the box stopped after the worst pass of a script. What the app holds, a
# part at a time: each reference taken away and the heap collected, the
# bytes freed are what that part held alone (so the order matters; the
# parts are peeled from the screen on show inwards). Then the modules
# loaded at that moment, for the second half (a fresh box's imports).
import gc
import json
import sys

import hooks

app = hooks.gauge_app
parts = []


def _drop(name, holder, attr):
    # (the port collects on return to JavaScript: gc.collect() here only
    # asks, so each part's figure is taken by the gauge between calls)
    parts.append((name, holder, attr))


_drop("the screen on show (its widgets, text, buffers)", app.manager, "screen")
_drop("the game (engine: players, rounds, history, folds)", app.keeper, "game")
_drop("the journal (store.journal)", app.keeper, "journal")
_drop("the display (frame buffer, shadow, views)", app.board, "display")
_drop("the settings", app, "settings")
_drop("the rest of the screens' manager (banner, hints)", app, "manager")

loaded = [name for name in sys.modules if name.startswith("tileclock")]
print("MAP " + json.dumps({"loaded": loaded, "parts": [p[0] for p in parts]}))


def gauge_peel(i):
    name, holder, attr = parts[i]
    setattr(holder, attr, None)
    if attr == "display":
        app.display = None
    if attr == "game":
        app.game = None         # (the app keeps the keeper's game too)
    gc.collect()
