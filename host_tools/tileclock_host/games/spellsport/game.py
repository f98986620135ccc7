# The Spell Sport game file: a game as a sequence of racks, plays and draws,
# one a line (docs/referee.md has the format):
#
#   rack across AD BA DU ID IS IT OX SH TO UF UV WO
#   rack down AL BU CE DR ER ET GA GO HA HI PI VO
#   play across WO aM across, AD cM across, UV dN down, ET dP down stolen = 16
#   draw down AT FA OC OU PH RY
#   pass across
#
# A tile is its two letters as they read on the board, its first cell and its
# face (across: the second letter right of the first; down: below it), and
# "stolen" when it comes from the opponent's rack. "= N" after a play is the
# score the players wrote down; the referee checks it.
from tileclock_host.referee import InputError
from tileclock_host.games.spellsport.board import (
    ACROSS, DOWN, SIZE, Placement, Rejected, SpellGame, cell_name, parse_cell, span_name,
)

SET_TILES = 338  # no rack, draw or play holds more tiles than the whole set

PLAYER_NAMES = {"across": ACROSS, "a": ACROSS, "down": DOWN, "d": DOWN}


def parse_player(word):
    player = PLAYER_NAMES.get(word.lower())
    if player is None:
        raise ValueError("'%s' is not a player: across or down" % word)
    return player


def parse_pairs(rest):
    tiles = rest.split()
    if len(tiles) > SET_TILES:
        raise ValueError("%d tiles: the whole set has %d" % (len(tiles), SET_TILES))
    return [parse_pair(t) for t in tiles]


def parse_pair(text):
    if len(text) != 2 or not text.isalpha() or not text.isascii():
        raise ValueError("'%s' is not a tile: two letters, like ET" % text)
    return text.upper()


def parse_placement(text):
    parts = text.split()
    if len(parts) not in (3, 4) or (len(parts) == 4 and parts[3].lower() != "stolen"):
        raise ValueError("'%s' is not a tile placement: LETTERS CELL across|down [stolen], like 'ET dP down stolen'"
                         % text.strip())
    letters = parse_pair(parts[0])
    cell = parse_cell(parts[1])
    if cell is None:
        raise ValueError("'%s' is not a cell: column a..z then row A..Z, like aM" % parts[1])
    face = parts[2].lower()
    if face not in (ACROSS, DOWN):
        raise ValueError("'%s' is not a face: across or down" % parts[2])
    return Placement(letters, cell, face, stolen=len(parts) == 4)


def parse_play(rest):
    """'WO aM across, ... = 16' -> (placements, claimed score or None)."""
    claimed = None
    if "=" in rest:
        rest, claim = rest.rsplit("=", 1)
        try:
            claimed = int(claim.strip())
        except ValueError:
            raise ValueError("'= %s' is not a score: a whole number" % claim.strip())
    parts = [part for part in rest.split(",") if part.strip()]
    if len(parts) > SET_TILES:
        raise ValueError("%d tiles: the whole set has %d" % (len(parts), SET_TILES))
    placements = [parse_placement(part) for part in parts]
    if not placements:
        raise ValueError("a play lists at least one tile")
    return placements, claimed


def formula(result):
    """How the play scored, e.g. '4x5 - 4 = 16'."""
    lengths = [len(w.cells) for w in (result.across, result.down) if w]
    text = ("%dx%d" if result.joined else "%d+%d") % tuple(lengths) if len(lengths) == 2 else str(lengths[0])
    if result.circuit:
        text = "(%s)x2 circuit" % text
    if result.stolen:
        text += " - %d" % (4 * result.stolen)
    return "%s = %d" % (text, result.points)


