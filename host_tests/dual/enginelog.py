"""Engine log: seeded complete hands of all four games with random legal actions, one digest.

    python host_tests/dual/enginelog.py [--dump]      (PYTHONPATH=firmware:tools/harness)
    python -m tools.device.mprun host_tests/dual/enginelog.py [--dump]

tandy7, casino7, stud5 and draw5 in turn, 2 to 4 seats (draw5: 2, the dealer
alternating) with random stacks, many of them short so that all-ins and side
pots happen; draws discard random positions, sized bets take random sizes; each action is drawn from legal() with stud.core.rng.Rng (a fold only
one time in eight when facing a bet, so hands reach showdown).  Every hand's
history, cards, pots, result and final stacks go into the log.  Chips are
checked for conservation after every hand; a failure exits non-zero.
"""
import sys

from harness import Digest, Peak, live_heap, report, ints, HAS_HEAP, RUNTIME

BASE = live_heap()  # before any stud import

from stud.core.rng import Rng
from stud.core.cards import randbelow, format as card_text
from stud.core.engine import Hand, DRAW
from randplay import choose  # noqa: E402  (tools/harness/randplay.py, shared with the benchmark)

SEED = 777
HANDS = 320
GAMES = ("tandy7", "casino7", "stud5", "draw5")


def random_stack(rng, game):
    if game == "draw5":
        return 25 * (1 + randbelow(rng, 40))
    kind = randbelow(rng, 4)
    if kind == 0:
        return 1 + randbelow(rng, 12)      # all in on third street
    if kind == 1:
        return 10 + randbelow(rng, 90)     # all in somewhere later
    return 999


def check_chips(k, stacks_in, h):
    res = h.result
    if h.to_act is not None or res is None:
        raise AssertionError("hand %d: not over" % k)
    if sum(h.stacks) + res["carry"] != sum(stacks_in):
        raise AssertionError("hand %d: chips not conserved: %s -> %s"
                             % (k, stacks_in, h.stacks))
    if sum(res["amounts"]) + res["carry"] != h.pot or sum(h.total) != h.pot:
        raise AssertionError("hand %d: pot %d, paid %d, put in %d"
                             % (k, h.pot, sum(res["amounts"]), sum(h.total)))
    if sum([p[0] for p in res["pots"]]) != h.pot:
        raise AssertionError("hand %d: pot layers do not add up to %d" % (k, h.pot))
    for s in range(h.n):
        if h.stacks[s] < 0:
            raise AssertionError("hand %d: seat %d has %d chips" % (k, s, h.stacks[s]))
        if h.stacks[s] != stacks_in[s] - h.total[s] + res["amounts"][s]:
            raise AssertionError("hand %d: seat %d stack does not add up" % (k, s))


def log_hand(log, k, stacks_in, h):
    res = h.result
    log.line("hand %d %s seats %d dealer %d stacks %s" % (k, h.game["name"], h.n, h.dealer,
                                                         ints(stacks_in)))
    for seat in range(h.n):
        log.line("seat %d %s%s" % (seat, card_text(h.cards(seat)),
                                   " folded" if h.folded[seat] else ""))
    for street, seat, word, value in h.history:
        if word == DRAW:
            value = 10 * len(value) + (value[0] if value else 0)
        log.line("%d %d %s %d" % (street, seat, word, value))
    for amount, eligible, winners in res["pots"]:
        log.line("pot %d eligible %s winners %s" % (amount, ints(eligible), ints(winners)))
    shown = res["shown"]
    for seat in sorted(shown):
        s = shown[seat]
        log.line("show %d %s best %s %d %s" % (seat, card_text(s["cards"]),
                                               card_text(s["best"]), s["value"], s["name"]))
    log.line("winners %s amounts %s" % (ints(res["winners"]), ints(res["amounts"])))
    log.line("stacks %s pot %d carry %d" % (ints(h.stacks), h.pot, res["carry"]))


def run(dump=False):
    log = Digest(dump)
    peak = Peak()
    peak4 = Peak()
    rng = Rng(SEED)
    counts = {"hands": 0, "showdown": 0, "uncontested": 0, "allin": 0, "sidepots": 0,
              "split": 0, "actions": 0, "seats2": 0, "seats3": 0, "seats4": 0, "tandy7": 0,
              "casino7": 0, "stud5": 0, "draw5": 0, "carried": 0}
    peak.check()
    for k in range(HANDS):
        game = GAMES[k % len(GAMES)]
        n = 2 if game == "draw5" else 2 + randbelow(rng, 3)
        stacks_in = [random_stack(rng, game) for _ in range(n)]
        h = Hand(game, stacks_in, rng=rng, dealer=randbelow(rng, n))
        steps = 0
        while h.to_act is not None:
            h.act(choose(rng, h))
            steps += 1
            if steps > 200:
                raise AssertionError("hand %d does not end" % k)
            peak.check()
            if n == 4:
                peak4.check()
        check_chips(k, stacks_in, h)
        log_hand(log, k, stacks_in, h)
        res = h.result
        counts["hands"] += 1
        counts[game] += 1
        if res["carry"]:
            counts["carried"] += 1
        counts["seats%d" % n] += 1
        counts["actions"] += steps
        counts["showdown" if res["shown"] else "uncontested"] += 1
        if [s for s in range(n) if h.total[s] == stacks_in[s]]:
            counts["allin"] += 1
        if len(res["pots"]) > 1:
            counts["sidepots"] += 1
        if [p for p in res["pots"] if len(p[2]) > 1]:
            counts["split"] += 1
        h = res = None  # drop the finished hand before the next one
        peak.check()
    report("runtime", RUNTIME)
    report("engine_lines", log.lines)
    report("engine_counts", " ".join(["%s:%d" % (key, counts[key]) for key in sorted(counts)]))
    report("engine_digest", log.hexdigest())
    report("chips", "conserved")
    report("peak_heap", peak.peak if HAS_HEAP else None)
    report("heap_base", BASE)
    report("core_peak", peak.peak - BASE if HAS_HEAP else None)
    report("peak_heap_4seat", peak4.peak if HAS_HEAP else None)
    report("heap_checks", peak.checks)


if __name__ == "__main__":
    run("--dump" in sys.argv)
