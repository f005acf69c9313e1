"""Benchmark side that runs on the device's runtime (tools/bench/run.py drives it).

    python -m tools.device.mprun tools/bench/mp_costs.py import|eval|engine [--mpy]

Costs are in reference-loop units: iterations of harness.ref (`x += 1` in a
for loop, in a function), which travel between machines and runtimes.

The host's clock speed drifts within milliseconds (shared, boosting CPUs), so
timing a long reference loop and then a long evaluation loop compares two
different machines.  Every mode instead alternates short chunks - about a
millisecond of reference loop, then a millisecond of the measured work - and
divides the two totals, so both see the same conditions.

  import  fresh process: `import stud.core.evaluator`, then `import stud.core.engine`, each
          between two reference chunks
  eval    500 seeded 7-card hands (bytearray(7) each, ~32 KB of heap on the 64-bit
          port), evaluated round after round, in three heap states (mode_eval)
  engine  complete 4-seat tandy7 hands, stacks 999, random legal actions
  keep    the hand in play kept after each action (stud.save.keeper.keep_hand, files in
          memory: the CPU's part of the cost; the flash's write is the board's own)
"""
import sys

from harness import ticks_us, ticks_diff, ref, live_heap, report, Peak, RUNTIME, HAS_HEAP

REF_CHUNK = 20000     # reference iterations per chunk (about 1 ms on the host)
HANDS = 500
EVAL_ROUNDS = 60      # x 500 hands = 30,000 evaluations per heap state
ENGINE_HANDS = 150
KEEP_HANDS = 40
SEED = 1234


def _ref_chunk():
    t = ticks_us()
    ref(REF_CHUNK)
    return ticks_diff(ticks_us(), t)


def mode_import():
    base = live_heap()
    r0 = _ref_chunk()
    t0 = ticks_us()
    import stud.core.evaluator  # noqa: F401
    t1 = ticks_us()
    r1 = _ref_chunk()
    t2 = ticks_us()
    import stud.core.engine  # noqa: F401
    t3 = ticks_us()
    r2 = _ref_chunk()
    after = live_heap()
    report("runtime", RUNTIME)
    report("import_evaluator_us", ticks_diff(t1, t0))
    report("import_engine_us", ticks_diff(t3, t2))
    report("ref_us", r0 + r1 + r2)
    report("ref_n", 3 * REF_CHUNK)
    report("import_heap", after - base if HAS_HEAP else None)


def _compact_hands(rng, deck, shuffle):
    """HANDS seeded hands in bytearray(7)s allocated back to back (no holes between)."""
    hands = [bytearray(7) for _ in range(HANDS)]
    k = 0
    while k < HANDS:
        shuffle(deck, rng)
        for i in range(7):
            if k < HANDS:
                h = hands[k]
                for j in range(7):
                    h[j] = deck[i * 7 + j]
                k += 1
    return hands


def _time_eval(ev, hands, lock):
    """(evaluation us, empty-loop us, reference us) over EVAL_ROUNDS alternations."""
    try:
        from micropython import heap_lock, heap_unlock
    except ImportError:
        if lock:
            return None, None, None
    live_heap()
    tr = te = tl = 0
    for _ in range(EVAL_ROUNDS):
        tr += _ref_chunk()
        if lock:
            heap_lock()
        t = ticks_us()
        for h in hands:
            ev(h)
        t2 = ticks_us()
        for h in hands:
            pass
        t3 = ticks_us()
        if lock:
            heap_unlock()
        te += ticks_diff(t2, t)
        tl += ticks_diff(t3, t2)
    return te, tl, tr


