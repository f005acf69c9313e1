"""tools/save/replay.py: hands replayed from JSON, in the words of seed 000."""
import json
import os
import subprocess

import pytest

from tools.save.replay import replay

from paths import ROOT, tool
from toolrun import command, fails_in_one_line, shell, without_root_rights  # noqa: E402
TOOL = tool("save.replay")

YOU, SID, JOE, HAL = 0, 1, 2, 3
# Deal order: first down cards YOU SID JOE HAL, second down cards, then up cards
# (Sid's 2c is the lowest), then one card each to you and Joe on 4th..7th street.
DECK = "As 7d Kh 9c  Ad 8d Kc 4h  Qs 2c Kd 6s  3h 5c  Jd 8s  Qd 2d  9h 7c"
APPENDIX_B = ["raise", "fold", "raise", "fold", "raise", "call"]
TO_SHOWDOWN = APPENDIX_B + [
    "bet", "call",                     # 4th: Joe's king shows best
    "check", "bet", "raise", "call",   # 5th: check-raise
    "bet", "call",                     # 6th: your open queens act first
    "check", "bet", "call",            # 7th
]


def hand(actions, **changes):
    obj = {"game": "tandy7", "stacks": [999] * 4, "deck": DECK, "actions": actions}
    obj.update(changes)
    return obj


def run(stdin_text, *args):
    return subprocess.run(TOOL + list(args or ["-"]), input=stdin_text,
                          capture_output=True, text=True, timeout=30)


# ---- Appendix B ------------------------------------------------------------------

def test_appendix_b_pot_is_33():
    assert replay(hand(APPENDIX_B))["pot"] == 33


def test_appendix_b_joe_has_staked_15_including_the_ante():
    assert 999 - replay(hand(APPENDIX_B))["stacks"][JOE] == 15


def test_appendix_b_sid_brings_in_and_joe_acts_first():
    out = replay(hand(APPENDIX_B))
    assert [s["seat"] for s in out["steps"]] == [JOE, HAL, YOU, SID, JOE, YOU]
    assert out["stacks"][SID] == 999 - 1 - 1  # ante and the forced bet of 1, then passed


def test_appendix_b_steps_list_legal_words_and_the_action():
    first = replay(hand(APPENDIX_B))["steps"][0]
    assert first == {"seat": JOE, "legal": ["fold", "call", "raise"], "action": "raise"}


def test_appendix_b_stakes_you_and_joe_equal():
    stacks = replay(hand(APPENDIX_B))["stacks"]
    assert stacks == [984, 997, 984, 998]


# ---- to_act and result -------------------------------------------------------------

def test_to_act_is_the_seat_whose_turn_it_is_when_actions_run_out():
    assert replay(hand([]))["to_act"] == JOE
    assert replay(hand(APPENDIX_B[:3]))["to_act"] == SID
    # Joe's Kd beats your Qs on 4th street, so Joe opens the round.
    assert replay(hand(APPENDIX_B))["to_act"] == JOE


def test_result_is_null_until_the_hand_is_over():
    assert replay(hand(APPENDIX_B))["result"] is None


def test_full_hand_to_showdown():
    out = replay(hand(TO_SHOWDOWN))
    assert out["to_act"] is None
    result = out["result"]
    assert result["winners"] == [JOE]
    assert result["amounts"] == [0, 0, 123, 0]
    assert result["pots"] == [{"amount": 123, "eligible": [YOU, JOE], "winners": [JOE]}]
    assert result["shown"] == [
        {"seat": YOU, "cards": "As Ad Qs 3h Jd Qd 9h", "best": "As Ad Qs Jd Qd",
         "name": "TWO PAIRS, ACES UP"},
        {"seat": JOE, "cards": "Kh Kc Kd 5c 8s 2d 7c", "best": "Kh Kc Kd 8s 7c",
         "name": "3 KINGS"},
    ]


def test_chips_are_conserved_at_showdown():
    out = replay(hand(TO_SHOWDOWN))
    assert sum(out["stacks"]) == 4 * 999 and out["pot"] == 123


def test_one_player_left_takes_the_pot_without_a_show():
    out = replay(hand(["fold", "fold", "fold"]))
    assert out["result"]["winners"] == [SID]
    assert out["result"]["shown"] == []
    assert out["stacks"][SID] == 999 - 2 + 5  # four antes and its own bring-in


def test_command_line_prints_one_json_object():
    p = run(json.dumps(hand(APPENDIX_B)))
    assert p.returncode == 0 and p.stderr == ""
    assert json.loads(p.stdout) == replay(hand(APPENDIX_B))


def test_command_line_reads_a_file(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand(TO_SHOWDOWN)))
    p = run("", str(path))
    assert p.returncode == 0
    assert json.loads(p.stdout)["result"]["winners"] == [JOE]


# ---- bad input: one line on stderr, status 2 ------------------------------------

