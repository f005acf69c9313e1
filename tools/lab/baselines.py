"""Baseline opponents for measuring the real bots; host-only, never on the device.

Every policy has the bots' shape: policy(view, rng) -> a word from view.legal,
seeing only a stud.play.view.SeatView.

  simple   a simple, fixed rule kept as a yardstick (decide(), below)
  station  calls every bet, never bets or folds: the calling station
  maniac   raises whenever it may, else bets, else calls
  rock     plays only strong starts (a pair of tens or better, or three of a kind
           in the first three cards), then calls down; raises with three of a kind or better
  random   any legal word, uniformly
  tag      tight-aggressive: standard 3rd-street starting hands (trips, a big pair,
           a small pair with an ace or king, three live suited or connected high
           cards), then Monte Carlo equity from the visible cards: bets and raises
           for value, calls by pot odds, folds the rest
  bluffer  scare-card aggression: bets and raises whenever its up cards look strong
           (a pair, three to a flush or a straight showing, an ace or king up early),
           else plays its real hand: calls with a pair or better, folds the rest
  stealer  raises every unopened 3rd street with any three cards (when it is not the
           bring-in, heads-up every other hand), answers a re-raise as tag does, then plays
           later streets solidly and never bluffs: tag's equity play, so without a hand it
           checks and folds (gives up)
  trapper  slow-plays big hands: calls with tag's raising starts on 3rd street, checks
           and calls strength on 4th, then check-raises (or raises a bet) from 5th street
           on and bets the last round when checked to; tag's play otherwise
  shifter  plays like the rock for SHIFT hands, then like the maniac, then like the
           station, and round again (Shifter(); selfplay tells it the hand number)

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
from stud.core.actions import (FOLD, CHECK, CALL, BET, RAISE, COMPLETE, DRAW,
                               draw_word)
from stud.core.cards import randbelow
from stud.core.evaluator import evaluate, hand_class, TWO_PAIR, TRIPS

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
        if bin((mask >> low) & _WINDOW).count("1") >= 3:
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


def first_dealt(view, k=3):
    """A stud seat's first k cards in the order they were dealt (the game's streets:
    down, then up, on 3rd street in seven-card stud), not my_cards()' down cards first,
    where a down card dealt last (7th street) takes the place of the door card."""
    from stud.core.games import game
    down, up = list(view.down), list(view.up[view.seat])
    out = []
    for pattern in game(view.game)["streets"]:
        for kind in pattern:
            source = down if kind == "d" else up
            if len(out) < k and source:
                out.append(source.pop(0))
    return out


def rock(view, rng):
    if view.legal == [DRAW]:
        return _keep_pairs(view)
    mine = view.my_cards()
    if not _strong_start(mine if view.draw_game else first_dealt(view)):
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


# ---- tight-aggressive ---------------------------------------------------------------------

TAG_SAMPLES = 48


def _live(view, cards):
    """How many of `cards`' ranks and suits are still live: (dead cards of my ranks,
    dead cards of my most common suit), counting every up card of the others."""
    dead = view.dead_cards()
    ranks = set(c >> 2 for c in cards)
    suits = [0, 0, 0, 0]
    for c in cards:
        suits[c & 3] += 1
    suit = suits.index(max(suits))
    return (len([c for c in dead if c >> 2 in ranks]), len([c for c in dead if c & 3 == suit]))


def tag_start(view):
    """3rd street: 'raise' (trips, a pair of tens or better), 'call' (a smaller live pair
    with an ace or king, three live suited cards, three connected cards nine-high or better
    and live), or None (fold)."""
    mine = view.my_cards()
    counts = _rank_counts(mine)
    if max(counts) == 3:
        return "raise"
    pair = [r for r in range(13) if counts[r] == 2]
    dead_ranks, dead_suit = _live(view, mine)
    if pair:
        if pair[0] >= 8:
            return "raise"
        kicker = max(c >> 2 for c in mine if c >> 2 != pair[0])
        return "call" if kicker >= 11 and dead_ranks <= 1 else None
    suits = [0, 0, 0, 0]
    for c in mine:
        suits[c & 3] += 1
    if max(suits) == 3 and dead_suit <= 2:
        return "call"
    ranks = sorted(c >> 2 for c in mine)
    if ranks[2] - ranks[0] == 2 and ranks[2] >= 7 and dead_ranks <= 2:
        return "call"
    return None


def _no_choice(view):
    """What tag, the stealer and the trapper do when there is nothing to decide: draw5's
    draw keeps pairs, a single legal word is taken, a casino showdown is shown."""
    legal = view.legal
    if legal == [DRAW]:
        return _keep_pairs(view)
    if len(legal) == 1:
        return legal[0]
    if "show" in legal:
        return "show"
    return None


def tag(view, rng):
    legal = view.legal
    forced = _no_choice(view)
    if forced is not None:
        return forced
    mine = view.my_cards()
    if view.street == 0 and not view.draw_game and len(mine) == 3:
        start = tag_start(view)
        if start == "raise" and view.raises < 2:
            return _first(legal, (COMPLETE, RAISE, BET, CALL, CHECK))
        if start:
            return _first(legal, (CALL, CHECK, "bringin"))
        return _first(legal, (CHECK, "bringin", FOLD))
    return _equity_play(view, rng)[2]


def _equity_play(view, rng):
    """tag after 3rd street: (equity, fair share, the word tag says)."""
    from stud.play.equity import estimate
    legal = view.legal
    eq, _ = estimate(view, TAG_SAMPLES, rng)
    fair = 1000 // (1 + len(view.opponents()))
    if eq >= fair + 200 + 100 * view.raises:
        word = _first(legal, (RAISE, BET, COMPLETE, CALL, CHECK))
    elif not view.to_call:
        word = _first(legal, (CHECK, "bringin"))
    else:
        price = view.to_call * 1000 // (view.pot + view.to_call)
        word = CALL if eq >= price and CALL in legal else _first(legal, (FOLD,))
    return eq, fair, word


def _opened(view):
    """Has anyone completed, bet or raised this round (beyond the bring-in)?"""
    return any(st == view.street and w in (BET, RAISE, COMPLETE) for st, s, w, c in view.history)


# ---- the ante thief -------------------------------------------------------------------------

def stealer(view, rng):
    legal = view.legal
    forced = _no_choice(view)
    if forced is not None:
        return forced
    if view.street == 0 and not view.draw_game:
        if not _opened(view):
            return _first(legal, (COMPLETE, RAISE, BET, CALL, CHECK))
        return tag(view, rng)       # re-raised: a real hand goes on, the rest is given up
    return _equity_play(view, rng)[2]


# ---- the trapper ----------------------------------------------------------------------------

def trapper(view, rng):
    legal = view.legal
    forced = _no_choice(view)
    if forced is not None:
        return forced
    if view.street == 0 and not view.draw_game and len(view.my_cards()) == 3:
        start = tag_start(view)
        if start:       # a raising start is slow-played: it only calls
            return _first(legal, (CALL, CHECK, "bringin"))
        return _first(legal, (CHECK, "bringin", FOLD))
    eq, fair, word = _equity_play(view, rng)
    if word not in (RAISE, BET, COMPLETE):
        return word
    if view.street < 2:         # 4th street: hide it
        return _first(legal, (CALL, CHECK))
    if view.to_call:            # the trap springs: raise the bet (a check-raise after a check)
        return word
    # nobody has bet: check to raise, unless this is the last round and it was checked to us
    acted = any(st == view.street and s != view.seat for st, s, w, c in view.history)
    return word if acted and not view.to_come else _first(legal, (CHECK,))


# ---- the scare-card bluffer ---------------------------------------------------------------

def scary(up):
    """Up cards that look strong: a pair, three of a suit or three within a
    five-rank window, or (with one card up) an ace or a king."""
    if not up:
        return False
    counts = _rank_counts(up)
    if max(counts) >= 2:
        return True
    if len(up) == 1:
        return up[0] >> 2 >= 11
    suits = [0, 0, 0, 0]
    for c in up:
        suits[c & 3] += 1
    if max(suits) >= 3:
        return True
    ranks = sorted(set(c >> 2 for c in up))
    return len(ranks) >= 3 and any(ranks[i + 2] - ranks[i] <= 4 for i in range(len(ranks) - 2))


def bluffer(view, rng):
    legal = view.legal
    if legal == [DRAW]:
        return _keep_pairs(view)
    if "show" in legal:
        return "show"
    if scary(view.up[view.seat]):
        return _first(legal, (RAISE, BET, COMPLETE, CALL, CHECK))
    if max(_rank_counts(view.my_cards())) >= 2:
        return _first(legal, (CALL, CHECK, "bringin"))
    return _first(legal, (CHECK, "bringin", FOLD))


# ---- the shifter --------------------------------------------------------------------------

SHIFT_MAX = 500
SHIFT = SHIFT_MAX    # hands per style
STYLES = ("rock", "maniac", "station")


class Shifter:
    """Tight for SHIFT hands, then a maniac, then a calling station, and round again.
    The table tells it each new hand's number (new_hand(i)); alone it counts calls."""

    def __init__(self, shift=None):
        self.shift = shift or SHIFT     # read when made: the league may set SHIFT
        self.hand = 0

    def new_hand(self, i):
        self.hand = i

    def style(self, i=None):
        i = self.hand if i is None else i
        return STYLES[(i // self.shift) % len(STYLES)]

    def __call__(self, view, rng):
        return POLICIES[self.style()](view, rng)


POLICIES = {"simple": simple, "station": station, "maniac": maniac, "rock": rock,
            "random": random_legal, "tag": tag, "bluffer": bluffer, "stealer": stealer, "trapper": trapper}
# Stateful players: a fresh one per seat (selfplay calls make()).
FACTORIES = {"shifter": Shifter}


def make(name):
    """A policy for one seat: the stateless ones are shared, stateful ones are new."""
    if name in FACTORIES:
        return FACTORIES[name]()
    return POLICIES[name]
