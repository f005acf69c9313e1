import random
from collections import Counter
from itertools import combinations

import pytest

from stud.core.cards import parse, name
from stud.core.evaluator import (evaluate, describe, best_five, showing, hand_class,
                            HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH,
                            FULL_HOUSE, QUADS, STRAIGHT_FLUSH)
from stud.core.tables import COUNT, RUNS

CLASS_COUNTS = {STRAIGHT_FLUSH: 40, QUADS: 624, FULL_HOUSE: 3744, FLUSH: 5108,
                STRAIGHT: 10200, TRIPS: 54912, TWO_PAIR: 123552, PAIR: 1098240,
                HIGH_CARD: 1302540}


def v(text, wheel=True):
    return evaluate(parse(text), wheel)


def test_all_five_card_hands_give_7462_values_and_the_known_class_counts():
    values = set()
    classes = Counter()
    for hand in combinations(range(52), 5):
        value = evaluate(hand)
        values.add(value)
        classes[value >> 26] += 1
    assert len(values) == 7462
    assert dict(classes) == CLASS_COUNTS
    assert 0 <= min(values) and max(values) < 2 ** 30


def test_tables_fit_the_budget_and_match_the_generator():
    from tools.gen import gen_tables
    assert COUNT == gen_tables.count() and RUNS == gen_tables.runs()
    assert len(COUNT) + len(RUNS) <= 24 * 1024


def test_the_tables_give_every_rank_masks_count_and_best_straight():
    # What the evaluator reads from them, against the plain definitions, for all 8,192
    # rank masks (the tables themselves come from the same generator).
    from tools.gen.gen_tables import straight_high
    for m in range(1 << 13):
        assert COUNT[m & 127] + COUNT[m >> 7] == bin(m).count("1")
        st = RUNS[m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4)]
        if not st and m & 0x100F == 0x100F:
            st = 4
        assert st == straight_high(m) + 1, m


def test_appendix_a_high_cards_compare_from_the_top():
    assert v("Qs Jd Th 8c 3s") > v("Qs Td 9h 8c 3s")
    assert v("Qs Jd Th 8c 3s") < v("Qs Jd Th 8c 5s")


def test_appendix_a_two_pairs_compare_high_pair_low_pair_then_kicker():
    assert v("9s 9d 3h 3c Js") > v("8s 8d 7h 7c Ks")
    assert v("9s 9d 3h 3c Js") < v("9s 9d 4h 4c Js")
    assert v("9s 9d 3h 3c Js") < v("9s 9d 3h 3c Qs")


def test_appendix_a_full_houses_compare_the_threes_first():
    fives_full = v("5s 5d 5h 2c 2s")
    assert fives_full < v("6s 6d 6h 2c 2s") and fives_full > v("4s 4d 4h Kc Ks")


def test_an_ace_plays_low_in_the_wheel_and_high_above_king():
    assert hand_class(v("As 2d 3h 4c 5s")) == STRAIGHT
    assert v("As 2d 3h 4c 5s") < v("2s 3d 4h 5c 6s")
    assert v("As Kd Qh Jc Ts") > v("Ks Qd Jh Tc 9s")


def test_without_the_wheel_a_2_3_4_5_is_ace_high():
    assert hand_class(v("As 2d 3h 4c 5s", wheel=False)) == HIGH_CARD
    assert hand_class(v("As 2s 3s 4s 5s", wheel=False)) == FLUSH
    assert hand_class(v("As 2d 3h 4c 5s 6s", wheel=False)) == STRAIGHT


def test_suits_never_break_ties():
    assert v("As Ks Qs Js Ts") == v("Ac Kc Qc Jc Tc")
    assert v("Ah Kd 7s 5c 2d 3c 9h") == v("As Kc 7d 5h 2c 3s 9d")


def test_best_of_seven_finds_the_straight_flush_over_the_flush():
    assert describe(v("9h Th Jh Qh Kh 2h As"))[1] == "STRAIGHT FLUSH, KING HIGH"


def test_seven_card_full_house_uses_the_better_pair_of_two_trips():
    assert v("Ks Kd Kh 5c 5s 5d 2c") == v("Ks Kd Kh 5c 5s 3d 2c")


@pytest.mark.parametrize("text,expected", [
    ("Ks Kd Kh 7c 2s", "3 KINGS"),
    ("5s 5d 5h 9c 9s", "FULL HOUSE, FIVES FULL"),
    ("As Ad Ah Ac 2s", "4 ACES"),
    ("Ts Td 3h 4c 7s", "PAIR OF TENS"),
    ("9s 9d 3h 3c Js", "TWO PAIRS, NINES UP"),
    ("Qs Jd Th 8c 3s", "QUEEN HIGH"),
    ("As 2d 3h 4c 5s", "STRAIGHT, FIVE HIGH"),
    ("Js 3s 7s 9s 2s", "FLUSH, JACK HIGH"),
    ("As Ks Qs Js Ts", "ROYAL FLUSH"),
])
def test_hands_are_named_as_on_the_cartridge_screen(text, expected):
    assert describe(v(text))[1] == expected


def test_best_five_are_cards_of_the_hand_with_the_same_value():
    rng = random.Random(3)
    for _ in range(2000):
        hand = bytes(rng.sample(range(52), 7))
        five = best_five(hand)
        assert len(five) == 5 and set(five) <= set(hand)
        assert evaluate(five) == evaluate(hand)


def test_showing_counts_pairs_then_high_cards_never_straights_or_flushes():
    assert showing(parse("3c 3d")) > showing(parse("Ac Kd"))
    assert showing(parse("Ac 2d")) > showing(parse("8h 9h"))
    assert showing(parse("2c 2d 2h")) > showing(parse("Ac Ad Kh"))
    assert showing(parse("5c 5d 4h 4s")) > showing(parse("Ac Ad Kh Qs"))


def _orderings_agree(ours, theirs):
    """Lower is better in theirs; every pair of hands must order alike."""
    keyed = sorted(zip(ours, theirs))
    for (a, ta), (b, tb) in zip(keyed, keyed[1:]):
        if a == b:
            if ta != tb:
                return False
        elif not ta > tb:
            return False
    return True


@pytest.fixture(scope="module")
def seven_cards():
    rng = random.Random(20261130)
    hands = [bytes(rng.sample(range(52), 7)) for _ in range(200000)]
    return hands, [evaluate(h) for h in hands]    # ours, once for both rivals


def test_seven_card_orderings_agree_with_treys(seven_cards):
    from treys import Card, Evaluator
    ev = Evaluator()
    ids = [Card.new(name(c)) for c in range(52)]
    hands, ours = seven_cards
    theirs = [ev.evaluate([ids[h[0]], ids[h[1]]], [ids[c] for c in h[2:]]) for h in hands]
    assert _orderings_agree(ours, theirs)


def test_seven_card_orderings_agree_with_phevaluator(seven_cards):
    from phevaluator import evaluate_cards
    hands, ours = seven_cards
    theirs = [evaluate_cards(*[name(c) for c in h]) for h in hands]
    assert _orderings_agree(ours, theirs)


def test_six_card_orderings_agree_with_treys():
    from treys import Card, Evaluator
    ev = Evaluator()
    rng = random.Random(6)
    hands = [bytes(rng.sample(range(52), 6)) for _ in range(20000)]
    ours = [evaluate(h) for h in hands]
    theirs = [ev.evaluate([Card.new(name(h[0])), Card.new(name(h[1]))],
                          [Card.new(name(c)) for c in h[2:]]) for h in hands]
    assert _orderings_agree(ours, theirs)
