"""Chance to win, in per-mille, by Monte Carlo over the cards a seat cannot see.

Each sample deals the unseen cards - everything but my cards and every up
card on the table, folded hands' included - to complete my hand and each live
opponent's hidden and future cards, then compares final hands.  A tie counts
as a share.  All buffers are allocated once per estimate, none per sample, and
the clock is read every few samples so a decision never blocks the device for
longer than its budget.
"""
from stud.core.evaluator import evaluate

try:
    from time import ticks_ms, ticks_diff
except ImportError:  # CPython
    from time import monotonic as _mono

    def ticks_ms():
        return int(_mono() * 1000)

    def ticks_diff(a, b):
        return a - b


def estimate(view, samples, rng, budget_ms=0):
    """(per-mille chance to win, samples actually run) for the seat of `view`."""
    final = view.final_cards
    wheel = view.wheel
    seen = bytearray(52)
    mine = bytearray(final)
    known = view.my_cards()
    k = len(known)
    mine[:k] = known
    for c in known:
        seen[c] = 1
    for c in view.dead_cards():
        seen[c] = 1
    opps = []
    fixed = []
    for s in view.opponents():
        up = view.up[s]
        hand = bytearray(final)
        hand[:len(up)] = up
        opps.append(hand)
        fixed.append(len(up))
    npool = 52 - sum(seen)
    pool = bytearray(npool)
    j = 0
    for c in range(52):
        if not seen[c]:
            pool[j] = c
            j += 1
    bits = rng.getrandbits
    start = ticks_ms()
    won = 0
    done = 0
    samples = max(1, samples)
    while done < samples:
        m = npool
        for i in range(k, final):
            j = (bits(16) * m) >> 16
            m -= 1
            pool[j], pool[m] = pool[m], pool[j]
            mine[i] = pool[m]
        me = evaluate(mine, wheel)
        ties = 1
        for o in range(len(opps)):
            hand = opps[o]
            for i in range(fixed[o], final):
                j = (bits(16) * m) >> 16
                m -= 1
                pool[j], pool[m] = pool[m], pool[j]
                hand[i] = pool[m]
            v = evaluate(hand, wheel)
            if v > me:
                ties = 0
                break
            if v == me:
                ties += 1
        if ties:
            won += 1000 // ties
        done += 1
        if budget_ms and not done & 7 and ticks_diff(ticks_ms(), start) >= budget_ms:
            break
    return won // done, done
