# Check and score Speed Scrabble / Word-Sport crosswords against a word list.
from tileclock_host.cli import UserError
from tileclock_host.referee.wordlist import add_word_arguments
from tileclock_host.referee import InputError, grids, wordlist
from tileclock_host.referee.textfile import other_kind, read_lines

HELP = "check and score Speed Scrabble or Word-Sport crosswords (docs/referee.md)"


def add_arguments(parser):
    parser.add_argument("grids", nargs="+", metavar="GRID", help="a player's crossword as text; - for stdin")
    parser.add_argument("--game", type=game_name, choices=("speedscrabble", "wordsport"), default="speedscrabble",
                        help="speedscrabble wants one connected grid; wordsport reports each grid "
                             "and stray word and its bonuses (default: speedscrabble; the names of "
                             "action scripts and exports, speed-scrabble and word-sport also taken)")
    add_word_arguments(parser)


# the games' names as everywhere else (scripts, exports, the device), and
# the spelling this command used to take
_ALIASES = {"speed-scrabble": "speedscrabble", "word-sport": "wordsport"}


def game_name(text):
    return _ALIASES.get(text.lower(), text.lower())


def _tiles(tiles):
    return " ".join(t.letter if not t.blank else "?" for t in tiles)


def report(path, result, game):
    speed = game == "speedscrabble"
    lines = ["%s:" % path]
    for cell, letter in sorted(result.blanks.items(), key=lambda item: (item[0][1], item[0][0])):
        lines.append("  blank at %s stands for %s" % (grids.cell_text(cell), letter))
    for kind, words, group in result.groups_described():
        if kind == "stray letter":
            lines.append("  stray letter at %s" % grids.cell_text(min(group, key=lambda c: (c[1], c[0]))))
            continue
        lines.append("  %s of %d tiles:" % (kind, len(group)))
        for w in words:
            bad = "" if w.valid else "  NOT IN THE WORD LIST"
            # Word-Sport has no letter values: a word counts only by its length
            lines.append("    %-32s %3d%s" % (w, w.value(), bad) if speed else "    %s%s" % (w, bad))
    for w in result.new_runs:
        bad = "" if w.valid else "  NOT IN THE WORD LIST, not scored"
        lines.append("  left after taking letters out: %-18s %3d%s" % (w, w.value(), bad) if speed
                     else "  left after taking letters out: %s%s" % (w, bad))
    problems = ["%s is not in the word list" % w for w in result.bad_words]
    if speed:
        if len(result.groups) > 1:
            problems.append("not one connected grid: %d groups of tiles" % len(result.groups))
        lines.append("  words %d, seven or more letters: %d (+%d), unused or taken out: %s (-%d)" % (
            result.word_points(), len(result.long_words), grids.LONG_WORD_BONUS * len(result.long_words),
            _tiles(result.taken_out + result.grid.unused) or "none", result.penalty()))
        lines.append("  Speed Scrabble score: %d" % result.score())
    else:
        lines += _wordsport_lines(result)
    for problem in problems:
        lines.append("  problem: %s" % problem)
    return lines, problems


def _wordsport_lines(result):
    """Word-Sport scores a crossword by its bonuses only (docs/wordsport.md,
    "The game"): 5 a word of seven or more letters, three at most, and 5
    for one grid. Places, two minutes and a straight run come from the round
    on the clock; unused tiles decide places when no one else finished."""
    left = len(result.grid.unused) + len(result.taken_out)
    what = []
    if result.grid.unused:
        what.append("unused %s" % _tiles(result.grid.unused))
    if result.taken_out:
        what.append("in no word of the list %s" % _tiles(result.taken_out))
    counted = result.wordsport_sevens()
    found = len(result.long_words)
    sevens = "%d word%s" % (found, "" if found == 1 else "s")
    if counted < found:
        sevens += ", three count (\"up to fifteen points\")"
    sevens += " (+%d)" % (grids.WORDSPORT_BONUS * counted)
    if result.one_grid():
        grid = "yes (+%d)" % grids.WORDSPORT_BONUS
    elif result.bad_words:
        grid = "no: a word is not in the list"
    else:
        grid = "no: %d groups of tiles" % len(result.groups)
    return [
        "  tiles left over: %d%s" % (left, " (%s)" % ", ".join(what) if what else ""),
        "  words of seven or more letters: %s; one grid: %s" % (sevens, grid),
        "  Word-Sport points for the crossword: %d (place, two-minute and straight-run points come "
        "from the round on the clock)" % result.wordsport_bonus(),
    ]


def run(args):
    try:
        words = wordlist.load(args.words)
        failed = False
        for path in args.grids:
            lines = read_lines(path, what="a crossword")
            hint = other_kind(lines, "grid")
            if hint:
                raise InputError(path, 0, "not a crossword: " + hint)
            result = grids.check(path, lines, words)
            lines, problems = report(path, result, args.game)
            print("\n".join(lines))
            failed = failed or bool(problems)
    except InputError as e:
        raise UserError(str(e))
    return 1 if failed else 0
