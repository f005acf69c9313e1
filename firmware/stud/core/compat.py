"""The one place where CPython is told what MicroPython's compiler already knows."""
try:
    from micropython import const
except ImportError:
    def const(x):
        return x

LIMIT = (1 << 30) - 1    # every stack and count stops here: a small int on a 32-bit port
