"""The host "board": what the simulator and scripted runs give stud.ui.app.App.

Runs under CPython and under MicroPython (the golden-frame test replays one
script on both), so: no f-strings, nothing but the standard library, the
terminal parts imported only when used.

  HostBoard(input, clock=None, display=None, buzzer=None)
      .display   RecordingDisplay: keeps what the panel would show (only the
                 pages a flush sends are copied, so a page changed without being
                 marked dirty shows up as a difference), counts flushes and
                 pages, calls on_show(display) after each flush
      .input     ScriptInput (a list of events and WAITs), or tools/sim/terminal.py Keyboard (a
                 terminal), or anything with poll()
      .buzzer    RecordingBuzzer (what would have been played)
      .store     the save (a stud.save.store.Store over a file, or over MemoryFiles:
                 memory_store()), or None: nothing is saved
      .ticks_ms(), .ticks_diff(a, b), .sleep_ms(n): a VirtualClock (time moves
                 only when the app sleeps: scripted runs are exact and fast) or
                 a RealClock (the interactive simulator)

Script files: one event a line - UP, DOWN, LEFT, RIGHT, PRESS, LONG_PRESS -
or WAIT n (n milliseconds with no input); blank lines and # comments are
ignored.  Each event comes at its own poll, one frame after the one before.
"""

from stud.core import events

WIDTH = 128
PAGES = 8


class VirtualClock:
    def __init__(self, start=0):
        self.now = start

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, n):
        if n > 0:
            self.now += n


class RealClock:
    def __init__(self):
        import time
        self._time = time
        self._start = self._now()

    def _now(self):
        t = self._time
        if hasattr(t, "ticks_ms"):
            return t.ticks_ms()
        return int(t.monotonic() * 1000)

    def ticks_ms(self):
        return self._now() - self._start

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, n):
        if n > 0:
            self._time.sleep(n / 1000.0)


def parse_script(text):
    """Script text -> list of items: an event code (int) or ("WAIT", ms)."""
    items = []
    number = 0
    for line in text.split("\n"):
        number += 1
        line = line.split("#")[0].strip()
        if not line:
            continue
        parts = line.split()
        if parts[0].upper() == "WAIT":
            if len(parts) != 2 or not parts[1].isdigit():
                raise ValueError("line %d: WAIT needs a whole number of milliseconds: '%s'"
                                 % (number, line))
            items.append(("WAIT", int(parts[1])))
            continue
        if len(parts) != 1:
            raise ValueError("line %d: one event a line, not '%s'" % (number, line))
        try:
            items.append(events.parse(parts[0]))
        except ValueError as e:
            raise ValueError("line %d: %s" % (number, e))
    return items


class ScriptInput:
    """Events from a list (see parse_script), in order, against a clock."""

    def __init__(self, items, clock):
        self.items = list(items)
        self.clock = clock
        self.i = 0
        self.until = None       # a WAIT in progress ends then
        self._one = bytearray(1)
        self._none = b""

    @property
    def done(self):
        return self.i >= len(self.items) and self.until is None

    def add(self, item):
        self.items.append(item)

    def poll(self):
        now = self.clock.ticks_ms()
        while True:
            if self.until is not None:
                if now < self.until:
                    return self._none
                self.until = None
            if self.i >= len(self.items):
                return self._none
            item = self.items[self.i]
            self.i += 1
            if isinstance(item, tuple):
                self.until = now + item[1]
                continue
            self._one[0] = item
            return self._one


class QueueInput:
    """Events pushed by a program (tests): push(code); poll() returns one per frame."""

    def __init__(self):
        self.queue = []
        self._one = bytearray(1)

    def push(self, code):
        self.queue.append(code)

    def poll(self):
        if not self.queue:
            return b""
        self._one[0] = self.queue.pop(0)
        return self._one


