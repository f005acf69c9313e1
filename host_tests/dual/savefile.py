"""Write a save under one runtime and read it under the other (test_store.py drives it).

    micropython host_tests/dual/savefile.py write PATH   # 12 bot hands, then save
    micropython host_tests/dual/savefile.py read PATH    # load and report
"""
import sys

from stud.save import record, store
from stud.core.rng import Rng
from stud.play.session import Session


def write(path):
    s = Session()
    saved = store.Saved()
    for i in range(12):
        h = s.deal(rng=Rng(i))
        start = s.chips[0]
        while h.to_act is not None:
            h.act(s.bot_decision(h, Rng(i + 100), samples=8, budget_ms=0)[0] if h.to_act else h.legal()[0])
        names = [s.names[p] for p in s.positions()]
        s.settle(h)
        saved.stats.add(h, names, start)
        saved.add_hand(record.encode(h, names))
    store.capture(saved, s)
    store.Store(path).save(saved)
    print("wrote=%d" % len(store.dumps(saved)))


def read(path):
    saved, message = store.Store(path).load()
    for rec in saved.hands:
        record.replay(record.decode(rec))
    print("message=%s" % message)
    print("hands=%d" % len(saved.hands))
    print("stats_hands=%d" % saved.stats.hands)


if __name__ == "__main__":
    (write if sys.argv[1] == "write" else read)(sys.argv[2])
