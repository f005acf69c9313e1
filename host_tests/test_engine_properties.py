"""Properties of every hand, whatever is dealt and whatever anyone does."""
from hypothesis import given, settings, strategies as st

import pytest

from stud.engine import Hand, ACTIONS
from stud.rng import Rng

stacks_st = st.lists(st.integers(min_value=1, max_value=120), min_size=2, max_size=4)


def random_hand(stacks, seed, choices):
    """Play a whole hand choosing legal words from `choices` (indexes into legal())."""
    h = Hand("tandy7", stacks, rng=Rng(seed))
    steps = 0
    for pick in choices:
        if h.to_act is None:
            break
        legal = h.legal()
        h.act(legal[pick % len(legal)])
        steps += 1
    while h.to_act is not None:  # finish with a steady policy so every hand can end
        legal = h.legal()
        h.act("call" if "call" in legal else "check")
        steps += 1
        assert steps < 500
    return h


@settings(max_examples=300, deadline=None)
@given(stacks_st, st.integers(0, 2 ** 30 - 1), st.lists(st.integers(0, 9), max_size=80))
def test_chips_are_conserved_in_every_hand(stacks, seed, choices):
    h = random_hand(stacks, seed, choices)
    assert sum(h.stacks) == sum(stacks)
    assert sum(h.result["amounts"]) == h.pot == sum(h.total)
    assert all(s >= 0 for s in h.stacks)


@settings(max_examples=200, deadline=None)
@given(stacks_st, st.integers(0, 2 ** 30 - 1), st.lists(st.integers(0, 9), max_size=60),
       st.sampled_from(ACTIONS + ("complete", "bringin", "shove", "")))
def test_only_legal_actions_are_accepted(stacks, seed, choices, word):
    h = Hand("tandy7", stacks, rng=Rng(seed))
    for pick in choices:
        if h.to_act is None:
            break
        legal = h.legal()
        if word not in legal:
            before = (h.to_act, h.pot, list(h.stacks), len(h.history))
            with pytest.raises(ValueError):
                h.act(word)
            assert before == (h.to_act, h.pot, list(h.stacks), len(h.history))
        h.act(legal[pick % len(legal)])


@settings(max_examples=300, deadline=None)
@given(stacks_st, st.integers(0, 2 ** 30 - 1), st.lists(st.integers(0, 9), max_size=200))
def test_raise_caps_hold_in_every_round(stacks, seed, choices):
    h = random_hand(stacks, seed, choices)
    folded = set()
    raises = {}
    for street, seat, word, chips in h.history:
        if word == "fold":
            folded.add(seat)
        elif word == "raise":
            live = len(stacks) - len(folded)
            cap = 4 if live > 2 else 14
            assert raises.get(street, 0) < cap
            raises[street] = raises.get(street, 0) + 1


@settings(max_examples=300, deadline=None)
@given(stacks_st, st.integers(0, 2 ** 30 - 1), st.lists(st.integers(0, 9), max_size=80))
def test_side_pots_pay_only_live_seats_and_never_more_than_was_matched(stacks, seed, choices):
    h = random_hand(stacks, seed, choices)
    total = h.total
    for seat, won in enumerate(h.result["amounts"]):
        if won:
            assert not h.folded[seat]
            assert won <= sum(min(t, total[seat]) for t in total)
    for amount, eligible, winners in h.result["pots"]:
        assert set(winners) <= set(eligible)
        if h.result["shown"]:
            best = max(h.result["shown"][s]["value"] for s in eligible)
            assert all(h.result["shown"][s]["value"] == best for s in winners)
            others = [s for s in eligible if s not in winners]
            assert all(h.result["shown"][s]["value"] < best for s in others)


def test_every_random_hand_ends():
    rng = Rng(99)
    for i in range(300):
        stacks = [1 + rng.getrandbits(7) for _ in range(2 + i % 3)]
        h = random_hand(stacks, i, [rng.getrandbits(4) for _ in range(60)])
        assert h.to_act is None and h.result is not None


def test_a_short_all_in_player_is_never_asked_to_act_again():
    rng = Rng(5)
    for i in range(200):
        h = Hand("tandy7", [2, 50, 3, 80], rng=Rng(i))
        while h.to_act is not None:
            assert h.stacks[h.to_act] > 0
            legal = h.legal()
            h.act(legal[rng.getrandbits(3) % len(legal)])