class RecordingDisplay:
    """The panel as it would look: only the pages each flush sends are copied.

    max_pages: send at most that many pages a flush and leave the rest dirty for the
    next one, as the SSD1306 driver does on a slow bus (None: all of them).
    on_show(display) is called after each flush that sent pages, on_change(display)
    after contrast(), power() and invert() (the terminal redraws the panel dimmed,
    dark or inverted)."""

    def __init__(self, on_show=None, max_pages=None, on_change=None):
        self.panel = bytearray(WIDTH * PAGES)
        self.flushes = 0
        self.pages_sent = 0
        self.last_pages = 0          # bit mask of the pages of the last flush
        self.contrast_value = 255
        self.on = True
        self.inverted = False
        self.on_show = on_show
        self.on_change = on_change
        self.max_pages = max_pages

    def show(self, frame):
        pages = frame.take_dirty()
        if not pages:
            return 0
        buf = frame.buf
        panel = self.panel
        sent = 0
        for p in range(PAGES):
            if pages & (1 << p):
                if self.max_pages is not None and sent >= self.max_pages:
                    frame.dirty |= pages >> p << p     # the rest: the next flush
                    pages &= (1 << p) - 1
                    break
                panel[p * WIDTH:(p + 1) * WIDTH] = buf[p * WIDTH:(p + 1) * WIDTH]
                sent += 1
        self.pages_sent += sent
        self.flushes += 1
        self.last_pages = pages
        if self.on_show is not None:
            self.on_show(self)
        return sent

    def _changed(self):
        if self.on_change is not None:
            self.on_change(self)

    def contrast(self, value):
        self.contrast_value = value
        self._changed()

    def power(self, on):
        self.on = bool(on)
        self._changed()

    def invert(self, on):
        self.inverted = bool(on)
        self._changed()


class RecordingBuzzer:
    def __init__(self):
        self.played = []

    def play(self, name):
        self.played.append(name)


class MemoryFiles:
    """Files in a dict, for stud.save.store.Store(path, files): the save without a disk,
    with stud.save.store.Files' interface (size, open, rename, remove); read(path) gives
    a file's bytes for tests.  `read_only` makes every write, rename and remove fail as
    CircuitPython's drive does while USB has it mounted (OSError 30); `fail` (an errno)
    makes them fail so.  (host_tests/support/saves.py: one that loses power.)"""

    def __init__(self, files=None, read_only=False):
        self.files = dict(files or {})
        self.fail = 30 if read_only else None
        self.writes = 0         # files opened for writing

    def _check(self):
        if self.fail is not None:
            raise OSError(self.fail)

    def size(self, path):
        data = self.files.get(path)
        return None if data is None else len(data)

    def read(self, path):
        return self.files.get(path)

    def open(self, path, mode):
        if "r" in mode:
            data = self.files.get(path)
            if data is None:
                raise OSError(2)
            from io import BytesIO
            return BytesIO(data)
        self._check()
        self.files[path] = b""
        self.writes += 1
        return _Writing(self, path)

    def rename(self, old, new):
        self._check()
        if old not in self.files:
            raise OSError(2)
        self.files[new] = self.files.pop(old)

    def remove(self, path):
        if self.fail is None and path in self.files:   # as stud.save.store.Files: never raises
            del self.files[path]


class _Writing:
    def __init__(self, files, path):
        self.files = files
        self.path = path

    def write(self, data):
        self.files.files[self.path] += bytes(data)
        return len(data)

    def close(self):
        pass


def memory_store(path="stud.sav", files=None):
    """A stud.save.store.Store over MemoryFiles (imported here: the board file stays light)."""
    from stud.save.store import Store
    return Store(path, files if files is not None else MemoryFiles())


class HostBoard:
    def __init__(self, input, clock=None, display=None, buzzer=None, store=None):
        self.clock = clock if clock is not None else VirtualClock()
        self.input = input
        self.display = display if display is not None else RecordingDisplay()
        self.buzzer = buzzer if buzzer is not None else RecordingBuzzer()
        self.store = store      # a stud.save.store.Store, or None: the game saves nothing
        self.ticks_ms = self.clock.ticks_ms
        self.ticks_diff = self.clock.ticks_diff
        self.sleep_ms = self.clock.sleep_ms
