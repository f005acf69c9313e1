"""Baseline opponents for measuring the real bots; host-only, never on the device.

Every policy has the bots' shape: policy(view, rng) -> a word from view.legal,
seeing only a stud.play.view.SeatView.

  simple   the plain-text game's rule (tools/baseline.py)
  station  calls every bet, never bets or folds: the calling station
  maniac   raises whenever it may, else bets, else calls
  rock     plays only strong starts (a pair of tens or better, or three of a kind
           in the first three cards), then calls down; raises with three of a kind or better
  random   any legal word, uniformly

In draw5 the simple player and the rock keep their pairs (or their two highest
cards) and draw to them; the station and the maniac stand pat; random discards
at random.
"""
import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(_ROOT, "firmware") not in sys.path:
    sys.path.insert(0, os.path.join(_ROOT, "firmware"))

import baseline  # noqa: E402
from stud.core.cards import randbelow  # noqa: E402
from stud.core.evaluator import evaluate, hand_class, TRIPS  # noqa: E402


def _first(legal, wanted):
    for word in wanted:
        if word in legal:
            return word
    return legal[0]


def _keep_pairs(view):
    """draw: keep pairs (or the two highest cards) and replace up to three others."""
    ranks = [c >> 2 for c in view.down]
    paired = [i for i in range(5) if ranks.count(ranks[i]) > 1]
    keep = paired or sorted(range(5), key=lambda i: -ranks[i])[:2]
    out = [i for i in range(5) if i not in keep][:3]
    return "draw:" + ",".join([str(i) for i in out])


def simple(view, rng):
    if view.legal == ["draw"]:
        return _keep_pairs(view)
    return baseline.decide(view.legal, view.my_cards(), view.wheel)


def station(view, rng):
    return _first(view.legal, ("call", "check"))


def maniac(view, rng):
    return _first(view.legal, ("raise", "bet", "complete", "call", "check"))


def _strong_start(cards):
    counts = [0] * 13
    for c in cards[:3]:
        counts[c >> 2] += 1
    if max(counts) == 3:
        return True
    return any(counts[r] == 2 for r in range(8, 13))  # tens or better


def rock(view, rng):
    if view.legal == ["draw"]:
        return _keep_pairs(view)
    mine = view.my_cards()
    if not _strong_start(mine):
        return _first(view.legal, ("check", "fold"))
    strong = len(mine) >= 5 and hand_class(evaluate(mine, view.wheel)) >= TRIPS
    if strong:
        return _first(view.legal, ("raise", "bet", "call", "check"))
    return _first(view.legal, ("call", "check"))


def random_legal(view, rng):
    word = view.legal[randbelow(rng, len(view.legal))]
    if word == "draw":
        return "draw:" + ",".join([str(i) for i in range(5) if randbelow(rng, 3) == 0][:3])
    return word


POLICIES = {"simple": simple, "station": station, "maniac": maniac, "rock": rock,
            "random": random_legal}
