"""A push button -> PRESS and LONG_PRESS, debounced from the times of its edges.

The button works from edges: each is a level and the time it began (ticks_ms).
A level counts once it has held still for DEBOUNCE_MS (contacts bounce for a few
milliseconds): a press is a down level that held that long, followed by an up
level that held that long.  A press held LONG_MS (from its first edge) gives
LONG_PRESS at that moment (the menu opens while the thumb is still down) and
nothing on release; a shorter one gives PRESS once it is released.  A button
already down at boot must be released before it can press: no event at power-up.

Where the edges come from:

  * a pin interrupt (MicroPython: stud.boot.board hands `edge` to
    machine.Pin.irq, rising and falling).  The handler only stores the time and
    the level in a preallocated ring of RING entries (no heap: it may run as a
    hard interrupt); update() replays them, then samples the pin as below (so a
    port whose interrupt never fires still works, at the sampling's rate).  A
    tap is seen whatever the frame time, however busy the loop is.  A burst of
    chatter that fills the ring overwrites its newest entry: the merged entry
    still says "unstable until then", which is what debouncing needs.
  * otherwise, sampling: every update() (and every sample(now), which a board
    may call more often than it polls) reads the level and takes a change as an
    edge at that time.  No two equal samples are needed, so a tap longer than
    the time between samples is never missed; shorter ones need the interrupt
    (stud.drivers.controls' rest() samples while the loop sleeps, for them).

Events found between two polls wait in counters; update() returns one per call.
Nothing is allocated per update or per interrupt.
"""
from stud.core.compat import const
from stud.core.events import PRESS, LONG_PRESS

DEBOUNCE_MS = const(10)
LONG_MS = const(600)
RING = const(16)           # edges kept between two polls (a power of two)
_MASK = const(15)


class Button:
    def __init__(self, read, now, active_low=True, debounce_ms=DEBOUNCE_MS, long_ms=LONG_MS,
                 ticks_ms=None):
        self.read = read
        self.active_low = active_low
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.ticks_ms = ticks_ms      # for the interrupt's timestamps
        down = self._down()
        self.raw = down               # the level after the last edge ...
        self.changed = now            # ... and when that edge came
        self.stable = down            # the debounced level
        self.down_at = now            # when the stable press began (its first edge)
        self.spent = down             # True: this press produced its event (or began before boot)
        self.stuck_at_boot = down
        self.presses = 0              # events found, not yet returned
        self.longs = 0
        self.interrupts = False       # True once edges come from a pin interrupt
        self.times = [0] * RING       # the interrupt's ring: edge times and levels
        self.levels = [0] * RING
        self.head = 0                 # written by the interrupt only
        self.tail = 0                 # written by update() only

    def _down(self):
        v = self.read()
        return (not v) if self.active_low else bool(v)

    def edge(self, pin=None):
        """The pin interrupt's handler: store when and which level, nothing more."""
        h = self.head
        n = (h + 1) & _MASK
        if n == self.tail:            # full: merge into the newest entry
            n = h
            h = (h - 1) & _MASK
        self.times[h] = self.ticks_ms()
        self.levels[h] = 1 if self._down() else 0
        self.head = n

    def use_interrupts(self):
        """Edges will come to edge(): update() stops sampling the pin."""
        self.head = self.tail = 0
        self.interrupts = True

    def _settle(self, t, diff):
        """The level since the last edge held until `t`: does it count now?"""
        if self.raw == self.stable or diff(t, self.changed) < self.debounce_ms:
            return
        self.stable = self.raw
        if self.raw:
            self.down_at = self.changed
            self.spent = False
        elif not self.spent:
            self.spent = True
            if diff(self.changed, self.down_at) >= self.long_ms:
                self.longs += 1       # (released before a poll could see it held)
            else:
                self.presses += 1

    def _edge(self, t, down, diff):
        self._settle(t, diff)
        self.raw = down
        self.changed = t

    def sample(self, now, diff):
        """Read the pin once (no interrupt): a change is an edge at `now`."""
        down = self._down()
        if down != self.raw:
            self._edge(now, down, diff)

    def update(self, now, ticks_diff):
        """Take the edges since the last call; return PRESS, LONG_PRESS or 0."""
        if self.interrupts:
            t = self.tail
            h = self.head
            while t != h:
                self._edge(self.times[t], self.levels[t] == 1, ticks_diff)
                t = (t + 1) & _MASK
            self.tail = t
        self.sample(now, ticks_diff)      # (with interrupts: one that never came)
        self._settle(now, ticks_diff)
        if self.longs:
            self.longs -= 1
            return LONG_PRESS
        if self.presses:
            self.presses -= 1
            return PRESS
        if self.stable and not self.spent and ticks_diff(now, self.down_at) >= self.long_ms:
            self.spent = True
            return LONG_PRESS
        return 0
