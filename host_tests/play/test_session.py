"""The table around the hands: SEL, BUST and a new game, rebuys, what the save keeps."""
import copy

import pytest

from decks import stud_deck
from stud.core.rng import Rng
from stud.play import bots
from stud.play.session import Session, OUT

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
    assert h.stacks[0] == 0
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


# ---- the other games --------------------------------------------------------------

def _finish(s, h):
    while h.to_act is not None:
        h.act(s.bot_decision(h, Rng(1), samples=8, budget_ms=0)[0] if h.to_act else
              ("check" if "check" in h.legal() else h.legal()[0]))
    s.settle(h)


def test_each_game_keeps_its_own_chips():
    s = Session()
    h = s.deal(rng=Rng(1))
    _finish(s, h)
    tandy = list(s.chips)
    s.set_game("draw5")
    assert s.chips[0] == 1000
    _finish(s, s.deal(rng=Rng(2)))
    draw = list(s.chips)
    s.set_game("tandy7")
    assert s.chips == tandy
    s.set_game("draw5")
    assert s.chips == draw


def test_draw5_is_heads_up_against_the_first_opponent_and_the_deal_alternates():
    s = Session(game="draw5", opponents=[OUT, "JOE", "HAL"])
    h1 = s.deal(rng=Rng(3))
    assert h1.n == 2 and s.positions() == [0, 2]
    _finish(s, h1)
    h2 = s.deal(rng=Rng(4))
    assert h1.dealer != h2.dealer


def test_a_tied_draw_pot_waits_for_the_next_hand():
    s = Session(game="draw5")
    s.dealer = 0  # the next deal is the opponent's: you act first
    from stud.core.cards import parse
    deck = parse("As Ac Ks Kc Qs Qc Js Jc 9s 9c")
    h = s.deal(deck=deck + bytes(c for c in range(52) if c not in deck))
    for w in ("check", "check", "draw:", "draw:", "check", "check"):
        h.act(w)
    s.settle(h)
    assert s.carry == 50 and s.chips[:2] == [975, 975]
    assert s.deal(rng=Rng(5)).pot == 100


def test_in_casino_stud_you_choose_show_or_muck_and_opponents_do_not():
    s = Session(game="casino7")
    assert s.deal(rng=Rng(6)).choosers == (0,)
    s.toggle_demo()
    assert s.deal(rng=Rng(7)).choosers == ()


def test_sel_resets_every_games_chips():
    s = Session()
    s.set_game("draw5")
    s.chips[0] = 10
    s.set_game("tandy7")
    s.select(["SID", "JOE", "HAL"])
    s.set_game("draw5")
    assert s.chips[0] == 1000


def test_no_stack_goes_past_the_limit_the_save_keeps():
    """What the game can reach, the save can store and load (stud.core.compat.LIMIT)."""
    from stud.core.compat import LIMIT
    from stud.save import store, writer
    from saves import CutFiles
    for seed in range(40):
        s = Session()
        s.chips[0] = LIMIT - 3
        h = s.deal(rng=Rng(seed))
        while h.to_act is not None:
            h.act(s.bot_decision(h, Rng(seed), samples=4, budget_ms=0)[0])
        if h.stacks[0] > LIMIT:
            break
    else:
        pytest.fail("no hand won over the limit in 40 deals")
    s.settle(h)
    assert s.chips[0] == LIMIT
    saved = store.Saved()
    writer.capture(saved, s)
    st = store.Store("s", CutFiles())
    assert st.save(saved) is None
    loaded, message = st.load()
    assert message is None and loaded.chips["tandy7"][0] == LIMIT


def test_the_writer_never_writes_what_the_reader_would_refuse():
    from stud.core.compat import LIMIT
    from stud.save import store, writer
    from stud.save.keeper import Keeper
    from saves import CutFiles
    s = Session()
    saved = store.Saved()
    writer.capture(saved, s)
    files = CutFiles()
    k = Keeper(store.Store("s", files))
    k.saved = saved
    assert k.write() is None
    good = files.read("s")
    saved.chips["tandy7"][0] = LIMIT + 1
    assert k.write().upper() == "SAVING FAILED (CHIPS OUT OF RANGE)"
    assert files.files == {"s": good}


def played(s, hands, seed):
    """`hands` hands of the session played out by its bots (AUTO in your seat)."""
    for i in range(hands):
        h = s.deal(rng=Rng(seed + i))
        while h.to_act is not None:
            h.act(s.bot_decision(h, Rng(seed + i), samples=4, budget_ms=0)[0])
        s.settle(h)


def a_table_with_history():
    """Your chips in three games, draw5's deal moved on, models of you learnt, and the
    demo running over casino7 (its chips are not yours)."""
    s = Session("tandy7", ("SID", OUT, "HAL"))
    played(s, 3, 10)
    s.set_game("draw5")
    played(s, 3, 20)
    s.set_game("casino7")
    played(s, 2, 30)
    s.toggle_demo()
    played(s, 2, 40)
    assert s.demo and s.chips != s.capture()[3]["casino7"][0]
    return s


def test_a_table_restored_from_its_capture_is_the_same_table():
    s = a_table_with_history()
    game, opponents, dealer, games, models = s.capture()
    assert (game, opponents, sorted(games)) == ("casino7", ["SID", OUT, "HAL"],
                                                ["casino7", "draw5", "tandy7"])
    assert any(m != bots.new_model() for m in models.values())
    fresh = Session()
    fresh.restore(game, opponents, dealer, games, models)
    assert fresh.capture() == s.capture()
    assert not fresh.demo and (fresh.chips, fresh.carry) == games["casino7"]  # yours
    before = copy.deepcopy(s.capture())
    played(fresh, 2, 50)                 # the restored table is its own: s is not moved
    fresh.set_game("draw5")
    assert (fresh.chips, fresh.carry, fresh.dealer) == (list(games["draw5"][0]),
                                                         games["draw5"][1], s.dealer)
    played(fresh, 2, 60)
    assert s.capture() == before


def test_a_table_goes_through_the_save_file_and_back_the_same():
    from stud.save import reader, store, writer
    s = a_table_with_history()
    saved = store.Saved()
    writer.capture(saved, s)
    fresh = Session()
    reader.restore(store.loads(store.dumps(saved)), fresh)
    assert fresh.capture() == s.capture()


def test_a_restored_game_without_chips_starts_at_its_own_stack():
    s = Session()
    s.restore("draw5", ["SID", "JOE", "HAL"], 1, {"tandy7": ([5, 6, 7, 8], 0)}, {})
    assert s.game == "draw5" and s.chips == [1000, 1000, 1000, 1000] and s.carry == 0
    s.set_game("tandy7")
    assert s.chips == [5, 6, 7, 8]


def test_a_resumed_hand_puts_back_the_chips_it_was_dealt_with():
    s = Session("draw5", (OUT, "JOE", OUT))          # heads-up: you and JOE, top left
    s.resume([300, 1700], 0)
    assert s.chips == [300, 0, 1700, 0] and s.dealer == 0
    s.resume([1000, 1000], None)
    assert s.chips == [1000, 0, 1000, 0] and s.dealer == 0
