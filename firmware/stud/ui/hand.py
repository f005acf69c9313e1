"""The hand at the table: the deal, the beats (action flashes, cards dealt one by one,
the showdown with the winner blinking), your turn and its commands, SEL between
hands, demo (the computer plays every seat) and the notices (rebuys, BUST).

Hands is the controller, the scene at the bottom of the loop's stack (stud.ui.app),
showing the table or the title page; TableState (stud.ui.tablestate) is its state, what the table
and the title pages and the draw screen read, with its changes between hands.  The
animations and the showdown are in stud.ui.beats; SEL and the demo in
stud.ui.between, loaded while wanted.

Your turn: UP/DOWN (and LEFT/RIGHT, seed 004) cycle the commands - the legal
words in the cartridge's order (PASS CALL RAISE CHECK BET, then the game's
own), a command per size when a wager has several, then AUTO and HINT - and
PRESS executes.  Five card draw's draw is a scene of its own (stud.ui.yourdraw, pushed
when your draw comes; the draw chosen comes back as TableState.drawn).
"""
from stud.core import events
from stud.core import actions
from stud.core.words import say
from stud.play.session import bots, effort
from stud.play.view import SeatView
from stud.core import lazy
from stud.ui.tablestate import TableState, DISCARD, IDLE, SELECT, HAND, SHOW, DEAL, FLASH, END
from stud.ui.screens import cards_bit, COMMAND, AUTO, HINT

ORDER = (actions.FOLD, actions.CALL, actions.RAISE, actions.CHECK, actions.BET)  # the cycle
TABLE = "table"             # the scene's name on the loop's stack (stud.ui.app)
BETWEEN = "stud.ui.between"     # SEL, demo, the menu's changes: loaded while wanted


