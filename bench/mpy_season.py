# A season of club evenings on one Pico's flash, on MicroPython's own
# LittleFS 2 (vfs.VfsLfs2 as the rp2 port mounts it: 352 blocks of 4 KB,
# bench/flashimage.py), beside the .mpy files `tileclock deploy` copies:
#   - twenty Word-Sport evenings of 30 rounds of eight players (1,030-odd
#     actions each), journalled as the app journals them (every action, a
#     fold at every close that allows one), each started as the app starts
#     a new evening (Journal.start: the last one archived in games/ as one
#     file, games/ pruned by the room left);
#   - then one evening of 3,000 actions, and 26 more of 30 rounds, by
#     when games/ holds more than the flash can keep;
#   - after every evening, and every 500 actions of the long one, the power
#     cut: the file system mounted afresh and the evening resumed from the
#     flash alone (recover.resume), its game compared with the one played.
# Prints the blocks used after each evening, the finished evenings kept, the
# files in journal/ at the end, the actions lost (budget 0), and how long
# the boot's recovery took in file reads.
#     micropython -X heapsize=190wK bench/mpy_season.py --mpy DIR
# TILECLOCK_BENCH_QUICK=1 (tests/host/test_bench.py): three evenings of
# eight rounds, then one of 600 actions.
import gc
import os
import sys

sys.path.insert(0, "firmware")
sys.path.insert(0, "tests/firmware")

import budgets  # noqa: E402
from deployed import mpy_dir  # noqa: E402
from evenings import JOURNAL_KIND, journal_evening  # noqa: E402
from flashimage import BLOCK, BLOCKS, Flash, flash_path  # noqa: E402

from tileclock.script import format_action, new_game  # noqa: E402
from tileclock.store.fs import FS  # noqa: E402
from tileclock.store.journal import Journal  # noqa: E402
from tileclock.store import recover as R  # noqa: E402

QUICK = bool(os.getenv("TILECLOCK_BENCH_QUICK"))
EVENINGS = 3 if QUICK else 20
EVENING = 246 if QUICK else 1032    # actions: 8 (30) rounds of evenings.journal_evening for eight
LONG = 600 if QUICK else 3000
CUT_EVERY = 200 if QUICK else 500
MORE = 2 if QUICK else 26          # evenings after the long one: games/ fills, and is pruned
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
        self.lost = 0
        self.cuts = 0
        self.most_files = 0
        self.notices = 0

    def mount(self):
        self.fs = self.vfs.VfsLfs2(self.flash, progsize=256)
        self.vfs.mount(self.fs, MOUNT)

    def cut(self):
        """The power cut: nothing the journal holds in RAM survives."""
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

    def resumed(self, played):
        """Cut, resume from the flash alone, compare with the game played:
        the resumed game (a new Journal on it) or the one played."""
        self.cut()
        journal = Journal(MOUNT, FS())
        game, problems = R.resume(journal)
        for problem in problems:
            if problem.startswith("flash full"):
                self.notices += 1
            else:
                print("  problem at resume: %s" % problem)
        if game is None or _lines(game) != _lines(played):
            self.lost += 1
            print("  LOST: the resumed game is not the one played (%s actions against %d)"
                  % ("no" if game is None else len(game.history), len(played.history)))
            return journal, played
        return journal, game

    def evening(self, journal, actions):
        """One evening of Word-Sport for eight, of `actions` actions and the
        round they end in; cut and resumed every CUT_EVERY actions and at
        its end. Returns the journal, the actions and the rounds closed."""
        journal.start(JOURNAL_KIND)
        game = [new_game(JOURNAL_KIND)]
        box = [journal]
        count = [0]
        closes = [0]

        def play(action):
            g = game[0]
            g.do(*action)
            box[0].record(g)
            if g.foldable():
                g = box[0].fold(g)
            if box[0].notice:
                self.notices += 1
                box[0].notice = ""
            game[0] = g
            count[0] += 1
            if action[1] == "close":
                closes[0] += 1
            if count[0] % CUT_EVERY == 0:
                box[0], game[0] = self.resumed(g)
                self.most_files = max(self.most_files, len(self.journal_files()))

        journal_evening(actions=actions, players=8, start=0, sink=play)
        box[0], game[0] = self.resumed(game[0])
        self.most_files = max(self.most_files, len(self.journal_files()))
        return box[0], count[0], closes[0]


def _lines(game):
    return [format_action(*a) for a in game.history]


def main():
    flash = Flash(BLOCKS, flash_path())
    try:
        run(flash)
    finally:
        try:
            import vfs
            vfs.umount(MOUNT)
        except OSError:
            pass
        flash.close()


def run(flash):
    season = Season(flash)
    print("A season on one Pico's flash: %d blocks of %d bytes (LittleFS 2), the deployed .mpy files"
          " taking %d" % (BLOCKS, BLOCK, season.code_blocks))
    journal = Journal(MOUNT, FS())
    R.resume(journal)
    total = 0
    for number in range(1, EVENINGS + 1):
        journal, actions, closes = season.evening(journal, EVENING)
        total += actions
        gc.collect()
        print("  evening %2d: %4d actions, %2d rounds; blocks used %3d of %d; finished evenings kept %2d;"
              " journal/ %d files" % (number, actions, closes, season.used(), BLOCKS, len(season.archived()),
                                      len(season.journal_files())))
    journal, actions, closes = season.evening(journal, LONG)
    total += actions
    files = season.journal_files()
    print("  the long evening: %d actions, %d rounds; blocks used %d of %d; finished evenings kept %d"
          % (actions, closes, season.used(), BLOCKS, len(season.archived())))
    print("  journal/ at its end: %d files: %s" % (len(files), ", ".join(
        "%s %d B" % (name, os.stat(MOUNT + "/journal/" + name)[6]) for name in files)))
    print("  games/ at the end: %d B in all" % sum(os.stat(MOUNT + "/games/" + name)[6] for name in season.archived()))
    print("  games/ at the end: %s" % " ".join(season.archived()))
    # and the season goes on: the room left decides what games/ keeps
    for number in range(EVENINGS + 1, EVENINGS + 1 + MORE):
        journal, actions, closes = season.evening(journal, EVENING)
        total += actions
        gc.collect()
        print("  evening %2d: %4d actions, %2d rounds; blocks used %3d of %d; finished evenings kept %2d (%s to %s)"
              % (number, actions, closes, season.used(), BLOCKS, len(season.archived()),
                 season.archived()[0][:4], season.archived()[-1][:4]))
    print("  %d actions in all, %d power cuts resumed, %d with a game other than the one played;"
          " 'flash full' said %d times" % (total, season.cuts, season.lost, season.notices))
    budgets.check("season.lost", season.lost)
    budgets.check("season.journal_files", season.most_files)
    budgets.done()


main()
