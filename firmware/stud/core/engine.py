"""One hand of poker as a pure state machine, driven by a game table (stud.core.games).

No I/O, no clock; randomness comes in as a deck or an rng.  Seats are
numbered 0..n-1 clockwise; the deal starts at the seat after the dealer (by
default seat 0, the dealer being the last seat).  Drive a hand with legal()
and act(word) until to_act is None.  Words: fold check call bet raise complete
bringin, draw:<positions> in draw games, show/muck for a loser at a casino
showdown; "bet:N" / "raise:N" choose an amount where the game offers one
(amounts()).
"""
from stud.core import cards as _cards
from stud.core.evaluator import evaluate, best_five, describe, showing
from stud.core.games import game as _game
from stud.core.actions import (History, Moves, FOLD, CHECK, CALL, BET, RAISE, COMPLETE,
                               BRINGIN, DRAW, SHOW, MUCK, ANTE, WAGERS as _WAGERS,
                               draw_positions)


class Hand:
    def __init__(self, game, stacks, deck=None, rng=None, dealer=None, carry=0, choosers=()):
        g = _game(game)
        self.game = g
        n = len(stacks)
        lo, hi = g["seats"]
        if n < lo or n > hi:
            raise ValueError("%s is played by %d to %d players, not %d" % (g["name"], lo, hi, n))
        for s in stacks:
            if s <= 0:
                raise ValueError("every seat needs chips to be dealt in (stacks %s)" % (list(stacks),))
        if dealer is None:
            dealer = n - 1
        if not 0 <= dealer < n:
            raise ValueError("the dealer must be a seat from 0 to %d" % (n - 1))
        self.n = n
        self.dealer = dealer
        self.order = [(dealer + 1 + i) % n for i in range(n)]  # deal order
        self.choosers = tuple(choosers)  # seats that choose SHOW or MUCK themselves
        self.stacks = list(stacks)
        self.deck = _make_deck(deck, rng)
        self.dealt = 0                      # cards taken from the deck so far
        self.down = [bytearray() for _ in range(n)]
        self.up = [bytearray() for _ in range(n)]
        self.folded = [False] * n
        self.total = [0] * n                # chips put in this hand, antes included
        self.committed = [0] * n            # chips put in this betting round
        self.carry = carry                  # a tied pot left from the last hand
        self.pot = carry
        self.street = 0
        self.drawing = False                # the street's draw comes before its betting
        self.history = History()            # (street, seat, word, chips or discards)
        self.moves = Moves()                # the words acted, as given: replay input
        self.to_act = None
        self.result = None
        self.last_aggressor = None          # of the last betting round that had one
        self._showing = None                # casino showdown in progress
        self._reset_round()
        for seat in self.order:
            self._put(seat, g["ante"], ANTE)
        self._start_street()

    # ---- reading the state -------------------------------------------------
    def up_cards(self, seat):
        return bytes(self.up[seat])

    def down_cards(self, seat):
        return bytes(self.down[seat])

    def cards(self, seat):
        """Every card of the seat, in the order a stud hand is laid out (hole, up, river)."""
        return bytes(self.down[seat][:2] + self.up[seat] + self.down[seat][2:])

    def live(self):
        return [s for s in self.order if not self.folded[s]]

    def to_call(self, seat):
        return max(0, self.bet - self.committed[seat])

    def legal(self):
        seat = self.to_act
        if seat is None:
            return []
        if self._showing is not None:
            return [SHOW, MUCK]
        if self.drawing:
            return [DRAW]
        if self._bringin_due:
            return [BRINGIN, COMPLETE] if self._may_wager(seat) else [BRINGIN]
        out = []
        wager = self._wager_word()
        if self.to_call(seat) > 0:
            out.append(FOLD)
            out.append(CALL)
        else:
            out.append(CHECK)  # a player who may check cannot pass
        if self._may_wager(seat):
            out.append(wager)
        return out

    def amounts(self, word=None):
        """Sizes the seat to act may choose for a bet or raise (chips added to the bet)."""
        word = word or self._wager_word()
        if word not in self.legal():
            return []
        g = self.game
        spread = g["spread"]
        if spread:
            lo, hi, step = spread
            room = self.stacks[self.to_act] - self.to_call(self.to_act)
            return [a for a in range(lo, hi + 1, step) if a <= room]
        if word in (BET, RAISE) and self._big_choice():
            return [self.bet_size, self.game["open_pair_choice"]]
        return [self._size(word)]

    def price(self, word):
        """Chips a legal `word` ("call", "raise:20") puts in for the seat to act, as
        act(word) takes them: all in for what is left when that is less; 0 for a word
        that puts in none."""
        seat = self.to_act
        base, _, arg = word.partition(":")
        if base == CALL:
            chips = self.to_call(seat)
        elif base in _WAGERS:
            chips = self.to_call(seat) + self._chosen_size(base, arg, word)
        elif base == BRINGIN:
            chips = self.game["bringin"]
        else:
            return 0
        return min(chips, self.stacks[seat])

    def ups(self, dealt):
        """How many of the first `dealt` cards a seat is dealt come face up (the game's
        streets; a draw replaces cards, it deals no new place)."""
        n = 0
        for street in self.game["streets"]:
            if street != DRAW:
                k = min(dealt, len(street))
                n += street.count("u", 0, k)
                dealt -= k
        return n

    # ---- acting ------------------------------------------------------------
    def act(self, word):
        """Apply one word for the seat to act; ValueError (and no change) if illegal."""
        self._apply(word)
        self.moves.add(word)  # after it held: the moves replay the hand exactly

    def _apply(self, word):
        seat = self.to_act
        if seat is None:
            raise ValueError("the hand is over; no one is to act")
        base, _, arg = word.partition(":")
        legal = self.legal()
        if base not in legal:
            raise ValueError("'%s' is not legal for seat %d now (legal: %s)"
                             % (word, seat, " ".join(legal)))
        if base == DRAW:
            self._draw_cards(seat, word, arg)
        elif base in (SHOW, MUCK):
            self._reveal(seat, base == SHOW)
        elif base == BRINGIN:
            self._bringin_due = False
            self.pending.remove(seat)
            self._put(seat, self.game["bringin"], BRINGIN)
            self.bet = self.committed[seat]
            self.pending = self._actors(exclude=seat)
            self._advance(seat)
        elif base in _WAGERS:
            self._wager(seat, base, self._chosen_size(base, arg, word))
        else:
            if arg:
                raise ValueError("'%s' takes no amount" % base)
            self.pending.remove(seat)
            if base == FOLD:
                self.folded[seat] = True
                self.history.add(self.street, seat, FOLD, 0)
                if len(self.live()) == 1:
                    self._award_uncontested()
                    return
            else:
                if base == CHECK:
                    self.checked.append(seat)
                    self.history.add(self.street, seat, CHECK, 0)
                else:
                    self._put(seat, self.to_call(seat), CALL)
                self.acted.append(seat)
            self._advance(seat)

    # ---- betting -----------------------------------------------------------
    def _reset_round(self):
        self.committed = [0] * self.n
        self.bet = 0              # the level everyone must match this round
        self.bet_size = 0
        self.raises = 0
        self.opened = False       # a bet (or counting forced bet, or completion) is in
        self.big = False          # casino 4th street: a big bet or raise has been made
        self.increment = 0        # the largest full raise so far (pokerkit's rule)
        self.acted = []           # seats that acted since the last full bet or raise
        self.short_allins = []    # consecutive all-ins for less than a full raise
        self.checked = []
        self.pending = []         # seats that still have to act this round
        self.aggressor = None     # last bettor or raiser of the round
        self._bringin_due = False

    def _wager_word(self):
        if self.game["bringin_choice"] and self.street == 0 and not self.opened:
            return COMPLETE
        return RAISE if self.opened else BET

    def _big_choice(self):
        """Casino 4th street with an open pair: small or big, until a big one is made."""
        return self.street == 1 and self.game["open_pair_choice"] and self._pair_showing() \
            and not self.big

    def _size(self, word):
        """Chips a bet or raise adds to the round's level (the standard size)."""
        g = self.game
        if word == COMPLETE:
            return g["complete_to"] - self.bet
        if word == BET:
            return self.bet_size
        steps = g["raise_first"] if self.raises == 0 else g["raise_more"]
        inc = steps[self.street] if steps else 0
        return inc or self.bet_size

    def _chosen_size(self, word, arg, text):
        if not arg:
            return self._size(word) if not self.game["spread"] else self.amounts(word)[0]
        try:
            size = int(arg)
        except ValueError:
            raise ValueError("'%s': the amount must be a number" % text)
        choices = self.amounts(word)
        if size not in choices:
            raise ValueError("'%s': %s may be %s" % (text, word, " or ".join([str(c) for c in choices])))
        return size

    def _may_wager(self, seat):
        g = self.game
        if self.opened and self.raises >= (g["cap_multiway"] if len(self.live()) > 2
                                           else g["cap_headsup"]):
            return False  # the raise cap
        stack = self.stacks[seat]
        to_call = self.to_call(seat)
        if stack <= to_call:
            return False  # covered: calling is all it can do
        if g["no_checkraise"] and seat in self.checked:
            return False
        if not self._someone_to_answer(seat):
            return False
        word = COMPLETE if self._bringin_due else self._wager_word()
        size = g["spread"][0] if g["spread"] else self._size(word)
        if stack < to_call + size and not g["short_allin"]:
            return False  # a bet or raise needs the full amount
        if g["short_allin"]:
            if 0 < min(stack, to_call) < self.increment:
                return False  # facing an all-in for less: call or fold only
            if self.short_allins and sum(self.short_allins) < self.increment and seat in self.acted:
                return False  # a short all-in does not reopen the betting
        return True

    def _someone_to_answer(self, seat):
        for s in range(self.n):
            if s != seat and not self.folded[s] and self.stacks[s] + self.committed[s] > self.bet:
                return True
        return False

    def _wager(self, seat, word, size):
        if word == COMPLETE and self._bringin_due:
            self._bringin_due = False
        if seat in self.pending:
            self.pending.remove(seat)
        level = self.bet + size
        prev = self.bet
        chips = self._put(seat, level - self.committed[seat], word)
        level = self.committed[seat]  # short all in: what it had
        inc = level - prev
        self.bet = level
        if self.opened:
            self.raises += 1
        self.opened = True
        if self.street == 1 and self.game["open_pair_choice"] and size >= self.game["open_pair_choice"]:
            self.big = True
            self.bet_size = size
        if inc >= self.increment:
            self.acted = [seat]
        self.increment = max(self.increment, inc)
        if self.stacks[seat]:
            self.short_allins = []
        else:
            self.short_allins.append(inc)
            if sum(self.short_allins) >= self.increment:
                self.short_allins = []
        self.aggressor = seat
        self.last_aggressor = seat
        self.pending = self._actors(exclude=seat)
        self._advance(seat)
        return chips

    def _actors(self, exclude=None):
        """Seats still able to act, clockwise from the seat after `exclude`."""
        return [s for s in range(self.n) if s != exclude and not self.folded[s]
                and self.stacks[s] > 0]

    # ---- streets -----------------------------------------------------------
    def _start_street(self):
        g = self.game
        self._reset_round()
        pattern = g["streets"][self.street]
        live = self.live()
        if pattern == DRAW:
            self.drawing = True
            self.pending = list(live)
            self._advance(self.order[0] - 1)
            return
        for kind in pattern:
            for seat in live:
                (self.up if kind == "u" else self.down)[seat].append(self._draw())
        self._open_round()

    def _open_round(self):
        g = self.game
        live = self.live()
        self.bet_size = g["bets"][self.street]
        if self.street == 1 and g["open_pair_bet"] and self._pair_showing():
            self.bet_size = g["open_pair_bet"]
        actors = [s for s in self._actors() if self._effective(s)]
        if self.street == 0 and g["bringin"]:
            opener = _lowest_up(self.up, live)
            # The first seat with chips from the lowest card brings in (pokerkit does too).
            seat = _next_in(actors, opener - 1, self.n) if actors else None
            if seat is None:
                self.pending = []
                self._advance(opener)
                return
            if g["bringin_choice"]:
                self._bringin_due = True
                self.pending = [seat]
                self.to_act = seat
                return
            self._put(seat, g["bringin"], BRINGIN)
            self.bet = self.committed[seat]
            self.opened = g["bringin_opens"]
            self.pending = self._actors(exclude=seat)
            self._advance(seat)
            return
        if g["open"] == "dealer":
            opener = self.last_aggressor if self.last_aggressor is not None else self.order[0]
        else:
            opener = _best_showing(self.up, live)
        self.pending = actors if len(actors) > 1 else []
        self._advance(opener - 1)

    def _effective(self, seat):
        """Someone else live still has chips behind: there is something to bet for."""
        for s in range(self.n):
            if s != seat and not self.folded[s] and self.stacks[s] > 0:
                return True
        return False

    def _pair_showing(self):
        for seat in self.live():
            u = self.up[seat]
            if len(u) >= 2 and u[0] >> 2 == u[1] >> 2:
                return True
        return False

    def _advance(self, after):
        """Hand the turn to the next pending seat clockwise after `after`, or close the round."""
        if self.pending:
            self.to_act = _next_in(self.pending, after, self.n)
            return
        self.to_act = None
        if self.drawing:
            self.drawing = False
            self._open_round()
        elif self.street + 1 < len(self.game["streets"]):
            self.street += 1
            self._start_street()
        else:
            self._showdown()

    def _draw_cards(self, seat, word, arg):
        try:
            positions = draw_positions(word)
        except ValueError:
            raise ValueError("'draw:%s': list the positions 0-4 of the cards to discard, "
                             "each once (draw: to stand pat)" % arg)
        most = self.game["max_draw"]
        if len(positions) > most:
            raise ValueError("at most %d cards may be drawn, not %d" % (most, len(positions)))
        hand = self.down[seat]
        for p in sorted(positions):
            hand[p] = self._draw()
        self.pending.remove(seat)
        self.history.add(self.street, seat, DRAW, tuple(sorted(positions)))
        self._advance(seat)

    # ---- chips -------------------------------------------------------------
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
        if word != ANTE:
            self.committed[seat] += chips
        self.history.add(self.street, seat, word, chips)
        return chips

    def won(self):
        """Chips each seat won, net of its own uncalled bet: where the pot had side
        layers, a layer only one seat could win is that seat's bet coming back."""
        r = self.result
        back = [0] * self.n
        if len(r["pots"]) > 1:
            for amount, eligible, _ in r["pots"]:
                if len(eligible) == 1:
                    back[eligible[0]] += amount
        return [r["amounts"][k] - back[k] for k in range(self.n)]

    # ---- the end -----------------------------------------------------------
    def _award_uncontested(self):
        winner = self.live()[0]
        amounts = [0] * self.n
        amounts[winner] = self.pot
        self.stacks[winner] += self.pot
        self.to_act = None
        self.result = {"winners": [winner], "amounts": amounts, "shown": {}, "mucked": {},
                       "pots": [(self.pot, [winner], [winner])], "carry": 0}

    def _showdown(self):
        live = self.live()
        wheel = self.game["wheel"]
        self._hands = dict((s, _hand_of(self.cards(s), wheel)) for s in live)
        if not self.game["showdown_order"]:
            self._finish(dict(self._hands), {})
            return
        # Casino: the last aggressor of the final round shows first, else the first
        # seat from the dealer; then clockwise, each showing if it beats or ties.
        first = self.aggressor if self.aggressor is not None else live[0]
        start = live.index(first)
        self._showing = {"queue": live[start:] + live[:start], "shown": {}, "mucked": {}}
        self._next_reveal()

    def revealed(self):
        """A casino showdown in progress: (shown, mucked), {seat: hand} each, the hands
        shown or mucked so far in the seeds' order; two empty dicts otherwise."""
        st = self._showing
        return (st["shown"], st["mucked"]) if st is not None else ({}, {})

    def _next_reveal(self):
        st = self._showing
        while st["queue"]:
            seat = st["queue"][0]
            best = max([h["value"] for h in st["shown"].values()] or [-1])
            if self._hands[seat]["value"] >= best:
                st["shown"][seat] = self._hands[seat]
            elif seat in self.choosers:
                self.to_act = seat
                return
            else:
                st["mucked"][seat] = self._hands[seat]  # opponents muck a loser
            st["queue"].pop(0)
        self._showing = None
        self._finish(st["shown"], st["mucked"])

    def _reveal(self, seat, show):
        st = self._showing
        (st["shown"] if show else st["mucked"])[seat] = self._hands[seat]
        self.history.add(self.street, seat, SHOW if show else MUCK, 0)
        st["queue"].pop(0)
        self.to_act = None
        self._next_reveal()

    def _finish(self, shown, mucked):
        """Pay every pot to the best live hand eligible for it (shown or not)."""
        amounts = [0] * self.n
        pots = []
        carry = 0
        total = list(self.total)
        for amount, eligible in side_pots(total, self.folded):
            if self.carry and not pots:
                amount += self.carry  # a carried pot belongs to the main pot
            top = max([self._hands[s]["value"] for s in eligible])
            winners = [s for s in self.order if s in eligible and self._hands[s]["value"] == top]
            if len(winners) > 1 and self.game["tie_carries"]:
                carry += amount   # the tie leaves this pot in the middle
                pots.append((amount, eligible, []))
                continue
            share, odd = divmod(amount, len(winners))
            for i, s in enumerate(winners):
                amounts[s] += share + (1 if i < odd else 0)  # odd chips in deal order
            pots.append((amount, eligible, winners))
        for s in range(self.n):
            self.stacks[s] += amounts[s]
        self.to_act = None
        self.result = {"winners": [s for s in self.order if amounts[s]],
                       "amounts": amounts, "shown": shown, "mucked": mucked,
                       "pots": pots, "carry": carry}


def _make_deck(deck, rng):
    """The deck a hand deals from: a given one (checked), or a fresh one shuffled by rng."""
    if deck is None:
        if rng is None:
            from stud.core.rng import device_rng
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


def _next_in(seats, after, n):
    """The first of `seats` clockwise after seat `after`, at a table of n."""
    for i in range(1, n + 1):
        s = (after + i) % n
        if s in seats:
            return s
    return None


def _lowest_up(up, live):
    low = live[0]
    for seat in live:
        if up[seat][-1] < up[low][-1]:
            low = seat
    return low


def _best_showing(up, live):
    best = live[0]
    top = showing(up[best])
    for seat in live:  # deal order: ties go to the first
        v = showing(up[seat])
        if v > top:
            best, top = seat, v
    return best


def _hand_of(hand, wheel):
    """What a showdown knows of one seat's cards."""
    v = evaluate(hand, wheel)
    return {"cards": hand, "best": best_five(hand, wheel), "value": v, "name": describe(v)[1]}


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
    # Chips of folded seats above the highest live level belong to the top layer.
    extra = sum([t - min(t, prev) for t in total])
    if extra:
        amount, eligible = pots[-1]
        pots[-1] = (amount + extra, eligible)
    return pots
