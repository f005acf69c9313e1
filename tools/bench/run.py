"""`make bench`: how fast the evaluator and engine are, against other evaluators and on MicroPython.

    python -m tools.bench.run [--hands 200000] [--json] [--no-mp] [--no-cpython]
                              [--no-selfplay] [--selfplay-hands 20000] [--no-ui] [--no-flush]
                              [--no-heap] [--no-input] [--no-league] [--league-hands 20000]
                              [--only evaluators,bots,ui,flush,heap,input,selfplay,league]

CPython: 7-card evaluations per second, all evaluators on the same seeded
hands (stud.core.rng.Rng + stud.core.cards.shuffle), each given the hands already
converted to its own card representation, so only the evaluate calls are
timed: `[evaluate(h) for h in hands]`, CPU time (time.process_time), best of
REPEATS, the evaluators taking turns so that all see the same machine.  Every
evaluator's values must order the hands exactly as ours do ("orderings agree").

  ours         stud.core.evaluator.evaluate(bytes)
  treys        Evaluator().evaluate(hole2, board5) on treys Card ints
  deuces       same API as treys
  phevaluator  0.5.3.1, pure Python: evaluate_cards(*ids); its card id is
               rank*4 + suit with suits c, d, h, s - our encoding exactly
  eval7        compiled; eval7.evaluate([eval7.Card]), a reference line
  pokerkit     StandardHighHand.lookup.get_entry() on each of the 21 five-card
               combinations, best entry index: what StandardHighHand.from_game
               does without building 21 hand objects (its cheapest correct path);
               from_game itself is shown too.  Slow: a subset of the same hands.

Table bytes: ours is len(COUNT) + len(RUNS) plus the two per-card tuples; others are
sys.getsizeof of their table containers (lists/dicts, nested lists followed,
the int objects inside not counted) - comparable, approximate.

MicroPython (tools/device/mprun.py, -X heapsize=192K): tools/bench/mp_costs.py.
Costs are in reference-loop iterations (`x += 1` in a for loop, in a function)
measured in the same run, alternating with the work in ~1 ms chunks.

Bot decisions (tools/bench/botlog.py cost, on CPython and under MicroPython
as flashed and as bytecode): bots.decide() at four live seats on 3rd and 7th
street, budget off, at bots.SAMPLES samples and at one sample (the fixed
cost: the estimate's buffers, thresholds, the choice); the difference over
SAMPLES - 1 is the cost of one more sample.  A
125 MHz RP2040 runs about 200 reference iterations a millisecond, so its 300 ms
budget is 60,000 of them: samples in 300 ms = (60,000 - fixed ref) / ref per
sample.  The
heap side (botlog.py, .mpy): live heap of the bots' imports and the peak during
4-seat hands, bytes allocated per Monte Carlo sample, smallest heap.

The handheld's screen (tools/bench/ui_memory.py; --no-ui skips it): the app at
your turn in a 4-seat hand; a full-frame render, a typical update (one seat's
action flash on or off: the region redrawn, the pages it touches) and an idle
tick, in reference-loop iterations under MicroPython - as plain bytecode, as
flashed (tools/gen/build.py), and with stud/ui/gfx/frame.py and stud/ui/gfx/glyphs.py compiled as
native code too (UI_NATIVE) - and in microseconds on CPython; the pages an
update sends; bytes retained per frame (gc.mem_alloc after a collect) and
churned (micropython.mem_total: call frames taken from the heap and freed).
Budgets on a 125 MHz RP2040: full frame 3,000 (15 ms), typical update 1,000.

The panel's bus (--no-flush skips it): the SSD1306 driver sending to the controller
model (tools/device/ssd1306_emu.py) through a bus that times each transaction as the wire
does (9 clocks a byte with its ACK, plus start and stop) at 100 kHz, 400 kHz and 1 MHz:
one page, a whole frame, the largest single show() (how long a tick's flush holds
input back) and how many ticks a full redraw takes; the glass is checked to show the frame.

Heap (tools/bench/heap.py; --no-heap skips it): the whole app over a 1,000-hand session
(tools/bench/session.py: every game, the demo, the menu and every page, saves with 50
kept hands) as flashed, from ROMFS and from source, then in the 192K heap SPEC.md sets
and the smallest heap it needs; the firmware floor by floor (tools/bench/layers.py); boot
to the title page stage by stage in reference-loop iterations (tools/bench/boot.py); beside
main's figures before issue 32 and SPEC.md's targets.

Input (tools/device/inputbench.py; --no-input skips it): phantom and missed events of the
stick and the button against noise, spikes (per reading and per whole poll), holds
and their release, drift, offsets, a stuck axis, a floating pin, taps of 15 to 120 ms
at frame times of 20 to 50 ms, and 1 ms glitches of the button.

Self-play (tools/selfplay.play, 2 worker processes): 20,000-hand matches, the
bots against each other and the baselines (tools/lab/baselines.py), and the balanced
bot against every baseline in casino7, stud5 and draw5, samples=40, fixed seed;
chips won per 100 hands with a 95% confidence interval, VPIP, aggression
((bets + raises) / calls) and the showdown-win rate per seat.  The strength claim
(every heads-up bot's interval above zero) is checked here, at full size;
`make test` keeps 2,000-hand duplicate-deal matches (host_tests/tools/lab/test_selfplay.py).

League (tools/lab/league.py; --no-league skips it): every bot against every baseline,
heads-up and at four seats, --league-hands hands on duplicate deals, with and without
the model on the same deals, the shifter's curve; charts in docs/league/.  The bots
decide there with bots.SAMPLES Monte Carlo samples, as on the device (the self-play
matches above and the tests use 40, for speed).
"""
import argparse
import contextlib
import io
import itertools
import json
import os
import multiprocessing
import platform
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

