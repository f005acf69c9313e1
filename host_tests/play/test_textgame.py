"""tools/textgame.py driven through a scripted stdin, and the baseline it can still play."""
import functools
import io
import os
import re
import subprocess
import sys

import pytest

import baseline
import textgame
from stud.core import cards
from stud.core.rng import Rng
from stud.play.session import Session

from paths import ROOT  # noqa: E402
TOOL = os.path.join(ROOT, "tools", "textgame.py")


def play(stdin_text, *args):
    return subprocess.run([sys.executable, TOOL] + list(args), input=stdin_text,
                          capture_output=True, text=True, timeout=60)


def run(stdin_text, *args):
    """The same game in this process (quicker, for searching seeds): (status, output)."""
    out = io.StringIO()
    status = textgame.main(list(args), io.StringIO(stdin_text), out)
    return status, out.getvalue()


# "1" is always the most passive choice: PASS or CHECK in a hand, PLAY between hands.
PASSIVE = "1\n" * 200


def seed_where(wanted, *args, stdin=PASSIVE):
    """The first seed whose game (with `args`) gives an output that `wanted` accepts.

    What the opponents do depends on their tuning, so tests that need a
    situation (a showdown, a plain bring-in to call) look for a seed that makes it
    instead of hard-wiring one.
    """
    for seed in range(1, 80):
        status, out = run(stdin, "--seed", str(seed), *args)
        if wanted(out):
            return str(seed)
    pytest.fail("no seed in 1..79 gives the situation this test needs")


@functools.lru_cache()
def showdown_seed():
    """A seed whose first hand, played passively by you, still goes to a showdown."""
    return seed_where(lambda out: "=== SHOWDOWN ===" in out, "--hands", "1")


@functools.lru_cache()
def plain_bringin_seed():
    """A seed whose first decision for you is the bring-in of 1, unraised."""
    return seed_where(lambda out: re.search(r"^YOUR MOVE.*", out, re.M).group(0)
                      .startswith("YOUR MOVE  (to call 1)"), "--hands", "1")


def test_two_seeded_hands_finish_with_a_showdown_and_a_winner():
    p = play(PASSIVE, "--seed", showdown_seed(), "--hands", "2")
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    assert p.stdout.startswith("POCKET STUD   7 CARD STUD LIMIT RAISE\n")
    assert "=== HAND 1 ===" in p.stdout and "=== HAND 2 ===" in p.stdout
    assert "=== HAND 3 ===" not in p.stdout
    assert "=== SHOWDOWN ===" in p.stdout
    assert re.search(r"^\w+ WINS? \d+", p.stdout, re.M)
    assert p.stdout.rstrip().endswith("Bye.")


def test_showdown_shows_each_hand_its_best_five_and_its_name():
    out = play(PASSIVE, "--seed", showdown_seed(), "--hands", "1").stdout
    shown = out.split("=== SHOWDOWN ===")[1].splitlines()
    rows = [line for line in shown if line.startswith("  ")]
    assert len(rows) >= 2
    for row in rows:
        m = re.match(r"  (\w+) +((?:\w\w ){7}) +best ((?:\w\w ){5}) +(.+)$", row)
        assert m, row
        assert set(m.group(3).split()) <= set(m.group(2).split())


def test_the_same_seed_deals_the_same_game():
    # The opponents' decisions and AUTO's are seeded too.
    a = play("a\na\n" + PASSIVE, "--seed", "11", "--hands", "3").stdout
    b = play("a\na\n" + PASSIVE, "--seed", "11", "--hands", "3").stdout
    c = play("a\na\n" + PASSIVE, "--seed", "12", "--hands", "3").stdout
    assert a == b
    assert a != c


def test_opponents_actions_are_printed_in_the_cartridges_words():
    out = play(PASSIVE, "--seed", "7", "--hands", "2").stdout
    assert re.search(r"^(SID|JOE|HAL) BET 1$", out, re.M)  # the bring-in
    words = set(re.findall(r"^(?:SID|JOE|HAL) ([A-Z]+)", out, re.M))
    assert words <= {"PASS", "CHECK", "CALL", "BET", "RAISE", "WINS", "TAKES", "REBUYS"}


def test_the_table_shows_your_hole_cards_and_hides_theirs():
    out = play(PASSIVE, "--seed", "7", "--hands", "1").stdout
    you = re.search(r"^  YOU BR +\d+ +(\w\w) (\w\w) \| (\w\w)", out, re.M)
    assert you and all(cards.parse(c) for c in you.groups())
    assert re.search(r"^  (SID|JOE|HAL) \w\w +\d+ +\?\? \?\? \| \w\w", out, re.M)
    assert "POT " in out
    assert "1 PASS  2 CALL  3 RAISE  4 AUTO  5 HINT" in out


