"""Where would another decision have paid?  The bots' decisions, played out every legal way.

    python -m tools.lab.regret [--seats loose,balanced,tight,bluffer] [--hands 2000] [--seed 2]
                           [--every 2] [--rollouts 4] [--samples 40] [--least 30] [--equity]

Plays a 7 Card Stud Limit Raise (tandy7) table (tools/lab/selfplay.py: the bots modelling the baseline, seats
rotating) and at every EVERY-th bot decision that has a choice, plays the rest of the
hand out ROLLOUTS times from a copy for each legal word: the same cards to come (the
deck is dealt), everyone deciding as they do at this table, from random streams the
words share.  A word's chips are the seat's stack at the end less its stack at the
decision, so a fold is always 0.  Grouped by bot, street, heads-up or multiway, free
(check or bet) or facing a bet, who made the last wager, and the word chosen, it prints
for each other word the mean of its chips less the chosen word's, with the standard
error; << marks a word that beat the choice by more than two standard errors.
--equity splits each group by the bot's equity estimate at the decision, in tenths
(stud.play.bots.choose's `eq`): is a threshold where the play says it should be?

A group's mean is what always deviating there would have earned, the rest of the table
playing on as it does (nobody learns from it); one decision's figure is mostly the
cards to come.  Host-only: the table plays exactly as without it (the rollouts use
copies and their own random streams).
"""
import argparse
import copy
import math
import random
import sys

from tools.lab import selfplay
from stud.play import bots
from stud.core.actions import BRINGIN, WAGERS


def _bettor(hand):
    """The seat that made the last wager (the bring-in included), or None."""
    last = None
    for street, s, word, chips in hand.history:
        if word in WAGERS or word == BRINGIN:
            last = s
    return last


def measure(seats, hands, seed, every=2, rollouts=4, samples=40, progress=None, equity=False):
    """(records, selfplay's summary): a record per explored decision, (bot, street,
    opponents, facing, word chosen, last wagerer's name or None, {word: mean chips});
    equity=True adds an eighth item, the bot's equity estimate there rounded down to a
    tenth (per-mille)."""
    records = []
    count = [0]
    estimates = {}      # seat: the equity of its last decision (the table's, not a rollout's)
    choose_word = bots.choose

    def watched(view, p, eq, roll):
        estimates[view.seat] = eq
        return choose_word(view, p, eq, roll)

    def explore(i, hand, seat, word, choose):
        legal = hand.legal()
        if len(legal) < 2:
            return
        count[0] += 1
        if count[0] % every:
            return
        eq = estimates.get(seat, -1)    # read before the rollouts decide again
        entries = selfplay.seating(i, len(seats))
        chips = {}
        for alt in legal:
            total = 0
            for r in range(rollouts):
                h = copy.deepcopy(hand)
                h.act(alt)
                rng = random.Random((seed * 1000003 + count[0]) * 8 + r)
                while h.to_act is not None:
                    h.act(choose(h, rng))
                total += h.stacks[seat] - hand.stacks[seat]
            chips[alt] = total / rollouts
        bettor = _bettor(hand)
        records.append((seats[entries[seat]], hand.street, len(hand.live()) - 1,
                        hand.to_call(seat) > 0, word.split(":")[0],
                        None if bettor is None else seats[entries[bettor]], chips)
                       + ((eq // 100 * 100,) if equity else ()))

    if equity:
        bots.choose = watched
    try:
        summary, _ = selfplay.play("tandy7", hands, seed, seats, samples, explore=explore,
                                   progress=progress)
    finally:
        bots.choose = choose_word
    return records, summary


def groups(records):
    """{(bot, street, 'hu'/'multi', 'facing'/'free', bettor or '-', chosen[, the equity's
    tenth where the records hold it]): {other word: [n, mean of its chips less the chosen
    word's, standard error]}}"""
    by = {}
    for record in records:
        bot, street, opps, facing, word, bettor, chips = record[:7]
        key = (bot, street, "hu" if opps == 1 else "multi", "facing" if facing else "free",
               bettor if facing and bettor else "-", word) + tuple(record[7:])
        for alt, value in chips.items():
            if alt != word:
                by.setdefault(key, {}).setdefault(alt, []).append(value - chips[word])
    out = {}
    for key, alts in by.items():
        out[key] = {}
        for alt, d in alts.items():
            n = len(d)
            m = sum(d) / n
            v = sum((x - m) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
            out[key][alt] = [n, m, math.sqrt(v / n)]
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seats", default="loose,balanced,tight,bluffer")
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--every", type=int, default=2, help="explore every EVERY-th decision")
    ap.add_argument("--rollouts", type=int, default=4, help="play-outs per word")
    ap.add_argument("--samples", type=int, default=40, help="equity samples per bot decision")
    ap.add_argument("--least", type=int, default=30, help="smallest group printed")
    ap.add_argument("--equity", action="store_true",
                    help="split the groups by the bot's equity estimate, in tenths")
    args = ap.parse_args(argv)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    try:
        selfplay.check_table("tandy7", seats)
        if args.hands < 1 or args.every < 1 or args.rollouts < 1:
            raise ValueError("--hands, --every and --rollouts must be at least 1")
    except ValueError as e:
        sys.stderr.write("regret: %s\n" % e)
        return 2

    def report(done, total):
        sys.stderr.write("\r%d / %d hands" % (done, total))
        sys.stderr.flush()

    records, _ = measure(seats, args.hands, args.seed, args.every, args.rollouts,
                         args.samples, (max(1, args.hands // 50), report), args.equity)
    sys.stderr.write("\n")
    print("%-9s %6s %5s %6s %-9s %-7s %7s %5s  %s" % ("bot", "street", "opps", "", "bettor",
                                                      "chose", "equity", "n", "another word: "
                                                      "chips it would have made more, +- one s.e."))
    for key, alts in sorted(groups(records).items(), key=lambda kv: str(kv[0])):
        n = max(a[0] for a in alts.values())
        if n < args.least:
            continue
        bot, street, opps, facing, bettor, word = key[:6]
        print("%-9s %6d %5s %6s %-9s %-7s %7s %5d  %s" % (
            bot, street + 3, opps, facing, bettor, word,
            "%d-%d" % (key[6], key[6] + 99) if len(key) > 6 else "-", n, "  ".join(
                "%s %+.2f +- %.2f%s" % (alt, m, se, " <<" if m - 2 * se > 0 else "")
                for alt, (k, m, se) in sorted(alts.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
