# What every game shares: refusals, the action history, replay and undo.
#
# Every change of state is an action (now, verb, args). A game applies an
# action through its `do_<verb>` method, which must check everything before it
# changes anything: a refused action raises Refused and leaves the state as it
# was. Replaying the history on a fresh game rebuilds the exact state, which is
# how undo works, and how the device's journal resumes a round after a reboot.
from tileclock.engine import cues


class Refused(Exception):
    """An action the rules do not allow; str(e) is the reason shown to players."""

    @property
    def reason(self):
        return self.args[0] if self.args else "refused"


MAX_SEATS = 8
MIN_SEATS = 2
MAX_NAME = 10


def check_name(name):
    if not isinstance(name, str) or not name:
        raise Refused("a name is needed")
    if len(name) > MAX_NAME:
        raise Refused("name longer than %d letters" % MAX_NAME)
    for ch in name:
        if ch in " \t\r\n#=,":
            raise Refused("name has a space or one of # = ,")
    # The journal writes `seat 1 42` and reads 42 back as a number (see
    # engine/script.py): a name of digits would lose the evening at a reboot.
    if name.isdigit() or (name[0] == "-" and name[1:].isdigit()):
        raise Refused("a name can't be a number")
    return name


def check_rename(names, played, seat, name, what):
    """The name at `seat`, once `name` is known to be a fair new name for it.

    A rename fixes a player's name; the points follow. A name that another
    player of the `what` ("evening", "match") has, seated (`names`) or not
    (`played`), is refused: that would merge two players' points.
    """
    check_name(name)
    old = names[seat - 1]
    if old is None:
        raise Refused("nobody at seat %d" % seat)
    if name == old:
        raise Refused("seat %d is %s already" % (seat, name))
    if name in names:
        raise Refused("%s is at seat %d" % (name, names.index(name) + 1))
    if name in played:
        raise Refused("%s has played this %s: choose another name" % (name, what))
    return old


def rename_player(players, totals, old, new):
    """`players` with `old` renamed in place, and `totals` re-keyed in the
    same order (a new dict; the old one may be shared)."""
    players[players.index(old)] = new
    renamed = {}
    for player in players:
        renamed[player] = totals[old if player == new else player]
    return renamed


def check_int(value, low, high, what):
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refused("%s must be a whole number" % what)
    if value < low or value > high:
        raise Refused("%s must be %d to %d" % (what, low, high))
    return value


# The history keeps every action for undo and replay: a verb read from the
# journal is a new string each line, and `go N` a new tuple each call. Sharing
# one string per verb and one (N,) per seat saves about 6 KB of the unix port's
# heap over a ten-round Word-Sport evening of eight (bench/mpy_engine_wordsport.py).
_SHARED_VERBS = {}
_SEAT_ARGS = tuple((seat,) for seat in range(1, MAX_SEATS + 1))


class Game:
    KIND = "game"

    def __init__(self):
        self.history = []
        self.reset()

    def reset(self):
        """Build the state of a game before any action."""
        raise NotImplementedError

    def do(self, now, verb, args=()):
        """Apply one action, or raise Refused and change nothing."""
        verb = _SHARED_VERBS.get(verb, verb)
        args = tuple(args)
        if len(args) == 1 and type(args[0]) is int and 1 <= args[0] <= MAX_SEATS:
            args = _SEAT_ARGS[args[0] - 1]
        self._apply((now, verb, args))

    def _apply(self, action):
        now, verb, args = action
        handler = getattr(self, "do_" + verb, None)
        if handler is None:
            raise Refused("%s has no action '%s'" % (self.KIND, verb))
        try:
            handler(now, *args)
        except TypeError as e:
            # Most likely a wrong number or type of arguments (MicroPython has
            # no signature to check them against first). Rebuild from the
            # history in case the handler had already changed something, and
            # keep the interpreter's words so a real bug still shows.
            self._rebuild()
            raise Refused("wrong arguments for '%s' (%s)" % (verb, e))
        if verb not in _SHARED_VERBS:
            _SHARED_VERBS[verb] = verb
        self.history.append(action)

    def replay(self, actions):
        """Apply a list of (now, verb, args); stops at the first refusal."""
        for now, verb, args in actions:
            self.do(now, verb, args)

    def undo(self):
        """Take back the last action; returns it, or raises Refused."""
        if not self.history:
            raise Refused("nothing to undo")
        last = self.history.pop()
        self._rebuild()
        # The replay leaves the cue of the action before; the app must sound
        # neither that again nor the undone action's (same in every game).
        self.last_cue = cues.NONE
        return last

    def _rebuild(self):
        # The recorded action tuples are applied again as they are: an undo
        # late in an evening then makes no new copy of the whole history
        # (which would fragment a Pico's heap).
        actions = self.history
        self.history = []
        self.reset()
        for action in actions:
            self._apply(action)

    def tick(self, now):
        """Cue for this moment (a constant from engine.cues) or 0; no rules
        state changes. A game's memory of the cues it already gave lives
        outside reset(), so an undo never sounds a passed moment again."""
        return 0

    def clock_running(self, now):
        """True while a clock that the rules time runs at `now` (the app
        journals time marks then, so a power cut loses at most a few
        seconds of it). Allocates nothing."""
        return False

    def sheet(self):
        """The score sheet as plain dicts, lists, strings and ints."""
        raise NotImplementedError
