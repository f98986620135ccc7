# A player's crossword in a speed game: read from text, checked against a
# word list and scored with English Scrabble letter values. What a game
# makes of it is in games/<kind>/crossword.py (tileclock grid --game).
#
# The text (docs/referee.md): one row a line; '.' or a space is an empty
# cell; an upper-case letter is a tile; a lower-case letter is a blank
# standing for that letter; '?' is a blank whose letter the referee finds.
# A line "unused: QZ?" lists the tiles not in the grid ('?' a blank).
# Lines starting with '#' are comments.
#
# Scoring (Speed Scrabble's rules, "The game" in its docs page): every
# across word plus every down word of two or more letters at the letters'
# values (blanks 0), +10 for each word of seven or more letters, minus the
# values of unused tiles. A letter in no
# good word (in the list) is taken out of the crossword and counts against
# the score like an unused tile; a letter of a bad word that is also in a
# good word stays (an invalid MEX through JAM's M takes out E and X, not M).
# Taking letters out leaves new runs (the rest of a bad word), which are
# checked again: until no letter is in bad words only. The good words left
# score; a bad word whose every letter is in a good word stays, unscored.
from itertools import product

from tileclock_host.referee import InputError

LETTER_VALUES = {
    "A": 1, "B": 3, "C": 3, "D": 2, "E": 1, "F": 4, "G": 2, "H": 4, "I": 1, "J": 8, "K": 5, "L": 1, "M": 3,
    "N": 1, "O": 1, "P": 3, "Q": 10, "R": 1, "S": 1, "T": 1, "U": 1, "V": 4, "W": 4, "X": 8, "Y": 4, "Z": 10,
}
LONG_WORD = 7
LONG_WORD_BONUS = 10  # Speed Scrabble: +10 a word of seven or more letters
MAX_UNKNOWN_BLANKS = 3  # 26**3 tries at most
MAX_SIDE = 400  # columns or rows: no tile set makes a bigger crossword (Word-Sport's double set has 200)
UNKNOWN = "?"


class Tile:
    """A tile in the grid: the letter it shows or stands for, and whether it is a blank."""

    def __init__(self, letter, blank):
        self.letter = letter
        self.blank = blank

    def value(self):
        return 0 if self.blank else LETTER_VALUES[self.letter]


class Word:
    def __init__(self, direction, cells, tiles):
        self.direction = direction
        self.cells = cells
        self.tiles = tiles
        self.valid = True

    @property
    def letters(self):
        return "".join(t.letter for t in self.tiles)

    def value(self):
        return sum(t.value() for t in self.tiles)

    def where(self):
        (x0, y0), (x1, y1) = self.cells[0], self.cells[-1]
        if self.direction == "across":
            return "row %d, columns %d-%d" % (y0 + 1, x0 + 1, x1 + 1)
        return "column %d, rows %d-%d" % (x0 + 1, y0 + 1, y1 + 1)

    def __str__(self):
        return "%s (%s, %s)" % (self.letters, self.direction, self.where())


class Grid:
    def __init__(self, tiles, unused):
        self.tiles = tiles  # (x, y) -> Tile; x the column, y the row, from 0
        self.unused = unused  # list of Tile


def parse(path, lines):
    tiles = {}
    unused = []
    rows = []
    for number, line in enumerate(lines, 1):
        if line.lstrip().startswith("#"):
            continue
        if line.strip().lower().startswith("unused:"):
            for ch in line.split(":", 1)[1]:
                if ch == UNKNOWN:
                    unused.append(Tile(UNKNOWN, True))
                elif ch.isascii() and ch.isalpha():
                    unused.append(Tile(ch.upper(), False))
                elif not ch.isspace() and ch != ",":
                    raise InputError(path, number, "'%s' in the unused tiles: letters, or ? for a blank" % ch)
            continue
        rows.append((number, line.rstrip()))
    while rows and not rows[0][1].strip():
        rows.pop(0)
    for y, (number, line) in enumerate(rows):
        if len(line) > MAX_SIDE or y >= MAX_SIDE:
            raise InputError(path, number, "a crossword wider or taller than %d cells: not one player's tiles"
                             % MAX_SIDE)
        for x, ch in enumerate(line):
            if ch in ". ":
                continue
            if ch == UNKNOWN:
                tiles[(x, y)] = Tile(UNKNOWN, True)
            elif ch.isascii() and ch.isalpha():
                tiles[(x, y)] = Tile(ch.upper(), ch.islower())
            else:
                raise InputError(path, number, "'%s' at column %d: a grid has letters, '?', '.' and spaces" % (
                    ch, x + 1))
    if not tiles:
        raise InputError(path, 0, "no grid: one row a line, letters for tiles, '.' or space for empty cells")
    return Grid(tiles, unused)


