"""An analog thumb joystick on two ADC channels -> UP, DOWN, LEFT, RIGHT events.

At boot the centre is the mean of several samples (a stick pushed or
unwired at boot is reported, and mid-scale is used instead).  Readings are
taken relative to it in per-mille of the ADC's full scale, so 12-bit and
16-bit converters behave the same.  A direction starts beyond ON_PERMILLE
(a quarter of the scale from the centre: half-way to the end stop) and ends
only below OFF_PERMILLE: noise around either threshold cannot make it
chatter.  Diagonals go to the axis pushed further.  A held direction repeats:
once after REPEAT_DELAY_MS, then every REPEAT_MS (stud.drivers.repeat, the one
schedule).

What the stick must not do is move by itself.  Each poll reads each axis twice,
back to back: two readings further apart than AGREE_PERMILLE are a spike, and the
axis keeps its last reading (a single-sample spike to a rail is never a move).
While the stick rests inside TRACK_PERMILLE the centre follows it slowly, so
temperature and supply drift never turn into a push; an axis that holds still
(within SETTLE_PERMILLE) for SETTLE_MS away from the centre but short of
FIRM_PERMILLE (a sudden offset: a knock, a changed supply) takes that point as
its centre, ending any repeat it caused.  An axis read at a rail (within
RAIL_PERMILLE of either end of the scale) for STUCK_MS is ignored until it comes
back - a wire off, a short - and `warning` says so in words for the screen
(stud.ui polls it; the drivers never import the UI); the other axis and the
button go on working.

The board map turns a rotated or mirrored stick around: swap (VRx and VRy
exchanged, a stick mounted at 90 degrees), invert_x, invert_y.  After them,
x grows to the RIGHT and y grows DOWN (screen coordinates).
"""
from stud.core.compat import const
from stud.core.events import UP, DOWN, LEFT, RIGHT
from stud.drivers.repeat import Repeat

ON_PERMILLE = const(250)
OFF_PERMILLE = const(150)
TRACK_PERMILLE = const(80)
TRACK_SHIFT = const(5)        # the centre moves 1/32 of the way to each resting sample
CAL_SAMPLES = const(16)
CAL_SPREAD_PERMILLE = const(100)   # a calibration noisier than this: the pin floats
CAL_OFF_CENTRE_PERMILLE = const(300)
AGREE_PERMILLE = const(200)   # two back-to-back readings further apart: a spike
SETTLE_PERMILLE = const(120)  # an axis within this of where it settled holds still ...
SETTLE_MS = const(1000)       # ... for this long: it rests there (a new centre)
FIRM_PERMILLE = const(400)    # ... unless that is this far out: a thumb holding a push
RAIL_PERMILLE = const(60)     # this close to either end of the scale: at a rail ...
STUCK_MS = const(2000)        # ... for this long: the axis is stuck, and ignored

# the words of `warning` (stuck: bit 0 the screen's left-right axis, bit 1 up-down)
AXES = ("", "'S LEFT-RIGHT STAYS AT ITS END", "'S UP-DOWN STAYS AT ITS END", " STAYS AT ITS ENDS")
STILL = ("", "UP, DOWN AND THE BUTTON STILL PLAY", "LEFT, RIGHT AND THE BUTTON STILL PLAY",
         "THE BUTTON STILL PLAYS")


def warning(stuck):
    """The words for the screen when these axes are stuck (None: none is)."""
    if not stuck:
        return None
    return "THE STICK%s, SO IT IS IGNORED. %s. CHECK THE STICK'S WIRES." % (AXES[stuck], STILL[stuck])


def _scale(permille, bits):
    """Per-mille of full scale -> the (reading * 16) units the axes work in."""
    return (permille << (bits + 4)) // 1000


class Axis:
    """One ADC channel: spike rejection, re-centring, and the stuck-at-a-rail check.
    Works in reading * 16 (the centre keeps fractions of a count)."""

    def __init__(self, read, centre16, bits):
        self.read = read
        self.c = centre16          # the centre
        self.raw = centre16        # the last reading two samples agreed on
        self.anchor = centre16     # where the axis last came to rest ...
        self.since = 0             # ... and since when (ticks_ms)
        self.railed = False
        self.rail_at = 0
        self.stuck = False
        self.top = (1 << (bits + 4)) - 1
        self.agree = _scale(AGREE_PERMILLE, bits)
        self.window = _scale(SETTLE_PERMILLE, bits)
        self.near = _scale(TRACK_PERMILLE, bits)
        self.firm = _scale(FIRM_PERMILLE, bits)
        self.rail = _scale(RAIL_PERMILLE, bits)

    def error(self, now, diff):
        """Read the axis; its offset from the centre (x16), 0 while it is stuck."""
        a = self.read() << 4
        b = self.read() << 4
        if -self.agree < a - b < self.agree:
            self.raw = (a + b) >> 1
        r = self.raw
        if r < self.rail or r > self.top - self.rail:
            if not self.railed:
                self.railed = True
                self.rail_at = now
            elif diff(now, self.rail_at) >= STUCK_MS:
                self.stuck = True
        else:
            self.railed = False
            self.stuck = False
        e = r - self.c
        if r - self.anchor > self.window or self.anchor - r > self.window:
            self.anchor = r
            self.since = now
        elif diff(now, self.since) >= SETTLE_MS:
            m = e if e >= 0 else -e
            if self.near <= m < self.firm:
                self.c = r              # a new resting point
                self.since = now
                e = 0
        return 0 if self.stuck else e


