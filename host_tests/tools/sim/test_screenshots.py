"""The README's pictures of the handheld are today's: make screenshots (tools/sim/screenshots.py)
draws every one of docs/screens/ again from real game states, and each must come out the
same, byte for byte, as the one committed.  A change to what the screen shows fails here
until `make screenshots` is run and the new pictures are committed (and looked at)."""
import os
import subprocess

import pytest

from paths import ROOT, tool

SCREENS = os.path.join(ROOT, "docs", "screens")
MADE = ("title", "table", "your-turn", "sel", "showdown", "menu", "last-hands", "draw",
        "draw-table", "casino", "casino-muck")


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("screens"))
    done = subprocess.run(tool("sim.screenshots") + ["--out", out], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return out


@pytest.mark.parametrize("name", MADE)
def test_the_committed_picture_is_what_make_screenshots_draws_today(drawn, name):
    with open(os.path.join(drawn, name + ".png"), "rb") as f:
        today = f.read()
    with open(os.path.join(SCREENS, name + ".png"), "rb") as f:
        committed = f.read()
    assert today == committed, ("docs/screens/%s.png is stale: run make screenshots, look at "
                                "the picture and commit it" % name)


def test_every_picture_make_screenshots_draws_is_checked(drawn):
    assert sorted(os.listdir(drawn)) == sorted(n + ".png" for n in MADE)
