"""Plain-text 7 Card Stud Limit Raise (tandy7) in the terminal - what `make sim` runs for now.

    python tools/textgame.py [--seed N] [--hands N] [--opponents SID,JOE,HAL]
                             [--demo] [--baseline]

You sit bottom right (seat 0); opponents take bottom left, top left and top
right in that order (SID, JOE, HAL or OUT; missing ones are OUT).  They play
with their real decision code (stud.play.bots, through Session.bot_move: each sees
only its own SeatView) and learn how you play as the hands go by.

On your turn, pick a command by its number, its word or its first letter:
PASS, CHECK, CALL, BET, RAISE, AUTO (the computer decides for you, as the
balanced player) or HINT (the recommended action and your estimated chance to
win; nothing is played, you are asked again).

Between hands:
  PLAY  deal the next hand.
  SEL   choose the opponents bottom left, top left, top right in turn (SID,
        JOE, HAL or OUT).  Everyone starts again with 999 chips and the
        opponents forget what they learned about you.
  DEMO  the computer plays every seat, yours too, with fresh 999 chips each
        hand; after each one, Enter deals the next and D stops the demo
        (your own chips come back as they were).
  QUIT  leave.
Q or end of input quits at any prompt.

Options:
  --seed N       repeatable games: the deals, the opponents' decisions and
                 AUTO/HINT each draw from their own stream seeded by N, and
                 decisions run their full sample count with no clock (so the
                 machine's speed cannot change them).  HINT never changes
                 what happens next.
  --hands N      stop after N hands (demo hands count).
  --opponents    who sits bottom left, top left, top right (default SID,JOE,HAL).
  --demo         start in demo mode.
  --baseline     opponents play the old fixed baseline rule (tools/baseline.py)
                 instead of the real bots, for comparison.  AUTO, HINT and
                 your seat in demo mode still use the real bots.

The table, chips, rebuys, BUST, demo mode and the opponents' models of you come
from stud.play.session.Session; the hands from stud.core.engine.Hand.
"""
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
for _p in (os.path.join(os.path.dirname(_HERE), "firmware"), _HERE):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import baseline  # noqa: E402
from stud.play import bots
from stud.core import cards  # noqa: E402
from stud.core.games import game as _game  # noqa: E402
from stud.core.rng import Rng, device_rng  # noqa: E402
from stud.play.session import Session, OUT, OPPONENTS, CHOICES, CORNERS  # noqa: E402
from stud.play.view import SeatView  # noqa: E402

GAME = "tandy7"
YOU = 0  # your seat and position
AUTO = "auto"
HINT = "hint"
# The cartridge's words for the engine's (the forced bring-in shows as BET).
WORDS = {"fold": "PASS", "check": "CHECK", "call": "CALL", "bet": "BET",
         "raise": "RAISE", "bringin": "BET", AUTO: "AUTO", HINT: "HINT"}
PRODUCT = "POCKET STUD"
# Independent streams under one --seed, so that what you do with AUTO or HINT
# never changes the deals or the opponents' random choices.
DEAL_STREAM, BOT_STREAM, HELP_STREAM = 0, 0x2AAAAAAA, 0x15555555
CORNER = ("BR", "BL", "TL", "TR")
STREETS = ("3RD STREET", "4TH STREET", "5TH STREET", "6TH STREET", "7TH STREET")


class Quit(Exception):
    pass


