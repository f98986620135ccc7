# Rebuild words.txt.gz, the referee's default word list, from SCOWL.
#
#   apt-get install scowl        # Debian's scowl 2020.12.07: /usr/share/dict/scowl
#   python host_tools/tileclock_host/data/build_words.py [/usr/share/dict/scowl]
#
# Not run at install or test time: the list is shipped, so nothing outside pip
# is needed to use it. README.md beside this file says what is in it and why.
import gzip
import os
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "words.txt.gz")
SCOWL_VERSION = "2020.12.07"

# SIZE 80 is where SCOWL takes in the ENABLE list and UKACD: "all the strange
# and unusual words people like to use in word games". 95 adds words "most
# people" would not call English.
SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80)
# Every spelling a player may use: American, British (-ise and -ize),
# Canadian, Australian, and the variants SCOWL counts as good (variant_1).
# Proper names, abbreviations and contractions are lists of their own.
SPELLINGS = ("english", "american", "british", "british_z", "canadian", "australian", "variant_1")

# Two-letter entries are where SCOWL and word games part most: SCOWL has
# letters' plurals (bs, cs) and unit symbols (lm, kb) among its words and
# files AA, OE, HM among abbreviations. Of its two-letter entries only these
# are kept: the two-letter words of North American word-game lists.
TWO_LETTER = set("""
aa ab ad ae ag ah ai al am an ar as at aw ax ay ba be bi bo by da de do ed ef eh el em en er es et
ew ex fa fe gi go ha he hi hm ho id if in is it jo ka ki la li lo ma me mi mm mo mu my na ne no
nu od oe of oh oi ok om on op or os ow ox oy pa pe pi po qi re sh si so ta te ti to uh um un up
us ut we wo xi xu ya ye yo za
""".split())

# Words in their own right that SCOWL lists among abbreviations (AVE, MAX,
# RAD are also shortenings): word games take them, and SCOWL already has
# their inflected forms (maxed, rads) among its words.
FROM_ABBREVIATIONS = set("""
abs alt ave bal bio bot bro bros cor cum dag dal def del dev dol dom dup emf fas fem gen hon hyp
jus lat lav lex mag max med mem mol mon mor mos mun mus nom nos ped rad rec rem res ret rom sec
sel sen ser syn tel var
admin comp intro litho maths morph para pend plat prelim prog sculp soph stat tech vocab
""".split())

# Abbreviations SCOWL lists among its words.
LEFT_OUT = {"aeq", "csc", "dkl", "hhd"}

LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")


def plain(entry):
    """The entry in plain lower-case letters (accents dropped: élan is elan,
    as on the tiles), or None if it has anything else or a capital."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", entry) if not unicodedata.combining(c))
    return folded if folded and set(folded) <= LETTERS else None


def read(path):
    with open(path, encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip()]


def entries(scowl, kinds, sizes, categories):
    out = set()
    for kind in kinds:
        for size in sizes:
            for category in categories:
                path = os.path.join(scowl, "%s-%s.%d" % (kind, category, size))
                if os.path.exists(path):
                    out.update(w for w in map(plain, read(path)) if w)
    return out


def build(scowl):
    words = {w for w in entries(scowl, SPELLINGS, SIZES, ("words",)) if len(w) > 2} - LEFT_OUT
    everything = entries(scowl, SPELLINGS + ("variant_2", "variant_3"), SIZES + (95,),
                         ("words", "abbreviations", "upper"))
    missing = sorted((TWO_LETTER | FROM_ABBREVIATIONS) - everything)
    if missing:
        sys.exit("not in SCOWL at %s: %s" % (scowl, " ".join(missing)))
    return sorted(words | TWO_LETTER | FROM_ABBREVIATIONS)


HEADER = """\
# The default word list of tileclock's referee: SCOWL %s (Kevin Atkinson,
# http://wordlist.aspell.net/) to size 80, every spelling, lower-case words
# only, with the two- and three-letter words of word games; one word a line.
# Permissive licence: SCOWL-Copyright.txt beside this file. How it is made:
# README.md and build_words.py beside this file.
""" % SCOWL_VERSION


def main(argv):
    scowl = argv[1] if len(argv) > 1 else "/usr/share/dict/scowl"
    words = build(scowl)
    text = HEADER + "\n".join(words) + "\n"
    # mtime 0: the same input makes the same bytes
    with open(OUT, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                                               compresslevel=9) as f:
        f.write(text.encode("ascii"))
    print("%s: %d words" % (OUT, len(words)))


if __name__ == "__main__":
    main(sys.argv)
