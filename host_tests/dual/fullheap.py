"""Bots on a nearly full heap: thinking runs out of memory, the hand still ends.

    micropython -X heapsize=192K host_tests/dual/fullheap.py

Imports and deals first, then fills the heap with ballast until allocation
fails, hands a few small blocks back so the engine can move, and plays the
hands with bots, who must fall back to cheap decisions instead of crashing.
Everything runs inside functions: a new global would grow the module's dict.
"""
import gc

from stud.core.rng import Rng
from stud.play.session import Session


def fill(ballast):
    i = 0
    for size in (1024, 64, 8):
        try:
            while i < len(ballast):
                ballast[i] = bytearray(size)
                i += 1
        except MemoryError:
            pass
    k = 0
    while k < 64:  # small blocks back: room to act, not enough to think (issue 11: the
                   # bots think in less heap now, so 80 blocks were enough to think in)
        i -= 1
        ballast[i] = None
        k += 1
    gc.collect()
    return gc.mem_free()


def play(s, hands):
    fallbacks = 0
    for h in hands:
        while h.to_act is not None:
            word, eq = s.bot_decision(h, Rng(5), 200, 0)
            if eq == -1 and h.legal() != ["draw"] and len(h.legal()) > 1:
                fallbacks += 1
            h.act(word)
    return fallbacks


def main():
    s = Session()
    hands = [s.deal(rng=Rng(i)) for i in range(3)]
    ballast = [None] * 1000  # slots allocated up front: filling never grows the list
    free = fill(ballast)
    fallbacks = play(s, hands)
    ballast = None
    gc.collect()
    print("free_while_full=%d" % free)
    print("hands=%d" % len([h for h in hands if h.result is not None]))
    print("fallbacks=%d" % fallbacks)


main()
