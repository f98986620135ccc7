# Journal recovery, run once at boot: the folder read (store/scan.py), what
# can't be this evening's set aside, the history since the last checkpoint
# replayed, the folder repaired. Apart from store/journal.py so that the app
# can unload it after boot (tileclock.modules). The rules are in
# docs/journal.md ("Recovery").
#
# Nothing found on flash may stop the clock or the journal: every file is
# read with its errors caught (bytes that aren't UTF-8, a folder where a file
# should be, a name we don't expect, another evening's file), and whatever
# can't be used is renamed aside (NAME.bad-N), never deleted, with a problem
# for the screen. Files are read a line at a time: no allocation at boot is
# bigger than a line.
from micropython import const

from tileclock.engine.game import Refused
from tileclock.script import parse_action
from tileclock.store.fs import MARKER, SNAP, is_full, move_aside, read_line, seed_of, segment_name
from tileclock.store import scan as S

_FEED_MASK = const(31)          # resume(): feed the watchdog every 32 actions replayed

NOT_READ = S.NOT_READ


# -- the device: repair, replay -----------------------------------------------------

def _repair_start(journal):
    """journal.new/ (a new evening cut before its switch) finished or
    dropped; journal/ a folder. Problems for the screen."""
    fs = journal.fs
    problems = []
    new = journal.root + "/journal.new"
    if fs.isdir(new):
        from tileclock.store import archive     # (only then: a boot needs it seldom)
        try:
            seg = fs.open(new + "/" + segment_name(1), "rb")
            try:
                raw = read_line(seg, S.MAX_LINE)
            finally:
                seg.close()
        except OSError:
            raw = None
        marker = [n for n in fs.listdir(new) if isinstance(n, str) and n.startswith(MARKER)]
        if raw and len(marker) == 1 and S.is_hex8(marker[0][len(MARKER):]) and \
                S.parse_record(raw, seed_of(marker[0][len(MARKER):])) is not None:
            try:
                journal._roomy(archive.switch, journal, new)
            except OSError as e:
                if not is_full(e):
                    raise
                # A full flash with nothing left to remove: the old evening
                # can't be archived. While it is still in journal/ it goes
                # on, as after any repair a full flash stops (finish), and
                # the new one goes: it holds no action (its set-up is
                # written after the switch). Past that point (the old one
                # archived whole) the next boot finishes the switch.
                if fs.isdir(journal.folder) and not archive.archived(journal):
                    archive.clear(fs, new)
                problems.append("flash full: new game not started")
        else:
            archive.clear(fs, new)
    elif fs.size(new) >= 0:
        move_aside(fs, new)
        problems.append("journal: a file journal.new, moved aside")
    if not fs.isdir(journal.folder):
        if fs.size(journal.folder) >= 0:
            move_aside(fs, journal.folder)
            problems.append("journal: a file where its folder goes, moved aside")
        try:
            fs.mkdir(journal.folder)
        except OSError as e:
            if not is_full(e):
                raise
            if "flash full: new game not started" not in problems:
                problems.append("flash full: new game not started")
    return problems


def prepare(journal):
    """(scan, problems): the folder read and set right for writing, the
    journal told what it holds; nothing of the history gathered yet."""
    fs = journal.fs
    problems = _repair_start(journal)
    scan = S.scan_folder(fs, journal.folder, S.MOVED)
    problems.extend(scan.problems)
    folder = journal.folder + "/"
    for path in scan.aside_first:
        move_aside(fs, path)
    for path in scan.stale:
        fs.remove(path)
    if scan.adopt is not None:
        fs.rename(folder + scan.adopt, folder + SNAP)
        scan.snap = folder + SNAP
        scan.adopt = None
    if scan.marker is not None and (scan.kind is not None or scan.recount):
        try:
            fs.open(folder + MARKER + scan.marker, "wb").close()
        except OSError as e:
            if not is_full(e):
                raise           # (on a full flash the files still name the evening)
    journal.adopt(scan.kind, scan.evening, scan.seq, scan.folds, scan.mark)
    # appends go after every segment seen; a bad segment's good records are
    # replayed, then it is set aside, never removed with the live ones
    live = []
    for number, _good in scan.live:
        if folder + segment_name(number) not in scan.aside:
            live.append(number)
    journal.use_files(scan.upto, live, scan.tail)
    return scan, problems


