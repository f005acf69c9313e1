"""Where the model's gain comes from: what each bot earned with its model of the baseline
minus without it, split by the first decision the model changed in each hand.

    python -m tools.lab.model_gain --seats loose,balanced,tight,bluffer [--hands 20000]
                               [--seed 1] [--samples 40] [--game tandy7] [--rows 12]

The match is tools/lab/league.py's: the baseline sits last and is the one modelled, each
deal is played from every seat, twice (with the model and without it) on the same
deals and the same random choices.  A hand plays out the same in both runs until some
bot decides differently, so every chip of difference lies in hands where a decision
changed; each such hand is put down to its first changed decision: who made it, on
which betting round, what it was without the model and with it, and whether that bot
faced one opponent or more.  Hands with the same decisions can still move other chips
when the stacks carried in differ (an all-in for less, a rebuy); they are counted
apart.  At four seats a bot's "earned" then splits into what its
own changed decisions brought it and what the other bots' changes did to it.
"""
import argparse
import sys
import time

from tools.lab import league
from tools.lab import selfplay


STACKS = league.STACKS


def gain(game, seats, hands, seed, samples=40, progress=None):
    """What the model earned in one of the league's matches, split (league.split());
    progress(done, of, learn) is told as the runs go."""
    period = league.period_for(hands, len(seats))
    total = period * len(seats)
    logs, decided = league.recorder(total)

    def hooks(learn):
        h = {"decided": decided(learn)}
        if progress:
            h["progress"] = (max(1, total // 10), lambda done, of: progress(done, of, learn))
        return h
    runs = league.both(game, seats, period, seed, samples, hooks)
    return league.split(seats, period, logs, runs)


def report(out, rows, write):
    write("%d hands, %d with a decision the model changed, %d where only the stacks carried "
          "in differed\n" % (out["hands"], out["changed"], out["stacks"]))
    for name in out["bots"]:
        r = out[name]
        (m, lo, hi), (mo, olo, ohi) = r["earned"], r["own"]
        write("\n%s: earned %+.1f [%+.1f, %+.1f] chips/100; its own changed decisions %+.1f "
              "[%+.1f, %+.1f], the other bots' %+.1f\n" % (name, m, lo, hi, mo, olo, ohi, m - mo))
        ranked = sorted(r["rows"].items(), key=lambda kv: -abs(kv[1][1]))[:rows]
        for key, (k, chips) in ranked:
            if key == STACKS:
                write("  %-58s %6d hands %+8.2f chips/100\n" % (
                    "the same decisions, other stacks carried in", k, chips * 100 / out["hands"]))
                continue
            who, rnd, off, on, alone = key
            write("  %-9s round %d  %-9s -> %-9s %-5s %6d hands %+8.2f chips/100\n" % (
                who, rnd, off, on, alone, k, chips * 100 / out["hands"]))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seats", required=True, help="bots, then the baseline they model")
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--samples", type=int, default=40)
    ap.add_argument("--game", default="tandy7")
    ap.add_argument("--rows", type=int, default=12, help="changed decisions listed per bot")
    args = ap.parse_args(argv)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    try:
        selfplay.check_table(args.game, seats)
    except ValueError as e:
        ap.error(str(e))
    if selfplay.profile_of(seats[-1]) is not None:
        ap.error("the last seat is the one the bots model: a baseline, not the bot '%s'"
                 % seats[-1])
    if args.hands < 2 * len(seats):
        ap.error("--hands must be at least %d (every deal from every seat)" % (2 * len(seats)))
    started = time.time()

    def progress(done, of, learn):
        sys.stderr.write("  model_gain: model %-3s %6d / %d hands (%.0f s)\n"
                         % ("on" if learn else "off", done, of, time.time() - started))
        sys.stderr.flush()
    out = gain(args.game, seats, args.hands, args.seed, args.samples, progress)
    report(out, args.rows, sys.stdout.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
