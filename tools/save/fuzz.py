"""Fuzz the handheld: the whole app (stud.ui.app) driven by random joystick events.

    python -m tools.save.fuzz --events N --seed S [--game G] [--samples K] [--quiet]

The app runs as in the simulator (boards/host.py: a scripted input, a virtual
clock, a recording display), with the session, the bots (budget_ms=0, K Monte
Carlo samples), every screen and menu, SONIC speed, and a save in memory
(host.memory_store()).  Events: UP DOWN LEFT RIGHT PRESS LONG_PRESS and idle
waits (from a frame to over a minute, so the screen dims and sleeps), drawn
from random.Random(S); the deals and decisions from stud.core.rng streams of S.
--game G starts in game G and keeps it there (the generator never changes the
menu's GAME); without it the menu may switch games.

Checked after every event: the app never showed its error page (an exception
escaped the loop), the phase matches the hand.  After every finished hand:

  * chips are conserved: each game's chips (every position) plus its carried
    pot equal the ledger - the previous total, plus 999 (or the game's stack)
    for every rebuy, reset by every new game (SEL, NEW GAME, BUST, a game
    never played before), checked at every deal, every settle and every switch
    of game or demo mode; a hand's stacks plus its carry out equal its stacks
    plus its carry in;
  * the state is valid: the hand is over, the table shows its end, no position
    has negative chips, an empty position has none;
  * the save file in memory loads back equal to what the app holds, and
    restoring it into a fresh session gives the table being played (chips,
    seats, carried pot, models of you).

A failure prints what, the seed and the event index to reproduce it
(`--events I+1 --seed S`), and the exit status is 1.  host_tests/tools/save/test_fuzz.py
runs 60,000 events this way and plants a bug to see it caught.
"""
import argparse
import random
import sys

import host  # boards/host.py
from stud.core import events
from stud.save import reader, store
from stud.ui.app import App, FRAME_MS
from stud.core.games import game as game_table, ORDER
from stud.core.rng import Rng
from stud.ui.tablestate import IDLE, SELECT, HAND, SHOW
from stud.play.session import Session, OUT

DEAL_STREAM, BOT_STREAM, HELP_STREAM = 0, 0x2AAAAAAA, 0x15555555
SONIC = 3

# The random joystick: (event, weight).  WAIT is an idle pause.
WAIT = 0
MIX = ((events.PRESS, 30), (events.UP, 12), (events.DOWN, 14), (events.LEFT, 8),
       (events.RIGHT, 8), (events.LONG_PRESS, 3), (WAIT, 25))
MENU_EXIT = 0.08           # in the menu or a page: a long press back to the game
GAME_KEEP = 0.75           # on the menu's GAME: mostly move on rather than switch games
DEMO_KEEP = 0.75           # on DEMO (off): mostly move on
COARSE_AFTER_MS = 400      # a long wait ticks every COARSE_MS after its first 0.4 s
COARSE_MS = 100


class Failure(BaseException):
    """Not an Exception: it must get past the app's own guard (stud.ui.alerts.Guard)."""


