"""Every tandy7 rule of SPEC.md, in the cartridge's own words (seed 000).

Seats are in deal order: 0 you (bottom right), 1 bottom left, 2 top left,
3 top right; clockwise is 0 -> 1 -> 2 -> 3 -> 0.
"""
import pytest

from decks import stud_deck
from stud.core.engine import Hand

YOU, SID, JOE, HAL = 0, 1, 2, 3  # the seating of seed 000's Diagram 1


def hand(third, later=(), stacks=None):
    stacks = stacks or [999] * len(third)
    return Hand("tandy7", stacks, deck=stud_deck(third, later))


def play(h, *words):
    for w in words:
        h.act(w)
    return h


def chips_in(h, seat, street=None):
    return sum(c for st, s, w, c in h.history if s == seat and (street is None or st == street))


# Diagram 1: Sid and Joe show equally low cards, Joe's suit is lower.
DIAGRAM_1 = ["As Ad Qc", "Kh Kd 3h", "Jh Jd 3c", "Th Td Kc"]
# Appendix B: Sid has the lowest card and bets the 1 chip.
APPENDIX_B = ["As Ad Qc", "Kh Kd 2h", "Jh Jd 5c", "Th Td Kc"]


def test_everyone_antes_one_chip_before_the_deal():
    h = hand(APPENDIX_B)
    assert [w for st, s, w, c in h.history[:4]] == ["ante"] * 4
    assert h.total == [1, 2, 1, 1]  # Sid's forced bet on top of his ante


def test_each_player_gets_two_down_and_one_up_card():
    h = hand(APPENDIX_B)
    for seat in range(4):
        assert len(h.down_cards(seat)) == 2 and len(h.up_cards(seat)) == 1


def test_the_lowest_up_card_must_bet_one_chip():
    h = hand(APPENDIX_B)
    assert h.history[4] == (0, SID, "bringin", 1)
    assert h.pot == 5


def test_an_ace_counts_high_for_the_lowest_card():
    h = hand(["Ks Kd Ac", "Qh Qd 3h", "Jh Jd 9c", "Th Td 8c"])
    assert h.history[4][1] == SID


def test_on_equal_low_cards_the_lower_suit_bets_first():
    h = hand(DIAGRAM_1)  # 3c (Joe) is lower than 3h (Sid): clubs < diamonds < hearts < spades
    assert h.history[4] == (0, JOE, "bringin", 1)


def test_after_the_forced_bet_the_next_player_clockwise_may_pass_call_or_raise():
    h = hand(DIAGRAM_1)
    assert h.to_act == HAL
    assert h.legal() == ["fold", "call", "raise"]


def test_the_first_raise_is_the_last_bet_plus_three():
    h = play(hand(APPENDIX_B), "raise")
    assert h.bet == 4 and chips_in(h, JOE, 0) == 4 + 1


def test_every_later_raise_is_the_last_bet_plus_five():
    h = play(hand(APPENDIX_B), "raise", "call", "raise")
    assert h.bet == 9
    play(h, "call", "call", "raise")
    assert h.bet == 14


def test_appendix_b_pot_is_33_and_joe_has_staked_15():
    h = play(hand(APPENDIX_B), "raise", "fold", "raise", "fold", "raise", "call")
    assert h.pot == 33
    assert h.total[JOE] == 15
    assert h.street == 1  # the first round of betting is over


def test_diagram_1_example_hal_calls_five_more_to_match_your_nine():
    h = play(hand(DIAGRAM_1), "raise", "raise", "call", "fold")
    before = h.total[HAL]
    play(h, "call")
    assert h.total[HAL] - before == 5 and h.total[HAL] == 10
    assert h.total[SID] == 10 and h.total[YOU] == 10
    assert h.street == 1 and h.pot == 32


