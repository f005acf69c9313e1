"""tools/save/history.py --phh (tools/save/phh.py): casino 7-card stud hands in the Poker Hand History
format, loaded with pokerkit's HandHistory and replayed to the end: the same final stacks
as ours, hand for hand.  A hand PHH cannot express says so in one line."""
import random
import subprocess
import warnings

import pytest
from pokerkit import HandHistory

import hands
from tools.save import phh
import pokerkit_oracle
from decks import stud_deck
from paths import tool
from saves import played
from stud.core.engine import Hand
from stud.save import record, store

TOOL = tool("save.history")


def run(*args):
    return subprocess.run(TOOL + list(args), capture_output=True, text=True,
                          timeout=60)


def replays_to(text, stacks):
    """Does pokerkit play the PHH text to its end with these final stacks?"""
    try:
        return replayed(HandHistory.loads(text)) == stacks
    except (AssertionError, ValueError):
        return False


def replayed(hh):
    """pokerkit's stacks at the end of the hand, which it must have played to its end."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)    # our cards are not its deck's top
        state = None
        for state in hh:
            pass
    assert not state.status, "pokerkit's hand is not over"
    return list(state.stacks)


def ours(h):
    """Our final stacks in PHH's player order (from the seat after the dealer)."""
    return [h.stacks[s] for s in h.order]


def exported(h, names=("YOU", "SID", "JOE", "HAL", "P5", "P6", "P7")):
    rec = record.decode(record.encode(h, list(names[:h.n])))
    return rec, phh.dumps(rec, 1)


@pytest.fixture(scope="module")
def save_file(tmp_path_factory):
    """A save of 55 hands (the 50 kept: tandy7, draw5, then casino7), and a casino7 hand
    with the open-pair big bet kept last."""
    _, saved = played(hands=55)
    saved.add_hand(record.encode(open_pair_big_bet(), ["YOU", "SID"]))
    path = str(tmp_path_factory.mktemp("save") / "stud.sav")
    with open(path, "wb") as f:
        f.write(store.dumps(saved))
    return path, saved


def open_pair_big_bet():
    """casino7: YOU show a pair of sevens on 4th street and bet 10 (seeds 002, 003)."""
    h = Hand("casino7", [999, 999], deck=stud_deck(["As Ks 7c", "2d 3d 8h"], ["7d 9h"]))
    for word in ("bringin", "call", "bet:10", "fold"):
        h.act(word)
    return h


def test_every_casino7_hand_of_a_save_replays_in_pokerkit_to_our_stacks(save_file):
    path, saved = save_file
    done = run("--file", path, "--phh")
    assert done.returncode == 0, done.stderr
    games = [record.decode(r)["game"] for r in saved.hands]
    written = list(HandHistory.loads_all(done.stdout))
    casino = [n for n, g in enumerate(games, 1) if g == "casino7"]
    # the last has the open-pair big bet; so may a hand the bots played (their choice)
    big = [n for n in casino if _open_pair_big_bet(saved.hands[n - 1])]
    assert big[-1:] == [casino[-1]]
    assert [hh.hand for hh in written] == [n for n in casino if n not in big]
    assert len(written) >= 10
    for hh in written:
        h = record.replay(record.decode(saved.hands[hh.hand - 1]))
        assert hh.variant == "F7S" and replayed(hh) == ours(h) == hh.finishing_stacks, hh.hand
    said = done.stderr.splitlines()
    assert len(said) == 50 - len(written)
    for n, g in enumerate(games, 1):
        if g != "casino7":
            assert ("history: hand %d is not written in PHH: PHH has no" % n) in said[0]
            said.pop(0)
    assert said == ["history: hand %d is not written in PHH: a 10-chip bet on 4th street "
                    "(the open-pair option): F7S bets 5 there" % n for n in big]


def _open_pair_big_bet(rec):
    """Does this kept hand bet or raise by 10 on 4th street (casino7's open-pair option)?"""
    committed = {}
    for street, seat, word, chips in record.replay(record.decode(rec)).history:
        if street == 1 and word in ("check", "call", "bet", "raise"):
            level = max(committed.values() or [0])
            committed[seat] = committed.get(seat, 0) + chips
            if word in ("bet", "raise") and committed[seat] - level > 5:
                return True
    return False


def test_one_hand_is_a_phh_file_and_one_pokerkit_cannot_play_is_one_line(save_file):
    path, saved = save_file
    n = [record.decode(r)["game"] for r in saved.hands].index("casino7") + 1
    done = run("--file", path, "--phh", "--hand", str(n))
    hh = HandHistory.loads(done.stdout)
    assert done.returncode == 0 and hh.hand == n and hh.players[0] == "YOU"
    for n in (1, 20, 50):               # tandy7, draw5, casino7 with the open-pair big bet
        done = run("--file", path, "--phh", "--hand", str(n))
        lines = done.stderr.splitlines()
        assert done.returncode == 2 and done.stdout == "" and len(lines) == 1
        assert lines[0].startswith("history: hand %d is not written in PHH: " % n)


