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
#
# An evening of any length in bounded memory: when a round closes (the game
# comes back to rest), the game notes its state there in words (fold_state).
# At the next close the history can be folded (folded()): everything up to
# the previous close becomes one `restore` action holding that state, so the
# history holds at most the last closed round and the one in play, and undo
# still reaches across the last close. The journal keeps what was folded for
# the host (docs/journal.md, "Checkpoints").
from micropython import const

from tileclock import cues
from tileclock.engine import Merged, Refused, format_action  # noqa: F401 (here too)
from tileclock.ticks import TICKS_MAX, ticks_diff

# An action's time is a tick of the board's counter, which wraps at 2**30 ms
# (tileclock/ticks.py): a time past it can't come from the device. A literal
# (no % at import: no string built on the heap); script.py says the same.
TIME_RANGE = "an action's time is 0 to 1073741823 ms (the tick counter wraps at 2**30)"


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
    # tileclock/script.py): a name of digits would lose the evening at a reboot.
    if name.isdigit() or (name[0] == "-" and name[1:].isdigit()):
        raise Refused("a name can't be a number")
    return name


def plural(count, word):
    """A count and its word as the screen says it: "1 round", "2 rounds"."""
    return "%d %s%s" % (count, word, "" if count == 1 else "s")


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


_CHUNK = const(32)      # actions a History chunk holds


