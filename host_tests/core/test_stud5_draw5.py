"""stud5 (seed 001) and draw5 (seed 004), rule by rule in the seeds' words."""
import pytest

from decks import padded
from stud.core.cards import parse
from stud.core.engine import Hand


def deck(*deal):
    """The deal as given, then the rest of the deck in order."""
    return padded(parse(" ".join(deal)))


def play(h, *words):
    for w in words:
        h.act(w)
    return h


# ---- five card stud, first and last cards down ------------------------------------

def stud5(down, up, later=(), stacks=None):
    """down/up: one card per seat for the first round, in deal order."""
    return Hand("stud5", stacks or [999] * len(down.split()), deck=deck(down, up, *later))


def test_stud5_deals_one_down_and_one_up_and_antes_one():
    h = stud5("2c 3c 4c", "Kd 9h 5s")
    assert all(len(h.down_cards(s)) == 1 and len(h.up_cards(s)) == 1 for s in range(3))
    assert h.pot == 3


def test_stud5_has_no_forced_bet_the_highest_up_card_opens():
    h = stud5("2c 3c 4c", "9d Kh 5s")
    assert h.to_act == 1 and h.legal() == ["check", "bet"]


def test_stud5_aces_are_high_for_opening():
    h = stud5("2c 3c 4c", "Ad Kh 5s")
    assert h.to_act == 0


def test_stud5_on_equal_high_cards_the_player_nearest_the_dealers_left_opens():
    h = stud5("2c 3c 4c", "5d Kh Ks")
    assert h.to_act == 1


def test_stud5_from_the_third_card_the_highest_showing_hand_opens():
    h = play(stud5("2c 3c 4c", "Ad Kh 5s", ["9c 7d 5h"]), "check", "check", "check")
    assert h.street == 1 and h.to_act == 2  # 5-5 showing beats A-9 and K-7


def test_stud5_bets_five_in_the_first_two_rounds_and_ten_in_the_last_two():
    h = stud5("2c 3c", "Ad Kh", ["9c 7d", "8c 6d", "Jc Jd"])
    sizes = {}
    while h.to_act is not None:
        if "bet" in h.legal():
            sizes[h.street] = h.amounts("bet")[0]
        h.act("check" if "check" in h.legal() else "call")
    assert [sizes[s] for s in range(4)] == [5, 5, 10, 10]


def test_stud5_four_bets_cap_a_round():
    h = play(stud5("2c 3c 4c", "Ad Kh 5s"), "bet", "raise", "raise", "raise")
    assert h.legal() == ["fold", "call"]


def test_stud5_the_last_card_is_dealt_down_and_the_best_five_win():
    h = stud5("2c 3c", "Ad Kh", ["Ac 7d", "8c 6d", "Jc Kd"])
    while h.to_act is not None:
        h.act("check")
    assert len(h.down_cards(0)) == 2 and len(h.up_cards(0)) == 3
    assert h.result["winners"] == [0]  # a pair of aces
    assert h.result["shown"][1]["name"] == "PAIR OF KINGS"


def test_stud5_the_ace_may_play_low_in_a_wheel():
    h = stud5("2c 9c", "Ad Kh", ["3c 7d", "4c 6d", "5h Qd"])
    while h.to_act is not None:
        h.act("check")
    assert h.result["shown"][0]["name"] == "STRAIGHT, FIVE HIGH"


# ---- heads-up five card draw -------------------------------------------------------

def draw5(deal, draws="", dealer=1, stacks=(1000, 1000), carry=0):
    """deal: ten cards one at a time, non-dealer first; draws: replacement cards."""
    return Hand("draw5", list(stacks), deck=deck(deal, draws), dealer=dealer, carry=carry)


DEAL = "As Kc Ad Kd Ah 2c 7s 3d 9h 4h"   # seat 0: As Ad Ah 7s 9h, seat 1: Kc Kd 2c 3d 4h


