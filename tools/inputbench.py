"""The input harness: phantom and missed events of the real drivers
(stud.drivers.joystick, stud.drivers.button) against synthetic ADC and pin traces.

    .venv/bin/python tools/inputbench.py          # the table (tools/bench/run.py prints it too)

The stick is read through fake ADC channels: a level that is a function of the
time, uniform noise, and spikes (each reading, with probability `spike`, is a
rail: 0 or full scale).  It is polled once a frame, as the app does.  A scenario
counts phantom events (any event while nobody touches the stick) and missed ones
(a real push, 150 ms to a rail, that gave no event in its direction).

The button is an active-low contact: taps of a length (from the first contact to
the release), each edge chattering for `chatter` ms (a random level every ms), with
random gaps between taps so they fall at every phase of the frame.  Edges reach
the driver by a pin interrupt (as stud.boot.board wires it on MicroPython) or,
for the fallback, by sampling at each poll (and, where the board's sleep samples
too - Controls.rest - every 4 ms while the loop sleeps).  A tap should give exactly one PRESS:
none is a missed tap, more (or a LONG_PRESS) phantoms.  Chatter alone (no press)
should give nothing.

host_tests/device/test_device_input.py asserts issue 12's targets with these.
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if os.path.join(ROOT, "firmware") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "firmware"))

from stud.core.events import NAMES, PRESS, LONG_PRESS  # noqa: E402
from stud.drivers.button import Button  # noqa: E402
from stud.drivers.joystick import Joystick  # noqa: E402

FRAMES = (20, 33, 50)
TAPS = (20, 30, 40, 50, 60)
CHATTER = 5


def diff(a, b):
    return a - b


# ---- the stick ----------------------------------------------------------------------
class Channel:
    """One fake ADC channel: level(t) (a fraction of full scale), noise, spikes."""

    def __init__(self, clock, level, noise, spike, rng, bits):
        self.clock = clock
        self.level = level
        self.noise = noise
        self.spike = spike
        self.rng = rng
        self.full = (1 << bits) - 1

    def read(self):
        rng = self.rng
        if self.spike and rng.random() < self.spike:
            return self.full if rng.getrandbits(1) else 0
        v = self.level(self.clock[0]) + rng.uniform(-self.noise, self.noise)
        return max(0, min(self.full, int(v * self.full)))


def run_stick(x=None, y=None, seconds=60, frame=20, noise=0.05, spike=0.0, seed=1, bits=16):
    """Poll a joystick on fake channels; returns (events [(t, name)], the joystick)."""
    rng = random.Random(seed)
    clock = [0]
    cx = Channel(clock, x or (lambda t: 0.5), noise, spike, rng, bits)
    cy = Channel(clock, y or (lambda t: 0.5), noise, spike, rng, bits)
    j = Joystick(cx.read, cy.read, bits)
    out = []
    t = 0
    end = seconds * 1000
    while t < end:
        clock[0] = t
        e = j.update(t, diff)
        if e:
            out.append((t, NAMES[e]))
        t += frame
    return out, j


def pushes(every_ms, hold_ms=150, start=5000):
    """A level function: a push to the high rail for hold_ms every every_ms (from start)."""
    def level(t):
        if t >= start and (t - start) % every_ms < hold_ms:
            return 1.0
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


def run_offset(off, seconds=600, frame=20, seed=5):
    """The resting point jumps by `off` (a fraction of the scale) at 10 s."""
    return run_stick(x=lambda t: 0.5 + off if t >= 10000 else 0.5, seconds=seconds, frame=frame,
                     seed=seed)


def run_stuck(seconds=60, frame=20, seed=6):
    """x at the high rail from boot; y pushed DOWN for 150 ms every 2 s from 5 s."""
    return run_stick(x=lambda t: 1.0, y=pushes(2000, start=5000), seconds=seconds, frame=frame,
                     seed=seed)


def stick_rows(frame=20, seconds=600):
    """[(scenario, phantom, missed, note)] for the stick at one frame time."""
    rows = []
    ev, _ = run_stick(seconds=seconds, frame=frame, noise=0.05, seed=1)
    rows.append(("stick noise 5%", len(ev), None, "%d s" % seconds))
    for rate in (1e-4, 1e-3):
        ev, _ = run_stick(seconds=seconds, frame=frame, spike=rate, seed=2)
        rows.append(("stick spikes %g/sample" % rate, len(ev), None, "%d s" % seconds))
    # pushes every 2 s among spikes: none missed, none doubled
    ev, _ = run_stick(x=pushes(2000), seconds=120, frame=frame, spike=1e-3, seed=3)
    missed, phantom = count_pushes(ev, 2000, 120, "RIGHT")
    rows.append(("stick pushes + spikes 1e-3", phantom, missed, "58 pushes, 120 s"))
    # slow drift of 22% over 60 s
    ev, _ = run_stick(x=lambda t: 0.5 + 0.22 * min(t, 60000) / 60000,
                      y=lambda t: 0.5 - 0.15 * min(t, 60000) / 60000,
                      seconds=120, frame=frame, seed=4)
    rows.append(("stick drift 22%/60 s", len(ev), None, "120 s"))
    # a sudden offset at 10 s: how many events, and any once it settled (after 13 s)?
    for off in (0.2, 0.3):
        ev, _ = run_offset(off, seconds, frame)
        late = [e for e in ev if e[0] >= 13000]
        rows.append(("stick offset %d%% at 10 s" % (off * 100), len(ev), None,
                     "%d after 13 s" % len(late)))
    # an axis stuck at a rail from boot; then the other axis and a push of it
    ev, j = run_stuck(60, frame)
    after = [e for e in ev if e[0] >= 3000 and e[1] in ("LEFT", "RIGHT")]
    missed, _ = count_pushes([e for e in ev if e[1] == "DOWN"], 2000, 60, "DOWN")
    rows.append(("stick x stuck at rail", len(after), missed,
                 "warning %s" % ("on screen" if j.warning else "MISSING")))
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


def run_button(changes, end, frame, interrupts=True, rest_slice=0, busy=0):
    """Drive a Button through level changes, polled every `frame` ms; [(t, code)].

    rest_slice: without interrupts, the board's sleep after each frame's `busy` ms of
    work samples the pin every rest_slice ms (stud.drivers.controls.Controls.rest)."""
    clock = [0]
    level = [0]
    b = Button(lambda: 0 if level[0] else 1, 0, ticks_ms=lambda: clock[0])
    if interrupts:
        b.use_interrupts()
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

    t = 0
    while t < end:
        until(t)
        e = b.update(t, diff)
        while e:
            out.append((t, e))
            e = b.update(t, diff)
        if rest_slice and not interrupts:
            s = t + busy + rest_slice
            while s < t + frame:
                until(s)
                b.sample(s, diff)
                s += rest_slice
        t += frame
    return out


def tap_counts(tap_ms, frame, n=300, chatter=CHATTER, interrupts=True, seed=1, **rest):
    """(seen, missed, phantom) for n taps of tap_ms at one frame time."""
    rng = random.Random(seed * 1000 + tap_ms * 7 + frame)
    changes, taps, end = tap_trace(tap_ms, n, chatter, rng)
    events = run_button(changes, end + 200, frame, interrupts, **rest)
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


REST = {"irq": {}, "polled": {"interrupts": False},
        "polled+rest": {"interrupts": False, "rest_slice": 4, "busy": 5}}
BUSY_MS = 5     # the work of a frame while the game waits for the player (a Pico: a few ms)


def button_rows(n=300, how="irq"):
    """[(scenario, phantom, missed, note)] for taps against frame times.

    how: "irq" (the pin interrupt), "polled" (sampled at each poll only),
    "polled+rest" (also every 4 ms while the loop sleeps; each frame's own work
    takes BUSY_MS, when nothing is sampled: a frame time beyond FRAME_MS = 20 is then
    a sleep that long, as if the loop ran slower)."""
    rows = []
    for frame in FRAMES:
        kw = REST[how]
        for tap in TAPS:
            seen, missed, phantom = tap_counts(tap, frame, n, **kw)
            rows.append(("button %s %d ms tap, %d ms frames" % (how, tap, frame), phantom, missed,
                         "%d/%d seen" % (seen, n)))
        rows.append(("button %s chatter alone, %d ms frames" % (how, frame),
                     chatter_phantoms(frame, n, **kw), None, "%d bursts" % n))
    return rows


def all_rows(quick=False):
    seconds = 120 if quick else 600
    return (stick_rows(20, seconds) + button_rows(300, "irq") + button_rows(300, "polled")
            + button_rows(300, "polled+rest"))


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