def describe_play(number, result, game):
    words = [str(w) for w in (result.across, result.down) if w]
    how = []
    if len(words) == 2:
        how.append("joined" if result.joined else "separate")
    if result.stolen:
        how.append("%d stolen" % result.stolen)
    if result.turned:
        how.append("turned over: " + ", ".join(result.turned))
    line = "%d. %-6s %s%s: %s   [Across %d, Down %d]" % (
        number, result.player.capitalize(), " + ".join(words),
        (" (" + "; ".join(how) + ")") if how else "", formula(result),
        sum(game.plays[ACROSS]), sum(game.plays[DOWN]))
    for direction, path in sorted(result.paths.items()):
        owner = direction  # Across doubles for a path across, Down for a path down
        line += "\n   %s completes a path %s %s: %s's game score %d doubled to %d" % (
            result.player.capitalize(), direction, path_summary(path), owner.capitalize(),
            sum(game.plays[owner]), game.total(owner))
    if result.paths:
        line += "; the game is over"
    return line


def path_summary(path):
    return "%s..%s (%d cells)" % (cell_name(path[0]), cell_name(path[-1]), len(path))


def replay(path, lines, words, report=print, strict=False):
    """Check and score every line of a game file; `report` gets one text per
    event. Returns the finished SpellGame; raises InputError at the first
    line that is malformed or breaks a rule."""
    game = SpellGame(words)
    plays = 0
    warned = 0
    read = 0
    for number, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        read += 1
        parts = line.split(None, 2)
        verb = parts[0].lower()
        try:
            if len(parts) < 2:
                raise ValueError("'%s' needs a player: across or down" % verb)
            player = parse_player(parts[1])
            rest = parts[2] if len(parts) > 2 else ""
            if verb == "rack":
                game.deal(player, parse_pairs(rest))
            elif verb == "draw":
                game.draw(player, parse_pairs(rest))
                report("   %s takes %s" % (player.capitalize(), " ".join(t.upper() for t in rest.split())))
            elif verb == "pass":
                if rest:
                    raise ValueError("'pass' takes only the player")
                game.pass_turn(player)
                report("   %s passes" % player.capitalize())
            elif verb == "play":
                placements, claimed = parse_play(rest)
                result = game.play(player, placements)
                plays += 1
                report(describe_play(plays, result, game))
                if claimed is not None and claimed != result.points:
                    raise Rejected("the play scores %d, not %d as written" % (result.points, claimed))
            else:
                raise ValueError("'%s' is not a line of a game: rack, play, draw or pass" % parts[0])
        except ValueError as e:
            raise InputError(path, number, str(e))
        except Rejected as e:
            raise InputError(path, number, "rejected: %s" % e)
        for warning in game.warnings[warned:]:
            text = "%s, line %d: warning: %s" % (path, number, warning)
            if strict:
                raise InputError(path, number, warning)
            report("   " + text)
        warned = len(game.warnings)
    if not read:
        # else the summary, "Across 0 points", reads like a game that was played
        raise InputError(path, 0, "no game in it: the file is empty (a Spell Sport game file has rack, "
                                  "play, draw and pass lines: docs/referee.md)")
    return game


def summary(game):
    lines = []
    for player in (ACROSS, DOWN):
        held = " ".join(sorted(game.racks[player].elements())) if game.racks[player] is not None else "-"
        doubled = " (doubled for the path %s)" % player if game.doubled(player) else ""
        lines.append("%-6s %d points%s; rack: %s" % (player.capitalize(), game.total(player), doubled, held))
    for direction, path in sorted(game.paths.items()):
        lines.append("Game over: a path %s %s" % (direction, span_name(path)))
    return lines


def board_picture(game):
    """The board as text: Across's tiles in capitals, Down's in small letters."""
    lines = ["   " + " ".join(chr(ord("a") + x) for x in range(SIZE))]
    for y in range(SIZE):
        row = []
        for x in range(SIZE):
            letter = game.letters.get((x, y), ".")
            row.append(letter.lower() if game.owner.get((x, y)) == DOWN else letter)
        lines.append(" %s %s" % (chr(ord("A") + y), " ".join(row)))
    return lines
