# Report how well the Spell Sport tile set serves a word list, and suggest a better one.
from tileclock_host.cli import UserError
from tileclock_host.referee.wordlist import add_word_arguments
from tileclock_host.referee import InputError, wordlist
from tileclock_host.games.spellsport import tileset

HELP = "report how well the 338 Spell Sport tiles serve a word list, and suggest a better set"


def add_arguments(parser):
    add_word_arguments(parser)
    parser.add_argument("--top", type=int, default=12, help="how many pairs to list each way (default 12)")
    parser.add_argument("--chart", action="store_true", help="also print the suggested set as 13 rows of 26 tiles")


def measures(name, report):
    return "%-10s %3d tiles, %3d distinct, %3d of them in words; coverage %.1f%%, pair fit %.3f, letter fit %.3f" % (
        name, len(report.tiles), report.distinct, report.used, 100 * report.coverage, report.pair_fit,
        report.letter_fit)


def letter_line(report, over):
    rows = sorted(tileset.ALPHABET, key=report.letter_ratio, reverse=over)
    if over:
        rows = [a for a in rows if report.letter_ratio(a) >= 1.5]
    else:
        rows = [a for a in rows if report.letter_ratio(a) <= 1 / 1.5]
    return ", ".join("%s x%.1f (%d tiles)" % (a, report.letter_ratio(a), report.letters[a]) for a in rows) or "none"


def pair_lines(report, top):
    rows = report.pair_excess()
    over = ", ".join("%s %d/%.1f" % (c, n, q) for c, n, q in rows[:top])
    under = ", ".join("%s %d/%.1f" % (c, n, q) for c, n, q in reversed(rows[-top:]))
    return over, under


def run(args):
    try:
        words = wordlist.load(args.words)
    except InputError as e:
        raise UserError(str(e))
    stats = tileset.WordStats(words.words)
    if not stats.total_pairs:
        raise UserError("the word list has no word of %d or more letters" % tileset.MIN_WORD)
    rules = tileset.SetReport(tileset.rules_set(), stats)
    better = tileset.SetReport(tileset.suggest(stats), stats)
    print("Word list: %s; %d words of %d+ letters, %d letter pairs in %d pair classes" % (
        words.describe(), stats.words, tileset.MIN_WORD, stats.total_pairs, len(stats.classes)))
    print(measures("rules' set", rules))
    print(measures("suggested", better))
    print()
    print("Rules' set, letters over-represented (share of tiles / share of word letters >= 1.5):")
    print("  " + letter_line(rules, over=True))
    print("Rules' set, letters under-represented (<= 0.67):")
    print("  " + letter_line(rules, over=False))
    over, under = pair_lines(rules, args.top)
    print("Rules' set, pairs with the most tiles beyond their share (tiles/share of 338):")
    print("  " + over)
    print("Rules' set, pairs with the fewest tiles for their share:")
    print("  " + under)
    print()
    print("Suggested set (338 tiles, every letter on two or more, tiles in proportion to the pairs in words):")
    counts = {}
    for pair in better.tiles:
        counts[pair] = counts.get(pair, 0) + 1
    print("  " + " ".join("%s%s" % (pair, "x%d" % n if n > 1 else "") for pair, n in counts.items()))
    print("Suggested set, letters off their share by 1.5 or more: over %s; under %s" % (
        letter_line(better, over=True), letter_line(better, over=False)))
    if args.chart:
        print()
        for row in range(13):
            print("| " + " | ".join("%s %s" % tuple(p) for p in better.tiles[row * 26:(row + 1) * 26]) + " |")
    return 0
