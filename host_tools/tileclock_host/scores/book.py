# The score book: every evening from every device and file, in one SQLite
# file, so standings, records and each player's history span them all.
#
# An evening is stored once, under its identity (evening.py: the SHA-256 of
# its normalised action lines). Adding it again from another file, another
# device's copy or a script exported from it changes nothing. A journal pulled
# mid-evening and pulled again later holds the same actions and then more: an
# evening whose actions begin with all of a stored evening's actions replaces
# it ("grown"), and one whose actions are all at the start of a stored
# evening's is skipped ("older copy"). A sheet saved as JSON has no actions;
# it matches the script or journal it came from by the sheet itself, and the
# copy with actions is the one kept. So a book never counts an evening twice
# however often and from wherever it is imported.
import datetime
import json
import os
import pathlib
import sqlite3

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS evenings (
    id      TEXT PRIMARY KEY,     -- identity: SHA-256 of the action lines (or of the sheet JSON)
    game    TEXT NOT NULL,        -- wordsport, speedscrabble, spellsport
    source  TEXT NOT NULL,        -- the file or folder it was added from
    label   TEXT,                 -- which game in a journal folder, e.g. "game 0012"
    device  TEXT,                 -- device id, for a folder from `tileclock pull`
    played  TEXT,                 -- date of the file (the device keeps no calendar)
    added   TEXT NOT NULL,        -- when it went into the book, UTC
    lines   TEXT,                 -- the action lines; NULL for a sheet given as JSON
    sheets  TEXT NOT NULL,        -- JSON: the sheet of each match
    sheet_id TEXT NOT NULL        -- SHA-256 of the final sheet's canonical JSON
);
CREATE INDEX IF NOT EXISTS evenings_sheet ON evenings (sheet_id);
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

# What a match and a won round are called in each game, for the reports
# (words_for: a game not listed has evenings, rounds and wins).
WORDS = {
    "wordsport": ("evenings", "rounds", "1st places"),
    "speedscrabble": ("matches", "rounds", "first outs"),
    "spellsport": ("rubbers", "games", "paths"),
}


# The same, one of each ("1 rubber", not "1 rubbers").
SINGULAR = {
    "evenings": "evening", "matches": "match", "rubbers": "rubber", "rounds": "round", "games": "game",
    "1st places": "1st place", "first outs": "first out", "paths": "path", "wins": "win",
}


def words_for(kind):
    return WORDS.get(kind, ("evenings", "rounds", "wins"))


def counted(n, plural):
    """'1 rubber', '2 rubbers': `plural` is one of the words in WORDS."""
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
        self.db.executescript(_SCHEMA)
        self.db.execute("PRAGMA user_version = %d" % SCHEMA_VERSION)
        self.db.commit()

    def close(self):
        self.db.close()

    # -- adding --

    def add(self, evening, played=None):
        """Store an evening; returns "added", "grown" (replaced an earlier copy),
        "actions" (replaced the same sheet given as JSON), "already" (the same
        evening is in the book) or "older" (a stored evening already holds all
        of its actions and more)."""
        cur = self.db.cursor()
        if cur.execute("SELECT 1 FROM evenings WHERE id = ?", (evening.identity,)).fetchone():
            return "already"
        outcome = "added"
        replaced = []
        for other_id, other_lines in cur.execute(
                "SELECT id, lines FROM evenings WHERE sheet_id = ?", (evening.sheet_identity,)).fetchall():
            if other_lines is not None or evening.lines is None:
                return "already"     # the same sheet; the stored copy has the actions if any has
            replaced.append(other_id)  # a sheet given as JSON, now with its actions
            outcome = "actions"
        if evening.lines is not None:
            text = "\n".join(evening.lines) + "\n"
            for other_id, other in cur.execute(
                    "SELECT id, lines FROM evenings WHERE game = ? AND lines IS NOT NULL", (evening.kind,)):
                if other_id in replaced:
                    continue
                if text.startswith(other):
                    replaced.append(other_id)
                elif other.startswith(text):
                    return "older"
        with self.db:
            for other_id in replaced:
                cur.execute("DELETE FROM evenings WHERE id = ?", (other_id,))
                if outcome == "added":
                    outcome = "grown"
            cur.execute(
                "INSERT INTO evenings (id, game, source, label, device, played, added, lines, sheets,"
                " sheet_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (evening.identity, evening.kind, os.path.abspath(evening.source), evening.label,
                 evening.device, played,
                 datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S"),
                 "\n".join(evening.lines) + "\n" if evening.lines is not None else None,
                 json.dumps(evening.sheets, sort_keys=True), evening.sheet_identity))
            for match, sheet in enumerate(evening.sheets, 1):
                self._add_sheet(cur, evening.identity, match, sheet)
        return outcome

    def _add_sheet(self, cur, evening_id, match, sheet):
        kind = sheet["game"]
        for rnd in sheet["rounds"]:
            for row in rnd.get("rows") or []:
                won, time_ms = _round_win(kind, rnd, row)
                cur.execute("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (evening_id, kind, match, rnd["number"], row["seat"], row["name"],
                             int(bool(rnd.get("void"))), row["total"], int(won), time_ms))
        if not sheet["rounds"]:
            return
        winner = sheet.get("winner") if kind == "speedscrabble" else sheet.get("rubber_winner")
        by_rank = kind not in ("speedscrabble", "spellsport")     # the top of the standings won
        rank = 0
        last = None
        for i, (name, total) in enumerate(sheet["standings"]):
            if total != last:
                rank = i + 1
                last = total
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
        """Per player: matches, rounds, round wins, points, points per round, matches won.

        Ranked by matches won, then points (the rules rank an evening by its
        totals), then name; points per round is there to compare players who
        played different numbers of rounds."""
        rows = self.db.execute("""
            SELECT r.name,
                   (SELECT COUNT(*) FROM standings s WHERE s.game = r.game AND s.name = r.name),
                   COUNT(*), SUM(r.won), SUM(r.total),
                   (SELECT COALESCE(SUM(s.winner), 0) FROM standings s
                     WHERE s.game = r.game AND s.name = r.name)
              FROM results r
             WHERE r.game = ? AND r.void = 0
             GROUP BY r.name""", (game,)).fetchall()
        out = []
        for name, matches, rounds, wins, points, won in rows:
            per_round = _per(points, rounds)
            out.append((name, matches, rounds, wins, points, per_round, won))
        out.sort(key=lambda r: (-r[6], -r[4], r[0].lower()))
        return out

    def fastest(self, game="wordsport", limit=10):
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


def _per(points, rounds):
    """points per round to one decimal, as text (integer arithmetic)."""
    if not rounds:
        return "-"
    tenths = (points * 10 * 2 + rounds) // (2 * rounds)  # rounded half up
    sign = "-" if tenths < 0 else ""
    tenths = abs(tenths)
    return "%s%d.%d" % (sign, tenths // 10, tenths % 10)


def _round_win(kind, rnd, row):
    """(won the round, time to show) for one row."""
    if rnd.get("void"):
        return False, None
    if kind == "wordsport":
        won = row.get("place") == 1 and not row.get("dq")
        return won, rnd.get("win_ms") if won and rnd.get("winner") == row["name"] else None
    if kind == "speedscrabble":
        won = rnd.get("first_out") == row["name"]
        return won, rnd.get("play_ms") if won else None
    if kind == "spellsport":
        return rnd.get("path_by") == row["name"], None
    # a game whose rows say who won the round (Tile Rush), timed by its play
    won = bool(row.get("won")) or (rnd.get("winner") is not None and rnd.get("winner") == row["name"])
    return won, rnd.get("play_ms") if won else None
