"""The panel: dim after a minute without input, sleep after five.  On a dimmed panel
an input brightens it and acts as usual (the screen is still readable); only a
sleeping (dark) panel takes the first input just to wake.  Awake, the panel shows
the menu's CONTRAST (the loop's show_contrast)."""
from stud.core.compat import const

DIM_AFTER_MS = 60000          # a minute without input: dim
SLEEP_AFTER_MS = 300000       # five minutes: the panel sleeps
_DIM_CONTRAST = const(0)

_AWAKE = const(0)
DIMMED = const(1)
ASLEEP = const(2)


class Power:
    def __init__(self, ui, now):
        self.ui = ui
        self.last_input = now
        self.dim = _AWAKE

    def event(self, now):
        """An input came; True if it only woke a sleeping panel (it does nothing else)."""
        self.last_input = now
        if self.dim:
            asleep = self.dim == ASLEEP
            self.wake()
            return asleep
        return False

    def update(self, now):
        if self.dim == ASLEEP:
            return
        ui = self.ui
        quiet = ui.ticks_diff(now, self.last_input)
        if self.dim == _AWAKE and quiet >= DIM_AFTER_MS:
            self.dim = DIMMED
            ui.display.contrast(_DIM_CONTRAST)
        elif self.dim == DIMMED and quiet >= SLEEP_AFTER_MS:
            self.dim = ASLEEP
            ui.display.power(False)

    def wake(self):
        if self.dim == ASLEEP:
            self.ui.display.power(True)
        self.ui.show_contrast()
        self.dim = _AWAKE