class History:
    """The actions since the last checkpoint, in order: a list in chunks of
    32, so that a long round never asks for one big block (a list doubling
    past 128 entries wants 2 KB in one piece of a fragmented heap)."""

    def __init__(self, actions=()):
        self._chunks = []
        self._len = 0
        for action in actions:
            self.append(action)

    def append(self, action):
        chunks = self._chunks
        if not chunks or len(chunks[-1]) == _CHUNK:
            chunks.append([])
        chunks[-1].append(action)
        self._len += 1

    def pop(self):
        chunks = self._chunks
        action = chunks[-1].pop()
        if not chunks[-1]:
            chunks.pop()
        self._len -= 1
        return action

    def __len__(self):
        return self._len

    def __bool__(self):
        return self._len > 0

    def __iter__(self):
        for chunk in self._chunks:
            for action in chunk:
                yield action

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("history index out of range")
        return self._chunks[index // _CHUNK][index % _CHUNK]

    def __eq__(self, other):
        return list(self) == list(other)


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
        self.history = History()
        self.last_cue = cues.NONE   # the cue of the last action, for the app to sound
        self.last_at = None         # the time of the last action (time only goes forward)
        self._rest = None           # (history length, fold_state()) at the last close
        self._fold = None           # the same at the close before: where folded() cuts
        self.reset()

    def reset(self):
        """Build the state of a game before any action."""
        raise NotImplementedError

    # -- checkpoints: what each game provides ----------------------------------

    def at_rest(self):
        """True between rounds, where fold_state() says all that goes on."""
        return False

    def fold_state(self):
        """The state at rest, as words `key=value` (no space, `#`, `=` in a
        value but the first): what `restore` needs to go on."""
        raise NotImplementedError

    def restore(self, state):
        """Take the state fold_state() gave (a dict of key -> value text) on
        a fresh game; Refused if it doesn't hold together."""
        raise NotImplementedError

    def phase_at(self, now):
        """The phase at `now`, a lower-case word (a game whose phase moves on
        by itself, such as a count-in reaching GO, says so here)."""
        return self.phase  # pyright: ignore[reportAttributeAccessIssue]  every game has a phase

    def do(self, now, verb, args=()):
        """Apply one action, or raise Refused and change nothing."""
        args = tuple(args)
        if verb != "restore":
            usage = self.VERBS.get(verb)
            if usage is None:
                raise Refused("%s has no action '%s'" % (self.KIND, verb))
            low, high = arity(usage)
            if not low <= len(args) <= high:
                raise Refused("%s takes %s" % (verb, usage or "nothing"))
        if not isinstance(now, int):
            raise Refused("an action's time is a whole number of ms")
        if not 0 <= now <= TICKS_MAX:
            raise Refused(TIME_RANGE)
        if self.last_at is not None and ticks_diff(now, self.last_at) < 0:
            raise Refused("time runs backwards: %d ms before the last action" % -ticks_diff(now, self.last_at))
        verb = _SHARED_VERBS.get(verb, verb)
        if len(args) == 1 and type(args[0]) is int and 1 <= args[0] <= MAX_SEATS:
            args = _SEAT_ARGS[args[0] - 1]
        self._apply((now, verb, args))

    def _apply(self, action):
        now, verb, args = action
        rest = self.at_rest()
        # An action's cue is its own: a handler sets last_cue only when its
        # action calls for one (the app sounds it after do()).
        self.last_cue = cues.NONE
        getattr(self, "do_" + verb)(now, *args)
        if verb not in _SHARED_VERBS:
            _SHARED_VERBS[verb] = verb
        self.history.append(action)
        self.last_at = now
        if verb == "restore":
            # the checkpoint itself is no place to fold again
            self._fold = self._rest = None
        elif not rest and self.at_rest():
            # a round closed: note the state, and where the one before was
            self._fold = self._rest
            self._rest = (len(self.history), self.fold_state())

    def do_restore(self, now, *words):
        """The checkpoint of a folded history: the state at a close."""
        if self.history:
            raise Refused("restore comes first, on a new game")
        state = {}
        for word in words:
            if not isinstance(word, str) or "=" not in word:
                raise Refused("restore takes KEY=VALUE words")
            key, value = word.split("=", 1)
            state[key] = value
        try:
            self.restore(state)
        except Refused:
            self.reset()
            raise
        except (KeyError, ValueError, IndexError) as e:
            self.reset()
            raise Refused("restore: %s missing or wrong" % (e,))

    def replay(self, actions):
        """Apply a list of (now, verb, args); stops at the first refusal."""
        for now, verb, args in actions:
            self.do(now, verb, args)

    def _carry(self, new):
        # tick()'s memory of the cues it gave is not rules state: the game
        # that replaces this one keeps it (an undo must not sound a passed
        # second again). Its attributes start with _cued.
        for name in dir(self):
            if name.startswith("_cued"):
                setattr(new, name, getattr(self, name))
        return new

    def undone(self):
        """A new game: this one without its last action; this one is left as
        it was whatever happens (a MemoryError half-way included)."""
        history = self.history
        if not history or (len(history) == 1 and history[0][1] == "restore"):
            raise Refused("nothing to undo")
        new = self._carry(type(self)())
        for action in history[:-1]:
            new._apply(action)
        new.last_cue = cues.NONE
        return new

    def last_closed(self):
        """True when the last action closed a round (a game of a rubber, a
        match): it brought the game to rest."""
        rest = self._rest
        return rest is not None and rest[0] == len(self.history)

    def foldable(self):
        """True when two closes are in the history: folded() can drop the
        actions up to the first."""
        return self._fold is not None

    def folded(self):
        """(new game, folded actions): a new game whose history starts with a
        `restore` of the state at the close before the last, then the actions
        since; and the actions it no longer holds (the journal keeps them).
        This game is left as it was."""
        fold = self._fold
        if fold is None:
            raise ValueError("nothing to fold: see foldable()")
        index, words = fold
        history = self.history
        at = history[index - 1][0]
        new = self._carry(type(self)())
        new._apply((at, "restore", tuple(words)))
        for i in range(index, len(history)):
            new._apply(history[i])
        new.last_cue = self.last_cue
        return new, history[:index]

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


def words(values):
    """`a,b,c` for a list (None as an empty field): a restore value."""
    out = ""
    for i in range(len(values)):
        if i:
            out += ","
        value = values[i]
        if value is not None:
            out += str(value)
    return out


def names_of(text):
    """The list words() made of names (empty fields None)."""
    return [name or None for name in text.split(",")] if text else []


def ints_of(text):
    """The list words() made of whole numbers."""
    return [int(n) for n in text.split(",")] if text else []
