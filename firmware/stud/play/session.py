"""The table around the hands: who sits where, their chips, SEL, BUST and rebuys.

Positions follow seed 000 clockwise from you: you (bottom right), bottom
left, top left, top right.  Deal order starts with you.  A hand is dealt
to the occupied positions only; its seat k is the k-th occupied position.
Heads-up draw is you against the first opponent seated, the deal alternating.
Each game keeps its own chips.
"""
from stud.core.compat import LIMIT
from stud.core.engine import Hand
from stud.core.games import game as _game
from stud.play.view import SeatView
from stud.core.words import YOU, OUT, OPPONENTS  # noqa: F401 (the seats' names, for importers)

CHOICES = OPPONENTS + (OUT,)  # what SEL cycles through, in the cartridge's order


def bots():
    """stud.play.bots, imported now if it is not loaded: its code leaves the heap while
    the menu, its pages or a notice show (stud.ui.app).  (What only this needs is imported
    here: the bots alone, as tools/bench/botlog.py weighs them, never load stud.core.lazy,
    and this module's globals stay within a smaller table.)"""
    import sys
    m = sys.modules.get("stud.play.bots")
    if m is None:
        from stud.core import lazy
        m = lazy.load("stud.play.bots")
    return m


class Session:
    def __init__(self, game="tandy7", opponents=OPPONENTS):
        self.game = _game(game)["name"]
        self.names = [YOU, OUT, OUT, OUT]
        self.chips = [0, 0, 0, 0]
        self.notices = []  # what the screen must tell the player before the next deal
        self.hands_played = 0
        self.demo = False  # the computer plays every seat, yours as the balanced player
        self._saved_chips = None  # demo: (chips, carry) of your game, for when it ends
        self.models = {}   # position -> that opponent's model of you (model(): made at first use)
        self.other_games = {}  # game -> (chips, carry) kept while another game is played
        self.dealer = 0    # draw5: who deals this hand (seat 0 you, 1 the opponent)
        self.carry = 0     # draw5: a tied pot waiting for the next hand
        self.fallbacks = 0  # decisions made cheap (cheap()): thinking ran out of heap
        self.select(opponents)

    def select(self, opponents):
        """SEL: seat opponents bottom left, top left, top right; everyone restarts with the
        game's stack."""
        opponents = list(opponents)
        if len(opponents) != 3:
            raise ValueError("SEL fills 3 positions, got %d" % len(opponents))
        for name in opponents:
            if name not in CHOICES:
                raise ValueError("unknown opponent '%s' (choose from %s)" % (name, ", ".join(CHOICES)))
        if opponents.count(OUT) == 3:
            raise ValueError("choose at least one opponent")
        self.names = [YOU] + opponents
        self.models = {}    # the slate is wiped clean
        self.other_games = {}
        self.new_game()

    def seats_of(self, profile):
        """The seats the bots of `profile` play in a hand, bit s for seat s (bots.decide()'s
        tight and loose; SEL may seat a bot twice): asked while a bot decides, with the
        bots' code loaded."""
        of = bots().PROFILE_OF
        seat = mask = 0
        for name in self.names[1:]:
            if name != OUT:
                seat += 1
                if of[name] == profile:
                    mask |= 1 << seat
        return mask

    def model(self, p):
        """Position p's model of you: the one learned or restored, else a fresh one (the
        bots' code is loaded while one is wanted, so boot and SEL need not load it)."""
        b = bots()
        m = self.models.get(p)
        if m is None or len(m) != b.MODEL_SIZE:     # (a save's older layout: afresh)
            m = self.models[p] = b.new_model()
        return m

    def fresh(self):
        """A new game at the first table (a save that does not fit, errors in a row)."""
        self.demo = False
        self.select(OPPONENTS)

    def new_game(self):
        """This game's chips start again: everyone seated gets a fresh stack, no pot carried."""
        stack = _game(self.game)["stack"]
        self.chips = [stack if name != OUT else 0 for name in self.names]
        self.carry = 0

    def set_game(self, name):
        """Menu: play another game; each game's chips wait for it to come back."""
        name = _game(name)["name"]
        if name == self.game:
            return
        self.other_games[self.game] = (list(self.chips), self.carry)
        self.game = name
        saved = self.other_games.pop(name, None)
        if saved:
            self.chips, self.carry = list(saved[0]), saved[1]
        else:
            self.new_game()

    def positions(self):
        """The occupied positions, in deal order: a hand's seat k is positions()[k]."""
        occupied = [p for p in range(4) if self.names[p] != OUT]
        return occupied[:_game(self.game)["seats"][1]]

    def deal(self, deck=None, rng=None):
        """Start the next hand; a busted opponent first rebuys a fresh stack."""
        stack = _game(self.game)["stack"]
        if self.demo:
            self.chips = [stack if name != OUT else 0 for name in self.names]
            self.carry = 0
        for p in self.positions():
            if p and self.chips[p] == 0:
                self.chips[p] = stack
                self.notices.append("%s REBUYS %d" % (self.names[p], stack))
        g = _game(self.game)
        dealer = None
        if g["open"] == "dealer":
            self.dealer = 1 - self.dealer  # the deal alternates each hand
            dealer = self.dealer
        return Hand(self.game, [self.chips[p] for p in self.positions()], deck=deck, rng=rng,
                    dealer=dealer, carry=self.carry, choosers=() if self.demo else (0,))

    def settle(self, hand):
        """Take a finished hand's stacks back; a lost all-in of yours starts a new game.
        No stack or carried pot goes past LIMIT (what the save keeps, a small int on
        every port): chips over it leave the table."""
        if hand.to_act is not None:
            raise ValueError("the hand is not over")
        for seat, p in enumerate(self.positions()):
            self.chips[p] = min(hand.stacks[seat], LIMIT)
        self.carry = min(hand.result["carry"], LIMIT)
        if self.demo:
            return  # demo hands teach nothing and cost nothing: fresh stacks every deal
        self.hands_played += 1
        observe = bots().observe
        for p in self.positions()[1:]:
            observe(self.model(p), 0, hand.history, hand.result["shown"])
        if self.chips[0] == 0:
            self.notices.append("BUST - NEW GAME")
            self.new_game()

    def toggle_demo(self):
        """D: the computer takes every seat; D again gives you back your game as it was."""
        self.demo = not self.demo
        if self.demo:
            self._saved_chips = (list(self.chips), self.carry)
        else:
            self.chips, self.carry = self._saved_chips
        return self.demo

    # ---- what the save keeps (stud.save.writer, .reader, .resume) ----------------------
    def capture(self):
        """The table as the save keeps it: (game, the opponents' names, the dealer,
        {game: (chips, carry)} of every game with chips, the models of you).  In demo your
        game's chips are yours, kept for when it ends.  The save copies what it keeps."""
        games = dict(self.other_games)
        mine = self._saved_chips if self.demo else None
        games[self.game] = mine or (self.chips, self.carry)
        return self.game, self.names[1:], self.dealer, games, self.models

    def restore(self, game, opponents, dealer, games, models):
        """The table as capture() gave it (the save, at boot or after an error): the
        opponents seated, each game's chips back (the game played without any starts
        afresh), the models of you that fit; in demo, these chips wait for its end."""
        self.select(opponents)
        self.dealer = dealer
        self.game = game
        for g in games:
            if g != game:
                self.other_games[g] = (list(games[g][0]), games[g][1])
        if game in games:
            self.chips, self.carry = list(games[game][0]), games[game][1]
        else:
            self.new_game()
        for p in models:              # (model() refuses a size the bots no longer use)
            if models[p]:
                self.models[p] = bytearray(models[p])
        self._saved_chips = (list(self.chips), self.carry)

    def resume(self, stacks, dealer):
        """The hand in play when the power went goes on (stud.save.resume): its seats'
        chips as it was dealt; draw5's deal alternates on from its dealer (else None)."""
        positions = self.positions()
        for k in range(len(positions)):
            self.chips[positions[k]] = stacks[k]
        if dealer is not None:
            self.dealer = dealer

    def computer_plays(self, hand):
        """Does the computer choose for the seat to act (an opponent, or anyone in demo)?"""
        return hand.to_act is not None and (self.demo or hand.to_act != 0)

    def bot_decision(self, hand, rng, samples, budget_ms):
        """(word, equity per-mille) for the seat to act; your seat plays as AUTO would.
        samples, budget_ms: how long it thinks (None: the bots' own, bots.SAMPLES and
        BUDGET_MS, as on the device)."""
        seat = hand.to_act
        try:        # (few locals: this call's frame is in the heap while the bot thinks)
            b = bots()
            p = self.positions()[seat]
            samples, budget_ms = effort(b, samples, budget_ms)
            return b.decide(SeatView(hand, seat),
                            b.PROFILE_OF[self.names[p]] if p else "balanced", rng,
                            self.model(p) if p else None, None if self.demo or not p else 0,
                            samples, budget_ms, self.seats_of("tight"), self.seats_of("loose"))
        except MemoryError:
            b = None
            self.fallbacks += 1
            import gc
            gc.collect()  # thinking (or loading the bots' code) ran out of heap: play on
            return cheap(hand.legal(), hand.to_call(seat), hand.pot), -1

    def take_notices(self):
        out = self.notices
        self.notices = []
        return out


def effort(b, samples, budget_ms):
    """(samples, budget_ms) a decision takes: those given, None meaning the bots' own
    (module b: bots.SAMPLES, BUDGET_MS, as on the device; 0 ms is no clock budget)."""
    return (b.SAMPLES if samples is None else samples,
            b.BUDGET_MS if budget_ms is None else budget_ms)


def cheap(legal, to_call, pot):
    """A decision that needs no memory to speak of, nor the bots' code: when thinking
    ran out of heap.  (Its words are imported here: rare, and the module's globals stay
    fewer.)"""
    from stud.core.actions import CHECK, BRINGIN, MUCK, DRAW, CALL, draw_word
    for word in (CHECK, BRINGIN, MUCK):
        if word in legal:
            return word
    if DRAW in legal:
        return draw_word(())
    if CALL in legal and to_call * 4 <= pot:
        return CALL
    return legal[0]
