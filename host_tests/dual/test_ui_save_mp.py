"""The save, STATS, LAST HANDS and the error page under real MicroPython: the session of
host_tests/dual/ui_save.py logs the same lines on CPython and on MicroPython (from source
and as flashed), byte for byte."""
import os
import subprocess
import sys

import pytest

from tools.device import mprun

from paths import DUAL  # noqa: E402

SCRIPT = os.path.join(DUAL, "ui_save.py")
HEAP = "448K"          # five apps one after another, the bots, the 64-bit port's objects,
                       # the host-only recording frame, all compiled from source on the way
                       # (the smallest heap that runs it from source: about 410K; as
                       # flashed far less).  The device's budget is the whole-app test's.
SAME = ("save_hands", "save_bytes", "save_pages", "save_lines", "save_digest", "hand_resumed")

_runs = {}


def run(runtime):
    if runtime not in _runs:
        if runtime == "cpython":
            env = mprun.python_env()
            done = subprocess.run([sys.executable, SCRIPT], capture_output=True, text=True,
                                  env=env, timeout=300, cwd=mprun.ROOT)
            assert done.returncode == 0, done.stderr
            _runs[runtime] = mprun.parse_report(done.stdout)
        else:
            _runs[runtime] = mprun.parse_report(mprun.run(
                SCRIPT, heap=HEAP, mpy=runtime == "micropython-as-flashed"))
    return _runs[runtime]


def test_the_session_saves_resumes_and_shows_its_pages():
    cp = run("cpython")
    # LAST HANDS shows each of the 4 hands on one page or two (a long hand takes two,
    # now that each page says how to leave); the script logs 10 lines besides the pages
    pages = int(cp["save_pages"])
    assert int(cp["save_hands"]) == 4 and 4 <= pages <= 8
    assert int(cp["save_lines"]) == pages + 10     # a line logged per page
    assert cp["hand_resumed"] == "1"               # the hand cut by the power goes on


@pytest.mark.parametrize("runtime", ["micropython", "micropython-as-flashed"])
def test_micropython_saves_and_shows_the_same(runtime):
    cp = run("cpython")
    mp = run(runtime)
    assert mp["runtime"] == "micropython"
    for key in SAME:
        assert mp[key] == cp[key], "%s: CPython %s, %s %s" % (key, cp[key], runtime, mp[key])
