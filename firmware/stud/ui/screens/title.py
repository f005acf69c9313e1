"""The title page: the product, the game (seed 000: "7 CARD STUD LIMIT RAISE"),
a royal flush, and what to do (PRESS to play, RIGHT for the demo - as between hands -,
hold for the menu); DEMO while the computer plays every seat (PRESS stops it)."""
from stud.ui.gfx import glyphs
from stud.ui.gfx.fonts import SMALL, BIG
from stud.ui.screens import Screen, centred

PRODUCT = "POCKET STUD"
DEMO_HELP = "RIGHT: DEMO  HOLD: MENU"     # the cartridge's D key: one input starts the demo
STOP_HELP = "PRESS: STOP  HOLD: MENU"     # ... and one ends it
_FAN = (51, 47, 43, 39, 35)   # A-K-Q-J-10 of spades

REGIONS = (
    ("product", 0, 0, 128, 13),
    ("cards", 0, 13, 128, 15),
    ("game", 0, 29, 128, 14),
    ("prompt", 0, 44, 128, 20),
)


class Title(Screen):
    NAME = "title"
    REGIONS = REGIONS

    def spec_functions(self):
        return (self.spec_static, self.spec_static, self.spec_game, self.spec_prompt)

    def draw_functions(self):
        return (self.draw_product, self.draw_cards, self.draw_game, self.draw_prompt)

    def spec_static(self, st, s, i):
        s.reset()
        s.k = 0

    def spec_game(self, st, s, i):
        s.reset()
        s.a = st.game_title
        s.b = st.opponents_line

    def spec_prompt(self, st, s, i):
        s.reset()
        s.k = 1 if st.session.demo else 0

    def draw_product(self, frame, st, s, i):
        centred(frame, PRODUCT, 3, BIG)

    def draw_cards(self, frame, st, s, i):
        x = (128 - (len(_FAN) * 9 - 2)) // 2
        for c in _FAN:
            glyphs.card(frame, c, x, 14, glyphs.MARKED)
            x += 9

    def draw_game(self, frame, st, s, i):
        if s.a is not None:
            centred(frame, s.a, 30)
        if s.b is not None:
            centred(frame, s.b, 37)

    def draw_prompt(self, frame, st, s, i):
        if s.k:
            frame.fill_rect(46, 46, 36, 9, 1)
            centred(frame, "DEMO", 48, SMALL, 0)
            centred(frame, STOP_HELP, 58)
        else:
            centred(frame, "PRESS TO PLAY", 48)
            centred(frame, DEMO_HELP, 58)
