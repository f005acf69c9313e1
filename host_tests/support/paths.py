"""Where things are, for tests that run scripts or read files by path."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DUAL = os.path.join(ROOT, "host_tests", "dual")      # scripts run under both runtimes
BENCH = os.path.join(ROOT, "tools", "bench")         # benchmark scripts (tests reuse two)


def tool(module):
    """The command line of a host tool as the README types it from the repository's root
    (module "save.history": `python -m tools.save.history`); pytest runs there too."""
    return [sys.executable, "-m", "tools." + module]
