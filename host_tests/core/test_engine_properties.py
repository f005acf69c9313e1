"""Properties of every hand of every game, whatever is dealt and whatever anyone does."""
import copy

from hypothesis import given, settings, strategies as st

import pytest

from stud.core.engine import Hand
from stud.core.actions import ACTIONS, WAGERS
from decks import stud_deck
from stud.core.rng import Rng

GAMES = ("tandy7", "casino7", "stud5", "draw5")
game_st = st.sampled_from(GAMES)
stacks_st = st.lists(st.integers(min_value=1, max_value=120), min_size=2, max_size=4)


def initial(game, stacks):
    return [25 * s for s in stacks[:2]] if game == "draw5" else list(stacks)


def new_hand(game, stacks, seed):
    stacks = initial(game, stacks)
    return Hand(game, stacks, rng=Rng(seed), dealer=seed % min(len(stacks), 2))


def word(h, pick):
    """The pick-th legal word, with a draw or a size made from the same number."""
    legal = h.legal()
    w = legal[pick % len(legal)]
    if w == "draw":
        return "draw:" + ",".join([str(p) for p in range(5) if pick >> p & 1][:3])
    sizes = h.amounts(w) if w in ("bet", "raise") else []
    return "%s:%d" % (w, sizes[pick % len(sizes)]) if len(sizes) > 1 else w


def random_hand(game, stacks, seed, choices):
    """Play a whole hand choosing legal words from `choices` (indexes into legal())."""
    h = new_hand(game, stacks, seed)
    steps = 0
    for pick in choices:
        if h.to_act is None:
            break
        h.act(word(h, pick))
        steps += 1
    while h.to_act is not None:  # finish with a steady policy so every hand can end
        legal = h.legal()
        h.act("call" if "call" in legal else ("check" if "check" in legal else word(h, 0)))
        steps += 1
        assert steps < 500
    return h


@settings(max_examples=400, deadline=None)
@given(game_st, stacks_st, st.integers(0, 2 ** 30 - 1), st.lists(st.integers(0, 31), max_size=80))
def test_chips_are_conserved_in_every_hand(game, stacks, seed, choices):
    h = random_hand(game, stacks, seed, choices)
    assert sum(h.stacks) + h.result["carry"] == sum(initial(game, stacks))
    assert sum(h.result["amounts"]) + h.result["carry"] == h.pot == sum(h.total)
    assert all(s >= 0 for s in h.stacks)


@settings(max_examples=300, deadline=None)
@given(game_st, stacks_st, st.integers(0, 2 ** 30 - 1), st.lists(st.integers(0, 31), max_size=60),
       st.sampled_from(ACTIONS + ("shove", "", "bet:7", "raise:1000", "draw:0,1,2,3", "call:5")))
def test_only_legal_actions_are_accepted(game, stacks, seed, choices, bad):
    h = new_hand(game, stacks, seed)
    for pick in choices:
        if h.to_act is None:
            break
        base = bad.partition(":")[0]
        if base not in h.legal() or ":" in bad:
            before = (h.to_act, h.pot, list(h.stacks), len(h.history))
            try:
                h.act(bad)
            except ValueError:
                assert before == (h.to_act, h.pot, list(h.stacks), len(h.history))
            else:
                assert base in h.legal() or h.to_act != before[0] or len(h.history) > before[3]
                continue
        h.act(word(h, pick))


@settings(max_examples=300, deadline=None)
@given(stacks_st, st.integers(0, 2 ** 30 - 1), st.lists(st.integers(0, 9), max_size=200))
def test_raise_caps_hold_in_every_round(stacks, seed, choices):
    h = random_hand("tandy7", stacks, seed, choices)
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
@given(game_st, stacks_st, st.integers(0, 2 ** 30 - 1), st.lists(st.integers(0, 31), max_size=80))
def test_side_pots_pay_only_live_seats_and_never_more_than_was_matched(game, stacks, seed, choices):
    h = random_hand(game, stacks, seed, choices)
    total = h.total
    for seat, won in enumerate(h.result["amounts"]):
        if won:
            assert not h.folded[seat]
            assert won <= sum(min(t, total[seat]) for t in total)
    for amount, eligible, winners in h.result["pots"]:
        assert set(winners) <= set(eligible)
        hands = dict(h.result["shown"])
        hands.update(h.result["mucked"])
        if hands and winners:
            best = max(hands[s]["value"] for s in eligible)
            assert all(hands[s]["value"] == best for s in winners)
            others = [s for s in eligible if s not in winners]
            assert all(hands[s]["value"] < best for s in others)


