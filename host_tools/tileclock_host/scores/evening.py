# An evening: one game's score sheet (a Word-Sport session of rounds, a Speed
# Scrabble match, a Spell Sport rubber) with where it came from and an
# identity that does not depend on where it came from.
#
# Three kinds of file hold evenings:
#   - an action script (`game KIND` then `TIME VERB ARGS` lines): run through
#     the engine, exactly as `tileclock replay` does;
#   - a device journal (docs/journal.md): the store's own reader turns its
#     records into the same action lines; a folder pulled from a device holds
#     one evening per game (journal.py);
#   - a score sheet saved as JSON (`tileclock replay SCRIPT > sheet.json`):
#     taken as it is, after a check of its shape.
#
# Identity: the SHA-256 of the evening's normalised action lines (`game KIND`
# and one `MS VERB ARGS` line per action, as tileclock.script.dump writes them).
# Comments, blank lines and m:ss times in a hand-written script do not change
# it, and the same evening pulled from two devices' journals, or exported as a
# script, has the same identity. A sheet given as JSON has no actions; its
# identity is the SHA-256 of its canonical JSON.
#
# A Speed Scrabble evening may hold several matches (`newmatch` starts the
# next); `sheets` has one sheet per match, the sheet as it stood just before
# each `newmatch`, then the match in play.
import datetime
import hashlib
import json
import os

from tileclock.engine.game import Refused
from tileclock.games import KINDS as GAME_KINDS
from tileclock.script import ScriptError, dump, load
from tileclock_host import registry
from tileclock_host.cli import UserError
from tileclock_host.referee import textfile
from tileclock_host.scores import journal


class Evening:
    """One evening's sheet, where it came from, and its identity."""

    def __init__(self, sheet, source, lines=None, device=None, label=None, sheets=None, problems=(),
                 root=None):
        self.sheet = sheet            # the game's sheet() at the end
        self.sheets = sheets or [sheet]
        self.kind = sheet["game"]
        self.problems = list(problems)  # what the journal reader had to say
        self.source = source          # the file it was read from
        self.lines = lines            # normalised action lines, or None for a JSON sheet
        self.device = device          # the device id, for an evening from a journal
        self.label = label            # where in the file, e.g. "game 2", or None
        self.root = root              # the device's folder, for an evening from a journal
        canon = json.dumps(sheet, sort_keys=True, separators=(",", ":"))
        # The sheet's own identity lets the book match a sheet saved as JSON
        # with the script or journal it came from.
        self.sheet_identity = hashlib.sha256(("sheet\n" + canon).encode("utf-8")).hexdigest()
        if lines is not None:
            self.identity = lines_identity(lines)
        else:
            self.identity = self.sheet_identity

    @property
    def short_id(self):
        return self.identity[:12]

    @property
    def where(self):
        """A short name for the source, for messages and sheets."""
        return short_source(self.source, self.label)

    @property
    def played(self):
        """When the evening was played as far as its files say, local time
        "YYYY-MM-DD HH:MM". The board keeps no calendar: an evening from a
        pull was played by the time of the pull (pull.json, the <when> folder
        pull made), however often the folder was copied since; any other file
        was written when it was last changed. None if neither can be told."""
        when = journal.pulled_at(self.root) if self.root else None
        if when is None:
            when = _written(self.source)
        return when.strftime("%Y-%m-%d %H:%M") if when else None

    def __repr__(self):
        return "<Evening %s %s from %s>" % (self.kind, self.short_id, self.where)


def short_source(source, label=None):
    """The file's name; for a journal, the device folder's name and the game's folder."""
    if label:
        if source.endswith(label + ".txt"):
            source = source[:-4]
        folder = source[:len(source) - len(label)].rstrip("/\\")
        return "%s/%s" % (os.path.basename(folder) or ".", label)
    return os.path.basename(source)


def _written(path):
    """When the file, or the newest file in the folder, was last written (local time)."""
    newest = 0
    try:
        if os.path.isdir(path):
            for folder, _dirs, files in os.walk(path):
                for name in files:
                    newest = max(newest, os.path.getmtime(os.path.join(folder, name)))
        else:
            newest = os.path.getmtime(path)
    except OSError:
        return None
    return datetime.datetime.fromtimestamp(newest) if newest else None


def lines_identity(lines):
    text = "\n".join(lines) + "\n"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _fail(path, lineno, problem):
    if lineno:
        raise UserError("%s: line %d: %s" % (path, lineno, problem))
    raise UserError("%s: %s" % (path, problem))


def read_bytes(path):
    from tileclock_host.referee.textfile import MAX_INPUT, too_large
    try:
        with open(path, "rb") as f:
            # a disk image or /dev/zero is the wrong file: refused at the cap,
            # before it fills the memory
            data = f.read(MAX_INPUT + 1)
        if len(data) > MAX_INPUT:
            raise UserError("%s: %s" % (path, too_large(MAX_INPUT, "an evening's file")))
        return data
    except IsADirectoryError:
        raise UserError("%s: is a folder, not a file" % path)
    except OSError as e:
        raise UserError("%s: %s" % (path, e.strerror or e))


