# The terminal's text view (what `make sim` shows a newcomer in 80x24)
# against what the screens drew: every script of tests/sim/ played, and at
# every screen change, shot and new message the display read back from the
# panel's pixels (screentext, the text view) and kept from the draw calls
# (textlayer), line for line. The scripts of the docs' pictures are played
# as docimages plays them (with players' names), and every picture of
# docs/images made from a sim script is among the screens compared.
import os

import pytest
import textlayer

from tileclock_host.sim import docimages
from tileclock_host.sim.script import Runner, parse, read_lines
from tileclock_host.sim.terminal import format_text, render_text

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPTS = sorted(name for name in os.listdir(os.path.join(ROOT, "tests", "sim")) if name.endswith(".txt"))
PICTURES = dict(docimages.pictures())      # script -> {shot: picture}


class Watcher(Runner):
    def __init__(self, script, wanted):
        self.wanted = dict(wanted)
        self.differences = []
        self.checked = 0
        self._banner = ""
        script.shots_on_change = True
        super().__init__(script, None)

    def check(self, why):
        self.checked += 1
        shown = render_text(self.board.frame())
        drawn = format_text(textlayer.layer_of(self.board.display).lines())
        if shown != drawn:
            self.differences.append("%s at %d ms:\n  text view: %s\n  drawn:     %s" % (
                why, self.elapsed, [line.rstrip() for line in shown if line.strip()],
                [line.rstrip() for line in drawn if line.strip()]))

    def shot(self, name):
        picture = self.wanted.pop(name, None)
        self.check(name if picture is None else "docs/images/%s.png" % picture)

    def _after_pass(self):
        super()._after_pass()
        banner = self.app.manager.banner_text()
        if banner != self._banner:
            self._banner = banner
            if banner:
                self.check("message %r" % banner)


def test_every_docs_picture_comes_from_a_script_played_here():
    assert set(PICTURES) <= set(SCRIPTS)
    assert sum(len(wanted) for wanted in PICTURES.values()) >= 40


@pytest.mark.parametrize("name", SCRIPTS)
def test_the_text_view_reads_every_screen_of_the_sim_scripts_as_drawn(name):
    # (sheet_home.txt's "game on: 2 again to change Game" has a line as wide
    # as the message box, its frame touching the first and last letters)
    script = parse(read_lines(os.path.join(ROOT, "tests", "sim", name)))
    wanted = PICTURES.get(name, {})
    if wanted and "names" not in script.settings:
        script.settings["names"] = list(docimages.NAMES)
    with textlayer.recording():
        watcher = Watcher(script, wanted)
        watcher.run()
    assert not watcher.wanted, "never shot: %s" % sorted(watcher.wanted)
    assert watcher.checked >= 3
    assert not watcher.differences, "\n".join(watcher.differences)