def mode_eval():
    """Three heap states, because evaluate() takes its call frame from the heap (see
    frame_alloc) and the allocator's search for it depends on fragmentation:
      compact    fresh heap: what the imports left, then the hands back to back
      locked     the same with micropython.heap_lock(): the frame falls back to the
                 C stack, so this is the interpreter's cost alone
      scattered  after 500 more hands cut from slices have left small holes
    """
    from stud.core.rng import Rng
    from stud.core.cards import new_deck, shuffle
    from stud.core.tables import COUNT, RUNS
    from randplay import sevens
    import stud.core.evaluator as E
    peak = Peak()
    peak.check()
    rng = Rng(SEED)
    deck = new_deck()
    ev = E.evaluate
    hands = _compact_hands(rng, deck, shuffle)
    peak.check()
    results = [("compact", _time_eval(ev, hands, False)),
               ("locked", _time_eval(ev, hands, True))]
    more = sevens(HANDS, rng, deck)      # bytes cut from slices: the garbage leaves small holes
    peak.check()
    results.append(("scattered", _time_eval(ev, hands, False)))
    check = 0
    for h in hands + more:
        check = (check * 31 + ev(h)) & 0x3FFFFFFF
    report("runtime", RUNTIME)
    report("evals", HANDS * EVAL_ROUNDS)
    report("ref_n", REF_CHUNK * EVAL_ROUNDS)
    for name, (te, tl, tr) in results:
        report("eval_%s_us" % name, te)    # the loop over the hands included
        report("loop_%s_us" % name, tl)    # the same loop, empty
        report("ref_%s_us" % name, tr)
    # COUNT and RUNS plus the two 52-entry per-card tuples at 4 bytes an entry (32-bit board).
    report("table_bytes", len(COUNT) + len(RUNS) + 4 * (len(E._BIT) + len(E._SUITCOUNT)))
    report("peak_heap", peak.peak if HAS_HEAP else None)
    report("frame_alloc_per_call", frame_alloc(ev, hands[0]))
    report("value_check", check)


def frame_alloc(fn, arg):
    """Bytes allocated (and freed again) per call, from micropython.mem_total().

    A MicroPython function whose locals and value stack need more than 11 words
    gets its frame from the heap on every call (py/objfun.c, VM_MAX_STATE_ON_STACK)
    and frees it on return: gc.mem_alloc() cannot see it, mem_total() can.
    """
    try:
        from micropython import mem_total
    except ImportError:
        return None
    live_heap()
    t = mem_total()
    for _ in range(1000):
        fn(arg)
    return (mem_total() - t) // 1000


def mode_engine():
    from stud.core.rng import Rng
    from stud.core.engine import Hand
    from randplay import choose
    peak = Peak()
    peak.check()
    rng = Rng(SEED)
    tr = th = actions = 0
    for _ in range(ENGINE_HANDS):
        tr += _ref_chunk()
        t = ticks_us()
        h = Hand("tandy7", [999, 999, 999, 999], rng=rng)
        while h.to_act is not None:
            h.act(choose(rng, h))
            actions += 1
        th += ticks_diff(ticks_us(), t)
        h = None
    peak.check()
    report("runtime", RUNTIME)
    report("engine_hands", ENGINE_HANDS)
    report("engine_actions", actions)
    report("engine_us", th)
    report("ref_us", tr)
    report("ref_n", REF_CHUNK * ENGINE_HANDS)
    report("peak_heap", peak.peak if HAS_HEAP else None)


def mode_keep():
    import host
    from stud.core.rng import Rng
    from stud.play.session import Session
    from stud.save import store
    from stud.save.keeper import Keeper
    from randplay import choose
    rng = Rng(SEED)
    files = host.MemoryFiles()
    tr = tk = keeps = biggest = 0
    for _ in range(KEEP_HANDS):
        s = Session()
        k = Keeper(store.Store("stud.sav", files))
        h = s.deal(rng=rng)
        k.keep_hand(h, s)
        while h.to_act is not None:
            h.act(choose(rng, h))
            tr += _ref_chunk()
            t = ticks_us()
            k.keep_hand(h)
            tk += ticks_diff(ticks_us(), t)
            keeps += 1
            biggest = max(biggest, files.size("stud.sav.h0"), files.size("stud.sav.h1"))
    report("runtime", RUNTIME)
    report("keeps", keeps)
    report("keep_us", tk)
    report("keep_file_bytes", biggest)
    report("ref_us", tr)
    report("ref_n", REF_CHUNK * keeps)


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else "eval"
    {"import": mode_import, "eval": mode_eval, "engine": mode_engine, "keep": mode_keep}[mode]()
