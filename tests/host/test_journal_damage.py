# Flash damage on the journal: bits flipped, files deleted or cut short,
# another evening's files swapped in, stray files and folders.
#
# Two Word-Sport evenings of several rounds are played on the real engine and
# journalled as the app journals them (every action recorded, a fold after
# each close, time marks while the clock runs, an undo now and then), each
# with its own evening id. The flash of the first is kept as it was every few
# steps; each case damages one of those images and then:
#   - boots as the app does (recover.resume; a running clock paused at the
#     resume time): the boot must not raise, and the game it gives must be a
#     state this evening had reached by then, or none (a new game): never one
#     of the other evening's, nor any other;
#   - plays NEW_ACTIONS more actions (a new game's if the boot gave none) and
#     an undo, journalled; then cuts the power and boots again from the files
#     alone: every one of those actions must be there (the journal never
#     stops saving after damage).
# Damage that takes nothing of the evening away (a stray file or folder,
# another evening's file added beside ours) must lose no action at all, and
# an earlier state (or none) is taken only where the boot says something
# (a record count short, a file set aside, the marker written again). A
# reboot straight after the first boot gives the same game, and the host's
# reader (read_journal) gives an evening that ends as the device's game.
# No read a boot makes returns more than MAX_READ bytes: on a Pico's heap a
# garbled file must not cost a big allocation.
# The cases are drawn from a seeded random.Random: the same every run.
import hashlib
import io
import random

from evenings import NAMES, wordsport

from tileclock.engine.game import Refused
from tileclock.script import ScriptError, format_action, load, new_game
from tileclock.store import fs as store_fs
from tileclock.store import journal as J
from tileclock.store import recover as R
from tileclock_host.boards.fsmodel import MemFS

ROOT = "/flash"
FOLDER = ROOT + "/journal"
THIS = "5eedc10c"           # this evening's id
OTHER = "0dd0e7e5"          # the other's: sorts first, as a stray marker would
NEW_ACTIONS = 20
THEIRS = "theirs"           # a case whose folder holds the other evening alone: that one is shown
FLIPS = 1200
MAX_READ = 1024


def _digest(kind, lines):
    h = hashlib.sha1(kind.encode())
    for line in lines:
        h.update(b"\n" + line.encode())
    return h.hexdigest()


def _lines(game):
    return [format_action(*a) for a in game.history]


class Played:
    """An evening journalled as the app journals it: `states` maps the
    digest of every game it was (as journalled, folded, and as the whole
    history from the start) to the first step it was so; `images` the flash
    every few steps: (step, MemFS, digest of the game then)."""

    def __init__(self, evening, actions, players, start, every):
        self.states = {}
        self.images = []
        self.closed = []        # the closed rounds of the evening at each image: [(number, totals)]
        self.step = 0
        ids = iter([evening])
        from tileclock.store import archive     # (where a new evening is named)
        keep = archive.new_evening
        archive.new_evening = lambda source=None: next(ids)
        try:
            self._play(actions, players, start, every)
        finally:
            archive.new_evening = keep

    def _note(self, game, whole):
        self.step += 1
        for key in (_digest(game.KIND, _lines(game)), _digest(game.KIND, whole)):
            self.states.setdefault(key, self.step)
        self.latest = _digest(game.KIND, _lines(game))

    def _play(self, count, players, start, every):
        fs = MemFS()
        fs.mkdir(ROOT)
        journal = J.Journal(ROOT, fs)
        R.recover(journal)
        kind, actions = wordsport(count, players, start)
        actions = list(actions)
        journal.start(kind)
        game = new_game(kind)
        whole = []          # every action of the evening, never folded
        for i, action in enumerate(actions):
            now, verb, _args = action
            game.do(*action)
            journal.record(game)
            whole.append(format_action(*action))
            self._note(game, whole)
            if i % 19 == 7 and verb in ("go", "stuck", "unused", "sevens", "grid"):
                # a call taken back (a long press) and made again
                game = game.undone()
                journal.undo(game, now + 300)
                whole.pop()
                self._note(game, whole)
                game.do(*action)
                journal.record(game)
                whole.append(format_action(*action))
                self._note(game, whole)
            if game.foldable():
                game = journal.fold(game)
                self._note(game, whole)
            gap = actions[i + 1][0] - now if i + 1 < len(actions) else 0
            for k in (1, 2):
                if 5000 * k < gap and game.clock_running(now + 5000 * k):
                    journal.mark(now + 5000 * k, game)
            if i % every == every - 1 or i == len(actions) - 1:
                self.images.append((self.step, fs.copy(), self.latest))
                self.closed.append(_closed_rounds(load(["game " + kind] + whole)))
        self.count = len(actions)