BAD = {
    "not json": "{game: tandy7",
    "not an object": "[1, 2]",
    "missing key": json.dumps({"game": "tandy7", "stacks": [999, 999], "actions": []}),
    "unknown game": json.dumps(hand([], game="omaha")),
    "unknown card": json.dumps(hand([], deck="As Kd Xx")),
    "duplicate card": json.dumps(hand([], deck="As Kd As")),
    "illegal action": json.dumps(hand(["check"])),
    "unknown action": json.dumps(hand(["shove"])),
    "short deck": json.dumps(hand([], deck="As 7d Kh 9c Ad 8d")),
    "deck runs out mid-hand": json.dumps(hand(TO_SHOWDOWN, deck=DECK.rsplit(" ", 2)[0])),
    "action after the hand is over": json.dumps(hand(["fold", "fold", "fold", "call"])),
    "bad stacks": json.dumps(hand([], stacks="999")),
    "too few seats": json.dumps(hand([], stacks=[999])),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_exits_2_with_one_line(case):
    p = run(BAD[case])
    assert p.returncode == 2, p.stderr
    assert p.stdout == ""
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("replay: "), p.stderr
    assert "Traceback" not in p.stderr


def test_missing_file_exits_2_with_one_line():
    p = run("", os.path.join(ROOT, "no-such-hand.json"))
    assert p.returncode == 2
    assert p.stderr.count("\n") == 1 and p.stderr.startswith("replay: cannot read")


@pytest.mark.parametrize("case,words", [
    ("missing key", "missing key 'deck'"),
    ("unknown game", "unknown game 'omaha'"),
    ("unknown card", "unknown card 'Xx'"),
    ("duplicate card", "duplicate card 'As'"),
    ("illegal action", "action 1 'check'"),
    ("short deck", "deck ran out"),
])
def test_error_names_the_problem(case, words):
    assert words in run(BAD[case]).stderr


def test_replay_raises_value_error_for_callers():
    with pytest.raises(ValueError, match="not legal"):
        replay(hand(["check"]))


# ---- the other games ---------------------------------------------------------------

def _replay(obj):
    from tools.save import replay as tool
    return tool.replay(obj)


def test_replay_plays_draw5_with_discards_and_sizes_and_seat_0_first_by_default():
    out = _replay({"game": "draw5", "stacks": [1000, 1000],
                   "deck": "As Kc Ad Kd Ah 2c 7s 3d 9h 4h 2s 3s 5d 6d",
                   "actions": ["bet:50", "raise:75", "call", "draw:3,4", "draw:2,3",
                               "bet:100", "call"]})
    assert [s["seat"] for s in out["steps"]][:2] == [0, 1]
    assert out["stacks"] == [1250, 750] and out["result"]["shown"][0]["name"] == "3 ACES"


def test_replay_draw5_dealer_0_makes_seat_1_act_first():
    out = _replay({"game": "draw5", "stacks": [1000, 1000], "dealer": 0,
                   "deck": "As Kc Ad Kd Ah 2c 7s 3d 9h 4h", "actions": ["check"]})
    assert out["steps"][0]["seat"] == 1 and out["to_act"] == 0


def test_replay_casino7_bring_in_and_completion():
    out = _replay({"game": "casino7", "stacks": [999, 999, 999],
                   "deck": "As Kh Jh Ad Kd Jd Qc 2h 5c",
                   "actions": ["bringin", "complete", "raise"]})
    assert out["steps"][0]["legal"] == ["bringin", "complete"]
    assert out["steps"][1]["legal"] == ["fold", "call", "complete"]
    assert out["pot"] == 3 + 2 + 5 + 10


def test_replay_casino7_open_pair_big_bet():
    out = _replay({"game": "casino7", "stacks": [999, 999],
                   "deck": "As Kh Ad Kd Qc 2h Qd 3c",
                   "actions": ["bringin", "call", "bet:10"]})
    assert out["steps"][-1]["seat"] == 0 and out["pot"] == 2 + 4 + 10


def test_replay_stud5_highest_card_opens():
    out = _replay({"game": "stud5", "stacks": [999, 999], "deck": "2c 3c 9d Kh",
                   "actions": ["bet"]})
    assert out["steps"][0]["seat"] == 1


@pytest.mark.parametrize("obj,message", [
    ({"game": "draw5", "stacks": [1000, 1000], "deck": "As Kc Ad Kd Ah 2c 7s 3d 9h 4h",
      "actions": ["bet:30"]}, "bet may be 25 or 50 or 75 or 100"),
    ({"game": "draw5", "stacks": [1000, 1000], "deck": "As Kc Ad Kd Ah 2c 7s 3d 9h 4h",
      "actions": ["check", "check", "draw:0,1,2,3"]}, "at most 3"),
    ({"game": "draw5", "stacks": [1000, 1000], "dealer": "x", "deck": "As",
      "actions": []}, "'dealer' must be a seat number"),
])
def test_replay_refuses_bad_draw_input_clearly(obj, message):
    with pytest.raises(ValueError, match=message):
        _replay(obj)


# ---- several hands, unknown keys, hostile input ----------------------------------------------

def test_a_list_of_hands_replays_each_in_order():
    p = run(json.dumps([hand(APPENDIX_B), hand(TO_SHOWDOWN)]))
    assert p.returncode == 0, p.stderr
    outs = json.loads(p.stdout)
    assert [o["pot"] for o in outs] == [33, replay(hand(TO_SHOWDOWN))["pot"]]


def test_json_lines_replay_one_output_line_per_hand():
    p = run(json.dumps(hand(APPENDIX_B)) + "\n" + json.dumps(hand(TO_SHOWDOWN)) + "\n")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert len(lines) == 2 and json.loads(lines[0])["pot"] == 33


def test_a_bad_hand_in_a_list_is_named_by_its_number():
    p = run(json.dumps([hand(APPENDIX_B), hand(["check"])]))
    assert p.returncode == 2 and p.stderr.startswith("replay: hand 2: action 1 'check'")


def test_an_unknown_key_is_refused_in_one_line():
    p = run(json.dumps(hand(APPENDIX_B, pot=100)))
    assert p.returncode == 2 and p.stderr.count("\n") == 1
    assert "unknown key 'pot'" in p.stderr


def test_a_carried_pot_and_choosers_are_taken():
    out = replay(hand(APPENDIX_B, carry=40, choosers=[0]))
    assert out["pot"] == 33 + 40


@pytest.mark.parametrize("text", [
    "[" * 100000 + "]" * 100000,                                  # nested
    json.dumps(hand(["x" * 10000000])),                          # a 10 MB word
    json.dumps(hand(["y" * 500000])),                            # a long word under the limit
    json.dumps(hand(APPENDIX_B, **{"k" * 500000: 1})),           # a long unknown key
])
def test_hostile_input_is_one_short_line_and_status_2(text):
    p = run(text)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.count("\n") == 1 and len(p.stderr) < 200, p.stderr[:300]


def test_help_says_which_forms_of_several_hands_are_taken():
    p = subprocess.run(TOOL + ["--help"], capture_output=True, text=True)
    assert "JSON list" in p.stdout and "JSON Lines" in p.stdout and "choosers" in p.stdout


# ---- files and the shell's streams: one line, status 2, never a traceback ------------------

def replay_line(*words):
    return command("save.replay", *words)


@pytest.mark.parametrize("args,words", [
    ([], "usage: python -m tools.save.replay FILE.json"),
    (["a.json", "b.json"], "usage: python -m tools.save.replay FILE.json"),
])
def test_a_wrong_command_line_is_one_line(args, words):
    assert fails_in_one_line(shell(replay_line(*args)), "replay", words)


def test_a_directory_given_as_the_file_is_one_line(tmp_path):
    assert fails_in_one_line(shell(replay_line(str(tmp_path))), "replay", "Is a directory")


def test_a_file_that_is_not_text_is_one_line(tmp_path):
    (tmp_path / "hand.json").write_bytes(bytes(range(128, 256)))
    assert fails_in_one_line(shell(replay_line(str(tmp_path / "hand.json"))), "replay",
                             "cannot read")


def test_an_unreadable_file_is_one_line(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand(APPENDIX_B)))
    os.chmod(str(path), 0)
    prefix = without_root_rights()
    if prefix is None:
        pytest.skip("running as root without setpriv: permissions cannot be tested")
    assert fails_in_one_line(shell(prefix + replay_line(str(path))), "replay", "Permission denied")


