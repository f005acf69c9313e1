"""The input harness: phantom and missed events of the real drivers
(stud.drivers.joystick, stud.drivers.button, stud.drivers.controls) against
synthetic ADC and pin traces.

    .venv/bin/python -m tools.device.inputbench [--quick]   # the table (tools/bench/run.py prints it too)

The stick is read through fake ADC channels: a level that is a function of the
time, uniform noise (a number, or a function of the time: a floating pin is noise
of 40%), and two kinds of spike: `spike`, a single reading at a rail (0 or full
scale), and `burst`, a whole poll read at a rail (both of the poll's readings).
It is polled once a frame through a Controls, as the app does, with a button
that can be tapped (`taps_every`: the player using the other controls).  A
scenario counts phantom moves (any move nobody made) and missed ones.

The button is an active-low contact: taps of a length (from the first contact to
the release), each edge chattering for `chatter` ms (a random level every ms), with
random gaps between taps so they fall at every phase of the frame; or 1 ms glitches
at rest (each millisecond, with a probability, the pin reads pressed).  Edges reach
the driver by a pin interrupt (as stud.boot.board wires it on MicroPython) or, for
the fallback, by sampling: at each poll only ("polled"), or also while the loop
sleeps (Controls.rest, as CircuitPython's board does: "polled+rest"; each frame's own
work takes BUSY_MS, when nothing is sampled).  A tap should give exactly one PRESS:
none is a missed tap, more (or a LONG_PRESS) phantoms.  Chatter or glitches alone
should give nothing.

host_tests/device/test_device_input.py asserts issues 12's and 32's targets with these.
"""
import random
import sys

from stud.core.events import NAMES, PRESS, LONG_PRESS
from stud.drivers.button import Button
from stud.drivers.controls import Controls
from stud.drivers.joystick import Joystick
from stud.drivers.repeat import REPEAT_DELAY_MS, REPEAT_MS

FRAMES = (20, 33, 50)
TAPS = (15, 20, 30, 120)
CHATTER = 5
SPIKE_RATES = (1e-4, 1e-3, 1e-2)
GLITCH_RATES = (1e-3, 1e-2)
HOLD_LEVELS = (0.78, 0.85, 0.89, 1.0)   # a hold past the threshold (0.75) to the end stop
FLOATING = 0.4                          # the noise of an unconnected pin
MOVES = ("UP", "DOWN", "LEFT", "RIGHT")


def diff(a, b):
    return a - b


# ---- the stick ----------------------------------------------------------------------
class Channel:
    """One fake ADC channel: level(t) (a fraction of full scale), noise, spikes."""

    def __init__(self, clock, level, noise, spike, rng, bits, burst=0.0, isolated=False):
        self.clock = clock
        self.level = level
        self.noise = noise if callable(noise) else (lambda t: noise)
        self.spike = spike
        self.burst = burst
        self.isolated = isolated      # a burst never follows a burst (exactly one poll)
        self.rng = rng
        self.full = (1 << bits) - 1
        self.t = None                 # the poll (clock time) the burst was decided for
        self.rail = None              # this poll's burst: a rail, or None

    def read(self):
        rng = self.rng
        t = self.clock[0]
        if self.burst and t != self.t:
            self.t = t
            was = self.rail
            self.rail = None
            if rng.random() < self.burst and not (self.isolated and was is not None):
                self.rail = self.full if rng.getrandbits(1) else 0
        if self.rail is not None:
            return self.rail
        if self.spike and rng.random() < self.spike:
            return self.full if rng.getrandbits(1) else 0
        n = self.noise(t)
        v = self.level(t) + rng.uniform(-n, n)
        return max(0, min(self.full, int(v * self.full)))


def taps(every_ms, start=1000, hold_ms=100):
    """A button level function: pressed for hold_ms every every_ms (None: never)."""
    if every_ms is None:
        return lambda t: False
    return lambda t: t >= start and (t - start) % every_ms < hold_ms


