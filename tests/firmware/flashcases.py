# A flash that fails or fills, and files lost or renamed, at the journal's
# last edges, for every game of tileclock.games.KINDS: each game's evening
# (evenings.evening) played through the Keeper as the app plays it (every
# action, a fold at a close after another, time marks while a clock runs)
# on an in-memory flash, and at chosen moments:
#   fold EIO     the fold books' writes fail (EIO) at a close's fold: once,
#                or from then on
#   fold ENOSPC  at a close's fold the flash is short of FOLD_ROOM with
#                nothing to remove, or full with finished evenings to remove
#   start full   a new game's start on a flash too full to archive the
#                evening in play, then the power cut (journal.new/ whole)
#   deleted      right after a close (both snapshots written: no live
#                segment), each file of journal/ deleted alone
#   marker       the marker's name with 1, 2 or 8 bits of its number
#                flipped, or another evening's name
# Then the boot (recover.resume: it must not raise), a second boot (the same
# game), NEW_ACTIONS more of the evening through a Keeper on the booted
# journal, the power cut and a last boot: every action must be there.
# Counted: cases, boots, boots that raised, cases that stopped saving,
# actions lost while the flash had room (room for a whole snapshot of the
# game, what the journal falls back on: snapshot_room; a full flash's
# losses beyond that are said on screen, and counted apart), and evenings
# hidden from the host (the device has a game; the host's reader, or the
# host tools' reading of the folder, `hidden`, has none).
# tests/host/test_journal_damage.py runs it on CPython, and a sample on the
# MicroPython unix port through main() (with room for the harness's
# flashes in the heap: a Pico-sized one holds no flash of fold books).
import gc

from evenings import evening

from tileclock import games
from tileclock.engine.game import History, Refused
from tileclock.keeper import Keeper
from tileclock.modules import forget_games
from tileclock.script import format_action, new_game
from tileclock.store import journal as J
from tileclock.store import recover as R
from tileclock_host.boards.fsmodel import MemFS

ROOT = "/flash"
FOLDER = ROOT + "/journal"
ACTIONS = 150           # each game's evening: several closes (folds) of each
NEW_ACTIONS = 20        # played after each boot
MARK_MS = 5000          # the app's time marks (App.step): a gap this long while a clock runs
EIO = 5
CLASSES = ("fold EIO", "fold ENOSPC", "start full", "deleted", "marker")
FIGURES = ("cases", "boots", "raised", "stopped saving", "lost with room", "hidden from host")


class CaseFS(MemFS):
    """MemFS whose fold books fail to open for writing with `failing` (an
    errno) while it is set; with `watch`, `watched` is what the files
    used when a book was first opened for writing."""
    failing = 0
    watch = False
    watched = None

    def open(self, path, mode="r"):
        if mode[0] in "wa" and path.rsplit("/", 1)[-1] in J.BOOKS:
            if self.watch and self.watched is None:
                self.watched = self.used()
            if self.failing:
                raise OSError(self.failing, "fold book write failed")
        return MemFS.open(self, path, mode)

    def copy(self):
        other = CaseFS(self.capacity)
        for path in self.files:
            other.files[path] = bytearray(self.files[path])
        other.dirs = set(self.dirs)
        return other

    def bytes_under(self, folder):
        total = 0
        for path in self.files:
            if path.startswith(folder + "/"):
                total += len(self.files[path])
        return total


def history_of(game):
    """A game's actions (none for no game)."""
    return game.history if game is not None else History()


