# A passive piezo on a PWM pin, playing tunes without blocking.
#
# play(cue, now) starts the cue's tune (from tileclock.sounds); update(now),
# called from the loop, moves to the next note when the current one is due;
# next_deadline() tells the loop when that is, so it can sleep until then.
# Note times are scheduled from the previous note's planned end, so a late
# update shortens one note instead of stretching the tune.
#
# `pwm` is anything with freq(hz) and duty_u16(duty): a machine.PWM on the
# board, a recorder on the simulator. Setting both costs a few us on the
# RP2040; nothing here allocates after __init__.
from tileclock import sounds, ticks

from micropython import const

LOUD = const(32768)          # 50 % duty: a piezo's loudest
QUIET = const(4096)


class Buzzer:
    def __init__(self, pwm, duty=LOUD, tunes=None, priority=None):
        self._pwm = pwm
        self.duty = duty
        self.muted = False
        self._tunes = sounds.TUNES if tunes is None else tunes
        self._priority = sounds.PRIORITY if priority is None else priority
        self._tune = ()
        self._cue = 0
        self._index = 0          # index of the next (frequency, ms) pair
        self._due = 0            # tick the current note ends
        self.playing = False
        self._silence()

    def _silence(self):
        self._pwm.duty_u16(0)

    def play(self, cue, now):
        """Start the tune of `cue` (a tileclock.cues int) at tick `now`."""
        tune = self._tunes.get(cue)
        if not tune or self.muted:
            return False
        if self.playing and self._priority.get(self._cue, 1) > self._priority.get(cue, 1):
            return False
        self._tune = tune
        self._cue = cue
        self._index = 0
        self._due = now
        self.playing = True
        self._next(now)
        return True

    def _next(self, now):
        tune = self._tune
        # skip notes whose time has already passed (a late update)
        while self._index < len(tune) and ticks.ticks_diff(now, self._due) >= 0:
            freq = tune[self._index]
            self._due = ticks.ticks_add(self._due, tune[self._index + 1])
            self._index += 2
            if ticks.ticks_diff(now, self._due) < 0:
                if freq:
                    self._pwm.freq(freq)
                    self._pwm.duty_u16(self.duty)
                else:
                    self._silence()
                return
        if ticks.ticks_diff(now, self._due) >= 0:
            self.stop()

    def update(self, now):
        """Move the tune on; call every pass of the loop (cheap when idle)."""
        if self.playing:
            if self.muted:           # muted while a tune played
                self.stop()
            elif ticks.ticks_diff(now, self._due) >= 0:
                self._next(now)

    def next_deadline(self):
        """The tick of the next note change, or None when silent."""
        return self._due if self.playing else None

    def stop(self):
        self._silence()
        self.playing = False
        self._cue = 0

    def set_muted(self, muted):
        self.muted = muted
        if muted:
            self.stop()