class Ledger:
    """Every chip accounted for: wraps the session's own methods (on the instance)
    and checks each game's total against the rebuys and new games it saw."""

    def __init__(self, session, shorten=None):
        self.s = session
        self.shorten = shorten     # called after each new game: short stacks (or None)
        self.total = {}            # game -> chips + carry it must hold (not demo)
        self.rebuys = 0
        self.new_games = 0
        self.settled = 0           # hands finished (demo ones too)
        self.demo_hands = 0
        self.hand_in = None        # chips + carry at the deal of the hand in play
        s = session
        self._orig = dict((name, getattr(s, name)) for name in
                          ("deal", "settle", "new_game", "set_game", "toggle_demo"))
        for name in self._orig:
            setattr(s, name, getattr(self, "_" + name))
        self.total[s.game] = self._held()

    # ---- the session's chips
    def _held(self):
        s = self.s
        chips, carry = s.capture()[3][s.game]    # in demo, your chips, not the demo's
        return sum(chips) + carry

    def check(self, what):
        s = self.s
        want = self.total.get(s.game)
        got = self._held()
        if want is not None and got != want:
            raise Failure("%s: %s holds %d chips (with its carried pot), the ledger says %d"
                          % (what, s.game, got, want))

    # ---- wrapped methods
    def _deal(self, deck=None, rng=None):
        s = self.s
        if not s.demo:
            self.check("between hands")
        before = list(s.chips)
        hand = self._orig["deal"](deck=deck, rng=rng)
        if not s.demo:
            stack = game_table(s.game)["stack"]
            for p in range(4):
                if s.chips[p] != before[p]:
                    if before[p] != 0 or s.chips[p] != stack:
                        raise Failure("the deal changed position %d's chips %d -> %d"
                                      % (p, before[p], s.chips[p]))
                    self.rebuys += 1
                    self.total[s.game] += stack
            dealt = set(s.positions())
            outside = sum([s.chips[p] for p in range(4) if p not in dealt])
            if _chips_in(hand) + outside != self.total[s.game]:
                raise Failure("the hand starts with %d chips (antes and carry included), the "
                              "table held %d" % (_chips_in(hand), self.total[s.game] - outside))
        self.hand_in = _chips_in(hand)
        return hand

    def _settle(self, hand):
        s = self.s
        out = sum(hand.stacks) + hand.result["carry"]
        if self.hand_in is not None and out != self.hand_in:
            raise Failure("the hand ended with %d chips (carry included), it started with %d"
                          % (out, self.hand_in))
        if sum(hand.result["amounts"]) + hand.result["carry"] != sum(hand.total) + hand.carry:
            raise Failure("the hand paid %d + %d carried out of a pot of %d + %d carried in"
                          % (sum(hand.result["amounts"]), hand.result["carry"],
                             sum(hand.total), hand.carry))
        games_before = self.new_games
        self._orig["settle"](hand)
        self.settled += 1
        if s.demo:
            self.demo_hands += 1
        elif self.new_games == games_before:
            self.check("after the hand was settled")
        self.hand_in = None

    def _new_game(self):
        s = self.s
        self._orig["new_game"]()
        self.new_games += 1
        stack = game_table(s.game)["stack"]
        want = [stack if name != OUT else 0 for name in s.names]
        if list(s.chips) != want or s.carry:
            raise Failure("a new game dealt %r (carry %d), not %r" % (s.chips, s.carry, want))
        if self.shorten is not None:
            self.shorten(s)        # the fuzzer's own doing, counted here
        if not s.demo:
            self.total[s.game] = self._held()

    def _set_game(self, name):
        s = self.s
        self.check("leaving " + s.game)
        self._orig["set_game"](name)
        self.check("coming back to " + s.game)
        self.total.setdefault(s.game, self._held())

    def _toggle_demo(self):
        on = self._orig["toggle_demo"]()
        self.check("demo turned %s" % ("on" if on else "off"))
        return on


def _chips_in(hand):
    """Chips a hand started with: its stacks at the deal plus a carried pot (a hand can be
    over as it is dealt - everyone all in on the antes - and already paid)."""
    paid = sum(hand.result["amounts"]) if hand.result is not None else 0
    return sum(hand.stacks) + sum(hand.total) - paid + hand.carry


def learned(session):
    """The models of you a session holds that differ from a fresh one (Session.model
    makes a model at its first use: one not made yet is the fresh one)."""
    from stud.play.session import bots
    fresh = bytes(bots().new_model())
    return dict((p, bytes(m)) for p, m in session.models.items() if m and bytes(m) != fresh)