def test_bad_input_explains_and_asks_again():
    p = play("zzz\n9\n\n" + PASSIVE, "--seed", "7", "--hands", "1")
    assert p.returncode == 0 and p.stderr == ""
    assert "'zzz' is not a choice here" in p.stdout
    assert "'9' is not a choice here" in p.stdout
    assert "'' is not a choice here" in p.stdout
    assert "=== HAND 1 ===" in p.stdout and "Bye." in p.stdout


@pytest.mark.parametrize("answer", ["2", "call", "CALL", "c", "C"])
def test_a_command_is_its_number_its_word_or_its_first_letter(answer):
    out = play(answer + "\n" + PASSIVE, "--seed", plain_bringin_seed(), "--hands", "1").stdout
    assert "> YOU CALL 1" in out


def test_auto_lets_the_computer_choose_and_plays_its_choice():
    out = play("a\n" + PASSIVE, "--seed", "7", "--hands", "1").stdout
    m = re.search(r"> AUTO chooses (\w+)\nYOU (\w+)", out)
    assert m and m.group(1) == m.group(2)
    assert m.group(1) in ("PASS", "CALL", "RAISE")


def test_auto_is_the_balanced_bot_seeing_only_your_view(monkeypatch):
    seen = []
    real = textgame.bots.auto

    def spy(view, rng, *args):
        seen.append(view)
        return real(view, rng, *args)

    monkeypatch.setattr(textgame.bots, "auto", spy)
    run("a\n" + PASSIVE, "--seed", "7", "--hands", "1")
    assert len(seen) == 1
    assert isinstance(seen[0], textgame.SeatView) and seen[0].seat == 0


HINT_LINE = r"^> HINT  (PASS|CHECK|CALL|BET|RAISE)   your chance to win about (\d+)%$"


def test_hint_recommends_and_estimates_without_acting():
    plain = play(PASSIVE, "--seed", "7", "--hands", "2").stdout
    hinted = play("h\nhint\n5\n" + PASSIVE, "--seed", "7", "--hands", "2").stdout
    hints = re.findall(HINT_LINE, hinted, re.M)
    assert len(hints) == 3
    for word, chance in hints:
        assert 0 <= int(chance) <= 100
    # Each HINT asks again and acts on nothing: take its line and the repeated
    # question away and the game is the same, card for card, chip for chip.
    assert re.findall(r"^> HINT.*\n(YOUR MOVE.*)\n", hinted, re.M)
    assert re.sub(r"> HINT .*\nYOUR MOVE[^\n]*\n", "", hinted) == plain


def test_hint_at_a_free_turn_recommends_check_or_bet():
    # Play on with CALL (2) until a turn where checking is free, then ask.
    seed = seed_where(lambda out: "1 CHECK" in out, "--hands", "1", stdin="2\n" * 40)
    out = play("2\n" * 40, "--seed", seed, "--hands", "1").stdout
    calls = out[:out.index("1 CHECK")].count("YOUR MOVE") - 1  # the free turn's own line
    out = play("2\n" * calls + "h\n" + PASSIVE, "--seed", seed, "--hands", "1").stdout
    word, chance = re.search(HINT_LINE, out, re.M).groups()
    assert word in ("CHECK", "BET")


def test_end_of_input_quits_cleanly():
    p = play("", "--seed", "7")
    assert p.returncode == 0 and p.stderr == ""
    assert p.stdout.rstrip().endswith("Bye.")


def test_q_quits_cleanly():
    p = play("q\n", "--seed", "7")
    assert p.returncode == 0 and p.stderr == ""
    assert "=== HAND 2 ===" not in p.stdout and "Bye." in p.stdout


def turns_in_first_hand(seed="7", *args):
    return play(PASSIVE, "--seed", seed, "--hands", "1", *args).stdout.count("YOUR MOVE")


def test_quit_between_hands():
    p = play("1\n" * turns_in_first_hand() + "4\n", "--seed", "7")
    assert p.returncode == 0
    assert "1 PLAY  2 SEL  3 DEMO  4 QUIT" in p.stdout and "=== HAND 2 ===" not in p.stdout


def chip_lines(out):
    return re.findall(r"^CHIPS  (.*)$", out, re.M)


