# Word-Sport's screens, one a phase, each phase's in a module of its own:
# ready.py before a round, play.py the count-up and the countdown,
# entry.py the entries after time up (docs/device.md shows each one). This
# module only says which: the app loads the one it names and unloads the
# one before (App.route).
from tileclock.games.wordsport import rules as ws


def screen_for(app, now):
    """(the module of this folder, the screen's class name) for the phase."""
    game = app.game
    phase = game.phase
    if phase == ws.SETUP:
        return "ready", "WsReady"
    if phase == ws.PLAY:
        return "play", "WsPlay"
    if phase == ws.COUNTDOWN and not game.time_up(now):
        return "play", "WsCountdown"
    return "entry", "WsEntry"
