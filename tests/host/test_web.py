# The web page (web/, docs/web.md) in a real headless Chromium, the
# machine's own (Debian's chromium; TILECLOCK_CHROMIUM names another),
# driven by Playwright; the page built by `tileclock web` into a folder of
# the test run and served from localhost by its own server.
#
#   - it boots to the home menu, the canvas pixel for pixel the display
#     controller's RAM, and loads nothing from anywhere but its own folder;
#   - a Word-Sport round clicked at real time: the clock on the display
#     within a second of the wall clock, the prompts, the cues on Web Audio;
#   - whole games of each game at virtual time (the page's test hook runs a
#     sim script): every shot drawn on the canvas is the CPython simulator's
#     PNG of it, and the sheets are the same;
#   - a reload mid-round (a power cut) resumes paused with the same sheet,
#     and the exported evening replays on the host to the page's sheet;
#   - the power button, eight seats, the SH1106, a key held for a long press.
import base64
import io
import json
import os
import shutil
import subprocess
import sys
import threading
import time

import pytest
from PIL import Image

from tileclock_host import cmd_web, shims
from tileclock_host.frames import frame_to_png

shims.install()

from tileclock_host.sim.script import Runner, parse, read_lines  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIM = os.path.join(ROOT, "tests", "sim")
# Whole games, one a game (the simulator's own tests play them too)
GAMES = ("wordsport_game.txt", "speedscrabble_match.txt", "spellsport_sample.txt", "tilerush_game.txt",
         "boardclock_game.txt")
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# Every wait below is for the page's state; its bound is reached only when
# the page is broken, so as long as a busy machine could ever need.
WAIT_MS = 180000


def chromium():
    path = os.environ.get("TILECLOCK_CHROMIUM")
    for name in ((path,) if path else ("chromium", "chromium-browser", "google-chrome")):
        found = shutil.which(name)
        if found:
            return found
    pytest.fail("the web page's tests need Chromium: `make browser` installs Debian's as root, or "
                "sudo apt-get install chromium, or TILECLOCK_CHROMIUM=/path/to/chrome")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The page built into a folder of the run and served on localhost:
    (url, build folder, sizes)."""
    out = str(tmp_path_factory.mktemp("web") / "site")
    sizes = cmd_web.build(out)
    httpd = cmd_web.server(out)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield "http://127.0.0.1:%d/" % httpd.server_address[1], out, sizes
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS, headless=True)
        yield b
        b.close()


class Page:
    """One browser context (its own storage: a new box) on the page, the
    console and page errors kept, every request's URL."""

    def __init__(self, browser, url):
        self.context = browser.new_context(viewport={"width": 1100, "height": 760})
        self.context.set_default_timeout(WAIT_MS)
        self.page = self.context.new_page()
        self.url = url
        self.console = []
        self.errors = []
        self.requests = []
        self.page.on("console", lambda m: self.console.append("%s: %s" % (m.type, m.text)))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.goto(url)
        self.wait_booted()

    def wait_booted(self):
        self.page.wait_for_function("window.tileclock && window.tileclock.booted()"
                                    " && window.tileclock.figures.firstFrameMs !== null", timeout=WAIT_MS)
        self.settle()

    def settle(self, passes=3):
        """Until the page's loop has run `passes` more passes (what a press
        or a boot set going is drawn and sent): its state, not the clock."""
        done = self.js("window.tileclock.figures.passes")
        self.page.wait_for_function("(p) => window.tileclock.figures.passes >= p", arg=done + passes,
                                    timeout=WAIT_MS)

    def wait_for(self, condition):
        """Until the JavaScript `condition` on `s` (the page's state) holds."""
        self.page.wait_for_function("(() => { const s = window.tileclock.state(); return s && (%s); })()"
                                    % condition, timeout=WAIT_MS)
        return self.state()

    def js(self, expression, arg=None):
        if arg is None:
            return self.page.evaluate(expression)
        return self.page.evaluate(expression, arg)

    def state(self):
        return self.js("window.tileclock.state()")

    def click(self, seat, then=None):
        """A click on seat's button; with `then`, until the state says so."""
        self.page.click("#seat-%d" % seat)
        if then:
            return self.wait_for(then)
        self.settle()
        return self.state()

    def reload(self):
        self.page.reload()
        self.wait_booted()

    def canvas_is_the_glass(self):
        # the canvas as the browser encodes it (PNG), against the display
        # controller's RAM, taken together
        png, frame = self.js("[window.tileclock.pngOfCanvas(), window.tileclock.frame()]")
        return png_bits(png) == _hex_bits(frame)

    def close(self):
        assert not self.errors, self.errors
        state = self.state()
        assert state is None or state["errors"] == 0, state
        assert not [line for line in self.console if "Traceback" in line], self.console
        self.context.close()


