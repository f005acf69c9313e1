"""casino7: fixed-limit seven card stud of seeds 002 and 003, and pokerkit as an oracle."""
import random

import pytest

import pokerkit_oracle
from decks import stud_deck
from stud.core.engine import Hand

THIRD = ["As Ad Qc", "Kh Kd 2h", "Jh Jd 5c", "Th Td 9c"]  # seat 1 shows the 2h: the bring-in


def hand(third=THIRD, later=(), stacks=None, **kw):
    return Hand("casino7", stacks or [999] * len(third), deck=stud_deck(third, later), **kw)


def play(h, *words):
    for w in words:
        h.act(w)
    return h


# ---- pokerkit, hand for hand -------------------------------------------------------

def test_casino7_agrees_with_pokerkit_hand_for_hand():
    """Random legal actions on both engines, short stacks included: the same seat to act
    and the same options at every step, and the same chips at the end.  Only the
    default sizes are played: pokerkit has no open-pair big bet (tested below)."""
    seen = {"allin": 0, "sidepots": 0, "showdown": 0, "steps": 0}
    for seed in range(2000):
        r = random.Random(seed)
        n = r.choice((2, 3, 4, 5, 6, 7))
        stacks = [r.choice((999, 999, 40, 15, 7, 3, 2)) for _ in range(n)]
        ours, theirs, steps = pokerkit_oracle.play(stacks, seed)
        assert list(theirs.stacks) == ours.stacks, "seed %d: %s" % (seed, stacks)
        seen["steps"] += steps
        seen["allin"] += 0 in ours.stacks or any(t == s for t, s in zip(ours.total, stacks))
        seen["sidepots"] += len(ours.result["pots"]) > 1
        seen["showdown"] += bool(ours.result["shown"])
    print(seen)
    assert all(seen.values())


def test_split_pots_and_odd_chips_agree_with_pokerkit():
    """Seats 0 and 1 make the same king-high straight; seat 2 calls the bring-in and
    folds on 4th street, so the pot is odd; the odd chip goes to the first seat
    clockwise from the dealer, as pokerkit gives it to the lowest seat."""
    third = ["Ts Jd 9c", "Th Js 9d", "2c 7d 3h"]
    later = ["Qc Qd 4s", "Kc Kh", "3s 4c", "5c 6c"]
    for stacks in ([999, 999, 999], [999, 999, 30]):
        deck = stud_deck(third, later)
        script = ["bringin", "call", "call", "wager", "call", "fold"]  # then checks
        ours, theirs, steps = pokerkit_oracle.play(stacks, 0, deck=deck, script=script)
        assert list(theirs.stacks) == ours.stacks
        split = [w for _, _, w in ours.result["pots"] if len(w) > 1]
        assert split and ours.result["amounts"][0] == ours.result["amounts"][1] + 1


# ---- the seeds' rules --------------------------------------------------------------

def test_the_lowest_up_card_brings_in_for_2_or_completes_to_5_its_choice():
    h = hand()
    assert h.to_act == 1 and h.legal() == ["bringin", "complete"]
    assert play(hand(), "bringin").total[1] == 1 + 2
    assert play(hand(), "complete").total[1] == 1 + 5


def test_after_a_bring_in_the_others_fold_call_it_or_complete():
    h = play(hand(), "bringin")
    assert h.to_act == 2 and h.legal() == ["fold", "call", "complete"]
    play(h, "call")
    assert h.total[2] == 1 + 2


def test_after_completion_the_others_fold_call_or_raise_a_small_bet():
    h = play(hand(), "bringin", "complete")
    assert h.legal() == ["fold", "call", "raise"]
    play(h, "raise")
    assert h.bet == 10


def test_bring_in_and_completion_are_the_rounds_one_bet_then_three_raises_cap_it():
    h = play(hand(), "bringin", "complete", "raise", "raise", "raise")
    assert h.bet == 20 and h.legal() == ["fold", "call"]


def test_the_cap_is_four_bets_heads_up_too():
    h = play(hand(THIRD[:2]), "complete", "raise", "raise", "raise")
    assert h.bet == 20 and h.legal() == ["fold", "call"]


