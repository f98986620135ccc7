# The score book: every evening from every device and file, in one SQLite
# file, so standings, records and each player's history span them all.
#
# An evening is stored once. Two things say that two copies are one evening:
#   - the journal's name for it (8 hex digits: the marker journal/evening-
#     XXXXXXXX, the snapshot's header, the finished evening's file's first
#     line `# tileclock evening XXXXXXXX`). Every copy of one evening read
#     from a journal has it, however damaged or undone: the book keeps one
#     row per name (see _reconcile for which copy, or which blend of two);
#   - its actions (evening.py: the identity is the SHA-256 of the normalised
#     action lines), for a script, which has no name: the same actions are
#     "already" there, an evening whose actions begin with all of a stored
#     one's replaces it ("grown"), one whose actions are all at the start of
#     a stored one's is skipped ("older copy").
# A sheet saved as JSON has no actions; it matches the script or journal it
# came from by the sheet itself, and the copy with actions is the one kept.
# So a book never counts an evening twice however often and from wherever it
# is imported.
import datetime
import json
import os
import pathlib
import sqlite3

from tileclock_host import registry

SCHEMA_VERSION = 2   # 2: evenings.name, seq, finished (a book of 1 is brought up to 2 by add)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS evenings (
    id      TEXT PRIMARY KEY,     -- identity: SHA-256 of the action lines (or of the sheet JSON)
    game    TEXT NOT NULL,        -- the kind (tileclock/games/<kind>/)
    source  TEXT NOT NULL,        -- the file or folder it was added from
    label   TEXT,                 -- which game in a journal folder, e.g. "game 0012"
    device  TEXT,                 -- device id, for a folder from `tileclock pull`
    played  TEXT,                 -- its pull's time, else its file's (Evening.played)
    added   TEXT NOT NULL,        -- when it went into the book, UTC
    lines   TEXT,                 -- the action lines; NULL for a sheet given as JSON
    sheets  TEXT NOT NULL,        -- JSON: the sheet of each match
    sheet_id TEXT NOT NULL,       -- SHA-256 of the final sheet's canonical JSON
    name    TEXT,                 -- the journal's name for the evening (8 hex digits); NULL: a script
    seq     INTEGER,              -- the journal's records when this copy was taken (NULL: not a journal)
    finished INTEGER NOT NULL DEFAULT 0  -- 1: the finished evening's file, games/NNNN.txt (its last copy)
);
CREATE INDEX IF NOT EXISTS evenings_sheet ON evenings (sheet_id);
CREATE INDEX IF NOT EXISTS evenings_name ON evenings (name);
CREATE TABLE IF NOT EXISTS results (  -- one row per player per counted round
    evening TEXT NOT NULL REFERENCES evenings(id) ON DELETE CASCADE,
    game    TEXT NOT NULL,
    match   INTEGER NOT NULL,     -- Speed Scrabble evenings may hold several matches; else 1
    round   INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    name    TEXT NOT NULL,
    void    INTEGER NOT NULL,
    total   INTEGER,
    won     INTEGER NOT NULL,     -- won the round: Word-Sport 1st place, Speed Scrabble first out,
                                  -- Spell Sport completed the path
    time_ms INTEGER,              -- Word-Sport: win time if won; Speed Scrabble: play time if first out
    PRIMARY KEY (evening, match, round, seat)
);
CREATE TABLE IF NOT EXISTS standings (  -- one row per player per match, as the sheet ranks them
    evening TEXT NOT NULL REFERENCES evenings(id) ON DELETE CASCADE,
    game    TEXT NOT NULL,
    match   INTEGER NOT NULL,
    name    TEXT NOT NULL,
    total   INTEGER NOT NULL,
    rank    INTEGER NOT NULL,     -- 1 = top; equal totals share a rank
    winner  INTEGER NOT NULL,     -- won the evening (Word-Sport: top of the standings), match, rubber
    PRIMARY KEY (evening, match, name)
);
"""

# The same, one of each ("1 rubber", not "1 rubbers").
SINGULAR = {
    "evenings": "evening", "matches": "match", "rubbers": "rubber", "rounds": "round", "games": "game",
    "1st places": "1st place", "first outs": "first out", "paths": "path", "wins": "win",
}


def words_for(kind):
    """What a match, a round and a won round are called in game `kind`
    (its about.py's WORDS)."""
    return registry.about(kind).WORDS


def counted(n, plural):
    """'1 rubber', '2 rubbers': `plural` is one of a game's WORDS."""
    return "%d %s" % (n, SINGULAR.get(plural, plural) if n == 1 else plural)


def default_path():
    return os.environ.get("TILECLOCK_BOOK") or os.path.join(os.path.expanduser("~"), ".tileclock",
                                                            "scorebook.sqlite")


class NoBook(Exception):
    """A command that only reads found no score book at the path."""


class Book:
    def __init__(self, path, readonly=False):
        """Open the book at `path`, made (folder and all) if missing; with
        `readonly`, one that is missing raises NoBook and nothing is made or
        written: reading must not leave an empty book behind."""
        self.path = path
        if readonly:
            if not os.path.exists(path):
                raise NoBook(path)
            uri = pathlib.Path(os.path.abspath(path)).as_uri() + "?mode=ro"
            self.db = sqlite3.connect(uri, uri=True)
        else:
            folder = os.path.dirname(os.path.abspath(path))
            os.makedirs(folder, exist_ok=True)
            self.db = sqlite3.connect(path)
        self.db.execute("PRAGMA foreign_keys = ON")
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise sqlite3.DatabaseError("made by a newer tileclock (schema %d)" % version)
        tables = [r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        if tables and "evenings" not in tables:  # another program's database: leave it as it is
            self.db.close()
            raise sqlite3.DatabaseError("an SQLite file of another program, with tables %s"
                                        % ", ".join(tables[:5]))
        if readonly:
            if not tables:  # an empty file: nothing to read, and nothing is written to it
                self.db.close()
                raise sqlite3.DatabaseError("an empty file")
            return
        if tables and version < 2:
            self._upgrade()
        self.db.executescript(_SCHEMA)
        if tables and version < 2:
            self._name_old_rows()
        self.db.execute("PRAGMA user_version = %d" % SCHEMA_VERSION)
        self.db.commit()

    def _upgrade(self):
        with self.db:
            for column in ("name TEXT", "seq INTEGER", "finished INTEGER NOT NULL DEFAULT 0"):
                self.db.execute("ALTER TABLE evenings ADD COLUMN " + column)

    def _name_old_rows(self):
        # A book of schema 1 knows no names: each journal evening whose files
        # are still where it was added from, and still read as stored, gets
        # its name; then copies of one evening added twice before (a damaged
        # fold, an undo) become one, as add() would have made them.
        from tileclock.store import journal as J
        rows = self.db.execute("SELECT id, game, source, label, device, played, lines FROM evenings"
                               " WHERE label IS NOT NULL AND lines IS NOT NULL ORDER BY added").fetchall()
        named = []
        for row in rows:
            name, seq, finished = journal_copy(row[2])
            if name is None:
                continue
            try:
                kind, lines, _problems = J.read_journal(row[2])
            except OSError:
                continue
            if kind is None or "\n".join(["game " + kind] + list(lines)) + "\n" != row[6]:
                continue    # the files have changed since: that row stays matched by its actions
            named.append((row, name, seq, finished))
        with self.db:
            for row, name, seq, finished in named:
                self.db.execute("UPDATE evenings SET name = ?, seq = ?, finished = ? WHERE id = ?",
                                (name, seq, finished, row[0]))
        twice = set(name for name, n in self.db.execute(
            "SELECT name, COUNT(*) FROM evenings WHERE name IS NOT NULL GROUP BY name") if n > 1)
        from tileclock_host.scores.evening import evening_from_lines
        for row, name, seq, finished in named:
            if name not in twice:
                continue
            with self.db:
                self.db.execute("DELETE FROM evenings WHERE id = ?", (row[0],))
            evening = evening_from_lines(row[6].splitlines(), row[2], device=row[4], label=row[3])
            self._add(evening, row[5], (name, seq, finished))

    def close(self):
        self.db.close()

    # -- adding --

    def add(self, evening, played=None):
        """Store an evening; returns "added", "grown" (replaced an earlier copy,
        or made the book's copy of the evening fuller), "undone" (replaced the
        book's copy of the same evening, whose last actions were undone since),
        "actions" (replaced the same sheet given as JSON), "already" (the same
        evening is in the book), "older" (a stored copy of the evening is
        later, or holds all of its actions and more) or "poorer" (a copy the
        journal read less of, from a damaged fold: the book holds all of it)."""
        copy = journal_copy(evening.source) if evening.label is not None and evening.lines else _NO_NAME
        return self._add(evening, played, copy)

    def _add(self, evening, played, copy):
        name, seq, finished = copy
        cur = self.db.cursor()
        if cur.execute("SELECT 1 FROM evenings WHERE id = ?", (evening.identity,)).fetchone():
            if name is not None:    # the same actions: the book's copy keeps the latest position
                with self.db:
                    cur.execute("UPDATE evenings SET seq = MAX(COALESCE(seq, 0), ?), finished = MAX(finished, ?)"
                                " WHERE id = ? AND name = ?", (seq or 0, finished, evening.identity, name))
            return "already"
        outcome = "added"
        replaced = []
        for other_id, other_lines in cur.execute(
                "SELECT id, lines FROM evenings WHERE sheet_id = ?", (evening.sheet_identity,)).fetchall():
            if other_lines is not None or evening.lines is None:
                return "already"     # the same sheet; the stored copy has the actions if any has
            replaced.append(other_id)  # a sheet given as JSON, now with its actions
            outcome = "actions"
        if name is not None:
            same = cur.execute("SELECT id, lines, seq, finished, source, label, device, played FROM evenings"
                               " WHERE name = ? AND game = ?", (name, evening.kind)).fetchone()
            if same is not None:
                old = _Copy(None, same[1].splitlines(), same[2], same[3], same[4], same[5], same[6], same[7])
                new = _Copy(evening, list(evening.lines), seq, finished, evening.source, evening.label,
                            evening.device, played)
                verdict, keep = _reconcile(old, new)
                seq, finished = _position(old, new)
                if keep is None or keep.identity == same[0]:    # the book's copy stands
                    with self.db:
                        cur.execute("UPDATE evenings SET seq = ?, finished = ? WHERE id = ?",
                                    (seq, finished, same[0]))
                    return verdict
                replaced.append(same[0])
                outcome = verdict
                evening, played = keep, (old.played if keep.source == old.source else played)
        if evening.lines is not None:
            text = "\n".join(evening.lines) + "\n"
            for other_id, other in cur.execute(
                    "SELECT id, lines FROM evenings WHERE game = ? AND lines IS NOT NULL", (evening.kind,)):
                if other_id in replaced:
                    continue
                if text == other:
                    return "already"
                if text.startswith(other):
                    replaced.append(other_id)
                    if outcome == "added":
                        outcome = "grown"
                elif other.startswith(text):
                    return "older"
        with self.db:
            for other_id in replaced:
                cur.execute("DELETE FROM evenings WHERE id = ?", (other_id,))
            cur.execute(
                "INSERT INTO evenings (id, game, source, label, device, played, added, lines, sheets,"
                " sheet_id, name, seq, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (evening.identity, evening.kind, os.path.abspath(evening.source), evening.label,
                 evening.device, played,
                 datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S"),
                 "\n".join(evening.lines) + "\n" if evening.lines is not None else None,
                 json.dumps(evening.sheets, sort_keys=True), evening.sheet_identity,
                 name, seq, int(bool(finished))))
            for match, sheet in enumerate(evening.sheets, 1):
                self._add_sheet(cur, evening.identity, match, sheet)
        return outcome

    def _add_sheet(self, cur, evening_id, match, sheet):
        kind = sheet["game"]
        about = registry.about(kind)
        for rnd in sheet["rounds"]:
            for row in rnd.get("rows") or []:
                won, time_ms = _round_win(about, rnd, row)
                cur.execute("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (evening_id, kind, match, rnd["number"], row["seat"], row["name"],
                             int(bool(rnd.get("void"))), row["total"], int(won), time_ms))
        if not sheet["rounds"]:
            return
        # the match's winner as the sheet names it, else the top of the standings
        winner = sheet.get(about.MATCH_WINNER) if about.MATCH_WINNER else None
        by_rank = about.MATCH_WINNER is None
        rank = 0
        last = None
        for i, (name, total) in enumerate(sheet["standings"]):
            key = registry.standing_key(sheet, name, total)
            if key != last:
                rank = i + 1
                last = key
            if by_rank:
                won = rank == 1
            else:
                won = name == winner
            cur.execute("INSERT INTO standings VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (evening_id, kind, match, name, total, rank, int(won)))

    # -- reading --

    def evenings(self):
        return self.db.execute(
            "SELECT id, game, source, label, device, played, added FROM evenings"
            " ORDER BY played, added").fetchall()

    def standings(self, game):
        """Per player: matches, rounds, round wins, points, points per round,
        matches won, and for a game that names a TIEBREAK its sum (Board
        Clock's spread).

        Ranked by matches won, then points (the rules rank an evening by its
        totals), then the tiebreak, then name; points per round is there to
        compare players who played different numbers of rounds."""
        rows = self.db.execute("""
            SELECT r.name,
                   (SELECT COUNT(*) FROM standings s WHERE s.game = r.game AND s.name = r.name),
                   COUNT(*), SUM(r.won), SUM(r.total),
                   (SELECT COALESCE(SUM(s.winner), 0) FROM standings s
                     WHERE s.game = r.game AND s.name = r.name)
              FROM results r
             WHERE r.game = ? AND r.void = 0
             GROUP BY r.name""", (game,)).fetchall()
        tiebreak = self.tiebreak(game)
        out = []
        for name, matches, rounds, wins, points, won in rows:
            per_round = _per(points, rounds)
            out.append((name, matches, rounds, wins, points, per_round, won)
                       + ((tiebreak.get(name, 0),) if tiebreak is not None else ()))
        out.sort(key=lambda r: (-r[6], -r[4], -(r[7] if tiebreak is not None else 0), r[0].lower()))
        return out

    def tiebreak(self, game):
        """Per player, the sum over the book's evenings of the sheet's
        TIEBREAK (Board Clock's spread), or None for a game that names none."""
        key = registry.about(game).TIEBREAK
        if not key:
            return None
        sums = {}
        for (sheets,) in self.db.execute("SELECT sheets FROM evenings WHERE game = ?", (game,)):
            for sheet in json.loads(sheets):
                for name, value in (sheet.get(key) or {}).items():
                    if isinstance(value, int):
                        sums[name] = sums.get(name, 0) + value
        return sums

    def fastest(self, game, limit=10):
        """The quickest won rounds: (time_ms, name, round, match, source, label, played)."""
        return self.db.execute("""
            SELECT r.time_ms, r.name, r.round, r.match, e.source, e.label, e.played
              FROM results r JOIN evenings e ON e.id = r.evening
             WHERE r.game = ? AND r.won = 1 AND r.void = 0 AND r.time_ms IS NOT NULL
             ORDER BY r.time_ms, e.played, r.round LIMIT ?""", (game, limit)).fetchall()

    def player(self, name):
        """Each match the player took part in, oldest first:
        (game, played, source, label, match, rounds, round wins, points, rank, players, winner)."""
        return self.db.execute("""
            SELECT s.game, e.played, e.source, e.label, s.match,
                   (SELECT COUNT(*) FROM results r WHERE r.evening = s.evening AND r.match = s.match
                       AND r.name = s.name AND r.void = 0),
                   (SELECT COALESCE(SUM(r.won), 0) FROM results r WHERE r.evening = s.evening
                       AND r.match = s.match AND r.name = s.name AND r.void = 0),
                   s.total, s.rank,
                   (SELECT COUNT(*) FROM standings o WHERE o.evening = s.evening AND o.match = s.match),
                   s.winner
              FROM standings s JOIN evenings e ON e.id = s.evening
             WHERE s.name = ? COLLATE NOCASE
             ORDER BY e.played, e.added, s.match""", (name,)).fetchall()

    def names(self):
        return [r[0] for r in self.db.execute("SELECT DISTINCT name FROM standings ORDER BY name")]


_NO_NAME = (None, None, 0)


def journal_copy(path):
    """(name, seq, finished) of the journal an evening was read from: the
    journal's name for the evening (8 hex digits), the records it held then
    (None for a finished evening's file) and 1 if it is the finished
    evening's one file, games/NNNN.txt (the last copy there will be).
    _NO_NAME for anything else, and for a journal from before evenings had
    names (every one of those is 00000000). Read with the store's own
    scanner, changing nothing."""
    from tileclock.store import scan as S
    from tileclock.store.fs import FS, LEGACY
    fs = FS()
    try:
        if os.path.isdir(path):
            scan = S.scan_folder(fs, path, S.NOT_READ)
            name, seq, finished = scan.evening, scan.seq, 0
        elif os.path.isfile(path):
            name, seq, finished = S.archive_evening(fs, path), None, 1
        else:
            return _NO_NAME
    except (OSError, UnicodeError):
        return _NO_NAME
    if not isinstance(name, str) or not S.is_hex8(name) or name == LEGACY:
        return _NO_NAME
    return name, seq, finished


class _Copy:
    """One copy of a named evening: the book's or the one being added."""

    def __init__(self, evening, lines, seq, finished, source, label, device, played):
        self.evening = evening
        self.lines = lines
        self.seq = seq
        self.finished = finished
        self.source = source
        self.label = label
        self.device = device
        self.played = played

    def whole(self):
        return self.made(self.lines)

    def made(self, lines):
        """An Evening of `lines` from this copy's source, or None if the engine refuses them."""
        from tileclock_host.cli import UserError
        from tileclock_host.scores.evening import evening_from_lines
        if self.evening is not None and lines == self.lines:
            return self.evening
        try:
            return evening_from_lines(lines, self.source, device=self.device, label=self.label)
        except UserError:
            return None


def _position(old, new):
    """How far into the evening the book has seen it: (seq, finished) of the later copy."""
    return max(old.seq or 0, new.seq or 0) or None, max(int(bool(old.finished)), int(bool(new.finished)))


def _later(new, old):
    """The new copy was taken later than the book's (more journal records;
    the finished evening's file is the last of all)."""
    return (int(bool(new.finished)), new.seq or 0) > (int(bool(old.finished)), old.seq or 0)


def _starts(lines, head):
    """`lines` begin with all of `head` (or are `head`)."""
    return len(lines) >= len(head) and lines[:len(head)] == head


def _from_checkpoint(lines):
    """The journal read this copy from its checkpoint: a fold of it was
    damaged, so it begins with the `restore` of the state at a close and
    the actions of the rounds before are not in it."""
    return len(lines) > 1 and lines[1].split()[1:2] == ["restore"]


def _rounds(evening):
    return sum(len(sheet["rounds"]) for sheet in evening.sheets)


def _merge(early, late):
    """`late`, read from its checkpoint (a `restore` of the state at a close),
    with the actions before that close taken from `early`, which holds them:
    the whole evening as a journal with its folds whole would read. None if
    `early` never reaches that close (or isn't of the same game)."""
    from tileclock.engine.game import Refused
    from tileclock.script import ScriptError, format_action, new_game, parse_action
    if not _from_checkpoint(late) or early[:1] != late[:1] or len(early) < 2:
        return None
    try:
        game = new_game(early[0].split()[1])
        for i in range(1, len(early)):
            now, verb, args = parse_action(early[i])
            game.do(now, verb, args)
            # A fold's restore is the state at a close and the close's time (Game.folded)
            if game.last_closed() and format_action(now, "restore", tuple(game.fold_state())) == late[1]:
                return early[:i + 1] + late[2:]
    except (Refused, ScriptError, ValueError, IndexError):
        return None
    return None


def _reconcile(old, new):
    """(verdict, Evening to keep or None) for two copies of the evening the
    journal names alike, the book's (`old`) and the one being added (`new`):

    - one's actions begin with all of the other's: the longer ("grown"; else
      "older");
    - a copy read from its checkpoint (a damaged fold) is first made whole
      with the other's actions up to the close it restores: then the fuller
      (a damaged copy that adds nothing is "poorer");
    - both whole, and neither an extension of the other: an undo took back
      actions of the earlier copy; the later copy is the evening ("undone";
      else "older");
    - a damaged copy the other can't make whole: the copy whose sheets hold
      more rounds, then the whole one, then the later."""
    a, b = old.lines, new.lines
    if _starts(b, a):
        return "grown", new.whole()
    if _starts(a, b):
        return "older", None
    later = _later(new, old)
    x = y = None
    mb = _merge(a, b)            # the new copy made whole from the book's
    if mb is not None:
        y = new.made(mb)
    if y is not None:
        if mb == a:
            return "poorer", None
        if _starts(mb, a):
            return "grown", y
        if _starts(a, mb):
            return "older", None
    ma = _merge(b, a)            # the book's copy made whole from the new one
    if ma is not None:
        x = old.made(ma)
    if x is not None:
        if _starts(b, ma):
            return "grown", new.whole()
        if _starts(ma, b):
            return "grown", x    # the new copy's actions give the book's its first rounds
    x = x or old.whole()
    y = y or new.whole()
    if y is None:
        return "poorer", None
    if x is None:
        return "grown", y
    new_wins = later
    if _from_checkpoint(x.lines) or _from_checkpoint(y.lines):
        rx, ry = _rounds(x), _rounds(y)
        if rx != ry:
            new_wins = ry > rx
        elif _from_checkpoint(x.lines) != _from_checkpoint(y.lines):
            new_wins = _from_checkpoint(x.lines)
        if not new_wins:
            return ("poorer", None) if x.lines == a else ("grown", x)
        return "grown", y
    # both whole: an undo took back actions of the earlier copy
    if new_wins:
        return "undone", y
    return "older", None


def _per(points, rounds):
    """points per round to one decimal, as text (integer arithmetic)."""
    if not rounds:
        return "-"
    tenths = (points * 10 * 2 + rounds) // (2 * rounds)  # rounded half up
    sign = "-" if tenths < 0 else ""
    tenths = abs(tenths)
    return "%s%d.%d" % (sign, tenths // 10, tenths % 10)


def _round_win(about, rnd, row):
    """(won the round, time to show) for one row, as the game's about.py decides."""
    if rnd.get("void"):
        return False, None
    return about.round_won(rnd, row)
