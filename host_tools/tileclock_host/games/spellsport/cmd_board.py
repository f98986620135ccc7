# Check and score a Spell Sport game, play by play, against the rules and a word list.
from tileclock_host.cli import UserError
from tileclock_host.referee import InputError
from tileclock_host.referee import wordlist
from tileclock_host.games.spellsport import game as spellgame
from tileclock_host.referee.textfile import other_kind, read_lines

HELP = "check and score a Spell Sport game file play by play (docs/referee.md)"


def add_arguments(parser):
    parser.add_argument("game", help="Spell Sport game file; - for stdin")
    wordlist.add_word_arguments(parser)
    parser.add_argument("--strict", action="store_true",
                        help="treat warnings (tiles not in the 338-tile set, short racks) as errors")
    parser.add_argument("--show", action="store_true",
                        help="print the board at the end (Across's tiles in capitals, Down's in small letters)")


def run(args):
    lines = None
    try:
        words = wordlist.load(args.words)
        lines = read_lines(args.game, what="a Spell Sport game file")
        game = spellgame.replay(args.game, lines, words, strict=args.strict)
    except InputError as e:
        hint = other_kind(lines, "board") if lines is not None and e.path == args.game else None
        raise UserError(str(e) + ("; " + hint if hint else ""))
    lines = spellgame.summary(game)
    if args.show:
        lines += spellgame.board_picture(game)
    print("\n".join(lines))
    return 0
