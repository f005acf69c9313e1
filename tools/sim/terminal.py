"""The terminal as the simulator's joystick (CPython only: tools/sim/sim.py): keys read
without blocking, arrows (or WASD) for the stick, Enter or space for the button, M or
Tab for a long press, Q to quit.  Apart from boards/host.py so that the scripted runs
under MicroPython do not carry it.
"""
import sys

from stud.core import events

KEYS = {
    "\x1b[A": events.UP, "\x1b[B": events.DOWN, "\x1b[C": events.RIGHT, "\x1b[D": events.LEFT,
    "\x1bOA": events.UP, "\x1bOB": events.DOWN, "\x1bOC": events.RIGHT, "\x1bOD": events.LEFT,
    "\r": events.PRESS, "\n": events.PRESS, " ": events.PRESS,
    "m": events.LONG_PRESS, "M": events.LONG_PRESS, "\t": events.LONG_PRESS,
    "w": events.UP, "s": events.DOWN, "a": events.LEFT, "d": events.RIGHT,
}
QUIT_KEYS = ("q", "Q", "\x03")


class Keyboard:
    """Keys from a terminal in cbreak mode, read without blocking: arrows (or WASD) for
    the joystick, Enter or space for the button, M or Tab for a long press, Q to quit."""

    def __init__(self, stream=None):
        self.stream = stream if stream is not None else sys.stdin
        self.quit = False
        self._pending = ""
        self._saved = None

    def __enter__(self):
        import termios
        import tty
        fd = self.stream.fileno()
        self._saved = termios.tcgetattr(fd)
        tty.setcbreak(fd)
        return self

    def __exit__(self, *exc):
        import termios
        if self._saved is not None:
            termios.tcsetattr(self.stream.fileno(), termios.TCSADRAIN, self._saved)

    def _read(self):
        import os
        import select
        fd = self.stream.fileno()
        data = ""
        while select.select([fd], [], [], 0)[0]:
            chunk = os.read(fd, 64)
            if not chunk:
                self.quit = True
                break
            data += chunk.decode("latin-1")
        return data

    def poll(self):
        text = self._pending + self._read()
        self._pending = ""
        out = []
        i = 0
        while i < len(text):
            ch = text[i]
            if ch in QUIT_KEYS:
                self.quit = True
                i += 1
                continue
            if ch == "\x1b":
                seq = text[i:i + 3]
                if len(seq) < 3 and i + len(seq) == len(text):
                    self._pending = seq      # the rest of the sequence comes next poll
                    break
                if seq in KEYS:
                    out.append(KEYS[seq])
                i += 3
                continue
            if ch in KEYS:
                out.append(KEYS[ch])
            i += 1
        return out