class Joystick:
    def __init__(self, read_x, read_y, bits=16, swap=False, invert_x=False, invert_y=False,
                 samples=CAL_SAMPLES, sleep_ms=None, name="joystick"):
        self.bits = bits
        self.swap = swap
        self.invert_x = invert_x
        self.invert_y = invert_y
        self.warnings = []
        self.x = Axis(read_x, self._calibrate(read_x, samples, sleep_ms, name + " VRx"), bits)
        self.y = Axis(read_y, self._calibrate(read_y, samples, sleep_ms, name + " VRy"), bits)
        self.dx = 0
        self.dy = 0
        self.stuck = 0            # bit 0: the screen's left-right axis is ignored; bit 1: up-down
        self.warning = None       # warning(stuck): words for the screen, None when all is well
        self.repeat = Repeat()

    def _permille(self, raw16):
        """(raw * 16) -> per-mille of full scale; both scales keep this in small ints."""
        return (raw16 * 1000) >> (self.bits + 4) if raw16 >= 0 else -((-raw16 * 1000) >> (self.bits + 4))

    def _calibrate(self, read, samples, sleep_ms, label):
        lo = None
        hi = None
        total = 0
        for _ in range(samples):
            v = read()
            total += v
            if lo is None or v < lo:
                lo = v
            if hi is None or v > hi:
                hi = v
            if sleep_ms is not None:
                sleep_ms(2)
        mid = 1 << (self.bits - 1)
        centre16 = (total << 4) // samples
        spread = self._permille((hi - lo) << 4)
        off = self._permille(centre16 - (mid << 4))
        if spread > CAL_SPREAD_PERMILLE:
            self.warnings.append("%s readings jump by %d%% at rest: is it connected?"
                                 % (label, spread // 10))
        if off > CAL_OFF_CENTRE_PERMILLE or off < -CAL_OFF_CENTRE_PERMILLE:
            self.warnings.append("%s rests at %d%% of the scale, not near 50%%: pushed at boot, "
                                 "or not wired to 3V3 and GND? Using mid-scale."
                                 % (label, 50 + off // 10))
            return mid << 4
        return centre16

    def sample(self, now=0, diff=None):
        """Read both axes; returns the direction the stick is in (hysteresis applied)."""
        if diff is None:
            diff = _diff
        x = self.x
        y = self.y
        ex = x.error(now, diff)
        ey = y.error(now, diff)
        dx = self._permille(ex)
        dy = self._permille(ey)
        if self.repeat.held == 0 and -TRACK_PERMILLE < dx < TRACK_PERMILLE and -TRACK_PERMILLE < dy < TRACK_PERMILLE:
            x.c += ex >> TRACK_SHIFT if ex >= 0 else -((-ex) >> TRACK_SHIFT)
            y.c += ey >> TRACK_SHIFT if ey >= 0 else -((-ey) >> TRACK_SHIFT)
        stuck = (1 if x.stuck else 0) | (2 if y.stuck else 0)
        if self.swap:
            dx, dy = dy, dx
            stuck = ((stuck & 1) << 1) | (stuck >> 1)
        if stuck != self.stuck:
            self.stuck = stuck
            self.warning = warning(stuck)
        if self.invert_x:
            dx = -dx
        if self.invert_y:
            dy = -dy
        self.dx = dx
        self.dy = dy
        return self._classify(dx, dy)

    def _classify(self, dx, dy):
        held = self.repeat.held
        if held:
            if held == RIGHT:
                along, across = dx, dy
            elif held == LEFT:
                along, across = -dx, dy
            elif held == DOWN:
                along, across = dy, dx
            else:
                along, across = -dy, dx
            if across < 0:
                across = -across
            if along > OFF_PERMILLE and not (across > ON_PERMILLE and across > along):
                return held
        ax = dx if dx >= 0 else -dx
        ay = dy if dy >= 0 else -dy
        if ax >= ay:
            if ax > ON_PERMILLE:
                return RIGHT if dx > 0 else LEFT
        elif ay > ON_PERMILLE:
            return DOWN if dy > 0 else UP
        return 0

    def update(self, now, ticks_diff):
        """Sample; return the event this poll produces (a direction) or 0."""
        d = self.sample(now, ticks_diff)
        rep = self.repeat
        if rep.new(d, now) or rep.due(now, ticks_diff):
            return d
        return 0


def _diff(a, b):
    return a - b
