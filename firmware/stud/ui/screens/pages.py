"""What the menu's LAST HANDS page says (the page scene, stud.ui.page, shows it: in the
heap while the page is open; the words are wrapped by stud.ui.screens.text).

It is shown on the menu's Page (a title bar and nine lines of the small font); a line
is a string or a CardRow - a name and cards drawn small, rank and suit side by
side (a 7x7 suit: BIG_SUITS below), the five that play in inverse video:

    +---------------------------------+
    |HAND 57                    1/50  |
    |7 CARD STUD LIMIT RAISE          |
    |POT 45: SID WINS 45              |
    |SID  AS KS QS JS 9S  2D 3C       |  (suits drawn as symbols)
    |     FLUSH, ACE HIGH             |
    |YOU  ...                         |
    +---------------------------------+

LAST HANDS steps through the saved hands newest first: DOWN shows the next page
(a hand with many hands at its showdown takes two), UP the one before, RIGHT
the next hand; PRESS or LEFT goes back to the menu.  Each hand is replayed from
its record (stud.save.record), so everything shown - the shown and the mucked hands
with their cards, who won what - comes from the engine, not from a copy.
"""
from stud.ui.gfx import glyphs
from stud.core import games as _games
from stud.core import lazy
from stud.ui.screens import in_order
from stud.save import record
from stud.ui.gfx.fonts import SMALL
from stud.ui.screens.text import WIDTH

CARDS_X = 18          # a card row's first card, after the name
LEAVE = "UP/DOWN: MORE  PRESS: BACK"   # LAST HANDS' last line: how to go on, how to leave
HEIGHT = 49           # pixels a hand's lines may take above LEAVE (the page: 54 from y 10)
INDENT = "     "      # the hand's name lines up under the cards
UNREAD = ["THIS HAND CANNOT BE SHOWN:", "THE SAVE FILE DID NOT", "READ BACK."]


class CardRow:
    """A line of a page: a name, then cards (the first `marked` in inverse video)."""

    def __init__(self, name, cards, marked=0):
        self.name = name
        self.cards = cards
        self.marked = marked

    def draw(self, frame, x, y):
        frame.text(self.name, x, y)
        x = CARDS_X
        cards = self.cards
        for j in range(len(cards)):
            if j == self.marked and j:
                x += 2                     # the cards that do not play, a little apart
            x = mini_card(frame, cards[j], x, y, j < self.marked)

    def __repr__(self):
        return "CardRow(%s)" % self.name


# The cards' suits here are 7x7 (a card on the table has room for 5x5 only), drawn in
# the art's format of stud.ui.gfx.glyphs: the bytes are the art (a test), loaded with
# this module only.
"""
    BIG_SUITS 7
    CLUB     DIAMOND  HEART    SPADE
    ..###..  ...#...  .##.##.  ...#...
    ..###..  ...#...  #######  ..###..
    ##.#.##  ..###..  #######  .#####.
    #######  .#####.  #######  #######
    ##.#.##  ..###..  .#####.  #######
    ...#...  ...#...  ..###..  ...#...
    ..###..  ...#...  ...#...  ..###..
"""
BIG_SUIT_DATA = (b"\x1c\x1c\x4b\x7f\x4b\x1c\x1c\x00\x08\x1c\x7f\x1c\x08\x00\x0e\x1f\x3f\x7e\x3f"
                 b"\x1f\x0e\x18\x1c\x5e\x7f\x5e\x1c\x18")
BIG_SUITS = glyphs.images(BIG_SUIT_DATA, 4, 7, b"\x07\x07\x07\x07", 7)


def mini_card(frame, c, x, y, inverse=False):
    """Card c as its rank (3x5, as the text) and a 7x7 suit beside it, centred on the
    line of text at y; the x after it."""
    r = c >> 2
    rw = glyphs.RANK_WIDTHS[r]
    w = rw + 8
    colour = 1
    if inverse:
        frame.fill_rect(x - 1, y - 2, w + 2, 9, 1)
        colour = 0
    frame.glyph(glyphs.RANKS[r], x, y, colour)
    frame.glyph(BIG_SUITS[c & 3], x + rw + 1, y - 1, colour)
    return x + w + 3


# ---- LAST HANDS --------------------------------------------------------------------------

