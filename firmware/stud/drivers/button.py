"""A push button -> PRESS and LONG_PRESS, debounced.

The level must hold still for DEBOUNCE_MS before it counts (contacts bounce
for a few milliseconds).  A press held LONG_MS gives LONG_PRESS at that
moment (the menu opens while the thumb is still down) and nothing on
release; a shorter one gives PRESS when it is released.  A button already
down at boot must be released before it can press: no event at power-up.
"""
from stud.core.compat import const
from stud.core.events import PRESS, LONG_PRESS

DEBOUNCE_MS = const(10)
LONG_MS = const(600)


class Button:
    def __init__(self, read, now, active_low=True, debounce_ms=DEBOUNCE_MS, long_ms=LONG_MS):
        self.read = read
        self.active_low = active_low
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        down = self._down()
        self.raw = down
        self.stable = down
        self.changed = now
        self.down_at = now
        self.spent = down          # True: this press produced its event (or began before boot)
        self.stuck_at_boot = down

    def _down(self):
        v = self.read()
        return (not v) if self.active_low else bool(v)

    def update(self, now, ticks_diff):
        """Sample; return PRESS, LONG_PRESS or 0."""
        down = self._down()
        if down != self.raw:
            self.raw = down
            self.changed = now
        elif down != self.stable and ticks_diff(now, self.changed) >= self.debounce_ms:
            self.stable = down
            if down:
                self.down_at = now
                self.spent = False
            else:
                was_spent = self.spent
                self.spent = True
                if not was_spent:
                    return PRESS
        if self.stable and not self.spent and ticks_diff(now, self.down_at) >= self.long_ms:
            self.spent = True
            return LONG_PRESS
        return 0
