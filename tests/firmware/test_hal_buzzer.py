# The PWM buzzer: tunes as data, played without blocking, across the wrap.
import gc

from tileclock import sounds, ticks
from tileclock import cues
from tileclock.hal.buzzer import LOUD, Buzzer


class RecordingPWM:
    def __init__(self):
        self.now = 0
        self.hz = 0
        self.duty = 0
        self.log = []              # (now, hz) each time the sound changes

    def freq(self, hz):
        self.hz = hz

    def duty_u16(self, duty):
        self.duty = duty
        self.log.append((self.now, self.hz if duty else 0))


def _play(cue, start, ms, buzzer=None, pwm=None):
    pwm = pwm or RecordingPWM()
    b = buzzer or Buzzer(pwm)
    pwm.log = []
    pwm.now = start
    b.play(cue, start)
    for t in range(1, ms):
        pwm.now = ticks.ticks_add(start, t)
        b.update(pwm.now)
    return b, pwm


def test_every_cue_has_its_own_tune():
    names = [n for n in cues.NAMES if n]
    seen = []
    for name in names:
        cue = getattr(cues, name)
        tune = sounds.TUNES[cue]
        assert len(tune) >= 2 and len(tune) % 2 == 0, name
        assert tune not in seen, name
        seen.append(tune)
        assert cue in sounds.PRIORITY
        for i in range(0, len(tune), 2):
            assert tune[i] == 0 or 400 <= tune[i] <= 4000, name
            assert 10 <= tune[i + 1] <= 1000, name


def test_the_win_fanfare_plays_its_notes_on_time_across_the_wrap():
    start = ticks.TICKS_MAX - 200
    b, pwm = _play(cues.WIN, start, 1000)
    # C6 E6 G6 C7 at 0, 120, 240, 360 ms, silence at 710
    expect = [(start, 1047), (ticks.ticks_add(start, 120), 1319), (ticks.ticks_add(start, 240), 1568),
              (ticks.ticks_add(start, 360), 2093), (ticks.ticks_add(start, 710), 0)]
    assert pwm.log == expect
    assert not b.playing
    assert pwm.duty == 0


def test_rests_are_silent_and_the_deadline_is_the_next_change():
    pwm = RecordingPWM()
    b = Buzzer(pwm)
    b.play(cues.TAKE_TWO, 100)
    assert b.next_deadline() == 140
    b, pwm = _play(cues.TAKE_TWO, 100, 400, b, pwm)
    assert [hz for _, hz in pwm.log] == [1319, 1760, 0, 1319, 1760, 0]
    assert [t for t, _ in pwm.log] == [100, 140, 200, 270, 310, 370]
    assert b.next_deadline() is None


def test_a_late_update_skips_to_the_note_due_now():
    pwm = RecordingPWM()
    b = Buzzer(pwm)
    b.play(cues.WIN, 0)
    pwm.now = 250                  # the loop was busy for 250 ms
    b.update(250)
    assert pwm.hz == 1568 and pwm.duty == LOUD
    assert b.next_deadline() == 360


def test_a_tick_does_not_cut_the_fanfare_but_time_up_does():
    pwm = RecordingPWM()
    b = Buzzer(pwm)
    b.play(cues.WIN, 0)
    assert not b.play(cues.LAST_TEN, 50)
    assert pwm.hz == 1047
    assert b.play(cues.TIME_UP, 60)
    assert pwm.hz == 600
    b.stop()
    assert b.play(cues.LAST_TEN, 2000)


def test_muted_plays_nothing():
    pwm = RecordingPWM()
    b = Buzzer(pwm)
    b.play(cues.GO, 0)
    b.set_muted(True)
    assert pwm.duty == 0 and not b.playing
    assert not b.play(cues.TIME_UP, 10)
    assert pwm.duty == 0
    b.set_muted(False)
    assert b.play(cues.TIME_UP, 20)


def test_play_and_update_allocate_nothing():
    if not hasattr(gc, "mem_alloc"):
        return

    class QuietPWM:
        def freq(self, hz):
            pass

        def duty_u16(self, d):
            pass

    b = Buzzer(QuietPWM())
    gc.collect()
    before = gc.mem_alloc()
    b.play(cues.TIME_UP, 0)
    for t in range(0, 2000, 5):
        b.update(t)
    assert gc.mem_alloc() == before