def test_stdin_closed_is_one_line():
    assert fails_in_one_line(shell(replay_line("-") + " <&-"), "replay", "stdin: it is closed")


def test_stdin_a_directory_stops_python_itself_in_words_not_a_traceback(tmp_path):
    """CPython refuses a directory on stdin before any line of the tool runs (its own
    "Fatal Python error: ... <stdin> is a directory"): no tool can do better; this pins it."""
    done = shell(replay_line("-") + " < %s" % tmp_path)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "<stdin> is a directory" in done.stderr


@pytest.mark.parametrize("redirect,words", [(">&-", "cannot write the output: stdout is closed"),
                                            ("> /dev/full", "No space left on device")])
def test_output_that_cannot_be_written_is_one_line(redirect, words):
    done = shell(replay_line("-") + " " + redirect, stdin_text=json.dumps(hand(APPENDIX_B)))
    assert fails_in_one_line(done, "replay", words)


def test_help_that_cannot_be_written_is_one_line():
    assert fails_in_one_line(shell(replay_line("--help") + " > /dev/full"), "replay",
                             "No space left on device")


def test_a_reader_that_stops_early_ends_replay_quietly():
    hands = json.dumps([hand(TO_SHOWDOWN)] * 20)
    done = shell(replay_line("-") + " | head -1; exit ${PIPESTATUS[0]}", stdin_text=hands)
    assert done.returncode == 0 and done.stderr == "" and done.stdout == "[\n"
