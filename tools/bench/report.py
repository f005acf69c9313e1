"""One `make bench` run, written down: docs/bench.md says what each section measures and
holds the figures of one full run between its markers, so every figure it quotes comes
from the same run.

The page keeps its prose; the run's figures go between BEGIN and END.  A partial run
(--only, --no-*) never writes here: run.py allows --publish only for a full one.
"""
import os
import platform
import subprocess
import time

from tools import ROOT

REPORT = os.path.join(ROOT, "docs", "bench.md")
BEGIN = "<!-- make bench writes from here: one run's figures (tools/bench/report.py) -->"
END = "<!-- make bench writes up to here -->"


def micropython_version():
    from tools.device import mprun
    try:
        done = subprocess.run([mprun.micropython_binary(), "-c",
                               "import sys; print(sys.implementation.version[:3])"],
                              capture_output=True, text=True, timeout=30)
        return "MicroPython %s" % ".".join(
            done.stdout.strip().strip("()").replace(" ", "").split(","))
    except (OSError, subprocess.SubprocessError):
        return "MicroPython (not found)"


def header(seconds, command):
    return ("From one run of `%s` on %s UTC: %d cores (%s), CPython %s, %s, %.0f minutes in "
            "all. Ratios matter, not absolutes: the machine is shared.\n\n"
            % (command, time.strftime("%Y-%m-%d %H:%M", time.gmtime()), os.cpu_count() or 1,
               platform.machine(), platform.python_version(), micropython_version(),
               seconds / 60.0))


def between(text):
    """The figures inside a page (the text between the markers), or None."""
    a = text.find(BEGIN)
    b = text.find(END)
    if a < 0 or b < a:
        return None
    return text[a + len(BEGIN):b].strip("\n")


def publish(body, seconds, command, report=REPORT):
    """Write the run's figures between the markers of `report`."""
    text = header(seconds, command) + body.rstrip("\n") + "\n"
    with open(report) as f:
        old = f.read()
    if between(old) is None:
        raise SystemExit("%s has no %r ... %r markers: nowhere to put the figures"
                         % (report, BEGIN, END))
    new = old[:old.index(BEGIN) + len(BEGIN)] + "\n\n" + text + old[old.index(END):]
    with open(report, "w") as f:
        f.write(new)