class Play:
    """An evening of `kind` played by a Keeper on `fs` (a fresh flash, or
    one with finished evenings), action by action: `whole` every action
    played, as lines."""

    def __init__(self, kind, actions, fs=None):
        if fs is None:
            fs = CaseFS()
            fs.mkdir(ROOT)
        self.fs = fs
        self.actions = actions
        self.done = 0
        self.whole = History()  # every action played, as lines
        self.room = History()   # for each of whole: the flash had room for it (snapshot_room)
        self.refused = 0
        self.keeper = Keeper(J.Journal(ROOT, fs))
        self.keeper.resume(0)
        self.keeper.new(new_game(kind))
        self.keeper.start(0)

    def step(self):
        """The next action, journalled, and a time mark in a long gap
        while the clock runs; what the keeper said."""
        k = self.keeper
        now, verb, args = self.actions[self.done]
        self.done += 1
        free = room_left(k.journal.fs)
        try:
            said = k.act(now, verb, args)
        except Refused:
            self.refused += 1
            return 0
        self.whole.append(format_action(now, verb, args))
        self.room.append(free is None or free >= snapshot_room(k.game))
        if self.done < len(self.actions):
            at = now + MARK_MS
            if self.actions[self.done][0] - now > MARK_MS and k.game.clock_running(at):
                k.mark(at)
        return said

    def play(self, count):
        for _ in range(min(count, len(self.actions) - self.done)):
            self.step()


def room_left(fs):
    """The bytes a write may have on a flash with a capacity (None: no
    limit): what is free, and what the finished evenings take (the journal
    removes them to make room)."""
    if fs.capacity is None:
        return None
    return fs.capacity - fs.used() + fs.bytes_under(ROOT + "/games")


def snapshot_room(game):
    """The room a whole snapshot of `game` needs, both copies written
    beside the old ones (and a record, the marker): what the journal falls
    back on after any failed write. With this much room an action is
    never lost; with less, a full flash may lose it (said on screen)."""
    size = 200
    for action in game.history:
        size += len(format_action(*action)) + 1
    return 2 * size + 200


def closes(kind, actions):
    """The indexes of the actions after which the keeper folded (a close
    after another) and after which a round closed, in one play."""
    play = Play(kind, actions)
    folds = []
    closed = []
    while play.done < len(actions):
        before = play.keeper.journal.folds
        play.step()
        if play.keeper.journal.folds > before:
            folds.append(play.done)
        if play.keeper.game.last_closed():
            closed.append(play.done)
    return folds, closed


def boot(fs):
    """(journal, game or None, problems, exception or None): recover.resume
    as the app's boot calls it."""
    journal = J.Journal(ROOT, fs)
    try:
        game, problems = R.resume(journal, feed=lambda: None)
    except Exception as e:      # counted: no boot may raise
        return journal, None, [], e
    if game is not None and not game.history:
        game = None
    return journal, game, problems, None


def go_on(journal, game, play, count):
    """`count` more of the evening's actions through a Keeper on the
    booted journal (the game as the boot gave it); the keeper's game."""
    k = Keeper(journal)
    k.game = game
    play.keeper = k
    play.play(count)
    if play.refused:
        raise AssertionError("%d of the evening's actions refused after the boot" % play.refused)
    return k.game


def host_reads(fs):
    """The evening the host's reader (read_journal) gives of journal/, as
    lines, or None."""
    kind, lines, _problems = J.read_journal(FOLDER, fs)
    return lines if kind is not None else None


def _line(item):
    return item if isinstance(item, str) else format_action(*item)


def _prefix(a, b):
    # how many items two histories (of actions, or lines) have alike from the start
    n = 0
    while n < len(a) and n < len(b) and _line(a[n]) == _line(b[n]):
        n += 1
    return n


def _same(a, b):
    return len(a) == len(b) and _prefix(a, b) == len(a)


def lost_with_room(play, expected, got):
    """Of the actions the history `expected` holds and `got` lacks (the
    last ones played), those the flash had room for."""
    lost = len(expected) - _prefix(expected, got)
    roomy = 0
    for i in range(len(play.room) - lost, len(play.room)):
        if play.room[i]:
            roomy += 1
    return roomy


class Tally:
    """The figures of a run: figures[class][name], and failures."""

    def __init__(self):
        self.figures = {}
        for name in CLASSES:
            self.figures[name] = dict((f, 0) for f in FIGURES)
        self.failures = []
        self.lost_without_room = 0  # actions lost on a flash too full for a whole snapshot (said on screen)
        self.outcomes = []      # (kind, class, label, what the last boot gave): compared across interpreters

    def add(self, what, figure, n=1, where=None):
        self.figures[what][figure] += n
        if where is not None and figure != "cases" and figure != "boots":
            self.failures.append((figure, where))


