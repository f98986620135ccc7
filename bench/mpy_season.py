# A season of club evenings on one Pico's flash, on MicroPython's own
# LittleFS 2 (vfs.VfsLfs2 as the rp2 port mounts it: 352 blocks of 4 KB,
# bench/flashimage.py), beside the .mpy files `tileclock deploy` copies:
#   - twenty Word-Sport evenings of 30 rounds of eight players (1,030-odd
#     actions each), journalled as the app journals them (every action, a
#     fold at every close that allows one), each started as the app starts
#     a new evening (Journal.start: the last one archived in games/ as one
#     file, games/ pruned by the room left);
#   - then one evening of 3,000 actions, and 30 longer ones, of 45 rounds
#     (1,550-odd actions), by when games/ holds more than the flash can
#     keep and has been pruned at every start for a while;
#   - every 500 actions a power cut, by turns clean (between two writes:
#     the file system mounted afresh) and torn: the flash armed to cut a
#     few operations later, in the middle of a program or an erase (the
#     first bytes or pages of it done, bench/flashimage.py); every other
#     evening's start torn so too (the archive, the switch, the prune); and
#     a clean cut at each evening's end. After each the evening is resumed
#     from the flash alone (recover.resume) and compared with the one
#     played: it must hold every action done before the cut (the one in
#     flight may be lost: it is done again), and each finished evening's
#     file every action of its evening.
# Prints the blocks used after each evening, the finished evenings kept,
# the free figure at each prune (FS.free, and statvfs's own count), the
# files in journal/, the actions lost (budget 0).
#     micropython -X heapsize=190wK bench/mpy_season.py --mpy DIR
# TILECLOCK_BENCH_QUICK=1 (tests/host/test_bench.py): three evenings of
# eight rounds, one of 600 actions, four of twelve rounds, on a flash of
# 200 blocks (so that games/ is pruned within them), a cut every 150.
import gc
import os
import sys

sys.path.insert(0, "firmware")
sys.path.insert(0, "tests/firmware")

import budgets  # noqa: E402
from deployed import mpy_dir  # noqa: E402
from evenings import JOURNAL_KIND, Dice, journal_evening  # noqa: E402
from flashimage import BLOCK, BLOCKS, Flash, PowerCut, flash_path  # noqa: E402

from tileclock.script import format_action, new_game  # noqa: E402
from tileclock.store import archive  # noqa: E402
from tileclock.store import recover as R  # noqa: E402
from tileclock.store.fs import FS  # noqa: E402
from tileclock.store.journal import Journal  # noqa: E402

QUICK = bool(os.getenv("TILECLOCK_BENCH_QUICK"))
EVENINGS = 3 if QUICK else 20
EVENING = 246 if QUICK else 1032    # actions: 8 (30) rounds of evenings.journal_evening for eight
LONG = 600 if QUICK else 3000
MORE = 4 if QUICK else 30           # longer evenings after the long one: games/ fills, and is pruned
LONGER = 370 if QUICK else 1548     # 12 (45) rounds
CUT_EVERY = 150 if QUICK else 500
FLASH_BLOCKS = 200 if QUICK else BLOCKS
MOUNT = "/lfs"


def _is_dir(path):
    return os.stat(path)[0] & 0o170000 == 0o040000


def _copy_tree(source, target):
    # the deployed files, as `tileclock deploy` lays them out on the board
    for name in os.listdir(source):
        here, there = source + "/" + name, target + "/" + name
        if _is_dir(here):
            os.mkdir(there)
            _copy_tree(here, there)
        else:
            with open(here, "rb") as f, open(there, "wb") as g:
                while True:
                    piece = f.read(512)
                    if not piece:
                        break
                    g.write(piece)


def _lines(game):
    return [format_action(*a) for a in game.history] if game is not None else []