_EVENINGS = []


def evenings():
    """(this, other): played once per process."""
    if not _EVENINGS:
        _EVENINGS.append(Played(THIS, 300, 4, 0, 6))
        _EVENINGS.append(Played(OTHER, 260, 5, 100000000, 13))
    return _EVENINGS[0], _EVENINGS[1]


# -- the files of an image ---------------------------------------------------------

def _names(fs, what):
    """The journal's files of one sort: "snap", "seg", "fold", "marker"."""
    out = []
    for name in sorted(fs.listdir(FOLDER)):
        if fs.isdir(FOLDER + "/" + name):
            continue
        if what == "snap" and name in (J.SNAP, J.SNAP2):
            out.append(name)
        elif what == "seg" and name.startswith("j") and name.endswith(".log"):
            out.append(name)
        elif what == "fold" and name.startswith("f") and name.endswith(".txt"):
            out.append(name)
        elif what == "marker" and name.startswith(J.MARKER):
            out.append(name)
    return out


def _boundaries(data):
    """Offsets where a line ends (a file cut there ends in whole records)."""
    return [0] + [i + 1 for i in range(len(data) - 1) if data[i] == 0x0A]


def _put(fs, name, data):
    fs.files[FOLDER + "/" + name] = bytearray(data)


def _drop(fs, name):
    del fs.files[FOLDER + "/" + name]


def _folder(fs, name, inside=()):
    fs.dirs.add(FOLDER + "/" + name)
    for sub, data in inside:
        fs.files[FOLDER + "/" + name + "/" + sub] = bytearray(data)


class _Measured(io.BytesIO):
    """A file being read that tells its FS how big each read was."""

    def __init__(self, data, fs):
        io.BytesIO.__init__(self, data)
        self.fs = fs

    def read(self, n=-1):
        data = io.BytesIO.read(self, n)
        self.fs.biggest = max(self.fs.biggest, len(data))
        return data

    def readline(self, limit=-1):
        data = io.BytesIO.readline(self, limit)
        self.fs.biggest = max(self.fs.biggest, len(data))
        return data


class MeasuredFS(MemFS):
    """MemFS noting the biggest read from any file (`biggest`)."""

    def __init__(self, other):
        MemFS.__init__(self)
        self.biggest = 0
        for path in other.files:
            self.files[path] = bytearray(other.files[path])
        self.dirs = set(other.dirs)

    def open(self, path, mode):
        if "r" in mode and path in self.files:
            return _Measured(bytes(self.files[path]), self)
        return MemFS.open(self, path, mode)


# -- the cases: (kind, label, image index, damage(fs) -> None, nothing lost?) ------