def finish(journal, scan, lines=None, game=None):
    """After the replay: the repair snapshot of `lines` (a list) or of
    `game`'s history if the folder needed one, then what was set aside and
    what the snapshot covers goes. Problems for the screen: on a flash too
    full for the repair even once room is made, the journal goes on (its
    next write is a snapshot) and says so."""
    fs = journal.fs
    problems = []
    if scan.dirty and scan.kind is not None:
        try:
            journal._snapshot(game, lines)      # the live segments go with it
        except OSError as e:
            if not is_full(e):
                raise
            journal._spoiled = True             # never append after what needed repair
            problems.append("flash full: journal not repaired")
    if scan.dirty and journal.evening is not None and not journal._spoiled:
        journal._count()        # the records there are now: the next boot is quiet
    if journal.notice:
        problems.append(journal.notice)
        journal.notice = ""
    for path in scan.aside:
        if fs.size(path) >= 0:
            move_aside(fs, path)
    for path in scan.drop:
        if fs.size(path) >= 0:
            fs.remove(path)
    return problems


def recover(journal):
    """(kind, lines, problems): the history on `journal`'s flash since the
    checkpoint as action lines, the folder repaired."""
    scan, problems = prepare(journal)
    lines = []
    if scan.kind is not None:
        lines = S.since_checkpoint(journal.fs, journal.folder, scan, False)
    problems.extend(finish(journal, scan, lines))
    return scan.kind, lines, problems


def resume(journal, factory=None, feed=None):
    """(game, problems): `journal`'s folder recovered and the history since
    the last checkpoint replayed on a new game, as it is read from flash, a
    line at a time. `factory(kind)` makes the game (default
    tileclock.script.new_game); None when nothing is journalled. `feed()`
    (the board's feed_watchdog) is called every few dozen actions."""
    scan, problems = prepare(journal)
    if feed is not None:
        feed()
    if scan.kind is None:
        problems.extend(finish(journal, scan))
        return None, problems
    if factory is None:
        from tileclock.script import new_game as factory
    try:
        game = factory(scan.kind)
    except Refused:
        problems.append("journal: unknown game %s" % scan.kind)
        scan.dirty = False
        problems.extend(finish(journal, scan))
        return None, problems
    count = 0
    refused = None
    held = None     # the last action read: applied once the next entry isn't its undo
    for what, line in S.history(journal.fs, journal.folder, scan):
        count += 1
        if feed is not None and count & _FEED_MASK == _FEED_MASK:
            feed()              # the watchdog, through a long replay
        if what == "mark":
            continue
        if what == "undo" and held is not None:
            # an action and the undo right after it: neither is replayed,
            # and no second game is built (undone()) on a small heap
            held = None
            continue
        try:
            if held is not None:
                now, verb, args = parse_action(held)
                held = None
                game.do(now, verb, args)
            if what == "undo":
                game = game.undone()
        except (Refused, ValueError) as e:
            reason = e.reason if isinstance(e, Refused) else str(e)
            refused = "action %d refused: %s" % (len(game.history) + 1, reason[:26])
            break
        if what == "do":
            held = line
    if refused is not None:
        # keep the whole old journal as a finished evening; go on from what
        # the engine took
        problems.append(refused)
        scan.dirty = False
        problems.extend(finish(journal, scan))
        journal.rebase(game)
        return game, problems
    problems.extend(finish(journal, scan, game=game))
    return game, problems
