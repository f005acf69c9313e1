"""The table: four corners, the pot, your command line (seed 000's screen).

    +---------------------------------+
    |SID 997 (label)     JOE 990      |  rows 0-6: name or action flash, chips or BUST
    |## ## 7c Ks         ## ## 2d     |  rows 8-20: cards
    |            POT 33               |  rows 21-34: pot, winner, notices, HINT's answer
    |                      ^ CALL 4   |  rows 35-42: your command, above your cards
    |HAL 999             YOU 982      |  rows 43-49
    |## ## 9s            Qh 4c 4d     |  rows 51-63
    +---------------------------------+

Positions, clockwise from you: 0 bottom right (you), 1 bottom left, 2 top
left, 3 top right.  Up cards come first, the hole cards on the right after a
wider gap (seed 000: "the two cards on the right in your hand are the hole
cards"); yours are readable, the opponents' are backs; a folded hand is
removed.  At the showdown each live hand is shown whole, the five that play
first and marked (inverse video), and the corner names the hand; a hand mucked
at a casino showdown stays hidden and its corner says MUCK.

Five card draw is heads-up: the corners not dealt in stay empty, the dealer's
name carries a D button (towards the middle of the screen), and the cards you
have just drawn show in inverse video until you act again (the draw itself has
its own screen, stud.ui.screens.draw).
"""
from stud.core.compat import const
from stud.ui.gfx import glyphs
from stud.ui.gfx.fonts import SMALL, BIG
from stud.ui.screens import Screen, centred
from stud.ui.tablestate import IDLE, SELECT, HAND, SHOW   # the phases the table shows

_LEFT = (False, True, True, False)        # corners on the left half
_TOP = (False, False, True, True)
LABEL_Y = (44, 44, 1, 1)                  # the label's text row
CARDS_Y = (51, 51, 8, 8)
CARDS_X = (70, 0, 0, 70)
STEP = const(8)       # from one card to the next (7 pixels wide, a 1-pixel gap)
HOLE_GAP = const(3)   # extra pixels between the up cards and the hole cards
BUST = "BUST"
DEMO = "DEMO  PRESS: STOP"   # the command line while the computer plays every seat
PLAY = "PLAY"
SEL = "SEL"
SEL_HELP = "UP/DOWN: WHO  PRESS: NEXT"
SEL_WHERE = ("", "BOTTOM LEFT - LEFT: CANCEL", "TOP LEFT - LEFT: CANCEL",
             "TOP RIGHT - LEFT: CANCEL")      # the position chosen, and how to leave SEL
SEL_ASK = "PRESS: YES  LEFT: NO"
# SEL's last question: what it resets (stud.play.session's select: every game's chips and
# each opponent's model of you), over the answer on the command line
SEL_WARN = ("EVERY GAME'S CHIPS START AGAIN", "AND THE OPPONENTS FORGET YOU")
UPDOWN = "^"          # SMALL's up/down mark: UP/DOWN cycles the command
DEALER = "D"          # the dealer's button, next to the dealer's name (draw5)
_BUTTON_W = const(7)   # the button and the gap before it
CENTRE_Y = const(21)
_COMMAND_Y = const(36)  # text row of the command line

# Centre kinds (Spec.k of the centre region).
_C_NONE = const(0)
_C_POT = const(1)
_C_LINES = const(2)    # one big line and one small line: winner, notices, HINT
_C_SMALL = const(3)    # two small lines

# Command line kinds (Spec.k of the command region).
_K_NONE = const(0)
_K_CHOOSE = const(1)   # outlined, with the up/down mark: UP/DOWN cycles, PRESS executes
_K_DONE = const(2)     # inverse: the command being executed (the cartridge's red)

REGIONS = (
    ("label BR", 64, 43, 64, 7), ("label BL", 0, 43, 64, 7),
    ("label TL", 0, 0, 64, 7), ("label TR", 64, 0, 64, 7),
    ("cards BR", 64, 51, 64, 13), ("cards BL", 0, 51, 64, 13),
    ("cards TL", 0, 8, 64, 13), ("cards TR", 64, 8, 64, 13),
    ("centre", 0, 21, 128, 14),
    ("command", 0, 35, 128, 8),
)


