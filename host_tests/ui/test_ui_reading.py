"""Cards and words a new player reads right: showdown hands in hand order, card glyphs
that cannot be confused, every string inside its box."""
import pytest

from stud.core import cards
from stud.core.evaluator import in_order, best_five


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
    from stud.ui.beats import in_order_of
    seven = cards.parse("Ah 6s Jc 2d 6c Qh 3s")
    shown = {"best": best_five(seven), "cards": seven}
    assert cards.format(in_order_of(shown)) == "6s 6c Ah Qh Jc 3s 2d"


def test_last_hands_shows_the_five_in_hand_order():
    from stud.ui.screens.pages import _hand_rows
    seven = cards.parse("Jd 6d 2c 5d Kd 3d 9s")
    shown = {"best": best_five(seven), "cards": seven, "name": "FLUSH, KING HIGH"}
    row = _hand_rows("SID", shown, "")[0]
    assert cards.format(row.cards) == "Kd Jd 6d 5d 3d 9s 2c" and row.marked == 5
