"""An analog thumb joystick on two ADC channels -> UP, DOWN, LEFT, RIGHT events.

At boot the centre is the mean of several samples (a stick pushed or
unwired at boot is reported, and mid-scale is used instead).  Readings are
taken relative to it in per-mille of the ADC's full scale, so 12-bit and
16-bit converters behave the same.  A direction starts beyond _ON_PERMILLE
(a quarter of the scale from the centre: half-way to the end stop) and ends
only below _OFF_PERMILLE: noise around either threshold cannot make it
chatter.  Diagonals go to the axis pushed further.

The stick means what the thumb does.  A direction held anywhere past the
threshold, up to the end stop, repeats for as long as it is held: once after
REPEAT_DELAY_MS, then every REPEAT_MS (stud.drivers.repeat, the one schedule),
and letting go gives nothing.  A new direction, or a release, counts only once
two polls in a row have seen it: a spike that fills one poll never moves the
cursor, at the cost of one frame of latency.

What the stick must not do is move by itself:

  * Each poll reads each axis twice, back to back: two readings further apart
    than _AGREE_PERMILLE are a spike, and the axis keeps its last reading.
  * While the stick rests inside _TRACK_PERMILLE the centre follows it slowly, so
    temperature and supply drift never turn into a push; an axis that holds
    still (within _SETTLE_PERMILLE) for _SETTLE_MS away from the centre but short
    of the threshold, with no direction held on it (a knock, a changed supply),
    takes that point as its centre.
  * Floating: a thumb cannot move the stick between two readings microseconds
    apart, an unconnected pin does it all the time.  Each poll whose readings
    disagree adds _FLOAT_STEP to the axis' count, each that agrees takes one
    off; at _FLOAT_ON the axis floats and is ignored until the count is back to
    nothing (FLOAT_MAX caps it: it settles after that many calm polls).  A
    calibration that jumps about starts it floating.  Until its count is back to
    nothing an axis starts no direction (a lone spike: _FLOAT_STEP polls), so a pin
    that begins to float is caught before its swings turn into moves.
  * Stuck: an axis at a rail (within _RAIL_PERMILLE of either end) from boot, or
    one held still off the centre for STILL_MS while the other controls are used
    (the other axis starts a direction, or the button presses: touched()), is
    stuck and ignored.  It plays again as soon as it moves (leaves _SETTLE_PERMILLE
    of where it stuck).  A thumb holding the end stop is a hold, not stuck.

A floating or stuck axis is ignored, and `warning` says so in words for the
screen (stud.ui polls it; the drivers never import the UI); the other axis and
the button go on working.

The board map turns a rotated or mirrored stick around: swap (VRx and VRy
exchanged, a stick mounted at 90 degrees), invert_x, invert_y.  After them,
x grows to the RIGHT and y grows DOWN (screen coordinates).  Nothing is
allocated per poll, and the arithmetic is integer.
"""
from stud.core.compat import const
from stud.core.events import UP, DOWN, LEFT, RIGHT
from stud.drivers.repeat import Repeat

_ON_PERMILLE = const(250)
_OFF_PERMILLE = const(150)
_TRACK_PERMILLE = const(80)
_TRACK_SHIFT = const(5)       # the centre moves 1/32 of the way to each resting sample
_CAL_SAMPLES = const(16)
_CAL_SPREAD_PERMILLE = const(100)  # a calibration noisier than this: the pin floats
_CAL_OFF_CENTRE_PERMILLE = const(300)
_AGREE_PERMILLE = const(200)  # two back-to-back readings further apart: a spike
_SETTLE_PERMILLE = const(120)  # an axis within this of where it came to rest holds still ...
_SETTLE_MS = const(1000)      # ... for this long, short of the threshold: a new centre
STILL_MS = const(60000)       # ... this long off the centre, the other controls used: stuck
_RAIL_PERMILLE = const(60)    # this close to either end of the scale at boot: stuck
_FLOAT_STEP = const(4)        # a poll whose two readings disagree adds this ...
_FLOAT_ON = const(16)         # ... and from here the axis floats ...
FLOAT_MAX = const(64)         # ... until this many calm polls (at most) bring it to 0

# the words of `warning` (bit 0 the screen's left-right axis, bit 1 up-down)
AXES = ("", "'S LEFT-RIGHT", "'S UP-DOWN", "")
STILL = ("", "UP, DOWN AND THE BUTTON STILL PLAY", "LEFT, RIGHT AND THE BUTTON STILL PLAY",
         "THE BUTTON STILL PLAYS")


