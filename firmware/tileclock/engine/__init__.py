# The rules of the games as plain state machines: no clock, pin or file here.
# Every method that depends on time takes `now`, ticks in ms from the board.
#
# The engine's refusals and its action lines are here, in the package, not
# in engine/game.py: the app and the keeper catch the refusals from boot
# on, the journal writes the lines, and the home menu of an empty flash,
# its first frame, needs no game's code (engine/game.py is loaded with the
# first game).


class Refused(Exception):
    """An action the rules do not allow; str(e) is the reason shown to players."""

    @property
    def reason(self):
        return self.args[0] if self.args else "refused"


class Merged(Refused):
    """A call pressed within the merge window of the last one: the same call,
    already counted. `cue` is what the players must hear of it (the earlier
    call's cue, when the press may have meant something else, such as a win
    on the last deal), or 0 when a second voice of the same call needs no
    answer."""

    def __init__(self, reason, cue=0):
        super().__init__(reason)
        self.cue = cue


def format_action(now, verb, args):
    """One action as the line the journal stores, `TIME VERB [ARG ...]`
    (no newline; tileclock/script.py reads it back). Here, not in the
    script module: the journal writes a line on every action while a game
    runs, and reading lines back is needed only at boot; nor in
    engine/game.py, which the journal would then load at boot."""
    line = "%d %s" % (now, verb)
    for arg in args:
        line += " " + str(arg)
    return line
