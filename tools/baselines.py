"""Baseline opponents for measuring the real bots; host-only, never on the device.

Every policy has the bots' shape: policy(view, rng) -> a word from view.legal,
seeing only a stud.play.view.SeatView.

  simple   a simple, fixed rule kept as a yardstick (decide(), below)
  station  calls every bet, never bets or folds: the calling station
  maniac   raises whenever it may, else bets, else calls
  rock     plays only strong starts (a pair of tens or better, or three of a kind
           in the first three cards), then calls down; raises with three of a kind or better
  random   any legal word, uniformly

In draw5 the simple player and the rock keep their pairs (or their two highest
cards) and draw to them; the station and the maniac stand pat; random discards
at random.

The simple player sees only its own cards (down and up together) and the legal
words - decide(legal, my_cards) -> one of `legal` - never another player's
hidden cards: the signature leaves no way to pass them in.

The simple rule:
  1. Continue with a pair or better among its own cards, three cards of one
     suit (three to a flush), or three distinct ranks within a five-rank
     window, the ace counting high and low (three to a straight, loosely).
  2. Otherwise give up: PASS (fold) when facing a bet, CHECK when it is free.
  3. When continuing: CALL a bet; when free, BET only with two pair or better
     (three of a kind, a straight, a flush, ... count too), else CHECK.
     With five or more cards "two pair or better" is stud.core.evaluator's value;
     with fewer it is two pairs or three or four of a kind among them.
  4. Never RAISE.
"""
import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(_ROOT, "firmware") not in sys.path:
    sys.path.insert(0, os.path.join(_ROOT, "firmware"))

from stud.core.actions import (FOLD, CHECK, CALL, BET, RAISE, COMPLETE, DRAW,  # noqa: E402
                               draw_word)
from stud.core.cards import randbelow  # noqa: E402
from stud.core.evaluator import evaluate, hand_class, TWO_PAIR, TRIPS  # noqa: E402

_WINDOW = 0x1F  # five consecutive ranks


# ---- the simple rule ---------------------------------------------------------------------

def decide(legal, my_cards, wheel=True):
    """The baseline's word for a seat holding `my_cards` (card ints, down and up).

    `legal` is the engine's list of legal words; the answer is always one of them.
    wheel=False (draw5) stops the ace counting low in a straight window.
    """
    if not legal:
        raise ValueError("no legal action to choose from")
    facing = CHECK not in legal
    if not worth_playing(my_cards, wheel):
        return _first(legal, (FOLD,) if facing else (CHECK,))
    if facing:
        return _first(legal, (CALL, FOLD))
    if BET in legal and two_pair_or_better(my_cards, wheel):
        return BET
    return _first(legal, (CHECK,))


def worth_playing(my_cards, wheel=True):
    """A pair or better, three to a flush, or three ranks within a five-rank window."""
    counts = _rank_counts(my_cards)
    if max(counts) >= 2:
        return True
    suits = [0, 0, 0, 0]
    for c in my_cards:
        suits[c & 3] += 1
    if max(suits) >= 3:
        return True
    # Bit r + 1 for rank r (2..A); bit 0 is the ace again, playing low.
    mask = 0
    for r in range(13):
        if counts[r]:
            mask |= 2 << r
    if wheel and counts[12]:
        mask |= 1
    for low in range(10):
        if _popcount((mask >> low) & _WINDOW) >= 3:
            return True
    return False


def two_pair_or_better(my_cards, wheel=True):
    if len(my_cards) >= 5:
        return hand_class(evaluate(my_cards, wheel)) >= TWO_PAIR
    counts = _rank_counts(my_cards)
    return max(counts) >= 3 or len([n for n in counts if n >= 2]) >= 2


def _rank_counts(my_cards):
    counts = [0] * 13
    for c in my_cards:
        counts[c >> 2] += 1
    return counts


def _popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


def _first(legal, wanted):
    """The first of `wanted` that is legal; else the most passive legal word."""
    for word in wanted:
        if word in legal:
            return word
    return legal[0]


# ---- the policies -------------------------------------------------------------------------

def _keep_pairs(view):
    """draw: keep pairs (or the two highest cards) and replace up to three others."""
    ranks = [c >> 2 for c in view.down]
    paired = [i for i in range(5) if ranks.count(ranks[i]) > 1]
    keep = paired or sorted(range(5), key=lambda i: -ranks[i])[:2]
    out = [i for i in range(5) if i not in keep][:3]
    return draw_word(out)


def simple(view, rng):
    if view.legal == [DRAW]:
        return _keep_pairs(view)
    return decide(view.legal, view.my_cards(), view.wheel)


def station(view, rng):
    return _first(view.legal, (CALL, CHECK))


def maniac(view, rng):
    return _first(view.legal, (RAISE, BET, COMPLETE, CALL, CHECK))


def _strong_start(cards):
    counts = [0] * 13
    for c in cards[:3]:
        counts[c >> 2] += 1
    if max(counts) == 3:
        return True
    return any(counts[r] == 2 for r in range(8, 13))  # tens or better


def rock(view, rng):
    if view.legal == [DRAW]:
        return _keep_pairs(view)
    mine = view.my_cards()
    if not _strong_start(mine):
        return _first(view.legal, (CHECK, FOLD))
    strong = len(mine) >= 5 and hand_class(evaluate(mine, view.wheel)) >= TRIPS
    if strong:
        return _first(view.legal, (RAISE, BET, CALL, CHECK))
    return _first(view.legal, (CALL, CHECK))


def random_legal(view, rng):
    word = view.legal[randbelow(rng, len(view.legal))]
    if word == DRAW:
        return draw_word([i for i in range(5) if randbelow(rng, 3) == 0][:3])
    return word


POLICIES = {"simple": simple, "station": station, "maniac": maniac, "rock": rock,
            "random": random_legal}
