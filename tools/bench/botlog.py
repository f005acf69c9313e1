"""Bot log: seeded 4-seat tandy7 hands decided by the bots, as one digest; and what a
bot decision costs the heap and the clock.

    python -m tools.bench.botlog [--dump] [--hands N]
    python -m tools.device.mprun tools/bench/botlog.py [--mpy] [--dump]
    python -m tools.device.mprun tools/bench/botlog.py cost [--mpy]   (tools/bench/run.py)

Log: a stud.play.session.Session with SID, JOE and HAL (balanced, loose, tight) and
you, your seat played as AUTO plays it (balanced, no model).  Deals come from
one stud.core.rng.Rng, decisions from another, every decision is bots.decide() on a
SeatView exactly as Session.bot_decision makes it, with SAMPLES samples and no
clock budget (budget_ms=0), so the log is the same on every runtime.  Each
decision (street, seat, word, equity), every hand's cards, amounts and chips,
and the three models of you go into the digest.

Heap (MicroPython): gc.collect() + gc.mem_alloc() before any stud import, after
the imports, after every action and, through the decision rng, every 64 random
draws inside the equity estimate; core_peak is the peak above the start.

Allocation per Monte Carlo sample (MicroPython): micropython.mem_total() counts
every byte allocated, freed or not; the bytes of an estimate of 200 samples
minus those of one of 20, over the 180 extra samples.  Once with MicroPython's
C `random` module as the rng, once with stud.core.rng.Rng (a Python class, what the
firmware seeds with device_rng()), on 3rd street (four live seats, four cards
to deal me and five to each opponent) and 7th (three to each opponent).

Budget: estimate(view, 10**6 samples, budget_ms=50) must stop on the clock, and
bots.decide() with 10**6 samples and its default budget (bots.BUDGET_MS).

cost: alternating ~1 ms chunks of the reference loop (harness.ref) with whole
decisions (as in bench_mp.py), on 3rd and 7th street at four live seats, at
bots.SAMPLES samples and at one sample (the fixed cost of a decision: the view's
buffers, thresholds, choice); plus estimate() alone with the C random module.
"""
import sys

from harness import (Digest, Peak, live_heap, report, ints, ticks_us, ticks_diff, ref,
                     HAS_HEAP, RUNTIME)

BASE = live_heap()  # before any stud import

from stud.play import bots  # noqa: E402
from stud.core.cards import format as card_text  # noqa: E402
from stud.core.engine import Hand  # noqa: E402
from stud.play.equity import estimate  # noqa: E402
from stud.core.rng import Rng  # noqa: E402
from stud.play.session import Session  # noqa: E402
from stud.play.view import SeatView  # noqa: E402

IMPORTED = live_heap()

SEED = 4242
HANDS = 35
SAMPLES = 24          # per decision in the log: small, fixed, no clock
CHECK_EVERY = 63      # a heap checkpoint every 64 random draws during a decision
REF_CHUNK = 20000     # reference iterations between timed decisions (cost mode)
COST_VIEWS = 20       # seeded 4-seat positions per street (cost mode)
COST_ROUNDS = 5       # times each position is decided (cost mode)


class CheckedRng:
    """A stud.core.rng.Rng that takes a heap checkpoint every 64 draws: the peak then
    includes what an equity estimate holds while it runs.  Same stream as the Rng."""

    def __init__(self, rng, peak):
        self.rng = rng
        self.peak = peak
        self.draws = 0

    def getrandbits(self, k):
        self.draws += 1
        if not self.draws & CHECK_EVERY:
            self.peak.check()
        return self.rng.getrandbits(k)


def play(hands, log, peak):
    deals = Rng(SEED)
    rng = CheckedRng(Rng(SEED + 1), peak)
    session = Session("tandy7", ("SID", "JOE", "HAL"))
    words = {}
    decisions = 0
    showdowns = 0
    eq_sum = 0
    for k in range(hands):
        hand = session.deal(rng=deals)
        stacks_in = [hand.stacks[s] + hand.total[s] for s in range(hand.n)]  # before antes
        log.line("hand %d chips %s" % (k, ints(session.chips)))
        peak.check()
        while hand.to_act is not None:
            seat = hand.to_act
            street = hand.street
            word, eq = session.bot_decision(hand, rng, SAMPLES, 0)
            log.line("%d %d %s %d" % (street, seat, word, eq))
            hand.act(word)
            peak.check()
            decisions += 1
            words[word] = words.get(word, 0) + 1
            if eq >= 0:
                eq_sum += eq
        if sum(hand.stacks) != sum(stacks_in):
            raise AssertionError("hand %d: chips not conserved: %s -> %s"
                                 % (k, stacks_in, hand.stacks))
        for seat in range(hand.n):
            log.line("seat %d %s%s" % (seat, card_text(hand.cards(seat)),
                                       " folded" if hand.folded[seat] else ""))
        res = hand.result
        if res["shown"]:
            showdowns += 1
        log.line("amounts %s stacks %s" % (ints(res["amounts"]), ints(hand.stacks)))
        session.settle(hand)
        for note in session.take_notices():
            log.line("notice " + note)
        hand = res = None
        peak.check()
    for p in range(1, 4):
        log.line("model %d %s" % (p, ints(session.model(p))))
    log.line("chips %s" % ints(session.chips))
    return {"decisions": decisions, "showdowns": showdowns, "eq_sum": eq_sum,
            "words": " ".join(["%s:%d" % (w, words[w]) for w in sorted(words)]),
            "chips": ints(session.chips), "draws": rng.draws}