def flip_cases(this, rnd):
    sorts = ("snap", "seg", "fold")
    for k in range(FLIPS):
        image = rnd.randrange(len(this.images))
        fs = this.images[image][1]
        names = []
        for sort in sorts[k % 3:] + sorts[:k % 3]:
            names = _names(fs, sort)
            if names:
                break
        flips = []
        # one flip a case, and now and then another in a second file
        for _ in range(2 if k % 5 == 4 else 1):
            name = rnd.choice(names)
            flips.append((name, rnd.randrange(8 * fs.size(FOLDER + "/" + name))))
            names = _names(fs, rnd.choice(sorts)) or names

        def damage(fs, flips=flips):
            for name, bit in flips:
                fs.files[FOLDER + "/" + name][bit // 8] ^= 1 << (bit % 8)
        yield "bit flip", " ".join("%s bit %d" % f for f in flips), image, damage, False


def delete_cases(this, rnd):
    for image in range(0, len(this.images), 2):
        fs = this.images[image][1]
        every = _names(fs, "snap") + _names(fs, "seg") + _names(fs, "fold") + _names(fs, "marker")
        for name in every:
            yield "deleted", name, image, (lambda fs, name=name: _drop(fs, name)), False
        groups = (("all segments", _names(fs, "seg")), ("all folds", _names(fs, "fold")),
                  ("both snapshots", _names(fs, "snap")),
                  ("snapshot and marker", _names(fs, "snap") + _names(fs, "marker")),
                  ("snapshot and folds", _names(fs, "snap") + _names(fs, "fold")),
                  ("marker and first segment", _names(fs, "marker") + _names(fs, "seg")[:1]))
        for label, names in groups:
            if names:
                def damage(fs, names=names):
                    for name in names:
                        _drop(fs, name)
                yield "deleted", label, image, damage, False


def truncate_cases(this, rnd):
    for image in range(0, len(this.images), 2):
        fs = this.images[image][1]
        for name in _names(fs, "snap") + _names(fs, "seg") + _names(fs, "fold"):
            data = fs.files[FOLDER + "/" + name]
            ends = _boundaries(data)
            cuts = set(rnd.sample(ends, min(2, len(ends))))
            if len(data) > 1:
                middle = rnd.randrange(1, len(data))
                if middle not in ends:
                    cuts.add(middle)
            for at in sorted(cuts):
                def damage(fs, name=name, at=at):
                    del fs.files[FOLDER + "/" + name][at:]
                yield "truncated", "%s at %d" % (name, at), image, damage, False


def garbled_cases(this, rnd):
    """A file's end replaced by flash garbage: 3,000 random bytes with no
    line end (and bytes that aren't UTF-8), from a record boundary on."""
    for image in range(1, len(this.images)):
        fs = this.images[image][1]
        for name in _names(fs, "snap") + _names(fs, "seg")[-1:] + _names(fs, "fold")[:1]:
            data = fs.files[FOLDER + "/" + name]
            at = rnd.choice(_boundaries(data))
            junk = bytes(rnd.choice(b"\x80\xff\x00 *#abc019") for _ in range(3000))

            def damage(fs, name=name, at=at, junk=junk):
                fs.files[FOLDER + "/" + name][at:] = junk
            yield "garbled", "%s from %d" % (name, at), image, damage, False


def other_cases(this, other, rnd):
    """Files of the other evening: swapped for ours (under our names, or
    theirs), or added beside ours; with our marker lost now and then."""
    for image in range(len(this.images)):
        fs = this.images[image][1]
        theirs = other.images[rnd.randrange(len(other.images))][1]
        ours = {sort: _names(fs, sort) for sort in ("snap", "seg", "fold", "marker")}
        alien = {sort: _names(theirs, sort) for sort in ("snap", "seg", "fold")}

        def take(name, their=theirs):
            return bytes(their.files[FOLDER + "/" + name])

        cases = []
        if alien["snap"]:
            cases.append(("snapshot", [(J.SNAP, take(J.SNAP))], [], False))
        if alien["seg"] and ours["seg"]:
            mine = rnd.choice(ours["seg"])
            cases.append(("segment as " + mine, [(mine, take(rnd.choice(alien["seg"])))], [], False))
            cases.append(("segments", [(n, take(n)) for n in alien["seg"]], ours["seg"], False))
            free = [n for n in alien["seg"] if n not in ours["seg"]]
            if free:
                cases.append(("segments added", [(n, take(n)) for n in free], [], True))
        if alien["fold"] and ours["fold"]:
            mine = rnd.choice(ours["fold"])
            cases.append(("fold as " + mine, [(mine, take(rnd.choice(alien["fold"])))], [], False))
        if alien["fold"]:
            cases.append(("folds", [(n, take(n)) for n in alien["fold"]], ours["fold"], False))
            free = [n for n in alien["fold"] if n not in ours["fold"]]
            if free:
                cases.append(("folds added", [(n, take(n)) for n in free], [], True))
        everything = [(n, take(n)) for n in alien["snap"] + alien["seg"] + alien["fold"]]
        # (nothing of ours but the marker, which no file vouches for: the
        # folder is the other evening's, THEIRS, as a replaced marker beside
        # all our files leaves ours whole)
        cases.append(("all its files", everything, ours["snap"] + ours["seg"] + ours["fold"], THEIRS))
        cases.append(("its marker added", [(J.MARKER + OTHER, b"")], [], True))
        cases.append(("its marker for ours", [(J.MARKER + OTHER, b"")], ours["marker"], True))
        if alien["snap"]:
            cases.append(("snapshot, our marker lost", [(J.SNAP, take(J.SNAP))], ours["marker"], False))
        if alien["fold"]:
            cases.append(("folds, our marker lost", [(n, take(n)) for n in alien["fold"]],
                          ours["fold"] + ours["marker"], False))
        for label, put, drop, whole in cases:
            def damage(fs, put=put, drop=drop):
                for name in drop:
                    _drop(fs, name)
                for name, data in put:
                    _put(fs, name, data)
            yield "other evening", label, image, damage, whole


def stray_cases(this, rnd):
    junk = bytes(rnd.randrange(256) for _ in range(300))
    for image in range(0, len(this.images), 3):
        fs = this.images[image][1]
        segs = _names(fs, "seg")
        upto = max(int(n[1:5]) for n in segs) if segs else 0
        some_record = bytes(fs.files[FOLDER + "/" + segs[-1]]) if segs else junk
        files = [
            ("j12.log", some_record),
            ("j0999.log", junk),
            ("j0999.log", b"1 game wordsport *00000000\n\xff\xfe\xfd\n"),
            ("j0998.log", b""),
            ("j0997.log", junk * 10),                       # too big to be a segment
            ("j%04d.log" % (upto + 1), b"\xc3\x28 not utf-8\n"),
            ("j0001.log", b"junk in an old segment's place\n"),
            ("j0000.log", junk[:40]),
            ("j\u00b2\u00b3\u2074\u2075.log", junk[:20]),    # digits, but not ASCII ones
            ("j\udcff\udcfe.log", junk[:20]),               # a name that isn't UTF-8
            ("notes.txt", b"\xff\xfe\x00 bytes\n"),
            ("f7.txt", junk[:50]),
            ("f0099.txt", junk[:80]),
            ("f0001.txt", b"# tileclock fold 1 evening %s\ngame wordsport\n" % THIS.encode()),
            ("snap.txt.old", junk[:60]),
            ("snap.tmp", junk[:70]),
            ("evening-zzzzzzzz", b""),
            ("evening-%s.bad-1" % OTHER, junk[:10]),
        ]
        for name, data in files:
            if fs.size(FOLDER + "/" + name) >= 0:
                continue                                    # not stray: ours
            yield "stray file", name, image, (lambda fs, name=name, data=data: _put(fs, name, data)), True
        folders = [("j0999.log", ()), ("j%04d.log" % (upto + 1), ()), ("snap.tmp", ()),
                   ("f0999.txt", ()), ("evening-" + OTHER, ()), ("j0998.log", (("j0001.log", junk[:30]),)),
                   ("\udcffdir", (("x", b"x"),))]
        if fs.size(FOLDER + "/" + J.SNAP) < 0:
            folders.append((J.SNAP, ()))
        folds = _names(fs, "fold")
        folders.append(("f%04d.txt" % (len(folds) + 1), ()))
        for name, inside in folders:
            if fs.size(FOLDER + "/" + name) >= 0:
                continue
            yield "stray folder", name, image, (lambda fs, name=name, inside=inside: _folder(fs, name, inside)), True


# -- a boot, the next actions, another boot -----------------------------------------

_CANDIDATES = ([("resume", ()), ("stuck", ()), ("close", ()), ("start", ()), ("stop", ()), ("end", ())]
               + [("go", (s,)) for s in range(1, 6)] + [("out", (s,)) for s in range(1, 6)]
               + [("unused", (s, 0)) for s in range(1, 6)] + [("seat", (s, NAMES[s - 1])) for s in range(1, 5)])


def boot(fs):
    """(journal, game or None, exception or None): recover.resume as App.boot
    calls it; a game with no history is none (the app shows the menu)."""
    journal = J.Journal(ROOT, fs)
    try:
        game, problems = R.resume(journal, feed=lambda: None)
    except Exception as e:
        return journal, None, e
    journal.problems = problems         # (for the cases' figures)
    if game is not None and not game.history:
        game = None
    return journal, game, None


def go_on(journal, game, rnd):
    """What the app does after the boot: a running clock paused where it
    stopped; a new game if there is none; then NEW_ACTIONS actions and an
    undo, each journalled, folded after a close, time marks while the clock
    runs. Returns the game."""
    if game is None:
        game = new_game("wordsport")
        journal.start("wordsport")
        now = 0
    else:
        now = J.resume_time(game, journal.mark_time)
        if game.clock_running(now):
            game.do(now, "pause", ())
            journal.record(game)
    done = 0
    undone = False
    while done < NEW_ACTIONS:
        now += 2500
        if done == NEW_ACTIONS // 2 and not undone:
            undone = True
            try:
                game = game.undone()
                journal.undo(game, now)
                continue
            except Refused:
                pass
        order = list(_CANDIDATES)
        rnd.shuffle(order)
        for verb, args in order:
            try:
                game.do(now, verb, args)
                break
            except Refused:
                continue
        else:
            raise AssertionError("no action for %r" % (_lines(game)[-3:],))
        journal.record(game)
        if game.foldable():
            game = journal.fold(game)
        if game.clock_running(now + 1000):
            journal.mark(now + 1000, game)
        done += 1
    return game


def _shown(game, this, other, step, figures, where, theirs=False):
    """The digest of the game a boot gave (None for none), counted as this
    evening's, another's or neither (`theirs`: the other's is the one)."""
    if game is None:
        return None
    shown = _digest(game.KIND, _lines(game))
    if theirs:
        if shown not in other.states:
            figures["not this evening's"] += 1
            figures["failures"].append(("not the other evening's", where))
    elif this.states.get(shown, step + 1) > step:
        if shown in other.states:
            figures["other evenings shown"] += 1
            figures["failures"].append(("other evening shown", where))
        else:
            figures["not this evening's"] += 1
            figures["failures"].append(("not this evening's", where))
    return shown


_SAME = ("totals", "standings", "current", "fastest_win")


def _closed_rounds(game, journal=None):
    """The closed rounds a sheet shows, as [(number, row totals)]: the
    journal's folded ones (a fold no copy holds: ("lost", N)), then the
    game's own."""
    out = []
    if journal is not None and journal.kind == game.KIND:
        for r in journal.folded_rounds():
            out.append(("lost", r["lost"]) if "lost" in r else _round_key(r))
    for r in game.sheet()["rounds"]:
        out.append(_round_key(r))
    return out


def _missing(closed, rounds):
    """How many of the closed rounds `closed` are not in `rounds`."""
    left = list(rounds)
    lost = 0
    for r in closed:
        if r in left:
            left.remove(r)
        else:
            lost += 1
    return lost


def _host_rounds(fs):
    """The closed rounds of the evening the host reads, or None if that
    evening doesn't replay (every line it reads is checked: a replay that
    stops is the reader's mistake)."""
    kind, lines, _problems = J.read_journal(FOLDER, fs)
    if kind is None:
        return []
    try:
        return _closed_rounds(load(["game %s" % kind] + lines))
    except ScriptError:
        return None


def _round_key(r):
    return r["number"], tuple(sorted((row["name"], row["total"]) for row in r.get("rows", ())))


def _host_reads_it(fs, game):
    """The host's reader (read_journal) on the folder: the evening it gives,
    replayed, says what the device's game says."""
    kind, lines, _problems = J.read_journal(FOLDER, fs)
    try:
        back = load(["game %s" % kind] + lines)
    except ScriptError:
        return False
    here, there = game.sheet(), back.sheet()
    return all(here.get(key) == there.get(key) for key in _SAME)


def run_cases(cases, this, other, rnd, figures):
    for kind, label, image, damage, whole in cases:
        step, clean, latest = this.images[image]
        fs = MeasuredFS(clean)
        damage(fs)
        tally = figures.setdefault(kind, {"cases": 0, "whole": 0, "older": 0, "new": 0})
        tally["cases"] += 1
        tally["flips"] = tally.get("flips", 0) + label.count(" bit ")
        figures["boots"] += 3
        where = (kind, label, image)
        single = kind in ("truncated", "garbled", "stray file", "stray folder") or (
            kind == "bit flip" and label.count(" bit ") == 1) or (kind == "deleted" and " " not in label)
        # (with every file of the evening gone, nothing is left to say
        # anything was there)
        remains = any(_names(fs, sort) for sort in ("snap", "seg", "fold", "marker"))
        host_rounds = _host_rounds(MeasuredFS(fs))
        if host_rounds is None:
            figures["failures"].append(("the host's evening doesn't replay", where))
            host_rounds = []
        # the boot after the damage, and a reboot before anyone pressed a
        # button: the same game both times
        for again in (False, True):
            journal, game, raised = boot(fs)
            if raised is not None:
                figures["raising boots"] += 1
                figures["failures"].append(("boot raised", where, again, repr(raised)))
            if not again:
                shown = _shown(game, this, other, step, figures, where, whole == THEIRS)
                said = getattr(journal, "problems", None)
            elif _shown(game, this, other, step, figures, where, whole == THEIRS) != shown:
                figures["changed on a reboot"] += 1
                figures["failures"].append(("changed on a reboot", where))
        # every closed round of the evening then, on the device's sheet and
        # in the host's evening (what a second damaged file may lose: named)
        closed = this.closed[image]
        device_rounds = _closed_rounds(game, journal) if game is not None and raised is None else []
        for who, rounds in (("device", device_rounds), ("host", host_rounds)):
            lost = _missing(closed, rounds)
            tally[who + " rounds lost"] = tally.get(who + " rounds lost", 0) + lost
            if lost:
                tally[who + " cases losing"] = tally.get(who + " cases losing", 0) + 1
                if single:
                    figures["rounds lost to one file"] += lost
                    figures["failures"].append(("%s lost %d closed rounds" % (who, lost), where))
        if fs.biggest > MAX_READ:
            figures["big reads"] += 1
            figures["failures"].append(("read %d bytes at once" % fs.biggest, where))
        if whole == THEIRS:
            tally["theirs"] = tally.get("theirs", 0) + (shown is not None)
        elif shown is None:
            tally["new"] += 1
        elif shown == latest:
            tally["whole"] += 1
        elif this.states.get(shown, step + 1) <= step:
            tally["older"] += 1
        refused = [p for p in said or () if " refused" in p]
        if refused:
            # every record read is checked: a replay refused is recovery's
            # own mistake (and sets the evening aside, split in two)
            figures["failures"].append(("replay refused", where, refused[0]))
        if shown != latest and raised is None and not said and remains and whole != THEIRS:
            # an earlier state (or none) with nothing said at boot: what is
            # lost must be said (a count of records, a file set aside ...)
            tally["silent"] = tally.get("silent", 0) + 1
            figures["failures"].append(("lost with nothing said", where))
        if whole is True and shown != latest:
            figures["lost by harmless damage"] += 1
            figures["failures"].append(("lost actions", where))
        try:
            game = go_on(journal, game, rnd)
            expected = _lines(game)
        except Exception as e:
            figures["stopped saving"] += 1
            figures["failures"].append(("journalling raised", where, repr(e)))
            continue
        _journal, back, raised = boot(fs)
        if raised is not None:
            figures["raising boots"] += 1
            figures["failures"].append(("last boot raised", where, repr(raised)))
        if back is None or _lines(back) != expected:
            figures["stopped saving"] += 1
            figures["failures"].append(("stopped saving", where))
        elif tally["cases"] % 3 == 1 and not _host_reads_it(fs, back):
            figures["host reads otherwise"] += 1
            figures["failures"].append(("host reads otherwise", where))


def check(kinds, makers):
    """Runs the cases `makers` make, prints the figures, checks them."""
    this, other = evenings()
    rnd = random.Random(20240611)
    figures = {"boots": 0, "raising boots": 0, "stopped saving": 0, "other evenings shown": 0,
               "not this evening's": 0, "lost by harmless damage": 0, "changed on a reboot": 0,
               "host reads otherwise": 0, "big reads": 0, "rounds lost to one file": 0, "failures": []}
    for make in makers:
        run_cases(list(make(this, other, rnd)), this, other, rnd, figures)
    print("\njournal damage: this evening %d actions, %d images of its flash; the other %d actions"
          % (this.count, len(this.images), other.count))
    for kind in kinds:
        t = figures[kind]
        print("  %-14s %5d cases: %5d whole, %5d an earlier state, %4d none (a new game)%s%s"
              % (kind, t["cases"], t["whole"], t["older"], t["new"],
                 "; %d bits flipped" % t["flips"] if t["flips"] else "",
                 "; %d the other evening's alone, shown as its own" % t["theirs"] if t.get("theirs") else ""))
        print("  %-14s closed rounds lost: device %d (in %d cases), host %d (in %d cases); "
              "an earlier state or none with nothing said: %d"
              % ("", t.get("device rounds lost", 0), t.get("device cases losing", 0),
                 t.get("host rounds lost", 0), t.get("host cases losing", 0), t.get("silent", 0)))
    print("  boots %d: boots that raise %d; stopped saving %d; other evenings shown as this one %d"
          % (figures["boots"], figures["raising boots"], figures["stopped saving"],
             figures["other evenings shown"]))
    print("  closed rounds lost where one file was damaged: %d" % figures["rounds lost to one file"])
    print("  states not this evening's %d; actions lost to harmless damage %d; changed on a reboot %d; "
          "host reads otherwise %d; reads over %d bytes %d"
          % (figures["not this evening's"], figures["lost by harmless damage"], figures["changed on a reboot"],
             figures["host reads otherwise"], MAX_READ, figures["big reads"]))
    assert figures["raising boots"] == 0, figures["failures"][:10]
    assert figures["stopped saving"] == 0, figures["failures"][:10]
    assert figures["other evenings shown"] == 0, figures["failures"][:10]
    assert not figures["failures"], figures["failures"][:10]
    return figures


def test_bit_flips_in_the_files_read_at_boot():
    figures = check(("bit flip",), (lambda this, other, rnd: flip_cases(this, rnd),))
    assert figures["bit flip"]["cases"] >= FLIPS and figures["bit flip"]["flips"] > FLIPS


def test_files_deleted_cut_short_garbled_swapped_or_stray():
    kinds = ("deleted", "truncated", "garbled", "other evening", "stray file", "stray folder")
    makers = (lambda this, other, rnd: delete_cases(this, rnd),
              lambda this, other, rnd: truncate_cases(this, rnd),
              lambda this, other, rnd: garbled_cases(this, rnd),
              other_cases,
              lambda this, other, rnd: stray_cases(this, rnd))
    figures = check(kinds, makers)
    for kind in kinds:
        assert figures[kind]["cases"] >= 100, kind


# -- a sample on the MicroPython unix port --------------------------------------------

BOOT_SCRIPT = r'''
import sys
sys.path.insert(0, "firmware")
from tileclock.store.fs import FS, crc32
from tileclock.store import recover as R
from tileclock.store.journal import Journal
from tileclock.script import format_action

def outcome(root):
    journal = Journal(root, FS())
    try:
        game, problems = R.resume(journal)
    except Exception as e:
        return "raised %r" % (e,)
    if game is None or not game.history:
        return "none"
    crc = 0
    for a in game.history:
        crc = crc32(format_action(*a).encode(), crc)
    rounds = len(game.sheet()["rounds"])
    for r in journal.folded_rounds():
        if "lost" not in r:
            rounds += 1
    return "%d actions crc %08x rounds %d" % (len(game.history), crc, rounds)

for line in sys.stdin.read().split("\n"):
    if line:
        print(line, outcome(line + "/flash"))
'''


def _outcome_here(fs):
    """What BOOT_SCRIPT prints for a boot, from a boot on CPython."""
    journal = J.Journal(ROOT, fs)
    try:
        game, _problems = R.resume(journal)
    except Exception as e:
        return "raised %r" % (e,)
    if game is None or not game.history:
        return "none"
    crc = 0
    for a in game.history:
        crc = store_fs.crc32(format_action(*a).encode(), crc)
    rounds = len(game.sheet()["rounds"]) + len([r for r in journal.folded_rounds() if "lost" not in r])
    return "%d actions crc %08x rounds %d" % (len(game.history), crc, rounds)


def _to_disk(fs, base):
    import os
    for path in sorted(fs.dirs):
        if path:
            os.makedirs(os.fsencode(base + path), exist_ok=True)
    for path, data in fs.files.items():
        with open(os.fsencode(base + path), "wb") as f:
            f.write(bytes(data))


def test_a_sample_of_the_damage_boots_the_same_on_micropython(tmp_path):
    """Every 20th case of every kind (every stray one), its damaged flash written to a folder,
    booted on the MicroPython unix port (its listdir, its bytes, its
    LittleFS-free unix VFS): the same game as on CPython, and no boot
    raises. Names that aren't UTF-8 (the stray cases) go to disk as bytes."""
    import subprocess

    from test_micropython import ROOT as REPO, tool
    this, other = evenings()
    rnd = random.Random(20240611)
    makers = (lambda: flip_cases(this, rnd), lambda: delete_cases(this, rnd), lambda: truncate_cases(this, rnd),
              lambda: garbled_cases(this, rnd), lambda: other_cases(this, other, rnd),
              lambda: stray_cases(this, rnd))
    expected = {}
    kinds = {}
    for make in makers:
        for k, (kind, label, image, damage, _whole) in enumerate(make()):
            if k % 20 and not kind.startswith("stray"):
                continue
            fs = this.images[image][1].copy()
            damage(fs)
            folder = str(tmp_path / ("case%04d" % len(expected)))
            _to_disk(fs, folder)
            expected[folder] = (_outcome_here(MemFS.copy(fs)), kind, label)
            kinds[kind] = kinds.get(kind, 0) + 1
    script = tmp_path / "boot.py"
    script.write_text(BOOT_SCRIPT)
    result = subprocess.run([tool("micropython"), "-X", "heapsize=16M", str(script)], cwd=REPO,
                            input="\n".join(expected) + "\n", capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    got = dict(line.split(" ", 1) for line in result.stdout.splitlines() if line)
    print("\nthe damage on MicroPython: %d cases (%s), each booted on both interpreters"
          % (len(expected), ", ".join("%s %d" % kv for kv in sorted(kinds.items()))))
    differ = [(expected[f][1:], expected[f][0], got.get(f)) for f in expected if got.get(f) != expected[f][0]]
    raised = [f for f in got if got[f].startswith("raised")]
    print("  raised on MicroPython %d; a game other than CPython's %d" % (len(raised), len(differ)))
    assert not raised and not differ, differ[:5]


# -- the last edges, for every game (tests/firmware/flashcases.py) ---------------------
#
# A fold whose books' writes fail right after a close (EIO; ENOSPC: short of
# FOLD_ROOM with nothing to remove, or full with evenings to remove), the
# boot after a new game's start failed on a full flash, each file of
# journal/ deleted right after a close, the marker's name changed in 1, 2 and
# 8 bits or replaced: for every game of the registry, the evening played
# through the Keeper as the app plays it. The host side is the host tools'
# own reading of the device's folder (written to disk as a pull copies it):
# an evening the device resumes must be among the evenings `export`,
# `sheet` and `book add` read.

EDGE_SAMPLE = 3         # moments of each class, each game


def _hidden_from_the_host_tools(tmp_path):
    """hidden(fs): the device's flash written to a folder, read as the
    host tools read a pulled folder: True if journal/ gives no evening."""
    from tileclock_host.cli import UserError
    from tileclock_host.scores.evening import evenings_in
    count = [0]

    def hidden(fs):
        count[0] += 1
        base = str(tmp_path / ("pulled%04d" % count[0]))
        _to_disk(fs, base)
        try:
            evenings = evenings_in(base + ROOT) or []
        except UserError:
            return True
        return not [e for e in evenings if e.label == "journal"]
    return hidden


def test_the_last_edges_every_game_loses_nothing_and_hides_nothing(tmp_path):
    import flashcases
    from tileclock import games
    tally = flashcases.run(sample=EDGE_SAMPLE, hidden=_hidden_from_the_host_tools(tmp_path))
    print("\n" + flashcases.table(tally, "the journal's last edges, %d games (%s), CPython:"
                                  % (len(games.KINDS), ", ".join(games.KINDS))))
    print("  actions lost on a flash too full for a whole snapshot (the screen says so): %d"
          % tally.lost_without_room)
    kinds = set(outcome[0] for outcome in tally.outcomes)
    assert kinds == set(games.KINDS)
    for what in flashcases.CLASSES:
        row = tally.figures[what]
        assert row["cases"] >= 3 * len(games.KINDS), what
        for figure in ("raised", "stopped saving", "lost with room", "hidden from host"):
            assert row[figure] == 0, (what, figure, tally.failures[:10])
    assert not tally.failures, tally.failures[:10]


MP_EDGES = r'''
import sys
sys.path.insert(0, "firmware")
sys.path.insert(0, "tests/firmware")
sys.path.append("host_tools")
import flashcases
flashcases.main(1)
'''


def test_a_sample_of_the_last_edges_runs_the_same_on_micropython(tmp_path):
    """One moment of each class, each game, on the MicroPython unix port
    (its bytes, its ints, its exceptions): the same outcome as on CPython,
    case by case, and nothing lost."""
    import subprocess

    import flashcases
    from test_micropython import ROOT as REPO, tool
    here = flashcases.run(sample=1)
    script = tmp_path / "edges.py"
    script.write_text(MP_EDGES)
    result = subprocess.run([tool("micropython"), "-X", "heapsize=16M", str(script)], cwd=REPO,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:] + result.stdout[-2000:]
    there = flashcases.Tally()
    outcomes = []
    failures = []
    for line in result.stdout.splitlines():
        word, _sp, rest = line.partition(" ")
        if word == "figures":
            what, numbers = rest.split(" ", 1)
            there.figures[what.replace("_", " ")] = dict(zip(flashcases.FIGURES, map(int, numbers.split())))
        elif word == "outcome":
            outcomes.append(tuple(rest.split("|")))
        elif word == "failure":
            failures.append(rest)
    print("\n" + flashcases.table(there, "the journal's last edges, a sample on MicroPython's unix port:"))
    assert outcomes == here.outcomes
    assert there.figures == here.figures
    assert not failures, failures[:10]
    for what in flashcases.CLASSES:
        for figure in ("raised", "stopped saving", "lost with room", "hidden from host"):
            assert there.figures[what][figure] == 0, (what, figure)