def test_fourth_street_is_a_small_bet_without_an_open_pair():
    h = play(hand(later=["2c 3d 4h 5h"]), "bringin", "call", "call", "call")
    assert h.street == 1 and h.amounts("bet") == [5]


def test_an_open_pair_on_fourth_lets_the_bettor_bet_small_or_big():
    h = play(hand(later=["Qd 3d 4h 5h"]), "bringin", "call", "call", "call")  # seat 0 shows Q Q
    assert h.to_act == 0 and h.amounts("bet") == [5, 10]
    play(h, "bet:10")
    assert h.bet == 10 and h.amounts("raise") == [10]


def test_after_a_small_bet_a_raise_may_be_big_and_then_all_raises_are_big():
    h = play(hand(later=["Qd 3d 4h 5h"]), "bringin", "call", "call", "call", "bet")
    assert h.amounts("raise") == [5, 10]
    play(h, "raise:10")
    assert h.bet == 15 and h.amounts("raise") == [10]


def test_a_wrong_amount_is_refused_with_the_choices():
    h = play(hand(later=["Qd 3d 4h 5h"]), "bringin", "call", "call", "call")
    with pytest.raises(ValueError, match="bet may be 5 or 10"):
        h.act("bet:7")


def test_fifth_to_seventh_street_bet_the_big_bet():
    h = play(hand(later=["2c 3d 4h 5h"]), "bringin", "call", "call", "call",
             "check", "check", "check", "check")
    assert h.street == 2 and h.amounts("bet") == [10]


def test_on_board_ties_the_first_player_clockwise_from_the_dealer_acts():
    third = ["4s 5s 9h", "Kh Kd 2h", "Jh Jd 8c", "Th Td 9c"]
    h = play(hand(third, later=["Ac 3d 7d As"]), "bringin", "call", "call", "call")
    assert h.to_act == 0  # seat 0 (9h Ac) and seat 3 (9c As) tie; seat 0 sits first


def test_a_player_who_may_check_cannot_fold():
    h = play(hand(later=["2c 3d 4h 5h"]), "bringin", "call", "call", "call")
    assert "fold" not in h.legal()


def _to_river(h, river_bettor=None):
    while h.to_act is not None and h.street < 4:
        h.act("check" if "check" in h.legal() else "call")
    return h


SHOWDOWN = ["As Ad Qc", "Kh Kd 2h", "Jh Jd 5c", "Th Td 9c"]
LATER = ["2c 3d 4h 6h", "7c 8d 9h 6s", "Ts 3s 4s 5s", "8h 2d 7h 7s"]


def test_the_last_aggressor_shows_first_and_losers_are_mucked():
    h = _to_river(play(hand(SHOWDOWN, LATER), "bringin", "call", "call", "call"))
    assert h.street == 4
    # Hal bets the river, everyone calls: Hal shows first; aces up beats the rest.
    while h.to_act != 3:
        h.act("check")
    play(h, "bet", "call", "call", "call")
    shown, mucked = h.result["shown"], h.result["mucked"]
    assert 3 in shown
    assert set(shown) | set(mucked) == {0, 1, 2, 3}
    best = max(v["value"] for v in shown.values())
    assert all(m["value"] < best for m in mucked.values())


def test_a_player_who_does_not_beat_the_best_shown_hand_chooses_show_or_muck():
    h = _to_river(play(hand(SHOWDOWN, LATER, choosers=(0, 1, 2, 3)),
                       "bringin", "call", "call", "call"))
    while h.legal() != ["show", "muck"]:
        h.act("check")
    asked = []
    while h.to_act is not None:
        asked.append(h.to_act)
        h.act("muck" if len(asked) == 1 else "show")
    assert asked
    assert asked[0] in h.result["mucked"]
    best = max(v["value"] for v in h.result["shown"].values())
    assert h.result["mucked"][asked[0]]["value"] < best


def test_the_pot_goes_to_the_best_live_hand_even_when_it_was_not_shown():
    h = _to_river(play(hand(SHOWDOWN, LATER), "bringin", "call", "call", "call"))
    while h.to_act is not None:
        h.act("check")
    values = dict((s, h._hands[s]["value"]) for s in range(4))
    best = max(values.values())
    assert [s for s in range(4) if h.result["amounts"][s]] == [s for s in range(4) if values[s] == best]
