"""The league: every bot against every baseline, with and without its model of them.

    python -m tools.lab.league [--hands 2000] [--seed 1] [--samples 40] [--workers 2]
                           [--bots loose,balanced,tight] [--baselines tag,bluffer,...]
                           [--only four|heads-up] [--deal seat|turn] [--arrange orders|rotate]
                           [--png DIR] [--json]

Heads-up, each bot (loose, balanced, tight) plays each baseline (tools/lab/baselines.py:
station, maniac, rock, random, tag, bluffer, shifter, stealer, trapper) on duplicate deals: HANDS hands,
each deal played from both seats (tools/lab/selfplay.py, an odd period).  At four seats the
three bots sit with one baseline, as they sit with you on the device, each deal played
from all four seats, in an order round the table that changes from deal to deal (--arrange
orders; in one fixed order the bot acting after another won 22-30 chips/100 from it).
Every match is played twice on the same deals and the same random choices: with the
bots' model of the baseline, and with it switched off; the difference, deal by deal, is
what the model earned.  At four seats that also carries the other
bots' changed decisions, so each bot's own part is measured too (split(): each
hand's difference goes to the first decision the model changed; tools/lab/model_gain.py
lists it by decision).  Figures are chips won per 100 hands with the 95% interval over
the duplicate groups.

The shifter's curve: in its heads-up matches, the bot's read of it (read_numbers: how
often it enters, how aggressive it is, how often it calls late) after every hand, and
how many hands after each change of style the read needs to cover two thirds of the
way to where it settles in the new style (follow()), for each number the shifter's own
hands say the change really moves.

The report opens with the verdict on issues 11 and 34's targets (verdict(): each result
judged by the lower bound of its 95% interval, every miss named).

--png DIR writes league.png (the heads-up table as bars) and shifter.png (the curves).
"""
import argparse
import json
import multiprocessing
import os
import sys
import time

from tools.lab import selfplay
from tools.lab.selfplay import interval, dup_groups
from tools.lab import baselines
from stud.play import bots

BOTS = ("loose", "balanced", "tight")
BASELINES = ("station", "maniac", "rock", "random", "tag", "bluffer", "shifter", "stealer",
             "trapper")
HANDS = 2000
SEED = 1
SAMPLES = 40
FOLLOW = 2.0 / 3     # share of the way to the new read that counts as following
ARRANGE = "orders"   # the entries' order round the table, deal by deal (selfplay.seating())


def read(model):
    """Labels for what a bot's numbers (stud.play.bots.numbers) say of the player it
    models: 'station', 'maniac', 'rock' (any of them); host-only, for tests and reports."""
    out = []
    if model[bots.HANDS] < 10:
        return out
    enter, call_late, fold, weak_bet = bots.numbers(model)[:4]
    if call_late >= 650:
        out.append("station")
    if aggression(model) >= 650 or weak_bet >= 300:
        out.append("maniac")
    if enter < 300:
        out.append("rock")
    return out


def read_numbers(model):
    """The read as a curve point, per-mille: how often they enter, their bets and raises'
    share of their bets, raises and calls, how often they call a bet late."""
    enter, call_late, fold, weak_bet = bots.numbers(model)[:4]
    return [enter, aggression(model), call_late]


def evidence(model):
    """The counts behind read_numbers: (hands, entered, bold streets, meek streets, late
    bets faced, called).  Of a model that observed one hand: that hand's events."""
    return (model[bots.HANDS], model[bots.VPIP], model[bots.AGGRESSIVE], model[bots.PASSIVE],
            model[bots.FACED_LATE], model[bots.CALLED_LATE])


def truth(counts):
    """read_numbers' three numbers from summed evidence, raw (per-mille, None when
    nothing was seen): what the player did, not what a model remembers of it."""
    hands, entered, bold, meek, faced, called = counts
    return [None if not d else n * 1000 // d
            for n, d in ((entered, hands), (bold, bold + meek), (called, faced))]


