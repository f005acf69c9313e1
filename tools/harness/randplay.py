"""Seeded random play: a random legal action, with which the engine log
(host_tests/dual/enginelog.py) plays its hands and the engine benchmark
(tools/bench/mp_costs.py) times the same play; and seeded 7-card hands, which the
evaluator benchmarks time (tools/bench/run.py, mp_costs.py).  Runs unchanged on CPython
and MicroPython."""
from stud.core.cards import randbelow, shuffle
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


def sevens(n, rng, deck):
    """n 7-card hands as bytes: each shuffle of `deck` (a bytearray of cards) by `rng`
    deals seven disjoint ones."""
    out = []
    while len(out) < n:
        shuffle(deck, rng)
        for i in range(7):
            out.append(bytes(deck[i * 7:i * 7 + 7]))
    del out[n:]
    return out