def run_case(tally, kind, what, label, fs, play, expected=None, hidden=None, played_on=False):
    """One case from the flash `fs` as the event left it (`play` the
    evening played so far, its keeper's game `expected` if not its own):
    boot, boot again, NEW_ACTIONS more, cut, boot. `played_on`: actions
    were played between the event and the cut (what the boot lacks of them
    the journal stopped saving). The first boot's problems."""
    gc.collect()
    where = (kind, what, label)
    tally.add(what, "cases")
    expected = history_of(play.keeper.game) if expected is None else expected
    # (the host reads the flash as the damage left it, before any boot)
    left_out = hidden is not None and hidden(fs)
    games_given = []
    said = None
    journal = None
    game = None
    for _ in (1, 2):
        journal, game, problems, raised = boot(fs)
        tally.add(what, "boots")
        if raised is not None:
            tally.add(what, "raised", 1, where + (repr(raised),))
        games_given.append(history_of(game))
        if said is None:
            said = problems
    if left_out and games_given[0]:
        tally.add(what, "hidden from host", 1, where)
    if not _same(games_given[0], games_given[1]):
        tally.failures.append(("changed on a reboot", where))
    got = games_given[0]
    games_given = None
    lost = lost_with_room(play, expected, got)
    if lost:
        # an earlier state, or none: the actions the boot lost
        tally.add(what, "lost with room", lost, where + ("at boot",))
        if played_on:
            tally.add(what, "stopped saving", 1, where + ("before the cut",))
    if game is None:
        tally.outcomes.append((kind, what, label, "none"))
        return said
    try:
        game = go_on(journal, game, play, NEW_ACTIONS)
    except Exception as e:
        tally.add(what, "stopped saving", 1, where + (repr(e),))
        return said
    expected = history_of(game)
    host = host_reads(fs)
    if host is None:
        tally.add(what, "hidden from host", 1, where + ("after",))
    elif _prefix(host, play.whole) != len(host) or lost_with_room(play, play.whole, host):
        tally.failures.append(("the host reads another evening", where, len(host), len(play.whole)))
    host = None
    _journal, back, _problems, raised = boot(fs)       # (the power cut: the flash alone)
    tally.add(what, "boots")
    if raised is not None:
        tally.add(what, "raised", 1, where + (repr(raised),))
    got = history_of(back)
    lost = lost_with_room(play, expected, got)
    if lost:
        tally.add(what, "stopped saving", 1, where)
        tally.add(what, "lost with room", lost, where + ("after",))
    tally.lost_without_room += len(expected) - _prefix(expected, got) - lost
    tally.outcomes.append((kind, what, label, "%d actions" % len(got)))
    return said


