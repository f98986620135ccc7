# The scripted simulator: a sim script of timed button presses (docs/simulator.md)
# run headless at virtual time on a SimBoard with the real firmware app.
#
# Runs on CPython and on the MicroPython unix port (no f-string debugging,
# no os.makedirs, no Pillow): screenshots are written as raw frames
# (NNN-NAME.frame, 1024 bytes of MONO_VLSB) that the host turns into PNG
# (tileclock_host.sim.convert), or straight to PNG when a `save_png`
# function is handed in.
try:
    import framebuf  # noqa: F401
except ImportError:      # CPython: the pure-Python framebuf
    from tileclock_host import shims
    shims.install()
import gc
import json
import os

from tileclock import ticks
from tileclock.app import POLL_MS
from tileclock_host.boards.simboard import LONG_HOLD_MS, MENU_HOLD_MS, PRESSED, RELEASED, TAP_MS
from tileclock_host.boards.simdevice import SimDevice, cue_name

SETTLE_MS = 2000    # run on this long after the last line (unless `end`)
# The longest gap between two timed lines (or before the first): the runner
# steps the board through every poll of virtual time, a few seconds of the
# host's a virtual hour, so a gap of days (+100000, 9999:59:59) would run for
# hours saying nothing. A day holds any evening.
MAX_GAP_MS = 24 * 3600 * 1000


class SimScriptError(Exception):
    def __init__(self, lineno, message):
        super().__init__("line %d: %s" % (lineno, message))
        self.lineno = lineno
        self.message = message


def parse_seconds(word):
    """ms from `12`, `2.5`, `1:05`, `1:05.250` or `1:00:00`."""
    if ":" in word:
        # imported here: the app unloads tileclock/script.py during a game
        from tileclock.script import parse_time
        return parse_time(word)
    whole = word
    frac = ""
    if "." in word:
        whole, frac = word.split(".", 1)
    if not whole:
        whole = "0"
    if not whole.isdigit() or (frac and (not frac.isdigit() or len(frac) > 3)):
        raise ValueError("bad time %r" % word)
    return int(whole) * 1000 + (int((frac + "00")[:3]) if frac else 0)


def _uncommented(line):
    # the line up to a # outside "quoted text" (a comment may follow a quote)
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return line[:i]
    return line


def _words(line):
    # split on spaces, keeping "quoted text" whole
    out = []
    while line:
        line = line.lstrip()
        if not line:
            break
        if line[0] == '"':
            end = line.find('"', 1)
            if end < 0:
                raise ValueError("unclosed quote")
            out.append(line[1:end])
            line = line[end + 1:]
        else:
            sp = line.find(" ")
            if sp < 0:
                out.append(line)
                break
            out.append(line[:sp])
            line = line[sp:]
    return out


class Script:
    """A parsed sim script: the board set-up and the timed steps."""

    def __init__(self):
        self.seats = 4
        self.display = "ssd1306"
        self.start = 0
        self.settings = {}
        self.set_lines = {}     # settings key -> the line that set it
        self.shots_on_change = False
        self.battery = None     # (kind, cells): the board runs on them
        self.steps = []     # (at_ms, lineno, verb, args), in time order
        self.end = None

    def add(self, at, lineno, verb, args):
        i = len(self.steps)
        while i and self.steps[i - 1][0] > at:
            i -= 1
        self.steps.insert(i, (at, lineno, verb, args))


SETUP_WORDS = ("seats", "display", "start", "set", "shots", "battery")
STEP_VERBS = ("press", "long", "menu", "hold", "shot", "expect", "note", "end", "reboot", "battery", "usb")