def aggression(model):
    """Bets and raises' share of bets, raises and calls, per-mille, shrunk toward 400."""
    return bots.shrunk(model[bots.AGGRESSIVE], model[bots.AGGRESSIVE] + model[bots.PASSIVE], 400)


def period_for(hands, seats):
    """The largest period p with seats * p <= hands and p % seats == 1: every deal is
    played once from each seat."""
    p = max(1, hands // seats)
    while p % seats != 1:
        p -= 1
    return p


def shift_for(period):
    """The shifter's stretch: 500 hands, or less so a pass holds all three styles."""
    return max(50, min(baselines.SHIFT_MAX, period // 3))


def both(game, seats, period, seed, samples, hooks=None):
    """A match's two runs on the same deals, the baseline (the last seat) modelled:
    {True: summary with the model, False: without}; hooks(learn) gives selfplay.play's
    watch, decided and progress for each run."""
    baselines.SHIFT = shift_for(period)
    runs = {}
    for learn in (True, False):
        runs[learn], _ = selfplay.play(game, period * len(seats), seed, list(seats), samples,
                                       human=len(seats) - 1, period=period, learn=learn,
                                       deltas=True, arrange=ARRANGE,
                                       **(hooks(learn) if hooks else {}))
    return runs


STACKS = ("(stacks)", 0, "-", "-", "-")    # split()'s row for the same decisions, other stacks


def recorder(total):
    """(logs, decided): logs[learn][i] lists hand i's bot decisions in the run with the
    model (learn=True) or without; decided(learn) is that run's selfplay decided() hook."""
    logs = {True: [[] for _ in range(total)], False: [[] for _ in range(total)]}

    def decided(learn):
        log = logs[learn]

        def hook(i, e, view, word):
            log[i].append((e, view.street, word, len(view.opponents()) == 1))
        return hook
    return logs, decided


def split(seats, period, logs, runs):
    """The split of one match from its two runs (both()) and their decision logs
    (recorder()): {"hands": n, "changed": hands with a decision the model changed,
    "stacks": hands with the same decisions that moved other chips (the stacks carried in
    differ), "bots": the bots' names, and for each bot {"earned": [chips/100, 95% low,
    high] (league.py's figure), "own": the same over the hands its own decision changed
    first, "rows": {(who, round, without, with, alone) or STACKS: [hands, chips]}}}."""
    total = period * len(seats)
    with_log, off_log = logs[True], logs[False]
    with_sum, off_sum = runs[True], runs[False]
    bots = [e for e, s in enumerate(seats[:-1]) if selfplay.profile_of(s) is not None]
    out = {"hands": total, "changed": 0, "stacks": 0, "bots": [seats[e] for e in bots]}
    earned = {e: [0] * total for e in bots}
    own = {e: [0] * total for e in bots}
    for e in bots:
        out[seats[e]] = {"rows": {}}
    for i in range(total):
        a, b = with_log[i], off_log[i]
        diff = [with_sum[s]["deltas"][i] - off_sum[s]["deltas"][i] for s in seats]
        if a == b:
            if not any(diff):
                continue
            # the same decisions, other stacks: an all-in for less, a rebuy
            out["stacks"] += 1
            first, key = None, STACKS
        else:
            out["changed"] += 1
            j = 0
            while j < min(len(a), len(b)) and a[j] == b[j]:
                j += 1
            first = a[j] if j < len(a) else b[j]
            key = (seats[first[0]], first[1] + 1, b[j][2] if j < len(b) else "-",
                   a[j][2] if j < len(a) else "-", "alone" if first[3] else "multi")
        for e in bots:
            r = out[seats[e]]
            row = r["rows"].setdefault(key, [0, 0])
            row[0] += 1
            row[1] += diff[e]
            earned[e][i] = diff[e]
            if first and first[0] == e:
                own[e][i] = diff[e]
    for e in bots:
        out[seats[e]]["earned"] = interval(dup_groups(earned[e], period))
        out[seats[e]]["own"] = interval(dup_groups(own[e], period))
    return out


def match(job):
    """One pairing, played with and without the model: a result dict."""
    game, seats, hands, seed, samples, bot_entries = job[:6]
    tell = job[6] if len(job) > 6 else False   # progress on stderr, every tenth
    period = period_for(hands, len(seats))
    total = period * len(seats)
    human = len(seats) - 1
    out = {"seats": list(seats), "game": game, "hands": total, "period": period}
    t = time.time()
    series = []     # the bots' reads of the shifter, hand by hand
    seen = []       # the shifter's own evidence, hand by hand
    decided = logs = None
    if len(bot_entries) > 1:    # several bots: what each one's own changed decisions earned
        logs, decided = recorder(total)

    def hooks(learn):
        h = {"decided": decided(learn)} if decided else {}
        if learn and seats[human] == "shifter":
            def watch(i, models, hand, seat):
                series.append([read_numbers(models[e]) for e in bot_entries])
                one = bots.new_model()
                bots.observe(one, seat, hand.history, hand.result["shown"])
                seen.append(evidence(one))
            h["watch"] = watch
        if tell:
            def progress(done, of):
                sys.stderr.write("  league: %-34s model %-3s %6d / %d hands\n"
                                 % (",".join(seats), "on" if learn else "off", done, of))
                sys.stderr.flush()
            h["progress"] = (max(1, total // 10), progress)
        return h
    runs = both(game, seats, period, seed, samples, hooks)
    own = split(seats, period, logs, runs) if logs else {}
    curves = {seats[e]: [row[j] for row in series] for j, e in enumerate(bot_entries)} \
        if series else {}
    for e in bot_entries:
        name = seats[e]
        withm = runs[True][name]["deltas"]
        without = runs[False][name]["deltas"]
        diff = [a - b for a, b in zip(dup_groups(withm, period), dup_groups(without, period))]
        out[name] = {
            "with": interval(dup_groups(withm, period)),
            "without": interval(dup_groups(without, period)),
            "model": interval(diff),
            "vpip": runs[True][name]["vpip"],
            "aggression": runs[True][name]["aggression"],
            "from_baseline": runs[True][name]["won_from"][seats[human]],
        }
        if name in own:
            out[name]["own"] = own[name]["own"]
    if curves:
        shifter = baselines.Shifter()
        styles = [shifter.style(i % period) for i in range(total)]
        out["curves"] = curves
        out["styles"] = styles
        out["levels"] = {name: levels(c, styles, seen) for name, c in curves.items()}
        out["follow"] = {name: follow(c, styles, out["levels"][name])
                         for name, c in curves.items()}
    out["seconds"] = round(time.time() - t, 1)
    return out


def stretches(styles):
    """[(first hand, end, style)] for each run of one style."""
    out = []
    start = 0
    for i in range(1, len(styles) + 1):
        if i == len(styles) or styles[i] != styles[start]:
            out.append((start, i, styles[start]))
            start = i
    return out


def levels(curve, styles, seen):
    """Per style, pooled over all its stretches: (truth, settled).  truth: what the
    player did (truth() of its evidence); settled: the read's mean over the second
    half of each stretch, where it has caught up - a level no one stretch's noise sets."""
    out = {}
    every = stretches(styles)
    for style in set(styles):
        runs = [(a, b) for a, b, st in every if st == style]
        counts = [sum(seen[i][k] for a, b in runs for i in range(a, b))
                  for k in range(len(seen[0]))]
        late = [curve[i] for a, b in runs for i in range((a + b) // 2, b)]
        out[style] = (truth(counts),
                      [sum(r[k] for r in late) / len(late) for k in range(len(curve[0]))])
    return out


def follow(curve, styles, level):
    """Hands the read needs after each change of style (level: levels() of this curve):
    for every number whose truth moves by 100 per-mille or more between the two styles,
    the hands until the read first covers FOLLOW of the way from where it stood at the
    change to its settled level for the new style (1 if it already stood within 1 - FOLLOW of the
    move between the two settled levels); the slowest number counts.  None: a number
    never got there, or the settled levels moved less than a third of the truth (the
    read does not tell the two styles apart).  Stretches under 50 hands are not judged.
    A list of (hand of the change, old style, new style, hands or None)."""
    runs = stretches(styles)
    out = []
    for (_, _, was), (start, end, style) in zip(runs, runs[1:]):
        if end - start < 50:
            continue
        (t0, s0), (t1, s1) = level[was], level[style]
        before = curve[start - 1]
        slowest = 0
        for k in range(len(before)):
            if t0[k] is None or t1[k] is None or abs(t1[k] - t0[k]) < 100:
                continue
            gap = s1[k] - before[k]
            aim = before[k] + FOLLOW * gap
            if abs(s1[k] - s0[k]) < abs(t1[k] - t0[k]) / 3:
                took = None
            elif abs(gap) <= (1 - FOLLOW) * abs(s1[k] - s0[k]):
                took = 1            # already within a third of the move of its level
            else:
                took = next((j - start + 1 for j in range(start, end)
                             if (curve[j][k] - aim) * gap >= 0), None)
            slowest = None if took is None or slowest is None else max(slowest, took)
        out.append((start, was, style, slowest))
    return out


def jobs_for(hands, seed, samples, bot_names=BOTS, baseline_names=BASELINES, game="tandy7",
             only=None):
    """The matches: per baseline the four-seat table (the bots together with it) and each
    bot heads-up; only="four" or "heads-up" keeps that kind alone."""
    jobs = []
    for b in baseline_names:
        if len(bot_names) > 1 and only != "heads-up":   # the bots together with the baseline
            jobs.append((game, tuple(bot_names) + (b,), hands, seed, samples,
                         tuple(range(len(bot_names)))))
        for bot in bot_names if only != "four" else ():
            jobs.append((game, (bot, b), hands, seed, samples, (0,)))
    return jobs


def run(hands=HANDS, seed=SEED, samples=SAMPLES, workers=2, bot_names=BOTS,
        baseline_names=BASELINES, log=None, only=None):
    jobs = [j + (log is not None,) for j in jobs_for(hands, seed, samples, bot_names,
                                                     baseline_names, only=only)]
    results = []
    t = time.time()
    with multiprocessing.Pool(workers) as pool:
        # the four-seat tables take longest: start them first
        for r in pool.imap_unordered(match, sorted(jobs, key=lambda j: -len(j[1]))):
            results.append(r)
            if log:
                log("league: %-34s %5d hands x2 (model on, off) in %4.0f s  [%d of %d, %.0f s]"
                    % (",".join(r["seats"]), r["hands"], r["seconds"], len(results), len(jobs),
                       time.time() - t))
    order = {j[1]: i for i, j in enumerate(jobs)}
    results.sort(key=lambda r: order[tuple(r["seats"])])
    return {"hands": hands, "seed": seed, "samples": samples, "workers": workers,
            "arrange": ARRANGE, "seconds": round(time.time() - t), "matches": results}


def _fmt(x):
    return "%+.1f [%+.1f, %+.1f]" % tuple(x)


def _by_baseline(lg, four):
    """{baseline: {bot: result}} for the heads-up matches, or for the four-seat tables."""
    out = {}
    for m in lg["matches"]:
        if (len(m["seats"]) > 2) != four:
            continue
        row = out.setdefault(m["seats"][-1], {})
        for name in m["seats"][:-1]:
            row[name] = m[name]
    return out


def _in_order(row, key):
    """Whether the bots at one table keep loose > balanced > tight on `key` (those present)."""
    xs = [row[n][key] for n in BOTS if n in row and row[n][key] is not None]
    return all(a > b for a, b in zip(xs, xs[1:]))


def _median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def _column_table(out, table, names, head, key, intro):
    """One figure per bot and baseline, `key` of each result, under `intro`."""
    out.write(intro + ":\n\n")
    out.write("| baseline | %s |\n" % " | ".join("%s: %s" % (head, n) for n in names))
    out.write("|---|%s\n" % ("---:|" * len(names)))
    for base, row in table.items():
        out.write("| %s | %s |\n" % (base, " | ".join(
            _fmt(row[n][key]) if key in row.get(n, {}) else "-" for n in names)))
    out.write("\n")


# Issues 11 and 34's targets for the results: (what, which results it judges - by baseline,
# bot and whether at four seats -, which figure, the least lower bound of its 95% interval
# that meets it, whether the bound itself is still a miss).
TARGETS = (
    ("chips/100 >= 0 against station, maniac, rock, random and bluffer",
     lambda base, bot, four: base in ("station", "maniac", "rock", "random", "bluffer"),
     "with", 0, False),
    ("balanced and tight > 0 against tag",
     lambda base, bot, four: base == "tag" and bot != "loose", "with", 0, True),
    ("loose >= -20 against tag", lambda base, bot, four: base == "tag" and bot == "loose",
     "with", -20, False),
    ("the model earns > 0 against station, maniac, bluffer and shifter",
     lambda base, bot, four: base in ("station", "maniac", "bluffer", "shifter"), "model", 0,
     True),
    ("the model earns >= -5 against every baseline", lambda base, bot, four: True, "model", -5,
     False),
    ("heads-up, chips/100 >= -15 against every baseline", lambda base, bot, four: not four,
     "with", -15, False),
    ("the model earns > 0 against the stealer heads-up",
     lambda base, bot, four: base == "stealer" and not four, "model", 0, True),
    ("at four seats, loose (JOE) >= 0 against tag, stealer and trapper",
     lambda base, bot, four: four and bot == "loose" and base in ("tag", "stealer", "trapper"),
     "with", 0, False),
    ("at four seats, chips/100 >= -15 against every baseline", lambda base, bot, four: four,
     "with", -15, False),
)
WITHIN = 300    # hands the read may take to follow the shifter's change of style


def verdict(lg):
    """[(target, how many results it judged, [the misses, as text])] for the targets
    this league has results for: TARGETS, each result judged by the lower bound of its
    interval; the shifter's curve (every change followed within WITHIN hands); the
    personalities' order at every four-seat table."""
    results = [(four, base, bot, row[bot]) for four in (False, True)
               for base, row in _by_baseline(lg, four).items() for bot in BOTS if bot in row]
    out = []
    for what, judged, key, least, strict in TARGETS:
        mine = [(four, base, bot, r[key]) for four, base, bot, r in results
                if judged(base, bot, four)]
        if not mine:
            continue
        out.append((what, len(mine), [
            "%s %s %s %s" % (bot, "at four seats against" if four else "heads-up against",
                             base, _fmt(x))
            for four, base, bot, x in mine if (x[1] <= least if strict else x[1] < least)]))
    changes = [(name, c) for m in lg["matches"] if len(m["seats"]) == 2
               for name, cs in sorted(m.get("follow", {}).items()) for c in cs]
    if changes:
        out.append(("the read follows the shifter within %d hands" % WITHIN, len(changes),
                    ["%s %s->%s at hand %d: %s" % (name, a, b, at, "never" if h is None else
                                                   "%d hands" % h)
                     for name, (at, a, b, h) in changes if h is None or h > WITHIN]))
    table = _by_baseline(lg, True)
    for key in ("vpip", "aggression") if table else ():
        out.append(("%s in the order loose > balanced > tight at four seats"
                    % ("VPIP" if key == "vpip" else "aggression"), len(table),
                    ["against %s: %s" % (base, ", ".join("%s %.2f" % (n, r[n][key])
                                                          for n in BOTS if n in r))
                     for base, r in table.items() if not _in_order(r, key)]))
    return out


def print_verdict(lg, out):
    judged = verdict(lg)
    met = [v for v in judged if not v[2]]
    out.write("Issues 11 and 34's targets, each result judged by the lower bound of its 95%% "
              "interval: "
              "%d of %d met.\n\n" % (len(met), len(judged)))
    for what, n, misses in judged:
        results = "result" if n == 1 else "results"
        if misses:
            out.write("- **missed**: %s (%d of %d %s): %s\n" % (
                what, len(misses), n, results, "; ".join(misses)))
        else:
            out.write("- met: %s (%d %s)\n" % (what, n, results))
    out.write("\n")


def print_league(lg, out=None):
    """The league as markdown: the verdict, the two tables, the personalities, the
    shifter's curve (on sys.stdout as it is when called: make bench captures it)."""
    out = out or sys.stdout
    out.write("**League** (tools/lab/league.py): %s hands a match on duplicate deals (each deal "
              "played from every seat%s), seed %d, samples=%d, %d s; every result twice, with "
              "and without the model, on the same deals.\n\n"
              % ("{:,}".format(lg["hands"]), "; at four seats in an order round the table of "
                 "its own" if lg.get("arrange") == "orders" else "", lg["seed"], lg["samples"],
                 lg["seconds"]))
    print_verdict(lg, out)
    for four, title in ((False, "Heads-up"), (True, "Four seats (the three bots and the baseline)")):
        table = _by_baseline(lg, four)
        if not table:
            continue
        names = [n for n in BOTS if any(n in r for r in table.values())]
        out.write("%s: chips/100 with the model [95%% interval], and what the model earned "
                  "(with minus without, same deals):\n\n" % title)
        out.write("| baseline | %s | %s |\n" % (" | ".join(names), " | ".join(
            "earned: " + n for n in names)))
        out.write("|---|%s\n" % ("---:|" * (2 * len(names))))
        for base, row in table.items():
            out.write("| %s | %s | %s |\n" % (
                base, " | ".join(_fmt(row[n]["with"]) if n in row else "-" for n in names),
                " | ".join(_fmt(row[n]["model"]) if n in row else "-" for n in names)))
        out.write("\n")
        if four:
            _column_table(out, table, names, "from it", "from_baseline",
                          "Of those chips, what each bot won from the baseline itself, the "
                          "rest being what it won from the other bots (selfplay's won_from: "
                          "each hand's losses shared among its winners by what each won), "
                          "with the model")
        if any("own" in r[n] for r in table.values() for n in r):
            _column_table(out, table, names, "own", "own",
                          "Of what the model earned there, what each bot's own changed "
                          "decisions brought it (tools/lab/model_gain.py: each hand's difference "
                          "is put down to the first decision the model changed; the rest is "
                          "the other bots' changes)")
    table = _by_baseline(lg, True)
    if table:
        out.write("Personalities at four seats, over every baseline: %s.\n\n" % "; ".join(
            "%s VPIP %.2f-%.2f, aggression %s" % (
                n, min(r[n]["vpip"] for r in table.values() if n in r),
                max(r[n]["vpip"] for r in table.values() if n in r),
                "-".join("%.2f" % f([r[n]["aggression"] for r in table.values()
                                     if n in r and r[n]["aggression"] is not None])
                         for f in (min, max)))
            for n in BOTS if any(n in r for r in table.values())))
    curves = [(name, changes) for m in lg["matches"] if len(m["seats"]) == 2
              for name, changes in sorted(m.get("follow", {}).items())]
    if curves:
        out.write("The shifter's curve: hands until the read covers two thirds of the way to "
                  "where it settles in the new style (its mean over the second halves of "
                  "that style's stretches), for each number the shifter really moves by 100 "
                  "per-mille or more; median and slowest over the changes (never: it did not, "
                  "or the read does not tell the styles apart):\n\n")
        for name, changes in curves:
            kinds = {}
            for _at, a, b, h in changes:
                kinds.setdefault("%s->%s" % (a, b), []).append(h)
            out.write("- %s: %s\n" % (name, "; ".join(
                "%s median %s, slowest %s (%d change%s)" % (
                    k, "never" if None in hs else _median(hs),
                    "never" if None in hs else max(hs), len(hs), "" if len(hs) == 1 else "s")
                for k, hs in kinds.items())))
        out.write("\n")


# ---- charts (tools/sim/png.py and the cartridge's own 3x5 font) -----------------------------

_BG = (250, 250, 247)
_INK = (30, 30, 30)
_GRID = (215, 215, 210)
_COLOURS = {"loose": (220, 90, 60), "balanced": (70, 130, 200), "tight": (90, 160, 90)}
_PALE = {k: tuple(c + (255 - c) * 3 // 5 for c in v) for k, v in _COLOURS.items()}


class Canvas:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.px = [bytearray(bytes(_BG) * w) for _ in range(h)]

    def rect(self, x0, y0, x1, y1, colour):
        x0, x1 = sorted((int(x0), int(x1)))
        y0, y1 = sorted((int(y0), int(y1)))
        x0, y0 = max(0, x0), max(0, y0)
        x1, y1 = min(self.w, x1 + 1), min(self.h, y1 + 1)
        if x1 <= x0:
            return
        c = bytes(colour) * (x1 - x0)
        for y in range(y0, y1):
            self.px[y][3 * x0:3 * x1] = c

    def text(self, x, y, s, scale=2, colour=_INK):
        from stud.ui.gfx.fonts import SMALL
        for ch in s.upper():
            i = ord(ch) - 32
            if not 0 <= i < len(SMALL.widths):
                continue
            w = SMALL.widths[i]
            for col in range(w):
                bits = SMALL.data[i * SMALL.stride + col]
                for row in range(SMALL.height):
                    if bits >> row & 1:
                        self.rect(x + col * scale, y + row * scale,
                                  x + (col + 1) * scale - 1, y + (row + 1) * scale - 1, colour)
            x += (max(w, 2) + 1) * scale

    def save(self, path):
        from tools.sim import png
        png.write_rgb(path, self.w, self.h, [bytes(r) for r in self.px])


def chart_league(lg, path):
    """Bars: chips/100 per bot per baseline heads-up, with model (dark) and without
    (pale), the 95% interval as a line."""
    heads = [m for m in lg["matches"] if len(m["seats"]) == 2]
    bases = []
    for m in heads:
        if m["seats"][1] not in bases:
            bases.append(m["seats"][1])
    names = [b for b in BOTS if any(m["seats"][0] == b for m in heads)]
    vals = [x for m in heads for k in ("with", "without") for x in m[m["seats"][0]][k][1:]]
    top, bottom = max(vals + [50]), min(vals + [-50])
    W, H, left, pad = max(760, 120 + 150 * len(bases)), 420, 90, 40
    c = Canvas(W, H)
    y_of = lambda v: pad + (top - v) * (H - 2 * pad - 30) / (top - bottom)  # noqa: E731
    step = 50 if top - bottom < 600 else 100 if top - bottom < 1500 else 250
    v = int(bottom // step) * step
    while v <= top:
        c.rect(left, y_of(v), W - 10, y_of(v), _GRID if v else _INK)
        c.text(8, y_of(v) - 5, "%+d" % v if v else "0")
        v += step
    for bi, base in enumerate(bases):
        x = left + 10 + bi * 150
        c.text(x + 10, H - 30, base)
        for ni, name in enumerate(names):
            m = next((m for m in heads if m["seats"] == [name, base]), None)
            if not m:
                continue
            for k, (kind, colour) in enumerate((("with", _COLOURS[name]), ("without", _PALE[name]))):
                mean, lo, hi = m[name][kind]
                bx = x + ni * 44 + k * 20
                c.rect(bx, y_of(0), bx + 17, y_of(mean), colour)
                c.rect(bx + 8, y_of(lo), bx + 9, y_of(hi), _INK)
    c.text(left, 8, "CHIPS/100 HEADS-UP, %d HANDS, 95%% INTERVALS (PALE: MODEL OFF)" % lg["hands"])
    x = left
    for name in names:
        c.rect(x, 24, x + 10, 34, _COLOURS[name])
        c.text(x + 16, 24, name)
        x += 130
    c.save(path)


def chart_curves(lg, path):
    """The shifter's curve: each bot's read of how often it enters (per-mille) and how
    aggressive it is, hand by hand, the style changes as vertical lines."""
    heads = [m for m in lg["matches"] if len(m["seats"]) == 2 and "curves" in m]
    if not heads:
        return False
    n = len(heads[0]["styles"])
    W, H, left, pad = 900, 260 * 2, 60, 30
    c = Canvas(W, H)
    for panel, (k, label) in enumerate(((0, "READ: ENTERS (PER-MILLE)"),
                                        (1, "READ: BETS+RAISES SHARE (PER-MILLE)"))):
        y0 = panel * 260 + pad
        ph = 260 - 2 * pad
        c.text(left, y0 - 22, label)
        for v in (0, 500, 1000):
            y = y0 + ph - v * ph // 1000
            c.rect(left, y, W - 10, y, _GRID)
            c.text(8, y - 5, str(v))
        styles = heads[0]["styles"]
        for i in range(1, n):
            if styles[i] != styles[i - 1]:
                x = left + i * (W - left - 10) // n
                c.rect(x, y0, x, y0 + ph, _INK)
                c.text(x + 4, y0 + 2, styles[i], scale=1)
        if not panel:
            x = W - 400
            for m in heads:
                name = m["seats"][0]
                c.rect(x, y0 - 22, x + 10, y0 - 12, _COLOURS[name])
                c.text(x + 16, y0 - 22, name)
                x += 130
        for m in heads:
            name = m["seats"][0]
            curve = m["curves"][name]
            for i, r in enumerate(curve):
                x = left + i * (W - left - 10) // n
                y = y0 + ph - max(0, min(1000, r[k])) * ph // 1000
                c.rect(x, y, x + 1, y + 1, _COLOURS[name])
    c.save(path)
    return True


def slim(lg):
    """The league without the hand-by-hand curves (for JSON)."""
    return dict(lg, matches=[{k: v for k, v in m.items() if k not in ("curves", "styles")}
                             for m in lg["matches"]])


def charts(lg, directory):
    os.makedirs(directory, exist_ok=True)
    chart_league(lg, os.path.join(directory, "league.png"))
    chart_curves(lg, os.path.join(directory, "shifter.png"))


def main(argv=None):
    global ARRANGE
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=HANDS)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--samples", type=int, default=SAMPLES)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--bots", default=",".join(BOTS))
    ap.add_argument("--baselines", default=",".join(BASELINES))
    ap.add_argument("--deal", choices=("seat", "turn"), default="seat",
                    help="stud: deal each seat from its own places in the deck (the default) "
                    "or in turn from the top (the deal of the figures before common random "
                    "numbers)")
    ap.add_argument("--arrange", choices=("orders", "rotate"), default=ARRANGE,
                    help="four seats: each deal's rotations in an order of the seats of its "
                    "own (the default), or always in the order the bots are named, the "
                    "baseline last (the figures before issue 34's second stop)")
    ap.add_argument("--only", choices=("four", "heads-up"), default=None,
                    help="play only the four-seat tables, or only the heads-up matches")
    ap.add_argument("--png", default=None, help="directory for league.png and shifter.png")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    names = [b for b in args.bots.split(",") if b]
    bases = [b for b in args.baselines.split(",") if b]
    for b in names:
        if b not in BOTS:
            sys.stderr.write("league: unknown bot '%s'\n" % b)
            return 2
    for b in bases:
        if b not in baselines.POLICIES and b not in baselines.FACTORIES:
            sys.stderr.write("league: unknown baseline '%s'\n" % b)
            return 2

    def log(msg):
        sys.stderr.write(msg + "\n")
        sys.stderr.flush()
    selfplay.SEAT_DEAL = args.deal == "seat"     # before the workers fork
    ARRANGE = args.arrange
    lg = run(args.hands, args.seed, args.samples, args.workers, names, bases, log, args.only)
    if args.png:
        charts(lg, args.png)
    if args.json:
        print(json.dumps(slim(lg), indent=1))
    else:
        print_league(lg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
