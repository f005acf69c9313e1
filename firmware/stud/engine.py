"""One hand of stud poker as a pure state machine, driven by a game table.

No I/O, no clock; randomness comes in as a deck or an rng.  Seats are
numbered 0..n-1 in deal order, which is also clockwise order (seat 0 is
dealt first).  Drive it with legal() and act(word) until to_act is None.
"""
from stud import cards as _cards
from stud.evaluator import evaluate, best_five, describe, showing
from stud.games import game as _game

FOLD = "fold"
CHECK = "check"
CALL = "call"
BET = "bet"
RAISE = "raise"
ACTIONS = (FOLD, CHECK, CALL, BET, RAISE)


class Hand:
    def __init__(self, game, stacks, deck=None, rng=None):
        g = _game(game)
        self.game = g
        n = len(stacks)
        lo, hi = g["seats"]
        if n < lo or n > hi:
            raise ValueError("%s is played by %d to %d players, not %d" % (g["name"], lo, hi, n))
        for s in stacks:
            if s <= 0:
                raise ValueError("every seat needs chips to be dealt in (stacks %s)" % (list(stacks),))
        self.n = n
        self.stacks = list(stacks)
        self.deck = self._make_deck(deck, rng)
        self.dealt = 0                      # cards taken from the deck so far
        self.down = [bytearray() for _ in range(n)]
        self.up = [bytearray() for _ in range(n)]
        self.folded = [False] * n
        self.total = [0] * n                # chips put in this hand, antes included
        self.committed = [0] * n            # chips put in this betting round
        self.pot = 0
        self.street = 0
        self.bet = 0                        # the level everyone must match this round
        self.bet_size = 0
        self.raises = 0
        self.pending = []                   # seats that still have to act this round
        self.aggressor = None               # last bettor or raiser of the round
        self.history = []                   # (street, seat, word, chips put in)
        self.to_act = None
        self.result = None
        for seat in range(n):
            self._put(seat, g["ante"], "ante")
        self._start_street()

    # ---- reading the state -------------------------------------------------
    def up_cards(self, seat):
        return bytes(self.up[seat])

    def down_cards(self, seat):
        return bytes(self.down[seat])

    def cards(self, seat):
        return bytes(self.down[seat][:2] + self.up[seat] + self.down[seat][2:])

    def live(self):
        return [s for s in range(self.n) if not self.folded[s]]

    def can_act(self, seat):
        return not self.folded[seat] and self.stacks[seat] > 0

    def to_call(self, seat):
        return self.bet - self.committed[seat]

    def legal(self):
        seat = self.to_act
        if seat is None:
            return []
        out = []
        if self.to_call(seat) > 0:
            out.append(FOLD)
            out.append(CALL)
            if self._may_raise(seat):
                out.append(RAISE)
        else:
            out.append(CHECK)  # a player who may check cannot pass
            if self.bet == 0:
                if self.stacks[seat] >= self.bet_size and self._someone_to_answer(seat):
                    out.append(BET)
            elif self._may_raise(seat):
                out.append(RAISE)
        return out

    def raise_cap(self):
        g = self.game
        return g["cap_multiway"] if len(self.live()) > 2 else g["cap_headsup"]

    def raise_size(self):
        g = self.game
        inc = (g["raise_first"] if self.raises == 0 else g["raise_more"])[self.street]
        return inc or self.bet_size

    # ---- acting ------------------------------------------------------------
    def act(self, word):
        seat = self.to_act
        if seat is None:
            raise ValueError("the hand is over; no one is to act")
        legal = self.legal()
        if word not in legal:
            raise ValueError("'%s' is not legal for seat %d now (legal: %s)"
                             % (word, seat, " ".join(legal)))
        self.pending.remove(seat)
        if word == FOLD:
            self.folded[seat] = True
            self.history.append((self.street, seat, word, 0))
            if len(self.live()) == 1:
                self._award_uncontested()
                return
        elif word == CHECK:
            self.history.append((self.street, seat, word, 0))
        elif word == CALL:
            self._put(seat, self.to_call(seat), word)
        else:
            if word == RAISE:
                level = self.bet + self.raise_size()
                self.raises += 1
            else:
                level = self.bet_size
            self._put(seat, level - self.committed[seat], word)
            self.bet = level
            self.aggressor = seat
            self.pending = [s for s in range(self.n) if s != seat and self.can_act(s)]
        self._advance(seat)

    # ---- internals ---------------------------------------------------------
    def _make_deck(self, deck, rng):
        if deck is None:
            if rng is None:
                from stud.rng import device_rng
                rng = device_rng()
            return _cards.shuffle(_cards.new_deck(), rng)
        if isinstance(deck, str):
            deck = _cards.parse(deck)
        seen = bytearray(52)
        for c in deck:
            if c >= 52:
                raise ValueError("not a card: %d" % c)
            if seen[c]:
                raise ValueError("duplicate card '%s' in the deck" % _cards.name(c))
            seen[c] = 1
        return bytes(deck)

    def _draw(self):
        if self.dealt >= len(self.deck):
            raise ValueError("the deck ran out: %d cards were given" % len(self.deck))
        c = self.deck[self.dealt]
        self.dealt += 1
        return c

    def _put(self, seat, chips, word):
        chips = min(chips, self.stacks[seat])  # short stacks are all in for what they have
        self.stacks[seat] -= chips
        self.total[seat] += chips
        self.pot += chips
        if word != "ante":
            self.committed[seat] += chips
        self.history.append((self.street, seat, word, chips))

    def _someone_to_answer(self, seat):
        for s in range(self.n):
            if s != seat and self.can_act(s):
                return True
        return False

    def _may_raise(self, seat):
        return (self.raises < self.raise_cap()
                and self.stacks[seat] >= self.to_call(seat) + self.raise_size()
                and self._someone_to_answer(seat))

    def _start_street(self):
        g = self.game
        live = self.live()
        for kind in g["streets"][self.street]:
            for seat in live:
                (self.up if kind == "u" else self.down)[seat].append(self._draw())
        self.committed = [0] * self.n
        self.bet = 0
        self.raises = 0
        self.aggressor = None
        self.bet_size = g["bets"][self.street]
        if self.street == 1 and g.get("open_pair_bet"):
            for seat in live:
                u = self.up[seat]
                if u[0] >> 2 == u[1] >> 2:
                    self.bet_size = g["open_pair_bet"]
        if self.street == 0 and g.get("bringin"):
            seat = self._lowest_up(live)
            self._put(seat, g["bringin"], "bringin")
            self.bet = g["bringin"]
            self.pending = [s for s in range(self.n) if s != seat and self.can_act(s)]
            self._advance(seat)
            return
        actors = [s for s in live if self.can_act(s)]
        self.pending = actors if len(actors) > 1 else []
        self._advance(self._best_showing(live) - 1)

    def _lowest_up(self, live):
        low = live[0]
        for seat in live:
            if self.up[seat][-1] < self.up[low][-1]:
                low = seat
        return low

    def _best_showing(self, live):
        best = live[0]
        top = showing(self.up[best])
        for seat in live:
            v = showing(self.up[seat])
            if v > top:  # ties: first in deal order
                best, top = seat, v
        return best

    def _advance(self, after):
        """Hand the turn to the next pending seat clockwise after `after`, or close the round."""
        if self.pending:
            for i in range(1, self.n + 1):
                seat = (after + i) % self.n
                if seat in self.pending:
                    self.to_act = seat
                    return
        self.to_act = None
        if self.street + 1 < len(self.game["streets"]):
            self.street += 1
            self._start_street()
        else:
            self._showdown()

    def _award_uncontested(self):
        winner = self.live()[0]
        amounts = [0] * self.n
        amounts[winner] = self.pot
        self.stacks[winner] += self.pot
        self.to_act = None
        self.result = {"winners": [winner], "amounts": amounts, "shown": {},
                       "pots": [(self.pot, [winner], [winner])]}

    def _showdown(self):
        wheel = self.game["wheel"]
        live = self.live()
        values = {}
        shown = {}
        for seat in live:
            hand = self.cards(seat)
            v = evaluate(hand, wheel)
            values[seat] = v
            shown[seat] = {"cards": hand, "best": best_five(hand, wheel),
                           "value": v, "name": describe(v)[1]}
        amounts = [0] * self.n
        pots = []
        for amount, eligible in side_pots(self.total, self.folded):
            top = max([values[s] for s in eligible])
            winners = [s for s in eligible if values[s] == top]  # deal order
            share, odd = divmod(amount, len(winners))
            for i, s in enumerate(winners):
                amounts[s] += share + (1 if i < odd else 0)
            pots.append((amount, eligible, winners))
        for s in range(self.n):
            self.stacks[s] += amounts[s]
        self.to_act = None
        self.result = {"winners": [s for s in range(self.n) if amounts[s]],
                       "amounts": amounts, "shown": shown, "pots": pots}


def side_pots(total, folded):
    """Split the chips put in into (amount, eligible seats) layers, main pot first.

    Each all-in level closes a layer; folded seats pay into layers but are never
    eligible.  An uncalled excess becomes a layer its owner alone is eligible for.
    """
    levels = sorted(set([total[s] for s in range(len(total)) if not folded[s]]))
    pots = []
    prev = 0
    for level in levels:
        amount = 0
        for t in total:
            amount += min(t, level) - min(t, prev)
        eligible = [s for s in range(len(total)) if not folded[s] and total[s] >= level]
        pots.append((amount, eligible))
        prev = level
    # Chips of folded seats above the highest live level (possible only after a fold
    # of the biggest contributor) belong to the top layer.
    extra = sum([t - min(t, prev) for t in total])
    if extra:
        amount, eligible = pots[-1]
        pots[-1] = (amount + extra, eligible)
    return pots
