"""A small deterministic random source that gives the same stream on every runtime.

CPython's and MicroPython's `random` differ, so seeded games and their logs
would not match across runtimes.  This is a 30-bit linear congruential
generator whose arithmetic never leaves MicroPython's small ints on a 32-bit
port (products are split into 15-bit halves).  Only its high bits are used.
"""
from stud.core.compat import const

_MASK30 = const(0x3FFFFFFF)
_MASK15 = const(0x7FFF)
_A_LO = const(29773421 & 0x7FFF)  # multiplier 29773421 (= 1103515245 mod 2**30)
_A_HI = const(29773421 >> 15)
_C = const(12345)


class Rng:
    def __init__(self, seed=0):
        self.state = seed & _MASK30

    def _step(self):
        s = self.state
        lo = s & _MASK15
        hi = s >> 15
        mid = ((_A_HI * lo + _A_LO * hi) & _MASK15) << 15
        s = (_A_LO * lo + mid + _C) & _MASK30
        self.state = s
        return s

    def getrandbits(self, k):
        out = 0
        while k > 16:
            out = (out << 16) | (self._step() >> 14)
            k -= 16
        if k > 0:
            out = (out << k) | (self._step() >> (30 - k))
        return out


def device_rng():
    """The runtime's own generator (C code, fast), seeded from the hardware's entropy.

    Games on the device need no reproducible stream, only speed: a bot's Monte
    Carlo draws run several times faster from C than from the Rng class above."""
    seed = 0
    try:
        import os
        for b in os.urandom(4):
            seed = (seed << 8) | b
    except (ImportError, AttributeError, OSError):
        import time
        seed = time.ticks_us() if hasattr(time, "ticks_us") else int(time.time() * 1000)
    seed &= _MASK30
    try:
        import random
        random.seed(seed)
        random.getrandbits(8)
        return random
    except (ImportError, AttributeError):
        return Rng(seed)
