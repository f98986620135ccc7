# A Spell Sport game on the 26x26 board, checked play by play against the
# game's placement rules (docs/spellsport.md, "The game") and scored with
# the engine's play_score.
#
# Cells are (x, y): x the column 0..25 (a..z, left to right), y the row 0..25
# (A..Z, top to bottom); aA is the top left cell, zA the top right, aZ the
# bottom left.
#
# How the referee reads the rules where they leave room (docs/referee.md):
# - A "word" is a maximal run of three or more letters across or down. The
#   words a play forms are the runs through its new letters; every new
#   letter must be in one of them (a tile can't lie about unused).
# - "Joined": the across and the down word share a cell (a cross, a T or an
#   L; the shared cell may be an old one).
# - "Circuit": think of the words as nodes and the shared cells as links; a
#   play completes a circuit when it raises the number of independent loops
#   (links - words + connected groups) of that graph.
# - A path is made of any tiles on the board, whoever laid them. A path across
#   (left edge to right edge, never entering the top or bottom row) doubles
#   Across's game score, a path down (never entering the left or right
#   column) Down's, whoever's play completed it; the play that completes one
#   ends the game ("The first player doubles if the path is across the
#   board, and the second player doubles if the path is down the board").
#   A play completing both doubles both.
from collections import Counter

from tileclock.engine.game import Refused
from tileclock.games.spellsport.score import play_score
from tileclock.games.spellsport.tiles import all_tiles, can_turn_over

SIZE = 26
ACROSS = "across"
DOWN = "down"
PLAYERS = (ACROSS, DOWN)
RACK_SIZE = 12
REFILL = 6  # tiles taken when a play ends with REFILL or fewer in the rack
STEPS = {ACROSS: (1, 0), DOWN: (0, 1)}


class Rejected(Exception):
    """A play or action the rules don't allow; str(e) says which rule and where."""


def cell_name(cell):
    x, y = cell
    return chr(ord("a") + x) + chr(ord("A") + y)


def parse_cell(text):
    """'aM' -> (0, 12); None if it isn't a cell name (column a..z, then row A..Z)."""
    if len(text) != 2:
        return None
    x = ord(text[0].lower()) - ord("a")
    y = ord(text[1].upper()) - ord("A")
    if 0 <= x < SIZE and 0 <= y < SIZE:
        return (x, y)
    return None


def span_name(cells):
    if len(cells) == 1:
        return cell_name(cells[0])
    return "%s..%s" % (cell_name(cells[0]), cell_name(cells[-1]))


def other(player):
    return DOWN if player == ACROSS else ACROSS


def on_board(cell):
    return 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE


def neighbours(cell):
    x, y = cell
    return [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]


class Placement:
    """One tile laid in a play: `letters` as they read on the board from `cell`
    (left to right for the across face, top to bottom for the down face)."""

    def __init__(self, letters, cell, face, stolen=False):
        self.letters = letters.upper()
        self.cell = cell
        self.face = face
        self.stolen = stolen

    def cells(self):
        dx, dy = STEPS[self.face]
        x, y = self.cell
        return [(x, y), (x + dx, y + dy)]

    def describe(self):
        return "%s at %s %s" % (self.letters, cell_name(self.cell), self.face)


class Word:
    def __init__(self, direction, cells, letters):
        self.direction = direction
        self.cells = cells
        self.letters = letters

    def __str__(self):
        return "%s (%s)" % (self.letters, span_name(self.cells))


class PlayResult:
    def __init__(self, player, across, down, joined, circuit, stolen, points, turned):
        self.player = player
        self.across = across  # Word or None
        self.down = down
        self.joined = joined
        self.circuit = circuit
        self.stolen = stolen
        self.points = points
        self.turned = turned  # tiles laid turned over, as "IO as OI"
        self.paths = {}  # direction -> cells of each path this play completed