def _first_content(text):
    for raw in text.splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            return line
    return ""


def evening_from_lines(lines, source, device=None, label=None, problems=(), root=None):
    """Run action lines through the engine; a refused or unreadable line is a UserError."""
    try:
        game = load(lines)
    except ScriptError as e:
        _fail(source, e.lineno, e.message)
    except Refused as e:  # pragma: no cover - load() turns refusals into ScriptError
        _fail(source, 0, e.reason)
    normal = dump(game)
    return Evening(game.sheet(), source, lines=normal, device=device, label=label,
                   sheets=_match_sheets(normal, game), problems=problems, root=root)


def _match_sheets(lines, game):
    """One sheet per match: the sheet before each `newmatch`, then the last."""
    cuts = [i for i, line in enumerate(lines) if i and line.split()[1:2] == ["newmatch"]]
    sheets = []
    for cut in cuts:
        sheet = load(lines[:cut]).sheet()
        if sheet["rounds"]:
            sheets.append(sheet)
    last = game.sheet()
    if last["rounds"] or last.get("current") or not sheets:
        sheets.append(last)
    return sheets


def journal_evening(folder, kind, lines, problems, device=None, unread=None):
    """The evening of one journal folder (read_journal's answer), or None if
    it holds none; a journal with no game that could be read is added to
    `unread` as (folder, why), for load_file to report."""
    if kind is None:
        if problems and unread is not None:
            unread.append((folder, "; ".join(problems)))
        return None
    # The label names the folder on the device: "journal" or "games/0012".
    folder = os.path.abspath(folder)
    # A finished evening's one file, games/NNNN.txt, is labelled as the
    # folder it was before: the same evening under the same name.
    label = os.path.basename(folder)
    suffix = ""
    if label.endswith(".txt"):
        label, suffix = label[:-4], ".txt"
    parent = os.path.dirname(folder)
    if os.path.basename(parent) == "games":
        label = "games/" + label
        parent = os.path.dirname(parent)
    source = (os.path.join(parent, label) if parent else label) + suffix
    # The journal's lines were accepted by the engine on the device, so a
    # refusal here means the engines differ (another firmware version).
    return evening_from_lines(["game " + kind] + list(lines), source, device=device, label=label,
                              problems=["%s: %s" % (folder, p) for p in problems], root=parent or None)


def evenings_in(path, unread=None):
    """The evenings in a journal folder, a device folder or a file inside a
    journal; None if none of these. Journals with no game that could be read
    are said in `unread` (see journal_evening)."""
    if journal.is_archive_file(path):
        root = os.path.dirname(os.path.dirname(os.path.abspath(path)))
        evening = journal_evening(path, *journal.read(path), device=journal.device_id(root), unread=unread)
        return [evening] if evening else []
    if os.path.isfile(path):
        folder = os.path.dirname(os.path.abspath(path))
        return evenings_in(folder, unread) if journal.is_journal_dir(folder) else None
    if journal.is_journal_dir(path):
        root = os.path.dirname(os.path.abspath(path))
        if os.path.basename(root) == "games":
            root = os.path.dirname(root)
        evening = journal_evening(path, *journal.read(path), device=journal.device_id(root), unread=unread)
        return [evening] if evening else []
    if journal.is_device_dir(path):
        device = journal.device_id(path)
        evenings = []
        for folder in journal.journal_dirs(path):
            evening = journal_evening(folder, *journal.read(folder), device=device, unread=unread)
            if evening:
                evenings.append(evening)
        return evenings
    found = journal.device_dirs_below(path)
    if found:
        evenings = []
        for root in found:
            evenings.extend(evenings_in(root, unread))
        return evenings
    return None


def _journal_evenings(path):
    """evenings_in(path), where a path that holds no evening at all is an
    error (a one-line UserError saying why), whatever command reads it; a
    journal with no readable game beside evenings that were read is a
    warning."""
    unread = []
    evenings = evenings_in(path, unread)
    if evenings is None or evenings:
        for folder, why in unread:
            warn_stderr("%s: no game could be read: %s" % (folder, why))
        return evenings
    if unread:
        _fail(path, 0, "no evening could be read: " + "; ".join(
            why if _inside(folder, path) is None else "%s: %s" % (_inside(folder, path), why)
            for folder, why in unread))
    _fail(path, 0, "no evening in it (no game journalled)")


def _inside(folder, path):
    """`folder` as a path below `path` ("journal", "games/0002"); None where
    it is `path` itself or the journal of a file given."""
    folder, path = os.path.abspath(folder), os.path.abspath(path)
    if folder in (path, os.path.dirname(path)):
        return None
    rel = os.path.relpath(folder, path)
    return folder if rel.startswith(os.pardir) else rel.replace(os.sep, "/")


