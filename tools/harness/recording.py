"""The screen model, for tests and tools: what the handheld's screen shows, in words.

    frame = RecordingFrame()               # the app's frame, noting what is drawn on it
    app = App(board, session, frame=frame)
    ...
    model(app)   # {"screen": "table", "phase": "hand", "label BR": "YOU 990",
                 #  "cards BR": "7c Ks ## ##", "command": "^ [CALL 4]", ...}

RecordingFrame is stud.ui.gfx.frame.Frame (so it draws exactly the device's
pixels) with the drawing calls overridden to note what they draw:
("text", str, x, y, colour) for every text and number, ("card", card or -1 for
a back, x, y, style) for every card.  Cards are recognised by the images drawn:
a rank image followed by a suit image is a card (glyphs.card blits them, a page's
mini card draws them with glyph()), the back image a face-down card, and the
draw screen's cursor image is noted as the text CURSOR (SMALL's "^" is the up/down
mark).  A fill_rect over a note's
corner wipes the note, as it wipes the pixels, and fill() wipes them all: the
notes always say what the screen shows.

describe() groups the notes by region into strings such as "SID 997", "[RAISE]"
(inverse video in brackets) or "## ## 7c" (cards: ## a back, [As] a marked card).

Runs on CPython and MicroPython (host_tests/dual/ui_save.py reads models on both),
so: no f-strings, nothing CPython-only.  None of this goes onto the device.
"""
import sys

from stud.core import cards as _cards
from stud.ui.gfx import glyphs
from stud.ui.gfx.fonts import SMALL
from stud.ui.gfx.frame import Frame

CURSOR = "\u25b2"          # the draw screen's cursor, a small triangle pointing up
PHASES = ("idle", "select", "hand", "show")   # stud.ui.screens.table's phases, as words
LEFT_TO_RIGHT = {"draw": ("cards",)}           # regions read by x alone (a marked card sits higher)


class RecordingFrame(Frame):
    """The frame, noting every text and card drawn in `notes` (see the module's doc)."""

    def __init__(self):
        super().__init__()
        self.notes = []
        self._rank = None          # (rank, x, y) of a rank image waiting for its suit
        self._in_glyph = False     # drawing through glyph(): a page's mini card
        self._ranks = {}
        self._suits = {}
        for r in range(len(glyphs.RANKS)):
            self._ranks[id(glyphs.RANKS[r])] = r
        for s in range(len(glyphs.SUITS)):
            self._suits[id(glyphs.SUITS[s])] = s

    def fill(self, c):
        super().fill(c)
        del self.notes[:]

    def fill_rect(self, x, y, w, h, c):
        super().fill_rect(x, y, w, h, c)
        notes = self.notes
        i = 0
        while i < len(notes):
            e = notes[i]
            if x <= e[2] < x + w and y <= e[3] < y + h:
                del notes[i]
            else:
                i += 1

    def text(self, s, x, y, c=1, font=SMALL):
        end = super().text(s, x, y, c, font)
        self.notes.append(("text", s, x, y, c))
        return end

    def number(self, n, x, y, c=1, font=SMALL):
        end = super().number(n, x, y, c, font)
        self.notes.append(("text", str(n), x, y, c))
        return end

    def glyph(self, img, x, y, c=1):
        self._in_glyph = True
        super().glyph(img, x, y, c)
        self._in_glyph = False

    def blit(self, img, x, y, key=-1, palette=None):
        super().blit(img, x, y, key, palette)
        k = id(img)
        if k in self._ranks:
            self._rank = (self._ranks[k], x, y)
            return
        rank = self._rank
        self._rank = None
        marked = palette is not None
        suit = _suit(self._suits, img)
        if suit is not None and rank is not None:
            c = rank[0] * 4 + suit
            if self._in_glyph:        # a mini card: rank and suit side by side, at the rank
                self.notes.append(("card", c, rank[1], rank[2], 1 if marked else 0))
            else:                     # glyphs.card: the suit at (x + 1, y + 7)
                self.notes.append(("card", c, x - 1, y - 7,
                                   glyphs.MARKED if marked else glyphs.PLAIN))
        elif img is glyphs.BACK_IMAGE:
            self.notes.append(("card", -1, x - 1, y - 1, glyphs.BACK))
        elif img is _cursor_image():
            self.notes.append(("text", CURSOR, x + 1, y, 1))


def _suit(suits, img):
    """The suit an image draws: a card's 5x5 suit, or a page's 7x7 one while the pages are
    loaded (stud.ui.screens.pages builds its BIG_SUITS when it is imported)."""
    s = suits.get(id(img))
    if s is None:
        pages = sys.modules.get("stud.ui.screens.pages")
        if pages is not None:
            for i in range(4):
                if pages.BIG_SUITS[i] is img:
                    return i
    return s


def _cursor_image():
    """The draw screen's cursor image: that of the module loaded now (the device drops
    the draw screen's code between draws, and a new import makes a new image)."""
    draw = sys.modules.get("stud.ui.screens.draw")
    return None if draw is None else draw.CURSOR


def token(e):
    """One note as the model writes it: a text (in brackets if inverse) or a card."""
    if e[0] == "text":
        return e[1] if e[4] else "[" + e[1] + "]"
    if e[1] < 0:
        return "##"
    name = _cards.name(e[1])
    return "[" + name + "]" if e[4] == 1 else name


def _inside(notes, r):
    x, y, w, h = r[1], r[2], r[3], r[4]
    return [e for e in notes if x <= e[2] < x + w and y <= e[3] < y + h]


def describe(notes, regions, screen):
    """{region name: the texts and cards noted inside it, left to right, top to bottom}."""
    out = {"screen": screen}
    if notes is None:
        return out
    for r in regions:
        inside = _inside(notes, r)
        inside.sort(key=lambda e: (e[3], e[2]))
        out[r[0]] = " ".join([token(e) for e in inside
                              if e[0] != "text" or e[1].strip() not in ("", "^")])
    return out


def screen_model(frame, screen):
    """describe() for a screen (stud.ui.screens.Screen) drawn on a RecordingFrame."""
    out = describe(frame.notes, screen.REGIONS, screen.NAME)
    for r in screen.REGIONS:
        if r[0] in LEFT_TO_RIGHT.get(screen.NAME, ()):
            inside = _inside(frame.notes, r)
            inside.sort(key=lambda e: e[2])
            out[r[0]] = " ".join([token(e) for e in inside])
    return out


def model(app):
    """What the app's screen shows, region by region, and the table's phase (what
    App.model() returned); the app must draw on a RecordingFrame."""
    out = screen_model(app.frame, app.screen)
    out["phase"] = PHASES[app.tablestate.phase]
    return out
