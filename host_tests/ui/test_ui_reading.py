"""Cards and words a new player reads right: showdown hands in hand order, card glyphs
that cannot be confused, every string inside its box."""
import pytest

from stud.core import cards
from stud.core.evaluator import best_five
from stud.ui.screens import in_order


def _order(text):
    return cards.format(in_order(cards.parse(text)))


@pytest.mark.parametrize("dealt, read", [
    ("Ah 6s Jc 6c Qh", "6s 6c Ah Qh Jc"),          # a pair of sixes, then kickers high to low
    ("Jd 6d 5d Kd 3d", "Kd Jd 6d 5d 3d"),          # a flush, high to low
    ("9c 9h 4s 4d 9s", "9s 9h 9c 4s 4d"),          # a full house: the trips, then the pair
    ("3c Kd 3h Kc 7s", "Kd Kc 3h 3c 7s"),          # two pairs, the higher first, then the kicker
    ("8h 6c 9d 7s Ts", "Ts 9d 8h 7s 6c"),          # a straight, high to low
    ("3c Ah 5d 2s 4h", "5d 4h 3c 2s Ah"),          # the wheel: five high, its ace low
    ("7c 7d Qs 7h 7s", "7s 7h 7d 7c Qs"),          # four of a kind, then the kicker
])
def test_a_showdown_hand_reads_in_hand_order(dealt, read):
    assert _order(dealt) == read


def test_the_five_that_play_come_out_of_seven_in_hand_order():
    seven = cards.parse("Ah 6s Jc 2d 6c Qh 3s")
    assert cards.format(in_order(best_five(seven))) == "6s 6c Ah Qh Jc"


def test_the_table_shows_the_five_in_hand_order_then_the_other_two_high_to_low():
    from stud.ui.screens import in_order_of
    seven = cards.parse("Ah 6s Jc 2d 6c Qh 3s")
    shown = {"best": best_five(seven), "cards": seven}
    assert cards.format(in_order_of(shown)) == "6s 6c Ah Qh Jc 3s 2d"


def test_last_hands_shows_the_five_in_hand_order():
    from stud.ui.screens.pages import _hand_rows
    seven = cards.parse("Jd 6d 2c 5d Kd 3d 9s")
    shown = {"best": best_five(seven), "cards": seven, "name": "FLUSH, KING HIGH"}
    row = _hand_rows("SID", shown, "")[0]
    assert cards.format(row.cards) == "Kd Jd 6d 5d 3d 9s 2c" and row.marked == 5


# ---- card glyphs ------------------------------------------------------------------------
# A suit differs from every other suit in at least SUIT_APART of its 25 pixels (the club
# drawn before issue 13 differed from the spade in 4, and A of clubs read as A of spades);
# a rank from every other rank in at least RANK_APART (a 3x5 digit font's floor: 5/9, 6/8).
SUIT_APART = 6
RANK_APART = 2
RANKS = "23456789TJQKA"
SUITS = "cdhs"


def _lit(c, rows, style):
    from stud.ui.gfx import glyphs
    from stud.ui.gfx.frame import Frame
    f = Frame()
    f.fill(0)
    glyphs.card(f, c, 0, 0, style)
    return set((x, y) for x in range(glyphs.CARD_W) for y in rows if f.pixel(x, y))


@pytest.mark.parametrize("style", [0, 1])       # PLAIN and MARKED (inverse)
def test_every_two_suits_differ_in_enough_pixels_to_tell_apart(style):
    suit_rows = range(7, 12)
    for a in range(4):
        for b in range(a + 1, 4):
            apart = len(_lit(a, suit_rows, style) ^ _lit(b, suit_rows, style))
            assert apart >= SUIT_APART, "%s and %s differ in %d pixels" % (SUITS[a], SUITS[b],
                                                                            apart)


def test_every_two_ranks_differ_in_enough_pixels_to_tell_apart():
    rank_rows = range(1, 6)
    for a in range(13):
        for b in range(a + 1, 13):
            apart = len(_lit(4 * a, rank_rows, 0) ^ _lit(4 * b, rank_rows, 0))
            assert apart >= RANK_APART, "%s and %s differ in %d pixels" % (RANKS[a], RANKS[b],
                                                                            apart)


def test_the_ten_reads_as_a_one_and_a_round_zero_not_as_a_letter():
    # A square zero beside the 1 reads as D or Q at a glance: the zero's corners stay dark.
    lit = _lit(4 * 8, range(1, 6), 0)
    one = set((1, y) for y in range(1, 6))
    assert one <= lit and not any((2, y) in lit for y in range(1, 6))   # the 1, then a gap
    assert not lit & set([(3, 1), (5, 1), (3, 5), (5, 5)])               # a round zero
