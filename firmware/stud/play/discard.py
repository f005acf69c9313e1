"""The draw in five card draw: which cards a bot (or HINT) discards.

Imported only when a draw game asks (stud.play.bots.draw): stud games never load it.
"""
from stud.play.equity import estimate
from stud.core.actions import draw_word


class _Kept:
    """A seat view as it would be after discarding: the kept cards are mine, the
    discards are dead, five cards make the final hand."""

    def __init__(self, view, keep, discard):
        self.final_cards = view.final_cards
        self.wheel = view.wheel
        self._mine = bytes(keep)
        self._dead = bytes(discard)
        self._opponents = view.opponents()
        self.up = [b""] * view.n

    def my_cards(self):
        return self._mine

    def dead_cards(self):
        return self._dead

    def opponents(self):
        return self._opponents


def draw_options(cards, profile):
    """Discard choices worth weighing (positions 0-4, at most three): stand pat, keep
    the pairs, keep four to a flush or an open straight, keep the high cards; the
    loose player also tries inside straights."""
    ranks = [c >> 2 for c in cards]
    options = [()]
    paired = [i for i in range(5) if ranks.count(ranks[i]) > 1]
    if paired:
        options.append(tuple([i for i in range(5) if i not in paired]))
    for suit in range(4):
        same = [i for i in range(5) if cards[i] & 3 == suit]
        if len(same) == 4:
            options.append(tuple([i for i in range(5) if i not in same]))
    for out in range(5):
        rest = sorted([ranks[i] for i in range(5) if i != out])
        if len(set(rest)) == 4 and (rest[3] - rest[0] == 3 or (profile == "loose" and rest[3] - rest[0] == 4)):
            options.append((out,))
    order = sorted(range(5), key=lambda i: ranks[i])
    options.append(tuple(sorted(order[:3])))
    return [o for o in options if len(o) <= 3]


def draw(view, profile, rng, samples, budget_ms):
    """The discard with the best equity among draw_options(), as 'draw:i,j'."""
    cards = view.down
    best, best_eq = (), -1
    options = draw_options(cards, profile)
    each = max(8, samples // len(options))
    for option in options:
        keep = bytes([cards[i] for i in range(5) if i not in option])
        discard = bytes([cards[i] for i in option])
        eq, _ = estimate(_Kept(view, keep, discard), each, rng, budget_ms // len(options))
        if eq > best_eq:
            best, best_eq = option, eq
    return draw_word(best)
