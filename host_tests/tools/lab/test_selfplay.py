"""The opponents measured by self-play: personalities, strength and learning.

The matches are played once, in two worker processes, and shared by the tests.  Bots
use 40 Monte Carlo samples a decision here (120 on the device).  Sizes are what keeps
each claim significant at its size, not more: the 20,000-hand matches, the strength
figures the README quotes, are `make bench` (tools/bench/run.py).

  personalities  the 4-seat table, FOUR_HANDS hands: VPIP and aggression gaps of 0.1 to
                 0.4 asserted where 2,000 hands measure VPIP to about +-0.01
  strength       heads-up, BASE_DEALS deals each played twice with the seats swapped
                 (duplicate deals, fixed seed): the bot's 95% interval over the pairs
                 (ci95_dup) must lie above zero.  At this size the lowest lower bound
                 is about +58 chips/100 (stud5 against rock), every mean at least
                 four standard errors above zero, so a bot that stopped beating a
                 baseline fails, and the seeds are fixed, so nothing is left to luck.
  learning       against a station: the same 1,000 deals twice, four seeds, the second
                 half better; against a maniac: the same deals with and without the
                 model (tools/lab/league.py), the model's gain above what it was before the
                 bots raised a shown bluffer back; the thresholds
                 each read moves, after 1,000 hands (two seeds against the maniac)
  no pushover    heads-up against tools/lab/baselines.py's tight-aggressive player and the
                 scare-card bluffer, DEALS deals played twice (the narrower margins
                 get twice the size): before issue 11 the loose bot lost
                 220 chips/100 to `tag` here (interval -312 to -128), folded to 5% of
                 the bets it faced and raised 69% of them; now +60 (+8 to +113), 26%
                 and 37%.  The tests fail if it goes back.
"""
import json
import random
import subprocess
from multiprocessing import Pool

import pytest

from tools.lab import league
from tools.lab import selfplay
from paths import tool
from stud.play import bots

FOUR_HANDS = 2000
DEALS = 999               # odd: the second pass deals each hand with the seats swapped
BASE_DEALS = 499          # against station, maniac, rock and random: wide margins, half the size
SEED = 20261130
SAMPLES = 40
TABLES = {
    "four": ("loose", "balanced", "tight", "simple"),
    "balanced-station": ("balanced", "station"),
    "balanced-maniac": ("balanced", "maniac"),
    "balanced-rock": ("balanced", "rock"),
    "balanced-random": ("balanced", "random"),
    "loose-random": ("loose", "random"),
    "loose-station": ("loose", "station"),
    "tight-random": ("tight", "random"),
    "tight-station": ("tight", "station"),
    "loose-tag": ("loose", "tag"),
    "balanced-tag": ("balanced", "tag"),
    "tight-tag": ("tight", "tag"),
    "loose-bluffer": ("loose", "bluffer"),
    "loose-trapper": ("loose", "trapper"),
    "balanced-trapper": ("balanced", "trapper"),
    "tight-trapper": ("tight", "trapper"),
    "four-stealer": ("loose", "balanced", "tight", "stealer"),
}
OTHER_GAMES = ("casino7", "stud5", "draw5")
BASELINES = ("station", "maniac", "rock", "random")
ADAPT_SEEDS = (1, 2, 3, 4)
ADAPT_HANDS = 1000  # hands 1-1,000 and then 1,001-2,000 over the same deals


def _match(name):
    game, _, table = name.rpartition(":")
    seats = list(TABLES[table]) if table in TABLES else table.split("-")
    if len(seats) > 2:
        summary, _ = selfplay.play(game or "tandy7", FOUR_HANDS, SEED, seats, samples=SAMPLES)
    else:
        deals = _deals(seats)
        summary, _ = selfplay.play(game or "tandy7", 2 * deals, SEED, seats, samples=SAMPLES,
                                   period=deals)
    return name, summary


def _deals(seats):
    return DEALS if seats[1] in ("tag", "bluffer", "trapper") else BASE_DEALS


def _adapt(job):
    """Against a station the same deals twice, the second time with the model the first
    left; against a maniac one pass, whose model the threshold test reads."""
    profile, baseline, seed = job
    seats = [profile, baseline]
    first, models = selfplay.play("tandy7", ADAPT_HANDS, seed, seats, samples=SAMPLES,
                                  period=ADAPT_HANDS)
    if baseline != "station":
        return job, first[profile]["chips_per_100"], None, bytes(models[0])
    second, _ = selfplay.play("tandy7", ADAPT_HANDS, seed, seats, samples=SAMPLES,
                              models=models, period=ADAPT_HANDS)
    return job, first[profile]["chips_per_100"], second[profile]["chips_per_100"], bytes(models[0])


