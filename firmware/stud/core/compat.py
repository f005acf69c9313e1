"""The one place where CPython is told what MicroPython's compiler already knows."""
try:
    from micropython import const
except ImportError:
    def const(x):
        return x