# ---- positions to measure ---------------------------------------------------------
def position(seed, street):
    """(hand, view of the seat to act) at four live seats on `street` (0 = 3rd, 4 = 7th),
    everyone calling or checking until then."""
    hand = Hand("tandy7", [999, 999, 999, 999], rng=Rng(seed))
    while hand.street < street:
        legal = hand.legal()
        hand.act("call" if "call" in legal else "check")
    return hand, SeatView(hand, hand.to_act)


def _c_random():
    try:
        import random
        random.getrandbits(16)
        return random
    except (ImportError, AttributeError):
        return None


def _fmt(x):
    """Bytes per sample: '0' when exact, else one decimal."""
    if x == int(x):
        return "%d" % int(x)
    return "%.1f" % x


def alloc_per_sample(view, rng):
    """(bytes allocated per sample, bytes per estimate call besides its samples), from
    micropython.mem_total(); (None, None) where there is no mem_total."""
    try:
        from micropython import mem_total
    except ImportError:
        return None, None
    budget = 10 ** 6  # the clock is read every 8 samples but never runs out
    live_heap()
    t = mem_total()
    _, few = estimate(view, 20, rng, budget)
    a = mem_total() - t
    live_heap()
    t = mem_total()
    _, many = estimate(view, 200, rng, budget)
    b = mem_total() - t
    per = (b - a) / (many - few)
    return _fmt(per), int(a - per * few)


def main_log(dump, hands):
    log = Digest(dump)
    peak = Peak()
    peak.check()
    stats = play(hands, log, peak)
    peak.check()
    report("runtime", RUNTIME)
    report("bot_hands", hands)
    report("bot_lines", log.lines)
    report("bot_decisions", stats["decisions"])
    report("bot_words", stats["words"])
    report("bot_showdowns", stats["showdowns"])
    report("bot_eq_sum", stats["eq_sum"])
    report("bot_chips", stats["chips"])
    report("bot_digest", log.hexdigest())
    report("samples_per_decision", SAMPLES)
    report("heap_base", BASE)
    report("heap_imports", IMPORTED - BASE if HAS_HEAP else None)
    report("peak_heap", peak.peak if HAS_HEAP else None)
    report("core_peak", peak.peak - BASE if HAS_HEAP else None)
    report("heap_checks", peak.checks)

    crandom = _c_random()
    for name, street in (("3rd", 0), ("7th", 4)):
        _, view = position(SEED + street, street)
        for label, rng in (("random", crandom), ("rng", Rng(SEED))):
            if rng is None:
                per, call = None, None
            else:
                per, call = alloc_per_sample(view, rng)
            report("sample_alloc_%s_%s" % (label, name), per)
            report("estimate_alloc_%s_%s" % (label, name), call)

    _, view = position(SEED, 0)
    t = ticks_us()
    eq, done = estimate(view, 10 ** 6, Rng(SEED), 50)
    report("budget50_us", ticks_diff(ticks_us(), t))
    report("budget50_samples", done)
    t = ticks_us()
    bots.decide(view, "balanced", Rng(SEED), samples=10 ** 6)
    report("decide_budget_ms", bots.BUDGET_MS)
    report("decide_budget_us", ticks_diff(ticks_us(), t))


# ---- cost mode (tools/bench/run.py) ---------------------------------------------------
def _ref_chunk():
    t = ticks_us()
    ref(REF_CHUNK)
    return ticks_diff(ticks_us(), t)


def main_cost():
    full = bots.SAMPLES
    one = 1
    rng = Rng(SEED)
    crandom = _c_random()
    model = bots.new_model()
    report("runtime", RUNTIME)
    report("samples", full)
    report("samples_one", one)
    report("ref_n", REF_CHUNK)
    for name, street in (("3rd", 0), ("7th", 4)):
        views = [position(SEED + 100 * street + i, street)[1] for i in range(COST_VIEWS)]
        live_heap()
        tr = tf = t1 = te = 0
        chunks = 0
        n = 0
        for _ in range(COST_ROUNDS):
            for view in views:
                human = (view.seat + 1) % view.n
                tr += _ref_chunk()
                t = ticks_us()
                bots.decide(view, "balanced", rng, model, human, full, 0)
                tf += ticks_diff(ticks_us(), t)
                tr += _ref_chunk()
                t = ticks_us()
                bots.decide(view, "balanced", rng, model, human, one, 0)
                t1 += ticks_diff(ticks_us(), t)
                if crandom is not None:
                    tr += _ref_chunk()
                    chunks += 1
                    t = ticks_us()
                    estimate(view, full, crandom, 0)
                    te += ticks_diff(ticks_us(), t)
                chunks += 2
                n += 1
        report("decisions_%s" % name, n)
        report("decide_us_%s" % name, tf)          # n decisions at `samples`
        report("decide_one_us_%s" % name, t1)      # n decisions at one sample
        report("estimate_random_us_%s" % name, te if crandom is not None else None)
        report("ref_us_%s" % name, tr)             # chunks x ref_n iterations
        report("ref_chunks_%s" % name, chunks)


if __name__ == "__main__":
    if "cost" in sys.argv[1:]:
        main_cost()
    else:
        n = HANDS
        if "--hands" in sys.argv:
            n = int(sys.argv[sys.argv.index("--hands") + 1])
        main_log("--dump" in sys.argv, n)
