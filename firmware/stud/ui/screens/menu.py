"""The menu (a long press anywhere) and its text pages: rules, stats, last hands,
the questions (the pages' contents: stud.ui.page, stud.ui.screens.pages), and the
notice and error pages (stud.ui.alertpage).  Each draws from its scene's state
(stud.ui.menu's MenuState: items, index, top, version, value(i); the page and the
notice scenes: title, hint, lines).  Loaded while one is shown.

    +---------------------------------+
    |MENU                 HOLD: BACK  |  title bar, inverse
    |GAME            7 CARD STUD      |
    |SPEED                  MEDIUM    |  the cursor's line in inverse video;
    |SOUND                      ON    |  LEFT/RIGHT change a value, PRESS opens
    |...                              |  or changes, UP/DOWN move
    +---------------------------------+
"""
from stud.core.compat import const
from stud.ui.gfx.fonts import SMALL
from stud.ui.screens import Screen, right

LINES = const(9)       # menu lines on screen below the title bar
TOP = const(9)         # first line's text row
STEP = const(6)


def _title_bar(frame, title, hint):
    frame.fill_rect(0, 0, 128, 7, 1)
    frame.text(title, 2, 1, 0)
    if hint is not None:
        right(frame, hint, 125, 1, 0)


class Menu(Screen):
    NAME = "menu"
    REGIONS = (("title", 0, 0, 128, 8), ("items", 0, 8, 128, 56))

    def spec_functions(self):
        return (self.spec_title, self.spec_items)

    def draw_functions(self):
        return (self.draw_title, self.draw_items)

    def spec_title(self, st, s, i):
        s.reset()
        s.k = 0
        s.n = 1 if st.top > 0 else 0

    def draw_title(self, frame, st, s, i):
        _title_bar(frame, "MENU", "HOLD: BACK")
        if s.n:     # scrolled: more items above (here, clear of the items' values)
            frame.text("^", 2 + SMALL.width("MENU") + SMALL.space, 1, 0)

    def spec_items(self, st, s, i):
        s.reset()
        s.k = st.index
        s.n = st.top
        s.m = st.version

    def draw_items(self, frame, st, s, i):
        items = st.items
        top = s.n
        for row in range(LINES):
            j = top + row
            if j >= len(items):
                break
            y = TOP + row * STEP
            c = 1
            if j == s.k:
                frame.fill_rect(0, y - 1, 128, 7, 1)
                c = 0
            frame.text(items[j], 2, y, c)
            v = st.value(j)
            if v is not None:
                if isinstance(v, int):
                    frame.number(v, 125 - SMALL.number_width(v) + 1, y, c)
                else:
                    right(frame, v, 125, y, c)


class Page(Screen):
    """A page of text under a title bar: rules, stats, last hands, a question."""

    NAME = "page"
    REGIONS = (("title", 0, 0, 128, 8), ("text", 0, 8, 128, 56))

    def spec_functions(self):
        return (self.spec_title, self.spec_text)

    def draw_functions(self):
        return (self.draw_title, self.draw_text)

    def spec_title(self, st, s, i):
        s.reset()
        s.a = st.title
        s.b = st.hint

    def draw_title(self, frame, st, s, i):
        _title_bar(frame, s.a, s.b)

    def spec_text(self, st, s, i):
        s.reset()
        s.a = st.lines

    def draw_text(self, frame, st, s, i):
        lines = s.a
        if lines is None:
            return
        y = TOP + 1
        for row in range(len(lines)):
            line = lines[row]
            if isinstance(line, str):
                frame.text(line, 2, y)
                y += STEP
            else:       # a CardRow (stud.ui.screens.pages): its 7-pixel suits and the
                line.draw(frame, 2, y + 2)     # inverse box around them take 2 pixels more
                y += STEP + 4                  # above and below, a dark row either side


class Alert(Page):
    """A notice or an error over whatever was on screen (stud.ui.alerts): PRESS answers it."""

    NAME = "alert"
