"""The bots' calls of later bets, measured: is their equity estimate believable there?

    python -m tools.lab.calls [--seats loose,balanced,tight,tag] [--hands 3000] [--seed 3]

Plays a selfplay table (tools/lab/selfplay.py, the bots modelling the first baseline) and,
for every call a bot makes of a bet on 4th street or later, notes the street, how many
opponents were still in, who made the last bet (the baseline or a bot), the bot's
equity estimate (stud.play.equity, per-mille), the price (to call / pot after calling)
and whether it went on to win the hand.  Per group it prints the share won, the mean
estimate and the mean price, and the chips the call itself earned (won: the pot it
took, less the call) - exact on 7th street, where no betting follows.  An estimate far
above the share won says the range-aware equity believes bets too little there.
Host-only: it wraps stud.play.bots.choose to watch the decisions, changing none.
"""
import argparse
import sys

from tools.lab import selfplay
from stud.play import bots
from stud.core.actions import CALL, WAGERS


def measure(seats, hands, seed, samples=40):
    """({(entry, street, opponents (2 = two or more), 'base' or 'bot'): [calls, won,
    sum of estimates, sum of prices, chips the calls earned]}, selfplay's summary)"""
    calls = []
    groups = {}
    choose = bots.choose

    def watched(view, p, eq, roll):
        word = choose(view, p, eq, roll)
        if word == CALL and view.street >= 1:
            bettor = None
            for street, s, w, chips in view.history:
                if w in WAGERS:
                    bettor = s
            calls.append((view.seat, view.street, len(view.opponents()), eq,
                          view.to_call * 1000 // (view.pot + view.to_call), bettor,
                          view.to_call, view.pot))
        return word

    add = selfplay.Stats.add

    def counted(stats, hand, entry_at_seat, start):
        add(stats, hand, entry_at_seat, start)
        for seat, street, opps, eq, price, bettor, to_call, pot in calls:
            e = entry_at_seat[seat]
            who = "bot" if selfplay.profile_of(seats[entry_at_seat[bettor]]) else "base"
            won = hand.result["amounts"][seat] > 0
            g = groups.setdefault((e, street, min(opps, 2), who), [0, 0, 0, 0, 0])
            g[0] += 1
            g[1] += won
            g[2] += eq
            g[3] += price
            g[4] += (pot + to_call if won else 0) - to_call
        del calls[:]

    bots.choose = watched
    selfplay.Stats.add = counted
    try:
        summary, _ = selfplay.play("tandy7", hands, seed, seats, samples)
    finally:
        bots.choose = choose
        selfplay.Stats.add = add
    return groups, summary


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seats", default="loose,balanced,tight,tag")
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--samples", type=int, default=40)
    ap.add_argument("--least", type=int, default=15, help="smallest group printed")
    args = ap.parse_args(argv)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    groups, _ = measure(seats, args.hands, args.seed, args.samples)
    print("%-10s %6s %4s %6s %6s %6s %9s %6s %12s" % (
        "bot", "street", "opps", "bettor", "calls", "won", "estimate", "price", "chips/call"))
    for key in sorted(groups):
        n, won, eq, price, chips = groups[key]
        if n < args.least:
            continue
        e, street, opps, who = key
        print("%-10s %6d %4s %6s %6d %6.2f %9.2f %6.2f %+12.1f" % (
            seats[e], street + 3, "%d%s" % (opps, "+" if opps == 2 else ""), who, n,
            won / n, eq / n / 1000, price / n / 1000, chips / n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