def test_sel_seats_new_opponents_and_everyone_restarts_at_999():
    script = "1\n" * turns_in_first_hand() + "s\nhal\n4\nj\n" + PASSIVE
    p = play(script, "--seed", "7", "--hands", "2")
    assert p.returncode == 0 and p.stderr == ""
    out = p.stdout
    assert "SEL BOTTOM LEFT (now SID)  1 SID  2 JOE  3 HAL  4 OUT" in out
    assert "SEL TOP LEFT (now JOE)" in out and "SEL TOP RIGHT (now HAL)" in out
    assert "SEL: BL HAL  TL OUT  TR JOE." in out
    assert "999 chips; the opponents forget how you play" in out
    chips = chip_lines(out)
    assert chips[0] != "YOU 999   SID 999   JOE 999   HAL 999"   # hand 1 moved chips
    assert chips[1] == "YOU 999   HAL 999   JOE 999"
    hand2 = out.split("=== HAND 2 ===")[1]
    assert "  HAL BL" in hand2 and "  JOE TR" in hand2 and "SID" not in hand2


def test_sel_needs_at_least_one_opponent():
    script = "1\n" * turns_in_first_hand() + "s\no\no\no\ns\ns\ns\n4\n"
    out = play(script, "--seed", "7").stdout
    assert "choose at least one opponent; choose again." in out
    assert "SEL: BL SID  TL SID  TR SID." in out


def seeded(seed):
    """The three streams textgame.main makes from --seed (deals, the table, your AUTO/HINT)."""
    return [Rng(seed ^ s) for s in (textgame.DEAL_STREAM, textgame.BOT_STREAM,
                                    textgame.HELP_STREAM)]


def game_in_process(script, seed=7, session=None, **kwargs):
    """Run a whole game here, as `--seed seed` would; return its session and output."""
    session = session or Session("tandy7", ["SID", "JOE", "HAL"])
    deal, table, helper = seeded(seed)
    out = io.StringIO()
    game = textgame.TextGame(session, deal, io.StringIO(script), out,
                             bot_rng=table, help_rng=helper, budget_ms=0, **kwargs)
    assert game.run() == 0
    return session, out.getvalue()


def test_the_opponents_learn_from_your_hands_and_sel_wipes_it():
    session, out = game_in_process(PASSIVE[:2 * 30])
    hands = session.hands_played
    assert hands >= 2
    for p in (1, 2, 3):
        assert session.models[p][textgame.bots.HANDS] == hands
    session, out = game_in_process("1\n" * turns_in_first_hand() + "s\ns\nj\nh\n4\n")
    assert session.hands_played == 1
    assert all(not any(session.models[p]) for p in (1, 2, 3))


def test_demo_plays_every_seat_and_gives_your_chips_back():
    before = "1\n" * turns_in_first_hand()
    p = play(before + "d\n\nd\n4\n", "--seed", "7")
    assert p.returncode == 0 and p.stderr == ""
    out = p.stdout
    assert "DEMO - the computer plays every seat" in out
    for n in (2, 3):
        demo = out.split("=== HAND %d (DEMO) ===" % n)[1].split("DEMO  press Enter")[0]
        assert "YOUR MOVE" not in demo                     # nobody asked you
        assert re.search(r"^YOU (PASS|CHECK|CALL|BET|RAISE)", demo, re.M)
        assert re.search(r"^\w+ WINS? \d+", demo, re.M)
        assert demo.rstrip().endswith("POCKET STUD   7 CARD STUD LIMIT RAISE")  # the title
    assert out.count("DEMO  press Enter for the next demo hand, D to stop demo") == 2
    assert "DEMO OFF - back to your game." in out
    chips = chip_lines(out)
    assert chips[0] == chips[1]          # your game is as you left it
    assert "=== HAND 4" not in out


def test_demo_hands_start_with_fresh_stacks_and_teach_the_opponents_nothing():
    seen = []

    class Spy(Session):
        def deal(self, *args, **kwargs):
            hand = Session.deal(self, *args, **kwargs)
            seen.append(list(self.chips))
            return hand

    session, out = game_in_process("\n" * 5 + "q\n", seed=3,
                                   session=Spy("tandy7", ["SID", "JOE", "HAL"]), demo=True)
    assert len(seen) == 6
    assert all(stacks == [999] * 4 for stacks in seen)
    assert all(not any(session.models[p]) for p in (1, 2, 3))
    assert "YOUR MOVE" not in out


def test_demo_option_plays_by_itself_until_hands_run_out():
    p = play("\n" * 10, "--seed", "7", "--demo", "--hands", "3")
    assert p.returncode == 0 and p.stderr == ""
    assert "YOUR MOVE" not in p.stdout
    assert "=== HAND 3 (DEMO) ===" in p.stdout and "=== HAND 4" not in p.stdout
    assert p.stdout.count("DEMO  press Enter") == 2


