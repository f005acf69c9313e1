"""tools/lab/regret.py plays each explored decision out every legal way, changing no decision."""
import subprocess

from tools.lab import regret
from tools.lab import selfplay
from paths import tool

SEATS = ["loose", "balanced", "tight", "bluffer"]


def test_exploring_changes_no_decision_and_a_fold_always_earns_nothing():
    plain, _ = selfplay.play("tandy7", 40, 5, list(SEATS), 20)
    records, explored = regret.measure(SEATS, 40, 5, every=3, rollouts=2, samples=20)
    assert explored == plain                        # the same hands, the same chips
    assert len(records) > 20
    for bot, street, opps, facing, word, bettor, chips in records:
        assert bot in SEATS[:3] and word in chips and len(chips) >= 2
        assert chips.get("fold", 0) == 0            # folding stops the seat's chips there
        assert facing == ("fold" in chips)          # a free decision offers no fold
        assert bettor in SEATS                      # tandy7: the bring-in at least


def test_equity_splits_the_groups_by_the_estimate_at_the_table_decision():
    plain, _ = selfplay.play("tandy7", 30, 6, list(SEATS), 20)
    records, explored = regret.measure(SEATS, 30, 6, every=3, rollouts=2, samples=20,
                                       equity=True)
    assert explored == plain
    assert records and all(len(r) == 8 and r[7] % 100 == 0 and 0 <= r[7] <= 1000
                           for r in records)
    assert len(set(r[7] for r in records)) > 3
    keys = regret.groups(records)
    assert all(len(k) == 7 for k in keys)


def test_a_group_says_what_the_other_word_would_have_made_more():
    records = [("tight", 3, 1, True, "fold", "bluffer", {"fold": 0, "call": 6}),
               ("tight", 3, 1, True, "fold", "bluffer", {"fold": 0, "call": 2}),
               ("tight", 3, 2, True, "fold", "bluffer", {"fold": 0, "call": -5})]
    out = regret.groups(records)
    n, mean, se = out[("tight", 3, "hu", "facing", "bluffer", "fold")]["call"]
    assert (n, mean, se) == (2, 4.0, 2.0)
    assert out[("tight", 3, "multi", "facing", "bluffer", "fold")]["call"][:2] == [1, -5.0]


def test_a_bad_command_line_is_refused_clearly():
    done = subprocess.run(tool("lab.regret") + ["--seats",
                           "loose,bob"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "unknown seat 'bob'" in done.stderr