def _shown(free):
    return "one that can't be true" if free < 0 else "%d KB" % (free // 1024)


def _prefix(a, b):
    n = 0
    while n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    return n


class Season:
    def __init__(self, flash):
        import vfs
        self.vfs = vfs
        self.flash = flash
        flash.reset()
        vfs.VfsLfs2.mkfs(flash, progsize=256)
        self.mount()
        _copy_tree(mpy_dir("mpy_season.py"), MOUNT)
        with open("firmware/main.py", "rb") as f, open(MOUNT + "/main.py", "wb") as g:
            g.write(f.read())
        self.code_blocks = self.used()
        self.dice = Dice(36)
        self.lost = 0           # cuts after which the game was not the one played
        self.actions_lost = 0   # actions done before a cut and missing after it (or from their archive)
        self.cuts = 0
        self.torn = 0           # ... of them torn mid-operation
        self.redone = 0         # actions in flight at a torn cut, lost, done again
        self.most_files = 0
        self.notices = 0
        self.problems = {}      # what the resumes said, by its words before the first digit
        self.prunes = []        # (evening, free before, statvfs free blocks, removed, kept, free after)
        self.number = 0         # the evening being played
        self.played = 0         # its actions so far

    def mount(self):
        self.fs = self.vfs.VfsLfs2(self.flash, progsize=256)
        self.vfs.mount(self.fs, MOUNT)

    def reboot(self):
        """The power back on after a cut: nothing the journal held in RAM
        survives; the file system mounted afresh from the flash."""
        self.flash.power_on()
        self.vfs.umount(MOUNT)
        self.mount()
        self.cuts += 1

    def used(self):
        s = os.statvfs(MOUNT)
        return s[2] - s[3]

    def journal_files(self):
        return sorted(os.listdir(MOUNT + "/journal"))

    def archived(self):
        try:
            return sorted(os.listdir(MOUNT + "/games"))
        except OSError:
            return []

    def resume(self):
        """A new Journal on the flash and the game it resumes."""
        journal = Journal(MOUNT, FS())
        game, problems = R.resume(journal)
        for problem in problems:
            if problem.startswith("flash full"):
                self.notices += 1
            else:
                key = problem
                for i in range(len(problem)):
                    if problem[i] in "0123456789":
                        key = problem[:i]
                        break
                self.problems[key] = self.problems.get(key, 0) + 1
        return journal, game

    def compare(self, game, played, before):
        """A resumed `game` against the one `played` (its first `before`
        actions done before the cut, the rest in flight): True if it holds
        them all. What it lacks is counted lost."""
        got = _lines(game)
        want = _lines(played)
        if got == want or got == want[:before]:
            return True
        if played.foldable() and got == _lines(played.folded()[0]):
            return True
        self.lost += 1
        self.actions_lost += max(before - _prefix(got, want), 1)
        print("  LOST at evening %d, action %d: the resumed game is not the one played (%d actions against %d)"
              % (self.number, self.played, len(got), len(want)))
        return False

    def start(self, journal, torn):
        """A new evening (the last one archived, games/ pruned), its start
        torn mid-operation if `torn`: then resumed, and started again if the
        old evening came back. The evening archived must hold every action."""
        finished = self.played if journal.kind is not None else 0
        if torn:
            self.flash.arm(self.dice.roll(60), self.dice.roll(1000))
        try:
            journal.start(JOURNAL_KIND)
        except PowerCut:
            self.torn += 1
            self.reboot()
            journal, game = self.resume()
            if game is not None and game.history:
                journal.start(JOURNAL_KIND)     # the switch had not begun: again
        self.flash.power_on()
        if finished:
            self.check_archive(finished)
        return journal

    def check_archive(self, actions):
        # the newest finished evening holds every action of its evening
        kept = archive.archives(FS(), MOUNT)
        name = kept[-1][1] if kept else None
        count = -3      # its header, `game KIND`, its end line
        if name is not None and name.endswith(".txt"):
            with open(MOUNT + "/games/" + name, "rb") as f:
                while f.readline(256):
                    count += 1
        if count != actions:
            self.actions_lost += max(actions - count, 1)
            print("  LOST: evening %d archived as %s with %d actions of %d" % (self.number, name, count, actions))

    def evening(self, journal, actions):
        """One evening of Word-Sport for eight, of `actions` actions and the
        round they end in: a cut every CUT_EVERY actions (clean and torn by
        turns) and a clean one at its end. Returns the journal, the actions
        and the rounds closed."""
        self.number += 1
        journal = self.start(journal, self.number % 2 == 0)
        self.played = 0
        box = [journal, new_game(JOURNAL_KIND)]
        closes = [0]

        def play(action):
            g = box[1]
            before = len(g.history)
            g.do(*action)
            try:
                box[0].record(g)
                if g.foldable():
                    box[1] = box[0].fold(g)
            except PowerCut:
                self.torn += 1
                self.reboot()
                box[0], back = self.resume()
                if not self.compare(back, g, before):
                    back = g        # (go on with the game played)
                elif len(back.history) == before:
                    self.redone += 1    # the action in flight, lost: done again
                    back.do(*action)
                    box[0].record(back)
                if back.foldable():
                    back = box[0].fold(back)
                box[1] = back
            if box[0].notice:
                self.notices += 1
                box[0].notice = ""
            self.played += 1
            if action[1] == "close":
                closes[0] += 1
            if self.played % CUT_EVERY == 0:
                if self.played // CUT_EVERY % 2:
                    self.flash.arm(self.dice.roll(40), self.dice.roll(1000))
                else:
                    self.clean_cut(box)

        journal_evening(actions=actions, players=8, start=0, sink=play)
        self.clean_cut(box)
        return box[0], self.played, closes[0]

    def clean_cut(self, box):
        """Any armed cut called off; the power cut between two writes; the
        evening resumed from the flash alone."""
        self.flash.power_on()
        self.reboot()
        journal, game = self.resume()
        if self.compare(game, box[1], len(box[1].history)):
            box[0], box[1] = journal, game
        else:
            box[0] = journal
        self.most_files = max(self.most_files, len(self.journal_files()))


def main():
    flash = Flash(FLASH_BLOCKS, flash_path())
    try:
        run(flash)
    finally:
        try:
            import vfs
            vfs.umount(MOUNT)
        except OSError:
            pass
        flash.close()


def watch_prunes(season):
    """Each prune's figures in season.prunes: the free figure it decides
    on (FS.free: bytes, or -1 for a count that can't be true), statvfs's
    own count of free blocks, the evenings it removed and those kept.
    (archive.switch looks its prune up in the module: this one is called
    instead.)"""
    prune = archive.prune

    def watched(journal):
        fs = journal.fs
        before = len(archive.archives(fs, journal.root))
        free = fs.free(journal.root)
        blocks = os.statvfs(journal.root)[3]
        prune(journal)
        kept = len(archive.archives(fs, journal.root))
        season.prunes.append((season.number, free, blocks, before - kept, kept, fs.free(journal.root)))
    archive.prune = watched


def run(flash):
    season = Season(flash)
    watch_prunes(season)
    print("A season on one Pico's flash: %d blocks of %d bytes (LittleFS 2), the deployed .mpy files"
          " taking %d" % (FLASH_BLOCKS, BLOCK, season.code_blocks))
    journal, _game = season.resume()
    total = 0
    for number in range(1, EVENINGS + 1):
        journal, actions, closes = season.evening(journal, EVENING)
        total += actions
        gc.collect()
        print("  evening %2d: %4d actions, %2d rounds; blocks used %3d of %d; finished evenings kept %2d;"
              " journal/ %d files" % (number, actions, closes, season.used(), FLASH_BLOCKS, len(season.archived()),
                                      len(season.journal_files())))
    journal, actions, closes = season.evening(journal, LONG)
    total += actions
    files = season.journal_files()
    print("  the long evening: %d actions, %d rounds; blocks used %d of %d; finished evenings kept %d"
          % (actions, closes, season.used(), FLASH_BLOCKS, len(season.archived())))
    print("  journal/ at its end: %d files: %s" % (len(files), ", ".join(
        "%s %d B" % (name, os.stat(MOUNT + "/journal/" + name)[6]) for name in files)))
    print("  games/ at the end: %d B in all" % sum(os.stat(MOUNT + "/games/" + name)[6] for name in season.archived()))
    # and the season goes on, longer evenings: the room left decides what games/ keeps
    for number in range(EVENINGS + 2, EVENINGS + 2 + MORE):
        journal, actions, closes = season.evening(journal, LONGER)
        total += actions
        gc.collect()
        kept = season.archived()
        print("  evening %2d: %4d actions, %2d rounds; blocks used %3d of %d; finished evenings kept %2d (%s to %s)"
              % (number, actions, closes, season.used(), FLASH_BLOCKS, len(kept), kept[0][:4], kept[-1][:4]))
    removing = [p for p in season.prunes if p[3]]
    unsure = [p for p in season.prunes if p[1] is not None and p[1] < 0]
    print("  prunes that removed evenings: %d, at the start of evenings %d to %d; the free figure each time:"
          % (len(removing), removing[0][0] if removing else 0, removing[-1][0] if removing else 0))
    for evening, free, blocks, removed, kept, after in removing:
        print("    evening %2d: free %s (statvfs: %d blocks), %d removed, %d kept; then free %s"
              % (evening, _shown(free), blocks, removed, kept, _shown(after)))
    print("  free figures that could not be true (nothing pruned on them): %d of %d prunes"
          % (len(unsure), len(season.prunes)))
    print("  %d actions in all; %d power cuts resumed, %d of them torn mid-operation (%d in flight lost and"
          " done again); %d with a game other than the one played; actions lost: %d; 'flash full' said %d times"
          % (total, season.cuts, season.torn, season.redone, season.lost, season.actions_lost, season.notices))
    print("  what the resumes said: %s" % ("; ".join("%s x%d" % (k.strip(), n) for k, n in
                                                   sorted(season.problems.items())) or "nothing"))
    budgets.check("season.lost", season.lost)
    budgets.check("season.actions_lost", season.actions_lost)
    budgets.check("season.journal_files", season.most_files)
    budgets.check_at_least("season.torn_cuts", season.torn)
    budgets.check_at_least("season.prunes", len(removing))
    budgets.done()


main()
