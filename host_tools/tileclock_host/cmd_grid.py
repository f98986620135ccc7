# Check and score players' crosswords against a word list, as the game
# says (games/<kind>/crossword.py: the games that have one).
from tileclock_host import registry
from tileclock_host.cli import UserError
from tileclock_host.referee import InputError, grids, wordlist
from tileclock_host.referee.textfile import other_kind, read_lines
from tileclock_host.referee.wordlist import add_word_arguments

HELP = "check and score a speed game's crosswords (docs/referee.md)"


def crossword_games():
    """{kind: its crosswords module} of the games that score a crossword, in menu order."""
    out = {}
    for kind in registry.KINDS:
        module = registry.host_module(kind, "crossword")
        if module is not None:
            out[kind] = module
    return out


def add_arguments(parser):
    games = crossword_games()
    default = [kind for kind, module in games.items() if getattr(module, "DEFAULT", False)][0]
    also = [alias for module in games.values() for alias in module.ALIASES]
    parser.add_argument("grids", nargs="+", metavar="GRID", help="a player's crossword as text; - for stdin")
    parser.add_argument("--game", type=game_name, choices=list(games), default=default,
                        help="the game whose rules score the crossword (default: %s; the names of action "
                             "scripts and exports, %s also taken)" % (default, " and ".join(also)))
    add_word_arguments(parser)


def game_name(text):
    """The kind for `text`: a kind, or one of a game's ALIASES."""
    text = text.lower()
    for kind, module in crossword_games().items():
        if text in module.ALIASES:
            return kind
    return text


def report(path, result, game):
    rules = crossword_games()[game]
    values = rules.LETTER_VALUES
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
            # a game without letter values counts a word by its length only
            lines.append("    %-32s %3d%s" % (w, w.value(), bad) if values else "    %s%s" % (w, bad))
    for w in result.new_runs:
        bad = "" if w.valid else "  NOT IN THE WORD LIST, not scored"
        lines.append("  left after taking letters out: %-18s %3d%s" % (w, w.value(), bad) if values
                     else "  left after taking letters out: %s%s" % (w, bad))
    problems = ["%s is not in the word list" % w for w in result.bad_words]
    more, found = rules.lines(result)
    lines += more
    problems += found
    for problem in problems:
        lines.append("  problem: %s" % problem)
    return lines, problems


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