class Fuzzer:
    def __init__(self, seed, game=None, samples=4, short=0):
        self.seed = seed
        self.game = game
        self.short = short
        self.rand = random.Random(seed)
        self.clock = host.VirtualClock()
        self.input = host.QueueInput()
        self.store = host.memory_store()
        self.board = host.HostBoard(self.input, self.clock, store=self.store)
        session = Session(game) if game else Session()
        self.app = App(self.board, session, rng=Rng(seed ^ DEAL_STREAM),
                       bot_rng=Rng(seed ^ BOT_STREAM), help_rng=Rng(seed ^ HELP_STREAM),
                       samples=samples, budget_ms=0, speed=SONIC)
        if short:
            self.shorten(session)
        self.ledger = Ledger(session, self.shorten if short else None)
        self.checked = 0           # hands whose end was checked
        self.index = -1
        self.kinds = [k for k, w in MIX for _ in range(w)]

    def shorten(self, session):
        """--short N: every stack of a new game cut to 1..N chips (all-ins, side pots, BUST)."""
        for p in range(4):
            if session.chips[p]:
                session.chips[p] = min(session.chips[p], self.rand.randrange(1, self.short + 1))

    # ---- events
    def next_event(self):
        kind = self.rand.choice(self.kinds)
        app = self.app
        rand = self.rand.random()
        if (app.screen.NAME == "menu" or app.screen.NAME == "page") and rand < MENU_EXIT:
            kind = events.LONG_PRESS   # back to the game now and then, so hands get played
        elif kind in (events.LEFT, events.RIGHT, events.PRESS) and app.screen.NAME == "menu":
            menu = app.top("menu")
            item = menu.state.items[menu.state.index]
            if item == "GAME" and (self.game or rand < GAME_KEEP):
                kind = events.DOWN     # --game: stay in the game asked for (else: mostly)
            elif item == "DEMO" and not app.session.demo and rand < DEMO_KEEP:
                kind = events.DOWN     # demo hands play themselves: mostly play your own
        if kind == WAIT:
            r = self.rand.random()
            ms = (self.rand.randrange(20, 600) if r < 0.7 else
                  self.rand.randrange(600, 6000) if r < 0.995 else
                  self.rand.randrange(60000, 320000))
            return ("WAIT", ms)
        return kind

    def tick(self, ms=FRAME_MS):
        self.app.tick()
        self.clock.sleep_ms(ms)
        self.after_tick()

    def play(self, item):
        if isinstance(item, tuple):
            waited = 0
            while waited < item[1]:
                step = FRAME_MS if waited < COARSE_AFTER_MS else COARSE_MS
                self.tick(step)
                waited += step
        else:
            self.input.push(item)
            self.tick()

    def run(self, n):
        for i in range(n):
            self.index = i
            self.play(self.next_event())

    # ---- checks
    def after_tick(self):
        app = self.app
        k = app.alerts.keeper
        if k.errors:
            raise Failure("the app showed its error page: %s: %s\n%s"
                          % (k.last_error[0], k.last_error[1], k.last_trace or ""))
        if app.tablestate.phase not in (IDLE, SELECT, HAND, SHOW):
            raise Failure("phase %r" % app.tablestate.phase)
        if app.tablestate.phase == HAND and app.tablestate.hand is None:
            raise Failure("a hand phase without a hand")
        if app.tablestate.phase == HAND and app.tablestate.hand.to_act is None and not app.tablestate.beat and not app.tablestate.beats \
                and app.screen is app.table:
            raise Failure("stuck: the hand is over but the table never shows its end")
        if app.tablestate.your_turn and (app.tablestate.hand is None or app.tablestate.hand.to_act != 0):
            raise Failure("your turn, but seat %r is to act"
                          % (None if app.tablestate.hand is None else app.tablestate.hand.to_act))
        if self.ledger.settled > self.checked:
            self.checked = self.ledger.settled
            self.hand_over()

    def hand_over(self):
        app = self.app
        s = app.session
        h = app.tablestate.hand
        if h is None or h.to_act is not None or h.result is None:
            raise Failure("a hand was settled but the app's hand is not over")
        if app.tablestate.phase != SHOW:
            raise Failure("a hand ended but the table is in phase %d, not the showdown"
                          % app.tablestate.phase)
        for p in range(4):
            if s.chips[p] < 0:
                raise Failure("position %d has %d chips" % (p, s.chips[p]))
            if s.names[p] == OUT and s.chips[p]:
                raise Failure("an empty position has %d chips" % s.chips[p])
        self.check_save()

    def check_save(self):
        app = self.app
        s = app.session
        data = self.store.files.read(self.store.path)
        if data is None:
            if self.ledger.settled > self.ledger.demo_hands:
                raise Failure("hands were played and nothing was saved")
            return
        try:
            loaded = reader.loads(data, newest=1)   # every field; each kept hand replayed once
        except store.Corrupt as e:
            raise Failure("the save does not load: %s" % e)
        held = app.alerts.keeper.saved
        if store.dumps(loaded) != store.dumps(held):
            raise Failure("the save file differs from what the app holds")
        fresh = Session()
        reader.restore(loaded, fresh)
        table, restored = s.capture(), fresh.capture()
        kept = (0, 1, 3)        # game, seats, every game's chips (a deal since moved the dealer)
        if [table[k] for k in kept] != [restored[k] for k in kept]:
            raise Failure("the save restores %s, the table is %s"
                          % ([restored[k] for k in kept], [table[k] for k in kept]))
        if learned(s) != learned(fresh):
            raise Failure("the save restores other models of you than the opponents hold")

    def summary(self):
        l = self.ledger
        return ("%d events, %d hands (%d demo), %d rebuys, %d new games, %d ms of play, "
                "game now %s" % (self.index + 1, l.settled, l.demo_hands, l.rebuys,
                                 l.new_games, self.clock.now, self.app.session.game))


def fuzz(events_n, seed, game=None, samples=4, short=0):
    """(ok, Fuzzer, failure message or None)."""
    f = Fuzzer(seed, game, samples, short)
    try:
        f.run(events_n)
    except Failure as e:
        return False, f, str(e)
    return True, f, None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    ap.add_argument("--events", type=int, default=10000, help="random events to play")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", choices=ORDER, default=None, help="start in this game, stay there")
    ap.add_argument("--samples", type=int, default=4, help="Monte Carlo samples a decision")
    ap.add_argument("--short", type=int, default=0, metavar="N",
                    help="cut every new game's stacks to 1..N chips (all-ins, side pots, BUST)")
    ap.add_argument("--quiet", action="store_true", help="print only failures")
    args = ap.parse_args(argv)
    ok, f, message = fuzz(args.events, args.seed, args.game, args.samples, args.short)
    if not ok:
        print("FAIL at event %d (seed %d%s): %s"
              % (f.index, args.seed, ", game %s" % args.game if args.game else "", message))
        print("reproduce: python -m tools.save.fuzz --events %d --seed %d%s%s"
              % (f.index + 1, args.seed, " --game %s" % args.game if args.game else "",
                 " --short %d" % args.short if args.short else ""))
        print("after " + f.summary())
        return 1
    if not args.quiet:
        print("ok: seed %d%s: %s" % (args.seed, ", game %s" % args.game if args.game else "",
                                     f.summary()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