@pytest.mark.parametrize("game", GAMES)
def test_every_random_hand_ends(game):
    rng = Rng(99)
    for i in range(300):
        stacks = [1 + rng.getrandbits(7) for _ in range(2 + i % 3)]
        h = random_hand(game, stacks, i, [rng.getrandbits(5) for _ in range(60)])
        assert h.to_act is None and h.result is not None


def test_a_short_all_in_player_is_never_asked_to_act_again():
    rng = Rng(5)
    for i in range(200):
        h = Hand("tandy7", [2, 50, 3, 80], rng=Rng(i))
        while h.to_act is not None:
            assert h.stacks[h.to_act] > 0
            legal = h.legal()
            h.act(legal[rng.getrandbits(3) % len(legal)])


def commands(h):
    """Every command the seat to act may give: each legal word, as given bare and with each
    size it offers ("raise", "raise:10", "raise:20")."""
    out = []
    for w in h.legal():
        if w == "draw":
            out += ["draw:", "draw:0,2"]
            continue
        out.append(w)
        if w in WAGERS:
            out += ["%s:%d" % (w, size) for size in h.amounts(w)]
    return out


@settings(max_examples=300, deadline=None)
@given(game_st, stacks_st, st.integers(0, 2 ** 30 - 1), st.lists(st.integers(0, 31), max_size=60))
def test_a_command_is_priced_at_what_acting_on_it_puts_in(game, stacks, seed, choices):
    h = new_hand(game, stacks, seed)
    for pick in choices + [0] * 200:
        if h.to_act is None:
            break
        seat = h.to_act
        for command in commands(h):
            after = copy.deepcopy(h)
            after.act(command)
            assert h.price(command) == after.total[seat] - h.total[seat], (command, h.history)
        h.act(word(h, pick))


def test_a_call_the_stack_cannot_cover_is_priced_all_in():
    # YOU (seat 0) 9c up, SID (seat 1) 4s up brings in 1 of the 3 chips left after the ante
    h = Hand("tandy7", [999, 4], deck=stud_deck(["As Kd 9c", "2c 3h 4s"], ["Ah 2d"]))
    assert h.price("call") == 1 and h.price("raise") == 4 and h.price("fold") == 0  # to 4
    h.act("call")
    assert h.to_act == 0 and h.price("bet") == 5          # 4th street's bet is 5
    h.act("bet")
    assert h.legal() == ["fold", "call"] and h.price("call") == 2   # SID has 2 left


@pytest.mark.parametrize("game, ups", [
    ("tandy7", [0, 0, 0, 1, 2, 3, 4, 4]),     # two down, then up, up, up, up, down
    ("casino7", [0, 0, 0, 1, 2, 3, 4, 4]),
    ("stud5", [0, 0, 1, 2, 3, 3]),            # one down, up, up, up, then the last down
    ("draw5", [0, 0, 0, 0, 0, 0]),            # five down; the draw deals no new place
])
def test_the_engine_counts_the_up_cards_among_the_first_dealt(game, ups):
    h = Hand(game, [999, 999], rng=Rng(1))
    assert [h.ups(k) for k in range(len(ups))] == ups


@settings(max_examples=200, deadline=None)
@given(game_st, stacks_st, st.integers(0, 2 ** 30 - 1), st.lists(st.integers(0, 31), max_size=60))
def test_the_up_cards_counted_are_the_cards_each_seat_holds_face_up(game, stacks, seed, choices):
    h = new_hand(game, stacks, seed)
    for pick in choices + [0] * 200:
        for s in range(h.n):
            assert h.ups(len(h.up[s]) + len(h.down[s])) == len(h.up[s])
        if h.to_act is None:
            break
        h.act(word(h, pick))
