"""The hand in play survives a power cut or a quit: kept after every action
(stud.save.inplay), it comes back at boot at the same point with the same cards, the
newest kept state or the one before, never an older one."""
import pytest

from saves import CutFiles, PowerLoss
from stud.core.rng import Rng
from stud.play.session import Session
from stud.save import store
from stud.save.keeper import Keeper
from stud.save import startup


def table(files, game="tandy7", hands=3):
    """A save after `hands` hands (the table the next hand is dealt at)."""
    s = Session(game)
    k = Keeper(store.Store("stud.sav", files))
    for i in range(hands):
        h = s.deal(rng=Rng(50 + i))
        while h.to_act is not None:
            h.act(s.bot_decision(h, Rng(i), samples=4, budget_ms=0)[0])
        s.settle(h)
        k.hand_done(s, h)
    assert k.save(s, 1, 1, 200) is None
    return s, k


def play(s, k, actions, seed=7):
    """Deal a hand, keep it, and play `actions` actions, keeping each."""
    h = s.deal(rng=Rng(seed))
    k.keep_hand(h, s)
    for i in range(actions):
        if h.to_act is None:
            break
        h.act(s.bot_decision(h, Rng(seed + i), samples=4, budget_ms=0)[0])
        k.keep_hand(h)
    return h


def boot(files, game="tandy7"):
    s = Session(game)
    k = Keeper(store.Store("stud.sav", files))
    restored, message = startup.start(k, s)
    assert restored and message is None
    return s, k


def same_point(a, b):
    return (bytes(a.deck) == bytes(b.deck) and list(a.moves) == list(b.moves)
            and a.to_act == b.to_act and a.stacks == b.stacks and a.street == b.street)


@pytest.mark.parametrize("game", ["tandy7", "casino7", "stud5", "draw5"])
def test_after_a_power_cut_the_same_hand_goes_on_at_the_same_point(game):
    files = CutFiles()
    s, k = table(files, game)
    h = play(s, k, 5)
    assert h.to_act is not None
    s2, k2 = boot(files, game)
    assert k2.hand is not None and same_point(k2.hand, h)
    assert s2.chips == s.chips and k2.hand.n == h.n


def test_each_action_writes_one_small_file_in_turn_and_nothing_is_renamed():
    files = CutFiles()
    s, k = table(files)
    writes, names = files.writes, set(files.files)
    play(s, k, 4)
    assert files.writes - writes == 5                          # the deal, four actions
    assert set(files.files) - names == {"stud.sav.h0", "stud.sav.h1"}
    assert max(len(files.files[n]) for n in ("stud.sav.h0", "stud.sav.h1")) < 160
    assert files.files["stud.sav"] == files.read("stud.sav")   # the save untouched


def kept_run(files, limit):
    """Boot on `files`, deal the hand of seed 7 and keep it through up to `limit` actions:
    the moves count of each write made (until the power goes)."""
    s = Session()
    k = Keeper(store.Store("stud.sav", files))
    startup.start(k, s)
    made = []
    try:
        h = s.deal(rng=Rng(7))
        k.keep_hand(h, s)
        made.append(len(h.moves))
        while h.to_act is not None and len(made) <= limit:
            h.act(s.bot_decision(h, Rng(len(made)), samples=4, budget_ms=0)[0])
            k.keep_hand(h)
            made.append(len(h.moves))
    except PowerLoss:
        return made, True
    return made, False


def test_a_power_cut_in_any_write_resumes_the_newest_kept_state():
    base = CutFiles()
    table(base)
    before = dict(base.files)
    states, _ = kept_run(CutFiles(dict(before)), 8)
    cuts = 0
    for ops in range(0, 130 * len(states)):
        fs = CutFiles(dict(before), ops=ops, grain=8)   # a cut every 8 bytes of a write
        made, cut = kept_run(fs, 8)
        if not cut:
            break
        cuts += 1
        fs.ops = None
        s, k = boot(fs)
        if not made:
            assert k.hand is None
        else:
            assert k.hand is not None and len(k.hand.moves) == made[-1], (ops, made)
        assert fs.files["stud.sav"] == before["stud.sav"]
    assert cuts > 100


def test_a_hand_called_off_is_not_resumed():
    files = CutFiles()
    s, k = table(files)
    play(s, k, 3)
    k.keep_hand(None)                        # CHANGE GAME?, an error page
    s2, k2 = boot(files)
    assert k2.hand is None


def test_a_hand_the_save_has_is_over_and_not_resumed():
    files = CutFiles()
    s, k = table(files)
    h = play(s, k, 200)
    assert h.to_act is None
    s.settle(h)
    k.hand_done(s, h)
    assert k.save(s, 1, 1, 200) is None
    s2, k2 = boot(files)
    assert k2.hand is None


def test_a_hand_that_ended_before_the_save_had_it_comes_back_over_to_be_settled():
    files = CutFiles()
    s, k = table(files)
    h = play(s, k, 200)
    assert h.to_act is None                  # the power went during its showdown
    s2, k2 = boot(files)
    assert k2.hand is not None and k2.hand.to_act is None and same_point(k2.hand, h)


def test_demo_hands_are_not_kept():
    files = CutFiles()
    s, k = table(files)
    s.toggle_demo()
    writes = files.writes
    play(s, k, 3)
    assert files.writes == writes and "stud.sav.h0" not in files.files


def test_a_kept_hand_from_another_table_is_not_resumed():
    files = CutFiles()
    s, k = table(files)
    play(s, k, 3)
    saved = store.loads(files.read("stud.sav"))
    saved.chips["tandy7"][1] += 5              # the same hand count, other stacks
    files.files["stud.sav"] = store.dumps(saved)
    s2, k2 = boot(files)
    assert k2.hand is None


def test_damaged_kept_files_are_ignored():
    files = CutFiles()
    s, k = table(files)
    play(s, k, 3)
    for name in ("stud.sav.h0", "stud.sav.h1"):
        data = bytearray(files.files[name])
        data[20] ^= 0x10
        files.files[name] = bytes(data)
    s2, k2 = boot(files)
    assert k2.hand is None


def test_an_opponent_who_rebought_at_the_deal_resumes_with_his_new_stack():
    files = CutFiles()
    s, k = table(files, hands=0)
    s.chips[2] = 0                              # busted last hand: rebuys at the deal
    k.save(s, 1, 1, 200)
    h = play(s, k, 3)
    s2, k2 = boot(files)
    assert k2.hand is not None and same_point(k2.hand, h)
    assert s2.chips[2] == 999


@pytest.mark.parametrize("keeper_runtime", ["cpython", "micropython"])
def test_a_hand_kept_on_one_runtime_resumes_on_the_other(tmp_path, keeper_runtime):
    import subprocess
    import sys
    from tools.device import mprun
    from paths import DUAL
    script = DUAL + "/inplay.py"
    path = str(tmp_path / "stud.sav")

    def run(runtime, mode):
        if runtime == "micropython":
            return mprun.run(script, args=[mode, path], heap="192K", mpy=True)
        return subprocess.run([sys.executable, script, mode, path], capture_output=True,
                              text=True, env=mprun.python_env(), check=True).stdout
    kept = run(keeper_runtime, "keep")
    other = "cpython" if keeper_runtime == "micropython" else "micropython"
    back = run(other, "resume")
    assert "moves=" in kept and kept.split("moves=")[1].split()[:5]
    assert back.strip() == kept.strip()