def run_stick(x=None, y=None, seconds=60, frame=20, noise=0.05, spike=0.0, burst=0.0,
              isolated=False, seed=1, bits=16, xnoise=None, taps_every=None, watch=None):
    """Poll a joystick (and a button) on fake channels through a Controls;
    returns (stick events [(t, name)], the joystick).  xnoise: VRx's noise, if not
    `noise`; taps_every: the button is tapped this often; watch(t, joystick): called
    after each poll."""
    rng = random.Random(seed)
    clock = [0]
    cx = Channel(clock, x or (lambda t: 0.5), noise if xnoise is None else xnoise, spike, rng,
                 bits, burst, isolated)
    cy = Channel(clock, y or (lambda t: 0.5), noise, spike, rng, bits, burst, isolated)
    pressed = taps(taps_every)
    j = Joystick(cx.read, cy.read, bits)
    b = Button(lambda: not pressed(clock[0]), 0)
    ctl = Controls(j, b, lambda: clock[0], diff)
    out = []
    t = 0
    end = seconds * 1000
    while t < end:
        clock[0] = t
        for e in ctl.poll():
            if e != PRESS and e != LONG_PRESS:
                out.append((t, NAMES[e]))
        if watch is not None:
            watch(t, j)
        t += frame
    return out, j


def pushes(every_ms, hold_ms=150, start=5000, to=1.0):
    """A level function: a push to `to` for hold_ms every every_ms (from start)."""
    def level(t):
        if t >= start and (t - start) % every_ms < hold_ms:
            return to
        return 0.5
    return level


def count_pushes(events, every_ms, seconds, name, hold_ms=150, start=5000):
    """(missed pushes, phantom events) for a pushes() trace read as `name`."""
    got = {}
    phantom = 0
    for t, e in events:
        k = (t - start) // every_ms
        if t >= start and (t - start) % every_ms < hold_ms and e == name:
            got[k] = got.get(k, 0) + 1
        else:
            phantom += 1
    n = (seconds * 1000 - start - hold_ms) // every_ms + 1
    missed = sum(1 for k in range(n) if k not in got)
    phantom += sum(c - 1 for c in got.values())
    return missed, phantom


