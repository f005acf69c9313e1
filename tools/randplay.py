"""A random legal action, seeded: the engine log (host_tests/dual/enginelog.py) plays its
hands with it and the engine benchmark (tools/bench/mp_costs.py) times the same play.
Runs unchanged on CPython and MicroPython."""
from stud.core.cards import randbelow
from stud.core.engine import FOLD, DRAW


def choose(rng, h):
    legal = h.legal()
    if FOLD in legal and len(legal) > 1 and randbelow(rng, 8):
        legal = [w for w in legal if w != FOLD]
    word = legal[randbelow(rng, len(legal))]
    if word == DRAW:
        positions = [str(p) for p in range(5) if randbelow(rng, 3) == 0][:3]
        return "draw:" + ",".join(positions)
    sizes = h.amounts(word) if word in ("bet", "raise") else []
    if len(sizes) > 1:
        return "%s:%d" % (word, sizes[randbelow(rng, len(sizes))])
    return word
