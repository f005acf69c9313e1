"""The web board: what stud.ui.app.App is given inside a browser's MicroPython.

The page (tools/web/app.mjs) runs the WebAssembly MicroPython, writes the
firmware's files into its filesystem with this module beside them, registers
the JavaScript module `_web`, and calls start() once and the returned tick()
on a timer.  Everything the browser does - drawing, keys and touches, the
clock, sound, localStorage - is behind `_web`; this module only adapts it to
the board interface every board gives the app:

  .display   show(frame) hands the changed pages (frame.take_dirty()) and the
             1,024-byte page-layout buffer, as hex, to the canvas; contrast(),
             power(), invert()
  .input     poll(): the event codes (stud.core.events) queued by the keyboard
             and the on-screen pad since the last poll
  .buzzer    play(name): the notes of stud.drivers.buzzer.SOUNDS to Web Audio
  .store     the save (stud.save.store.Store) over LocalFiles: localStorage
  .ticks_ms(), .ticks_diff(a, b), .sleep_ms(n): performance.now(), or the page's
             fixed clock in step mode (tests), which moves only when told

A bot's thinking keeps to BUDGET_MS of the clock per decision, well under a
frame's worth of blocking that the page would notice as a stall.

MicroPython code: runs in the browser only (no f-strings, MicroPython >= 1.22).
"""
import binascii

import _web

from stud.drivers.buzzer import SOUNDS

BUDGET_MS = 60          # a bot's Monte Carlo draws stop at this much of the clock
# The Rng streams a seed gives, as tools/sim.py's make_app: the same seed, the same game.
DEAL_STREAM, BOT_STREAM, HELP_STREAM = 0, 0x2AAAAAAA, 0x15555555


class Display:
    def show(self, frame):
        pages = frame.take_dirty()
        if pages:
            _web.show(pages, binascii.hexlify(frame.buf).decode())

    def contrast(self, value):
        _web.contrast(value)

    def power(self, on):
        _web.power(1 if on else 0)

    def invert(self, on):
        _web.invert(1 if on else 0)


class Input:
    """Events queued by the page, as a string of one character per event code."""

    def poll(self):
        got = _web.poll()
        if not got:
            return b""
        return got.encode()


class Buzzer:
    def play(self, name):
        notes = SOUNDS.get(name)
        if notes is not None:
            _web.play(",".join([str(n) for n in notes]))


class LocalFiles:
    """stud.save.store.Files over localStorage (the page keeps bytes as hex).  A value's
    size comes from its length, undecoded; one that is not hex fails as it is read
    (ValueError: the store takes it for damage)."""

    def size(self, path):
        data = _web.read(path)
        return None if data is None else (len(data) + 1) // 2

    def open(self, path, mode):
        if "r" in mode:
            data = _web.read(path)
            if data is None:
                raise OSError(2)
            return _HexReading(data)
        return _HexWriting(path)

    def rename(self, old, new):
        if not _web.rename(old, new):
            raise OSError(2)

    def remove(self, path):
        _web.remove(path)


class _HexReading:
    def __init__(self, text):
        self.text = text
        self.k = 0

    def read(self, n):
        k = self.k
        self.k = k + 2 * n
        return binascii.unhexlify(self.text[k:k + 2 * n])

    def close(self):
        pass


class _HexWriting:
    """The pieces written, stored as one value when closed."""

    def __init__(self, path):
        self.path = path
        self.parts = []

    def write(self, data):
        self.parts.append(binascii.hexlify(data).decode())

    def close(self):
        if not _web.write(self.path, "".join(self.parts)):
            raise OSError(28)           # ENOSPC: the browser refused (quota, private mode)


class WebBoard:
    def __init__(self):
        self.display = Display()
        self.input = Input()
        self.buzzer = Buzzer()
        from stud.save.store import Store
        self.store = Store("stud.sav", LocalFiles())

    def ticks_ms(self):
        return _web.now()

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, n):
        _web.sleep(n)


def frame_ms():
    """How often the page calls tick: the app's frame."""
    from stud.ui.app import FRAME_MS
    return FRAME_MS


def start(seed=-1):
    """The app on the web board; returns its tick.  A seed >= 0 makes the game
    repeatable as tools/sim.py --seed does (Rng streams, no clock budget)."""
    from stud.play import bots
    from stud.ui.app import App
    board = WebBoard()
    if seed is None or seed < 0:
        app = App(board, budget_ms=BUDGET_MS, store=board.store)
    else:
        from stud.core.rng import Rng
        app = App(board, rng=Rng(seed ^ DEAL_STREAM), bot_rng=Rng(seed ^ BOT_STREAM),
                  help_rng=Rng(seed ^ HELP_STREAM), samples=bots.SAMPLES, budget_ms=0,
                  speed=1, store=board.store)
    return app.tick
