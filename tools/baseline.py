"""The baseline policy: a simple, fixed rule kept as a yardstick for the real bots.

It sees only what its seat may know - its own cards (down and up together)
and the legal action words - and never another player's hidden cards; the
signature leaves no way to pass them in.

The rule:
  1. Continue with a pair or better among its own cards, three cards of one
     suit (three to a flush), or three distinct ranks within a five-rank
     window, the ace counting high and low (three to a straight, loosely).
  2. Otherwise give up: PASS (fold) when facing a bet, CHECK when it is free.
  3. When continuing: CALL a bet; when free, BET only with two pair or better
     (three of a kind, a straight, a flush, ... count too), else CHECK.
     With five or more cards "two pair or better" is stud.core.evaluator's value;
     with fewer it is two pairs or three or four of a kind among them.
  4. Never RAISE.

    decide(legal, my_cards) -> one of `legal`
"""
import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(_ROOT, "firmware") not in sys.path:
    sys.path.insert(0, os.path.join(_ROOT, "firmware"))

from stud.core.evaluator import evaluate, hand_class, TWO_PAIR  # noqa: E402

FOLD, CHECK, CALL, BET = "fold", "check", "call", "bet"
_WINDOW = 0x1F  # five consecutive ranks


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
