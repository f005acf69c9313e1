"""Evaluator log: seeded 7-, 6- and 5-card hands and their values, as one digest.

    python host_tests/dual/evallog.py [--dump]          (PYTHONPATH=firmware:tools/harness)
    python -m tools.device.mprun host_tests/dual/evallog.py [--dump]

Each deck shuffle (stud.core.cards.shuffle on stud.core.rng.Rng) gives several disjoint
hands.  Lines are "As Td 2c ... value"; 5- and 6-card hands also log the value
without the wheel.  The same digest on CPython and MicroPython means the same
value for every hand.
"""
import sys

from harness import Digest, Peak, live_heap, report, ints, HAS_HEAP, RUNTIME

BASE = live_heap()  # before any stud import

from stud.core.rng import Rng
from stud.core.cards import new_deck, shuffle, format as card_text
from stud.core.evaluator import evaluate, hand_class

SEED = 20240705
SEVEN = 21000     # 7 hands per shuffle of 49 cards
SIX = 2400        # 8 per shuffle
FIVE = 2500       # 10 per shuffle
CHECK_EVERY = 1000
LIMIT = 1 << 30   # values must stay MicroPython small ints on a 32-bit port


def run(dump=False):
    log = Digest(dump)
    peak = Peak()
    rng = Rng(SEED)
    deck = new_deck()
    classes = [0] * 9
    evals = 0
    peak.check()
    for size, count, wheels in ((7, SEVEN, (True,)), (6, SIX, (True, False)),
                                (5, FIVE, (True, False))):
        per_shuffle = 52 // size
        done = 0
        while done < count:
            shuffle(deck, rng)
            i = 0
            while i < per_shuffle and done < count:
                hand = deck[i * size:(i + 1) * size]
                vals = []
                for wheel in wheels:
                    v = evaluate(hand, wheel)
                    if v < 0 or v >= LIMIT:
                        raise AssertionError("value out of range: %d for %s" % (v, card_text(hand)))
                    vals.append(v)
                if size == 7:
                    classes[hand_class(vals[0])] += 1
                log.line(card_text(hand) + " " + ints(vals))
                evals += len(vals)
                if evals % CHECK_EVERY < len(vals):
                    peak.check()
                i += 1
                done += 1
    peak.check()
    report("runtime", RUNTIME)
    report("eval_lines", log.lines)
    report("eval_count", evals)
    report("eval_classes7", ints(classes))
    report("eval_digest", log.hexdigest())
    report("peak_heap", peak.peak if HAS_HEAP else None)
    report("heap_base", BASE)
    report("core_peak", peak.peak - BASE if HAS_HEAP else None)
    report("heap_checks", peak.checks)
    report("eval_alloc_per_1000", alloc_per_1000(deck[:7]))
    report("eval_frame_per_call", frame_per_call(deck[:7]))


def alloc_per_1000(hand):
    """Bytes the heap grows by over 1000 evaluate() calls, no collection in between."""
    if not HAS_HEAP:
        return None
    import gc
    hand = bytes(hand)
    ev = evaluate
    live_heap()
    a = gc.mem_alloc()
    for _ in range(1000):
        ev(hand)
    return gc.mem_alloc() - a


def frame_per_call(hand):
    """Bytes allocated per evaluate() call even if freed again (micropython.mem_total()).

    MicroPython takes a function's frame from the heap when its locals and value
    stack need more than 11 words (py/objfun.c, VM_MAX_STATE_ON_STACK), and frees
    it on return: gc.mem_alloc() never sees it.
    """
    try:
        from micropython import mem_total
    except ImportError:
        return None
    hand = bytes(hand)
    ev = evaluate
    live_heap()
    t = mem_total()
    for _ in range(1000):
        ev(hand)
    return (mem_total() - t) // 1000


if __name__ == "__main__":
    run("--dump" in sys.argv)
