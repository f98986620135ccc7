# Board Clock's screens, one a phase, each phase's in a module of its own:
# ready.py before a game, play.py the clock, entry.py the scores at the end
# (docs/device.md shows each one). This module only says which: the app
# loads the one it names and unloads the one before (App.route).
from tileclock.games.boardclock import rules as bc


def screen_for(app, now):
    """(the module of this folder, the screen's class name) for the phase."""
    phase = app.game.phase_at(now)
    if phase == bc.SETUP:
        return "ready", "BcReady"
    if phase == bc.PLAY:
        return "play", "BcClock"
    return "entry", "BcEntry"
