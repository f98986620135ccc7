# Make samples/ again: a device's journal for each game, laid out as
# `tileclock pull` writes it, for the README's host examples to run on.
#
#   .venv/bin/python samples/make_samples.py
#
# Each game's own sim script (tests/sim/) is played on the simulated board
# with its flash kept (`tileclock sim --script FILE --out DIR --fs FLASH`):
# the firmware writes its journal there as it would on a Pico. The files
# `pull` copies off a board (settings.txt, journal/, journal.new/, games/)
# then go to samples/scores/sim-GAME/<when>/ with a pull.json listing each
# file's size and SHA-256, as pull writes it. Beside them: each evening as
# an action script (the journal's actions, for `tileclock replay`) and the
# referee's inputs (a Spell Sport game, a crossword) from tests/data/referee/.
#
# The journal names each evening with random digits, as a device does, so
# a new run gives other names (and a new <when>): the same evenings.
import datetime
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

from tileclock_host import registry
from tileclock_host.cmd_pull import PULL_FILES, PULL_FOLDERS
from tileclock_host.scores.evening import load_file
from tileclock_host.scores.journal import PULL_MANIFEST

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# game: its sim script, a whole evening from power-on (its about.py's DEMO)
GAMES = dict(registry.demos())
REFEREE = {  # samples/NAME: the file of tests/data/referee/ it copies
    "spellsport_board.txt": "sample_game.txt",
    "speedscrabble_grid.txt": "speed_take_two.txt",
    "wordsport_grid.txt": "wordsport_grids.txt",
}
SCORES = os.path.join(HERE, "scores")


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def play(script, flash, out):
    """The sim script on a board whose flash is the folder `flash`."""
    done = subprocess.run([sys.executable, "-m", "tileclock_host", "sim", "--script", script,
                           "--out", out, "--fs", flash], cwd=ROOT, capture_output=True, text=True)
    if done.returncode:
        sys.exit("%s: the sim script did not run as written:\n%s%s" % (script, done.stdout, done.stderr))


def pulled_files(flash):
    """What pull copies from a board's flash, as paths relative to it."""
    found = [name for name in PULL_FILES if os.path.isfile(os.path.join(flash, name))]
    for top in PULL_FOLDERS:
        for folder, dirs, names in os.walk(os.path.join(flash, top)):
            dirs.sort()
            found += sorted(os.path.relpath(os.path.join(folder, n), flash).replace(os.sep, "/")
                            for n in names)
    return found


def copy_as_pull(flash, device, stamp, pulled):
    """FLASH's files into scores/DEVICE/STAMP/ with pull.json, as pull lays them out."""
    folder = os.path.join(SCORES, device, stamp)
    files = []
    for rel in pulled_files(flash):
        source = os.path.join(flash, *rel.split("/"))
        dest = os.path.join(folder, *rel.split("/"))
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(source, dest)
        files.append({"path": rel, "size": os.path.getsize(source), "sha256": sha256(source)})
    manifest = {"device": device, "name": device, "port": None, "root": "/", "platform": "simulator",
                "pulled": pulled, "files": files}
    with open(os.path.join(folder, PULL_MANIFEST), "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
        f.write("\n")
    return folder


def main():
    now = datetime.datetime.now()
    stamp = now.strftime("%Y%m%d-%H%M%S")
    pulled = now.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    shutil.rmtree(SCORES, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="tileclock-samples-") as tmp:
        for game, script in GAMES.items():
            flash = os.path.join(tmp, game, "flash")
            play(os.path.join(ROOT, "tests", "sim", script), flash, os.path.join(tmp, game, "out"))
            folder = copy_as_pull(flash, "sim-" + game, stamp, pulled)
            (evening,) = load_file(folder)
            with open(os.path.join(HERE, game + ".txt"), "w", encoding="utf-8") as f:
                f.write("# The evening in scores/sim-%s/, as an action script (tests/sim/%s played on\n"
                        "# the simulator; samples/make_samples.py).\n" % (game, script))
                f.write("\n".join(evening.lines) + "\n")
            print("%s: %s, %d actions" % (os.path.relpath(folder, ROOT), game, len(evening.lines) - 1))
    for name, source in REFEREE.items():
        shutil.copyfile(os.path.join(ROOT, "tests", "data", "referee", source), os.path.join(HERE, name))
        print("samples/%s: tests/data/referee/%s" % (name, source))


if __name__ == "__main__":
    main()
