"""Input events: what the joystick and button mean to the game, whatever the board.

Drivers (stud.drivers, the simulator's keyboard) turn pins and keys into these
codes; game logic sees only them and never touches a pin.
"""
from stud.core.compat import const

UP = const(1)
DOWN = const(2)
LEFT = const(3)
RIGHT = const(4)
PRESS = const(5)
LONG_PRESS = const(6)

NAMES = ("", "UP", "DOWN", "LEFT", "RIGHT", "PRESS", "LONG_PRESS")


def parse(name):
    """'UP' -> UP; ValueError naming the choices otherwise."""
    key = name.strip().upper()
    if key in NAMES and key:
        return NAMES.index(key)
    raise ValueError("unknown event '%s' (one of %s)" % (name, ", ".join(NAMES[1:])))
