"""Boot to the title page in instructions: deterministic where tools/bench/boot.py's clock
is not (on a shared, loaded machine its best of 7 moved by a third between runs).

    python -m tools.bench.bootir [DIR]

Runs tools/bench/boot_steps.py under valgrind (cachegrind, instruction counts only) on
the unix-port MicroPython, the firmware compiled as flashed (--mpy), up to each step in
turn, and prints each step's instructions (the difference from the step before) and
their worth in reference-loop iterations (the loop's own instructions per iteration,
counted the same way).  DIR holds the save to read (build/session: what
tools/bench/session.py leaves, 50 kept hands).  The board's waits (sleeps, I2C bytes)
are not instructions: tools/bench/boot.py counts those.  Instructions are not time (a
cache miss, a system call), but two trees compare on the same inputs exactly.  Needs
valgrind on PATH.
"""
import os
import re
import subprocess
import sys

from tools.device import mprun

STEPS = ("none", "board", "app", "frame", "save")
TITLE = ("board", "app", "frame")     # the boot: to the title page on the glass
REF_N = 100000


def instructions(args, path):
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
           mprun.micropython_binary(), "-X", "heapsize=512K",
           os.path.join(mprun.ROOT, "tools", "bench", "boot_steps.py")] + [str(a) for a in args]
    env = dict(os.environ, MICROPYPATH=path, PYTHONHASHSEED="0")
    done = subprocess.run(cmd, cwd=mprun.ROOT, env=env, capture_output=True, text=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode or not found:
        raise RuntimeError("boot_steps.py %s failed:\n%s%s" % (args, done.stdout, done.stderr[-2000:]))
    return int(found.group(1).replace(",", ""))


def main(argv):
    import shutil
    if shutil.which("valgrind") is None:
        sys.stderr.write("bootir: needs valgrind on PATH (apt-get install valgrind); "
                         "tools/bench/boot.py times the boot without it\n")
        return 2
    folder = argv[0] if argv else "build/session"
    if not os.path.isdir(folder):
        sys.stderr.write("bootir: no folder %s: run tools/bench/session.py first, or name the "
                         "folder holding the save\n" % folder)
        return 2
    per_ref, steps = counts(folder)
    print("reference loop: %.0f instructions an iteration" % per_ref)
    for step, n in steps + [("boot", title(steps))]:
        print("%-6s %12s instructions  %8s iterations" % (step, "{:,}".format(n),
                                                         "{:,}".format(round(n / per_ref))))
    return 0


def title(steps):
    """The boot's instructions, to the title page on the glass (the save is read after)."""
    return sum(n for step, n in steps if step in TITLE)


def counts(folder):
    """(the reference loop's instructions an iteration, [(step, its instructions)]) for
    boot_steps.py's steps after the prelude, reading the save in `folder`."""
    path = mprun.micropypath(mprun.compile_firmware())
    per_ref = (instructions([folder, "ref", REF_N], path)
               - instructions([folder, "ref", 0], path)) / float(REF_N)
    upto = [instructions([folder, step], path) for step in STEPS]
    return per_ref, [(STEPS[i], upto[i] - upto[i - 1]) for i in range(1, len(STEPS))]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
