# What a new player met, played with button presses on the simulated device
# (the scripts in tests/sim/): the screen after an undo shows the engine's
# state in each game, undoing a close asks first, the score sheet goes back
# to the menu it was opened from, the home menu names the game it goes back
# to and asks before a new one. Each script's `expect` lines fail on the
# firmware before those fixes. And every screen says what its buttons do
# (Screen.keys()), from constant tuples.
import json
import os
import subprocess
import sys

import pytest

from tileclock_host import shims

shims.install()

from tileclock import games  # noqa: E402
from tileclock.ui import calls, form, gamemenu, home, live, menu, ready, screen as ui_screen, sheet  # noqa: E402
from tileclock.ui import names as names_ui  # noqa: E402
from tileclock_host import registry  # noqa: E402
from tileclock_host.frames import frame_to_png  # noqa: E402
from tileclock_host.sim import screentext  # noqa: E402
from tileclock_host.sim.script import Runner, parse, read_lines  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIM = os.path.join(ROOT, "tests", "sim")
UX_SCRIPTS = ("undo_wordsport.txt", "undo_seat2.txt", "standings_eight.txt", "undo_speedscrabble.txt", "undo_spellsport.txt", "undo_tilerush.txt",
              "undo_boardclock.txt", "sheet_home.txt")


def play(name, out):
    script = parse(read_lines(os.path.join(SIM, name)))
    summary = Runner(script, str(out), save_png=frame_to_png).run()
    assert summary["failures"] == [], summary["failures"]
    assert summary["errors"] == 0
    with open(os.path.join(str(out), "sheet.json")) as f:
        sheet = json.load(f)
    with open(os.path.join(str(out), "log.txt")) as f:
        log = f.read()
    return sheet, log


@pytest.mark.parametrize("name", UX_SCRIPTS)
def test_the_ux_scripts_expect_what_the_players_see(name, tmp_path):
    play(name, tmp_path)


def test_the_round_closes_with_the_entries_the_undo_left(tmp_path):
    sheet, log = play("undo_wordsport.txt", tmp_path)
    rows = {row["name"]: row for row in sheet["rounds"][0]["rows"]}
    assert rows["P2"]["sevens"] == 1           # two, one undone
    assert rows["P3"]["unused"] == 2           # three, one undone
    assert sheet["rounds"][0]["winner"] == "P2"
    assert "banner undone: sevens" in log and "banner undone: unused" in log


def test_a_close_undone_only_at_the_second_long_press(tmp_path):
    sheet, log = play("sheet_home.txt", tmp_path)
    lines = log.splitlines()
    asked = [i for i in range(len(lines)) if lines[i].endswith("banner undo the close? hold again")]
    done = [i for i in range(len(lines)) if lines[i].endswith("banner undone: close")]
    assert asked and done and asked[0] < done[0]
    # the new game at the end is Speed Scrabble's: the Word-Sport one was kept
    assert sheet is not None and "target" in sheet


def test_a_call_given_to_the_right_seat_later_makes_the_evening_the_right_presses_make(tmp_path, capsys):
    # last_calls.txt: a go and a finish pressed by seat 3 that were P4's,
    # each given to P4 on the Last calls screen, a power cut between the
    # wrong go and its correction; against the same script with seat 4
    # pressed and the correction's lines left out
    with open(os.path.join(SIM, "last_calls.txt"), encoding="utf-8") as f:
        text = f.read()
    right = []
    for line in text.splitlines():
        if "# correction" in line:
            continue
        if "wrong seat" in line or "that was P4's" in line:
            line = line.replace("press 3", "press 4")
        right.append(line)
    assert len(right) < len(text.splitlines()) - 20
    fixed_runner = Runner(parse(text.splitlines()), str(tmp_path / "fixed"))
    summary = fixed_runner.run()
    assert summary["failures"] == [] and summary["errors"] == 0, summary
    right_runner = Runner(parse(right), str(tmp_path / "right"))
    summary = right_runner.run()
    assert summary["failures"] == [] and summary["errors"] == 0, summary
    fixed, right_sheet = fixed_runner.sheet(), right_runner.sheet()
    assert fixed == right_sheet
    rows = {row["name"]: row for row in fixed["current"]["rows"]}
    assert rows["P4"]["place"] == 2 and rows["P3"]["finish_ms"] is None
    # the corrected game's actions, replayed on the host: the same sheet
    from tileclock.script import dump
    from tileclock_host import cli
    lines = dump(fixed_runner.app.game)
    assert [ln.split()[1:] for ln in lines if " go " in ln].count(["go", "4"]) == 1
    assert not [ln for ln in lines if ln.split()[1:] == ["out", "3"]]
    (tmp_path / "corrected.txt").write_text("\n".join(lines) + "\n")
    capsys.readouterr()
    assert cli.main(["replay", str(tmp_path / "corrected.txt")]) == 0
    assert json.loads(capsys.readouterr().out) == fixed