def parse(lines):
    script = Script()
    last = 0
    timed = False
    for lineno in range(1, len(lines) + 1):
        line = lines[lineno - 1]
        line = _uncommented(line).strip()
        if not line or line[0] == "#":
            continue
        try:
            words = _words(line)
        except ValueError as e:
            raise SimScriptError(lineno, str(e))
        head = words[0]
        if head in SETUP_WORDS:
            if timed:
                raise SimScriptError(lineno, "'%s' must come before the first timed line" % head)
            _setup(script, lineno, words)
            continue
        try:
            if head[0] == "+":
                at = last + parse_seconds(head[1:])
            else:
                at = parse_seconds(head)
        except ValueError:
            raise SimScriptError(lineno, "expected a time (12.5, 1:05, +2) or a set-up word, not %r" % head)
        if at < last:
            raise SimScriptError(lineno, "time goes backwards (use +SECONDS for a relative time)")
        if at - last > MAX_GAP_MS:
            raise SimScriptError(lineno, "%s is more than a day after the line before: the simulator "
                                 "runs every moment of virtual time (at most 24:00:00 between lines)" % head)
        if len(words) < 2 or words[1] not in STEP_VERBS:
            raise SimScriptError(lineno, "expected one of %s after the time" % ", ".join(STEP_VERBS))
        verb = words[1]
        args = words[2:]
        _check_step(script, lineno, verb, args)
        timed = True
        last = at
        if verb == "end":
            script.end = at
        else:
            script.add(at, lineno, verb, args)
    players = script.settings.get("players")
    if players is not None and players > script.seats:
        raise SimScriptError(script.set_lines["players"], "set players %d: the board has %d seats (seats N)"
                             % (players, script.seats))
    _check_overlaps(script)
    _compact(script)
    return script


_HOLD_MS = {"press": TAP_MS, "long": LONG_HOLD_MS, "menu": MENU_HOLD_MS}


def held_ms(verb, args):
    """How long a press step keeps its seat's button down (None: not a press)."""
    if verb == "hold":
        return int(args[1])
    return _HOLD_MS.get(verb)


def _check_overlaps(script):
    # A seat's button is one button: a press of it while an earlier step
    # still holds it down (a `press 1` during a `menu 1`) can't be made,
    # and the board would take the two as one longer press.
    released = {}       # seat -> (when its button comes up, the line that pressed it)
    for at, lineno, verb, args in script.steps:
        ms = held_ms(verb, args)
        if ms is None:
            continue
        seat = int(args[0])
        up = released.get(seat)
        if up is not None and at <= up[0]:
            raise SimScriptError(lineno, "%s %d at %s: seat %d is still held by line %d until %s"
                                 % (verb, seat, _clock(at), seat, up[1], _clock(up[0])))
        released[seat] = (at + ms, lineno)


