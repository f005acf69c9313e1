"""A piezo buzzer on a PWM pin: short sounds that never block the game loop.

play(name) starts a sound and returns at once; update(now), called every
frame (the board's input poll does it), moves to the next note.  Notes
last whole frames, so lengths are rounded up to the 20 ms frame.
"""

# name -> (frequency Hz, milliseconds, ...); frequency 0 is a rest.
SOUNDS = {
    "deal": (2093, 14),
    "bet": (880, 40, 0, 20, 1175, 50),
    "win": (523, 90, 659, 90, 784, 90, 1047, 240),
    "lose": (392, 150, 330, 150, 262, 320),
}
_DUTY = 32768     # half of duty_u16's 65535: the loudest square wave


class Buzzer:
    def __init__(self, pwm, ticks_ms, ticks_diff):
        self.pwm = pwm
        self.ticks_ms = ticks_ms
        self.ticks_diff = ticks_diff
        self.muted = False
        self.notes = None
        self.i = 0
        self.started = 0
        self.played = 0          # sounds started since boot (tests)
        pwm.duty_u16(0)

    def play(self, name):
        """Start sound `name` (deal, bet, win, lose); unknown names and mute: silence."""
        if self.muted:
            return
        notes = SOUNDS.get(name)
        if notes is None:
            return
        self.notes = notes
        self.played += 1
        self._note(0, self.ticks_ms())

    def mute(self, on):
        self.muted = bool(on)
        if on:
            self._stop()

    def _note(self, i, now):
        self.i = i
        self.started = now
        f = self.notes[i]
        if f:
            self.pwm.freq(f)
            self.pwm.duty_u16(_DUTY)
        else:
            self.pwm.duty_u16(0)

    def _stop(self):
        self.notes = None
        self.pwm.duty_u16(0)

    def update(self, now):
        notes = self.notes
        if notes is None:
            return
        if self.ticks_diff(now, self.started) < notes[self.i + 1]:
            return
        if self.i + 2 >= len(notes):
            self._stop()
        else:
            self._note(self.i + 2, now)
