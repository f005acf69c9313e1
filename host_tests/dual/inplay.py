"""A hand kept under one runtime, resumed under the other (host_tests/save/test_inplay.py).

    micropython host_tests/dual/inplay.py keep PATH    # a save, then a hand kept 5 actions in
    micropython host_tests/dual/inplay.py resume PATH  # boot: the kept hand, resumed
"""
import sys

from stud.save import store


def keep(path):
    from stud.core.rng import Rng
    from stud.play.session import Session
    from stud.save.keeper import Keeper
    s = Session()
    k = Keeper(store.Store(path))
    k.save(s, 1, 1, 200)
    h = s.deal(rng=Rng(7))
    k.keep_hand(h, s)
    for i in range(5):
        h.act(s.bot_decision(h, Rng(i), samples=4, budget_ms=0)[0])
        k.keep_hand(h)
    print("moves=%s" % " ".join(list(h.moves)))


def resume(path):
    from stud.play.session import Session
    from stud.save.keeper import Keeper
    from stud.save import startup
    s = Session()
    k = Keeper(store.Store(path))
    startup.start(k, s)
    print("moves=%s" % (" ".join(list(k.hand.moves)) if k.hand else None))


if __name__ == "__main__":
    {"keep": keep, "resume": resume}[sys.argv[1]](sys.argv[2])