def test_the_forced_bettor_gets_no_option_when_nobody_raises():
    h = play(hand(APPENDIX_B), "call", "call", "call")  # Joe, Hal, you call the 1
    assert h.street == 1
    assert not [1 for st, s, w, c in h.history if st == 0 and s == SID and w != "bringin" and w != "ante"]


def test_on_fourth_street_the_best_showing_hand_acts_first_and_may_check_or_bet():
    h = hand(APPENDIX_B, later=["2c 3d 4h Ks"])  # Hal shows K K
    play(h, "call", "call", "call")
    assert h.to_act == HAL and h.legal() == ["check", "bet"]


def test_on_the_board_straights_and_flushes_do_not_count_only_high_cards():
    # Sid shows 2h 3h (three-flush-ish, straight-ish): Joe's ace high acts first.
    third = ["4s 5s 7c", "Kh Kd 2h", "Jh Jd 9c", "Th Td 8c"]
    h = hand(third, later=["9d 3h Ac 6d"])
    play(h, "call", "call", "call")
    assert h.to_act == JOE


def test_on_board_ties_the_first_in_deal_order_acts_first():
    third = ["4s 5s 9h", "Kh Kd 2h", "Jh Jd 9c", "Th Td 8c"]
    h = hand(third, later=["Ac Ad 7d 3h"])  # you and Sid both show ace-nine... you are first
    play(h, "call", "call", "call")
    assert h.to_act == YOU


def test_fourth_street_bet_is_five_and_a_raise_puts_up_ten():
    h = play(hand(APPENDIX_B, later=["2c 3d 4h 5h"]), "call", "call", "call")
    play(h, "bet")
    assert h.bet == 5
    play(h, "raise")
    assert h.bet == 10


def test_fourth_street_bet_is_ten_when_any_active_player_shows_a_pair():
    h = play(hand(APPENDIX_B, later=["Qd 3d 5d 4h"]), "call", "call", "call")  # you show Q Q
    assert h.to_act == YOU
    play(h, "bet")
    assert h.bet == 10
    play(h, "raise")
    assert h.bet == 20


def test_a_pair_shown_by_a_player_who_passed_does_not_make_the_bet_ten():
    # Hal folds on 3rd street; the pair that would have paired his door goes to nobody.
    h = play(hand(APPENDIX_B, later=["2c 3d 4h"]), "call", "fold", "call")
    assert h.street == 1 and h.bet_size == 5


def test_later_streets_bet_ten_and_raises_add_ten():
    h = play(hand(APPENDIX_B), "call", "call", "call")
    for street in (1,):
        play(h, "check", "check", "check", "check")
    assert h.street == 2
    play(h, "bet", "raise")
    assert h.bet == 20 and h.bet_size == 10


def test_the_seventh_card_is_dealt_face_down():
    h = play(hand(APPENDIX_B), "call", "call", "call")
    while h.street < 4:
        play(h, "check")
    assert all(len(h.up_cards(s)) == 4 and len(h.down_cards(s)) == 3 for s in range(4))


def test_a_player_who_may_check_cannot_pass():
    h = play(hand(APPENDIX_B), "call", "call", "call")
    assert "fold" not in h.legal()
    with pytest.raises(ValueError, match="not legal"):
        h.act("fold")


def test_check_raise_is_allowed():
    h = play(hand(APPENDIX_B, later=["2c 3d 4h 5h"]), "call", "call", "call")
    play(h, "check", "bet", "call", "call")  # Hal checks, you bet, Sid and Joe call
    assert h.to_act == HAL and "raise" in h.legal()
    play(h, "raise")
    assert h.bet == 10


def test_a_round_ends_when_all_check():
    h = play(hand(APPENDIX_B), "call", "call", "call", "check", "check", "check", "check")
    assert h.street == 2


def test_a_round_ends_when_every_opponent_of_the_raiser_has_called_or_passed():
    h = play(hand(APPENDIX_B), "call", "call", "raise", "call", "fold")
    assert h.street == 0 and h.to_act == HAL
    play(h, "call")
    assert h.street == 1


