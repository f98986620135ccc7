# Spell Sport's screens, one a phase, each phase's in a module of its own:
# ready.py before a game and at its end, play.py the move clock, entry.py
# the play form (docs/device.md shows each one). This module says which (the
# app loads the one it names and unloads the one before: App.route) and
# holds the score line both show.
from tileclock.games.spellsport import rules as sp


def screen_for(app, now):
    """(the module of this folder, the screen's class name) for the phase."""
    phase = app.game.phase
    if phase == sp.SETUP:
        return "ready", "SpReady"
    if phase == sp.PLAY:
        return "play", "SpPlay"
    return "ready", "SpOver"


def score_line(g, scores, mark):
    """"ANN 120   95 BOB": both scores on a line, `mark` (1 or 2) the
    player to move."""
    a = "%s%s %d" % (">" if mark == 1 else "", g.names[0][:5], scores[0])
    b = "%d %s%s" % (scores[1], g.names[1][:5], "<" if mark == 2 else "")
    gap = 16 - len(a) - len(b)
    return a + " " * (gap if gap > 0 else 1) + b
