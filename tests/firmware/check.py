# Tiny helpers for plain-assert tests that run under pytest and MicroPython.


def raises(exc_type, fn, *args):
    """Call fn(*args), assert it raises exc_type, and return the exception."""
    try:
        fn(*args)
    except exc_type as e:
        return e
    raise AssertionError("%s not raised by %r%r" % (exc_type.__name__, fn, args))


class WatchedFile:
    """A file opened to read that tells its file system `fs` the most any
    readline() asked for (fs.most: MicroPython's readline(n) allocates n
    bytes before it reads one) and how many such files are open
    (fs.open_files: one left open holds LittleFS's cache on a Pico). `fs`
    starts both at 0."""

    def __init__(self, fs, f):
        self._fs = fs
        self._f = f
        fs.open_files += 1

    def readline(self, limit=-1):
        self._fs.most = max(self._fs.most, limit)
        return self._f.readline(limit)

    def read(self, n=-1):
        return self._f.read(n)

    def seek(self, offset):
        return self._f.seek(offset)

    def close(self):
        if self._f is not None:
            self._fs.open_files -= 1
            self._f.close()
            self._f = None


def undo(game):
    """Take back a game's last action in place and return it, or raise
    Refused: the history replayed without it. (The app uses Game.undone(),
    which makes a new game and leaves this one whole on an error; the
    rules' tests undo in place, so this lives with them, not on the Pico.)"""
    from tileclock import cues
    from tileclock.engine.game import History, Refused
    actions = game.history
    if not actions or (len(actions) == 1 and actions[0][1] == "restore"):
        raise Refused("nothing to undo")
    last = actions.pop()
    game.history = History()
    game.last_at = None
    game._rest = game._fold = None
    game.reset()
    for action in actions:
        game._apply(action)
    # the replay leaves the cue of the action before: sound neither again
    game.last_cue = cues.NONE
    return last