from tools import ROOT
from tools.device import mprun
from tools.bench import report
from tools.bench.heap import RP2040_US_PER_REF
from stud.core import evaluator as ours
from stud.core.cards import name, new_deck
from stud.core.rng import Rng
from randplay import sevens
from stud.core.tables import COUNT, RUNS

SEED = 20240705
REPEATS = 3
POKERKIT_HANDS = 5000
FROM_GAME_HANDS = 2000
MP_SCRIPT = os.path.join(HERE, "mp_costs.py")
MP_MEMORY = os.path.join(HERE, "memory.py")
IMPORT_RUNS = 5
EVAL_TARGET = 45  # reference-loop iterations per evaluation on MicroPython
BOT_SCRIPT = os.path.join(HERE, "botlog.py")
RP2040_REF_PER_MS = 200   # a 125 MHz RP2040 running MicroPython: reference iterations per ms
DEVICE_BUDGET_REF = 60000  # 300 ms on that board
UI_SCRIPT = os.path.join(HERE, "ui_memory.py")
UI_NATIVE = ("stud/ui/gfx/frame.py", "stud/ui/gfx/glyphs.py")
UI_HEAP = "256K"
UI_FULL_BUDGET = 3000
UI_UPDATE_BUDGET = 1000
SELFPLAY_HANDS = 20000
SELFPLAY_SAMPLES = 40
SELFPLAY_SEED = 1
SELFPLAY_WORKERS = 2
SELFPLAY_MATCHES = (
    ("loose", "balanced", "tight", "simple"),
    ("balanced", "station"), ("balanced", "maniac"), ("balanced", "rock"), ("balanced", "random"),
    ("loose", "random"), ("loose", "station"),
    ("tight", "random"), ("tight", "station"),
) + tuple(("balanced", b, game) for game in ("casino7", "stud5", "draw5")
          for b in ("station", "maniac", "rock", "random"))   # seats..., game
GAMES = ("tandy7", "casino7", "stud5", "draw5")


# ---- hands ---------------------------------------------------------------------
def seeded_hands(n, seed=SEED):
    """n 7-card hands as bytes: each shuffle of a new deck by Rng(seed) deals seven."""
    return sevens(n, Rng(seed), new_deck())


def _version(dist):
    try:
        from importlib.metadata import version
        return version(dist)
    except Exception:
        return "?"


