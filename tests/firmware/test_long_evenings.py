# Evenings of about 3,000 actions, journalled as the app journals them (every
# action, a fold after each close) on a real folder, and resumed after a
# power cut at every round close and in the middle of every round: each
# resume gives back the game as it was, replaying no more than two rounds.
# At the end the sheet the device shows (the fold files' rounds and the
# game's) is every round of the evening as it closed, and on the host (the
# host tools run on CPython) the journal read back gives the same sheet as
# the whole evening replayed. Runs under pytest and on the MicroPython unix
# port at a Pico's heap (-X heapsize=190wK), where the evening is never held
# whole: it is played as it is made.
import gc
import json
import sys

try:
    import framebuf  # noqa: F401
except ImportError:
    from tileclock_host import shims
    shims.install()

from evenings import spellsport, speedscrabble, wordsport

from tileclock.script import format_action, load, new_game
from tileclock.store import journal as J
from tileclock.store import recover as R
from tileclock.store.fs import FS, crc32
from tileclock_host.boards.simboard import _temp_folder, remove_tree

# The whole evening is replayed and compared on the host only: held whole,
# 3,000 actions need more than a Pico-sized heap.
HOST = sys.implementation.name != "micropython"
SAME = ("game", "totals", "standings", "current", "fastest_win", "target", "winner", "rubber_winner",
        "pool_exact", "players")


def _lines(game):
    return [format_action(*a) for a in game.history]


def _digest(crc, value):
    # The CRC of `value` as JSON with sorted keys: a round read back from a
    # fold file and one made in RAM are the same whatever order MicroPython's
    # dicts keep. Taken a piece at a time: a round's JSON in one string is a
    # block of 1.5 KB, which a fragmented Pico-sized heap may not have.
    if isinstance(value, dict):
        crc = crc32(b"{", crc)
        first = True
        for k in sorted(value):
            crc = crc32((("" if first else ",") + json.dumps(k) + ":").encode(), crc)
            crc = _digest(crc, value[k])
            first = False
        return crc32(b"}", crc)
    if isinstance(value, (list, tuple)):
        crc = crc32(b"[", crc)
        for i in range(len(value)):
            if i:
                crc = crc32(b",", crc)
            crc = _digest(crc, value[i])
        return crc32(b"]", crc)
    return crc32(json.dumps(value).encode(), crc)


class Table:
    """The box: plays each action as the app does, cuts the power at every
    close and `mid` actions into every round, and resumes."""

    def __init__(self, kind, root, mid=8):
        self.root = root
        self.mid = mid
        self.journal = J.Journal(root, FS())
        R.recover(self.journal)
        self.journal.start(kind)
        self.game = new_game(kind)
        self.resumes = 0
        self.longest = 0
        self.since_rest = 0
        self.closed = 0         # CRC of every round the game closed, as it closed
        self.last = None
        self.count = 0
        self.whole = [] if HOST else None

    def __call__(self, action):
        game = self.game
        rest = game.at_rest()
        game.do(*action)
        self.journal.record(game)
        self.count += 1
        if self.whole is not None:
            self.whole.append(action)
        self.since_rest = 0 if game.at_rest() else self.since_rest + 1
        closed = not rest and game.at_rest()
        if closed:
            rounds = game.sheet()["rounds"]
            if rounds and rounds[-1] != self.last:      # (a held count-in closes none)
                if self.last is not None and rounds[-1]["number"] <= self.last["number"]:
                    self.closed = 0     # a new match: the sheet starts again
                self.closed = _digest(self.closed, rounds[-1])
                self.last = rounds[-1]
        if game.foldable():
            self.game = self.journal.fold(game)
        if closed or self.since_rest == self.mid:
            self.cut()

    def cut(self):
        expected = _lines(self.game)
        sheet = self.game.sheet()
        self.game = self.journal = None
        gc.collect()
        self.journal = J.Journal(self.root, FS())
        self.game, problems = R.resume(self.journal)
        assert problems == [], problems
        assert _lines(self.game) == expected
        assert self.game.sheet() == sheet
        self.resumes += 1
        self.longest = max(self.longest, len(expected))


def _evening(make, least_resumes, *args):
    root = _temp_folder()
    try:
        table = Table(make.__name__, root)
        kind = make(*args, sink=table)[0]
        # the device's sheet (ui/sheet.py): the fold files' rounds of this
        # match, then the game's
        from tileclock.ui.sheet import Rounds
        rounds = Rounds(table.journal, table.game, table.game.sheet()["rounds"])
        shown = 0
        for rnd in rounds.each(0, len(rounds)):
            shown = _digest(shown, rnd)
        assert shown == table.closed
        assert table.resumes >= least_resumes, table.resumes
        if HOST:
            whole = new_game(kind)
            for action in table.whole:
                whole.do(*action)
            kind, lines, problems = J.read_journal(root + "/journal")
            assert problems == [] and len(lines) == len(table.whole)
            back = load(["game " + kind] + lines).sheet()
            assert back == whole.sheet()
            for key in SAME:
                assert table.game.sheet().get(key) == back.get(key), key
        return table
    finally:
        remove_tree(root)


def test_a_word_sport_evening_of_3000_actions_resumes_at_every_close_and_mid_round():
    table = _evening(wordsport, 100, 3000, 8)
    assert table.count >= 3000
    # a resume replays the last closed round and the one in play, at most
    assert table.longest < 160, table.longest


def test_a_speed_scrabble_match_of_3000_actions_resumes_everywhere():
    table = _evening(speedscrabble, 100, 3000, 4)
    assert table.count >= 3000


def test_a_spell_sport_rubber_of_20_games_resumes_everywhere():
    table = _evening(spellsport, 40, 20)
    assert table.closed != 0