def png_bits(data_url):
    """A canvas's PNG (a data: URL) as 64 rows of 128 lit (1) or dark (0)."""
    assert data_url.startswith("data:image/png;base64,")
    image = Image.open(io.BytesIO(base64.b64decode(data_url.split(",", 1)[1]))).convert("L")
    assert image.size == (128, 64), image.size
    return _bits(image, 1)


@pytest.fixture
def page(browser, site):
    p = Page(browser, site[0])
    yield p
    p.close()


def _seconds(clock):
    m, s = clock.split(":")
    return int(m) * 60 + int(s)


def test_the_page_boots_to_the_home_menu_and_loads_only_its_own_files(page, site):
    url, out, sizes = site
    state = page.state()
    assert state["screen"] == "Home" and state["game"] is None, state
    assert state["keys"] == ["1/3 move", "2 choose"]
    assert page.canvas_is_the_glass()
    lit = page.js("window.tileclock.canvas()")
    assert lit.strip("0"), "the canvas is dark"
    for request in page.requests:
        assert request.startswith(url) or request.startswith(("data:", "blob:")), request
    # the page's Python side is the firmware itself: files.json holds every
    # module of firmware/tileclock as it is
    with open(os.path.join(out, "files.json")) as f:
        files = json.load(f)["files"]
    count = 0
    for folder, _dirs, names in os.walk(os.path.join(ROOT, "firmware", "tileclock")):
        for name in names:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, os.path.join(ROOT, "firmware")).replace(os.sep, "/")
                with open(path, encoding="utf-8") as f:
                    assert files[cmd_web.FS_FIRMWARE + "/" + rel] == f.read(), rel
                count += 1
    assert count > 40
    figures = page.js("window.tileclock.figures")
    print("\nweb page: %d files, %.0f KB in all (%s); load to first frame %.0f ms (power-on %.0f ms)"
          % (len(sizes), sum(sizes.values()) / 1024,
             ", ".join("%s %.0f KB" % (n, s / 1024) for n, s in sizes.items()),
             figures["firstFrameMs"], figures["bootMs"]))


def _sounded(page, since):
    """The pitches Web Audio was given since `since` notes."""
    audio = page.js("({log: window.tileclock.audio.log, notes: window.tileclock.audio.notes})")
    return audio["log"][len(audio["log"]) - (audio["notes"] - since):]


def _a_tune_played_late_or_not(sounded, tune):
    # A pass that comes late skips the notes whose time is over (hal/
    # buzzer.py); a tune's first note sounds on the pass that starts it.
    rest = iter(tune)
    return bool(sounded) and sounded[0] == tune[0] and all(hz in rest for hz in sounded)


def test_a_word_sport_round_clicked_at_real_time(page):
    from tileclock import cues, sounds
    go = [hz for hz in sounds.TUNES[cues.GO][::2] if hz]
    take_one = [hz for hz in sounds.TUNES[cues.TAKE_ONE][::2] if hz]
    page.click(2, then="s.screen === 'WsReady'")    # Start (Word-Sport, the default game)
    notes = page.js("window.tileclock.audio.notes")
    t0 = time.monotonic()
    state = page.click(1, then="s.screen === 'WsPlay'")     # GO, between t0 and t1
    t1 = time.monotonic()
    assert state["prompt"] == "GO!" and state["cue"] == "GO", state
    for wait in (2.2, 4.6):
        # the page's own clock past the mark since GO, then the wall clock here
        page.wait_for("s.cue === 'GO' && s.cue_age_ms >= %d" % (wait * 1000))
        before = time.monotonic()
        state = page.state()
        now = time.monotonic()
        # the clock on the display against the time since GO sounded, both
        # read in one call of the page; and against the wall clock here,
        # read on either side of that call
        shown = _seconds(state["clock"])
        assert state["cue"] == "GO", state
        assert abs(shown - state["cue_age_ms"] / 1000) <= 1.0, state
        assert before - t1 - 1.0 <= shown <= now - t0 + 1.0, (state, before - t1, now - t0)
        assert page.canvas_is_the_glass()
    # the buzzer's notes reached Web Audio (the click started its context):
    # GO's tune, then TAKE ONE's, as tileclock/sounds.py writes them
    sounded = _sounded(page, notes)
    assert _a_tune_played_late_or_not(sounded, go), (sounded, go)
    notes = page.js("window.tileclock.audio.notes")
    state = page.click(2, then="s.prompt.startsWith('TAKE ')")     # seat 2's go: everyone takes tiles
    assert "seat go" in state["keys"]
    # until TAKE ONE's tune is over (the page's state, not a sleep: a busy
    # machine runs the loop late)
    page.page.wait_for_function("(n) => window.tileclock.audio.notes > n && window.tileclock.audio.duty === 0",
                                arg=notes, timeout=WAIT_MS)
    sounded = _sounded(page, notes)
    assert _a_tune_played_late_or_not(sounded, take_one), (sounded, take_one)
    audio = page.js("({log: window.tileclock.audio.log, ctx: window.tileclock.audio.ctx && "
                    "window.tileclock.audio.ctx.state, hz: window.tileclock.audio.osc && "
                    "window.tileclock.audio.osc.frequency.value})")
    assert audio["ctx"] == "running", audio
    assert audio["hz"] == audio["log"][-1], audio       # the oscillator is at the last note's pitch
    figures = page.js("window.tileclock.figures")
    print("\nweb page: %d passes, the longest %.1f ms (on %s)"
          % (figures["passes"], figures["longestPassMs"], figures["longestPassScreen"]))


