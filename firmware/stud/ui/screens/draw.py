"""Your draw in five card draw (seed 004): mark up to three cards, then DRAW.

    +---------------------------------+
    |YOUR DRAW                POT 150 |  title bar, inverse
    |         SID DREW 2              |  what the opponent did (or will do)
    |      _       _                  |
    |    [7c]  Ks  Kd [2s]  4h        |  marked cards raised, in inverse video
    |           ^                     |  the cursor under a card (a small triangle)
    |  MARK UP TO 3 CARDS, THEN DRAW  |  help, or a short answer
    |  [DRAW 2]      AUTO      HINT   |  the cursor on a button: inverse
    +---------------------------------+

Drawn from the draw scene's YourDraw (stud.ui.yourdraw: the cursor, the marks, the line
under the cards), which takes the input.
"""
from stud.core.compat import const
from stud.ui.gfx import glyphs
from stud.ui.gfx.fonts import SMALL
from stud.ui.gfx.frame import image
from stud.core.words import PAT
from stud.ui.screens import Screen, centred

CARDS = const(5)
DRAW_AT = const(5)          # cursor positions (stud.ui.yourdraw's YourDraw): 0-4 the cards,
                            # then DRAW, AUTO, HINT

_CARD_X = const(24)         # the first card's left edge; 5 cards, 18 pixels apart
_CARD_STEP = const(18)
_CARD_Y = const(23)
_RAISED_Y = const(18)       # a marked card sits 5 pixels higher
_CURSOR_Y = const(38)
CURSOR = image(bytearray(b"\x04\x06\x07\x06\x04"), 5, 3)   # a small triangle, pointing up
_BUTTON_Y = const(56)
BUTTON_X = (22, 66, 106)   # centres of DRAW, AUTO, HINT

TITLE = "YOUR DRAW"
DRAW_WORDS = (PAT, "DRAW 1", "DRAW 2", "DRAW 3", "DRAW 4", "DRAW 5")
BUTTONS = (None, "AUTO", "HINT")
TOO_MANY = "%d CARDS AT MOST"
HELP = "MARK UP TO %d CARDS, THEN DRAW"


def _cursor(frame, x, y):
    """The cursor under the card at x."""
    frame.glyph(CURSOR, x + 1, y)


class Draw(Screen):
    NAME = "draw"
    REGIONS = (
        ("title", 0, 0, 128, 8),
        ("info", 0, 8, 128, 8),
        ("cards", 0, 16, 128, 28),
        ("message", 0, 44, 128, 9),
        ("buttons", 0, 53, 128, 11),
    )

    def spec_functions(self):
        return (self.spec_title, self.spec_info, self.spec_cards, self.spec_message,
                self.spec_buttons)

    def draw_functions(self):
        return (self.draw_title, self.draw_info, self.draw_cards, self.draw_message,
                self.draw_buttons)

    def spec_title(self, st, s, i):
        s.reset()
        s.n = st.view.pot

    def draw_title(self, frame, st, s, i):
        frame.fill_rect(0, 0, 128, 7, 1)
        frame.text(TITLE, 2, 1, 0)
        w = SMALL.width("POT") + SMALL.space + SMALL.number_width(s.n)
        x = frame.text("POT", 126 - w, 1, 0) + SMALL.space - 1
        frame.number(s.n, x, 1, 0)

    def spec_info(self, st, s, i):
        s.reset()
        s.a = st.your_draw.info

    def draw_info(self, frame, st, s, i):
        if s.a is not None:
            centred(frame, s.a, 10)

    def spec_cards(self, st, s, i):
        d = st.your_draw
        s.reset()
        s.a = d.cards
        s.n = d.marks
        s.k = d.cursor

    def draw_cards(self, frame, st, s, i):
        cards = s.a
        for j in range(len(cards)):
            x = _CARD_X + j * _CARD_STEP
            if s.n >> j & 1:
                glyphs.card(frame, cards[j], x, _RAISED_Y, glyphs.MARKED)
            else:
                glyphs.card(frame, cards[j], x, _CARD_Y, glyphs.PLAIN)
            if j == s.k:
                _cursor(frame, x, _CURSOR_Y)

    def spec_message(self, st, s, i):
        s.reset()
        s.a = st.your_draw.msg

    def draw_message(self, frame, st, s, i):
        if s.a is not None:
            centred(frame, s.a, 46)

    def spec_buttons(self, st, s, i):
        d = st.your_draw
        s.reset()
        s.a = DRAW_WORDS[d.count()]
        s.k = d.cursor

    def draw_buttons(self, frame, st, s, i):
        for b in range(3):
            text = s.a if b == 0 else BUTTONS[b]
            w = SMALL.width(text)
            x = BUTTON_X[b] - w // 2
            c = 1
            if s.k == DRAW_AT + b:
                frame.fill_rect(x - 1, _BUTTON_Y - 1, w + 2, 7, 1)
                c = 0
            frame.text(text, x, _BUTTON_Y, c)