def test_demo_prompt_explains_bad_input():
    out = play("x\n\n", "--seed", "7", "--demo", "--hands", "2").stdout
    assert "'x' is not a choice here: Enter plays on, D stops the demo; Q quits." in out
    assert "=== HAND 2 (DEMO) ===" in out


def count_calls(monkeypatch):
    calls = {"bot_move": 0, "baseline": 0}
    real_move = Session.bot_move
    real_decide = baseline.decide

    def bot_move(self, *args, **kwargs):
        calls["bot_move"] += 1
        return real_move(self, *args, **kwargs)

    def decide(*args, **kwargs):
        calls["baseline"] += 1
        return real_decide(*args, **kwargs)

    monkeypatch.setattr(Session, "bot_move", bot_move)
    monkeypatch.setattr(textgame.baseline, "decide", decide)
    return calls


def test_opponents_play_the_real_bots(monkeypatch):
    calls = count_calls(monkeypatch)
    status, out = run(PASSIVE, "--seed", "7", "--hands", "3")
    assert status == 0
    assert calls["bot_move"] > 0 and calls["baseline"] == 0
    assert "baseline" not in out


def test_baseline_option_puts_the_old_rule_back_for_comparison(monkeypatch):
    calls = count_calls(monkeypatch)
    status, out = run(PASSIVE, "--seed", "7", "--hands", "3", "--baseline")
    assert status == 0
    assert calls["baseline"] > 0 and calls["bot_move"] == 0
    assert "Opponents play the old baseline rule (--baseline)." in out
    assert not re.search(r"^(SID|JOE|HAL) RAISE", out, re.M)   # the baseline never raises
    # The deals are the real bots' game's deals: only the opponents' choices differ.
    status, real = run(PASSIVE, "--seed", "7", "--hands", "1")
    first_deal = re.search(r"^--- 3RD STREET ---.*$", real, re.M).group(0)
    assert first_deal in out


def test_baseline_option_in_demo_plays_your_seat_as_the_bot(monkeypatch):
    calls = count_calls(monkeypatch)
    status, out = run("", "--seed", "7", "--hands", "1", "--baseline", "--demo")
    assert status == 0 and "YOUR MOVE" not in out
    assert calls["bot_move"] >= 1 and calls["baseline"] >= 1


def test_opponents_can_be_chosen_and_left_out():
    out = play(PASSIVE, "--seed", "7", "--hands", "1", "--opponents", "hal,OUT").stdout
    assert "  HAL BL" in out
    assert not re.search(r"^  (SID|JOE)", out, re.M)


@pytest.mark.parametrize("args", [["--opponents", "BOB"], ["--opponents", "OUT,OUT,OUT"],
                                  ["--seed", "x"], ["--hands", "0"], ["--colour"],
                                  ["--baseline=1"]])
def test_bad_options_exit_2_with_one_line(args):
    p = play("", *args)
    assert p.returncode == 2
    assert p.stdout == ""
    assert p.stderr.count("\n") == 1 and p.stderr.startswith("textgame: ")


# ---- the baseline policy (--baseline) ----------------------------------------------------

FACING = ["fold", "call", "raise"]
FREE = ["check", "bet"]


def decide(legal, text):
    return baseline.decide(legal, cards.parse(text))


def test_baseline_passes_rags_facing_a_bet_and_checks_them_free():
    assert decide(FACING, "2c 7d Kh") == "fold"
    assert decide(FREE, "2c 7d Kh Jd") == "check"


@pytest.mark.parametrize("text", ["7c 7d Kh",          # a pair
                                  "2h 7h Kh",          # three to a flush
                                  "9c Td Qh",          # three within five ranks
                                  "Ac 2d 4h"])         # ... the ace counting low
def test_baseline_calls_with_something_to_play(text):
    assert decide(FACING, text) == "call"


def test_baseline_bets_free_only_with_two_pair_or_better():
    assert decide(FREE, "7c 7d Kh 2s") == "check"
    assert decide(FREE, "7c 7d Kh Ks") == "bet"
    assert decide(FREE, "7c 7d 7h 2s") == "bet"
    assert decide(FREE, "7c 8d 9h Ts Jc") == "bet"    # a straight, via the evaluator
    assert decide(FREE, "7c 7d Kh 2s 4c") == "check"


def test_baseline_never_raises():
    assert decide(FACING, "Ac Ad Ah As Kc") == "call"
    assert decide(["check", "raise"], "Ac Ad Ah As Kc") == "check"