def _container_bytes(obj, seen=None):
    """sys.getsizeof of lists/tuples/dicts, nested containers followed, ints not counted."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, (list, tuple)):
        size += sum(_container_bytes(x, seen) for x in obj if isinstance(x, (list, tuple, dict)))
    elif isinstance(obj, dict):
        size += sum(_container_bytes(x, seen) for x in obj.values()
                    if isinstance(x, (list, tuple, dict)))
    return size


# ---- the evaluators: (label, note, prepare(hands) -> native, run(native) -> strengths) -----
# run() returns values where a larger number is a stronger hand.
def _ours():
    ev = ours.evaluate

    def run(pre):
        return [ev(h) for h in pre]
    table = len(COUNT) + len(RUNS) + sys.getsizeof(ours._BIT) + sys.getsizeof(ours._SUITCOUNT)
    return "ours", "stud.core.evaluator, bytes", list, run, table


def _treys_like(module, label):
    mod = __import__(module)
    card, evaluator = mod.Card, mod.Evaluator()
    ev = evaluator.evaluate

    def prepare(hands):
        return [([card.new(name(c)) for c in h[:2]], [card.new(name(c)) for c in h[2:]])
                for h in hands]

    def run(pre):
        return [-ev(a, b) for a, b in pre]  # treys: 1 is the best hand
    table = (_container_bytes(evaluator.table.flush_lookup)
             + _container_bytes(evaluator.table.unsuited_lookup))
    return ("%s %s" % (label, _version(module)), "Evaluator().evaluate(hole, board)",
            prepare, run, table)


def _phevaluator():
    from phevaluator import evaluate_cards
    import phevaluator.tables as T

    def prepare(hands):
        return [tuple(h) for h in hands]  # same ids as ours: rank*4 + suit, suits c d h s

    def run(pre):
        return [-evaluate_cards(*t) for t in pre]  # smaller is stronger
    table = sum(_container_bytes(getattr(T, n)) for n in
                ("FLUSH", "NO_FLUSH_7", "DP", "SUITS", "CHOOSE", "BINARIES_BY_ID", "SUITBIT_BY_ID"))
    return ("phevaluator %s" % _version("phevaluator"), "evaluate_cards(*ids), pure Python",
            prepare, run, table)


def _eval7():
    import eval7
    ev = eval7.evaluate

    def prepare(hands):
        return [[eval7.Card(name(c)) for c in h] for h in hands]

    def run(pre):
        return [ev(cs) for cs in pre]
    return "eval7 %s" % _version("eval7"), "compiled (reference)", prepare, run, None


def _pokerkit_cards(hands):
    from pokerkit import Card
    return [tuple(Card.parse("".join(name(c) for c in h))) for h in hands]


def _pokerkit_lookup():
    from pokerkit import StandardHighHand
    get = StandardHighHand.lookup.get_entry
    combos = itertools.combinations

    def run(pre):
        return [max([get(five).index for five in combos(cs, 5)]) for cs in pre]
    table = _container_bytes(StandardHighHand.lookup._Lookup__entries)
    return ("pokerkit %s" % _version("pokerkit"), "lookup.get_entry over 21 fives",
            _pokerkit_cards, run, table)


def _pokerkit_from_game():
    from pokerkit import StandardHighHand
    from_game = StandardHighHand.from_game

    def run(pre):
        return [from_game(cs).entry.index for cs in pre]
    return ("pokerkit from_game", "StandardHighHand.from_game(cards)",
            _pokerkit_cards, run, None)


def orderings_agree(reference, values):
    """True when `values` rank the hands exactly as `reference` does (ties included)."""
    pairs = sorted(zip(reference, values))
    for (r0, v0), (r1, v1) in zip(pairs, pairs[1:]):
        if (r0 == r1) != (v0 == v1) or (r0 < r1 and not v0 < v1):
            return False
    return True


def bench_cpython(n_hands, log):
    log("dealing %d seeded hands (Rng(%d)) ..." % (n_hands, SEED))
    hands = seeded_hands(n_hands)
    entries = []
    for make, subset in ((_ours, n_hands), (lambda: _treys_like("treys", "treys"), n_hands),
                         (lambda: _treys_like("deuces", "deuces"), n_hands),
                         (_phevaluator, n_hands), (_eval7, n_hands),
                         (_pokerkit_lookup, min(POKERKIT_HANDS, n_hands)),
                         (_pokerkit_from_game, min(FROM_GAME_HANDS, n_hands))):
        try:
            label, note, prepare, run, table = make()
        except ImportError as e:
            log("skipping an evaluator: %s" % e)
            continue
        entries.append({"label": label, "note": note, "run": run, "table_bytes": table,
                        "hands": subset, "native": prepare(hands[:subset]),
                        "best": None, "values": None})
    log("timing %d evaluators, best of %d ..." % (len(entries), REPEATS))
    for _ in range(REPEATS):
        for e in entries:
            t = time.process_time()
            values = e["run"](e["native"])
            d = time.process_time() - t
            if e["values"] is None:
                e["values"] = values
            e["best"] = d if e["best"] is None else min(e["best"], d)
    reference = entries[0]["values"]
    base_rate = entries[0]["hands"] / entries[0]["best"]
    rows, disagree = [], []
    for e in entries:
        ok = orderings_agree(reference[:e["hands"]], e["values"])
        if not ok:
            disagree.append(e["label"])
        rate = e["hands"] / e["best"]
        rows.append({"evaluator": e["label"], "how": e["note"], "hands": e["hands"],
                     "evals_per_s": round(rate), "vs_ours": round(rate / base_rate, 3),
                     "table_bytes": e["table_bytes"], "ordering_agrees": ok})
    return {"python": platform.python_version(), "seed": SEED, "hands": n_hands,
            "repeats": REPEATS, "rows": rows, "orderings_agree": not disagree,
            "disagree": disagree}


# ---- MicroPython -----------------------------------------------------------------
def _mp(mode, mpy=False):
    return mprun.parse_report(mprun.run(MP_SCRIPT, heap="192K", args=[mode], mpy=mpy))


def _per(d, us_key, n_key, ref_key="ref_us", ref_n_key="ref_n"):
    ref_unit = int(d[ref_key]) / float(d[ref_n_key])   # us per reference iteration
    return int(d[us_key]) / float(d[n_key]) / ref_unit


def bench_micropython(log):
    binary = mprun.micropython_binary()
    log("MicroPython: evaluator, bytecode from .py ...")
    ev = _mp("eval")
    ref_ns = int(ev["ref_compact_us"]) * 1000.0 / int(ev["ref_n"])
    out = {"binary": binary, "heap": "192K", "ref_ns_per_iter": round(ref_ns, 1),
           "evals": int(ev["evals"]), "table_bytes": int(ev["table_bytes"]),
           "frame_alloc_per_call": int(ev["frame_alloc_per_call"]),
           "bench_peak_heap": int(ev["peak_heap"])}
    log("MicroPython: evaluator, as flashed (native code, tools/gen/build.py) ...")
    nat = _mp("eval", True)
    out["native_frame_alloc_per_call"] = int(nat["frame_alloc_per_call"])
    for prefix, d in (("", ev), ("native_", nat)):
        for state in ("compact", "locked", "scattered"):
            cost = _per(d, "eval_%s_us" % state, "evals", "ref_%s_us" % state)
            loop = _per(d, "loop_%s_us" % state, "evals", "ref_%s_us" % state)
            out["%seval_ref_%s" % (prefix, state)] = round(cost, 1)
            out["%sloop_ref_%s" % (prefix, state)] = round(loop, 1)
            out["%seval_us_%s" % (prefix, state)] = round(
                int(d["eval_%s_us" % state]) / float(d["evals"]), 3)
    log("MicroPython: engine ...")
    en = _mp("engine")
    out["engine_hands"] = int(en["engine_hands"])
    out["engine_ref_per_hand"] = round(_per(en, "engine_us", "engine_hands"))
    out["engine_hands_per_s_here"] = round(int(en["engine_hands"]) / (int(en["engine_us"]) / 1e6))
    out["engine_actions_per_hand"] = round(int(en["engine_actions"]) / float(en["engine_hands"]), 1)
    for mpy in (False, True):
        kind = "mpy" if mpy else "py"
        log("MicroPython: imports from .%s (%d fresh processes) ..." % (kind, IMPORT_RUNS))
        runs = [_mp("import", mpy) for _ in range(IMPORT_RUNS)]
        for mod in ("evaluator", "engine"):
            key = "import_%s_us" % mod
            out["import_%s_ref_%s" % (mod, kind)] = round(statistics.median(
                [int(r[key]) / (int(r["ref_us"]) / float(r["ref_n"])) for r in runs]))
        out["import_heap_%s" % kind] = int(runs[0]["import_heap"])
    log("MicroPython: the hand in play kept after each action, as flashed ...")
    kp = _mp("keep", True)
    out["keep_ref_per_action"] = round(_per(kp, "keep_us", "keeps"))
    out["keep_actions"] = int(kp["keeps"])
    out["keep_file_bytes"] = int(kp["keep_file_bytes"])
    log("MicroPython: live heap of the core ...")
    mem = mprun.parse_report(mprun.run(MP_MEMORY, heap="192K", mpy=True))
    for key in ("heap_evaluator", "heap_engine", "heap_hand", "core_heap", "peak_heap"):
        out["mpy_" + key] = int(mem[key])
    out["min_heap_memory_mpy"] = mprun.min_heap(MP_MEMORY, mpy=True)
    return out


# ---- bot decisions ------------------------------------------------------------------
def _cpython_report(script, args=()):
    env = mprun.python_env()
    done = subprocess.run([sys.executable, script] + list(args), capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=600)
    if done.returncode:
        raise RuntimeError("%s failed under CPython:\n%s" % (script, done.stderr))
    return mprun.parse_report(done.stdout)


def decision_costs(d, label):
    """Rows (one per street) from a botlog.py cost report."""
    full_n = int(d["samples"])
    one_n = int(d["samples_one"])
    rows = []
    for street in ("3rd", "7th"):
        n = int(d["decisions_%s" % street])
        full = int(d["decide_us_%s" % street]) / float(n)
        one = int(d["decide_one_us_%s" % street]) / float(n)
        per = (full - one) / (full_n - one_n)
        ref = int(d["ref_us_%s" % street]) / float(int(d["ref_chunks_%s" % street]) * int(d["ref_n"]))
        row = {"runtime": label, "street": street, "decisions": n, "samples": full_n,
               "us_per_decision": round(full, 1), "decisions_per_s": round(1e6 / full, 1),
               "us_per_sample": round(per, 2), "fixed_us": round(full - full_n * per, 1),
               "ref_ns": round(ref * 1000, 1),
               "ref_per_decision": round(full / ref), "ref_per_sample": round(per / ref, 1),
               "fixed_ref": round((full - full_n * per) / ref)}
        row["rp2040_ms_per_decision"] = round(full / ref / RP2040_REF_PER_MS, 1)
        row["samples_in_300ms_rp2040"] = int((DEVICE_BUDGET_REF - row["fixed_ref"]) / (per / ref))
        est = d.get("estimate_random_us_%s" % street)
        if est and est != "n/a":
            er = int(est) / float(n) / full_n
            row["c_random_us_per_sample"] = round(er, 2)
            row["c_random_ref_per_sample"] = round(er / ref, 1)
        rows.append(row)
    return rows


def bench_bots(log, cpython=True, micropython=True):
    out = {"rows": []}
    if cpython:
        log("bots: decision cost on CPython ...")
        out["rows"] += decision_costs(_cpython_report(BOT_SCRIPT, ["cost"]),
                                      "CPython %s" % platform.python_version())
    if micropython:
        log("bots: decision cost under MicroPython, as flashed (native) ...")
        out["rows"] += decision_costs(mprun.parse_report(
            mprun.run(BOT_SCRIPT, heap="192K", args=["cost"], mpy=True)), "MicroPython native")
        log("bots: decision cost under MicroPython, bytecode ...")
        out["rows"] += decision_costs(mprun.parse_report(
            mprun.run(BOT_SCRIPT, heap="192K", args=["cost"])), "MicroPython bytecode")
        log("bots: heap and allocation per sample (botlog.py, .mpy and bytecode) ...")
        nat = mprun.parse_report(mprun.run(BOT_SCRIPT, heap="192K", mpy=True))
        byte = mprun.parse_report(mprun.run(BOT_SCRIPT, heap="192K"))
        heap = {"hands": int(nat["bot_hands"]), "decisions": int(nat["bot_decisions"]),
                "heap_base": int(nat["heap_base"]), "heap_imports": int(nat["heap_imports"]),
                "peak_heap": int(nat["peak_heap"]), "core_peak": int(nat["core_peak"]),
                "budget50_samples": int(nat["budget50_samples"]),
                "budget50_ms": round(int(nat["budget50_us"]) / 1000.0, 1)}
        for kind, d in (("native", nat), ("bytecode", byte)):
            for rng in ("random", "rng"):
                for street in ("3rd", "7th"):
                    heap["sample_alloc_%s_%s_%s" % (kind, rng, street)] = d[
                        "sample_alloc_%s_%s" % (rng, street)]
        log("bots: smallest heap for the bot log (.mpy) ...")
        heap["min_heap_mpy"] = mprun.min_heap(BOT_SCRIPT, mpy=True)
        out["heap"] = heap
    return out


# ---- self-play -------------------------------------------------------------------
def _selfplay_match(job):
    """One match in a worker process: (index, seats, summary, seconds)."""
    index, seats, hands = job
    from tools.lab import selfplay
    game = seats[-1] if seats[-1] in GAMES else "tandy7"
    seats = [s for s in seats if s not in GAMES]
    label = ",".join(seats) + ("" if game == "tandy7" else " " + game)
    step = max(1, hands // 10)

    def progress(done, total):
        sys.stderr.write("  self-play %-30s %6d / %d hands\n" % (label, done, total))
        sys.stderr.flush()
    t = time.time()
    summary, _ = selfplay.play(game, hands, SELFPLAY_SEED, list(seats), SELFPLAY_SAMPLES,
                               progress=(step, progress))
    return index, list(seats), game, summary, round(time.time() - t, 1)


def bench_selfplay(hands, log, workers=SELFPLAY_WORKERS):
    log("self-play: %d matches of %d hands in %d worker processes (slow) ..."
        % (len(SELFPLAY_MATCHES), hands, workers))
    jobs = [(i, seats, hands) for i, seats in enumerate(SELFPLAY_MATCHES)]
    t = time.time()
    results = [None] * len(jobs)
    with multiprocessing.Pool(workers) as pool:
        for index, seats, game, summary, seconds in pool.imap_unordered(_selfplay_match, jobs):
            results[index] = {"seats": seats, "game": game, "summary": summary,
                              "seconds": seconds}
            log("self-play: %s%s done in %.0f s (%d of %d)"
                % (",".join(seats), "" if game == "tandy7" else " " + game, seconds,
                   len([r for r in results if r]), len(jobs)))
    return {"hands": hands, "samples": SELFPLAY_SAMPLES, "seed": SELFPLAY_SEED,
            "workers": workers, "seconds": round(time.time() - t), "matches": results}


# ---- the panel's bus: how long a flush holds the loop ------------------------------
FLUSH_SPEEDS = (100000, 400000, 1000000)


class _BusMeter:
    """machine.I2C in front of the SSD1306 model (tools/device/ssd1306_emu.py), timing every
    transaction as the wire does: start, the address byte and each data byte with its
    ACK (9 clocks each), stop."""

    def __init__(self, emu, freq):
        self.emu = emu
        self.freq = freq
        self.bits = 0
        self.bytes = 0

    def scan(self):
        return [self.emu.address]

    def _count(self, n):
        self.bytes += n
        self.bits += 9 * (1 + n) + 2

    def writeto(self, addr, buf):
        self._count(len(buf))
        self.emu.i2c_write(addr, bytes(buf))

    def writevto(self, addr, vector):
        data = b"".join(bytes(v) for v in vector)
        self._count(len(data))
        self.emu.i2c_write(addr, data)

    def ms(self):
        return self.bits * 1000.0 / self.freq


def bench_flush(log):
    """The SSD1306 driver (stud.drivers.ssd1306) against the controller model at each
    bus speed: bus time of one page, of a whole frame, of the largest show() (what
    holds input back) and the ticks a full redraw takes; the glass checked."""
    log("flush: the SSD1306 driver on the bus model ...")
    from tools.device import ssd1306_emu
    from stud.drivers.ssd1306 import SSD1306
    from stud.ui.app import FRAME_MS
    from stud.core.rng import Rng

    class _Frame:
        def __init__(self):
            self.buf = bytearray(1024)
            self.dirty = 0

        def take_dirty(self):
            d, self.dirty = self.dirty, 0
            return d

    rows = []
    for freq in FLUSH_SPEEDS:
        emu = ssd1306_emu.SSD1306Emu()
        bus = _BusMeter(emu, freq)
        panel = SSD1306(bus, freq=freq)
        frame = _Frame()
        r = Rng(freq)
        for i in range(1024):
            frame.buf[i] = r.getrandbits(8)
        bus.bits = bus.bytes = 0
        frame.dirty = 1 << 3                     # one page
        panel.show(frame)
        page_ms, page_bytes = bus.ms(), bus.bytes
        frame.dirty = 0xFF                       # a full redraw, show() after show()
        shows = []
        while frame.dirty:
            bus.bits = bus.bytes = 0
            panel.show(frame)
            shows.append((bus.ms(), bus.bytes))
        if emu.visible_pages() != bytes(frame.buf):
            raise RuntimeError("flush at %d Hz: the glass does not show the frame" % freq)
        rows.append({"freq": freq, "page_ms": page_ms, "page_bytes": page_bytes,
                     "pages_per_show": panel.max_pages,
                     "frame_ms": sum(m for m, _ in shows),
                     "frame_bytes": sum(b for _, b in shows),
                     "longest_show_ms": max(m for m, _ in shows), "shows": len(shows),
                     "tick_ms": FRAME_MS})
    return rows


def print_flush(rows):
    print("**The panel's bus** (stud.drivers.ssd1306 on the SSD1306 model, tools/device/ssd1306_emu.py, "
          "each transaction timed as the wire does: 9 clocks a byte with its ACK, plus start "
          "and stop; one page is its window command and 129 data bytes; a show() sends at most "
          "the pages that fit in 12 ms, the rest on the next %d ms tick):" % rows[0]["tick_ms"])
    print()
    print("| I2C_FREQ | one page (bytes) | whole frame (bytes) | pages a show() sends | "
          "longest show() | ticks a full redraw takes |")
    print("|---|---:|---:|---:|---:|---:|")
    for d in rows:
        print("| %d kHz | %.2f ms (%d) | %.1f ms (%s) | %d | %.1f ms | %d |" % (
            d["freq"] // 1000, d["page_ms"], d["page_bytes"], d["frame_ms"],
            _n(d["frame_bytes"]), d["pages_per_show"], d["longest_show_ms"], d["shows"]))
    print()


# ---- output ----------------------------------------------------------------------
# ---- the handheld's screen ---------------------------------------------------------------
def _ui_native_build():
    """firmware/ as tools/gen/build.py compiles it, plus UI_NATIVE as native code."""
    import tempfile
    from tools.gen import build
    out = tempfile.mkdtemp(prefix="stud-ui-native-")
    for rel in build.sources():
        dest = os.path.join(out, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        cmd = [build.mpy_cross(), "-o", dest, "-march=x64"]
        if rel in build.NATIVE or rel in UI_NATIVE:
            cmd += ["-X", "emit=native"]
        subprocess.run(cmd + [os.path.join(build.FIRMWARE, rel)], check=True,
                       capture_output=True)
    return out


def bench_ui(log, cpython=True, micropython=True):
    rows = []
    if cpython:
        log("UI: CPython ...")
        d = _cpython_report(UI_SCRIPT)
        rows.append(("CPython %s (pure canvas)" % platform.python_version(), d))
    if micropython:
        for label, mode in (("MicroPython, bytecode", "py"), ("MicroPython, as flashed", "mpy"),
                            ("MicroPython, frame+glyphs native", "native")):
            log("UI: %s ..." % label)
            if mode == "native":
                env = dict(os.environ)
                env["MICROPYPATH"] = mprun.micropypath(_ui_native_build())
                done = subprocess.run([mprun.micropython_binary(), "-X",
                                       "heapsize=%d" % mprun.heap_bytes(UI_HEAP), UI_SCRIPT],
                                      env=env, capture_output=True, text=True, timeout=600,
                                      cwd=ROOT)
                if done.returncode:
                    raise RuntimeError("ui_memory.py failed:\n" + done.stdout + done.stderr)
                d = mprun.parse_report(done.stdout)
            else:
                d = mprun.parse_report(mprun.run(UI_SCRIPT, heap=UI_HEAP, mpy=mode == "mpy"))
            rows.append((label, d))
    return rows


def print_ui(rows):
    print("**The handheld's screen** (tools/bench/ui_memory.py): the app at your turn in a "
          "4-seat hand; a full-frame render, one action flash (the region redrawn, the pages it "
          "touches) and an idle tick; ref as above, RP2040 ms at %d a ms; budgets: full frame "
          "%d, update %d; churn = bytes of call frames taken from the heap and freed:"
          % (RP2040_REF_PER_MS, UI_FULL_BUDGET, UI_UPDATE_BUDGET))
    print()
    print("| runtime | full frame | update (flash) | pages an update sends | idle tick | "
          "churn full / update / idle | retained per frame |")
    print("|---|---:|---:|---:|---:|---|---|")
    for label, d in rows:
        def cost(key):
            if d.get("runtime") == "cpython":
                return "%.2f ms" % (int(d[key.replace("_ref", "_us")]) / 1000.0)
            ref = int(d[key])
            return "%s ref (%.1f ms)" % (_n(ref), ref / float(RP2040_REF_PER_MS))
        churn = "-" if d.get("ui_full_churn") in (None, "n/a") else "%s / %s / %s B" % (
            d["ui_full_churn"], d["ui_flash_churn"], d["ui_idle_churn"])
        kept = "-" if d.get("ui_full_retained") in (None, "n/a") else "%s B" % max(
            float(d["ui_%s_retained" % k]) for k in ("idle", "full", "flash", "loop"))
        print("| %s | %s | %s | %s | %s | %s | %s |" % (
            label, cost("ui_full_ref"), cost("ui_flash_ref"), d["ui_flash_pages"],
            cost("ui_idle_ref"), churn, kept))
    print()
    for label, d in rows:
        if d.get("ui_heap_imports") not in (None, "n/a"):
            print("- %s: live heap %s B after the imports (app, screens, session, bots, "
                  "engine), %s B with the app mid-hand (64-bit unix port)"
                  % (label, _n(int(d["ui_heap_imports"])), _n(int(d["ui_heap_app"]))))
    print()


def _n(x):
    return "-" if x is None else "{:,}".format(x)


def print_tables(cp, mp):
    if cp:
        print("**Evaluators.** CPython %s: the same %s seeded 7-card hands (Rng(%d)) for every "
              "evaluator, each given them pre-converted to its own card form, CPU time, best of %d:"
              % (cp["python"], _n(cp["hands"]), cp["seed"], cp["repeats"]))
        print()
        print("| evaluator | how | hands | evals/s | vs ours | table bytes |")
        print("|---|---|---:|---:|---:|---:|")
        for r in cp["rows"]:
            print("| %s | %s | %s | %s | %.3f | %s |%s" % (
                r["evaluator"], r["how"], _n(r["hands"]), _n(r["evals_per_s"]), r["vs_ours"],
                _n(r["table_bytes"]), "" if r["ordering_agrees"] else " ORDER DIFFERS"))
        print()
        if cp["orderings_agree"]:
            print("Orderings agree: every evaluator ranks its hands exactly as ours.")
        else:
            print("ORDERINGS DISAGREE: %s" % ", ".join(cp["disagree"]))
        print()
    if mp:
        print("**The core under MicroPython** (unix port, -X heapsize=%s). ref = iterations "
              "of a reference loop (x += 1 in a for loop, in a function; %.1f ns each here), "
              "measured in the same run, so they carry to a board: a 125 MHz RP2040 runs about "
              "%d of them a millisecond." % (mp["heap"], mp["ref_ns_per_iter"], RP2040_REF_PER_MS))
        print()
        rows = [
            ("evaluate, as flashed", "%.1f ref/eval (native code; %.2f us here; target <= %d; "
             "%d bytes allocated per call)" % (mp["native_eval_ref_compact"],
                                              mp["native_eval_us_compact"], EVAL_TARGET,
                                              mp["native_frame_alloc_per_call"])),
            ("... after small holes", "%.1f ref/eval (native)" % mp["native_eval_ref_scattered"]),
            ("evaluate, bytecode", "%.1f ref/eval (from .py, fresh heap; %.2f us here)"
             % (mp["eval_ref_compact"], mp["eval_us_compact"])),
            ("... heap locked", "%.1f ref/eval (call frame on the C stack: the "
             "interpreter's cost alone)" % mp["eval_ref_locked"]),
            ("... after small holes", "%.1f ref/eval (the frame allocation searches the heap)"
             % mp["eval_ref_scattered"]),
            ("... loop overhead", "%.1f ref/eval (included above)" % mp["loop_ref_compact"]),
            ("call frame from the heap", "%d bytes per bytecode evaluate() call, freed on "
             "return (64-bit port; about half on a 32-bit board)" % mp["frame_alloc_per_call"]),
            ("evaluator tables", "%s bytes (COUNT and RUNS + 2 x 52 entries at 4 bytes)"
             % _n(mp["table_bytes"])),
            ("import stud.core.evaluator", "%s ref from .py, %s ref from .mpy (median of %d "
             "fresh runs)" % (_n(mp["import_evaluator_ref_py"]),
                              _n(mp["import_evaluator_ref_mpy"]), IMPORT_RUNS)),
            ("import stud.core.engine", "%s ref from .py, %s ref from .mpy (after the evaluator)"
             % (_n(mp["import_engine_ref_py"]), _n(mp["import_engine_ref_mpy"]))),
            ("engine, 4-seat hand", "%s ref/hand (%s hands/s here; %.1f actions a hand, "
             "random legal actions)" % (_n(mp["engine_ref_per_hand"]),
                                        _n(mp["engine_hands_per_s_here"]),
                                        mp["engine_actions_per_hand"])),
            ("the hand in play kept", "%s ref an action (over %s actions; about %.1f ms on a "
             "Pico at %.2f us a ref, against a 20 ms frame, before the flash's write), files "
             "of %s bytes at most" % (_n(mp["keep_ref_per_action"]), _n(mp["keep_actions"]),
                                      mp["keep_ref_per_action"] * RP2040_US_PER_REF / 1000,
                                      RP2040_US_PER_REF,
                                      _n(mp["keep_file_bytes"]))),
            ("live heap (.mpy)", "evaluator + tables %s, engine %s, a 4-seat hand %s: core %s "
             "bytes (budget 48 KB)" % (_n(mp["mpy_heap_evaluator"]), _n(mp["mpy_heap_engine"]),
                                       _n(mp["mpy_heap_hand"]), _n(mp["mpy_core_heap"]))),
            ("smallest heap (.mpy)", "%s bytes runs the imports and three 4-seat hands"
             % _n(mp["min_heap_memory_mpy"])),
            ("the benchmark's own peak", "%s bytes (1,000 hands held by the benchmark itself)"
             % _n(mp["bench_peak_heap"])),
        ]
        print("| what | cost |")
        print("|---|---|")
        for k, v in rows:
            print("| %s | %s |" % (k, v))
        print()


def print_bots(b):
    rows = b.get("rows") or []
    if rows:
        print("**Bot decisions**: bots.decide() at 4 live seats, budget off, %d samples "
              "(bots.SAMPLES); ref as above; a 125 MHz RP2040's 300 ms budget is %s ref."
              % (rows[0]["samples"], _n(DEVICE_BUDGET_REF)))
        print()
        print("| runtime | street | ms/decision | decisions/s | us/sample | fixed us | "
              "ref/decision | ref/sample | RP2040 ms/decision | samples in 300 ms |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for r in rows:
            mp = r["runtime"].startswith("MicroPython")
            print("| %s | %s | %.2f | %s | %.2f | %.1f | %s | %s | %s | %s |" % (
                r["runtime"], r["street"], r["us_per_decision"] / 1000.0,
                _n(int(r["decisions_per_s"])), r["us_per_sample"], r["fixed_us"],
                _n(r["ref_per_decision"]) if mp else "-",
                "%.1f" % r["ref_per_sample"] if mp else "-",
                "%.1f" % r["rp2040_ms_per_decision"] if mp else "-",
                _n(r["samples_in_300ms_rp2040"]) if mp else "-"))
        print()
        for r in rows:
            if r["runtime"].startswith("MicroPython") and "c_random_us_per_sample" in r:
                print("- %s, %s street: with the C random module (the device's) instead of "
                      "stud.core.rng.Rng, a sample costs %.2f us, %.1f ref"
                      % (r["runtime"], r["street"], r["c_random_us_per_sample"],
                         r["c_random_ref_per_sample"]))
        print()
    h = b.get("heap")
    if h:
        print("**Bots on the MicroPython heap** (.mpy as flashed, -X heapsize=192K, 64-bit port):")
        print()
        print("- imports (session, bots, equity, view, engine, evaluator + tables): %s bytes"
              % _n(h["heap_imports"]))
        print("- peak live heap over %d four-seat hands (%s decisions): %s bytes above the "
              "start (%s absolute); smallest heap that runs it: %s bytes"
              % (h["hands"], _n(h["decisions"]), _n(h["core_peak"]), _n(h["peak_heap"]),
                 _n(h["min_heap_mpy"])))
        for kind in ("native", "bytecode"):
            print("- bytes allocated per Monte Carlo sample, %s: C random %s / %s, "
                  "stud.core.rng.Rng %s / %s (3rd / 7th street)"
                  % (kind, h["sample_alloc_%s_random_3rd" % kind],
                     h["sample_alloc_%s_random_7th" % kind],
                     h["sample_alloc_%s_rng_3rd" % kind], h["sample_alloc_%s_rng_7th" % kind]))
        print("- estimate(10**6 samples, budget_ms=50): stopped after %s samples, %.1f ms"
              % (_n(h["budget50_samples"]), h["budget50_ms"]))
        print()


def print_selfplay(sp):
    print("**Self-play**: %s hands a match, samples=%d, seed %d (tools/lab/selfplay.py; seats rotate "
          "every hand; %d worker processes, %d s). Chips won per 100 hands with a 95%% "
          "confidence interval, VPIP, aggression ((bets + raises) / calls), share of "
          "showdowns won:" % (_n(sp["hands"]), sp["samples"], sp["seed"], sp["workers"],
                              sp["seconds"]))
    print()
    print("| match | seat | chips/100 | 95% CI | VPIP | aggr | SD won |")
    print("|---|---|---:|---|---:|---:|---:|")
    strong, weak = 0, []
    for m in sp["matches"]:
        game = m.get("game", "tandy7")
        label = ",".join(m["seats"]) + ("" if game == "tandy7" else " " + game)
        if len(m["seats"]) == 2:
            bot = m["summary"][m["seats"][0]]
            if bot["ci95"][0] > 0:
                strong += 1
            else:
                weak.append(label)
        for seat_name, r in m["summary"].items():
            print("| %s | %s | %.1f | [%.1f, %.1f] | %.2f | %s | %s |" % (
                label, seat_name, r["chips_per_100"], r["ci95"][0], r["ci95"][1], r["vpip"],
                "-" if r["aggression"] is None else "%.2f" % r["aggression"],
                "-" if r["showdown_win"] is None else "%.2f" % r["showdown_win"]))
            label = ""
    print()
    print("Strength: the bot's 95%% interval is above zero in %d of %d heads-up matches%s."
          % (strong, strong + len(weak), "; not in: " + ", ".join(weak) if weak else ""))
    print()


SECTIONS = ("evaluators", "bots", "ui", "flush", "heap", "input", "selfplay", "league")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=200000, help="seeded 7-card hands (CPython)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead")
    ap.add_argument("--no-mp", action="store_true", help="skip MicroPython")
    ap.add_argument("--no-cpython", action="store_true", help="skip CPython")
    ap.add_argument("--no-selfplay", action="store_true", help="skip the self-play matches")
    ap.add_argument("--selfplay-hands", type=int, default=SELFPLAY_HANDS,
                    help="hands per self-play match")
    ap.add_argument("--no-league", action="store_true", help="skip the league (tools/lab/league.py)")
    ap.add_argument("--league-hands", type=int, default=20000, help="hands per league match")
    ap.add_argument("--no-ui", action="store_true", help="skip the handheld's screen")
    ap.add_argument("--no-flush", action="store_true", help="skip the panel's bus timing")
    ap.add_argument("--no-heap", action="store_true", help="skip the whole app's heap")
    ap.add_argument("--no-input", action="store_true",
                    help="skip the input harness (tools/device/inputbench.py)")
    ap.add_argument("--only", default=None,
                    help="only these sections, comma-separated: %s "
                         "(with --no-mp / --no-cpython as usual)" % ", ".join(SECTIONS))
    ap.add_argument("--publish", action="store_true",
                    help="a full run only: write the figures into docs/bench.md "
                         "(make bench does)")
    args = ap.parse_args(argv)
    started = time.time()
    if args.publish and (args.only or args.json or any(
            getattr(args, "no_" + k, False) for k in SECTIONS + ("mp", "cpython"))
            or args.hands != 200000 or args.selfplay_hands != SELFPLAY_HANDS
            or args.league_hands != 20000):
        ap.error("--publish: docs/bench.md's figures come from one full run "
                 "(no --only, --no-*, --json or other sizes)")
    if args.only:
        only = set(args.only.split(","))
        unknown = only - set(SECTIONS)
        if unknown:
            ap.error("--only: no section %s" % ", ".join(sorted(unknown)))
    else:
        only = set(SECTIONS)
    for section in SECTIONS:
        if getattr(args, "no_" + section, False):
            only.discard(section)

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    cp = None if args.no_cpython or "evaluators" not in only else bench_cpython(args.hands, log)
    mp = None
    if not args.no_mp and "evaluators" in only:
        try:
            mp = bench_micropython(log)
        except FileNotFoundError as e:
            log(str(e))
            mp = {"error": str(e)}
    bt = None
    if not (args.no_cpython and args.no_mp) and "bots" in only:
        try:
            bt = bench_bots(log, cpython=not args.no_cpython, micropython=not args.no_mp)
        except FileNotFoundError as e:
            log(str(e))
            bt = bench_bots(log, cpython=not args.no_cpython, micropython=False)
    ui = None
    if "ui" in only and not (args.no_cpython and args.no_mp):
        try:
            ui = bench_ui(log, cpython=not args.no_cpython, micropython=not args.no_mp)
        except FileNotFoundError as e:
            log(str(e))
            ui = bench_ui(log, cpython=not args.no_cpython, micropython=False)
    fl = bench_flush(log) if "flush" in only else None
    hp = None
    if "heap" in only and not args.no_mp:
        from tools.bench.heap import bench_heap
        hp = bench_heap(log)
    inp = None
    if "input" in only:
        from tools.device import inputbench
        log("input: the stick and the button against noise, spikes and taps ...")
        inp = inputbench.all_rows()
    sp = None if "selfplay" not in only else bench_selfplay(max(2, args.selfplay_hands), log)
    lg = None
    if "league" in only:     # every bot against every baseline, model on and off; charts
        from tools.lab import league
        from stud.play import bots
        lg = league.run(args.league_hands, samples=bots.SAMPLES, log=log)   # as they play on the device
        league.charts(lg, os.path.join(ROOT, "docs", "league"))
    if args.json:
        print(json.dumps({"cpython": cp, "micropython": mp, "bots": bt, "selfplay": sp,
                          "ui": ui, "flush": fl, "heap": hp, "input": inp,
                          "league": league.slim(lg) if lg else None}, indent=1))
    else:
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            if cp or mp:
                print_tables(cp, mp if mp and "error" not in mp else None)
            if bt:
                print_bots(bt)
            if ui:
                print_ui(ui)
            if fl:
                print_flush(fl)
            if hp:
                from tools.bench.heap import print_heap
                print_heap(hp)
            if inp:
                print("**Input** (tools/device/inputbench.py): phantom and missed events of the stick "
                      "and the button:")
                print()
                inputbench.print_rows(inp)
                print()
            if sp:
                print_selfplay(sp)
            if lg:
                league.print_league(lg)
        text = buf.getvalue()
        sys.stdout.write(text)
        if args.publish:
            report.publish(text, time.time() - started, " ".join(["make bench"] + (argv or [])))
            log("bench: the figures are in %s" % os.path.relpath(report.REPORT, ROOT))
    if cp and not cp["orderings_agree"]:
        return 1
    return 0 if not mp or "error" not in mp else 1


if __name__ == "__main__":
    sys.exit(main())