class TextGame:
    def __init__(self, session, rng, inp, out, bot_rng=None, help_rng=None,
                 budget_ms=bots.BUDGET_MS, use_baseline=False, demo=False):
        self.session = session
        self.rng = rng                                  # deals
        self.bot_rng = bot_rng or rng                   # the computer's choices at the table
        self.help_rng = help_rng or self.bot_rng        # AUTO and HINT for you
        self.samples = bots.SAMPLES
        self.budget_ms = budget_ms
        self.use_baseline = use_baseline
        self.hand_no = 0  # hands dealt, demo hands included
        self.start_in_demo = demo
        self.inp = inp
        self.out = out
        self.hand = None
        self.seen = 0       # history entries already printed
        self.left = []      # each seat's chips after the entries printed so far
        self.street = -1    # last street whose deal was printed

    # ---- the session -------------------------------------------------------
    def run(self, hands=None):
        """Play until QUIT, end of input, or `hands` hands; return the exit status."""
        played = 0
        self.title()
        if self.use_baseline:
            self.say("Opponents play the old baseline rule (--baseline).")
        if self.start_in_demo and not self.session.demo:
            self.start_demo()
        try:
            while True:
                self.play_hand()
                played += 1
                if hands is not None and played >= hands:
                    break
                self.between_hands()
        except Quit:
            pass
        if self.session.demo:
            self.stop_demo(quiet=True)
        self.say("")
        self.say("CHIPS  " + self.chip_line())
        self.say("Bye.")
        return 0

    def title(self):
        self.say("%s   %s" % (PRODUCT, _game(self.session.game)["title"]))

    def between_hands(self):
        """Return when the next hand is to be dealt; raise Quit to leave."""
        for notice in self.session.take_notices():
            self.say("*** " + notice)
        self.say("")
        if self.session.demo:
            self.title()
            if self.demo_prompt():
                return
            self.stop_demo()
        while True:
            self.say("CHIPS  " + self.chip_line())
            choice = self.ask([("PLAY", "play"), ("SEL", "sel"), ("DEMO", "demo"),
                               ("QUIT", "quit")], "")
            if choice == "play":
                return
            if choice == "quit":
                raise Quit()
            if choice == "sel":
                self.select()
                continue
            self.start_demo()
            return

    def select(self):
        """SEL: each of the three positions in turn; then everyone restarts at 999."""
        s = self.session
        options = [(name, name) for name in CHOICES]
        while True:
            chosen = []
            for p in (1, 2, 3):
                chosen.append(self.ask(options, "SEL %s (now %s)" % (CORNERS[p].upper(),
                                                                     s.names[p])))
            try:
                s.select(chosen)
            except ValueError as e:
                self.say("%s; choose again." % e)
                continue
            break
        self.say("SEL: %s.  Everyone starts again with %d chips; the opponents forget "
                 "how you play." % ("  ".join(["%s %s" % (CORNER[p], s.names[p])
                                               for p in (1, 2, 3)]), s.chips[0]))

    def start_demo(self):
        self.session.toggle_demo()
        self.say("DEMO - the computer plays every seat, yours too, with fresh chips each hand.")

    def stop_demo(self, quiet=False):
        self.session.toggle_demo()  # your game goes on where you left it
        if not quiet:
            self.say("DEMO OFF - back to your game.")

    def demo_prompt(self):
        """True: deal the next demo hand; False: stop the demo.  Q or end of input quits."""
        while True:
            self.out.write("DEMO  press Enter for the next demo hand, D to stop demo\n> ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                self.say("")
                raise Quit()
            text = line.strip().upper()
            if text == "":
                return True
            if text in ("D", "DEMO", "STOP"):
                return False
            if text in ("Q", "QUIT"):
                raise Quit()
            self.say("'%s' is not a choice here: Enter plays on, D stops the demo; Q quits."
                     % line.strip())

    def chip_line(self):
        s = self.session
        return "   ".join(["%s %s" % (s.names[p], "BUST" if s.chips[p] == 0 else s.chips[p])
                           for p in s.positions()])

    # ---- one hand ------------------------------------------------------------
    def play_hand(self):
        self.hand = hand = self.session.deal(rng=self.rng)  # may rebuy busted opponents
        self.seen = 0
        self.left = [self.session.chips[p] for p in self.session.positions()]
        self.street = -1
        self.say("")
        for notice in self.session.take_notices():
            self.say("*** " + notice)
        self.hand_no += 1
        self.say("=== HAND %d%s ===  everyone antes %d" % (self.hand_no,
                                                          " (DEMO)" if self.session.demo else "",
                                                          hand.game["ante"]))
        self.report()
        while hand.to_act is not None:
            seat = hand.to_act
            if not self.session.computer_plays(hand):
                word = self.your_turn(hand.legal())
            elif self.use_baseline and seat != YOU:
                word = baseline.decide(hand.legal(), hand.cards(seat))
            else:
                word = self.session.bot_move(hand, self.bot_rng, self.samples, self.budget_ms)
            hand.act(word)
            self.report()
        self.show_result()
        self.session.settle(hand)  # the opponents learn from what you showed them

    def your_turn(self, legal):
        self.show_table()
        hand = self.hand
        owe = hand.to_call(YOU)
        title = "YOUR MOVE" + ("  (to call %d)" % owe if owe > 0 else "")
        options = [(WORDS[w], w) for w in legal] + [(WORDS[AUTO], AUTO), (WORDS[HINT], HINT)]
        while True:
            choice = self.ask(options, title)
            if choice == HINT:
                word, chance = bots.hint(SeatView(hand, YOU), self.help_rng,
                                         self.samples, self.budget_ms)
                self.say("HINT  %s   your chance to win about %d%%" % (WORDS[word],
                                                                     (chance + 5) // 10))
                continue
            if choice == AUTO:
                choice = bots.auto(SeatView(hand, YOU), self.help_rng,
                                   self.samples, self.budget_ms)
                self.say("AUTO chooses %s" % WORDS[choice])
            return choice

    def name(self, seat):
        return self.session.names[self.session.positions()[seat]]

    def report(self):
        """Print what happened since last time: deals, bets and passes, in order."""
        hand = self.hand
        history = hand.history
        while self.seen < len(history):
            street, seat, word, chips = history[self.seen]
            self.seen += 1
            self.left[seat] -= chips
            self.deal_up_to(street)
            if word == "ante":
                continue
            line = "%s %s" % (self.name(seat), WORDS.get(word, word.upper()))
            if chips:
                line += " %d" % chips
            if chips and self.left[seat] == 0:
                line += "  (ALL IN)"
            self.say(line)
        self.deal_up_to(hand.street)

    def deal_up_to(self, street):
        while self.street < street:
            self.street += 1
            self.say("--- %s ---  %s" % (STREETS[self.street], self.dealt(self.street)))

    def dealt(self, street):
        """The cards street `street` dealt: everyone's up cards, and your down cards."""
        hand = self.hand
        kinds = hand.game["streets"]
        ups = sum([k.count("u") for k in kinds[:street]])
        downs = sum([k.count("d") for k in kinds[:street]])
        n_up = kinds[street].count("u")
        n_down = kinds[street].count("d")
        parts = []
        for seat in range(hand.n):
            up = hand.up[seat][ups:ups + n_up]
            down = hand.down[seat][downs:downs + n_down]
            if not up and not down:
                continue  # out of the hand before this street
            shown = []
            if down:
                shown.append(cards.format(down) if seat == YOU else " ".join(["??"] * len(down)))
                if up:
                    shown[-1] += " |"
            if up:
                shown.append(cards.format(up))
            parts.append("%s %s" % (self.name(seat), " ".join(shown)))
        return "   ".join(parts)

    def show_table(self):
        hand = self.hand
        self.say("")
        self.say("POT %d   %s" % (hand.pot, STREETS[hand.street]))
        positions = self.session.positions()
        # Seats in the order they sit around the table: you last, at the bottom right.
        for seat in list(range(1, hand.n)) + [YOU]:
            p = positions[seat]
            label = "%-3s %-3s" % (self.session.names[p], CORNER[p])
            if hand.folded[seat]:
                self.say("  %s  %5s   PASSED" % (label, self.chips(seat)))
                continue
            hole = (cards.format(hand.down[seat]) if seat == YOU
                    else " ".join(["??"] * len(hand.down[seat])))
            self.say("  %s  %5s   %s | %s" % (label, self.chips(seat), hole,
                                              cards.format(hand.up[seat])))

    def chips(self, seat):
        if self.session.is_bust(self.session.positions()[seat], self.hand):
            return "BUST"
        return str(self.hand.stacks[seat])

    def show_result(self):
        hand = self.hand
        result = hand.result
        if result["shown"]:
            self.say("")
            self.say("=== SHOWDOWN ===")
            for seat in sorted(result["shown"]):
                s = result["shown"][seat]
                self.say("  %-3s  %-20s  best %-14s  %s" % (self.name(seat), cards.format(s["cards"]),
                                                           cards.format(s["best"]), s["name"]))
        # A layer only its owner could win is an uncalled bet coming back, not a win.
        back = [0] * hand.n
        if len(result["pots"]) > 1:
            for amount, eligible, _ in result["pots"]:
                if len(eligible) == 1:
                    back[eligible[0]] += amount
        won = [result["amounts"][s] - back[s] for s in range(hand.n)]
        winners = [s for s in range(hand.n) if won[s]]
        for seat in winners:
            name = self.name(seat)
            line = "%s %s %d" % (name, "WIN" if seat == YOU else "WINS", won[seat])
            if not result["shown"]:
                line += "  (everyone else passed)"
            elif len(winners) > 1 and len(result["pots"]) - (1 if any(back) else 0) == 1:
                line += "  (split pot)"
            self.say(line)
        for seat in range(hand.n):
            if back[seat]:
                self.say("%s TAKES BACK %d" % (self.name(seat), back[seat]))

    # ---- input and output -----------------------------------------------------
    def say(self, text):
        self.out.write(text + "\n")
        self.out.flush()

    def ask(self, options, title):
        """Show a numbered menu of (label, value); return the chosen value.

        Accepts the number, the label, or its first letter (any case); Q or end
        of input raises Quit; anything else explains itself and asks again.
        """
        menu = "  ".join(["%d %s" % (i + 1, label) for i, (label, _) in enumerate(options)])
        while True:
            self.out.write("%s%s%s\n> " % (title, "  " if title else "", menu))
            self.out.flush()
            line = self.inp.readline()
            if not line:
                self.say("")
                raise Quit()
            text = line.strip().upper()
            value = pick(options, text)
            if value is not None:
                return value
            if text in ("Q", "QUIT"):
                raise Quit()
            self.say("'%s' is not a choice here: type 1-%d, a word (%s) or its first letter; Q quits."
                     % (line.strip(), len(options), " ".join([label for label, _ in options])))


def pick(options, text):
    """The value of the option named by `text` (number, word or first letter), else None."""
    if text.isdigit():
        i = int(text) - 1
        return options[i][1] if 0 <= i < len(options) else None
    for label, value in options:
        if text == label or text == value.upper():
            return value
    if len(text) == 1:
        found = [value for label, value in options if label[0] == text]
        if len(found) == 1:
            return found[0]
    return None


def parse_args(argv):
    opts = {"seed": None, "hands": None, "opponents": list(OPPONENTS),
            "demo": False, "baseline": False}
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in ("-h", "--help"):
            opts["help"] = True
            return opts
        if arg in ("--demo", "--baseline"):
            opts[arg[2:]] = True
            i += 1
            continue
        key, sep, value = arg.partition("=")
        if key not in ("--seed", "--hands", "--opponents"):
            raise ValueError("unknown option '%s' (try --help)" % arg)
        if not sep:
            i += 1
            if i >= len(argv):
                raise ValueError("%s needs a value" % key)
            value = argv[i]
        if key == "--opponents":
            names = [n.strip().upper() for n in value.split(",")]
            if len(names) > 3:
                raise ValueError("at most 3 opponents (bottom left, top left, top right)")
            opts["opponents"] = names + [OUT] * (3 - len(names))
        else:
            try:
                n = int(value)
            except ValueError:
                raise ValueError("%s needs a whole number, not '%s'" % (key, value))
            if key == "--hands" and n < 1:
                raise ValueError("--hands needs at least 1")
            opts[key[2:]] = n
        i += 1
    return opts


def main(argv=None, inp=None, out=None):
    argv = sys.argv[1:] if argv is None else argv
    try:
        opts = parse_args(argv)
        session = Session(GAME, opts["opponents"])
    except ValueError as e:
        sys.stderr.write("textgame: %s\n" % e)
        return 2
    out = out or sys.stdout
    if opts.get("help"):
        out.write(__doc__)
        return 0
    seed = opts["seed"]
    if seed is None:
        rngs = [device_rng() for _ in range(3)]
        budget_ms = bots.BUDGET_MS
    else:
        rngs = [Rng(seed ^ stream) for stream in (DEAL_STREAM, BOT_STREAM, HELP_STREAM)]
        budget_ms = 0  # no clock: a slow or busy machine must not change a seeded game
    game = TextGame(session, rngs[0], inp or sys.stdin, out, bot_rng=rngs[1],
                    help_rng=rngs[2], budget_ms=budget_ms, use_baseline=opts["baseline"],
                    demo=opts["demo"])
    try:
        return game.run(opts["hands"])
    except KeyboardInterrupt:
        out.write("\n")
        return 0
    except BrokenPipeError:  # the reader went away (| head): nothing left to tell
        # Point stdout at devnull so the interpreter's final flush stays quiet too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
