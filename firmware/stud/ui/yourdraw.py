"""Your draw in five card draw (seed 004), a scene over the table (stud.ui.app's "yourdraw"):
pushed by the table (stud.ui.hand) when your draw comes and popped when you answer, so
the stud games never load it.

Seed 004's controls: LEFT/RIGHT move over the five cards and on past the last
one to DRAW, AUTO and HINT; PRESS on a card marks it for discard or unmarks it
(a fourth mark is refused); PRESS on DRAW draws (no card marked: STAND PAT),
AUTO lets the computer choose, HINT marks the cards it would throw away and
moves the cursor to DRAW.  UP/DOWN jump between the cards and the buttons.
The cursor and the marks are a YourDraw, kept in the table's state (TableState.your_draw)
where the draw screen (stud.ui.screens.draw) reads it; PRESS on DRAW, AUTO or
HINT answers: the draw goes to the engine and the table comes back.
"""
from stud.core.compat import const
from stud.core import actions, events
from stud.core.words import say
from stud.play.session import bots
from stud.core import lazy
from stud.ui.tablestate import DISCARD
from stud.play.view import SeatView
from stud.ui.screens.draw import Draw, CARDS, DRAW_AT, DRAW_WORDS, HELP, TOO_MANY
from stud.ui.screens import AUTO, HINT

_AUTO_AT = const(6)         # the cursor's stops after the cards: DRAW_AT, then these
_HINT_AT = const(7)
_STOPS = const(8)


def _count(mask):
    n = 0
    while mask:
        n += mask & 1
        mask >>= 1
    return n


def command(mask):
    """The engine's word for a set of marks: 'draw:0,3' (positions), 'draw:' stands pat."""
    return actions.draw_word([i for i in range(CARDS) if mask >> i & 1])


class YourDraw:
    """The state of your draw: the cursor, the marks, the line shown under the cards.

    event(code) moves the cursor or toggles a mark and returns None, or what was
    chosen: a draw word ("draw:1,4"), AUTO or HINT."""

    def __init__(self):
        self.cards = b""
        self.most = 3
        self.marks = 0
        self.cursor = 0
        self.card = 0           # the card the cursor was last on (UP/DOWN come back to it)
        self.info = None
        self.help = None
        self.too_many = None
        self.msg = None

    def start(self, cards, most, info):
        self.cards = cards
        self.most = most
        self.marks = 0
        self.cursor = 0
        self.card = 0
        self.info = info
        self.help = HELP % most
        self.too_many = TOO_MANY % most
        self.msg = self.help

    def count(self):
        return _count(self.marks)

    def word(self):
        return command(self.marks)

    def event(self, code):
        self.msg = self.help
        if code == events.LEFT or code == events.RIGHT:
            self.cursor = (self.cursor + (1 if code == events.RIGHT else -1)) % _STOPS
            if self.cursor < CARDS:
                self.card = self.cursor
        elif code == events.UP or code == events.DOWN:
            self.cursor = DRAW_AT if self.cursor < CARDS else self.card
        elif code == events.PRESS:
            c = self.cursor
            if c < CARDS:
                bit = 1 << c
                if self.marks & bit:
                    self.marks &= ~bit
                elif self.count() >= self.most:
                    self.msg = self.too_many     # no four-card turn-ins (seed 004)
                else:
                    self.marks |= bit
            elif c == DRAW_AT:
                return self.word()
            elif c == _AUTO_AT:
                return AUTO
            else:
                return HINT
        return None

    def suggest(self, word):
        """HINT's advice: its discards marked, the cursor on DRAW (PRESS takes it)."""
        self.marks = actions.draw_mask(actions.draw_positions(word))
        self.cursor = DRAW_AT
        n = self.count()
        self.msg = "HINT: " + DRAW_WORDS[n] + (" - MARKED" if n else "")


class Scene:
    """Your draw: the table's state (the loop's play) and how AUTO and HINT think (the
    table's help_rng, samples, budget_ms); the draw chosen goes back to the table as
    TableState.drawn, which plays it when it is on top again."""

    def __init__(self, ui, now, help_rng, samples, budget_ms):
        self.ui = ui
        self.help = (help_rng, samples, budget_ms)
        st = ui.tablestate
        h = self.hand = st.hand
        self.screen = Draw()
        st.your_draw = d = YourDraw()
        other = st.session.names[st.pos_of[1]]
        info = other + " DRAWS AFTER YOU"
        for street, seat, word, marks in h.history:
            if word == actions.DRAW and seat != 0:
                info = "%s DREW %d" % (other, len(marks)) if marks else other + " STOOD PAT"
        d.start(h.down_cards(0), h.game["max_draw"], info)
        st.cmds = [actions.DRAW, AUTO, HINT]       # what the draw screen offers
        st.cmd_amounts = [0, 0, 0]
        st.cmd_words = [say(c) for c in st.cmds]
        st.cmd = 0
        st.your_turn = True

    def resume(self, now):
        """Shown again; if the hand was dropped meanwhile (the menu changed the game),
        the draw goes with it."""
        st = self.ui.tablestate
        if st.hand is not self.hand:
            self.ui.pop(now)
        else:
            self.ui.switch(self.screen, st)

    def event(self, code, now):
        """The cursor, the marks, then DRAW, AUTO or HINT."""
        ui = self.ui
        st = ui.tablestate
        chosen = st.your_draw.event(code)
        ui.touch()
        if chosen is None:
            return
        rng, samples, budget_ms = self.help
        view = SeatView(st.hand, 0)
        if chosen == HINT:
            st.your_draw.suggest(bots().draw(view, "balanced", rng, 2 * samples, budget_ms))
            return
        st.cmd_done = say(chosen)
        if chosen == AUTO:
            chosen = bots().auto(view, rng, samples, budget_ms)
        st.your_turn = False
        st.drawn = chosen
        st.your_draw = None     # its class would hold this module and the draw screen's
        lazy.drop(DISCARD)      # in the heap until the hand ends; the bots' draw goes too
        ui.pop(now)