def test_casino7_hands_with_all_ins_side_pots_and_showdowns_replay_in_pokerkit(monkeypatch):
    """Short stacks, random legal words (both open-pair sizes, SHOW and MUCK for the
    seats that choose): each hand is written and replays in pokerkit to our stacks, or
    is refused for what it holds - an open-pair big wager, or a mucked hand that won
    chips, which written anyway pokerkit does not replay to our stacks."""
    seen = dict.fromkeys(("written", "allin showdown", "side pots", "mucked", "open pair",
                          "mucked winner"), 0)
    for seed in range(500):
        r = random.Random(seed)
        n = r.randint(2, 4)
        h = Hand("casino7", [r.choice((1, 2, 5, 13, 40, 999)) for _ in range(n)],
                 deck=bytes(r.sample(range(52), 52)),
                 choosers=tuple([s for s in range(n) if r.random() < 0.5]))
        while h.to_act is not None:
            word = r.choice(h.legal())
            if len(h.amounts(word)) > 1:
                word = "%s:%d" % (word, r.choice(h.amounts(word)))
            h.act(word)
        rec = record.decode(record.encode(h, ["YOU", "SID", "JOE", "HAL"][:n]))
        res = h.result
        try:
            text = phh.dumps(rec, seed)
        except phh.Inexpressible as e:
            if "4th street" in str(e):
                assert any(m.endswith(":10") for m in rec["moves"]), seed
                seen["open pair"] += 1
            else:
                assert "mucked a hand that still won" in str(e), seed
                with monkeypatch.context() as m:
                    m.setattr(phh, "_check_mucks", lambda *args: None)
                    assert not replays_to(phh.dumps(rec, seed), ours(h)), seed
                seen["mucked winner"] += 1
            continue
        hh = HandHistory.loads(text)
        assert replayed(hh) == ours(h) == hh.finishing_stacks, "seed %d\n%s" % (seed, text)
        seen["written"] += 1
        seen["allin showdown"] += " sm " in text.split("# 7th street")[0]     # before the end
        seen["side pots"] += len(res["pots"]) > 1
        seen["mucked"] += bool(res["mucked"])
    print(seen)
    assert all(seen.values()) and seen["written"] > 400


def test_the_showing_order_and_a_muck_are_written_as_they_happened():
    h = hands.joe_shows_first()
    _, text = exported(h)
    assert text.split("# showdown\n")[1].split("]")[0].split() == [
        '"p3', 'sm', '3c3dQh7s5h6dJc",', '"p1', 'sm', '9c8h4c4sAc2dKd",', '"p2', 'sm",']
    assert replayed(HandHistory.loads(text)) == ours(h)


def test_a_split_pot_and_its_odd_chip_replay_in_pokerkit():
    """Seats 0 and 1 make the same straight; the odd chip goes to the first seat from
    the dealer, in both."""
    deck = stud_deck(["Ts Jd 9c", "Th Js 9d", "2c 7d 3h"],
                     ["Qc Qd 4s", "Kc Kh", "3s 4c", "5c 6c"])
    h, _, _ = pokerkit_oracle.play([999, 999, 999], 0, deck=deck,
                                   script=["bringin", "call", "call", "wager", "call", "fold"])
    _, text = exported(h)
    assert h.result["amounts"][0] == h.result["amounts"][1] + 1
    assert replayed(HandHistory.loads(text)) == ours(h)


def test_players_are_numbered_from_the_seat_after_the_dealer():
    """PHH's p1 is the dealer's left: with seat 1 dealing, seat 2 is p1."""
    h = Hand("casino7", [999, 500, 300], deck=bytes(random.Random(5).sample(range(52), 52)),
             dealer=1)
    while h.to_act is not None:
        h.act(next(w for w in ("bringin", "call", "check") if w in h.legal()))
    rec, text = exported(h)
    hh = HandHistory.loads(text)
    assert hh.starting_stacks == [300, 999, 500] and hh.players == ["JOE", "YOU", "SID"]
    assert replayed(hh) == ours(h)


@pytest.mark.parametrize("game", ["tandy7", "stud5", "draw5"])
def test_the_other_games_say_in_one_line_why_phh_cannot_hold_them(game):
    h = Hand(game, [999, 999], deck=bytes(random.Random(1).sample(range(52), 52)))
    while h.to_act is not None:
        legal = h.legal()
        h.act("draw:" if legal == ["draw"] else legal[0])
    with pytest.raises(phh.Inexpressible) as e:
        exported(h)
    assert str(e.value).startswith("PHH has no ") and "\n" not in str(e.value)
