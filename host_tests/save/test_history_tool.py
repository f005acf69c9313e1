"""tools/history.py: the saved hands as readable histories and as replay input."""
import json
import os
import subprocess
import sys

import pytest

import replay
import test_store
from paths import TOOLS
from stud.save import record, store

TOOL = os.path.join(TOOLS, "history.py")


@pytest.fixture(scope="module")
def save_file(tmp_path_factory):
    _, saved = test_store.played(hands=55)
    path = str(tmp_path_factory.mktemp("save") / "stud.sav")
    with open(path, "wb") as f:
        f.write(store.dumps(saved))
    return path, saved


def run(*args):
    return subprocess.run([sys.executable, TOOL] + list(args), capture_output=True, text=True,
                          timeout=60)


def test_history_prints_every_kept_hand_with_seats_streets_showdown_and_pot(save_file):
    out = run("--file", save_file[0])
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("HAND ") == 50
    assert "3RD STREET:" in out.stdout and "BEFORE THE DRAW:" in out.stdout
    assert "SHOWS" in out.stdout and "POT " in out.stdout


def test_history_json_replays_to_the_same_result_for_every_hand(save_file):
    out = run("--file", save_file[0], "--json")
    hands = json.loads(out.stdout)
    assert len(hands) == 50
    for obj, rec in zip(hands, save_file[1].hands):
        expected = record.replay(record.decode(rec))
        got = replay.replay(obj)
        assert got["stacks"] == expected.stacks and got["to_act"] is None
        assert got["result"]["amounts"] == expected.result["amounts"]


def test_history_one_hand(save_file):
    out = run("--file", save_file[0], "--hand", "3")
    assert out.stdout.startswith("HAND 3 ")


@pytest.mark.parametrize("args,message", [
    (["--file", "/nonexistent/stud.sav"], "No such file"),
    (["--file", TOOL], "not a Pocket Stud save file"),
])
def test_history_refuses_bad_input_with_one_line(args, message):
    out = run(*args)
    assert out.returncode == 2 and message in out.stderr and out.stderr.count("\n") == 1


def test_history_refuses_a_hand_that_is_not_kept(save_file):
    out = run("--file", save_file[0], "--hand", "51")
    assert out.returncode == 2 and "hands 1 to 50" in out.stderr


def test_the_forced_bet_has_the_word_the_table_flashes(save_file):
    from stud.ui.hand import FORCED
    out = run("--file", save_file[0])
    assert FORCED == "BET" and "BRING-IN" not in out.stdout
    third = out.stdout.split("3RD STREET:\n", 1)[1].splitlines()[0]
    assert third.split()[1:] == ["BET", "1"]      # tandy7's forced bet: one chip (seed 000)
