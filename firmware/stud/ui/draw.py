"""Your draw in five card draw (seed 004), a scene over the table (stud.ui.app's "draw"):
pushed by the table (stud.ui.hand) when your draw comes and popped when you answer, so
the stud games never load it.

The cursor and the marks are the screen's Discard (kept in the table's state,
Play.discard, where the draw screen reads it); PRESS on DRAW, AUTO or HINT
answers: the draw goes to the engine and the table comes back.
"""
from stud.core import actions
from stud.core.words import say
from stud.play import bots
from stud.play.view import SeatView
from stud.ui.screens.draw import Draw, Discard
from stud.ui.screens.table import AUTO, HINT


class Scene:
    def __init__(self, ui, now, hands, h):
        self.ui = ui
        self.hands = hands
        self.hand = h
        self.screen = Draw()
        st = hands.state
        st.discard = d = Discard()
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
        st = self.hands.state
        if st.hand is not self.hand:
            self.ui.pop(now)
        else:
            self.ui.switch(self.screen, st)

    def event(self, code, now):
        """The cursor, the marks, then DRAW, AUTO or HINT."""
        hands = self.hands
        st = hands.state
        ui = self.ui
        chosen = st.discard.event(code)
        ui.touch()
        if chosen is None:
            return
        view = SeatView(st.hand, 0)
        if chosen == HINT:
            st.discard.suggest(bots.draw(view, "balanced", hands.help_rng, 2 * hands.samples,
                                         hands.budget_ms))
            return
        st.cmd_done = say(chosen)
        if chosen == AUTO:
            chosen = bots.auto(view, hands.help_rng, hands.samples, hands.budget_ms)
        st.your_turn = False
        ui.pop(now)
        hands.act(chosen, now)