def test_the_ux_script_runs_the_same_on_micropython(tmp_path):
    # `expect text` reads the panel on the MicroPython unix port too
    script = os.path.join(SIM, "sheet_home.txt")
    result = subprocess.run([sys.executable, "-m", "tileclock_host", "sim", "--script", script, "--out",
                             str(tmp_path), "--micropython"], capture_output=True, text=True, cwd=ROOT,
                            timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr


def test_expect_text_reads_the_panel_and_fails_on_what_is_not_there(tmp_path):
    script = parse(["seats 4", "set game wordsport",
                    "0.5 expect text \"Start\"",          # under the cursor: dark on light
                    "+0 expect text \"Game Word-Sport\"",
                    "+0 expect text \"Continue\""])
    summary = Runner(script, None).run()
    assert len(summary["failures"]) == 1 and "'Continue'" in summary["failures"][0]


def test_the_hints_letters_read_back_as_drawn():
    import framebuf

    from tileclock.ui.hints import hint
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    keys = ("1/3 move", "2/4 +/-", "hold undo", "hold+ menu")
    hint(fb, keys, 20, 40)                 # two lines: the fourth key on the second
    lines = screentext.lines(buf)
    assert "1/3 MOVE 2/4 +/- HOLD UNDO" in lines and "HOLD+ MENU" in lines
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    hint(fb, keys)                     # one line only: the rest left off
    assert screentext.lines(buf) == ["1/3 MOVE 2/4 +/- HOLD UNDO"]


# -- keys() ------------------------------------------------------------------

_BASES = ("Screen", "Menu", "GameMenu", "Form", "Live", "Ready")



def _screen_classes():
    modules = [home, names_ui, sheet, calls] + [m for kind in registry.KINDS for m in registry.screen_modules(kind)]
    modules += [games.part(kind, "menu") for kind in games.KINDS]
    found = {}
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, ui_screen.Screen):
                found[value.__name__] = value
    for cls in (ui_screen.Screen, menu.Menu, gamemenu.GameMenu, form.Form, live.Live, ready.Ready):
        found[cls.__name__] = cls
    return found


def test_every_screen_class_keeps_its_keys_in_constant_tuples():
    for name, cls in _screen_classes().items():
        attrs = [a for a in dir(cls) if a.startswith("KEYS")]
        assert "KEYS" in attrs, name
        for attr in attrs:
            keys = getattr(cls, attr)
            assert isinstance(keys, tuple) and keys, (name, attr)
            for key in keys:
                assert isinstance(key, str) and 0 < len(key) <= 16, (name, attr, key)


class KeysChecker(Runner):
    """After every pass: the screen on show says what its buttons do, a
    tuple of short strings that is one of its class's tuples (asking
    builds nothing)."""

    def __init__(self, script, seen, problems):
        super().__init__(script, None)
        self.seen = seen
        self.problems = problems
        self._constants = {}        # class -> its KEYS tuples and its module's (looked up once)

    def _constant_keys(self, cls):
        constant = self._constants.get(cls)
        if constant is None:
            constant = [getattr(cls, a) for a in dir(cls) if a.startswith("KEYS")]
            module = sys.modules.get(cls.__module__)
            if module is not None:      # a game's shared ones (_PAUSED_KEYS)
                constant += [getattr(module, a) for a in dir(module) if "KEYS" in a]
            self._constants[cls] = constant
        return constant

    def _after_pass(self):
        super()._after_pass()
        scr = self.app.manager.screen
        cls = type(scr)
        keys = scr.keys()
        constant = self._constant_keys(cls)
        if not isinstance(keys, tuple) or not keys or not all(isinstance(k, str) for k in keys):
            self.problems.append("%s.keys() is %r" % (cls.__name__, keys))
        elif not any(keys is c for c in constant):
            self.problems.append("%s.keys() is not a constant of its class: %r" % (cls.__name__, keys))
        self.seen.setdefault(cls.__name__, set()).add(keys)


def test_every_screen_shown_says_what_its_buttons_do():
    seen = {}
    problems = []
    for name in sorted(os.listdir(SIM)):
        if name.endswith(".txt"):
            summary = KeysChecker(parse(read_lines(os.path.join(SIM, name))), seen, problems).run()
            assert summary["failures"] == [], name
    assert problems == []
    concrete = set(name for name in _screen_classes() if name not in _BASES)
    assert not concrete - set(seen), "never shown: %s" % sorted(concrete - set(seen))
    # a screen's keys follow what its buttons do now (the entries: on the
    # first field, on another, on CLOSE ROUND)
    assert len(seen["WsEntry"]) == 3 and len(seen["NameEdit"]) == 2 and len(seen["TrPlay"]) == 2
