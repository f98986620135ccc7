# Count-up stopwatch and countdown, in integer ms of a wrapping tick counter.
from tileclock.ticks import ticks_diff


class Stopwatch:
    """Counts up from start; pausing banks the time so far.

    Only the span of the current run goes through ticks_diff, so a round that
    straddles the counter's wrap (or is paused for days) still times right.
    """

    def __init__(self):
        self.reset()

    def reset(self):
        self.running = False
        self.started = False
        self._since = 0
        self._banked = 0

    def start(self, now):
        self.reset()
        self.resume(now)

    def resume(self, now):
        if not self.running:
            self._since = now
            self.running = True
            self.started = True

    def pause(self, now):
        if self.running:
            self._banked += ticks_diff(now, self._since)
            self.running = False

    def elapsed(self, now):
        if self.running:
            return self._banked + ticks_diff(now, self._since)
        return self._banked


class Countdown:
    """Counts down from `length_ms` to zero and stays there."""

    def __init__(self, length_ms):
        self.length_ms = length_ms
        self._watch = Stopwatch()

    @property
    def running(self):
        return self._watch.running

    @property
    def started(self):
        return self._watch.started

    def reset(self):
        self._watch.reset()

    def start(self, now):
        self._watch.start(now)

    def pause(self, now):
        self._watch.pause(now)

    def resume(self, now):
        self._watch.resume(now)

    def elapsed(self, now):
        return min(self._watch.elapsed(now), self.length_ms)

    def remaining(self, now):
        if not self._watch.started:
            return self.length_ms
        left = self.length_ms - self._watch.elapsed(now)
        return left if left > 0 else 0

    def expired(self, now):
        return self._watch.started and self.remaining(now) == 0