def hold_counts(level, hold_ms=5000, n=10, frame=20, seed=7, axis="x", gap_ms=2000):
    """n holds of hold_ms at `level` (a fraction of full scale), gap_ms apart, on one
    axis; returns (missing repeats, moves against the hold, other extra moves).

    A hold should give one move as it is confirmed and then repeat on schedule until
    it is let go; the opposite direction should never come."""
    period = hold_ms + gap_ms

    def f(t):
        return level if t >= 1000 and (t - 1000) % period < hold_ms else 0.5
    kw = {axis: f}
    events, _ = run_stick(seconds=(1000 + n * period) // 1000 + 1, frame=frame, seed=seed, **kw)
    if axis == "x":
        want, against = ("RIGHT", "LEFT") if level > 0.5 else ("LEFT", "RIGHT")
    else:
        want, against = ("DOWN", "UP") if level > 0.5 else ("UP", "DOWN")
    per = (hold_ms - frame - REPEAT_DELAY_MS) // REPEAT_MS + 2     # the schedule's moves
    missing = 0
    opposite = sum(1 for _, e in events if e == against)
    other = sum(1 for _, e in events if e not in (want, against))
    for k in range(n):
        a = 1000 + k * period
        got = sum(1 for t, e in events if e == want and a <= t < a + period)
        missing += max(0, per - 1 - got)          # a frame of latency may cost the last
        other += max(0, got - per)
    return missing, opposite, other


def run_offset(off, seconds=600, frame=20, seed=5, taps_every=None):
    """The resting point jumps by `off` (a fraction of the scale) at 10 s."""
    return run_stick(x=lambda t: 0.5 + off if t >= 10000 else 0.5, seconds=seconds, frame=frame,
                     seed=seed, taps_every=taps_every)


def run_stuck(seconds=60, frame=20, seed=6):
    """x at the high rail from boot; y pushed DOWN for 150 ms every 2 s from 5 s."""
    return run_stick(x=lambda t: 1.0, y=pushes(2000, start=5000), seconds=seconds, frame=frame,
                     seed=seed)


def floating_from(start):
    """VRx's noise: a pin that floats from `start` ms on (unconnected: 40% swings)."""
    return lambda t: FLOATING if t >= start else 0.05


def stick_rows(frame=20, seconds=600):
    """[(scenario, phantom, missed, note)] for the stick at one frame time."""
    rows = []
    ev, _ = run_stick(seconds=seconds, frame=frame, noise=0.05, seed=1)
    rows.append(("stick noise 5%", len(ev), None, "%d s" % seconds))
    for rate in SPIKE_RATES:
        ev, _ = run_stick(seconds=seconds, frame=frame, spike=rate, seed=2)
        rows.append(("stick spikes %g/reading" % rate, len(ev), None, "%d s" % seconds))
    for rate in SPIKE_RATES:
        ev, _ = run_stick(seconds=seconds, frame=frame, burst=rate, seed=2)
        rows.append(("stick spikes %g/poll (whole poll)" % rate, len(ev), None,
                     "%d s" % seconds))
    # pushes every 2 s among spikes: none missed, none doubled
    ev, _ = run_stick(x=pushes(2000), seconds=120, frame=frame, burst=1e-3, seed=3)
    missed, phantom = count_pushes(ev, 2000, 120, "RIGHT")
    rows.append(("stick pushes + spikes 1e-3/poll", phantom, missed, "58 pushes, 120 s"))
    # holds of 5 s past the threshold: repeats all the way, nothing against on release
    for level in HOLD_LEVELS:
        missing, opposite, other = hold_counts(level, frame=frame)
        rows.append(("stick hold at %d%% of the scale, 5 s" % round(level * 100), opposite + other,
                     missing, "10 holds: %d moves against on release" % opposite))
    # slow drift of 22% over 60 s
    ev, _ = run_stick(x=lambda t: 0.5 + 0.22 * min(t, 60000) / 60000,
                      y=lambda t: 0.5 - 0.15 * min(t, 60000) / 60000,
                      seconds=120, frame=frame, seed=4)
    rows.append(("stick drift 22%/60 s", len(ev), None, "120 s"))
    # a sudden offset at 10 s short of the threshold: a new centre, no move
    for off in (0.1, 0.2):
        ev, _ = run_offset(off, seconds, frame)
        rows.append(("stick offset %d%% at 10 s" % (off * 100), len(ev), None, "%d s" % seconds))
    # an offset past the threshold is a hold, until it stays put for a minute while the
    # button is used (tapped every 5 s)
    stuck_at = []
    ev, j = run_stick(x=lambda t: 0.8 if t >= 10000 else 0.5, seconds=120, frame=frame, seed=5,
                      taps_every=5000,
                      watch=lambda t, j: stuck_at.append(t) if j.stuck and not stuck_at else None)
    late = [e for e in ev if stuck_at and e[0] > stuck_at[0]]
    rows.append(("stick offset 30% at 10 s, button used", len(ev), None,
                 "stuck at %s s, %d moves after" % ("%.1f" % (stuck_at[0] / 1000.0) if stuck_at
                                                    else "-", len(late))))
    # an axis stuck at a rail from boot; the other axis plays
    ev, j = run_stuck(60, frame)
    xs = [e for e in ev if e[1] in ("LEFT", "RIGHT")]
    missed, _ = count_pushes([e for e in ev if e[1] == "DOWN"], 2000, 60, "DOWN")
    rows.append(("stick x stuck at rail from boot", len(xs), missed,
                 "notice %s" % ("on screen" if j.warning else "MISSING")))
    # a floating VRx: from boot, and from 10 s (a wire comes off)
    for start in (0, 10000):
        seen = []
        ev, j = run_stick(seconds=60, frame=frame, seed=8, xnoise=floating_from(start),
                          watch=lambda t, j: seen.append(t) if j.warning and not seen else None)
        rows.append(("stick VRx floating from %d s" % (start // 1000), len(ev), None,
                     "%d moves/min; notice %s" % (round(len(ev) * 60.0 / (60 - start / 1000.0)),
                                                  "at %.2f s" % (seen[0] / 1000.0) if seen
                                                  else "MISSING")))
    return rows


# ---- the button ---------------------------------------------------------------------
def tap_trace(tap_ms, n, chatter, rng, start=100):
    """[(t, down)] level changes of n taps, and the taps' (start, end) times."""
    changes = []
    taps = []
    t = start
    level = 0

    def put(at, down):
        nonlocal level
        if down != level:
            changes.append((at, down))
            level = down

    for _ in range(n):
        a = t
        b = a + tap_ms
        for k in range(chatter):
            put(a + k, rng.getrandbits(1))
        put(a + chatter, 1)
        for k in range(chatter):
            put(b + k, rng.getrandbits(1))
        put(b + chatter, 0)
        taps.append((a, b))
        t = b + chatter + rng.randint(150, 300)
    return changes, taps, t


def chatter_trace(n, chatter, rng, start=100):
    """[(t, down)]: n bursts of chatter with no press (the level ends up)."""
    changes = []
    level = 0
    t = start
    for _ in range(n):
        for k in range(chatter):
            v = rng.getrandbits(1)
            if v != level:
                changes.append((t + k, v))
                level = v
        if level:
            changes.append((t + chatter, 0))
            level = 0
        t += chatter + rng.randint(100, 200)
    return changes, t


def glitch_trace(rate, ms, rng):
    """[(t, down)]: each millisecond of `ms`, with probability `rate`, the pin reads
    pressed for that millisecond (adjacent ones merge)."""
    changes = []
    down = False
    for t in range(ms):
        g = rng.random() < rate
        if g != down:
            changes.append((t, 1 if g else 0))
            down = g
    if down:
        changes.append((ms, 0))
    return changes


def either(a, b):
    """[(t, down)]: the level changes of two traces pressed together (down if either is)."""
    out = []
    la = lb = 0
    i = j = 0
    while i < len(a) or j < len(b):
        if j >= len(b) or (i < len(a) and a[i][0] <= b[j][0]):
            t, la = a[i]
            i += 1
        else:
            t, lb = b[j]
            j += 1
        v = 1 if la or lb else 0
        if out and out[-1][0] == t:
            out.pop()
        if (out[-1][1] if out else 0) != v:
            out.append((t, v))
    return out


BUSY_MS = 5     # the work of a frame while the game waits for the player (a Pico: a few ms)


def run_button(changes, end, frame, interrupts=True, rest=False, busy=BUSY_MS):
    """Drive a Button through level changes, polled every `frame` ms; [(t, code)].

    rest: without interrupts, after each frame's `busy` ms of work the board's sleep
    samples the pin (stud.drivers.controls.Controls.rest, the real one)."""
    clock = [0]
    level = [0]
    b = Button(lambda: 0 if level[0] else 1, 0, ticks_ms=lambda: clock[0])
    if interrupts:
        b.use_interrupts()
    ctl = Controls(None, b, lambda: clock[0], diff)
    out = []
    state = [0]                  # the next change to apply

    def until(t):
        i = state[0]
        while i < len(changes) and changes[i][0] <= t:
            clock[0], level[0] = changes[i]
            if interrupts:
                b.edge()
            i += 1
        state[0] = i
        clock[0] = t

    def sleep(ms):
        until(clock[0] + ms)

    t = 0
    while t < end:
        until(t)
        e = b.update(t, diff)
        while e:
            out.append((t, e))
            e = b.update(t, diff)
        if rest and not interrupts:
            until(t + busy)
            ctl.rest(frame - busy, sleep)
        t += frame
    return out


def tap_counts(tap_ms, frame, n=300, chatter=CHATTER, interrupts=True, seed=1, **rest):
    """(seen, missed, phantom) for n taps of tap_ms at one frame time."""
    rng = random.Random(seed * 1000 + tap_ms * 7 + frame)
    changes, taps, end = tap_trace(tap_ms, n, chatter, rng)
    return score_taps(run_button(changes, end + 200, frame, interrupts, **rest), taps)


def score_taps(events, taps):
    """(seen, missed, phantom): each tap should give one PRESS, after it began and
    before the next one begins."""
    n = len(taps)
    per = [0] * n
    phantom = 0
    k = 0
    for t, e in events:
        while k + 1 < n and t >= taps[k + 1][0]:
            k += 1
        if e == PRESS and t >= taps[k][0]:
            per[k] += 1
        else:
            phantom += 1
    seen = sum(1 for c in per if c)
    phantom += sum(c - 1 for c in per if c > 1)
    return seen, n - seen, phantom


def chatter_phantoms(frame, n=300, chatter=CHATTER, interrupts=True, seed=1, **rest):
    rng = random.Random(seed)
    changes, end = chatter_trace(n, chatter, rng)
    return sum(1 for _, e in run_button(changes, end + 200, frame, interrupts, **rest)
               if e in (PRESS, LONG_PRESS))


def glitch_presses(rate, frame, seconds=100, interrupts=True, seed=1, **rest):
    """Events from 1 ms glitches at `rate` per ms, for `seconds`, nobody pressing."""
    changes = glitch_trace(rate, seconds * 1000, random.Random(seed))
    return len(run_button(changes, seconds * 1000 + 200, frame, interrupts, **rest))


REST = {"irq": {}, "polled": {"interrupts": False},
        "polled+rest": {"interrupts": False, "rest": True}}


def button_rows(n=300, how="irq", seconds=600):
    """[(scenario, phantom, missed, note)] for taps against frame times, and glitches.

    how: "irq" (the pin interrupt), "polled" (sampled at each poll only),
    "polled+rest" (also while the loop sleeps; each frame's own work takes BUSY_MS,
    when nothing is sampled: a frame time beyond FRAME_MS = 20 is then a sleep that
    long, as if the loop ran slower)."""
    rows = []
    kw = REST[how]
    for frame in FRAMES:
        for tap in TAPS:
            seen, missed, phantom = tap_counts(tap, frame, n, **kw)
            rows.append(("button %s %d ms tap, %d ms frames" % (how, tap, frame), phantom, missed,
                         "%d/%d seen" % (seen, n)))
        rows.append(("button %s chatter alone, %d ms frames" % (how, frame),
                     chatter_phantoms(frame, n, **kw), None, "%d bursts" % n))
        for rate in GLITCH_RATES:
            rows.append(("button %s 1 ms glitches %g/ms, %d ms frames" % (how, rate, frame),
                         glitch_presses(rate, frame, seconds, **kw), None, "%d s" % seconds))
    return rows


def all_rows(quick=False):
    seconds = 120 if quick else 600
    return (stick_rows(20, seconds) + button_rows(300, "irq", seconds)
            + button_rows(300, "polled", seconds) + button_rows(300, "polled+rest", seconds))


def print_rows(rows, out=print):
    out("| input scenario | phantom | missed | |")
    out("|---|---:|---:|---|")
    for name, phantom, missed, note in rows:
        out("| %s | %d | %s | %s |" % (name, phantom, "-" if missed is None else missed, note))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    print_rows(all_rows(quick="--quick" in argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