def warning(stuck, floating=0):
    """The words for the screen when these axes (bit masks) are stuck or floating
    (None: all is well)."""
    both = stuck | floating
    if not both:
        return None
    if not floating:
        what = "IS STUCK, SO IT IS IGNORED UNTIL IT MOVES"
    elif not stuck:
        what = "JUMPS ABOUT, SO IT IS IGNORED UNTIL IT SETTLES"
    else:
        what = "DOES NOT READ RIGHT, SO IT IS IGNORED"
    return "THE STICK%s %s. %s. CHECK THE STICK'S WIRES." % (AXES[both], what, STILL[both])


def _scale(permille, bits):
    """Per-mille of full scale -> the (reading * 16) units the axes work in."""
    return (permille << (bits + 4)) // 1000


class Axis:
    """One ADC channel: spike rejection, re-centring, floating and stuck.
    Works in reading * 16 (the centre keeps fractions of a count)."""

    def __init__(self, read, centre16, bits):
        self.read = read
        self.c = centre16          # the centre ...
        self.home = centre16       # ... and the one it had before the last new centre
        self.raw = centre16        # the last reading two samples agreed on
        self.anchor = centre16     # where the axis last came to rest ...
        self.since = 0             # ... since when (ticks_ms) ...
        self.used = False          # ... and whether the other controls were used since
        self.stuck = False
        self.jumps = 0             # the floating count (_FLOAT_STEP a disagreeing poll)
        self.floating = False
        self.top = (1 << (bits + 4)) - 1
        self.agree = _scale(_AGREE_PERMILLE, bits)
        self.window = _scale(_SETTLE_PERMILLE, bits)
        self.near = _scale(_TRACK_PERMILLE, bits)
        self.on = _scale(_ON_PERMILLE, bits)
        self.rail = _scale(_RAIL_PERMILLE, bits)

    def error(self, now, diff, holding):
        """Read the axis; its offset from the centre (x16), 0 while it is ignored.
        holding: a direction is held along this axis (it is never re-centred then)."""
        a = self.read() << 4
        b = self.read() << 4
        if -self.agree < a - b < self.agree:
            self.raw = (a + b) >> 1
            if self.jumps:
                self.jumps -= 1
                if not self.jumps:
                    self.floating = False
        else:
            self.jumps += _FLOAT_STEP
            if self.jumps >= _FLOAT_ON:
                self.floating = True
                if self.jumps > FLOAT_MAX:
                    self.jumps = FLOAT_MAX
        r = self.raw
        if not holding and self.c != self.home:
            h = abs(r - self.home)     # back where it rested before the last new centre:
            if h <= self.window and h < abs(r - self.c):
                self.c = self.home     # that centre again (a thumb let go), not a push
        e = r - self.c
        if abs(r - self.anchor) > self.window:
            self.anchor = r            # it moved: a new resting point, and never stuck
            self.since = now
            self.used = False
            self.stuck = False
        else:
            m = abs(e)
            if holding or m >= self.on:
                if self.used and diff(now, self.since) >= STILL_MS:
                    self.stuck = True
            elif m >= self.near and not (self.stuck or self.floating) and \
                    diff(now, self.since) >= _SETTLE_MS:
                self.home = self.c      # at rest off the centre: a new centre
                self.c = r
                self.since = now
                e = 0
        if self.stuck or self.floating or (self.jumps and not holding):
            return 0                   # ignored; or not calm enough to start a direction
        return e


