# Check and score Speed Scrabble / Word-Sport crosswords against a word list.
from tileclock_host.cli import UserError
from tileclock_host.cmd_board import add_word_arguments
from tileclock_host.referee import InputError, grids, wordlist
from tileclock_host.referee.textfile import other_kind, read_lines

HELP = "check and score Speed Scrabble or Word-Sport crosswords (docs/referee.md)"


def add_arguments(parser):
    parser.add_argument("grids", nargs="+", metavar="GRID", help="a player's crossword as text; - for stdin")
    parser.add_argument("--game", choices=("speed-scrabble", "word-sport"), default="speed-scrabble",
                        help="speed-scrabble wants one connected grid; word-sport reports each grid "
                             "and stray word and its bonuses (default: speed-scrabble)")
    add_word_arguments(parser)


def report(path, result, game):
    lines = ["%s:" % path]
    for cell, letter in sorted(result.blanks.items(), key=lambda item: (item[0][1], item[0][0])):
        lines.append("  blank at %s stands for %s" % (grids.cell_text(cell), letter))
    for kind, words, group in result.groups_described():
        if kind == "stray letter":
            lines.append("  stray letter at %s" % grids.cell_text(min(group, key=lambda c: (c[1], c[0]))))
            continue
        lines.append("  %s of %d tiles:" % (kind, len(group)))
        for w in words:
            lines.append("    %-32s %3d%s" % (w, w.value(), "" if w.valid else "  NOT IN THE WORD LIST"))
    for w in result.new_runs:
        lines.append("  left after taking letters out: %-18s %3d%s" % (
            w, w.value(), "" if w.valid else "  NOT IN THE WORD LIST, not scored"))
    problems = ["%s is not in the word list" % w for w in result.bad_words]
    if game == "speed-scrabble" and len(result.groups) > 1:
        problems.append("not one connected grid: %d groups of tiles" % len(result.groups))
    out = result.taken_out + result.grid.unused
    lines.append("  words %d, seven or more letters: %d (+%d), unused or taken out: %s (-%d)" % (
        result.word_points(), len(result.long_words), grids.LONG_WORD_BONUS * len(result.long_words),
        " ".join(t.letter if not t.blank else "?" for t in out) or "none", result.penalty()))
    lines.append("  Speed Scrabble score: %d" % result.score())
    if game == "word-sport":
        counted = result.wordsport_sevens()
        sevens = "%d seven-letter word(s) x5" % counted
        if counted < len(result.long_words):
            sevens += " (%d found: three count, \"up to fifteen points\")" % len(result.long_words)
        lines.append("  Word-Sport bonuses: %s, one grid: %s -> %d" % (
            sevens, "yes" if result.one_grid() else "no", result.wordsport_bonus()))
    for problem in problems:
        lines.append("  problem: %s" % problem)
    return lines, problems


def run(args):
    try:
        words = wordlist.load(args.words)
        failed = False
        for path in args.grids:
            lines = read_lines(path)
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
