"""Self-play: the bots and the baselines at one table, measured.

    python -m tools.lab.selfplay --game tandy7 --hands 20000 --seed 1 \\
        --seats balanced,loose,tight,station [--samples 40] [--human 3] [--deal turn] [--json]

Seats are bot profiles (loose, balanced, tight), the cartridge's names (HAL,
JOE, SID: their fixed profiles) or baselines (simple, station, maniac, rock,
random, tag, bluffer, shifter; tools/lab/baselines.py).  Entries rotate one seat
every hand so position evens out; a player who busts rebuys a fresh stack.  --human names the entry
the bots keep a model of (default: the first baseline, if any), as they model
you on the device.  Per entry it prints chips won per 100 hands with a 95%
confidence interval, VPIP (share of hands with chips put in by choice),
aggression ((bets + raises) / calls), the showdown-win rate and how it answers a
bet (fold_to_bet, raise_to_bet: shares of the bets it faced - a bring-in alone is no
bet faced: raising it is a steal, not a re-raise), and what it won
from each other entry (won_from: each hand's losses shared among that hand's
winners by what each won), which tells a bot beating the baseline from a bot
living off another bot.  tools/lab/league.py plays every bot against every baseline
with this.
"""
import argparse
import itertools
import json
import math
import random
import sys

from tools.lab.baselines import POLICIES, FACTORIES, make
from stud.play import bots
from stud.core.engine import Hand
from stud.core.games import game as _game, final_cards
from stud.play.view import SeatView
from stud.core.actions import CALL, DRAW, FOLD, RAISE, WAGERS as AGGRESSIVE, VOLUNTARY


def profile_of(entry):
    if entry in bots.PROFILES:
        return entry
    return bots.PROFILE_OF.get(entry.upper())


def check_seats(seats):
    for s in seats:
        if profile_of(s) is None and s not in POLICIES and s not in FACTORIES:
            raise ValueError("unknown seat '%s' (bots: %s, %s; baselines: %s)"
                             % (s, ", ".join(bots.PROFILES), ", ".join(sorted(bots.PROFILE_OF)),
                                ", ".join(list(POLICIES) + list(FACTORIES))))


def check_table(game, seats):
    """ValueError unless `game` is a game and seats `seats` (names it knows, a count it deals)."""
    check_seats(seats)
    lo, hi = _game(game)["seats"]
    if not lo <= len(seats) <= hi:
        raise ValueError("%s seats %d to %d players, not %d" % (game, lo, hi, len(seats)))


def interval(xs):
    """[mean, low, high] of xs per 100 (chips/100 from chips a hand), the 95% interval
    of the mean, to 0.1."""
    n = len(xs)
    m = sum(xs) / n
    v = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    h = 1.96 * math.sqrt(v / n)
    return [round(m * 100, 1), round((m - h) * 100, 1), round((m + h) * 100, 1)]


def arrangements(n):
    """Every seating of n entries (entry_at_seat tuples), n! of them: for each order of the
    entries round the table (entry 0 first, the others in each of their (n - 1)! orders),
    its n rotations.  The first n are seating()'s rotations of the order 0, 1, ..., n - 1."""
    out = []
    for rest in itertools.permutations(range(1, n)):
        order = (0,) + rest
        out.extend(tuple(order[(seat + r) % n] for seat in range(n)) for r in range(n))
    return out


ARRANGE = ("rotate", "orders", "every")


