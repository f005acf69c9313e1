"""What the MicroPython-side scripts share; runs unchanged on CPython and MicroPython.

Scripts print `key=value` lines.  Keys named in the test's DIGEST_KEYS must be
identical on both runtimes; heap_* / peak_* / time keys are measurements.
"""
import gc
import sys

try:
    import hashlib
    _sha = hashlib.sha256
except (ImportError, AttributeError):
    _sha = None

try:
    from binascii import hexlify as _hexlify
except ImportError:
    _hexlify = None

RUNTIME = sys.implementation.name
HAS_HEAP = hasattr(gc, "mem_alloc")


class Digest:
    """sha256 of the log's text lines (each line + newline).

    Falls back to a pure-Python 30-bit checksum where hashlib is missing, so the
    label says which one was used.  `dump` also prints every line.
    """

    def __init__(self, dump=False):
        self.lines = 0
        self.dump = dump
        if _sha is not None and _hexlify is not None:
            self.kind = "sha256"
            self._h = _sha()
        else:
            self.kind = "sum30"
            self._a = 1
            self._b = 0

    def line(self, text):
        self.lines += 1
        if self.dump:
            print("| " + text)
        data = (text + "\n").encode()
        if self.kind == "sha256":
            self._h.update(data)
        else:
            a, b = self._a, self._b
            for byte in data:
                a = (a + byte) % 32749
                b = (b + a) % 32749
            self._a, self._b = a, b

    def hexdigest(self):
        if self.kind == "sha256":
            return self.kind + ":" + _hexlify(self._h.digest()).decode()
        return "%s:%08x" % (self.kind, (self._b << 15) | self._a)


def live_heap():
    """Bytes live on the heap after a full collection (None on CPython)."""
    if not HAS_HEAP:
        return None
    gc.collect()
    return gc.mem_alloc()


class Peak:
    """Largest live heap seen at checkpoints (gc.collect() then gc.mem_alloc()).

    micropython.mem_peak() is no use: it never subtracts what the collector
    sweeps.  On CPython check() does nothing.
    """

    def __init__(self):
        self.peak = 0
        self.checks = 0

    def check(self):
        if HAS_HEAP:
            gc.collect()
            a = gc.mem_alloc()
            self.checks += 1
            if a > self.peak:
                self.peak = a


def ints(values):
    """'3 0 12' for a list of ints: the same text on every runtime."""
    return " ".join([str(v) for v in values])


def report(key, value):
    if value is None:
        value = "n/a"
    print("%s=%s" % (key, value))


try:
    from time import ticks_us, ticks_diff
except ImportError:
    import time as _time

    def ticks_us():
        return _time.perf_counter_ns() // 1000

    def ticks_diff(a, b):
        return a - b


def ref(n):
    """The reference loop: cost units that travel between machines and runtimes."""
    x = 0
    for i in range(n):
        x += 1
    return x


def ref_us(n, repeats=3):
    """Best time in microseconds of ref(n)."""
    best = None
    for _ in range(repeats):
        t = ticks_us()
        ref(n)
        d = ticks_diff(ticks_us(), t)
        if best is None or d < best:
            best = d
    return best