class Joystick:
    def __init__(self, read_x, read_y, bits=16, swap=False, invert_x=False, invert_y=False,
                 samples=_CAL_SAMPLES, sleep_ms=None, name="joystick"):
        self.bits = bits
        self.swap = swap
        self.invert_x = invert_x
        self.invert_y = invert_y
        self.warnings = []
        # both axes sampled in one pass, _CAL_SAMPLES times 2 ms apart: [total, lo, hi] each
        cal = ([0, 1 << bits, -1], [0, 1 << bits, -1])
        for _ in range(samples):
            for c, read in ((cal[0], read_x), (cal[1], read_y)):
                v = read()
                c[0] += v
                c[1] = min(c[1], v)
                c[2] = max(c[2], v)
            if sleep_ms is not None:
                sleep_ms(2)
        self.x = self._axis(read_x, samples, cal[0], name + " VRx")
        self.y = self._axis(read_y, samples, cal[1], name + " VRy")
        self.dx = 0
        self.dy = 0
        self.stuck = 0            # bit 0: the screen's left-right axis is stuck; bit 1: up-down
        self.floating = 0         # the same bits: floating
        self.warning = None       # warning(stuck, floating): words for the screen, or None
        self.seen = 0             # the direction the last poll saw (a change needs two)
        self.repeat = Repeat()

    def _permille(self, raw16):
        """(raw * 16) -> per-mille of full scale; both scales keep this in small ints."""
        return (raw16 * 1000) >> (self.bits + 4) if raw16 >= 0 else -((-raw16 * 1000) >> (self.bits + 4))

    def _axis(self, read, samples, cal, label):
        """One channel's Axis from its calibration samples (total, lowest, highest), told
        what boot found (stuck, floating)."""
        total, lo, hi = cal
        mid = 1 << (self.bits - 1)
        mean16 = (total << 4) // samples
        spread = self._permille((hi - lo) << 4)
        off = self._permille(mean16 - (mid << 4))
        centre16 = mean16
        if off > _CAL_OFF_CENTRE_PERMILLE or off < -_CAL_OFF_CENTRE_PERMILLE:
            self.warnings.append("%s rests at %d%% of the scale, not near 50%%: pushed at boot, "
                                 "or not wired to 3V3 and GND? Using mid-scale."
                                 % (label, 50 + off // 10))
            centre16 = mid << 4
        axis = Axis(read, centre16, self.bits)
        if spread > _CAL_SPREAD_PERMILLE:
            self.warnings.append("%s readings jump by %d%% at rest: is it connected?"
                                 % (label, spread // 10))
            axis.jumps = FLOAT_MAX
            axis.floating = True
        elif mean16 < axis.rail or mean16 > axis.top - axis.rail:
            axis.raw = axis.anchor = mean16
            axis.stuck = True
        return axis

    def touched(self):
        """Another control (the button) was used: an axis held still meanwhile may be stuck."""
        self.x.used = True
        self.y.used = True

    def sample(self, now=0, diff=None):
        """Read both axes; returns the direction the stick is in (hysteresis applied)."""
        if diff is None:
            diff = _diff
        x = self.x
        y = self.y
        held = self.repeat.held
        on_x = held == LEFT or held == RIGHT       # the direction held is along VRx ...
        if self.swap:
            on_x = held != 0 and not on_x          # ... which is up-down on a turned stick
        ex = x.error(now, diff, on_x)
        ey = y.error(now, diff, held != 0 and not on_x)
        dx = self._permille(ex)
        dy = self._permille(ey)
        if held == 0 and abs(dx) < _TRACK_PERMILLE and abs(dy) < _TRACK_PERMILLE:
            x.c += ex >> _TRACK_SHIFT if ex >= 0 else -((-ex) >> _TRACK_SHIFT)
            y.c += ey >> _TRACK_SHIFT if ey >= 0 else -((-ey) >> _TRACK_SHIFT)
        stuck = (1 if x.stuck else 0) | (2 if y.stuck else 0)
        floating = (1 if x.floating else 0) | (2 if y.floating else 0)
        if self.swap:
            dx, dy = dy, dx
            stuck = ((stuck & 1) << 1) | (stuck >> 1)
            floating = ((floating & 1) << 1) | (floating >> 1)
        if stuck != self.stuck or floating != self.floating:
            self.stuck = stuck
            self.floating = floating
            self.warning = warning(stuck, floating)
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
            if along > _OFF_PERMILLE and not (across > _ON_PERMILLE and across > along):
                return held
        ax = dx if dx >= 0 else -dx
        ay = dy if dy >= 0 else -dy
        if ax >= ay:
            if ax > _ON_PERMILLE:
                return RIGHT if dx > 0 else LEFT
        elif ay > _ON_PERMILLE:
            return DOWN if dy > 0 else UP
        return 0

    def update(self, now, ticks_diff):
        """Sample; return the event this poll produces (a direction) or 0.  A change of
        direction (or a release) is taken when two polls in a row have seen it; the
        poll that sees it first gives nothing (not even a repeat that is due)."""
        d = self.sample(now, ticks_diff)
        if d != self.seen:
            self.seen = d              # seen once: the next poll tells
            return 0
        rep = self.repeat
        if rep.new(d, now):
            if d:                      # a new push: the other axis' controls were used
                if (d == LEFT or d == RIGHT) != self.swap:
                    self.y.used = True
                else:
                    self.x.used = True
            return d
        if rep.due(now, ticks_diff):
            return d
        return 0


def _diff(a, b):
    return a - b
