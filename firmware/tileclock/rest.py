# Rest when nobody plays (no clock running, no tune, no press): dimmed after
# the "sleep" setting's minutes, the display off a minute later, the loop
# polling less often; any press wakes it (wake()), and that press is no
# action. On cells, after an hour the box switches off: the app says so on a
# lit screen, then it rests in its slowest loop (docs/power.md).
#
# App._rest counts the idle time every pass and loads this module only when
# a step is due or the box rests already: not at boot, not while a game is
# played; the app unloads it with the menus' modules (tileclock/modules.py).
# A press that wakes the box loads it again if a screen change unloaded it.
from tileclock.ticks import ticks_add, ticks_diff

from micropython import const

# App.rest's values (app.py's AWAKE, DIM, DARK, OFF)
_AWAKE = const(0)
_DIM = const(1)
_DARK = const(2)
_OFF = const(3)
_FOREVER = const(3600000)       # ui.screen.FOREVER: no step due
_DARK_AFTER_MS = const(60000)   # dimmed this long, then dark
_OFF_AFTER_MS = const(3600000)  # untouched this long on cells: off
_OFF_SAID_MS = const(5000)      # "switching off" on show this long first
_POLL_DARK_MS = const(100)      # the loop's longest sleep while dark (a press: 0.1 s to wake)
_POLL_OFF_MS = const(500)
_POLL_MS = const(10)            # app.POLL_MS: awake
_OFF_NOTE = "switching off: any seat wakes it"


def step(app, ticks, now, idle, minutes, cells):
    """Dim, darken or switch off `app`'s display, `idle` ms after the last
    press, `minutes` the sleep setting, `cells`: on cells, not USB. Sets
    app.rest and app.poll_ms; ms until the next step (_FOREVER: none)."""
    was = app.rest
    due = _step(app, ticks, idle, minutes, cells)
    if app.rest == _OFF and was != _OFF:
        app.note(now, _OFF_NOTE)
    return due


def wake(app):
    """Bright and lit again, the whole frame sent (the panel kept its RAM,
    but a frame drawn while dark was never sent)."""
    app.rest = _AWAKE
    app.poll_ms = _POLL_MS
    app.dark_at = None
    display = app.display
    display.contrast(255)
    display.poweron()
    display.invalidate()
    app.manager.screen.full = True


def _step(app, ticks, idle, minutes, cells):
    display = app.display
    if app.dark_at is not None and ticks_diff(ticks, app.dark_at) >= 0:
        app.dark_at = None
        display.poweroff()
    steps = _FOREVER
    if cells:
        if idle >= _OFF_AFTER_MS:
            if app.rest != _OFF:
                app.rest = _OFF
                app.poll_ms = _POLL_OFF_MS
                display.contrast(255)
                display.poweron()
                app.dark_at = ticks_add(ticks, _OFF_SAID_MS)
            return _FOREVER if app.dark_at is None else _OFF_SAID_MS
        steps = _OFF_AFTER_MS - idle
    if minutes <= 0:
        return steps
    dim_at = minutes * 60000
    # A game's screen (a Spell Sport turn, the ready screen between
    # rounds) dims but stays lit: the table may be thinking, and reads it
    may_darken = app.screens is None
    if may_darken and idle >= dim_at + _DARK_AFTER_MS:
        if app.rest < _DARK:
            app.rest = _DARK
            app.poll_ms = _POLL_DARK_MS
            display.poweroff()
        return steps
    if idle >= dim_at:
        if app.rest < _DIM:
            app.rest = _DIM
            display.contrast(0)
        if not may_darken:
            return steps
        left = dim_at + _DARK_AFTER_MS - idle
    else:
        left = dim_at - idle
    return left if left < steps else steps
