"""Bots on a nearly full heap: thinking runs out of memory, the hand still ends.

    micropython -X heapsize=192K host_tests/dual/fullheap.py

Deals three hands, fills the heap with ballast until allocation fails, hands
some small blocks back and plays the hands with bots, who must fall back to
cheap decisions instead of crashing.  How much room a given number of blocks
makes depends on fragmentation, which shifts with anything that allocates
first (even the length of the checkout's path), so one fixed number is
fragile: the script tries growing give-backs until the hands end, and reports
the first one at which they ended with cheap decisions in them.  A give-back
too small even for the engine to act is skipped, not a failure; a bot that
does not fall back never reaches "ended with cheap decisions".
Everything runs inside functions: a new global would grow the module's dict.
"""
import gc

from stud.core.rng import Rng
from stud.play.session import Session

GIVE_BACKS = (40, 48, 56, 64, 72, 80, 96, 112, 128)  # blocks returned after the fill


def fill(ballast, give_back):
    i = 0
    for size in (1024, 64, 8):
        try:
            while i < len(ballast):
                ballast[i] = bytearray(size)
                i += 1
        except MemoryError:
            pass
    k = 0
    while k < give_back:  # small blocks back: room to act, not enough to think
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


def attempt(s, give_back):
    """(free bytes while full, hands ended, cheap decisions), or None if the heap ran out."""
    hands = [s.deal(rng=Rng(i)) for i in range(3)]
    ballast = [None] * 1000  # slots allocated up front: filling never grows the list
    free = fill(ballast, give_back)
    try:
        fallbacks = play(s, hands)
    except MemoryError:
        fallbacks = None  # too full even to act: try a larger give-back
    ballast = None
    gc.collect()
    if fallbacks is None:
        return None
    return free, len([h for h in hands if h.result is not None]), fallbacks


def main():
    s = Session()
    for p in (1, 2, 3):     # a table in play: the bots' code loaded, their models made
        s.model(p)
    for tried, give_back in enumerate(GIVE_BACKS):
        out = attempt(s, give_back)
        if out is not None and out[1] == 3 and out[2] > 0:
            break
    print("give_backs_tried=%d" % (tried + 1))
    if out is None:
        out = (0, 0, 0)
    print("give_back=%d" % give_back)
    print("free_while_full=%d" % out[0])
    print("hands=%d" % out[1])
    print("fallbacks=%d" % out[2])


main()