class SpellGame:
    def __init__(self, words):
        self.words = words
        self.letters = {}  # cell -> letter on the board
        self.tile_of = {}  # cell -> serial number of the tile covering it
        self.owner = {}  # cell -> player who placed the tile (for the board picture)
        self.racks = {ACROSS: None, DOWN: None}
        self.plays = {ACROSS: [], DOWN: []}  # points of each play
        self.bag = Counter(all_tiles())  # what the 338-tile set has left
        self.warnings = []
        self.turn = ACROSS  # the first player plays across
        self.last = None  # (player, "play"/"pass"/"draw") of the last action
        self.paths = {}  # direction -> cells of a completed path; the game is over once there is one
        self._tiles_laid = 0

    # -- racks and the bag -------------------------------------------------

    def _take_from_bag(self, player, tiles):
        for pair in tiles:
            if self.bag[pair] == 0 and can_turn_over(pair) and self.bag[pair[::-1]] > 0:
                pair = pair[::-1]  # a turnable tile written turned over
            if self.bag[pair] > 0:
                self.bag[pair] -= 1
            elif pair in Counter(all_tiles()):
                self.warnings.append("%s takes %s but the set's %s tiles are all out" % (player, pair, pair))
            else:
                other = " (it has %s)" % pair[::-1] if pair[::-1] in self.bag else ""
                self.warnings.append("%s is not a tile of the 338-tile set%s: played as written"
                                     % (pair, other))

    def deal(self, player, tiles):
        if self.racks[player] is not None:
            raise Rejected("%s already has a rack" % player.capitalize())
        if self.last is not None:
            raise Rejected("racks are dealt before the first play")
        if len(tiles) != RACK_SIZE:
            self.warnings.append("%s starts with %d tiles, not %d" % (player.capitalize(), len(tiles), RACK_SIZE))
        self._take_from_bag(player.capitalize(), tiles)
        self.racks[player] = Counter(tiles)

    def draw(self, player, tiles):
        name = player.capitalize()
        if self.last != (player, "play"):
            raise Rejected("%s may take tiles only at the end of their own play" % name)
        held = sum(self.racks[player].values())
        if held > REFILL:
            raise Rejected("%s has %d tiles: only a player left with %d or fewer takes more" % (name, held, REFILL))
        if not 1 <= len(tiles) <= REFILL:
            raise Rejected("a player takes at most %d tiles" % REFILL)
        if len(tiles) < REFILL and sum(self.bag.values()) >= REFILL:
            self.warnings.append("%s takes %d tiles, not %d" % (name, len(tiles), REFILL))
        self._take_from_bag(name, tiles)
        self.racks[player].update(tiles)
        self.last = (player, "draw")

    def pass_turn(self, player):
        self._check_turn(player)
        self.last = (player, "pass")
        self.turn = other(player)

    def _check_turn(self, player):
        if self.paths:
            raise Rejected("the game is over: the board has a path %s" % " and a path ".join(self.paths))
        if self.racks[ACROSS] is None or self.racks[DOWN] is None:
            raise Rejected("both players need a rack before the first play")
        if player != self.turn:
            raise Rejected("it is %s's turn" % self.turn.capitalize())

    # -- a play --------------------------------------------------------------

    def play(self, player, placements):
        """Check a play against every rule, then make it; raises Rejected and
        changes nothing if it breaks one."""
        self._check_turn(player)
        if not placements:
            raise Rejected("a play lays at least one tile")
        new = self._check_cells(placements)
        racks, stolen, turned = self._take_tiles(player, placements)
        letters = dict(self.letters)
        letters.update(new)
        tile_of = dict(self.tile_of)
        for number, p in enumerate(placements):
            for cell in p.cells():
                tile_of[cell] = self._tiles_laid + number
        self._check_support(placements, letters)
        self._check_contacts(new, letters, tile_of)
        across, down = self._words_formed(new, letters)
        for word in (across, down):
            if word and word.letters not in self.words:
                raise Rejected("%s is not in the word list" % word)
        joined = bool(across and down and set(across.cells) & set(down.cells))
        circuit = loops(letters) > loops(self.letters)
        try:
            points = play_score(len(across.cells) if across else 0, len(down.cells) if down else 0,
                                joined=joined, circuit=circuit, stolen=stolen)
        except Refused as e:
            raise Rejected(e.reason)
        # Every check passed: make the play.
        result = PlayResult(player, across, down, joined, circuit, stolen, points, turned)
        self.letters = letters
        self.tile_of = tile_of
        for cell in new:
            self.owner[cell] = player
        self._tiles_laid += len(placements)
        self.racks = racks
        self.plays[player].append(points)
        self.last = (player, "play")
        self.turn = other(player)
        result.paths = completed_paths(self.letters)
        self.paths = result.paths
        return result

    def _check_cells(self, placements):
        new = {}
        for p in placements:
            for i, cell in enumerate(p.cells()):
                if not on_board(cell):
                    raise Rejected("%s runs off the board" % p.describe())
                if cell in self.letters:
                    raise Rejected("%s: %s is already covered" % (p.describe(), cell_name(cell)))
                if cell in new:
                    raise Rejected("%s: %s is covered twice in this play" % (p.describe(), cell_name(cell)))
                new[cell] = p.letters[i]
        return new

    def _take_tiles(self, player, placements):
        """The racks after the play, the number of stolen tiles and the tiles
        laid turned over."""
        racks = {who: Counter(rack) for who, rack in self.racks.items()}
        stolen = 0
        turned = []
        for p in placements:
            owner = other(player) if p.stolen else player
            rack = racks[owner]
            pair = p.letters
            if rack[pair] == 0:
                if can_turn_over(pair) and rack[pair[::-1]] > 0:
                    pair = pair[::-1]
                    turned.append("%s as %s" % (pair, p.letters))
                else:
                    hint = ""
                    if not p.stolen and racks[other(player)][pair] > 0:
                        hint = " (mark it 'stolen' to take %s's)" % other(player).capitalize()
                    raise Rejected("%s: no %s tile in %s's rack%s" % (
                        p.describe(), pair, owner.capitalize(), hint))
            rack[pair] -= 1
            if rack[pair] == 0:
                del rack[pair]
            stolen += p.stolen
        return racks, stolen, turned

    def _check_support(self, placements, letters):
        """Each tile lies against an edge of the board or next to a tile laid
        before it (earlier in the game or earlier in this play): so every group
        of new tiles that touch each other has one against an edge or an old tile."""
        supported = set()
        pending = list(range(len(placements)))
        new_cells = {}
        for i, p in enumerate(placements):
            for cell in p.cells():
                new_cells[cell] = i
        changed = True
        while changed:
            changed = False
            for i in list(pending):
                for cell in placements[i].cells():
                    x, y = cell
                    if x in (0, SIZE - 1) or y in (0, SIZE - 1):
                        break
                    touching = [n for n in neighbours(cell) if n in letters and new_cells.get(n) != i]
                    if any(n not in new_cells or new_cells[n] in supported for n in touching):
                        break
                else:
                    continue
                supported.add(i)
                pending.remove(i)
                changed = True
        if pending:
            p = placements[pending[0]]
            raise Rejected("%s is neither against an edge nor next to a tile already placed" % p.describe())

    def _check_contacts(self, new, letters, tile_of):
        """Two touching letters of different tiles must be in one word of three
        or more letters (across if side by side, down if one above the other)."""
        for cell in sorted(new):
            x, y = cell
            for n, direction in (((x - 1, y), ACROSS), ((x + 1, y), ACROSS), ((x, y - 1), DOWN), ((x, y + 1), DOWN)):
                if n in letters and tile_of[n] != tile_of[cell]:
                    if len(run(letters, cell, direction)) < 3:
                        a, b = sorted((cell, n), key=lambda c: (c[1], c[0]))
                        raise Rejected("%s and %s touch but are not part of %s word of three or more letters" % (
                            cell_name(a), cell_name(b), "an across" if direction == ACROSS else "a down"))

    def _words_formed(self, new, letters):
        words = {ACROSS: {}, DOWN: {}}
        for cell in new:
            for direction in PLAYERS:
                cells = run(letters, cell, direction)
                if len(cells) >= 3:
                    words[direction][cells[0]] = Word(direction, cells, "".join(letters[c] for c in cells))
        for direction in PLAYERS:
            if len(words[direction]) > 1:
                found = sorted(words[direction].values(), key=lambda w: (w.cells[0][1], w.cells[0][0]))
                raise Rejected("the play forms %d %s words, %s; at most one across and one down" % (
                    len(found), direction, ", ".join(str(w) for w in found)))
        in_words = set()
        for direction in PLAYERS:
            for word in words[direction].values():
                in_words.update(word.cells)
        loose = sorted((c for c in new if c not in in_words), key=lambda c: (c[1], c[0]))
        if loose:
            raise Rejected("%s %s in no word of three or more letters" % (
                ", ".join(cell_name(c) for c in loose), "is" if len(loose) == 1 else "are"))
        across = next(iter(words[ACROSS].values()), None)
        down = next(iter(words[DOWN].values()), None)
        return across, down

    # -- totals ----------------------------------------------------------------

    def over(self):
        return bool(self.paths)

    def doubled(self, player):
        """Whether the player's game score doubles: the board has a path in
        their direction (Across's across, Down's down)."""
        return player in self.paths

    def total(self, player):
        points = sum(self.plays[player])
        return points * 2 if self.doubled(player) else points


