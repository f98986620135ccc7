# The score book across evenings and devices (docs/scores.md, "Score book").
import os
import sqlite3

from tileclock.games import KINDS as GAME_KINDS
from tileclock_host import registry
from tileclock_host.cli import UserError
from tileclock_host.scores.book import SINGULAR, Book, NoBook, counted, default_path, words_for
from tileclock_host.scores.evening import load_file, short_source
from tileclock_host.scores.layout import fmt_ms, ordinal

HELP = "the score book: gather evenings from devices and files; standings, fastest wins, a player's history"


def add_arguments(parser):
    parser.add_argument("--book", metavar="PATH", default=None,
                        help="the book's SQLite file (default $TILECLOCK_BOOK, else %s)" % default_path())
    sub = parser.add_subparsers(dest="book_command", metavar="ACTION")
    p = sub.add_parser("add", help="add evenings: action scripts, journal folders, folders from pull, "
                                   "sheet JSON; an evening already in the book is not counted twice")
    p.add_argument("files", nargs="+", metavar="FILE")
    p = sub.add_parser("standings", help="each game's players over every evening in the book")
    p.add_argument("--game", choices=GAME_KINDS, help="only this game")
    p = sub.add_parser("fastest", help="the fastest wins of each game that times them: %s" % _timed_words())
    p.add_argument("--game", choices=GAME_KINDS, help="only this game (default: every game in the book "
                                                       "with a timed win)")
    p.add_argument("--limit", type=int, default=10, help="how many (default 10)")
    p = sub.add_parser("player", help="one player's history, evening by evening")
    p.add_argument("name")
    sub.add_parser("list", help="the evenings in the book")


def run(args):
    if not args.book_command:
        raise UserError("book: say what to do: add, standings, fastest, player or list")
    path = args.book or default_path()
    if os.path.isdir(path):
        raise UserError("%s: is a folder; --book names the score book's file" % path)
    if args.book_command == "add":
        # every file read before the book is opened: a file with no evening
        # in it is an error that leaves no new book behind
        args.evenings = [evening for name in args.files for evening in load_file(name)]
    try:
        book = Book(path, readonly=args.book_command != "add")
    except NoBook:
        raise UserError("%s: no score book there: `tileclock book add FILE...` starts one%s"
                        % (path, "" if args.book else " (or give one with --book)"))
    except sqlite3.DatabaseError as e:
        if _locked(e):
            raise UserError("%s: %s" % (path, LOCKED))
        raise UserError("%s: not a tileclock score book (%s)" % (path, e))
    except OSError as e:
        raise UserError("%s: %s" % (path, e.strerror or e))
    try:
        return globals()["_" + args.book_command](book, args)
    except sqlite3.DatabaseError as e:
        raise UserError("%s: %s" % (path, LOCKED if _locked(e) else e))
    finally:
        book.close()


LOCKED = "the score book is in use by another program (locked): try again when it is done"


def _locked(error):
    return "locked" in str(error) or "busy" in str(error)


def _add(book, args):
    counts = dict.fromkeys(("added", "grown", "undone", "actions", "already", "older", "poorer"), 0)
    said = {"added": "added", "grown": "updated (the book's copy of the evening is fuller now)",
            "undone": "updated (actions of the book's copy were undone since)",
            "actions": "replaces the same evening added as a sheet",
            "already": "already in the book", "older": "skipped: an older copy of an evening in the book",
            "poorer": "skipped: a damaged copy of an evening in the book, which holds all of it"}
    rows = []
    for evening in args.evenings:
        for problem in evening.problems:
            print("warning: %s" % problem)
        outcome = book.add(evening, evening.played)
        counts[outcome] += 1
        rows.append(_evening_row(evening.identity, evening.kind, evening.played, evening.device,
                                 evening.source, evening.label) + (said[outcome],))
    print(table(EVENING_HEADERS + [""], rows))
    # The book is a file written here: say which (the default is out of sight).
    print("%d added, %d updated, %d already there, %d older copies skipped: in %s"
          % (counts["added"], counts["grown"] + counts["undone"] + counts["actions"],
             counts["already"] + counts["poorer"], counts["older"], book.path))
    return 0


def _numeric(text):
    return text.lstrip("+-").replace(".", "").replace(":", "").isdigit()


