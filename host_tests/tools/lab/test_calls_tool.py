"""tools/lab/calls.py watches the bots' calls of later bets without changing a decision."""
from tools.lab import calls
from tools.lab import selfplay
from stud.play import bots

SEATS = ["loose", "balanced", "tight", "tag"]


def test_watching_the_calls_changes_no_decision_and_counts_each_call_once():
    plain, _ = selfplay.play("tandy7", 120, 5, list(SEATS), 20)
    groups, watched = calls.measure(SEATS, 120, 5, 20)
    assert watched == plain                                  # the same hands, the same chips
    assert bots.choose.__name__ == "choose"                 # and the watcher is gone again
    assert groups and all(0 <= g[1] <= g[0] for g in groups.values())
    assert all(street >= 1 and opps in (1, 2) for _e, street, opps, _who in groups)