def seating(i, n, period=None, arrange="rotate"):
    """Hand i's seating, entry_at_seat[seat] = entry.  "rotate": the entries rotate one
    seat a hand, always in the order 0, 1, ..., n - 1 round the table.  With a period
    (hand i plays deal i % period in pass i // period): "orders", each deal's n passes
    rotate it through the seats in one order of arrangements(n), the order changing
    from deal to deal, so no entry always sits after the same other entry (at four
    seats, in one fixed order the entry acting after another won 22-30 chips/100 from
    it: docs/opponents.md); "every", hand i plays arrangement (deal + pass) of
    arrangements(n), so n! passes play every deal once in every seating.  Heads-up all
    three are the rotation (with an odd period)."""
    if period and arrange != "rotate":
        table = arrangements(n)
        k, j = i % period, i // period
        if arrange == "every":
            return list(table[(k + j) % len(table)])
        return list(table[k % (len(table) // n) * n + (k + j) % n])
    return [(seat + i) % n for seat in range(n)]


def dup_groups(deltas, period):
    """Duplicate deals: hands i, i + period, ... (the same deal played from each seat)
    averaged into one observation per deal."""
    passes = len(deltas) // period
    return [sum(deltas[i + j * period] for j in range(passes)) / passes for i in range(period)]


def _flow(net, a, b, gained):
    """Chips seat a won from seat b in one hand: each loser's chips go to the hand's
    winners in proportion to what each won (minus what b won from a)."""
    if not gained:
        return 0.0
    if net[a] > 0 > net[b]:
        return -net[b] * net[a] / gained
    if net[b] > 0 > net[a]:
        return net[a] * net[b] / gained
    return 0.0


class Stats:
    def __init__(self, n):
        self.deltas = [[] for _ in range(n)]
        self.vpip = [0] * n
        self.aggressive = [0] * n
        self.calls = [0] * n
        self.showdowns = [0] * n
        self.showdowns_won = [0] * n
        self.faced = [0] * n         # bets answered: call, fold or raise
        self.folded = [0] * n
        self.reraised = [0] * n
        self.flows = [[[] for _ in range(n)] for _ in range(n)]   # [e][o]: won from o, by hand

    def add(self, hand, entry_at_seat, start):
        net = [hand.stacks[seat] - start[seat] for seat in range(len(start))]
        gained = sum(x for x in net if x > 0)
        for seat, e in enumerate(entry_at_seat):
            for other, o in enumerate(entry_at_seat):
                if o != e:
                    self.flows[e][o].append(_flow(net, seat, other, gained))
            self.deltas[e].append(net[seat])
            words = [w for st, s, w, c in hand.history if s == seat]
            if any(w in VOLUNTARY for w in words):
                self.vpip[e] += 1
            self.aggressive[e] += len([w for w in words if w in AGGRESSIVE])
            self.calls[e] += words.count(CALL)
            chosen = None       # the street on which somebody has bet or raised by choice
            for st, s, w, c in hand.history:
                if s == seat and chosen == st and w in (CALL, FOLD, RAISE):
                    self.faced[e] += 1
                    self.folded[e] += w == FOLD
                    self.reraised[e] += w == RAISE
                if w in AGGRESSIVE:
                    chosen = st
            if seat in hand.result["shown"] or seat in hand.result["mucked"]:
                self.showdowns[e] += 1
                if hand.result["amounts"][seat] > 0:
                    self.showdowns_won[e] += 1

    def summary(self, seats, period=None, deltas=False):
        """Per entry: chips/100 with a 95% interval (ci95; over duplicate groups too,
        ci95_dup, when the run is whole passes of a period), its style in numbers, and
        won_from: [chips/100, interval] it won from each other entry (_flow())."""
        n = len(self.deltas[0])
        passes = n // period if period else 0
        dup = passes >= 2 and n == passes * period     # hands i, i + period, ...: one deal
        keys = [name if seats.count(name) == 1 else "%s#%d" % (name, e)
                for e, name in enumerate(seats)]
        out = {}
        for e, key in enumerate(keys):
            d = self.deltas[e]
            mean, lo, hi = interval(d)
            out[key] = {
                "chips_per_100": mean,
                "ci95": [lo, hi],
                "vpip": round(self.vpip[e] / n, 3),
                "aggression": round(self.aggressive[e] / self.calls[e], 3) if self.calls[e] else None,
                "showdown_win": round(self.showdowns_won[e] / self.showdowns[e], 3)
                if self.showdowns[e] else None,
                "hands": n,
                "fold_to_bet": round(self.folded[e] / self.faced[e], 3) if self.faced[e] else None,
                "raise_to_bet": round(self.reraised[e] / self.faced[e], 3) if self.faced[e] else None,
                "won_from": {},
            }
            if deltas:
                out[key]["deltas"] = list(d)
            if dup:
                out[key]["ci95_dup"] = interval(dup_groups(d, period))[1:]
            for o, other in enumerate(keys):
                if o != e:
                    f = self.flows[e][o]
                    out[key]["won_from"][other] = interval(dup_groups(f, period) if dup else f)
        return out


SEAT_DEAL = True    # stud deals each seat from its own places in the deck (SeatDealt)


class SeatDealt(Hand):
    """A stud hand that deals each seat its cards from the deck's places kept for that
    seat (seat s's c-th card is the deck's card s x final + c), not in turn from the top:
    the same cards, each a random card none other holds, as a dealer's; but a fold no
    longer moves the cards the players after it are dealt on later streets, so in two
    runs of the same deal each seat's cards are the same whoever folded (common random
    numbers for the model's runs; Hand deals in turn, as the device does)."""

    def __init__(self, final, game, stacks, **kw):
        self._final = final
        Hand.__init__(self, game, stacks, **kw)

    def _start_street(self):
        pattern = self.game["streets"][self.street]
        live = self.live()
        self._seats = [seat for kind in pattern for seat in live]
        Hand._start_street(self)

    def _draw(self):
        seat = self._seats.pop(0)
        return self.deck[seat * self._final + len(self.up[seat]) + len(self.down[seat])]


def dealt_hand(game, stacks, rng, dealer, carry):
    """Hand's deal for a stud game that has the cards for it (SEAT_DEAL: SeatDealt()),
    else the engine's own."""
    g = _game(game)
    final = final_cards(g)
    if not SEAT_DEAL or DRAW in g["streets"] or len(stacks) * final > 52:
        return Hand(game, stacks, rng=rng, dealer=dealer, carry=carry)
    return SeatDealt(final, game, stacks, rng=rng, dealer=dealer, carry=carry)


def decision_rng(seed, k, seat, street, nth):
    """The random stream of one decision: the nth of `seat` on `street` in deal k (hand
    k of a period) of seed `seed`.  Its own stream, not one the whole hand draws from in
    turn: where another decision earlier in the hand changed (a model's, or a fold that
    takes a player's samples out of the others' estimates), this one still samples as it
    did, so two runs of the same deals differ only where a decision did."""
    return random.Random((((seed * 1000003 + k) * 16 + seat) * 16 + street) * 64 + nth)


def play(game, hands, seed, seats, samples=40, human=None, progress=None, models=None,
         period=None, learn=True, watch=None, deltas=False, decided=None, explore=None,
         arrange="rotate"):
    """Play `hands` hands; returns (summary dict, {entry: model}) of the bots' models of `human`.

    Hand i is dealt from its own seed, (seed, i % period), and each decision in it
    draws from its own stream (decision_rng(): the deal, the seat, the street and how
    many decisions that seat made there before): with a period the same deals and the
    same random choices come round again, so two stretches of a run differ only where
    what a bot learned changed a decision (common random numbers), and a decision
    changed early in a hand leaves the others' later samples, and in stud their cards
    (dealt_hand()), as they were.  With n seats, a period that leaves 1 when divided by
    n and n x period hands, every deal is played once from every seat (duplicate deals:
    heads-up, twice with the seats swapped); the summary then adds ci95_dup, the 95%
    interval of chips/100 over those groups.  arrange: the order of the entries round
    the table (seating(): "every" needs n! x period hands).

    learn=False: the bots play without their model of `human` (the same deals and
    the same random choices, so the difference is what the model earned).  A stateful
    baseline (the shifter) is told each hand's number, i % period.  watch(i, models,
    hand, seat) is called after every hand, seat being `human`'s seat in it (the
    shifter's curve reads the models and what the shifter did there).  deltas=True
    keeps each entry's chips won hand by hand in its summary ("deltas").  decided(i,
    entry, view, word) is called after every bot decision (tools/lab/model_gain.py).
    explore(i, hand, seat, word, choose) is called before a bot's word is played:
    choose(hand, rng) gives the word of whoever is to act in `hand`, as they decide at
    this table, so a copy of the hand can be played out another way (tools/lab/regret.py)."""
    check_seats(seats)
    g = _game(game)
    n = len(seats)
    stacks = [g["stack"]] * n              # per entry
    if human is None:
        human = next((e for e, s in enumerate(seats) if profile_of(s) is None), None)
    if models is None:
        models = {e: bots.new_model() for e, s in enumerate(seats)
                  if profile_of(s) is not None and e != human}
    stats = Stats(n)
    policies = {e: make(s) for e, s in enumerate(seats) if profile_of(s) is None}
    carry = 0  # draw5: a tied pot waits for the next hand
    at = {}     # this hand's number, entries by seat and the human's seat, for choose()

    def choose(hand, rng, hook=None):
        e = at["entries"][hand.to_act]
        view = SeatView(hand, hand.to_act)
        prof = profile_of(seats[e])
        if prof is None:
            return policies[e](view, rng)
        seats_of = {}   # the seats each profile plays, bit s for seat s, as Session tells
        for s, x in enumerate(at["entries"]):
            p = profile_of(seats[x])
            seats_of[p] = seats_of.get(p, 0) | 1 << s
        word, _ = bots.decide(view, prof, rng, models.get(e) if learn else None, at["human"],
                              samples=samples, budget_ms=0, tight=seats_of.get("tight", 0),
                              loose=seats_of.get("loose", 0))
        if hook:
            hook(at["i"], e, view, word)
        return word

    for i in range(hands):
        entry_at_seat = seating(i, n, period, arrange)
        for e in range(n):
            if stacks[e] <= 0:
                stacks[e] = g["stack"]
        start = [stacks[e] for e in entry_at_seat]
        k = i % period if period else i
        dealer = i % n if g["open"] == "dealer" else None  # the deal alternates in draw
        hand = dealt_hand(game, start, random.Random(seed * 1000003 + k), dealer, carry)
        made = {}   # (seat, street): decisions made there so far this hand
        human_seat = entry_at_seat.index(human) if human is not None else None
        for policy in policies.values():
            if hasattr(policy, "new_hand"):
                policy.new_hand(k)
        at.update(i=i, entries=entry_at_seat, human=human_seat)
        while hand.to_act is not None:
            seat = hand.to_act
            nth = made.get((seat, hand.street), 0)
            made[seat, hand.street] = nth + 1
            word = choose(hand, decision_rng(seed, k, seat, hand.street, nth), decided)
            if explore and profile_of(seats[entry_at_seat[seat]]) is not None:
                explore(i, hand, seat, word, choose)
            hand.act(word)
        for seat, e in enumerate(entry_at_seat):
            stacks[e] = hand.stacks[seat]
        carry = hand.result["carry"]
        stats.add(hand, entry_at_seat, start)
        if human_seat is not None:
            for e, model in models.items():
                bots.observe(model, human_seat, hand.history, hand.result["shown"])
        if watch:
            watch(i, models, hand, human_seat)
        if progress and (i + 1) % progress[0] == 0:
            progress[1](i + 1, hands)
    return stats.summary(seats, period, deltas), models


def _print_table(summary, out):
    out.write("%-12s %10s %22s %6s %6s %6s\n" % ("seat", "chips/100", "95% CI", "VPIP",
                                                 "aggr", "SD won"))
    for name, s in summary.items():
        out.write("%-12s %10.1f %22s %6.2f %6s %6s\n" % (
            name, s["chips_per_100"], "[%.1f, %.1f]" % tuple(s["ci95"]), s["vpip"],
            "-" if s["aggression"] is None else "%.2f" % s["aggression"],
            "-" if s["showdown_win"] is None else "%.2f" % s["showdown_win"]))
    out.write("\nwon from each other seat, chips/100 [95% CI] (a hand's losses are shared "
              "among its winners by what each won):\n")
    for name, s in summary.items():
        out.write("%-12s %s\n" % (name, "  ".join(
            "%s %+.1f [%+.1f, %+.1f]" % ((other,) + tuple(f)) for other, f in s["won_from"].items())))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="tandy7")
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seats", default="balanced,loose,tight,station")
    ap.add_argument("--samples", type=int, default=40, help="equity samples per bot decision")
    ap.add_argument("--human", type=int, default=None,
                    help="index of the entry the bots model (default: the first baseline)")
    ap.add_argument("--period", type=int, default=None,
                    help="deal the same hands again every PERIOD hands")
    ap.add_argument("--deal", choices=("seat", "turn"), default="seat",
                    help="stud: deal each seat from its own places in the deck (the default: "
                    "common random numbers) or in turn from the top, as the device does")
    ap.add_argument("--arrange", choices=ARRANGE, default="rotate",
                    help="with --period: the entries always in one order round the table "
                    "(rotate), each deal in an order of its own (orders), or every deal in "
                    "every seating (every: n! passes)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    global SEAT_DEAL
    SEAT_DEAL = args.deal == "seat"
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    try:
        check_table(args.game, seats)
        if args.hands < 2:
            raise ValueError("--hands must be at least 2")
    except ValueError as e:
        sys.stderr.write("selfplay: %s\n" % e)
        return 2
    step = max(1, args.hands // 20)

    def report(done, total):
        sys.stderr.write("\r%d / %d hands" % (done, total))
        sys.stderr.flush()

    summary, _ = play(args.game, args.hands, args.seed, seats, args.samples, args.human,
                      progress=(step, report), period=args.period,
                      arrange=args.arrange)
    sys.stderr.write("\n")
    if args.json:
        print(json.dumps(summary, indent=1, sort_keys=True))
    else:
        _print_table(summary, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
