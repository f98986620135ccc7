# Word lists: the default English list that installs with tileclock, or any
# list given by path (one word a line, gzipped or not).
#
# Every word is kept in one normal form: lower case, hyphens removed (the
# rules allow hyphenated words spelt without the hyphen). Entries with any
# other character (apostrophes, spaces, digits, accents) can't be spelt with
# the tiles and are skipped. Lookups are set membership: millions a second.
import gzip
import os

from tileclock_host.referee import InputError
from tileclock_host.referee.textfile import bad_line, decode, read_capped, too_large

# The default (data/README.md): SCOWL to size 80, which holds the ENABLE
# list, inflected forms and every spelling, with the two- and three-letter
# words of word games; shipped in normal form, gzipped. Plus tileclock's own
# additions (extra_words.txt).
DATA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data")
DEFAULT_LIST = os.path.join(DATA, "words.txt.gz")
DEFAULT_WHAT = ("SCOWL 2020.12.07 to size 80 (it holds the ENABLE list), every spelling, with the two- "
                "and three-letter words of word games; licence: SCOWL-Copyright.txt beside it")
EXTRA_WORDS = os.path.join(DATA, "extra_words.txt")
EXTRA_WHAT = "words tileclock adds to the list (part of tileclock, MIT)"
BUILTIN = ("english-words:web2", "english-words:gcide")
LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
# The largest word lists in use are a few MB (SCOWL's largest American list
# 6.6 MB); anything far bigger is the wrong file.
MAX_WORD_LIST = 64 * 1024 * 1024


def normal_form(entry):
    """The word as the referee compares it, or None if the tiles can't spell it."""
    word = entry.strip().lower().replace("-", "")
    if not word or not set(word) <= LETTERS:
        return None
    return word


class WordList:
    """A set of words in normal form, with the names of the lists it came
    from and, for `words --which`, where each is and how many words it gave."""

    def __init__(self, words=(), sources=()):
        self.words = set(words)
        self.sources = list(sources)
        self.origins = []  # (where, what, entries)
        self.skipped = 0  # entries that aren't spellable words

    def __contains__(self, word):
        return normal_form(word) in self.words

    def __len__(self):
        return len(self.words)

    def add_entries(self, entries):
        added = 0
        for entry in entries:
            word = normal_form(entry)
            if word is None:
                self.skipped += 1
            else:
                self.words.add(word)
                added += 1
        return added

    def add(self, name, where, what, entries, normal=False):
        """Add a list's entries; `normal`: they are in normal form already
        (the shipped list), so each needs no checking."""
        if normal:
            self.words.update(entries)
            count = len(entries)
        else:
            count = self.add_entries(entries)
        self.sources.append(name)
        self.origins.append((where, what, count))

    def describe(self):
        return "%d words from %s" % (len(self.words), " + ".join(self.sources))


def _builtin_entries(name):
    try:
        from english_words import get_english_words_set
    except ImportError:
        raise InputError(name, 0, "the english-words package is not installed "
                         "(pip install 'tileclock[wordlists]', or pip install english-words)")
    source = name.split(":", 1)[1]
    # Keep hyphens and case here: normal_form drops hyphens, and a capital
    # marks a proper noun in web2 (in gcide most entries are capitalised, so
    # there every entry is kept, lower-cased).
    entries = get_english_words_set([source])
    if source == "web2":
        return [w for w in entries if w == w.lower()]
    return [w for w in entries if " " not in w]


def read_word_file(path):
    """The entries of a word file: one a line, '#' starts a comment; a name
    ending .gz is read through gzip."""
    what = "a word list"
    try:
        if path.endswith(".gz"):
            with gzip.open(path, "rb") as f:
                data = f.read(MAX_WORD_LIST + 1)
            if len(data) > MAX_WORD_LIST:
                raise InputError(path, 0, too_large(MAX_WORD_LIST, what))
        else:
            with open(path, "rb") as f:
                data = read_capped(f, path, MAX_WORD_LIST, what)
    except IsADirectoryError:
        raise InputError(path, 0, "can't read the word list: it is a folder, not a file")
    except OSError as e:  # gzip's BadGzipFile is one
        raise InputError(path, 0, "can't read the word list: %s" % (e.strerror or e))
    except EOFError:
        raise InputError(path, 0, "can't read the word list: the gzip file is cut short")
    except InputError as e:
        raise InputError(path, 0, "can't read the word list: " + e.problem)
    try:
        text = decode(data)
    except UnicodeDecodeError as e:
        raise InputError(path, bad_line(data, e), "not UTF-8 text")
    entries = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            entries.append(line)
    if not entries:
        raise InputError(path, 0, "no words in the word list (one word a line)")
    return entries


def _shipped_entries():
    """The shipped list's words: one a line in normal form after its '#'
    header, so a plain split is enough (twice as fast as read_word_file)."""
    try:
        with gzip.open(DEFAULT_LIST, "rb") as f:
            text = f.read().decode("ascii")
    except (OSError, EOFError, UnicodeDecodeError) as e:
        raise InputError(DEFAULT_LIST, 0, "the default word list is damaged (%s): reinstall tileclock" % e)
    return [w for w in text.split("\n") if w and w[0] != "#"]


def _builtin_origin(spec):
    try:
        import english_words
        from importlib.metadata import version
        where = "%s (english-words %s)" % (os.path.dirname(english_words.__file__), version("english-words"))
    except Exception:
        where = "the english-words package"
    source = spec.split(":", 1)[1]
    what = {"web2": "Webster's Second International (1934, public domain), lower-case entries only",
            "gcide": "GNU Collaborative International Dictionary of English (GPL)"}[source]
    return where, what


def load(specs=None):
    """A WordList from paths and builtin names; none given means the default list."""
    words = WordList()
    if not specs:
        words.add("words.txt.gz (SCOWL)", DEFAULT_LIST, DEFAULT_WHAT, _shipped_entries(), normal=True)
        words.add("extra_words.txt", EXTRA_WORDS, EXTRA_WHAT, read_word_file(EXTRA_WORDS))
        return words
    for spec in specs:
        if spec in BUILTIN:
            where, what = _builtin_origin(spec)
            words.add(spec.split(":", 1)[1] + " (english-words)", where, what, _builtin_entries(spec))
        else:
            words.add(os.path.basename(spec), os.path.abspath(spec), "given with --words",
                      read_word_file(spec))
    return words


def add_word_arguments(parser):
    # the commands that check words (board, grid, tileset, words) take the lists alike
    parser.add_argument("--words", action="append", metavar="FILE",
                        help="word list, one word a line, gzipped or not (repeat to combine; "
                             "english-words:web2 and english-words:gcide name the english-words package's "
                             "lists); default: the shipped SCOWL list (tileclock words --which)")
