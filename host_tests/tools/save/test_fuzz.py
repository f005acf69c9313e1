"""tools/save/fuzz.py: 60,000 random joystick events through the whole app (four runs of
15,000, one per game, 159-235 hands each; two with short stacks for all-ins, side pots,
rebuys and BUST),
with chips conserved, the state valid and the save loading back after every hand;
and bugs planted on purpose are caught, so the fuzzer can fail."""
import subprocess
import sys

import pytest

from paths import ROOT, tool

from tools.save import fuzz
from stud.save import store  # noqa: E402
from stud.save.saved import Stats  # noqa: E402
from stud.play.session import Session  # noqa: E402

EVENTS = 15000
RUNS = [(1, "tandy7", 0), (2, "casino7", 40), (3, "stud5", 0), (4, "draw5", 150)]


@pytest.mark.parametrize("seed,game,short", RUNS)
def test_random_events_keep_every_chip_and_the_save_in_step(seed, game, short):
    ok, f, message = fuzz.fuzz(EVENTS, seed, game, samples=4, short=short)
    assert ok, "seed %d, event %d: %s" % (seed, f.index, message)
    led = f.ledger
    assert f.index == EVENTS - 1 and f.app.session.game == game
    assert led.settled - led.demo_hands >= 100, f.summary()    # hands of your own, saved
    assert led.new_games > 10
    if short:
        assert led.rebuys > 0, f.summary()
    saved = f.app.alerts.keeper.saved
    assert 0 < saved.count() <= 50 and saved.stats.hands == led.settled - led.demo_hands


def test_a_chip_lost_at_the_end_of_a_hand_is_caught(monkeypatch):
    real = Session.settle

    def leaky(self, hand):
        real(self, hand)
        if not self.demo and self.chips[0] > 1:
            self.chips[0] -= 1            # the planted bug: a chip vanishes
    monkeypatch.setattr(Session, "settle", leaky)
    ok, f, message = fuzz.fuzz(5000, 1, "tandy7")
    assert not ok and "ledger" in message
    again = fuzz.fuzz(5000, 1, "tandy7")
    assert again[1].index == f.index      # the same seed finds it at the same event


def test_a_save_that_misses_the_table_is_caught(monkeypatch):
    real = store.Store.save

    def stale(st, saved, *how):
        saved.chips[saved.game] = [999, 999, 999, 999]   # the planted bug: chips not kept
        return real(st, saved, *how)
    monkeypatch.setattr(store.Store, "save", stale)
    ok, f, message = fuzz.fuzz(5000, 2, "tandy7")
    assert not ok and "the save restores" in message


def test_an_exception_on_a_page_is_caught(monkeypatch):
    def broken(stats):
        raise IndexError("planted")
    monkeypatch.setattr(Stats, "lines", broken)     # the STATS page's words
    ok, f, message = fuzz.fuzz(20000, 3)
    assert not ok and "error page" in message and "IndexError: planted" in message


def test_the_command_line_reports_and_exits_1_on_a_failure():
    ok = subprocess.run(tool("save.fuzz") + ["--events", "300", "--seed", "5"], capture_output=True, text=True,
                        timeout=120)
    assert ok.returncode == 0 and ok.stdout.startswith("ok: seed 5: 300 events")
    code = ("import sys; from tools.save import fuzz; "
            "from stud.play.session import Session; real = Session.settle\n"
            "def leaky(self, hand):\n"
            "    real(self, hand)\n"
            "    self.chips[0] += 1\n"
            "Session.settle = leaky\n"
            "sys.exit(fuzz.main(['--events', '5000', '--seed', '7', '--game', 'stud5']))\n")
    bad = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, cwd=ROOT)
    assert bad.returncode == 1, bad.stderr
    assert "FAIL at event" in bad.stdout and "(seed 7, game stud5)" in bad.stdout
    assert "reproduce: python -m tools.save.fuzz --events" in bad.stdout
