"""Card glyphs, as data: ranks, suits, the back, and how a card is drawn.

A card is 7 x 13 pixels with rounded corners: its rank (3x5; "10" is 5x5) on
top and its suit (5x5) below.  Seven cards side by side with 1-pixel gaps
(and 3 more before the hole cards) take 58 pixels, so all seven cards of all
four corners fit on the 128x64 screen at once, 12 pixels apart.  Styles:

  PLAIN   a white outline, rank and suit lit on black (lit pixels on black
          read best on an OLED): up cards, and your own hole cards
  MARKED  inverse video, a white card with a black rank and suit: at the
          showdown, the five cards that play
  BACK    a face-down card (the opponents' hole cards)

A card's suit stays 5x5: a 7-pixel card with its outline has no room for more, and
the table and the showdown need all seven cards of two corners side by side across
the 128 pixels.  The pages (LAST HANDS) draw a card as its rank and a 7x7 suit on a
line of text, where the width is there (stud.ui.screens.pages).
"""
from stud.core.compat import const
from stud.ui.gfx.frame import image, INVERT

"""
    RANKS 5
    2    3    4    5    6    7    8    9    10     J    Q    K    A
    ##.  ##.  #.#  ###  .##  ###  ###  ###  #..#.  ..#  .#.  #.#  .#.
    ..#  ..#  #.#  #..  #..  ..#  #.#  #.#  #.#.#  ..#  #.#  #.#  #.#
    .#.  .#.  ###  ##.  ###  .#.  ###  ###  #.#.#  ..#  #.#  ##.  ###
    #..  ..#  ..#  ..#  #.#  .#.  #.#  ..#  #.#.#  #.#  ##.  #.#  #.#
    ###  ##.  ..#  ##.  ###  .#.  ###  ##.  #..#.  .#.  .##  #.#  #.#

    SUITS 5
    CLUB   DIAMOND  HEART  SPADE
    .###.  ..#..    .#.#.  ..#..
    .###.  .###.    #####  .###.
    #####  .###.    #####  #####
    #.#.#  .###.    .###.  ..#..
    ..#..  ..#..    ..#..  .###.

    BACK 11
    BACK
    #.#.#
    .#.#.
    #.#.#
    .#.#.
    #.#.#
    .#.#.
    #.#.#
    .#.#.
    #.#.#
    .#.#.
    #.#.#
"""

CARD_W = const(7)
CARD_H = const(13)
PLAIN = const(0)
MARKED = const(1)
BACK = const(2)

# The art above as bytes (one per column, bit 0 the top row; the back: two pages).
RANK_WIDTHS = b"\x03\x03\x03\x03\x03\x03\x03\x03\x05\x03\x03\x03\x03"
RANK_DATA = (b"\x19\x15\x12\x00\x00\x11\x15\x0a\x00\x00\x07\x04\x1f\x00\x00\x17\x15\x09\x00\x00\x1e"
             b"\x15\x1d\x00\x00\x01\x1d\x03\x00\x00\x1f\x15\x1f\x00\x00\x17\x15\x0f\x00\x00\x1f\x00"
             b"\x0e\x11\x0e\x08\x10\x0f\x00\x00\x0e\x19\x16\x00\x00\x1f\x04\x1b\x00\x00\x1e\x05\x1e"
             b"\x00\x00")
SUIT_DATA = b"\x0c\x07\x1f\x07\x0c\x00\x0e\x1f\x0e\x00\x06\x0f\x1e\x0f\x06\x04\x16\x1f\x16\x04"
BACK_DATA = b"\x55\xaa\x55\xaa\x55\x05\x02\x05\x02\x05"


def images(data, count, stride, widths, height):
    """One image per glyph over slices of one writable copy of `data` (framebuf
    wants a writable buffer; the slices share it)."""
    buf = memoryview(bytearray(data))
    return [image(buf[i * stride:i * stride + widths[i]], widths[i], height)
            for i in range(count)]


RANKS = images(RANK_DATA, 13, 5, RANK_WIDTHS, 5)
SUITS = images(SUIT_DATA, 4, 5, b"\x05\x05\x05\x05", 5)
BACK_IMAGE = image(bytearray(BACK_DATA), 5, 11)
RANK_X = bytes([1 if w == 5 else 2 for w in RANK_WIDTHS])  # left edge of the rank on a card


def card(frame, c, x, y, style=PLAIN):
    """Card c (rank * 4 + suit) at (x, y) in `style`, over whatever was there."""
    if style == BACK:
        _back(frame, x, y)
    elif style == MARKED:
        _marked(frame, c, x, y)
    else:
        _plain(frame, c, x, y)


# Small functions on purpose: a MicroPython bytecode function whose locals and
# stack fit in 11 words keeps its call frame off the heap.
def _back(fb, x, y):
    fb.fill_rect(x, y, 7, 13, 1)
    fb.blit(BACK_IMAGE, x + 1, y + 1, 1, INVERT)
    _corners(fb, x, y)


def _marked(fb, c, x, y):
    fb.fill_rect(x, y, 7, 13, 1)
    fb.blit(RANKS[c >> 2], x + RANK_X[c >> 2], y + 1, 1, INVERT)
    fb.blit(SUITS[c & 3], x + 1, y + 7, 1, INVERT)
    _corners(fb, x, y)


def _plain(fb, c, x, y):
    fb.fill_rect(x, y, 7, 13, 0)
    fb.rect(x, y, 7, 13, 1)
    fb.blit(RANKS[c >> 2], x + RANK_X[c >> 2], y + 1, 0)
    fb.blit(SUITS[c & 3], x + 1, y + 7, 0)
    _corners(fb, x, y)


def _corners(fb, x, y):
    fb.pixel(x, y, 0)
    fb.pixel(x + 6, y, 0)
    fb.pixel(x, y + 12, 0)
    fb.pixel(x + 6, y + 12, 0)
