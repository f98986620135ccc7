# Speed Scrabble's screens, one a phase, each phase's in a module of its
# own: ready.py before a round and at the match's end, play.py the count-in
# and play, entry.py the scores (docs/device.md shows each one). This
# module only says which: the app loads the one it names and unloads the
# one before (App.route).
from tileclock.games.speedscrabble import rules as ss


def screen_for(app, now):
    """(the module of this folder, the screen's class name) for the phase."""
    game = app.game
    phase = game.phase_at(now)
    if phase == ss.SETUP:
        return "ready", "SsReady"
    if phase == ss.COUNT_IN:
        return "play", "SsCountIn"
    if phase == ss.PLAY:
        return "play", "SsPlay"
    if phase == ss.ENTRY:
        return "entry", "SsEntry"
    return "ready", "SsOver"
