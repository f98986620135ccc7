# What every game shares: refusals, the action history, replay and undo.
#
# Every change of state is an action (now, verb, args). A game applies an
# action through its `do_<verb>` method, which must check everything before it
# changes anything: a refused action raises Refused and leaves the state as it
# was. Replaying the history on a fresh game rebuilds the exact state, which is
# how undo works, and how the device's journal resumes a round after a reboot.
#
# The verbs a game takes, and how many arguments each, are in its VERBS table
# ("go": "SEAT", "grid": "SEAT [0|1]"). do() checks an action against it
# before calling the handler, so a TypeError raised inside a handler is a bug
# in the handler, never a refusal: it propagates.
from tileclock import cues


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


def check_int(value, low, high, what):
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refused("%s must be a whole number" % what)
    if value < low or value > high:
        raise Refused("%s must be %d to %d" % (what, low, high))
    return value


def arity(usage):
    """(fewest, most) arguments of a VERBS usage string: words in [ ] are
    optional. Allocates nothing."""
    low = high = 0
    in_word = False
    for ch in usage:
        if ch == " ":
            in_word = False
        elif not in_word:
            in_word = True
            high += 1
            if ch != "[":
                low += 1
    return low, high


# The history keeps every action for undo and replay: a verb read from the
# journal is a new string each line, and `go N` a new tuple each call. Sharing
# one string per verb and one (N,) per seat saves about 6 KB of the unix port's
# heap over a ten-round Word-Sport evening of eight (bench/mpy_engine_wordsport.py).
_SHARED_VERBS = {}
_SEAT_ARGS = tuple((seat,) for seat in range(1, MAX_SEATS + 1))


class Game:
    KIND = "game"
    VERBS = {}      # verb -> usage of its arguments, e.g. "SEAT [0|1]"

    def __init__(self):
        self.history = []
        self.last_cue = cues.NONE   # the cue of the last action, for the app to sound
        self.reset()

    def reset(self):
        """Build the state of a game before any action."""
        raise NotImplementedError

    def phase_at(self, now):
        """The phase at `now`, a lower-case word (a game whose phase moves on
        by itself, such as a count-in reaching GO, says so here)."""
        return self.phase

    def do(self, now, verb, args=()):
        """Apply one action, or raise Refused and change nothing."""
        usage = self.VERBS.get(verb)
        if usage is None:
            raise Refused("%s has no action '%s'" % (self.KIND, verb))
        args = tuple(args)
        low, high = arity(usage)
        if not low <= len(args) <= high:
            raise Refused("%s takes %s" % (verb, usage or "nothing"))
        verb = _SHARED_VERBS.get(verb, verb)
        if len(args) == 1 and type(args[0]) is int and 1 <= args[0] <= MAX_SEATS:
            args = _SEAT_ARGS[args[0] - 1]
        self._apply((now, verb, args))

    def _apply(self, action):
        now, verb, args = action
        # An action's cue is its own: a handler sets last_cue only when its
        # action calls for one (the app sounds it after do()).
        self.last_cue = cues.NONE
        getattr(self, "do_" + verb)(now, *args)
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
        """Cue for this moment (a constant from tileclock.cues) or 0; no rules
        state changes. A game's memory of the cues it already gave lives
        outside reset(), so an undo never sounds a passed moment again."""
        return 0

    def clock_running(self, now):
        """True while a clock that the rules time runs at `now` (the app
        journals time marks then, so a power cut loses at most a few
        seconds of it). Allocates nothing."""
        return False

    @property
    def paused(self):
        """True while a clock the players can pause is paused; False when
        there is none (then a resume never pauses it)."""
        return False

    def sheet(self):
        """The score sheet as plain dicts, lists, strings and ints."""
        raise NotImplementedError
