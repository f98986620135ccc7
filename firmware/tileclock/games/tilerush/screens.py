# Tile Rush's screens, one a phase, each phase's in a module of its own:
# ready.py before a round, play.py the clock, entry.py the check of the
# caller's grid (docs/device.md shows each one). This module only says
# which: the app loads the one it names and unloads the one before
# (App.route).
from tileclock.games.tilerush import rules as tr


def screen_for(app, now):
    """(the module of this folder, the screen's class name) for the phase."""
    phase = app.game.phase
    if phase == tr.SETUP:
        return "ready", "TrReady"
    if phase == tr.PLAY:
        return "play", "TrPlay"
    return "entry", "TrCheck"
