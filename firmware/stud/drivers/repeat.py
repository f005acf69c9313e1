"""Auto-repeat of a held direction: the one schedule every input uses.

A direction held down gives its first event at once, a repeat after
REPEAT_DELAY_MS, then one every REPEAT_MS, on schedule: a poll that comes late
(the loop was busy drawing or a bot was thinking) fires the repeat, and the next
one is still due REPEAT_MS after the time it was due, unless the poll was more
than a whole repeat late (then the schedule starts again from now, so a long
stall never gives a burst of catch-up events).

It lives with the drivers because the joystick (stud.drivers.joystick) is what
holds a direction on the device; stud.ui.input uses the same class for any other
source that can say which direction is held (a `held()` method), so the
handheld and every host input repeat alike.  Nothing is allocated per update.
"""
from stud.core.compat import const

REPEAT_DELAY_MS = const(400)
REPEAT_MS = const(120)


class Repeat:
    """The repeat schedule of one held direction (0: nothing held)."""

    def __init__(self):
        self.held = 0
        self.last = 0          # when the held direction last produced an event (ticks_ms)
        self.wait = REPEAT_DELAY_MS

    def new(self, d, now):
        """True if `d` (a direction, or 0) is not what was held: a new hold (or a
        release) starts here, and its first event is the caller's."""
        if d == self.held:
            return False
        self.held = d
        self.last = now
        self.wait = REPEAT_DELAY_MS
        return True

    def due(self, now, ticks_diff):
        """True if the held direction should repeat at `now`."""
        if not self.held:
            return False
        late = ticks_diff(now, self.last)
        if late < self.wait:
            return False
        # on schedule, or from now if the loop was busy for longer than a repeat
        self.last = now if late >= self.wait + REPEAT_MS else self.last + self.wait
        self.wait = REPEAT_MS
        return True
