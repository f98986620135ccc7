# Three days of Word-Sport on the simulated device, powered on a day and a
# half before the Pico's counter wraps (2**30 ms, 12 days 10:15:41.824 after
# power-on), so it wraps during the session -- and in the middle of an
# hour-long round. At every redraw of the count-up the digits on the glass
# are read back and must be exactly the virtual time since that round's GO:
# no drift, no exception. (The days before the wrap are as any other day:
# the counter starts where a box left on for 11 days has it.)
from tileclock_host.sim.script import Runner, parse  # first: it provides framebuf on CPython

from tileclock.app import DIM  # noqa: E402
from tileclock.ticks import TICKS_PERIOD, ticks_diff  # noqa: E402
from tileclock.ui import bigdigits  # noqa: E402

HOUR = 3600000
DAY = 24 * HOUR
POWER_ON = TICKS_PERIOD - 36 * HOUR             # the tick counter at power-on
WRAP_ROUND_AT = 36 * HOUR - 30 * 60000          # GO half an hour before the wrap
DAYS = 3


def _glyph_bytes(fb, width):
    out = bytearray(width * 4)
    for page in range(4):
        for x in range(width):
            b = 0
            for bit in range(8):
                if fb.pixel(x, page * 8 + bit):
                    b |= 1 << bit
            out[page * width + x] = b
    return bytes(out)


DIGITS = [_glyph_bytes(g, bigdigits.DIGIT_W) for g in bigdigits.GLYPHS[:10]]
COLON = _glyph_bytes(bigdigits.COLON_GLYPH, bigdigits.COLON_W)


def read_time(frame):
    """The big digits on the glass (pages 1-4) as text, read by matching the
    glyphs column by column."""
    pages = [bytes(frame[(1 + p) * 128:(2 + p) * 128]) for p in range(4)]

    def cols(x, w):
        return pages[0][x:x + w] + pages[1][x:x + w] + pages[2][x:x + w] + pages[3][x:x + w]
    text = ""
    x = 0
    while x < 128:
        if x + 16 <= 128 and cols(x, 16) in DIGITS:
            text += str(DIGITS.index(cols(x, 16)))
            x += 16
        elif x + 8 <= 128 and cols(x, 8) == COLON and text:
            text += ":"
            x += 8
        else:
            x += 1
    return text


def expected(ms):
    buf = bytearray(8)
    n = bigdigits.format_clock(ms, buf)
    return bytes(buf[:n]).decode()


def _stamp(ms):
    s = ms // 1000
    return "%d:%02d:%02d.%03d" % (s // 3600, (s // 60) % 60, s % 60, ms % 1000)


def _round(lines, go_at, gap_ms):
    """A four-player round: GO, 18 gos by P1, the win, three finishers, time
    up, the entries walked through, close. (The hours between rounds dim
    the ready screen, which stays lit: its GO is a GO.)"""
    lines.append("%s press 1" % _stamp(go_at))
    t = go_at
    for _ in range(18):
        t += gap_ms
        lines.append("%s press 1" % _stamp(t))
    t += gap_ms
    lines.append("%s press 1" % _stamp(t))            # P1 wins
    for seat in (2, 3, 4):
        t += 5000
        lines.append("%s press %d" % (_stamp(t), seat))
    t += 30000                                         # past the 30 s countdown
    for _ in range(8):
        t += 500
        lines.append("%s press 1" % _stamp(t))         # walk to CLOSE ROUND
    t += 500
    lines.append("%s press 2" % _stamp(t))
    return t


class Watch(Runner):
    def __init__(self, script):
        super().__init__(script, None, journal=True)    # the sheet of every round: the journal's
        self.go_at = None
        self.checks = 0
        self.wrong = []
        self.ticks_seen_wrap = False
        self._last_tick = 0
        self.dims = 0
        self._dim = False

    def _after_pass(self):
        seen = self._cue_seen
        super()._after_pass()
        if self.app.rest == DIM and not self._dim:
            self.dims += 1              # between rounds, the wrap's hours included
        self._dim = self.app.rest == DIM
        log = self.app.cue_log
        for at, cue in log[seen:]:
            if cue == 2:                               # GO, when its press began
                self.go_at = self.elapsed - ticks_diff(self.app.now(), at)
        tick = self.board.ticks_ms()
        if tick < self._last_tick:
            self.ticks_seen_wrap = True
        self._last_tick = tick
        scr = self.app.manager.screen
        if type(scr).__name__ != "WsPlay" or self.app.game.paused:
            return
        shown = read_time(self.board.frame())
        want = expected(self.elapsed - self.go_at)
        self.checks += 1
        if shown != want:
            self.wrong.append((self.elapsed, shown, want))


def test_days_across_the_tick_wrap_without_drift():
    lines = ["seats 4", "start %d" % POWER_ON, "set game wordsport", "set players 4", "set countdown 30",
             "1 press 2"]
    rounds = 0
    at = HOUR
    while at < DAYS * DAY:
        _round(lines, at, 10000)
        rounds += 1
        if at < WRAP_ROUND_AT < at + 12 * HOUR:
            _round(lines, WRAP_ROUND_AT, 200000)         # an hour-long round across the wrap
            rounds += 1
        at += 12 * HOUR
    lines.append("%s end" % _stamp(DAYS * DAY + HOUR))
    runner = Watch(parse(lines))
    summary = runner.run()
    assert summary["failures"] == []
    assert runner.ticks_seen_wrap
    assert runner.wrong == []
    assert runner.checks > 1000
    assert runner.dims >= rounds                    # it dimmed before every round (and after the last)
    sheet = runner.sheet()
    assert len(sheet["rounds"]) == rounds
    # each round: P1 first with a straight run (10 + 5), P2 second (5), P3
    # third (3), P4 fourth; no win under two minutes
    assert sheet["standings"] == [["P1", 15 * rounds], ["P2", 5 * rounds], ["P3", 3 * rounds], ["P4", 0]]
    wrap_round = [r for r in sheet["rounds"] if r["win_ms"] == 19 * 200000]
    assert len(wrap_round) == 1
