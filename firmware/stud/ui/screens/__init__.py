"""Screens: what the player sees, each drawn from the session, the human's seat
view and the app's own state (flashes, the command shown, the menu cursor).

A screen is a few fixed regions (a corner's name row, a corner's cards, the
pot, the command line).  For each region a spec function fills a Spec - the
handful of values that decide what the region shows: a name, a chip count,
how many cards, inverse or not - without allocating; a draw function draws it.
A region is cleared and redrawn only when its spec changed, so a typical update
(one seat's action flash) costs one region and a few pages, and a frame where
nothing changed costs nothing.  The pages sent to the panel are the regions'
pages: render() marks the frame dirty for each region it redraws (all pages
for a full render), so a draw function must stay inside its region's rows.

Tests and tools read what the screen shows through a recording frame
(tools/harness/recording.py), which notes the texts and cards drawn; nothing here
knows about it.
"""
from stud.core.compat import const
from stud.ui.gfx.fonts import SMALL, BIG
from stud.ui.gfx.frame import rows_mask, ALL_PAGES


class Spec:
    """What a region shows: two or three references (strings, the hand) and ints.  A
    screen has one, filled by each region's spec function in turn (each starts with
    reset()); what each region showed when last drawn is kept as plain values."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.a = None
        self.b = None
        self.c = None
        self.n = -1
        self.m = -1
        self.k = -1


_UNDRAWN = (None, None, None, -1, -1, -1)   # a region's values before its first draw


class Screen:
    """Regions (name, x, y, w, h) with spec and draw methods; render() redraws what changed."""

    NAME = "screen"
    REGIONS = ()

    def __init__(self):
        n = len(self.REGIONS)
        self.now = Spec()                   # the region being looked at, as it is now
        self.drawn = list(_UNDRAWN) * n     # region i's a b c n m k at 6i .. 6i+5: one list,
        # not a Spec per region (the table's twenty Specs held 2.9 KB of heap)
        self.specs = self.spec_functions()
        self.draws = self.draw_functions()
        self.pages = [rows_mask(r[2], r[4]) for r in self.REGIONS]

    def spec_functions(self):
        return ()

    def draw_functions(self):
        return ()

    def render(self, frame, app, full, mask=-1):
        """Redraw the regions whose spec changed (all of them, on a clear frame, if full).

        `mask` (bit i for region i) names the regions that may have changed; the
        others are not even looked at."""
        if full:
            frame.fill(0)
            frame.dirty |= ALL_PAGES
            mask = -1
        regions = self.REGIONS
        s = self.now
        d = self.drawn
        for i in range(len(regions)):
            if not mask & (1 << i):
                continue
            self.specs[i](app, s, i)
            j = 6 * i
            if (full or d[j + 5] != s.k or d[j + 3] != s.n or d[j + 4] != s.m
                    or d[j] is not s.a or d[j + 1] is not s.b or d[j + 2] is not s.c):
                if not full:
                    self.clear(frame, i)   # (a full render starts from a cleared frame)
                self.draws[i](frame, app, s, i)
                d[j] = s.a
                d[j + 1] = s.b
                d[j + 2] = s.c
                d[j + 3] = s.n
                d[j + 4] = s.m
                d[j + 5] = s.k

    def clear(self, frame, i):
        """Blank region i and mark its pages for the panel."""
        r = self.REGIONS[i]
        frame.fill_rect(r[1], r[2], r[3], r[4], 0)
        frame.dirty |= self.pages[i]


# ---- the table's words and region bits (stud.ui.screens.table), for the controllers to
# say what changed: here, not with the table's code, which leaves the heap while another
# screen shows (and is not loaded at boot: the title page shows first)
AUTO = "auto"         # the UI's own commands (the table's and the draw's): the computer
HINT = "hint"         # decides, its advice
DREW = ("PAT", "DREW 1", "DREW 2", "DREW 3", "DREW 4", "DREW 5")  # draw5: a corner's draw
CENTRE = const(0x100)   # the pot, winner, notices line
COMMAND = const(0x200)  # the command line


def label_bit(p):
    """Position p's label (name or flash, chips)."""
    return 1 << p


def cards_bit(p):
    """Position p's cards."""
    return 16 << p


# ---- drawing helpers ---------------------------------------------------------------
def centred(frame, s, y, font=SMALL, c=1, x0=0, w=128):
    """`s` centred in columns x0 .. x0+w-1."""
    frame.text(s, x0 + (w - font.width(s)) // 2, y, c, font)


def right(frame, s, x_end, y, c=1, font=SMALL):
    """`s` ending at column x_end (inclusive); returns its left edge."""
    x = x_end + 1 - font.width(s)
    frame.text(s, x, y, c, font)
    return x


# ---- the order cards are shown in ---------------------------------------------------
def in_order(five):
    """The five that play as a player reads them (the showdown, LAST HANDS;
    with the screens, not in stud.core, to keep the core under its heap budget): the cards
    that make the hand first - quads, trips, pairs, higher ranks first - then the
    kickers high to low; straights and flushes high to low (A-2-3-4-5 as 5-4-3-2-A)."""
    ranks = [c >> 2 for c in five]
    # (-c breaks ties by suit: a total order, since MicroPython's sort is not stable)
    out = sorted(five, key=lambda c: (-ranks.count(c >> 2), -c))
    if len(out) == 5 and sorted(ranks) == [0, 1, 2, 3, 12]:
        out = out[1:] + out[:1]        # the wheel: its ace plays low
    return bytes(out)


def in_order_of(hand):
    """A shown hand's cards: the five that play in hand order, then the rest high to low."""
    best = in_order(hand["best"])
    return best + bytes(sorted([c for c in hand["cards"] if c not in best], reverse=True))


__all__ = ("Spec", "Screen", "label_bit", "cards_bit", "centred", "right", "in_order", "in_order_of",
           "BIG", "SMALL")
