import random

import pytest

from stud.core import cards
from stud.core.rng import Rng


def test_a_card_is_rank_times_four_plus_suit():
    assert cards.parse("2c As")[0] == 0
    assert cards.parse("As")[0] == 12 * 4 + 3
    assert cards.parse("Td")[0] == 8 * 4 + 1


def test_parse_and_format_round_trip_every_card():
    text = cards.format(range(52))
    assert cards.parse(text) == bytes(range(52))
    assert cards.format(cards.parse("As Td 2c")) == "As Td 2c"


def test_parse_accepts_ten_written_as_10_and_lower_case():
    assert cards.parse("10h ks") == cards.parse("Th Ks")


@pytest.mark.parametrize("bad", ["Xs", "A", "Asd", "1c", "Az"])
def test_unknown_cards_are_refused_with_their_text(bad):
    with pytest.raises(ValueError, match="unknown card"):
        cards.parse(bad)


def test_duplicate_cards_are_refused():
    with pytest.raises(ValueError, match="duplicate card 'As'"):
        cards.parse("As Kd As")


def test_shuffle_is_a_permutation_and_deterministic_for_a_seed():
    a = cards.shuffle(cards.new_deck(), Rng(5))
    b = cards.shuffle(cards.new_deck(), Rng(5))
    assert a == b and sorted(a) == list(range(52))
    assert a != cards.shuffle(cards.new_deck(), Rng(6))


def test_shuffle_takes_any_getrandbits_source():
    deck = cards.shuffle(cards.new_deck(), random.Random(1))
    assert sorted(deck) == list(range(52))


def test_shuffle_is_uniform_enough_on_the_first_position():
    rng = Rng(11)
    counts = [0] * 52
    for _ in range(5200):
        counts[cards.shuffle(cards.new_deck(), rng)[0]] += 1
    assert min(counts) > 50 and max(counts) < 160  # mean 100


def test_rng_stays_below_two_to_the_thirty():
    rng = Rng(123)
    for _ in range(1000):
        rng.getrandbits(16)
        assert 0 <= rng.state < 2 ** 30
    assert 0 <= rng.getrandbits(40) < 2 ** 40
