"""tools/textgame.py driven through a scripted stdin, and the baseline it plays."""
import os
import re
import subprocess
import sys

import pytest

import baseline
from stud import cards

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, "tools", "textgame.py")


def play(stdin_text, *args):
    return subprocess.run([sys.executable, TOOL] + list(args), input=stdin_text,
                          capture_output=True, text=True, timeout=60)


# "1" is always the most passive choice: PASS or CHECK in a hand, PLAY between hands.
PASSIVE = "1\n" * 200


def test_two_seeded_hands_finish_with_a_showdown_and_a_winner():
    p = play(PASSIVE, "--seed", "7", "--hands", "2")
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    assert "=== HAND 1 ===" in p.stdout and "=== HAND 2 ===" in p.stdout
    assert "=== HAND 3 ===" not in p.stdout
    assert "=== SHOWDOWN ===" in p.stdout
    assert re.search(r"^\w+ WINS? \d+", p.stdout, re.M)
    assert p.stdout.rstrip().endswith("Bye.")


def test_showdown_shows_each_hand_its_best_five_and_its_name():
    out = play(PASSIVE, "--seed", "7", "--hands", "1").stdout
    shown = out.split("=== SHOWDOWN ===")[1].splitlines()
    rows = [line for line in shown if line.startswith("  ")]
    assert len(rows) >= 2
    for row in rows:
        m = re.match(r"  (\w+) +((?:\w\w ){7}) +best ((?:\w\w ){5}) +(.+)$", row)
        assert m, row
        assert set(m.group(3).split()) <= set(m.group(2).split())


def test_the_same_seed_deals_the_same_game():
    a = play(PASSIVE, "--seed", "11", "--hands", "3").stdout
    b = play(PASSIVE, "--seed", "11", "--hands", "3").stdout
    c = play(PASSIVE, "--seed", "12", "--hands", "3").stdout
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
    assert "1 PASS  2 CALL  3 RAISE  4 AUTO" in out


def test_bad_input_explains_and_asks_again():
    p = play("zzz\n9\n\n" + PASSIVE, "--seed", "7", "--hands", "1")
    assert p.returncode == 0 and p.stderr == ""
    assert "'zzz' is not a choice here" in p.stdout
    assert "'9' is not a choice here" in p.stdout
    assert "'' is not a choice here" in p.stdout
    assert "=== HAND 1 ===" in p.stdout and "Bye." in p.stdout


@pytest.mark.parametrize("answer", ["2", "call", "CALL", "c", "C"])
def test_a_command_is_its_number_its_word_or_its_first_letter(answer):
    out = play(answer + "\n" + PASSIVE, "--seed", "7", "--hands", "1").stdout
    assert "> YOU CALL 1" in out


def test_auto_lets_the_baseline_choose():
    out = play("a\n" + PASSIVE, "--seed", "7", "--hands", "1").stdout
    assert re.search(r"AUTO chooses (PASS|CALL)", out)


def test_end_of_input_quits_cleanly():
    p = play("", "--seed", "7")
    assert p.returncode == 0 and p.stderr == ""
    assert p.stdout.rstrip().endswith("Bye.")


def test_q_quits_cleanly():
    p = play("q\n", "--seed", "7")
    assert p.returncode == 0 and p.stderr == ""
    assert "=== HAND 2 ===" not in p.stdout and "Bye." in p.stdout


def test_quit_between_hands():
    turns = play(PASSIVE, "--seed", "7", "--hands", "1").stdout.count("YOUR MOVE")
    p = play("1\n" * turns + "2\n", "--seed", "7")
    assert p.returncode == 0
    assert "1 PLAY  2 QUIT" in p.stdout and "=== HAND 2 ===" not in p.stdout


def test_opponents_can_be_chosen_and_left_out():
    out = play(PASSIVE, "--seed", "7", "--hands", "1", "--opponents", "hal,OUT").stdout
    assert "  HAL BL" in out
    assert not re.search(r"^  (SID|JOE)", out, re.M)


@pytest.mark.parametrize("args", [["--opponents", "BOB"], ["--opponents", "OUT,OUT,OUT"],
                                  ["--seed", "x"], ["--hands", "0"], ["--colour"]])
def test_bad_options_exit_2_with_one_line(args):
    p = play("", *args)
    assert p.returncode == 2
    assert p.stdout == ""
    assert p.stderr.count("\n") == 1 and p.stderr.startswith("textgame: ")


# ---- the baseline policy --------------------------------------------------------------

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
