"""Running a host tool as a user would, and what its failures must look like.

shell() runs `python -m tools.MODULE ARGS` in bash with the user's redirections (`>&-`,
`<&-`, `> /dev/full`, `| head -1`); in_process() runs the tool's main through
tools/save/cli.py as its `__main__` does, for fuzzing thousands of inputs quickly.
"""
import io
import os
import shlex
import shutil
import subprocess
import sys

from tools.save import cli
from paths import tool


def command(module, *args):
    """The shell words of `python -m tools.MODULE ARGS` (module "save.history"), quoted."""
    words = tool(module) + list(args)
    return " ".join([shlex.quote(w) for w in words])


def shell(line, stdin_text=None, cwd=None):
    """Run a bash command line; stdout and stderr captured unless it redirects them."""
    return subprocess.run(["bash", "-c", line], input=stdin_text, capture_output=True,
                          text=True, timeout=60, cwd=cwd)


def fails_in_one_line(done, name, words):
    """True if `done` failed as a user should see it: status 2, no traceback, exactly one
    line on stderr, "NAME: ..." with `words` in it."""
    lines = done.stderr.splitlines()
    return ("Traceback" not in done.stdout + done.stderr and done.returncode == 2
            and len(lines) == 1 and lines[0].startswith(name + ": ") and words in lines[0])


def without_root_rights():
    """A shell prefix under which file permissions hold ("" for a user other than root;
    root ignores them, so it runs without the capabilities that let it), or None."""
    if os.geteuid() != 0:
        return ""
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    return setpriv + " --bounding-set -dac_override,-dac_read_search "


def in_process(main, name, argv, stdin_text=""):
    """(status, stdout, stderr) of main(argv) run as tools/save/cli.py runs it."""
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin_text), io.StringIO(), io.StringIO()
    out, err = sys.stdout, sys.stderr
    try:
        code = cli.status(main, name, argv)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return code, out.getvalue(), err.getvalue()