class Hands:
    def __init__(self, ui, rng, bot_rng, help_rng, samples, budget_ms, now):
        self.ui = ui
        self.rng = rng                  # deals
        self.bot_rng = bot_rng
        self.help_rng = help_rng        # AUTO, HINT
        self.samples = samples          # how long the bots think (None: their own)
        self.budget_ms = budget_ms
        self.state = TableState(ui.session, now)

    # ---- input ----------------------------------------------------------------------
    def event(self, code, now):
        if self.state.session.demo:
            if code == events.PRESS or code == events.RIGHT:
                self.demo(now)              # one press ends it (the cartridge's D)
            return
        if self.state.on_title:
            if code == events.PRESS:
                self.show(False)
            elif code == events.RIGHT:
                self.demo(now)              # one input starts it (the cartridge's D)
        else:
            self._table_event(code, now)

    def show(self, title):
        """The title page (True) or the table; shown now if the table is on top."""
        self.state.on_title = title
        ui = self.ui
        if ui.top(TABLE) is self:
            ui.switch(ui.title if title else ui.table, self.state)

    def resume(self, now):
        """On top again (a scene over it went): an interrupted flash or showdown plays in
        full, a demo asked for in the menu starts if no hand is in play."""
        st = self.state
        st.beat_start = now
        st.show_start = now
        st.title_start = now
        if not st.on_title:
            self.apply_pending()
        if st.drawn is not None:         # back from your draw (stud.ui.yourdraw): it goes in
            self.show(False)
            word = st.drawn
            st.drawn = None
            self.act(word, now)
            return
        self.show(st.on_title)

    def _table_event(self, code, now):
        st = self.state
        phase = st.phase
        if phase == HAND:
            if st.your_turn:
                self._turn_event(code, now)
        elif phase == IDLE:
            if code == events.RIGHT:
                self.demo(now)              # between hands: RIGHT, as on the title page
            elif code == events.UP or code == events.DOWN:
                st.idle_cmd ^= 1
                self.ui.touch(COMMAND)
            elif code == events.PRESS:
                if st.idle_cmd == 0:
                    self.deal(now)
                else:
                    self._start_select()
        elif phase == SELECT:
            self._select_event(code)
        elif phase == SHOW:
            if code == events.PRESS:
                _beats().after_show(self, now)

    def _turn_event(self, code, now):
        st = self.state
        # UP/DOWN cycle the commands; LEFT/RIGHT too (seed 004: left and right move
        # between the choices).
        if code == events.UP or code == events.LEFT:
            st.cmd = (st.cmd - 1) % len(st.cmds)
            self.ui.touch(COMMAND)
        elif code == events.DOWN or code == events.RIGHT:
            st.cmd = (st.cmd + 1) % len(st.cmds)
            self.ui.touch(COMMAND)
        elif code == events.PRESS:
            self._execute(now)

    # ---- the session ----------------------------------------------------------------
    def update(self, now):
        """Advance the beats, the computer's decisions, the showdown, the notices.
        (Few locals: a call frame of more than 11 words comes from the heap.)"""
        st = self.state
        on_top = self.ui.top(TABLE) is self
        if on_top and not st.on_title:
            if st.beat or st.beats:
                _beats().run(self, now)
            if st.phase == HAND:
                if not st.beat and not st.beats:
                    self._turn(now)
            elif st.phase == SHOW:
                _beats().show(self, now)
            if st.msg is not None or st.msgs:
                _beats().messages(self, now)
        elif on_top and st.session.demo:
            _beats().demo_title(self, now)
        if self._is_busy() != st.busy:
            st.busy = not st.busy
            self.ui.touch(COMMAND)     # your command shows only while nothing animates

    def _is_busy(self):
        st = self.state
        if st.on_title or st.phase != HAND or st.session.demo or self.ui.top(TABLE) is None:
            return False            # (in demo a press must reach the table: it ends it)
        if st.beat or st.beats:
            return True
        h = st.hand
        return h.to_act is not None and st.session.computer_plays(h)

    def _turn(self, now):
        h = self.state.hand
        if h.to_act is None:
            return
        if self.state.session.computer_plays(h):
            self._computer(h, now)
        elif not self.state.your_turn:
            self._start_turn()

    def _computer(self, h, now):
        word, _ = self.state.session.bot_decision(h, self.bot_rng, self.samples, self.budget_ms)
        lazy.drop(DISCARD)          # a draw's code goes once it is chosen
        self.act(word, now)

    def deal(self, now):
        st = self.state
        s = st.session
        self.apply_pending()
        lazy.settle()
        h = s.deal(rng=self.rng)
        self.ui.keep_hand(h, s)      # kept from the deal on (not a demo hand)
        self.seat(h)
        for notice in s.take_notices():
            st.msgs.append(notice)
        st.beats = [(DEAL, -1, None)]
        for street, seat, word, chips in h.history:
            if word == actions.BRINGIN:
                st.beats.append((FLASH, seat, word))    # (tandy7's flashes BET)
        if h.to_act is None:    # all in on the antes: every card is dealt, then the showdown
            st.beats.append((END, -1, None))
        if self.ui.log is not None:
            self.ui.note("HAND %d%s: %s" % (st.hands_dealt, " (DEMO)" if s.demo else "",
                                            " ".join(["%s %d" % (s.names[p], s.chips[p])
                                                      for p in st.pos_of])))
        self.show(False)

    def seat(self, h):
        """A hand comes to the table: its seats, its view, the beats and words of the
        last one cleared."""
        st = self.state
        s = st.session
        st.hand = h
        st.hands_dealt += 1
        positions = s.positions()
        seat_of = [-1, -1, -1, -1]
        for k in range(len(positions)):
            seat_of[positions[k]] = k
        st.seat_of = seat_of
        st.pos_of = positions
        st.shown = bytearray(h.n)
        self._view(h)
        st.phase = HAND
        st.your_turn = False
        st.cmd_done = None
        st.hint_a = st.hint_b = None
        st.result_a = st.result_b = None
        st.winners = 0
        st.flash_seat = -1
        st.fresh = 0
        drew, names, shown = st.drew, st.show_names, st.show_cards
        for k in range(4):
            drew[k] = names[k] = shown[k] = None
        st.dealer_pos = positions[h.dealer] if h.game["open"] == "dealer" else -1
        st.beats = []

    def _view(self, h):
        """What the table shows of the hand: your seat's view, the pot in the middle
        until the winner is shown (stud.ui.beats' end_hand)."""
        self.state.view = v = SeatView(h, 0)
        if h.result is not None:
            v.stacks = [v.stacks[k] - h.result["amounts"][k] for k in range(h.n)]
        return v

    def act(self, word, now):
        """A seat's command goes to the engine; its flash and the cards it deals follow."""
        st = self.state
        h = st.hand
        seat = h.to_act
        lazy.settle()
        h.act(word)
        self.ui.keep_hand(h)
        v = self._view(h)
        st.hint_a = st.hint_b = None
        if seat == 0 and actions.base(word) == actions.DRAW:
            st.fresh = actions.draw_mask(actions.draw_positions(word))  # in inverse until you act
        st.beats.append((FLASH, seat, word))
        for s in range(h.n):
            if not v.folded[s] and st.shown[s] < len(v.up[s]) + v.hidden[s]:
                st.beats.append((DEAL, -1, None))
                break
        if h.to_act is None:
            st.beats.append((END, -1, None))
        if actions.base(word) in actions.WAGERS:
            self.ui.sound("bet")
        if self.ui.log is not None:
            self.ui.note("  %s %s" % (st.session.names[st.pos_of[seat]], say(word)))
        self.ui.touch()

    def _start_turn(self):
        st = self.state
        h = st.hand
        legal = h.legal()
        if legal == [actions.DRAW]:
            self._start_draw(h)
            return
        cmds = []
        for word in ORDER + tuple([w for w in legal if w not in ORDER]):
            if word not in legal:
                continue
            sizes = h.amounts(word) if word in actions.WAGERS else ()
            if len(sizes) > 1:          # a choice of sizes: one command each ("bet:10")
                for size in sizes:
                    cmds.append("%s:%d" % (word, size))
            else:
                cmds.append(word)
        cmds.append(AUTO)
        beaten = legal == [actions.SHOW, actions.MUCK]
        if beaten:      # casino showdown: your hand does not beat the best one shown
            lazy.load(BETWEEN).reveal_so_far(self.ui, st, h)   # (casino: the hands
            lazy.drop(BETWEEN)                                   # shown before yours)
            st.hint_a = "SHOW OR MUCK"
            st.hint_b = "YOUR HAND IS BEATEN"
        else:
            cmds.append(HINT)
        st.cmds = cmds
        st.cmd_amounts = [h.price(c) for c in cmds]
        st.cmd_words = [say(c) for c in cmds]
        # Start on the safe choice: CHECK when free, else CALL, never PASS by accident
        # (a beaten hand: MUCK, as the opponents always do).
        check, call, muck = actions.CHECK, actions.CALL, actions.MUCK
        st.cmd = cmds.index(check) if check in cmds else (
            cmds.index(call) if call in cmds else (cmds.index(muck) if beaten else 0))
        st.your_turn = True
        self.ui.touch()

    def _start_draw(self, h):
        """Seed 004's draw, a scene of its own (stud.ui.yourdraw; the stud games never load
        it), with the bots' draw (for AUTO and HINT, and the opponent's draw after)."""
        lazy.load(DISCARD)
        self.ui.push("yourdraw", self.ui.ticks_ms(), self.help_rng, *self.thinking())

    def thinking(self):
        """(samples, budget_ms) for AUTO and HINT: the loop's, or the bots' own."""
        return effort(bots(), self.samples, self.budget_ms)

    def _execute(self, now):
        st = self.state
        word = st.cmds[st.cmd]
        view = SeatView(st.hand, 0)
        if word == HINT:
            samples, budget_ms = self.thinking()
            advice, chance = bots().hint(view, self.help_rng, 2 * samples, budget_ms)
            st.hint_a = "HINT: " + say(advice)
            st.hint_b = "YOUR CHANCE TO WIN %d%%" % ((chance + 5) // 10)
            self.ui.touch()
            return
        st.cmd_done = say(word)
        if word == AUTO:
            word = bots().auto(view, self.help_rng, *self.thinking())
        st.your_turn = False
        if st.fresh:
            st.fresh = 0
            self.ui.touch(cards_bit(0))
        self.act(word, now)

    # ---- SEL and the demo (stud.ui.between) ------------------------------------------
    def _start_select(self):
        lazy.load(BETWEEN).start_select(self.ui, self.state)

    def _select_event(self, code):
        between = lazy.load(BETWEEN)
        between.select_event(self.ui, self.state, code)
        if self.state.phase != SELECT:
            between = None
            lazy.drop(BETWEEN)    # SEL is over: its code goes

    def demo(self, now):
        """RIGHT on the title page or between hands starts the demo, PRESS or RIGHT in it
        ends it (stud.ui.between)."""
        lazy.load(BETWEEN).demo(self.ui, self.state, now)
        lazy.drop(BETWEEN)
        self.show(self.state.on_title)

    def apply_pending(self):
        st = self.state
        if st.pending_demo and st.phase == IDLE:
            st.pending_demo = False
            st.session.toggle_demo()
            self.ui.note("DEMO ON")


def _beats():
    """stud.ui.beats (the deal, the flashes, the showdown): imported at the first hand,
    not at boot, which shows the title page without it."""
    from stud.ui import beats
    return beats