def _flipped(evening, bits):
    # the evening's number with `bits` of its 32 bits flipped, spread out
    mask = 0
    for k in range(bits):
        mask |= 1 << (k * 4 + k // 8)
    return "%08x" % (int(evening, 16) ^ mask)


def _pick(items, count):
    """`count` of `items` spread out: the first, the last and between."""
    if len(items) <= count:
        return list(items)
    if count == 1:
        return [items[len(items) // 2]]
    step = (len(items) - 1) / (count - 1)
    return [items[int(i * step + 0.5)] for i in range(count)]


def fold_cases(tally, kind, actions, folds, sample):
    """A close's fold whose books fail (EIO; once, or from then on), and
    one on a flash short of its room (nothing to remove, or evenings to
    remove: `with_evenings` makes the flash)."""
    full = with_evenings(kind)
    for at in _pick(folds, sample):
        for label, errno, once in (("EIO once", EIO, True), ("EIO on", EIO, False)):
            play = Play(kind, actions)
            play.play(at - 1)
            play.fs.failing = errno
            play.step()                     # the close: its fold fails
            folded = play.keeper.journal.folds
            if once:
                play.fs.failing = 0
            play.play(NEW_ACTIONS)          # saved, the fold not tried at each
            play.fs.failing = 0
            if play.keeper.journal.folds > folded and not once:
                tally.failures.append(("folded while its books fail", (kind, label, at)))
            run_case(tally, kind, "fold EIO", "%s at action %d" % (label, at), play.fs, play, played_on=True)
        # short of FOLD_ROOM when the fold asks (the close's snapshot has
        # taken the round's segments: what is used then, from a trial),
        # nothing to remove: the fold is skipped before it writes; the
        # records go on in the room there is
        trial = Play(kind, actions)
        trial.play(at - 1)
        trial.fs.watch = True
        trial.step()
        play = Play(kind, actions)
        play.play(at - 1)
        fs = play.fs
        fs.capacity = trial.fs.watched + J.FOLD_ROOM - 1
        books = [fs.size(FOLDER + "/" + name) for name in J.BOOKS]
        folded = play.keeper.journal.folds
        play.step()
        if [fs.size(FOLDER + "/" + name) for name in J.BOOKS] != books or play.keeper.journal.folds != folded:
            tally.failures.append(("the fold without its room wrote", (kind, at)))
        play.play(NEW_ACTIONS)
        # (FOLD_ROOM less a byte holds these records and a close's snapshots:
        # room the fold must not spend; room_left at each would excuse them)
        for _ in range(NEW_ACTIONS + 1):
            play.room.pop()
        for _ in range(NEW_ACTIONS + 1):
            play.room.append(True)
        run_case(tally, kind, "fold ENOSPC", "no room at action %d" % at, fs, play, played_on=True)
        # full, with finished evenings to remove
        fs = full.copy()
        play = Play(kind, actions, fs)
        play.play(at - 1)
        fs.capacity = fs.used()
        play.step()
        play.play(NEW_ACTIONS)
        run_case(tally, kind, "fold ENOSPC", "full, evenings to remove, at action %d" % at, fs, play,
                 played_on=True)


def with_evenings(kind):
    """A flash with three finished evenings of `kind` in games/, each
    twice as long as the one in play (the room they free holds a fold and
    the records after it)."""
    fs = CaseFS()
    fs.mkdir(ROOT)
    for n in range(4):
        play = Play(kind, evening(kind, 2 * ACTIONS, n * 100000000)[1], fs)
        play.play(2 * ACTIONS)
    return fs


def start_cases(tally, kind, actions, moments):
    """At each moment, a new game's start on a flash with room for the new
    evening's first files but not for the finished evening's: the switch
    fails, then the power goes. The boot must give the evening in play."""
    for at in moments:
        play = Play(kind, actions)
        play.play(at)
        fs = play.fs
        # the finished evening's size: the start tried on a copy
        trial = fs.copy()
        J.Journal(ROOT, trial).start(kind)
        archived = trial.bytes_under(ROOT + "/games")
        trial = None
        gc.collect()
        fs.capacity = fs.used() + archived - 1
        expected = history_of(play.keeper.game)
        k = play.keeper
        k.new(new_game(kind))
        if not k.start(play.actions[at - 1][0]):
            tally.failures.append(("the start did not fail", (kind, at)))
        k.game = None               # (the power cut: the new game was never saved)
        if not fs.isdir(ROOT + "/journal.new"):
            tally.failures.append(("no journal.new left", (kind, at)))
        # (the evening in play goes on after the boot)
        said = run_case(tally, kind, "start full", "at action %d" % at, fs, play, expected)
        if not [p for p in said or () if p.startswith("flash full")]:
            tally.failures.append(("the boot did not say the flash is full", (kind, at), said))


def deleted_cases(tally, kind, actions, closed, sample, hidden):
    """Right after a close (no live segment), each file of journal/ deleted."""
    for at in _pick(closed, sample):
        play = Play(kind, actions)
        play.play(at)
        fs = play.fs
        names = sorted(n for n in fs.listdir(FOLDER))
        if [n for n in names if n.endswith(".log")]:
            tally.failures.append(("a segment live after a close", (kind, at), names))
        expected = history_of(play.keeper.game)
        for name in names:
            case = fs.copy()
            case.remove(FOLDER + "/" + name)
            copy = _Replay(play)
            shown = "the marker" if name.startswith(J.MARKER) else name      # (its name is random)
            run_case(tally, kind, "deleted", "%s after action %d" % (shown, at), case, copy, expected, hidden)


class _Replay:
    """A Play's evening from where it stands, for one case's go_on (each
    case of a moment plays the same actions on its own flash)."""

    def __init__(self, play):
        self.actions = play.actions
        self.done = play.done
        self.whole = History(play.whole)
        self.room = History(play.room)
        self.keeper = play.keeper
        self.refused = 0

    step = Play.step
    play = Play.play


def marker_cases(tally, kind, actions, moments, hidden):
    """At each moment the marker renamed: 1, 2 or 8 bits of its number
    flipped, or another evening's name."""
    for at in moments:
        play = Play(kind, actions)
        play.play(at)
        evening = play.keeper.journal.evening
        expected = history_of(play.keeper.game)
        for label, name in (("1 bit", _flipped(evening, 1)), ("2 bits", _flipped(evening, 2)),
                            ("8 bits", _flipped(evening, 8)), ("replaced", "0badf00d")):
            case = play.fs.copy()
            case.rename(FOLDER + "/" + J.MARKER + evening, FOLDER + "/" + J.MARKER + name)
            run_case(tally, kind, "marker", "%s after action %d" % (label, at), case, _Replay(play),
                     expected, hidden)


def run(kinds=None, sample=3, hidden=None, classes=CLASSES):
    """Every class of case for each game (every kind of games.KINDS by
    default), `sample` moments of each; `hidden(fs)` says whether the host
    would leave the evening out (default: read_journal gives none)."""
    tally = Tally()
    if hidden is None:
        hidden = _not_read
    for kind in kinds or games.KINDS:
        actions = evening(kind, ACTIONS)[1]
        folds, closed = closes(kind, actions)
        if len(folds) < 2:
            tally.failures.append(("fewer than two folds in the evening", kind, folds))
        # moments: early (before any close), mid-round, right after a close, the end
        moments = _pick(sorted(set([3, (closed[0] + closed[1]) // 2 if len(closed) > 1 else 9,
                                    closed[len(closed) // 2], len(actions) - NEW_ACTIONS])), sample + 1)
        if "fold EIO" in classes or "fold ENOSPC" in classes:
            fold_cases(tally, kind, actions, folds, sample)
        if "start full" in classes:
            start_cases(tally, kind, actions, moments[1:])
        if "deleted" in classes:
            deleted_cases(tally, kind, actions, closed, sample, hidden)
        if "marker" in classes:
            marker_cases(tally, kind, actions, moments, hidden)
        # each game's modules out before the next is played, as the app
        # drops a game played earlier (a Pico-sized heap holds one game)
        actions = None
        forget_games()
        gc.collect()
    return tally


def _not_read(fs):
    return host_reads(fs) is None


def table(tally, title):
    """The figures as a table: a line a class, and the total."""
    out = [title, "  %-12s" % "" + "".join("%17s" % f for f in FIGURES)]
    total = dict((f, 0) for f in FIGURES)
    for what in CLASSES:
        row = tally.figures[what]
        out.append("  %-12s" % what + "".join("%17d" % row[f] for f in FIGURES))
        for f in FIGURES:
            total[f] += row[f]
    out.append("  %-12s" % "all" + "".join("%17d" % total[f] for f in FIGURES))
    return "\n".join(out)


def main(sample):
    """A run printed a line at a time, for tests/host/test_journal_damage.py
    to read back from the unix port: the figures of each class, each
    case's outcome, each failure."""
    tally = run(sample=sample)
    for what in CLASSES:
        print("figures", what.replace(" ", "_"), " ".join(str(tally.figures[what][f]) for f in FIGURES))
    for outcome in tally.outcomes:
        print("outcome", "|".join(outcome))
    for failure in tally.failures:
        print("failure", repr(failure))
