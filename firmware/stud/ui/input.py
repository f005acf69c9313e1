"""Input events as the app takes them: latched once per frame, repeated while a
direction is held, dropped while an animation plays.

A board's input source (stud.drivers, the simulator's keyboard, a script)
returns from poll() the event codes of stud.core.events latched since the last
poll; drivers debounce the button and tell PRESS from LONG_PRESS.  Here:

  * Presses and moves that arrive while an animation plays (an action flash,
    cards being dealt, the computer about to act) are dropped, as on a
    handheld: a press buffered during a flash must not act on the screen that
    follows it.  A long press is never dropped - it opens the menu anywhere.
  * Auto-repeat: a source that can tell which direction is held (a `held()`
    method returning UP, DOWN, LEFT, RIGHT or 0) gets repeats here, on the
    joystick's schedule (stud.drivers.repeat: the first after REPEAT_DELAY_MS,
    then one every REPEAT_MS).  Sources that repeat by themselves (the
    joystick driver, a terminal's key repeat) need no `held()`.

Nothing is allocated per poll: events go into a fixed bytearray.
"""
from stud.core.compat import const
from stud.core.events import LONG_PRESS
from stud.drivers.repeat import Repeat

_SIZE = const(16)             # events kept per frame; more in one frame are dropped


class Input:
    def __init__(self, source, ticks_diff=None):
        self.source = source
        self.codes = bytearray(_SIZE)
        self.n = 0
        self.dropped = 0      # events dropped during animations, since start
        self._held = getattr(source, "held", None)
        self._diff = ticks_diff
        self._repeat = Repeat() if self._held is not None else None

    def poll(self, now, busy):
        """Take the source's events; keep those the app should act on; return how many."""
        got = self.source.poll()
        if not got and self._held is None:
            self.n = 0          # the usual frame: nothing happened (and no call frame
            return 0            # big enough to come from the heap on MicroPython)
        return self._take(got, now, busy)

    def _take(self, got, now, busy):
        n = 0
        codes = self.codes
        for code in got:
            if busy and code != LONG_PRESS:
                self.dropped += 1
            elif n < _SIZE:
                codes[n] = code
                n += 1
        if self._held is not None:
            n = self._repeat_held(now, busy, n)
        self.n = n
        return n

    def _repeat_held(self, now, busy, n):
        rep = self._repeat
        if rep.new(self._held(), now):
            return n                 # a new hold: its first event came from the source
        if rep.due(now, self._diff):
            d = rep.held
            if busy:
                self.dropped += 1
            elif n < _SIZE:
                self.codes[n] = d
                n += 1
        return n
