"""The board's input source: joystick and button sampled at each poll().

poll() returns the events (stud.core.events codes) since the last poll, in a
preallocated buffer (nothing is allocated per poll), and gives the buzzer
its clock tick.  The app polls once per frame.  The button's edges are timed
by the button itself (stud.drivers.button: a pin interrupt on MicroPython), so a
slow frame loses no tap.

`warning` is the joystick's (stud.drivers.joystick): words for the screen while
an axis is stuck or floating and ignored, else None.  stud.ui polls it; the
drivers never import the UI.  A button event is a use of the other controls, which
the joystick needs to tell a stuck axis from a thumb holding a direction.

rest(ms, sleep_ms) is a sleep that samples a button without an interrupt as it
begins and then every REST_SLICE_MS: a board whose button has none sleeps through
it between frames, so a tap shorter than a frame is still seen unless the frame's
own work hides it (stud.drivers.button counts a sampled level once three samples
over 5 ms read it: a 15 ms tap is seen if the work takes 5 ms or less).
"""
from stud.core.compat import const

REST_SLICE_MS = const(1)


class Controls:
    def __init__(self, joystick, button, ticks_ms, ticks_diff, buzzer=None):
        self.joystick = joystick
        self.button = button
        self.ticks_ms = ticks_ms
        self.ticks_diff = ticks_diff
        self.buzzer = buzzer
        self.warning = None
        self._codes = bytearray(2)
        mv = memoryview(self._codes)
        self._views = (mv[:0], mv[:1], mv[:2])

    def poll(self):
        now = self.ticks_ms()
        diff = self.ticks_diff
        n = 0
        codes = self._codes
        if self.joystick is not None:
            e = self.joystick.update(now, diff)
            self.warning = self.joystick.warning
            if e:
                codes[n] = e
                n += 1
        if self.button is not None:
            e = self.button.update(now, diff)
            if e:
                codes[n] = e
                n += 1
                if self.joystick is not None:
                    self.joystick.touched()
        if self.buzzer is not None:
            self.buzzer.update(now)
        return self._views[n]

    def rest(self, ms, sleep_ms):
        """Sleep `ms`, sampling the button now and every REST_SLICE_MS if it has no
        interrupt."""
        b = self.button
        if b is None or b.interrupts:
            sleep_ms(ms)
            return
        diff = self.ticks_diff
        start = self.ticks_ms()
        b.sample(start, diff)
        left = ms
        while left > 0:               # (by the clock: the samples' own time counts too)
            sleep_ms(left if left < REST_SLICE_MS else REST_SLICE_MS)
            now = self.ticks_ms()
            b.sample(now, diff)
            left = ms - diff(now, start)