def run(letters, cell, direction):
    """The cells of the maximal run of letters through `cell` in `direction`."""
    dx, dy = STEPS[direction]
    x, y = cell
    while (x - dx, y - dy) in letters:
        x, y = x - dx, y - dy
    cells = []
    while (x, y) in letters:
        cells.append((x, y))
        x, y = x + dx, y + dy
    return cells


def all_words(letters):
    """Every word (run of three or more letters) on the board, as cell tuples."""
    words = []
    for direction in PLAYERS:
        dx, dy = STEPS[direction]
        for cell in letters:
            if (cell[0] - dx, cell[1] - dy) not in letters:
                cells = run(letters, cell, direction)
                if len(cells) >= 3:
                    words.append(tuple(cells))
    return words


def loops(letters):
    """Independent loops in the graph of words linked by shared cells:
    links - words + connected groups (the graph's cycle rank)."""
    words = all_words(letters)
    parent = list(range(len(words)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    where = {}
    links = 0
    for i, cells in enumerate(words):
        for cell in cells:
            for j in where.get(cell, ()):
                links += 1  # an across and a down word share this cell
                parent[find(i)] = find(j)
            where.setdefault(cell, []).append(i)
    groups = len({find(i) for i in range(len(words))})
    return links - len(words) + groups


def completed_paths(cells):
    """direction -> the cells of one path across / down made of `cells` (the
    covered cells of the board, whoever laid the tiles), for each direction
    that has one."""
    paths = {}
    for direction in PLAYERS:
        path = find_path(direction, cells)
        if path:
            paths[direction] = path
    return paths


def find_path(direction, cells):
    """A path of `cells` from the left to the right edge not touching the top
    or bottom row (across), or from the top to the bottom edge not touching
    the left or right column (down); the cells of one such path, or None.
    Cells of the top or bottom row (left or right column) may join the path
    as offshoots, but it can't pass through them."""
    if direction == ACROSS:
        allowed = {c for c in cells if 0 < c[1] < SIZE - 1}
        starts = [c for c in allowed if c[0] == 0]
        done = lambda c: c[0] == SIZE - 1  # noqa: E731
    else:
        allowed = {c for c in cells if 0 < c[0] < SIZE - 1}
        starts = [c for c in allowed if c[1] == 0]
        done = lambda c: c[1] == SIZE - 1  # noqa: E731
    came_from = {c: None for c in starts}
    queue = sorted(starts)
    while queue:
        cell = queue.pop(0)
        if done(cell):
            path = []
            while cell is not None:
                path.append(cell)
                cell = came_from[cell]
            return path[::-1]
        for n in neighbours(cell):
            if n in allowed and n not in came_from:
                came_from[n] = cell
                queue.append(n)
    return None