def _simulator_shots(name, out):
    """The CPython simulator's run of tests/sim/NAME: ({shot: 128x64 bits
    read off its PNG}, sheet)."""
    script = parse(read_lines(os.path.join(SIM, name)))
    runner = Runner(script, str(out), save_png=frame_to_png)
    summary = runner.run()
    assert summary["failures"] == [] and summary["errors"] == 0, summary
    shots = {}
    for shot in summary["shots"]:
        image = Image.open(os.path.join(str(out), "shots", shot + ".png")).convert("L")
        scale = image.size[0] // 128
        shots[shot] = _bits(image, scale)
    with open(os.path.join(str(out), "sheet.json")) as f:
        return shots, json.load(f)


def _bits(image, scale):
    px = image.load()
    return [[1 if px[x * scale, y * scale] > 127 else 0 for x in range(128)] for y in range(64)]


def _hex_bits(hexframe):
    frame = bytes.fromhex(hexframe)
    return [[(frame[(y >> 3) * 128 + x] >> (y & 7)) & 1 for x in range(128)] for y in range(64)]


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_at_virtual_time_draws_the_simulators_pictures_on_the_canvas(page, name, tmp_path):
    with open(os.path.join(SIM, name), encoding="utf-8") as f:
        text = f.read()
    t = time.monotonic()
    result = page.js("(text) => window.tileclock.runScript(text)", text)
    seconds = time.monotonic() - t
    assert "error" not in result, result
    summary = result["summary"]
    assert summary["failures"] == [] and summary["errors"] == 0, summary
    expected, sheet = _simulator_shots(name, tmp_path)
    assert sorted(result["shots"]) == sorted(expected)
    assert len(expected) >= 5
    for shot, png in result["shots"].items():
        assert png_bits(png) == expected[shot], shot
    assert result["sheet"] == sheet
    assert page.canvas_is_the_glass()       # the live device is drawn again after
    print("\nweb page: %s at virtual time, %d passes, %d shots, in %.1f s"
          % (name, summary["passes"], len(expected), seconds))


def test_a_reload_mid_round_resumes_paused_with_the_same_sheet(page, tmp_path):
    page.click(2, then="s.screen === 'WsReady'")
    page.click(1, then="s.screen === 'WsPlay'")     # GO
    page.wait_for("s.cue_age_ms >= 1200")
    page.click(3, then="s.prompt.startsWith('TAKE ')")      # seat 3's go
    page.wait_for("s.cue_age_ms >= 1600")           # (past the merge window)
    page.click(2, then="s.cue !== null && s.cue_age_ms < 1000 && s.prompt.startsWith('TAKE ')")
    page.wait_for("s.cue_age_ms >= 1000")
    before = page.state()
    sheet = page.js("window.tileclock.sheet()")
    assert before["screen"] == "WsPlay" and sheet["current"] is not None
    page.reload()
    after = page.wait_for("s.prompt === 'PAUSED'")
    assert after["screen"] == "WsPlay", after
    # the clock comes back where the last action or time mark left it: no
    # more than the marks' 5 s behind, never ahead
    assert 0 <= _seconds(before["clock"]) - _seconds(after["clock"]) <= 5, (before, after)
    assert page.js("window.tileclock.sheet()") == sheet
    assert page.canvas_is_the_glass()
    # the evening exported from the page replays on the host to its sheet:
    # the JSON the page exports is what `tileclock replay` prints
    script = tmp_path / "evening.txt"
    script.write_text(page.js("window.tileclock.script()"))
    replayed = subprocess.run([sys.executable, "-m", "tileclock_host", "replay", str(script)],
                              capture_output=True, text=True)
    assert replayed.returncode == 0, replayed.stderr
    assert page.js("window.tileclock.sheetText()") == replayed.stdout
    # any seat resumes
    page.click(4, then="s.prompt !== 'PAUSED'")


