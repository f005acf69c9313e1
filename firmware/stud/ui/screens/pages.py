"""Pages the menu opens and the app shows over the game: STATS, LAST HANDS, and the
notice and error pages (stud.ui.persist).

They are the menu's Page (a title bar and nine lines of the small font); a line
is a string or a CardRow - a name and cards drawn small, rank and suit side by
side, the five that play in inverse video:

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
from stud.save import record
from stud.ui.gfx.fonts import SMALL
from stud.ui.screens.menu import Page

ROWS = 9              # lines under the title bar
WIDTH = 124           # pixels a line may take (from x = 2)
CARDS_X = 18          # a card row's first card, after the name
INDENT = "     "      # the hand's name lines up under the cards


class Alert(Page):
    """A notice or an error over whatever was on screen (stud.ui.persist): PRESS answers it."""

    NAME = "alert"

    def spec_title(self, app, s, i):
        s.reset()
        s.a = app.alert_title
        s.b = app.alert_hint

    def spec_text(self, app, s, i):
        s.reset()
        s.a = app.alert_lines


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


def mini_card(frame, c, x, y, inverse=False):
    """Card c as its rank and suit in one line of text (5 pixels high); the x after it."""
    r = c >> 2
    rw = glyphs.RANK_WIDTHS[r]
    w = rw + 6
    colour = 1
    if inverse:
        frame.fill_rect(x - 1, y - 1, w + 2, 7, 1)
        colour = 0
    frame.glyph(glyphs.RANKS[r], x, y, colour)
    frame.glyph(glyphs.SUITS[c & 3], x + rw + 1, y, colour)
    return x + w + 3


# ---- words -------------------------------------------------------------------------------

def printable(text):
    """Text the small font can draw: capitals, digits, a little punctuation."""
    out = []
    widths = SMALL.widths
    for ch in str(text).upper():
        i = ord(ch) - 32
        out.append(ch if 0 <= i < len(widths) and widths[i] else " ")
    return "".join(out)


def wrap(text, rows=None, width=WIDTH):
    """Text as lines of at most `width` pixels (at most `rows` of them, the last cut)."""
    lines = []
    line = ""
    for word in printable(text).split():
        while SMALL.width(word) > width:   # a word wider than a line: cut it
            k = len(word) - 1
            while k > 1 and SMALL.width(word[:k]) > width:
                k -= 1
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:k])
            word = word[k:]
        joined = line + " " + word if line else word
        if SMALL.width(joined) <= width:
            line = joined
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    if rows is not None and len(lines) > rows:
        lines = lines[:rows]
        last = lines[-1]
        while last and SMALL.width(last + "...") > width:
            last = last[:-1]
        lines[-1] = last + "..."
    return lines


def fit(text, width=WIDTH):
    """One line: the text, or what comes before its first comma if it is too wide."""
    if SMALL.width(text) > width:
        text = text.split(",")[0]
    return text


# ---- STATS -------------------------------------------------------------------------------

def fill_stats(app):
    saved = app.persist.saved
    s = app.session
    chips = saved.chips.get(s.game)
    lines = [fit(line) for line in saved.stats.lines()]
    lines.append("")
    lines.append("YOUR CHIPS %d" % (chips[0] if chips else s.chips[0]))
    app.page_title = "STATS"
    app.page_hint = "PRESS: BACK"
    app.page_lines = lines


# ---- LAST HANDS --------------------------------------------------------------------------

def fill_last(app):
    """Open LAST HANDS on the newest hand."""
    app.last_k = 0
    app.last_part = 0
    _show_last(app)


def last_event(app, code):
    """UP/DOWN page through the hands, RIGHT jumps to the next one; True if handled."""
    from stud.core.events import UP, DOWN, RIGHT
    hands = app.persist.saved.hands
    if code != UP and code != DOWN and code != RIGHT:
        return False
    if not hands:
        return True
    k, part = app.last_k, app.last_part
    if code == RIGHT:
        if k + 1 < len(hands):
            k, part = k + 1, 0
    elif code == DOWN:
        if part + 1 < len(_pages_of(app, k)):
            part += 1
        elif k + 1 < len(hands):
            k, part = k + 1, 0
    elif part:
        part -= 1
    elif k:
        k -= 1
        part = len(_pages_of(app, k)) - 1
    app.last_k, app.last_part = k, part
    _show_last(app)
    return True


def _show_last(app):
    saved = app.persist.saved
    n = len(saved.hands)
    app.page_title = "LAST HANDS"
    app.page_hint = "PRESS: BACK"
    if not n:
        app.page_lines = ["NO HANDS YET", "", "THE LAST 50 HANDS YOU PLAY", "ARE KEPT HERE, WITH EVERY",
                          "CARD THAT REACHED A SHOWDOWN."]
        return
    k = min(app.last_k, n - 1)
    pages = _pages_of(app, k)
    part = min(app.last_part, len(pages) - 1)
    app.page_title = "HAND %d%s" % (max(1, saved.stats.hands - k), " MORE" if part else "")
    app.page_hint = "%d/%d" % (k + 1, n)
    app.page_lines = pages[part]


def _pages_of(app, k):
    """The pages of the k-th newest hand (the last one built is kept)."""
    hands = app.persist.saved.hands
    data = hands[len(hands) - 1 - k]
    cache = getattr(app, "last_cache", None)
    if cache is not None and cache[0] is data:
        return cache[1]
    pages = hand_pages(data)
    app.last_cache = (data, pages)
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
        head.append("THE OTHERS PASSED")
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
        if len(page) + len(pair) > ROWS:
            pages.append(page)
            page = []
        page += pair
    pages.append(page)
    return pages


def _hand_rows(name, hand, tail):
    best = _ordered(hand["best"])
    rest = bytes([c for c in hand["cards"] if c not in best])
    text = INDENT + hand["name"] + tail
    if SMALL.width(text) > WIDTH:
        text = INDENT + hand["name"].split(",")[0] + tail
    return [CardRow(name, best + rest, len(best)), text]


def _ordered(five):
    """The five that play as a player reads them: pairs and sets first, then high to low
    (a total order: MicroPython's sort is not stable)."""
    ranks = [c >> 2 for c in five]
    return bytes(sorted(five, key=lambda c: (-ranks.count(c >> 2), -c)))