@pytest.fixture(scope="module")
def runs():
    jobs = [(p, "station", s) for p in ("loose", "balanced", "tight") for s in ADAPT_SEEDS]
    jobs += [(p, "maniac", s) for p in ("loose", "balanced", "tight") for s in ADAPT_SEEDS[:2]]
    with Pool(2) as pool:
        adapt = pool.map_async(_adapt, jobs)
        earned = pool.map_async(league.match, [
            ("tandy7", (p, b), 2 * deals, SEED, SAMPLES, (0,))
            for b, deals in (("maniac", BASE_DEALS), ("stealer", DEALS))
            for p in ("loose", "balanced", "tight")])
        names = sorted(TABLES) + ["%s:balanced-%s" % (g, b) for g in OTHER_GAMES for b in BASELINES]
        matches = dict(pool.map(_match, names))
        return matches, adapt.get(), dict((tuple(m["seats"]), m) for m in earned.get())


def _show(summary):
    for k, v in summary.items():
        print("%-9s %9.1f chips/100 %s VPIP %.2f aggression %s" % (
            k, v["chips_per_100"], v.get("ci95_dup", v["ci95"]), v["vpip"], v["aggression"]))


def test_personalities_show_in_vpip_and_aggression(runs):
    four = runs[0]["four"]
    _show(four)
    loose, balanced, tight = four["loose"], four["balanced"], four["tight"]
    assert loose["vpip"] > balanced["vpip"] + 0.1 > tight["vpip"] + 0.2
    assert loose["aggression"] > balanced["aggression"] + 0.2 > tight["aggression"] + 0.4


@pytest.mark.parametrize("name", ["balanced-station", "balanced-maniac", "balanced-rock",
                                  "balanced-random", "loose-random", "loose-station",
                                  "tight-random", "tight-station"])
def test_the_bots_beat_the_baselines_on_duplicate_deals_with_the_95_percent_interval_above_zero(
        runs, name):
    summary = runs[0][name]
    _show(summary)
    bot = TABLES[name][0]
    assert summary[bot]["hands"] == 2 * BASE_DEALS
    assert summary[bot]["ci95_dup"][0] > 0


@pytest.mark.parametrize("game", OTHER_GAMES)
@pytest.mark.parametrize("baseline", BASELINES)
def test_the_balanced_opponent_beats_every_baseline_in_every_game(runs, game, baseline):
    summary = runs[0]["%s:balanced-%s" % (game, baseline)]
    _show(summary)
    assert summary["balanced"]["hands"] == 2 * BASE_DEALS
    assert summary["balanced"]["ci95_dup"][0] > 0


@pytest.mark.parametrize("baseline,margin", [("station", 10)])
@pytest.mark.parametrize("profile", ["loose", "balanced", "tight"])
def test_each_opponent_does_better_in_hands_1001_to_2000_than_in_the_first_1000(
        runs, profile, baseline, margin):
    """Same deals in both halves (common random numbers), averaged over four seeded runs:
    only what the bot learned about the baseline differs between the halves."""
    rows = [r for r in runs[1] if r[0][0] == profile and r[0][1] == baseline]
    first = sum(r[1] for r in rows) / len(rows)
    second = sum(r[2] for r in rows) / len(rows)
    print("%s vs %s: %.1f then %.1f chips/100" % (profile, baseline, first, second))
    assert second - first > margin


@pytest.mark.parametrize("profile,least", [("loose", 1000), ("balanced", 1000), ("tight", 300)])
def test_the_model_of_a_maniac_pays_on_the_same_deals(runs, profile, least):
    """With the model minus without it, deal by deal (tools/lab/league.py): the read is firm
    within a few hundred hands, so the gain shows over the whole match, not in its halves.
    Its raises, shown to be bluffs, are raised back: before the bots did that the gain's
    95% interval here reached only 667 (loose), 507 (balanced) and 232 (tight) chips/100;
    since, its lower bound is 2,690, 1,682 and 361."""
    r = runs[2][(profile, "maniac")][profile]
    print("%s vs maniac: %s with the model, %s without, earned %s" % (
        profile, r["with"], r["without"], r["model"]))
    assert r["model"][1] > least


@pytest.mark.parametrize("profile", ["loose", "balanced", "tight"])
def test_the_thresholds_moved_the_way_the_baseline_invites(runs, profile):
    fresh = bots.thresholds(profile, bots.new_model())
    for job, _, _, model in runs[1]:
        if job[0] != profile:
            continue
        learned = bots.thresholds(profile, bytearray(model))
        if job[1] == "station":
            assert "station" in league.read(bytearray(model))
            assert learned["bluff"] < fresh["bluff"] and learned["value"] < fresh["value"]
        else:
            assert "maniac" in league.read(bytearray(model))
            assert bots.doubts(bytearray(model))[2] > 0 and learned["bluff"] < fresh["bluff"]


# ---- the command line ---------------------------------------------------------------