class Table(Screen):
    NAME = "table"
    REGIONS = REGIONS

    def spec_functions(self):
        lab, crd = self.spec_label, self.spec_cards
        return (lab, lab, lab, lab, crd, crd, crd, crd, self.spec_centre, self.spec_command)

    def draw_functions(self):
        lab, crd = self.draw_label, self.draw_cards
        return (lab, lab, lab, lab, crd, crd, crd, crd, self.draw_centre, self.draw_command)

    # ---- a corner's label: name or action flash, chips or BUST (or the hand's name)
    def spec_label(self, st, s, p):
        s.reset()
        names = st.session.names
        phase = st.phase
        if phase == SELECT:
            _select_label(st, s, p)
            return
        seat = st.seat_of[p]
        if phase >= HAND and seat >= 0:
            if st.dealer_pos == p:
                s.m = 1         # the dealer's button (draw5: the deal alternates)
            if st.flash_seat == seat:
                s.a = st.flash_word
                s.k = 1
                return
            s.a = names[p]
            if phase == SHOW or st.show_names[seat] is not None:   # (casino: shown before you)
                if st.show_names[seat] is not None:
                    s.b = st.show_names[seat]
                else:
                    _chips(s, st.view.stacks[seat])
                if st.blink and st.winners & (1 << seat):
                    s.k = 1
                return
            if seat and st.drew[seat] is not None:
                s.b = st.drew[seat]     # draw5: the opponent's draw, until the betting ends
            _chips(s, st.view.stacks[seat])
            return
        if not st.seated & (1 << p):
            return          # OUT, or not dealt in (draw5 is heads-up)
        s.a = names[p]
        _chips(s, st.session.chips[p])

    def draw_label(self, frame, st, s, p):
        a, b, n = s.a, s.b, s.n
        if a is None:
            return
        y = LABEL_Y[p]
        if _LEFT[p] and not s.k and b is None and s.m < 1:
            x = frame.text(a, 1, y) + SMALL.space - 1       # the usual case: no measuring
            if n >= 0:
                frame.number(n, x, y)
            return
        w = SMALL.width(a)
        if b is not None:
            w += SMALL.space + SMALL.width(b)
            if w > 62:          # a long hand name: the corner shows it alone
                a = None
                w = SMALL.width(b)
        if n >= 0:
            w += SMALL.space + SMALL.number_width(n)
        button = s.m == 1 and w + _BUTTON_W <= 62
        x = 1 if _LEFT[p] else 127 - w
        if button and not _LEFT[p]:
            _button(frame, x - _BUTTON_W, y)      # towards the middle of the screen
        c = 1
        if s.k == 1:
            frame.fill_rect(x - 1, y - 1, w + 2, 7, 1)
            c = 0
        if a is not None:
            x = frame.text(a, x, y, c) + SMALL.space - 1
        if b is not None:
            x = frame.text(b, x, y, c) + SMALL.space - 1
        if n >= 0:
            frame.number(n, x, y, c)
        if button and _LEFT[p]:
            _button(frame, w + 3, y)             # the text takes columns 1 .. w

    # ---- a corner's cards
    def spec_cards(self, st, s, i):
        s.reset()
        p = i - 4
        if st.phase < HAND or st.hand is None:
            return
        seat = st.seat_of[p]
        if seat < 0 or st.view.folded[seat]:
            return
        s.a = st.hand
        if st.show_cards[seat] is not None:     # the showdown (casino: before yours too)
            s.b = st.show_cards[seat]
            s.k = 2
            return
        s.k = 1
        s.n = st.shown[seat]
        if seat == st.view.seat:
            s.m = st.fresh     # the cards you just drew (draw5)

    def draw_cards(self, frame, st, s, i):
        p = i - 4
        x = CARDS_X[p]
        y = CARDS_Y[p]
        if s.k == 2:
            hand = s.b
            for j in range(len(hand)):
                if j < 5:
                    glyphs.card(frame, hand[j], x + j * STEP, y, glyphs.MARKED)
                else:
                    glyphs.card(frame, hand[j], x + j * STEP + HOLE_GAP, y, glyphs.PLAIN)
            return
        if s.k != 1:
            return
        seat = st.seat_of[p]
        view = st.view
        ups = s.a.ups(s.n)      # (s.a: the hand)
        downs = s.n - ups
        up = view.up[seat]
        for j in range(ups):
            glyphs.card(frame, up[j], x, y, glyphs.PLAIN)
            x += STEP
        x += HOLE_GAP
        mine = view.down if seat == view.seat else None
        for j in range(downs):
            if mine is not None:
                glyphs.card(frame, mine[j], x, y, glyphs.MARKED if s.m >> j & 1 else glyphs.PLAIN)
            else:
                glyphs.card(frame, 0, x, y, glyphs.BACK)
            x += STEP

    # ---- the centre: pot, winner, notices, HINT's answer, what SEL asks
    def spec_centre(self, st, s, i):
        s.reset()
        phase = st.phase
        if phase == SHOW:
            s.k = _C_LINES
            s.a = st.result_a
            s.b = st.result_b
        elif st.msg is not None:
            s.k = _C_LINES
            s.a = st.msg
        elif phase == SELECT:
            s.k = _C_SMALL
            if st.sel_pos > 3:
                s.a, s.b = SEL_WARN
            else:
                s.a = SEL_WHERE[st.sel_pos]
                s.b = SEL_HELP
        elif phase == HAND:
            if st.hint_a is not None:
                s.k = _C_LINES
                s.a = st.hint_a
                s.b = st.hint_b
            else:
                s.k = _C_POT
                s.n = st.view.pot
        elif st.last_line is not None:
            s.k = _C_LINES
            s.a = st.last_line
        else:
            s.k = _C_NONE

    def draw_centre(self, frame, st, s, i):
        k = s.k
        if k == _C_POT:
            w = BIG.width("POT") + BIG.space + BIG.number_width(s.n)
            x = frame.text("POT", (128 - w) // 2, 24, 1, BIG) + BIG.space - 1
            frame.number(s.n, x, 24, 1, BIG)
        elif k == _C_LINES:
            if s.a is not None:
                font = BIG if BIG.width(s.a) <= 126 else SMALL
                centred(frame, s.a, 22, font)
            if s.b is not None:
                centred(frame, s.b, 30)
        elif k == _C_SMALL:
            if s.a is not None:
                centred(frame, s.a, 23)
            if s.b is not None:
                centred(frame, s.b, 29)

    # ---- your command line, above your cards
    def spec_command(self, st, s, i):
        s.reset()
        s.k = _K_NONE
        phase = st.phase
        demo = st.session.demo
        if demo:
            s.b = DEMO
        if phase == HAND:
            if st.cmd_done is not None:
                s.k = _K_DONE
                s.a = st.cmd_done
            elif st.your_turn and not st.busy:
                s.k = _K_CHOOSE
                s.a = st.cmd_words[st.cmd]
                s.n = st.cmd_amounts[st.cmd]
        elif phase == IDLE:
            if not demo:
                s.k = _K_CHOOSE
                s.a = PLAY if st.idle_cmd == 0 else SEL
        elif phase == SELECT:
            s.k = _K_DONE
            s.a = SEL
            if st.sel_pos > 3:
                s.b = SEL_ASK

    def draw_command(self, frame, st, s, i):
        if s.b is not None:
            frame.text(s.b, 1, _COMMAND_Y)
        if s.k == _K_NONE or s.a is None:
            return
        w = SMALL.width(s.a)
        if s.n > 0:
            w += SMALL.space + SMALL.number_width(s.n)
        x = 126 - w
        c = 1
        if s.k == _K_DONE:
            frame.fill_rect(x - 1, _COMMAND_Y - 1, w + 2, 7, 1)
            c = 0
        else:
            frame.text(UPDOWN, x - 5, _COMMAND_Y)
        x = frame.text(s.a, x, _COMMAND_Y, c) + SMALL.space - 1
        if s.n > 0:
            frame.number(s.n, x, _COMMAND_Y, c)


def _button(frame, x, y):
    """The dealer's button: D in inverse video, 5 pixels wide."""
    frame.fill_rect(x, y - 1, 5, 7, 1)
    frame.text(DEALER, x + 1, y, 0)


def _chips(s, chips):
    if chips == 0:
        s.b = BUST
    else:
        s.n = chips


def _select_label(st, s, p):
    """SEL: the position being chosen shows the candidate in inverse video."""
    names = st.session.names
    if p == 0:
        s.a = names[0]
        _chips(s, st.session.chips[0])
    elif p < st.sel_pos:
        s.a = st.sel_names[p - 1]
    elif p == st.sel_pos:
        s.a = st.sel_choices[st.sel_choice]
        s.k = 1
    else:
        s.a = names[p]
