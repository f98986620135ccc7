# An evening's Board Clock games as a division file of tsh, the Tournament
# Shell (NASPA's and many clubs' tournament software): `tileclock export
# --tsh FILE` (docs/scores.md, "Results for tsh").
#
# The format, from tsh's own documentation and code:
#   - "Configuring tsh" (tsh's doc/config.html): a tournament has "one
#     (".t") data file for each division";
#   - the TSH QuickStart (G. Vincent Castellano, tsh's doc/gvcqs.html,
#     "Initial Setup"): a division file holds a line a player, the name
#     then the rating ("Vince Castellano 1717"); no tabs; no digits in a
#     name; an unrated player given a rating;
#   - NASPA's "Submitting Ratings Data" (the same lines, annotated): after
#     the rating, each round's opponent by their number, the line of the
#     player in the division counted from 1 (0: a bye), a semicolon, then
#     the player's own score of each round, in round order;
#   - tsh's TFile.pm: ParseLine reads a line with the pattern
#     ^(.+?\S)\s+(\d+(?:[.+]\d+)*)\s*([\d\s]*);\s*([-\d\s]*)((?:;[^;]*)*)$
#     (name, rating, opponents, scores that may be below zero), a line
#     whose first non-blank is `#` is a comment and is not a player, "00" is
#     a round not paired (undef); FormatLine writes "%-22s %5s %s; %s".
#
# An evening is a division; each two-player game is a round, the pairing of
# its two players with their scores after the overtime penalty. tsh takes a
# game's result from its scores, so a player who lost on time is written
# with the score the margins count for them (docs/boardclock.md). A game of
# three or four players has no pairing: tsh pairs two players a round. Such
# a game, and one whose scores would give tsh another result than the box
# gave, is left out with a line saying why.
from tileclock_host.cli import UserError

_LINE = "%-22s %5s %s; %s"      # TFile.pm's FormatLine
_UNPAIRED = "00"                # a round the player did not play
MAX_RATING = 9999


def seating_order(evening):
    """The evening's names in the order they first sat (a rename carries
    the player's place); from the sheet's players for a sheet in JSON,
    which has no actions."""
    if evening.lines is None:
        return list(evening.sheet["players"])
    order = []
    seats = {}
    for line in evening.lines[1:]:
        words = line.split()
        verb, args = words[1], words[2:]
        if verb == "seat" and len(args) == 2:
            seats[args[0]] = args[1]
            if args[1] not in order:
                order.append(args[1])
        elif verb == "rename" and len(args) == 2:
            old = seats.get(args[0])
            seats[args[0]] = args[1]
            if old in order:
                order[order.index(old)] = args[1]
            elif args[1] not in order:
                order.append(args[1])
        elif verb == "restore":
            # a folded journal's checkpoint: its players, seats first
            for word in args:
                key, _, value = word.partition("=")
                if key in ("seats", "players"):
                    for name in value.split(","):
                        if name and name not in order:
                            order.append(name)
    return order


def read_ratings(path):
    """{name in lower case: (name, rating)} from a ratings file: a name and
    a whole-number rating a line, separated by spaces (the name may have
    spaces of its own: the rating is the last word); blank lines and lines
    starting with # are skipped. UserError for a line that isn't one."""
    from tileclock_host.referee import InputError, textfile
    try:
        text = textfile.decode(textfile.read_bytes(path, what="a ratings file"))
    except OSError as e:
        raise UserError("%s: %s" % (path, e.strerror or e))
    except InputError as e:
        raise UserError(str(e))
    except UnicodeDecodeError:
        raise UserError("%s: not UTF-8 text (a ratings file is a name and a rating a line)" % path)
    ratings = {}
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, _, rating = line.rpartition(" ")
        name = name.strip()
        if not name or not rating.isdigit() or int(rating) > MAX_RATING:
            raise UserError("%s: line %d: %r: a name, then a rating of 0 to %d" % (path, lineno, raw.strip(),
                                                                                   MAX_RATING))
        key = name.lower()
        if key in ratings:
            raise UserError("%s: line %d: %s has a rating already (line %d)" % (path, lineno, name,
                                                                                 ratings[key][2]))
        ratings[key] = (name, int(rating), lineno)
    return dict((key, value[:2]) for key, value in ratings.items())