def find_words(tiles):
    """Every across and down run of two or more letters."""
    words = []
    for direction, (dx, dy) in (("across", (1, 0)), ("down", (0, 1))):
        for (x, y) in sorted(tiles, key=lambda c: (c[1], c[0])):
            if (x - dx, y - dy) in tiles:
                continue
            cells = []
            while (x, y) in tiles:
                cells.append((x, y))
                x, y = x + dx, y + dy
            if len(cells) >= 2:
                words.append(Word(direction, cells, [tiles[c] for c in cells]))
    return words


def components(cells):
    """Groups of cells joined side by side or one above the other."""
    left = set(cells)
    groups = []
    while left:
        start = min(left, key=lambda c: (c[1], c[0]))
        group = {start}
        todo = [start]
        left.discard(start)
        while todo:
            x, y = todo.pop()
            for n in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                if n in left:
                    left.discard(n)
                    group.add(n)
                    todo.append(n)
        groups.append(group)
    return groups


def solve_blanks(grid, words):
    """Give each '?' blank the letter that makes the most words good (all of
    them, if possible; the alphabetically first such choice). Returns the
    letters chosen, by cell."""
    unknown = sorted((c for c, t in grid.tiles.items() if t.letter == UNKNOWN), key=lambda c: (c[1], c[0]))
    if not unknown:
        return {}
    if len(unknown) > MAX_UNKNOWN_BLANKS:
        raise ValueError("more than %d blanks marked '?': write the letter each stands for in lower case"
                         % MAX_UNKNOWN_BLANKS)
    affected = [w for w in find_words(grid.tiles) if any(c in unknown for c in w.cells)]
    best, best_good = None, -1
    for choice in product(LETTER_VALUES, repeat=len(unknown)):
        for cell, letter in zip(unknown, choice):
            grid.tiles[cell].letter = letter
        good = sum(1 for w in affected if w.letters in words)
        if good > best_good:
            best, best_good = choice, good
            if good == len(affected):
                break
    for cell, letter in zip(unknown, best):
        grid.tiles[cell].letter = letter
    return dict(zip(unknown, best))


def take_out(tiles, words):
    """The tiles left when every letter in no good word is taken out (a lone
    letter is in no word either), again and again until none is left to take:
    taking letters out of a bad word can leave a shorter run, good or bad."""
    kept = dict(tiles)
    while True:
        found = find_words(kept)
        in_good = {c for w in found if w.letters in words for c in w.cells}
        out = [c for c in kept if c not in in_good]
        if not out:
            return kept
        for cell in out:
            del kept[cell]


class GridReport:
    """What the referee found: the words, the groups, what was taken out, the score."""

    def __init__(self, grid, words):
        self.grid = grid
        self.blanks = solve_blanks(grid, words)
        self.words = find_words(grid.tiles)
        for word in self.words:
            word.valid = word.letters in words
        self.bad_words = [w for w in self.words if not w.valid]
        self.groups = components(grid.tiles)
        self.kept = take_out(grid.tiles, words)
        left = find_words(self.kept)
        for word in left:
            word.valid = word.letters in words
        self.scored_words = [w for w in left if w.valid]
        # Runs that only appear once letters are taken out (what is left of a bad word).
        before = {(w.direction, tuple(w.cells)) for w in self.words}
        self.new_runs = [w for w in left if (w.direction, tuple(w.cells)) not in before]
        self.taken_out = [grid.tiles[c] for c in grid.tiles if c not in self.kept]
        self.long_words = [w for w in self.scored_words if len(w.cells) >= LONG_WORD]

    def one_grid(self):
        return len(self.groups) == 1 and not self.bad_words

    def word_points(self):
        return sum(w.value() for w in self.scored_words)

    def penalty(self):
        return sum(t.value() for t in self.taken_out + self.grid.unused)

    def score(self):
        """Speed Scrabble points for this crossword."""
        return self.word_points() + LONG_WORD_BONUS * len(self.long_words) - self.penalty()

    def groups_described(self):
        """Each group of tiles: 'grid' with its words, 'stray word', or 'stray letter'."""
        out = []
        for group in self.groups:
            words = [w for w in self.words if w.cells[0] in group]
            kind = "grid" if len(words) > 1 else "stray word" if words else "stray letter"
            out.append((kind, words, group))
        return out


def check(path, lines, words):
    try:
        return GridReport(parse(path, lines), words)
    except ValueError as e:
        raise InputError(path, 0, str(e))


def tiles_text(tiles):
    """'A B ?': the tiles' letters, a blank as '?'."""
    return " ".join(t.letter if not t.blank else "?" for t in tiles)


def cell_text(cell):
    return "row %d, column %d" % (cell[1] + 1, cell[0] + 1)