class LastHands:
    """The saved hands newest first: the hand shown (k, 0 the newest) and its page."""

    def __init__(self, saved):
        self.saved = saved
        self.k = 0
        self.part = 0
        self.cache = None           # ((which hand, how many kept), its pages): the last built

    def event(self, code):
        """UP/DOWN page through the hands, RIGHT jumps to the next one; True if handled."""
        from stud.core.events import UP, DOWN, RIGHT
        n = self.saved.count()
        if code != UP and code != DOWN and code != RIGHT:
            return False
        if not n:
            return True
        k, part = self.k, self.part
        if code == RIGHT:
            if k + 1 < n:
                k, part = k + 1, 0
        elif code == DOWN:
            if part + 1 < len(self._pages_of(k)):
                part += 1
            elif k + 1 < n:
                k, part = k + 1, 0
        elif part:
            part -= 1
        elif k:
            k -= 1
            part = len(self._pages_of(k)) - 1
        self.k, self.part = k, part
        return True

    def page(self):
        """(title, hint, lines) of the page shown."""
        saved = self.saved
        n = saved.count()
        if not n:
            return "LAST HANDS", "PRESS: BACK", [
                "NO HANDS YET", "", "THE LAST 50 HANDS YOU PLAY", "ARE KEPT HERE, WITH EVERY",
                "CARD THAT REACHED A SHOWDOWN."]
        k = min(self.k, n - 1)
        pages = self._pages_of(k)
        part = min(self.part, len(pages) - 1)
        return ("HAND %d%s" % (max(1, saved.stats.hands - k), " MORE" if part else ""),
                "%d/%d" % (k + 1, n), pages[part] + [LEAVE])

    def _pages_of(self, k):
        """The pages of the k-th newest hand (the last one built is kept; the kept hands
        do not change while the page shows)."""
        saved = self.saved
        key = (k, saved.count(), saved.stats.hands)
        cache = self.cache
        if cache is not None and cache[0] == key:
            return cache[1]
        try:
            data = saved.record(key[1] - 1 - k)    # (from the file, unless it is new)
        except Exception:           # the file changed or went, or the heap is short:
            return [UNREAD]         # said, and tried again at the next look
        pages = hand_pages(data)
        self.cache = (key, pages)
        return pages


def hand_pages(data):
    """A hand's record as pages of lines: the game, the pot and who won it, then every
    hand that reached the showdown (shown or mucked) with its cards and its name."""
    try:
        r = record.decode(data)
        h = record.replay(r)
        res = h.result
        if res is None:
            raise ValueError("unfinished")
    except Exception:              # a record that does not replay: say so, show the rest
        return [["THIS HAND CANNOT BE SHOWN:", "ITS RECORD IS DAMAGED."]]
    lazy.settle()                  # (the replay's garbage first: the pages stay while shown)
    names = r["names"]
    n = h.n
    won = h.won()
    head = [_games.game(r["game"])["title"]]
    parts = ["%s %s %d" % (names[k], "WIN" if k == 0 else "WINS", won[k])
             for k in range(n) if won[k] > 0]
    pot = sum(won) + res["carry"]
    line = "POT %d: %s" % (pot, ", ".join(parts))
    if SMALL.width(line) <= WIDTH:
        head.append(line)
    else:
        head.append("POT %d" % pot)
        head += parts
    if res["carry"]:
        head.append("A TIE: %d STAYS IN THE POT" % res["carry"])
    shown, mucked = res["shown"], res["mucked"]
    if not shown and not mucked:
        head.append(names[1 - won.index(max(won))] + " PASSED" if n == 2 else
                    "THE OTHERS PASSED")
    rows = []
    for k in range(n):
        if k in shown:
            rows.append(_hand_rows(names[k], shown[k], ""))
    for k in range(n):
        if k in mucked:
            rows.append(_hand_rows(names[k], mucked[k], " - MUCKED"))
    pages = []
    page = head
    for pair in rows:
        if height(page + pair) > HEIGHT:
            pages.append(page)
            page = []
        page += pair
    pages.append(page)
    return pages


def height(lines):
    """Pixels the lines take on a page: a text line 6, a card row 10 (stud.ui.screens.menu)."""
    return sum([6 if isinstance(line, str) else 10 for line in lines])


def _hand_rows(name, hand, tail):
    best = in_order(hand["best"])
    rest = bytes(sorted([c for c in hand["cards"] if c not in best], reverse=True))
    text = INDENT + hand["name"] + tail
    if SMALL.width(text) > WIDTH:
        text = INDENT + hand["name"].split(",")[0] + tail
    return [CardRow(name, best + rest, len(best)), text]

