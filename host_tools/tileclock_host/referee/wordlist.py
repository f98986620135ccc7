# Word lists: the default English list that installs with tileclock, or any
# list given by path (one word a line).
#
# Every word is kept in one normal form: lower case, hyphens removed (the
# rules allow hyphenated words spelt without the hyphen). Entries with any
# other character (apostrophes, spaces, digits, accents) can't be spelt with
# the tiles and are skipped. Lookups are set membership: millions a second.
import os

from tileclock_host.referee import InputError
from tileclock_host.referee.textfile import bad_line, decode

# The default: the lower-case entries of web2 (Webster's Second International,
# 1934, public domain; capitalised entries are proper nouns) from the
# english-words package (MIT), plus a few common words web2 lacks.
DEFAULT = "english-words:web2"
BUILTIN = ("english-words:web2", "english-words:gcide")
EXTRA_WORDS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "extra_words.txt")
LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")


def normal_form(entry):
    """The word as the referee compares it, or None if the tiles can't spell it."""
    word = entry.strip().lower().replace("-", "")
    if not word or not set(word) <= LETTERS:
        return None
    return word


class WordList:
    """A set of words in normal form, with the names of the lists it came from."""

    def __init__(self, words=(), sources=()):
        self.words = set(words)
        self.sources = list(sources)
        self.skipped = 0  # entries that aren't spellable words

    def __contains__(self, word):
        return normal_form(word) in self.words

    def __len__(self):
        return len(self.words)

    def add_entries(self, entries):
        for entry in entries:
            word = normal_form(entry)
            if word is None:
                self.skipped += 1
            else:
                self.words.add(word)

    def describe(self):
        return "%d words from %s" % (len(self.words), " + ".join(self.sources))


def _builtin_entries(name):
    try:
        from english_words import get_english_words_set
    except ImportError:
        raise InputError(name, 0, "the english-words package is not installed (pip install english-words)")
    source = name.split(":", 1)[1]
    # Keep hyphens and case here: normal_form drops hyphens, and a capital
    # marks a proper noun in web2 (in gcide most entries are capitalised, so
    # there every entry is kept, lower-cased).
    entries = get_english_words_set([source])
    if source == "web2":
        return [w for w in entries if w == w.lower()]
    return [w for w in entries if " " not in w]


def read_word_file(path):
    """The entries of a word file: one a line, '#' starts a comment."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except IsADirectoryError:
        raise InputError(path, 0, "can't read the word list: it is a folder, not a file")
    except OSError as e:
        raise InputError(path, 0, "can't read the word list: %s" % (e.strerror or e))
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


def load(specs=None):
    """A WordList from paths and builtin names; none given means the default list."""
    if not specs:
        words = WordList(sources=["web2 (english-words)", "extra_words.txt"])
        words.add_entries(_builtin_entries(DEFAULT))
        words.add_entries(read_word_file(EXTRA_WORDS))
        return words
    words = WordList()
    for spec in specs:
        if spec in BUILTIN:
            words.add_entries(_builtin_entries(spec))
            words.sources.append(spec.split(":", 1)[1] + " (english-words)")
        else:
            words.add_entries(read_word_file(spec))
            words.sources.append(os.path.basename(spec))
    return words
