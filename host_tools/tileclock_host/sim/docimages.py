# The screen pictures of docs/device.md and docs/power.md (docs/images/*.png), shot while the
# sim scripts of tests/sim/ are played with players' names. Run it after changing a screen, then look at the pictures:
#     python -m tileclock_host.sim.docimages [DIR]      (default docs/images)
import os
import sys

from tileclock_host import shims

shims.install()

from tileclock_host.frames import frame_to_png  # noqa: E402
from tileclock_host.sim.script import Runner, parse, read_lines  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
NAMES = ["ANN", "BOB", "CY", "DEE"]

# script in tests/sim/ -> {shot name in the script: picture}; a screen's
# class name is the shot made when it first shows (the scripts say
# `shots changes`). The screens every game shares; each game's own are in
# its about.py (PICTURES), added in pictures().
SHARED = (
    ("wordsport_game.txt", {
        "Home": "home",
        "sheet_1": "sheet-totals",
        "sheet_2": "sheet-rounds",
        "sheet_3": "sheet-round",
    }),
    ("names.txt", {
        "names": "names",
        "name-edit": "name-edit",
    }),
    ("sheet_home.txt", {
        "home_with_game": "home-game",
    }),
    ("battery_low.txt", {
        "home-battery": "battery-home",
        "ready-battery": "battery-ready",
        "low-warning": "battery-low",
    }),
    ("sleep_home.txt", {
        "dimmed": "dimmed",
    }),
    ("undo_seat2.txt", {
        "seat2_held": "hold-undo",
        "seat2_undone": "hold-undone",
    }),
    ("last_calls.txt", {
        "calls": "last-calls",
        "moved": "last-calls-moved",
    }),
    ("standings_eight.txt", {
        "ready_page_2": "standings-ready",
        "menu_standings": "standings-menu",
        "standings_1": "standings-sheet",
    }),
    ("rename.txt", {
        "rename": "rename",
        "renamed": "renamed",
        "joined": "joined",
    }),
)


def pictures():
    """[(script, {shot: picture})]: the shared ones and every game's, one
    entry a script (a game's shots of a shared script join its entry)."""
    from tileclock_host import registry
    out = [(script, dict(wanted)) for script, wanted in SHARED]
    for kind in registry.KINDS:
        for script, wanted in registry.about(kind).PICTURES.items():
            for known, have in out:
                if known == script:
                    have.update(wanted)
                    break
            else:
                out.append((script, dict(wanted)))
    return out


class Shooter(Runner):
    """A Runner that saves the wanted shots (the first of each name) as
    PICTURE.png in `folder`."""

    def __init__(self, script, wanted, folder):
        self.wanted = dict(wanted)
        self.folder = folder
        self.saved = []
        script.shots_on_change = True
        super().__init__(script, None)

    def shot(self, name):
        picture = self.wanted.pop(name, None)
        if picture is None:
            return
        frame_to_png(self.board.frame(), os.path.join(self.folder, picture + ".png"),
                     contrast=self.board.panel.contrast)
        self.saved.append(picture)


def _play(script, wanted, folder):
    if "names" not in script.settings:      # a script may set its own
        script.settings["names"] = list(NAMES)
    shooter = Shooter(script, wanted, folder)
    shooter.run()
    if shooter.wanted:
        raise RuntimeError("never shot: %s" % sorted(shooter.wanted))
    return shooter.saved


def label_pictures(folder):
    """The seat labels' page (tileclock labels, four seats) as a picture,
    drawn from the PDF by PDFium at 100 dpi."""
    import tempfile

    import pypdfium2

    from tileclock_host import seatlabels
    with tempfile.TemporaryDirectory() as tmp:
        pdf = os.path.join(tmp, "labels.pdf")
        seatlabels.render(pdf, 4)
        doc = pypdfium2.PdfDocument(pdf)
        try:
            picture = doc[0].render(scale=100 / 72.0, grayscale=True).to_pil()
        finally:
            doc.close()
    # the labels, not the empty half of the page under them
    box = picture.convert("L").point(lambda v: 255 if v < 200 else 0).getbbox()
    picture.crop((0, 0, picture.size[0], min(picture.size[1], box[3] + 20))).save(
        os.path.join(folder, "seat-labels.png"))
    return ["seat-labels"]


def circuitpython_pictures(folder):
    """The first screen of the CircuitPython board in play and in edit mode
    (docs/circuitpython.md), drawn by that board on CPython (cpboard.py)."""
    from tileclock_host.boards import cpboard
    from tileclock_cp.splash import show_mode
    saved = []
    for readonly, picture in ((False, "circuitpython-play"), (True, "circuitpython-edit")):
        board = cpboard.CircuitPythonSimBoard(readonly=readonly)
        try:
            show_mode(board)
            frame_to_png(board.frame(), os.path.join(folder, picture + ".png"))
        finally:
            board.close()
        saved.append(picture)
    return saved


def make(folder):
    """Write every picture into `folder`; returns their names."""
    saved = []
    for name, wanted in pictures():
        script = parse(read_lines(os.path.join(ROOT, "tests", "sim", name)))
        saved += _play(script, wanted, folder)
    return saved + circuitpython_pictures(folder) + label_pictures(folder)


def main(argv):
    import argparse
    parser = argparse.ArgumentParser(description="Remake the device pictures of docs/device.md (by playing "
                                     "the scripts of tests/sim/) and docs/circuitpython.md.")
    parser.add_argument("folder", nargs="?", default=os.path.join(ROOT, "docs", "images"),
                        help="where the PNG files go (default docs/images)")
    folder = parser.parse_args(argv).folder
    os.makedirs(folder, exist_ok=True)
    for name in make(folder):
        print(os.path.join(folder, name + ".png"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