def load_file(path):
    """The evenings in one file or folder (script, journal or JSON sheet), as a list."""
    if os.path.isdir(path):
        evenings = _journal_evenings(path)
        if evenings is None:
            _fail(path, 0, "a folder, but neither a journal (snap.txt, folds.txt, jNNNN.log ...) "
                           "nor a device's files (journal/, games/)")
        return evenings
    if not os.path.exists(path):
        _fail(path, 0, "no such file")
    if journal.is_journal_file(path) or journal.is_archive_file(path):
        # A file of a journal: the whole journal folder is the evening (a
        # snapshot alone would miss the segments written after it).
        evenings = _journal_evenings(path)
        if evenings is not None:
            return evenings
    data = read_bytes(path)
    try:
        text = textfile.decode(data)
    except UnicodeDecodeError as e:
        text = None
        bad = textfile.bad_line(data, e)
    if text is not None:
        first = _first_content(text)
        if first.startswith("{"):
            return [evening_from_json(text, path)]
        if first.split()[:1] == ["game"]:
            return [evening_from_lines(text.splitlines(), path)]
    evenings = _journal_evenings(path)
    if evenings is None:
        if not data.strip():
            _fail(path, 0, "empty file: no evening in it")
        if text is None:
            if _first_content(data.decode("latin-1")).split()[:1] == ["game"]:
                _fail(path, bad, "not UTF-8 text (save the script as UTF-8)")
            _fail(path, 1, "not a text file: not an action script, a journal or a sheet in JSON")
        hint = textfile.other_kind(text.splitlines(), "script")
        _fail(path, 1, "not an action script (it must begin 'game KIND'), a journal or a sheet in JSON"
              + ("; " + hint if hint else ""))
    return evenings


def load_files(paths, warn=None):
    """The evenings in all the paths, each once (see dedupe); the journal
    reader's problems go to warn(text)."""
    evenings = []
    for path in paths:
        for evening in load_file(path):
            if warn:
                for problem in evening.problems:
                    warn(problem)
            evenings.append(evening)
    return dedupe(evenings)


def _covers(big, small):
    """`big` holds every action of `small` and more, or is the same evening."""
    if big.identity == small.identity:
        return True
    if small.lines is None:
        return big.sheet_identity == small.sheet_identity
    if big.lines is None or len(big.lines) <= len(small.lines):
        return False
    return big.lines[:len(small.lines)] == small.lines


def dedupe(evenings):
    """Each evening once, as the score book counts them: of copies of one
    evening (two pulls, a journal and its script, a sheet JSON and its
    script) the one with the most actions is kept, where the first copy was."""
    kept = []
    for evening in evenings:
        for i, other in enumerate(kept):
            if _covers(other, evening):
                break
            if _covers(evening, other):
                kept[i] = evening
                break
        else:
            kept.append(evening)
    return kept


def warn_stderr(text):
    import sys
    print("tileclock: warning: %s" % text, file=sys.stderr)


# -- score sheets given as JSON --

def evening_from_json(text, path):
    try:
        sheet = json.loads(text)
    except ValueError as e:
        lineno = getattr(e, "lineno", 0)
        _fail(path, lineno, "not valid JSON (%s)" % getattr(e, "msg", e))
    check_sheet(sheet, path)
    return Evening(sheet, path)


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def check_sheet(sheet, path):
    """Check that `sheet` has the shape every game's sheet() returns; UserError if not."""
    def bad(where, problem):
        _fail(path, 0, "%s: %s" % (where, problem) if where else problem)

    if not isinstance(sheet, dict):
        bad("", "a score sheet must be a JSON object")
    kind = sheet.get("game")
    if kind not in GAME_KINDS:
        bad("game", "must be one of %s, not %r" % (", ".join(GAME_KINDS), kind))
    for key, typ in (("players", list), ("rounds", list), ("totals", dict), ("standings", list)):
        if not isinstance(sheet.get(key), typ):
            bad(key, "missing or not a %s" % ("list" if typ is list else "object"))
    for i, name in enumerate(sheet["players"]):
        if not isinstance(name, str) or not name:
            bad("players[%d]" % i, "a player's name must be a non-empty string")
    for name, total in sheet["totals"].items():
        if not _is_int(total):
            bad("totals.%s" % name, "must be a whole number")
    rounds = list(sheet["rounds"])
    if sheet.get("current") is not None:
        rounds.append(sheet["current"])
    for r, rnd in enumerate(rounds):
        where = "rounds[%d]" % r if r < len(sheet["rounds"]) else "current"
        if not isinstance(rnd, dict):
            bad(where, "a round must be an object")
        if not _is_int(rnd.get("number")):
            bad(where + ".number", "must be a whole number")
        if not isinstance(rnd.get("rows"), list):
            bad(where + ".rows", "missing or not a list")
        for i, row in enumerate(rnd["rows"]):
            at = "%s.rows[%d]" % (where, i)
            if not isinstance(row, dict):
                bad(at, "a row must be an object")
            if not isinstance(row.get("name"), str):
                bad(at + ".name", "missing or not a string")
            if not _is_int(row.get("seat")):
                bad(at + ".seat", "missing or not a whole number")
            # The round in progress may have numbers not entered yet (null).
            for key in registry.about(kind).ROW_INTS:
                value = row.get(key)
                if value is None and (key != "total" or where == "current"):
                    continue
                if not _is_int(value) and not isinstance(value, bool):
                    bad("%s.%s" % (at, key), "must be a whole number")
