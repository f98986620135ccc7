# Look words up in the referee's word list, and measure how fast it checks them.
import random
import time

from tileclock_host.cli import UserError
from tileclock_host.referee.wordlist import add_word_arguments
from tileclock_host.referee import InputError, wordlist

HELP = "check words against the referee's word list (--speed: words checked a second)"


def add_arguments(parser):
    parser.add_argument("check", nargs="*", metavar="WORD", help="words to look up (any case, hyphens ignored)")
    add_word_arguments(parser)
    parser.add_argument("--speed", action="store_true", help="time the loading and 200,000 lookups")
    parser.add_argument("--which", action="store_true",
                        help="say which word list is in use: its files, their source and how many words")


def speed(words, load_seconds):
    # Half real words, half the same words with one letter changed: the
    # lookups a referee does, as the user writes them (upper case).
    rng = random.Random(1)
    sample = rng.sample(sorted(words.words), min(100000, len(words)))
    queries = [w.upper() for w in sample]
    for w in sample:
        i = rng.randrange(len(w))
        queries.append((w[:i] + rng.choice("abcdefghijklmnopqrstuvwxyz") + w[i + 1:]).upper())
    start = time.perf_counter()
    found = sum(1 for q in queries if q in words)
    seconds = time.perf_counter() - start
    print("loaded %s in %.2f s" % (words.describe(), load_seconds))
    print("checked %d words in %.3f s: %.0f words a second (%d found)" % (
        len(queries), seconds, len(queries) / seconds, found))


def which(words, default):
    print("%s: %d words" % ("the default word list" if default else "the word list", len(words)))
    for where, what, count in words.origins:
        print("  %s: %d words: %s" % (where, count, what))


def run(args):
    if not (args.check or args.speed or args.which):
        raise UserError("words: give the words to look up (tileclock words CAT QI), or --which or --speed")
    start = time.perf_counter()
    try:
        words = wordlist.load(args.words)
    except InputError as e:
        raise UserError(str(e))
    load_seconds = time.perf_counter() - start
    if args.which:
        which(words, not args.words)
    if args.speed:
        speed(words, load_seconds)
    missing = 0
    for word in args.check:
        ok = word in words
        missing += not ok
        print("%s %s" % (word, "yes" if ok else "NOT IN THE LIST"))
    return 1 if missing else 0
