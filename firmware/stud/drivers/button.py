"""A push button -> PRESS and LONG_PRESS, debounced.

A press is a down level that counts, followed by an up level that counts.  A
press held LONG_MS (from its first edge) gives LONG_PRESS at that moment (the
menu opens while the thumb is still down) and nothing on release; a shorter one
gives PRESS once it is released.  A button already down at boot must be
released before it can press: no event at power-up.

When a level counts depends on where it comes from:

  * a pin interrupt (MicroPython: stud.boot.board hands `edge` to
    machine.Pin.irq, rising and falling) times each edge.  The handler only
    stores the time and the level in a preallocated ring of _RING entries (no
    heap: it may run as a hard interrupt); update() replays them.  A level
    counts once it has held still for _DEBOUNCE_MS (contacts bounce for a few
    milliseconds).  A tap is seen whatever the frame time, however busy the loop
    is.  A burst of chatter that fills the ring overwrites its newest entry: the
    merged entry still says "unstable until then", which is what debouncing needs.
  * sampling (no interrupt: CircuitPython; and every update() as well until an
    interrupt has come, for a port whose interrupt never fires): sample(now) reads
    the level.  What happened
    between two samples is unknown, so a level counts only once SEEN samples in a
    row, taken at different milliseconds and spanning at least SEEN_MS, have all
    read it: a glitch of a millisecond or two is never a press, even when the
    frame's work leaves a gap between two samples.  update() samples once a
    frame; stud.drivers.controls' rest() samples every millisecond while the loop
    sleeps, which is what catches a short tap.

Events found between two polls wait in counters; update() returns one per call.
Nothing is allocated per update, per sample or per interrupt.
"""
from stud.core.compat import const
from stud.core.events import PRESS, LONG_PRESS

_DEBOUNCE_MS = const(10)
SEEN = const(3)            # samples in a row that must read a level ...
SEEN_MS = const(5)         # ... over at least this long
LONG_MS = const(600)
_RING = const(16)          # edges kept between two polls (a power of two)
_MASK = const(15)


class Button:
    def __init__(self, read, now, active_low=True, debounce_ms=_DEBOUNCE_MS, long_ms=LONG_MS,
                 ticks_ms=None):
        self.read = read
        self.active_low = active_low
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.ticks_ms = ticks_ms      # for the interrupt's timestamps
        down = self._down()
        self.stable = down            # the debounced level
        self.down_at = now            # when the stable press began (its first edge)
        self.spent = down             # True: this press produced its event (or began before boot)
        self.stuck_at_boot = down
        self.presses = 0              # events found, not yet returned
        self.longs = 0
        self.raw = down               # edges: the level after the last edge ...
        self.changed = now            # ... and when that edge came
        self.level = down             # samples: the level the last one read ...
        self.first = now              # ... the time of the first of the run that read it ...
        self.last = now               # ... of the last one ...
        self.run = SEEN               # ... and how many (up to SEEN) read it
        self.interrupts = False       # True once edges come from a pin interrupt ...
        self.fired = False            # ... and once one has come (then no sampling)
        self.times = [0] * _RING       # the interrupt's ring: edge times and levels
        self.levels = [0] * _RING
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
        """Edges will come to edge(): update() replays them."""
        self.head = self.tail = 0
        self.interrupts = True

    def _count(self, down, since, diff):
        """The debounced level becomes `down`, which began at `since`."""
        self.stable = down
        self.raw = down               # (both rules agree from here)
        self.changed = since
        if down:
            self.down_at = since
            self.spent = False
        elif not self.spent:
            self.spent = True
            if diff(since, self.down_at) >= self.long_ms:
                self.longs += 1       # (released before a poll could see it held)
            else:
                self.presses += 1

    def _settle(self, t, diff):
        """The level since the last edge held until `t`: does it count now?"""
        if self.raw != self.stable and diff(t, self.changed) >= self.debounce_ms:
            self._count(self.raw, self.changed, diff)

    def _edge(self, t, down, diff):
        self._settle(t, diff)
        self.raw = down
        self.changed = t

    def sample(self, now, diff):
        """Read the pin once: the level counts once SEEN samples over SEEN_MS read it."""
        down = self._down()
        if down != self.level:
            self.level = down
            self.first = now
            self.run = 1
        elif self.run < SEEN and diff(now, self.last) > 0:
            self.run += 1
        self.last = now
        if down != self.stable and self.run >= SEEN and diff(now, self.first) >= SEEN_MS:
            self._count(down, self.first, diff)

    def update(self, now, ticks_diff):
        """Take the edges (or a sample) since the last call; return PRESS, LONG_PRESS or 0."""
        if self.interrupts:
            t = self.tail
            h = self.head
            while t != h:
                self._edge(self.times[t], self.levels[t] == 1, ticks_diff)
                t = (t + 1) & _MASK
                self.fired = True
            self.tail = t
            self._settle(now, ticks_diff)
        if not self.fired:
            self.sample(now, ticks_diff)  # (with interrupts: until one comes, if ever)
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
