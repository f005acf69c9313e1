"""Live heap of the core: importing the evaluator and the engine, then 4-seat hands.

    python -m tools.device.mprun tools/bench/memory.py [--mpy]

Reports gc.mem_alloc() after gc.collect(): before any stud import (base),
after stud.core.evaluator (tables included), after stud.core.engine, and the peak over
every action of a few complete 4-seat tandy7 hands (nobody folds, so every
hand reaches a 4-way showdown: the longest history and the most cards).
core_heap = peak - base is what tables + engine + one hand cost; budget 48 KB.
On CPython the heap numbers are n/a; the hand digest still has to match.
"""
from harness import Digest, Peak, live_heap, report, ints, HAS_HEAP, RUNTIME

base = live_heap()
import stud.core.evaluator  # noqa: E402
after_evaluator = live_heap()
import stud.core.engine  # noqa: E402
after_engine = live_heap()

from stud.core.rng import Rng  # noqa: E402
from stud.core.cards import randbelow  # noqa: E402

SEED = 4
HANDS = 3


def play(rng, peak, log):
    h = stud.core.engine.Hand("tandy7", [999, 999, 999, 999], rng=rng)
    peak.check()
    while h.to_act is not None:
        legal = [w for w in h.legal() if w != stud.core.engine.FOLD]
        h.act(legal[randbelow(rng, len(legal))])
        peak.check()
    log.line("%d actions, amounts %s, stacks %s"
             % (len(h.history), ints(h.result["amounts"]), ints(h.stacks)))


def main():
    rng = Rng(SEED)
    peak = Peak()
    log = Digest()
    for _ in range(HANDS):
        play(rng, peak, log)
    peak.check()
    report("runtime", RUNTIME)
    report("memory_digest", log.hexdigest())
    if HAS_HEAP:
        report("heap_base", base)
        report("heap_evaluator", after_evaluator - base)
        report("heap_engine", after_engine - after_evaluator)
        report("heap_hand", peak.peak - after_engine)
        report("peak_heap", peak.peak)
        report("core_heap", peak.peak - base)
    else:
        for key in ("heap_base", "heap_evaluator", "heap_engine", "heap_hand",
                    "peak_heap", "core_heap"):
            report(key, None)


main()