TOOL = tool("lab.selfplay")


def test_selfplay_json_has_the_keys_per_seat():
    done = subprocess.run(TOOL + ["--game", "tandy7", "--hands", "40", "--seed",
                           "3", "--seats", "balanced,loose,tight,station", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert sorted(out) == ["balanced", "loose", "station", "tight"]
    for seat in out.values():
        for key in ("chips_per_100", "ci95", "vpip", "aggression"):
            assert key in seat
    assert abs(sum(s["chips_per_100"] for s in out.values())) < 1  # chips are conserved
    assert "40 / 40 hands" in done.stderr  # progress
    for name, seat in out.items():     # what a seat won from each other seat adds up to its chips
        assert sorted(seat["won_from"]) == sorted(set(out) - {name})
        assert abs(sum(f[0] for f in seat["won_from"].values()) - seat["chips_per_100"]) < 0.2
        for other, f in seat["won_from"].items():
            assert f[0] == -out[other]["won_from"][name][0] and f[1] <= f[0] <= f[2]
    assert any(f[0] for seat in out.values() for f in seat["won_from"].values())


def test_a_losers_chips_go_to_the_winners_by_what_each_won():
    net = [-12, 9, 3, 0]     # seat 0 lost 12: 9 of them to seat 1, 3 to seat 2
    flows = [[selfplay._flow(net, a, b, 12) for b in range(4)] for a in range(4)]
    assert flows[1][0] == 9 and flows[2][0] == 3 and flows[0][1] == -9 and flows[0][2] == -3
    assert flows[1][2] == flows[3][0] == flows[0][3] == 0
    assert selfplay._flow([0, 0], 0, 1, 0) == 0


def _played(game, deck, fold_first):
    """A four-seat hand on `deck`: everyone calls or checks; or (fold_first) the first
    player facing a bet folds (a bet is made for him if none is); each seat's cards."""
    hand = selfplay.dealt_hand(game, [500] * 4, random.Random(deck), None, 0)
    while hand.to_act is not None:
        legal = hand.legal()
        if fold_first and "fold" in legal:
            word, fold_first = "fold", False
        elif fold_first and "bet" in legal:     # stud5 opens with no forced chip
            word = "bet"
        else:
            word = next((w for w in ("check", "call", "bringin", "show") if w in legal),
                        legal[0])
        hand.act(word)
    return [(bytes(hand.down[s]), bytes(hand.up[s])) for s in range(4)]


@pytest.mark.parametrize("game", ["tandy7", "stud5"])
def test_in_stud_a_fold_moves_no_other_seats_cards(game):
    """Common random numbers for the model's two runs (tools/lab/league.py): each seat
    is dealt from its own places in the deck, so a changed fold leaves the cards of the
    players after it as they were; the cards are still distinct, from one shuffled deck."""
    moved = 0
    for deck in range(40):
        calls = _played(game, deck, False)
        folds = _played(game, deck, True)
        every = b"".join(down + up for down, up in calls)
        assert len(set(every)) == len(every)
        for seat in range(4):
            if folds[seat] == calls[seat]:
                continue
            moved += 1      # the folded seat's own cards: fewer of the same
            assert all(c.startswith(f) for c, f in zip(calls[seat], folds[seat]))
    assert moved == 40       # one seat folded in each


def test_each_decision_draws_from_its_own_stream():
    r = selfplay.decision_rng
    a = r(1, 5, 2, 3, 0).getrandbits(64)
    assert a == r(1, 5, 2, 3, 0).getrandbits(64)
    others = {r(*args).getrandbits(64) for args in
              [(2, 5, 2, 3, 0), (1, 6, 2, 3, 0), (1, 5, 3, 3, 0), (1, 5, 2, 4, 0), (1, 5, 2, 3, 1)]}
    assert a not in others and len(others) == 5


def _after(seating, a, b):
    """Whether entry b sits next after entry a round the table (acts after him)."""
    n = len(seating)
    return seating[(seating.index(a) + 1) % n] == b


def test_each_deal_is_played_by_every_entry_from_every_seat_whatever_the_order():
    """Duplicate deals at four seats (tools/lab/league.py): deal k's four passes give
    each entry each seat's cards once, in "orders" too, where the order round the
    table changes from deal to deal so that over six deals every entry sits right after
    every other entry equally often; "every" plays a deal in all 24 seatings."""
    period = 4997
    for arrange in ("rotate", "orders"):
        for k in range(12):
            passes = [selfplay.seating(k + j * period, 4, period, arrange) for j in range(4)]
            for e in range(4):
                assert sorted(p.index(e) for p in passes) == [0, 1, 2, 3]
    after = [[sum(_after(selfplay.seating(k, 4, period, "orders"), a, b) for k in range(6))
              for b in range(4) if b != a] for a in range(4)]
    assert after == [[2, 2, 2]] * 4
    assert {tuple(selfplay.seating(k, 4, period, "rotate")) for k in range(12)} == set(
        selfplay.arrangements(4)[:4])
    every = {tuple(selfplay.seating(5 + j * 833, 4, 833, "every")) for j in range(24)}
    assert len(every) == 24 == len(set(selfplay.arrangements(4)))


def test_heads_up_every_arrangement_is_the_rotation():
    for arrange in selfplay.ARRANGE:
        assert all(selfplay.seating(i, 2, 999, arrange) == selfplay.seating(i, 2)
                   for i in range(2 * 999))


@pytest.mark.parametrize("args,message", [
    (["--seats", "balanced,bob"], "unknown seat 'bob'"),
    (["--seats", "balanced"], "2 to 4 players"),
    (["--game", "holdem"], "unknown game"),
])
def test_selfplay_refuses_bad_command_lines_clearly(args, message):
    done = subprocess.run(TOOL + ["--hands", "10"] + args,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and message in done.stderr


# ---- no pushover (issue 11) ---------------------------------------------------------

def test_the_loose_bot_no_longer_pays_the_tight_aggressive_player(runs):
    """Before: -220 chips/100, interval -312 to -128; the target is -20 or better."""
    loose = runs[0]["loose-tag"]["loose"]
    _show(runs[0]["loose-tag"])
    assert loose["ci95_dup"][1] > 0 and loose["chips_per_100"] > -40


def test_facing_a_bet_the_loose_bot_folds_its_hopeless_hands_and_rarely_reraises(runs):
    """Before: folded to 5% of the bets it faced and raised 69% of them."""
    loose = runs[0]["loose-tag"]["loose"]
    assert loose["fold_to_bet"] >= 0.08 and loose["raise_to_bet"] <= 0.5


@pytest.mark.parametrize("profile", ["balanced", "tight"])
def test_balanced_and_tight_hold_their_own_against_the_tight_aggressive_player(runs, profile):
    summary = runs[0]["%s-tag" % profile]
    _show(summary)
    assert summary[profile]["ci95_dup"][1] > 0


def test_the_loose_bot_beats_the_scare_card_bluffer(runs):
    summary = runs[0]["loose-bluffer"]
    _show(summary)
    assert summary["loose"]["ci95_dup"][0] > 0


def test_the_personalities_still_show_in_how_they_answer_a_bet(runs):
    four = runs[0]["four"]
    assert four["loose"]["fold_to_bet"] < four["balanced"]["fold_to_bet"] < four["tight"]["fold_to_bet"]
    assert four["loose"]["raise_to_bet"] > four["balanced"]["raise_to_bet"] > four["tight"]["raise_to_bet"]


# ---- the antes defended (issue 34) --------------------------------------------------

@pytest.mark.parametrize("profile", ["loose", "balanced", "tight"])
def test_a_player_who_raises_every_unopened_3rd_street_does_not_beat_the_bots_heads_up(
        runs, profile):
    """The stealer (tools/lab/baselines.py) on DEALS deals played twice, with the model.
    Before issue 34 a bot answered the raise with a fair share plus its entry margin, not
    the price: here tight lost 29 chips/100 to it (-65 to +6), and about 37 over four
    seeds; the target is -15 or better."""
    r = runs[2][(profile, "stealer")][profile]
    print("%s vs stealer: %s with the model, %s without, earned %s" % (
        profile, r["with"], r["without"], r["model"]))
    assert r["with"][0] >= -15 and r["with"][2] > 0


def test_the_model_of_the_stealer_pays_over_the_three_bots(runs):
    """Its read of the steals (a raise that says nothing, a 4th street given up) is the
    model's part: what it earned, summed over the three bots on the same deals.  Before
    the read the model earned +3, -3 and -4 chips/100 (four seeds of 2,000 hands)."""
    gains = [runs[2][(p, "stealer")][p]["model"] for p in ("loose", "balanced", "tight")]
    print("the model against the stealer: %s" % gains)
    assert sum(g[0] for g in gains) > 10


@pytest.mark.parametrize("profile", ["loose", "balanced", "tight"])
def test_the_trapper_does_not_beat_the_bots_heads_up(runs, profile):
    summary = runs[0]["%s-trapper" % profile]
    _show(summary)
    assert summary[profile]["ci95_dup"][0] >= -15


def test_at_four_seats_the_stealer_beats_no_bot_significantly(runs):
    """2,000 hands at four seats measure a bot to about +-110 chips/100 (the table is not
    played on duplicate deals): this catches a bot that pays the stealer heavily, not
    issue 34's target there (JOE >= 0, no bot below -15: make bench's league)."""
    four = runs[0]["four-stealer"]
    _show(four)
    assert all(four[p]["ci95"][1] > 0 for p in ("loose", "balanced", "tight"))