def test_the_power_button_is_a_power_cut(page):
    page.click(2, then="s.screen === 'WsReady'")
    page.click(1, then="s.screen === 'WsPlay'")
    page.wait_for("s.cue_age_ms >= 500")
    page.page.click("#power")
    page.wait_booted()
    page.wait_for("s.prompt === 'PAUSED'")
    assert page.state()["screen"] == "WsPlay"


def test_eight_seats_an_sh1106_and_a_key_held_for_a_long_press(page):
    page.page.select_option("#seat-count", "8")
    page.wait_booted()
    assert page.state()["seats"] == 8 and page.js("document.querySelectorAll('.seat').length") == 8
    page.page.select_option("#display-kind", "sh1106")
    page.wait_booted()
    assert page.state()["display"] == "sh1106"
    assert page.canvas_is_the_glass()
    page.page.keyboard.press("2")                   # Start
    page.wait_for("s.screen === 'WsReady'")
    page.page.keyboard.down("2")                    # held on: the game's menu
    page.wait_for("s.screen === 'WsMenu'")          # (opened while the key is still down)
    page.page.keyboard.up("2")
    page.settle()
    assert page.state()["screen"] == "WsMenu"       # and the release does nothing more
    # the settings and the seats survive a reload (the browser's storage)
    page.reload()
    assert page.state()["seats"] == 8 and page.state()["display"] == "sh1106"


def test_tileclock_web_builds_the_folder_and_names_a_bad_one(tmp_path, capsys):
    from tileclock_host import cli
    out = tmp_path / "site"
    assert cli.main(["web", "--build-only", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "built %s: 6 files" % out in said
    assert sorted(os.listdir(out)) == ["files.json", "index.html", "micropython.mjs", "micropython.wasm",
                                       "page.css", "page.js"]
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    assert cli.main(["web", "--build-only", "--out", str(a_file)]) != 0
    err = capsys.readouterr().err
    assert err.strip() == "tileclock: --out %s: not a folder" % a_file


def test_a_touch_screen_taps_the_seats(browser, site):
    context = browser.new_context(viewport={"width": 800, "height": 900}, has_touch=True, is_mobile=True)
    context.set_default_timeout(WAIT_MS)
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(site[0])
        page.wait_for_function("window.tileclock && window.tileclock.booted()", timeout=WAIT_MS)
        page.tap("#seat-2")                             # Start
        page.wait_for_function("window.tileclock.state().screen === 'WsReady'", timeout=WAIT_MS)
        page.tap("#seat-4")                             # GO
        page.wait_for_function("window.tileclock.state().screen === 'WsPlay'", timeout=WAIT_MS)
        assert not errors, errors
    finally:
        context.close()


def test_tileclock_web_serves_the_page_on_localhost(tmp_path):
    out = tmp_path / "site"
    proc = subprocess.Popen([sys.executable, "-u", "-m", "tileclock_host", "web", "--port", "0", "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().startswith("built ")
        line = proc.stdout.readline()
        assert line.startswith("tileclock in your browser: http://127.0.0.1:"), line
        url = line.split()[4]
        import urllib.request
        with urllib.request.urlopen(url) as r:
            assert b"<canvas id=\"panel\"" in r.read()
        with urllib.request.urlopen(url + "micropython.wasm") as r:
            assert r.headers["Content-Type"] == "application/wasm"
        with urllib.request.urlopen(url + "page.js") as r:
            assert r.headers["Content-Type"] == "text/javascript"
    finally:
        proc.terminate()
        proc.wait(timeout=WAIT_MS / 1000)


def test_two_quick_taps_are_two_presses(page):
    # seat 1 moves the home menu's cursor: two taps 60 ms apart, as quick as
    # fingers go, move it twice
    assert page.state()["cursor"] == 0
    for _ in range(2):
        page.page.mouse.move(0, 0)
        box = page.page.locator("#seat-1").bounding_box()
        page.page.mouse.move(box["x"] + 20, box["y"] + 20)
        # the gesture itself, not a wait: down 60 ms, up 60 ms
        page.page.mouse.down()
        page.page.wait_for_timeout(60)
        page.page.mouse.up()
        page.page.wait_for_timeout(60)
    page.wait_for("s.cursor === 2")


def test_tileclock_web_will_not_empty_a_folder_it_did_not_make(tmp_path, capsys):
    from tileclock_host import cli
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_text("keep me")
    assert cli.main(["web", "--build-only", "--out", str(folder)]) == 1
    assert "no files.json of an earlier build" in capsys.readouterr().err
    assert (folder / "notes.txt").read_text() == "keep me"