def _clock(ms):
    return "%d:%02d.%03d" % (ms // 60000, ms // 1000 % 60, ms % 1000)


def _compact(script):
    # The steps made again in one run of the heap's lowest holes, the
    # parser's own garbage collected first. As parsed, each step (a tuple,
    # its list of words, each word a string of its own) stays where its line
    # was read, between that garbage: on MicroPython a comb of 1.3 KB
    # strides across the free heap for the whole run, holes a device, which
    # reads no script, never has, and which left the firmware no block for
    # its next qstr pool (micropython.mem_info(1) shows them). The words are
    # copied too (a slice of a whole string is a new string there): the
    # tuples alone left each word behind, a string every few KB of the
    # free heap.
    gc.collect()
    steps = [(at, lineno, _fresh(verb), tuple(_fresh(a) for a in args)) for at, lineno, verb, args in script.steps]
    settings = {_fresh(k): _fresh(v) for k, v in script.settings.items()}
    set_lines = {k: script.set_lines[k] for k in settings}
    script.steps = script.settings = script.set_lines = None
    gc.collect()
    script.steps = steps
    script.settings = settings
    script.set_lines = set_lines


def _fresh(value):
    return value[:] if isinstance(value, str) else value


def _seat(script, lineno, word):
    if not word.isdigit() or not 1 <= int(word) <= script.seats:
        raise SimScriptError(lineno, "seat must be 1 to %d, not %r" % (script.seats, word))
    return int(word)


def _setup(script, lineno, words):
    head = words[0]
    if head == "seats":
        if len(words) != 2 or not words[1].isdigit() or not 2 <= int(words[1]) <= 8:
            raise SimScriptError(lineno, "seats N: 2 to 8 buttons")
        script.seats = int(words[1])
    elif head == "display":
        if len(words) != 2 or words[1] not in ("ssd1306", "sh1106"):
            raise SimScriptError(lineno, "display ssd1306 or display sh1106")
        script.display = words[1]
    elif head == "start":
        if len(words) != 2 or not words[1].isdigit():
            raise SimScriptError(lineno, "start TICKS: the tick counter at power-on")
        script.start = ticks.wrap(int(words[1]))
    elif head == "set":
        if len(words) != 3:
            raise SimScriptError(lineno, "set KEY VALUE")
        script.settings[words[1]] = _setting(lineno, words[1], words[2])
        script.set_lines[words[1]] = lineno
    elif head == "battery":
        from tileclock.hal.battery import KINDS
        if len(words) != 3 or words[1] not in KINDS or words[2] not in ("1", "2", "3", "4"):
            raise SimScriptError(lineno, "battery KIND CELLS: kind one of %s, 1 to 4 cells (battery alkaline 3)"
                                 % ", ".join(sorted(KINDS)))
        script.battery = (words[1], int(words[2]))
    elif head == "shots":
        if len(words) != 2 or words[1] not in ("changes", "marked"):
            raise SimScriptError(lineno, "shots changes (every screen change) or shots marked")
        script.shots_on_change = words[1] == "changes"


def all_defaults():
    """Every setting's default, every game's options included: the app's
    (tileclock.store.settings.defaults) and each game's spec's DEFAULTS."""
    from tileclock import games
    from tileclock.store.settings import defaults
    values = defaults(games.KINDS[0])
    for kind in games.KINDS:
        values.update(games.spec(kind).DEFAULTS)
    return values


def setting_choices():
    """{key: the values it may take (None: names)} for every setting a script
    may set, taken from the firmware: the keys are all_defaults()'s, a game's options and their choices its spec's
    OPTIONS (as its menus offer them), `game` the registry's kinds, `players`
    what the games' PLAYERS span."""
    from tileclock import games
    known = {}
    low = high = None
    for kind in games.KINDS:
        spec = games.spec(kind)
        for option in spec.OPTIONS:
            known[option[1]] = tuple(option[2])
        if low is None or spec.PLAYERS[0] < low:
            low = spec.PLAYERS[0]
        if high is None or spec.PLAYERS[1] > high:
            high = spec.PLAYERS[1]
    known["game"] = tuple(games.KINDS)
    known["players"] = tuple(range(low, high + 1))
    known["sound"] = ("on", "off")      # the menus' Sound line
    choices = {}
    for key in all_defaults():
        choices[key] = known.get(key)
    return choices


def _setting(lineno, key, value):
    """The value of `set KEY VALUE` as the settings keep it; SimScriptError
    for a key the device has no setting for or a value its menus don't offer."""
    choices = setting_choices()
    if key not in choices:
        raise SimScriptError(lineno, "no setting %r (set one of %s)" % (key, ", ".join(sorted(choices))))
    if key == "names":
        return _names(lineno, value)
    allowed = choices[key]
    got = int(value) if value.isdigit() else value
    if allowed is None:
        # a setting no menu lists: at least the type of its default
        default = all_defaults()[key]
        if type(got) is not type(default):
            raise SimScriptError(lineno, "set %s %s: not a %s" % (key, value, type(default).__name__))
        return got
    if got not in allowed:
        if key == "players":
            shown = "%d to %d" % (allowed[0], allowed[-1])
        else:
            shown = "one of " + ", ".join([str(c) for c in allowed])
        raise SimScriptError(lineno, "set %s %s: %s" % (key, value, shown))
    return got


def _names(lineno, value):
    # set names ANN,-,CY: seat by seat, - for P<seat>; the device's own
    # checks (a name it would refuse, two seats with one name)
    from tileclock.players import default_name
    from tileclock.engine.game import MAX_SEATS, Refused, check_name
    names = ["" if n == "-" else n for n in value.split(",")]
    if len(names) > MAX_SEATS:
        raise SimScriptError(lineno, "set names: %d names for at most %d seats" % (len(names), MAX_SEATS))
    shown = []
    for i in range(len(names)):
        name = names[i]
        if name:
            try:
                check_name(name)
            except Refused as e:
                raise SimScriptError(lineno, "set names: %r: %s" % (name, e.reason))
        name = name or default_name(i + 1)
        if name in shown:
            raise SimScriptError(lineno, "set names: %s for seat %d and seat %d" % (
                name, shown.index(name) + 1, i + 1))
        shown.append(name)
    for seat in range(len(names) + 1, MAX_SEATS + 1):
        if default_name(seat) in shown:
            raise SimScriptError(lineno, "set names: %s is seat %d's own name" % (default_name(seat), seat))
    return names


def _check_step(script, lineno, verb, args):
    if verb in ("press", "long", "menu"):
        if len(args) != 1:
            raise SimScriptError(lineno, "%s SEAT" % verb)
        _seat(script, lineno, args[0])
    elif verb == "hold":
        if len(args) != 2 or not args[1].isdigit():
            raise SimScriptError(lineno, "hold SEAT MS")
        _seat(script, lineno, args[0])
    elif verb == "shot":
        if len(args) != 1:
            raise SimScriptError(lineno, "shot NAME")
    elif verb == "expect":
        if len(args) != 2 or args[0] not in ("screen", "clock", "banner", "prompt", "phase", "text"):
            raise SimScriptError(lineno, "expect screen|clock|banner|prompt|phase|text VALUE")
    elif verb == "battery":
        if script.battery is None:
            raise SimScriptError(lineno, "battery VOLTS needs the set-up line battery KIND CELLS first")
        try:
            volts = float(args[0]) if len(args) == 1 else -1
        except ValueError:
            volts = -1
        if not 0 <= volts <= 6:
            raise SimScriptError(lineno, "battery VOLTS: what VSYS reads, 0 to 6 (battery 3.9)")
    elif verb == "usb":
        if script.battery is None:
            raise SimScriptError(lineno, "usb on|off needs the set-up line battery KIND CELLS first")
        if args not in (["on"], ["off"]):
            raise SimScriptError(lineno, "usb on or usb off")
    elif verb in ("end", "reboot"):
        if args:
            raise SimScriptError(lineno, "%s takes nothing" % verb)


def _mkdir(path):
    # os.makedirs is missing on MicroPython
    if not path:
        return
    parts = path.split("/")
    so_far = ""
    for part in parts:
        so_far = part if not so_far else so_far + "/" + part
        if not so_far:
            so_far = "/"
            continue
        try:
            os.mkdir(so_far)
        except OSError:
            pass


def _clear(path):
    """Remove everything inside folder `path` (not the folder)."""
    for name in os.listdir(path):
        full = path + "/" + name
        try:
            os.remove(full)
        except OSError:
            _clear(full)
            os.rmdir(full)


def _stamp(ms):
    s = ms // 1000
    return "%d:%02d:%02d.%03d" % (s // 3600, (s // 60) % 60, s % 60, ms % 1000)


def phase_name(app):
    """The game's phase as a lower-case word ('none' with no game)."""
    game = app.game
    if game is None:
        return "none"
    return game.phase_at(app.now())


def shown_clock(app):
    """The time on the big digits, as text ('' when none is shown)."""
    screen = app.manager.screen
    buf = getattr(screen, "_buf", None)
    n = getattr(screen, "_len", 0)
    if buf is None or not n:
        return ""
    out = ""
    for i in range(n):
        out += chr(buf[i])
    return out


class Runner:
    """Runs a Script on a SimBoard; results go to `out` (a folder) or memory."""

    def __init__(self, script, out=None, save_png=None, journal=True, fs_root=None, board_class=None):
        self.script = script
        self.out = out
        self.save_png = save_png
        if fs_root is None and out is not None:
            # the board's flash lives with the results (settings, journal),
            # fresh for each run
            _mkdir(out + "/flash")
            _clear(out + "/flash")
            fs_root = out + "/flash"
        # board_class: another board of the same interface (cpboard.py's)
        self.device = SimDevice(board=board_class and board_class(seats=script.seats, display=script.display,
                                                                  start_ms=script.start, fs_root=fs_root),
                                settings=script.settings, journal=journal, seats=script.seats,
                                display=script.display, start_ms=script.start, fs_root=fs_root,
                                battery=script.battery)
        self.board = self.device.board
        self.app = self.device.app
        self._made_fs = self.board.made_fs      # the folder goes in finish()
        self.origin = script.start     # tick at power-on, for the logs' times
        self.elapsed = 0               # virtual ms since power-on
        self.shots = []                # names of the screenshots taken
        self.log = []                  # "time what" lines
        self.failures = []
        self.cue_lines = []
        self._shot_count = 0
        self._screen = None
        self._changes = []             # (at_ms, seat, level) still to apply
        self._held = 0                 # buttons held down now
        self._changed_at = -SETTLE_MS  # when a pin last changed
        self._cue_seen = 0
        self._errors_seen = 0
        self._earlier = [0, 0]         # passes and failed passes of the boots before this one
        self._sheet = None
        if out is not None:
            _mkdir(out + "/shots")

    def reboot(self):
        """Power off and on: a new board on the same flash, its tick counter
        from 0 (like a Pico), buttons as they are now."""
        levels = self.board.levels
        self._earlier[0] += self.app.passes
        self._earlier[1] += self.app.errors
        self.device = self.device.reboot(self.script.settings)
        self.board = self.device.board
        self.app = self.device.app
        for i in range(len(levels)):
            self.board.levels[i] = levels[i]
        self.origin = ticks.ticks_add(0, -self.elapsed)
        self._cue_seen = 0
        self._errors_seen = 0

    # -- time --

    def _advance(self, ms):
        self.board.sleep_ms(ms)
        self.elapsed += ms

    def _apply_changes(self):
        changes = self._changes
        while changes and changes[0][0] <= self.elapsed:
            at, seat, level = changes.pop(0)
            self.board.set_level(seat, level)
            self._changed_at = self.elapsed
            self._held += 1 if level == PRESSED else -1

    def _schedule(self, seat, at, hold):
        self._insert(at, seat, PRESSED)
        self._insert(at + hold, seat, RELEASED)

    def _insert(self, at, seat, level):
        changes = self._changes
        i = len(changes)
        while i and changes[i - 1][0] > at:
            i -= 1
        changes.insert(i, (at, seat, level))

    def run_until(self, target):
        """Run the loop until `target` ms after power-on."""
        while self.elapsed < target:
            self._apply_changes()
            wait = self.app.safe_step()     # as the device's loop runs it
            self._after_pass()
            limit = target - self.elapsed
            if self._changes:
                limit = min(limit, self._changes[0][0] - self.elapsed)
            settling = self.elapsed - self._changed_at < POLL_MS * 5
            if self._held or settling:
                wait = min(wait, POLL_MS)   # debounce and long press need polling
            # The device polls every POLL_MS; with no pin about to change the
            # simulator may skip straight to the app's own deadline.
            wait = max(1, min(wait, limit)) if limit > 0 else 0
            if wait <= 0:
                continue
            self._advance(wait)
        self._apply_changes()

    def _after_pass(self):
        app = self.app
        log = app.cue_log
        while self._cue_seen < len(log):
            now, cue = log[self._cue_seen]
            self._cue_seen += 1
            line = "%s %s" % (_stamp(self.elapsed), cue_name(cue))
            self.cue_lines.append(line)
        screen = app.manager.screen
        if screen is not self._screen:
            self._screen = screen
            self.log.append("%s screen %s" % (_stamp(self.elapsed), type(screen).__name__))
            if self.script.shots_on_change:
                self.shot(type(screen).__name__)
        banner = app.manager.banner_text()
        if banner and (not self.log or not self.log[-1].endswith("banner " + banner)):
            self.log.append("%s banner %s" % (_stamp(self.elapsed), banner))
        if app.errors != self._errors_seen:
            self._errors_seen = app.errors
            self.log.append("%s error %r" % (_stamp(self.elapsed), app.last_error))

    # -- what a step does --

    def shot(self, name):
        self._shot_count += 1
        base = "%03d-%s" % (self._shot_count, name)
        self.shots.append(base)
        if self.out is None:
            return
        frame = self.board.frame()
        path = self.out + "/shots/" + base
        if self.save_png is not None:
            self.save_png(frame, path + ".png", contrast=self.board.panel.contrast)
        else:
            with open(path + ".frame", "wb") as f:
                f.write(frame)

    def expect(self, lineno, what, value):
        app = self.app
        if what == "screen":
            got = type(app.manager.screen).__name__
        elif what == "clock":
            got = shown_clock(app)
        elif what == "banner":
            got = app.manager.banner_text()
            if value in got:
                return
        elif what == "prompt":
            got = getattr(app.manager.screen, "prompt_text", "")
        elif what == "text":
            # read off the panel's pixels: what the players see
            from tileclock_host.sim import screentext
            frame = self.board.frame()
            if screentext.shows(frame, value):
                return
            got = " | ".join(screentext.lines(frame))
        else:
            got = phase_name(app)
        if got != value:
            self.failures.append("line %d: expected %s %r, got %r" % (lineno, what, value, got))

    def run(self):
        script = self.script
        for at, _lineno, verb, args in script.steps:
            ms = held_ms(verb, args)
            if ms is not None:
                self._schedule(int(args[0]), at, ms)
        for at, lineno, verb, args in script.steps:
            if held_ms(verb, args) is not None:
                continue
            self.run_until(at)
            if verb == "shot":
                self.shot(args[0])
            elif verb == "expect":
                self.expect(lineno, args[0], args[1])
            elif verb == "note":
                self.log.append("%s note %s" % (_stamp(self.elapsed), " ".join(args)))
            elif verb == "reboot":
                self.log.append("%s reboot" % _stamp(self.elapsed))
                self.reboot()
            elif verb in ("battery", "usb"):
                supply = getattr(self.board, "supply", None)
                if supply is None:
                    raise SimScriptError(lineno, "%s: this board has no battery (the Pico's has)" % verb)
                if verb == "usb":
                    supply.usb = args[0] == "on"
                else:
                    supply.vsys_mv = int(float(args[0]) * 1000 + 0.5)
        last = script.steps[-1][0] if script.steps else 0
        end = script.end if script.end is not None else last + SETTLE_MS
        if self._changes:
            end = max(end, self._changes[-1][0] + SETTLE_MS)
        self.run_until(end)
        return self.finish()

    def sheet(self):
        """The evening's score sheet: every round, read back from the journal
        as the host tools read it (the game in RAM holds only its last
        rounds); without a journal, the game's own."""
        game = self.app.game
        if game is None:
            return None
        if self._sheet is not None:
            return self._sheet              # the run is over, its flash gone
        if self.device.use_journal:
            from tileclock.script import load
            from tileclock.store.journal import read_journal
            kind, lines, _problems = read_journal(self.board.fs_root.rstrip("/") + "/journal")
            if kind == game.KIND and lines:
                return load(["game " + kind] + lines).sheet()
        return game.sheet()

    def finish(self):
        """Write cues.txt, log.txt and sheet.json; returns a summary dict."""
        summary = {
            "virtual_ms": self.elapsed,
            # every boot's, a reboot in the script included
            "passes": self._earlier[0] + self.app.passes,
            "bytes_sent": self.board.display.bytes_sent,
            "shots": self.shots,
            "failures": self.failures,
            "screen": type(self.app.manager.screen).__name__,
            "errors": self._earlier[1] + self.app.errors,
        }
        sheet = self.sheet()
        if self._made_fs:                   # a fresh temporary flash: gone
            self._sheet = sheet
            self.device.close()
            self._made_fs = False
        if self.out is not None:
            with open(self.out + "/cues.txt", "w") as f:
                for line in self.cue_lines:
                    f.write(line + "\n")
            with open(self.out + "/log.txt", "w") as f:
                for line in self.log:
                    f.write(line + "\n")
            with open(self.out + "/sheet.json", "w") as f:
                f.write(json.dumps(sheet))
            with open(self.out + "/summary.json", "w") as f:
                f.write(json.dumps(summary))
        return summary


def read_lines(path):
    """The lines of the script at `path`; SimScriptError for one that isn't
    UTF-8 text."""
    with open(path, "rb") as f:
        data = f.read()
    lines = data.split(b"\n")
    for i in range(len(lines)):
        try:
            lines[i] = lines[i].decode("utf-8")
        except UnicodeError:
            raise SimScriptError(i + 1, "not UTF-8 text (a sim script is a text file)")
    return lines


def main(argv):
    """micropython .../sim/mpy_main.py SCRIPT OUT [FLASH]: exit status 0, 1
    (expect failed), 2 (bad script) or 3 (OUT can't be written: the reason
    on the last line). FLASH: the board's flash folder, booted from and kept
    (default: a fresh one in OUT)."""
    if len(argv) not in (2, 3):
        print("usage: SCRIPT OUT [FLASH]")
        return 2
    try:
        script = parse(read_lines(argv[0]))
    except SimScriptError as e:
        print("%s: %s" % (argv[0], e))
        return 2
    try:
        summary = Runner(script, argv[1], fs_root=argv[2] if len(argv) == 3 else None).run()
    except OSError as e:
        print("%s: can't write the results: %s" % (argv[1], e))
        return 3
    for line in summary["failures"]:
        print(line)
    return 1 if summary["failures"] else 0