def test_draw5_antes_25_each_and_deals_one_at_a_time_non_dealer_first():
    h = draw5(DEAL)
    assert h.pot == 50 and h.stacks == [975, 975]
    assert h.down_cards(0) == parse("As Ad Ah 7s 9h")
    assert h.down_cards(1) == parse("Kc Kd 2c 3d 4h")


def test_draw5_the_deal_alternates_and_the_non_dealer_acts_first():
    assert draw5(DEAL, dealer=1).to_act == 0
    h = draw5(DEAL, dealer=0)
    assert h.to_act == 1 and h.down_cards(1) == parse("As Ad Ah 7s 9h")


def test_draw5_bets_and_raises_go_from_25_to_100_in_steps_of_25():
    h = draw5(DEAL)
    assert h.amounts("bet") == [25, 50, 75, 100]
    play(h, "bet:75")
    assert h.bet == 75 and h.amounts("raise") == [25, 50, 75, 100]
    play(h, "raise:100")
    assert h.bet == 175


def test_draw5_a_player_who_checked_may_not_raise_in_that_round():
    h = play(draw5(DEAL), "check", "bet:50")
    assert h.to_act == 0 and h.legal() == ["fold", "call"]


def test_draw5_three_raises_at_most():
    h = play(draw5(DEAL), "bet", "raise", "raise", "raise")
    assert h.legal() == ["fold", "call"]


def test_draw5_each_player_draws_up_to_three_non_dealer_first():
    h = play(draw5(DEAL, draws="2s 3s 5d 6d"), "check", "check")
    assert h.legal() == ["draw"] and h.to_act == 0
    play(h, "draw:3,4")
    assert h.down_cards(0) == parse("As Ad Ah 2s 3s")
    play(h, "draw:2,3")
    assert h.down_cards(1) == parse("Kc Kd 5d 6d 4h")


def test_draw5_no_four_card_draw():
    h = play(draw5(DEAL), "check", "check")
    with pytest.raises(ValueError, match="at most 3"):
        h.act("draw:0,1,2,3")
    with pytest.raises(ValueError, match="positions 0-4"):
        h.act("draw:5")


def test_draw5_standing_pat_is_drawing_nothing():
    h = play(draw5(DEAL), "check", "check", "draw:", "draw:")
    assert h.down_cards(0) == parse("As Ad Ah 7s 9h") and h.legal() == ["check", "bet"]


def test_draw5_the_last_bettor_of_the_first_round_opens_the_second():
    h = play(draw5(DEAL), "check", "bet", "call", "draw:", "draw:")
    assert h.to_act == 1


def test_draw5_checked_through_the_non_dealer_opens_the_second_round():
    h = play(draw5(DEAL, dealer=0), "check", "check", "draw:", "draw:")
    assert h.to_act == 1


def test_draw5_aces_are_always_high_a_2_3_4_5_is_no_straight():
    h = play(draw5("As 9c 2d 9d 3h Tc 4c Jd 5s Qh"), "check", "check", "draw:", "draw:",
             "check", "check")
    assert h.result["shown"][0]["name"] == "ACE HIGH"
    assert h.result["winners"] == [1]  # a pair of nines


def test_draw5_a_tie_leaves_the_pot_in_the_middle_for_the_next_hand():
    h = play(draw5("As Ac Ks Kc Qs Qc Js Jc 9s 9c"), "check", "check", "draw:", "draw:",
             "check", "check")
    assert h.result["carry"] == 50 and h.stacks == [975, 975] and h.result["winners"] == []
    nxt = draw5(DEAL, carry=h.result["carry"])
    assert nxt.pot == 100
    play(nxt, "check", "check", "draw:", "draw:", "check", "check")
    assert nxt.result["amounts"][0] == 100  # three aces take the carried pot too


def test_draw5_may_fold_only_facing_a_bet():
    h = draw5(DEAL)
    assert "fold" not in h.legal()
    play(h, "bet")
    assert "fold" in h.legal()
    play(h, "fold")
    assert h.result["winners"] == [0] and h.stacks == [1025, 975]
