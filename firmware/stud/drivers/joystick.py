"""An analog thumb joystick on two ADC channels -> UP, DOWN, LEFT, RIGHT events.

At boot the centre is the mean of several samples (a stick pushed or
unwired at boot is reported, and mid-scale is used instead).  Readings are
taken relative to it in per-mille of the ADC's full scale, so 12-bit and
16-bit converters behave the same.  A direction starts beyond ON_PERMILLE
(a quarter of the scale from the centre: half-way to the end stop) and ends
only below OFF_PERMILLE: noise around either threshold cannot make it
chatter.  While the stick rests inside TRACK_PERMILLE the centre follows it
slowly, so temperature and supply drift never turn into a push.  Diagonals
go to the axis pushed further.  A held direction repeats: once after
REPEAT_DELAY_MS, then every REPEAT_MS (stud.drivers.repeat, the one schedule).

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


class Joystick:
    def __init__(self, read_x, read_y, bits=16, swap=False, invert_x=False, invert_y=False,
                 samples=CAL_SAMPLES, sleep_ms=None, name="joystick"):
        self.read_x = read_x
        self.read_y = read_y
        self.bits = bits
        self.swap = swap
        self.invert_x = invert_x
        self.invert_y = invert_y
        self.warnings = []
        self.cx = self._calibrate(read_x, samples, sleep_ms, name + " VRx")   # centre * 16
        self.cy = self._calibrate(read_y, samples, sleep_ms, name + " VRy")
        self.dx = 0
        self.dy = 0
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

    def sample(self):
        """Read both axes; returns the direction the stick is in (hysteresis applied)."""
        rx = self.read_x() << 4
        ry = self.read_y() << 4
        ex = rx - self.cx
        ey = ry - self.cy
        dx = self._permille(ex)
        dy = self._permille(ey)
        if self.repeat.held == 0 and -TRACK_PERMILLE < dx < TRACK_PERMILLE and -TRACK_PERMILLE < dy < TRACK_PERMILLE:
            self.cx += ex >> TRACK_SHIFT if ex >= 0 else -((-ex) >> TRACK_SHIFT)
            self.cy += ey >> TRACK_SHIFT if ey >= 0 else -((-ey) >> TRACK_SHIFT)
        if self.swap:
            dx, dy = dy, dx
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
        d = self.sample()
        rep = self.repeat
        if rep.new(d, now) or rep.due(now, ticks_diff):
            return d
        return 0