def pairing_scores(rnd):
    """(first player's score, second's) of a two-player game as tsh is to
    read them: the adjusted scores, and for a player who lost on time the
    score the margins count (the other's less the margin of the loss)."""
    a, b = rnd["rows"]
    sa, sb = a["adjusted"], b["adjusted"]
    if a["lost"]:
        sa = sb + a["margin"]
    if b["lost"]:
        sb = sa + b["margin"]
    return sa, sb


def _names(rows):
    names = [row["name"] for row in rows]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _left_out(rnd):
    """Why a closed game can't be a tsh pairing, or None."""
    rows = rnd["rows"]
    number = rnd["number"]
    if len(rows) != 2:
        return ("game %d not written: %s played it at one board, and tsh pairs two players a round: a game "
                "of %d has no pairing" % (number, _names(rows), len(rows)))
    sa, sb = pairing_scores(rnd)
    a, b = rows
    result = (a["total"], b["total"])
    read = (2, 0) if sa > sb else (0, 2) if sb > sa else (1, 1)
    if result != read:
        if not (a["lost"] or b["lost"]):    # (the adjusted scores decide every other game)
            return "game %d not written: its scores and its result disagree" % number
        loser = a if a["lost"] else b
        return ("game %d not written: %s lost on time, but tsh takes the result from the scores and would read "
                "%d-%d as a %s (a margin of a loss on time, Board Clock's Time loss by, avoids it)"
                % (number, loser["name"], sa, sb, "draw" if sa == sb else "win for %s" % loser["name"]))
    return None


def division(evening, ratings=None):
    """(the .t file's text, what it holds, the notes) of a Board Clock
    evening: `what` is a dict of players, games (written) and rounds (the
    closed games, void ones too); the notes are a line a game not written.
    The text is None when no game can be written."""
    sheet = evening.sheet
    notes = []
    games = []
    for rnd in sheet["rounds"]:
        if rnd.get("void"):
            notes.append("game %d not written: void" % rnd["number"])
            continue
        why = _left_out(rnd)
        if why:
            notes.append(why)
        else:
            games.append(rnd)
    current = sheet.get("current")
    if current:
        notes.append("game %d not written: not over" % current["number"])
    what = {"players": 0, "games": len(games), "rounds": len(sheet["rounds"])}
    if not games:
        return None, what, notes
    playing = set(row["name"] for rnd in games for row in rnd["rows"])
    players = [name for name in seating_order(evening) if name in playing]
    players += sorted(playing - set(players))       # (a sheet's name the actions never seated)
    for name in players:
        bad = [ch for ch in name if ch == ";" or ord(ch) > 255]
        if bad:
            raise UserError("%s: the name %r has %r, which a tsh file can't hold: rename the player"
                            % (evening.where, name, bad[0]))
    number = dict((name, i + 1) for i, name in enumerate(players))
    opponents = dict((name, []) for name in players)
    scores = dict((name, []) for name in players)
    for rnd in games:
        a, b = rnd["rows"]
        sa, sb = pairing_scores(rnd)
        for name in players:
            if name == a["name"]:
                opponents[name].append(str(number[b["name"]]))
                scores[name].append(str(sa))
            elif name == b["name"]:
                opponents[name].append(str(number[a["name"]]))
                scores[name].append(str(sb))
            else:
                opponents[name].append(_UNPAIRED)
                scores[name].append(_UNPAIRED)
    lines = ["# tileclock: Board Clock evening %s (%s): %d game%s, a round each, in the order played"
             % (evening.short_id, evening.where, len(games), "" if len(games) == 1 else "s")]
    unrated = []
    for name in players:
        rating = 0
        if ratings is not None:
            found = ratings.get(name.lower())
            if found is None:
                unrated.append(name)
            else:
                rating = found[1]
        lines.append(_LINE % (name, rating, " ".join(opponents[name]), " ".join(scores[name])))
    if unrated:
        notes.append("no rating for %s in the ratings file: 0" % ", ".join(unrated))
    what["players"] = len(players)
    return "\n".join(lines) + "\n", what, notes