def table(headers, rows):
    """Plain text columns: numbers and times right-aligned, words left-aligned."""
    cells = [[str(c) for c in headers]] + [["" if c is None else str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    right = [all(_numeric(r[i]) for r in cells[1:] if r[i]) for i in range(len(headers))]
    lines = []
    for r in cells:
        parts = [c.rjust(w) if ra else c.ljust(w) for c, w, ra in zip(r, widths, right)]
        lines.append("  ".join(parts).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _standings(book, args):
    shown = False
    for game in GAME_KINDS:
        if args.game and game != args.game:
            continue
        rows = book.standings(game)
        if not rows:
            continue
        matches, rounds, wins = words_for(game)
        tiebreak = registry.about(game).TIEBREAK
        print("%s%s" % ("\n" if shown else "", game))
        print(table(["player", matches, rounds, wins, "points", "per " + SINGULAR.get(rounds, rounds),
                     matches + " won"] + ([tiebreak] if tiebreak else []),
                    [r[:6] + (r[6],) + (("%+d" % r[7],) if tiebreak else ()) for r in rows]))
        # A player with more points may stand below one who won more: say so.
        print("(ranked by %s won, then points%s)" % (matches, ", then " + tiebreak if tiebreak else ""))
        shown = True
    if not shown:
        print("no evenings in the book yet: tileclock book add FILE...")
    return 0


def _where(source, label):
    return short_source(source, label)


def _timed_words():
    """What `fastest` ranks: each timed game's kind and what its about.py times."""
    return ", ".join("%s %ss" % (kind, registry.about(kind).TIMED) for kind in registry.timed())


def _fastest(book, args):
    if args.game and not registry.about(args.game).TIMED:
        print("%s keeps no time of a win, so it has no fastest: `fastest` ranks %s"
              % (args.game, _timed_words()))
        return 0
    shown = False
    for game in [args.game] if args.game else registry.timed():
        rows = book.fastest(game, max(args.limit, 1))
        if not rows:
            continue
        what = registry.about(game).TIMED
        print("%s%s" % ("\n" if shown else "", game))
        print(table(["", what, "player", "round", "played", "from"],
                    [(i, fmt_ms(ms), name, rnd if match == 1 else "%d/%d" % (match, rnd), played or "",
                      _where(source, label))
                     for i, (ms, name, rnd, match, source, label, played) in enumerate(rows, 1)]))
        shown = True
    if not shown:
        held = sorted(set(row[1] for row in book.evenings()))
        if not held:
            print("no evenings in the book yet: tileclock book add FILE...")
        elif args.game:
            print("no %s wins in the book yet; it holds %s evenings" % (args.game, ", ".join(held)))
        else:
            print("no timed wins in the book: `fastest` ranks %s; the book holds %s evenings"
                  % (_timed_words(), ", ".join(held)))
    return 0


def _player(book, args):
    rows = book.player(args.name)
    if not rows:
        names = book.names()
        hint = ("; players in the book: " + ", ".join(names)) if names else ""
        raise UserError("no player called %s in the book%s" % (args.name, hint))
    for game in GAME_KINDS:
        mine = [r for r in rows if r[0] == game]
        if not mine:
            continue
        matches, rounds, wins = words_for(game)
        print("%s: %s" % (game, counted(len(mine), matches)))
        out = []
        for _game, played, source, label, match, n, won, total, rank, players, winner in mine:
            out.append((played or "", _where(source, label) + ("" if match == 1 else " match %d" % match),
                        n, won, total, "%s of %d" % (ordinal(rank), players), "yes" if winner else ""))
        print(table(["played", "from", rounds, wins, "points", "place", "won"], out))
        print()
    return 0


# An evening as `add` and `list` both name it.
EVENING_HEADERS = ["id", "game", "played", "device", "from"]


def _evening_row(identity, game, played, device, source, label):
    return (identity[:12], game, played or "", device or "", _where(source, label))


def _list(book, args):
    rows = book.evenings()
    if not rows:
        print("the book is empty: tileclock book add FILE...")
        return 0
    print(table(EVENING_HEADERS, [_evening_row(r[0], r[1], r[5], r[4], r[2], r[3]) for r in rows]))
    return 0
