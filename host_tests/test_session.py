"""The table around the hands: SEL, BUST and a new game, rebuys."""
import pytest

from decks import stud_deck
from stud.rng import Rng
from stud.session import Session, OUT

APPENDIX_B = ["As Ad Qc", "Kh Kd 2h", "Jh Jd 5c", "Th Td Kc"]


def test_everyone_starts_with_999_chips():
    s = Session()
    assert s.chips == [999, 999, 999, 999]
    assert s.names == ["YOU", "SID", "JOE", "HAL"]


def test_sel_seats_opponents_bottom_left_top_left_top_right_and_resets_stacks():
    s = Session()
    h = s.deal(rng=Rng(1))
    while h.to_act is not None:
        h.act(h.legal()[-1])
    s.settle(h)
    assert s.chips != [999] * 4
    s.select(["HAL", OUT, "HAL"])
    assert s.names == ["YOU", "HAL", OUT, "HAL"]
    assert s.chips == [999, 999, 0, 999]
    assert s.positions() == [0, 1, 3]


def test_out_leaves_a_position_empty_and_the_hand_is_dealt_to_the_others():
    s = Session(opponents=[OUT, "JOE", OUT])
    h = s.deal(rng=Rng(2))
    assert h.n == 2


def test_sel_refuses_unknown_names_and_an_empty_table():
    s = Session()
    with pytest.raises(ValueError, match="unknown opponent"):
        s.select(["BOB", "JOE", "SID"])
    with pytest.raises(ValueError, match="at least one"):
        s.select([OUT, OUT, OUT])


def _lose_everything(s, deck):
    h = s.deal(deck=deck)
    while h.to_act is not None:
        h.act("raise" if "raise" in h.legal() else ("call" if "call" in h.legal() else "check"))
    return h


def test_a_lost_all_in_starts_a_new_game_with_999_each():
    s = Session()
    s.chips = [5, 999, 999, 999]
    # You hold junk against Hal's aces and kings; everyone calls down.
    h = _lose_everything(s, stud_deck(["2c 7d 3h", "4c 9d Jh", "5c Td Qs", "As Ad Ks"],
                                      ["8h 6h 3d Kc", "2d 6s 4s Kh", "3s 8s 4h 9h", "2h Js 9c 7s"]))
    assert h.stacks[0] == 0 and s.is_bust(0, h)
    s.settle(h)
    assert s.chips == [999] * 4
    assert "BUST - NEW GAME" in s.take_notices()


def test_a_busted_opponent_rebuys_999_at_the_next_hand_and_the_screen_says_so():
    s = Session()
    s.chips = [999, 999, 0, 999]
    h = s.deal(rng=Rng(3))
    assert h.stacks[2] + h.total[2] == 999
    assert s.take_notices() == ["JOE REBUYS 999"]


def test_settle_refuses_a_hand_in_progress():
    s = Session()
    h = s.deal(rng=Rng(4))
    with pytest.raises(ValueError):
        s.settle(h)