def test_four_raises_at_most_while_more_than_two_players_are_in():
    h = play(hand(APPENDIX_B), "raise", "raise", "raise", "raise")
    assert h.raises == 4
    assert h.legal() == ["fold", "call"]


def test_fourteen_raises_when_only_two_players_are_left():
    h = play(hand(APPENDIX_B), "raise", "fold", "fold")  # Joe raises; Hal and you pass
    for _ in range(13):  # Sid and Joe raise each other
        play(h, "raise")
    assert h.raises == 14 and h.legal() == ["fold", "call"]


def test_the_forced_one_chip_bet_is_not_a_raise():
    assert hand(APPENDIX_B).raises == 0


def test_one_player_left_takes_the_pot_without_a_show():
    h = play(hand(APPENDIX_B), "raise", "fold", "fold", "fold")
    assert h.to_act is None
    assert h.result["winners"] == [JOE] and h.result["shown"] == {}
    assert h.stacks[JOE] == 999 - 5 + h.pot


def _check_down(h):
    while h.to_act is not None:
        play(h, "check" if "check" in h.legal() else "call")
    return h


def test_the_best_five_of_seven_wins_the_pot_at_showdown():
    # You end with three kings, Hal with two pairs (seed 000, Diagram 2).
    third = ["Ks Kd 9c", "2h 7d 3h", "4h 8d 5c", "Qh Qd 6c"]
    h = hand(third, later=["Kc Jc Td 6d", "2c Tc 9h 3s", "8c 4c Th Js", "5d 7c 2d 9d"])
    _check_down(h)
    assert h.result["winners"] == [YOU]
    assert h.result["shown"][YOU]["name"] == "3 KINGS"
    assert h.result["shown"][HAL]["name"] == "TWO PAIRS, QUEENS UP"


def test_exact_ties_split_the_pot_and_odd_chips_go_one_each_in_deal_order():
    # You and Sid make the same king-high straight; Hal brings in with 2h, Joe passes.
    third = ["Ts Jd 9c", "Th Js 9d", "2c 7d Ah", "3c 4d 2h"]
    later = ["Qc Qd 5s", "Kc Kh 6s", "3h 4h 8s", "5c 6c 2d"]
    h = play(hand(third, later), "call", "call", "fold")  # you, Sid, Joe
    assert h.pot == 7
    _check_down(h)
    assert h.result["shown"][YOU]["value"] == h.result["shown"][SID]["value"]
    assert h.result["winners"] == [YOU, SID]
    assert h.result["amounts"] == [4, 3, 0, 0]


def test_a_player_who_cannot_cover_a_bet_calls_for_what_they_have_and_plays_to_showdown():
    h = hand(APPENDIX_B, stacks=[999, 3, 999, 999])  # Sid: ante and forced bet leave him 1
    play(h, "raise", "fold", "call", "call")  # Joe 4, Hal passes, you call, Sid all in
    assert h.stacks[SID] == 0 and h.total[SID] == 3
    assert h.street == 1 and SID not in h.pending
    _check_down(h)
    assert len(h.down_cards(SID)) == 3 and len(h.up_cards(SID)) == 4
    main, side = h.result["pots"][:2]
    assert main[0] == 3 * 3 + 1 and main[1] == [YOU, SID, JOE]  # Hal's ante is in the main pot
    assert SID not in side[1]
    assert sum(h.stacks) == 999 * 3 + 3


def test_an_uncalled_all_in_bettor_does_not_win_more_than_was_matched():
    h = hand(APPENDIX_B, stacks=[999, 3, 999, 999])
    play(h, "raise", "fold", "fold", "call")  # Sid calls all in: 3 of Joe's 5 are matched
    _check_down(h)
    won = h.result["amounts"][SID]
    assert won in (0, 3 + 3 + 1 + 1)  # his 3, Joe's matching 3, the two passed antes
