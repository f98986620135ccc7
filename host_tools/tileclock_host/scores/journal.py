# A device's journal files on the host, read through the store's own reader
# (tileclock.store.journal.read_journal, docs/journal.md): the host never
# parses journal records itself. scores/evening.py makes evenings of them
# (evenings_in); this module imports nothing of it.
#
# What may be given:
#   - a journal folder: `journal/` (the game being played) or `games/NNNN/`
#     (a finished game the device kept as it was), holding any of the
#     journal's files (snap.txt, its copy snap2.txt, the fold books
#     folds.txt and folds2.txt, jNNNN.log segments: is_journal_file);
#   - a finished game's one file, `games/NNNN.txt` (the device's archive);
#   - one file inside such a folder (its folder is read);
#   - a device's file system as `tileclock pull` copies it (a folder with
#     journal/ and/or games/ in it, and pull.json naming the device): every
#     game in it, oldest first;
#   - a folder of those, e.g. pull's --to folder (DIR/<device>/<when>/):
#     every pull in it, in name order (the same evening in several pulls is
#     one evening to the score book).
import datetime
import json
import os

PULL_MANIFEST = "pull.json"
PULL_STAMP = "%Y%m%d-%H%M%S"        # the folder pull makes, DIR/<device>/<when>/ (local time)


def is_journal_file(path):
    """A file the device reads an evening from, by its name (store/scan.py:
    a snapshot or its copy, a fold book, a segment ...)."""
    from tileclock.store.scan import is_evening_file
    return is_evening_file(os.path.basename(path))


def is_journal_dir(path):
    """A folder holding any file the device reads an evening from: the
    device resumes an evening from its snapshot's copy, or its fold books,
    as well as from snap.txt, so the host reads such a folder too."""
    try:
        names = os.listdir(path)
    except OSError:
        return False
    return any(is_journal_file(n) and os.path.isfile(os.path.join(path, n)) for n in names)


def is_archive_file(path):
    """A finished evening's one file, games/NNNN.txt."""
    name = os.path.basename(path)
    return (os.path.isfile(path) and len(name) == 8 and name.endswith(".txt") and name[:4].isdigit()
            and os.path.basename(os.path.dirname(os.path.abspath(path))) == "games")


def is_device_dir(path):
    return os.path.isdir(os.path.join(path, "journal")) or os.path.isdir(os.path.join(path, "games"))


def device_id(root):
    """The device pull.json names for a pulled folder (its unique id, else the name given), or None."""
    try:
        with open(os.path.join(root, PULL_MANIFEST), encoding="utf-8") as f:
            manifest = json.load(f)
        return manifest.get("device") or manifest.get("name")
    except (OSError, ValueError, AttributeError):
        return None


def pulled_at(root):
    """When the device folder `root` was pulled, as a local datetime: pull.json's
    "pulled" (UTC), else the folder's own name (<when>); None for a folder
    that is not a pull."""
    try:
        with open(os.path.join(root, PULL_MANIFEST), encoding="utf-8") as f:
            stamp = json.load(f).get("pulled")
        utc = datetime.datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
        return utc.astimezone().replace(tzinfo=None)
    except (OSError, ValueError, TypeError, AttributeError):
        pass
    try:
        return datetime.datetime.strptime(os.path.basename(os.path.normpath(root)), PULL_STAMP)
    except ValueError:
        return None


def journal_dirs(root):
    """The journal folders of a device folder, oldest game first."""
    found = []
    games = os.path.join(root, "games")
    if os.path.isdir(games):
        for name in sorted(os.listdir(games), key=lambda n: n[:4]):
            path = os.path.join(games, name)
            if os.path.isdir(path) and is_journal_dir(path) or is_archive_file(path):
                found.append(path)
    current = os.path.join(root, "journal")
    if is_journal_dir(current):
        found.append(current)
    return found


def read(path):
    """(kind, lines, problems) from one journal folder, with the store's reader."""
    from tileclock_host.cli import UserError
    try:
        from tileclock.store.journal import read_journal
    except ImportError:
        raise UserError("%s: reading a journal needs tileclock.store.journal (firmware/), "
                        "which is missing" % path)
    try:
        kind, lines, problems = read_journal(path)
    except OSError as e:
        raise UserError("%s: %s" % (e.filename or path, e.strerror or e))
    # read_journal changes nothing: its problems say "not read" where the
    # device's recovery says "moved aside".
    if not os.path.isdir(path):
        return kind, lines, problems
    aside = sorted(n for n in os.listdir(path) if ".bad-" in n)
    if aside:
        problems.append("%d file(s) the device set aside as damaged, not read: %s"
                        % (len(aside), ", ".join(aside[:5]) + (", ..." if len(aside) > 5 else "")))
    return kind, lines, problems


def device_dirs_below(path, depth=3):
    """Device folders (or bare journal folders) under `path`, in name order."""
    found = []
    if depth == 0:
        return found
    try:
        names = sorted(os.listdir(path))
    except OSError:
        return found
    for name in names:
        sub = os.path.join(path, name)
        if name.startswith(".") or not os.path.isdir(sub):
            continue  # .partial-* is a pull that did not finish
        if is_device_dir(sub) or is_journal_dir(sub):
            found.append(sub)
        else:
            found.extend(device_dirs_below(sub, depth - 1))
    return found
