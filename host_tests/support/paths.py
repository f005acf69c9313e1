"""Where things are, for tests that run scripts or read files by path."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DUAL = os.path.join(ROOT, "host_tests", "dual")      # scripts run under both runtimes
BENCH = os.path.join(ROOT, "tools", "bench")         # benchmark scripts (tests reuse two)
TOOLS = os.path.join(ROOT, "tools")
