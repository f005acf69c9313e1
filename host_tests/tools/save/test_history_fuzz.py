"""Fuzzing tools/save/history.py as issue 32 did: saves whose checksum is right over mutated
contents.  Every run ends with status 0 or 2 and never a traceback or an internal error
(tools/save/cli.py says a bug as "internal error", status 1); history.py calls a file damaged
exactly when the device does; and what --json exports, tools/save/replay.py takes the same way
(--phh: host_tests/tools/save/test_history_phh.py reads it back with pokerkit).

make test runs 300 saves; the issue's figure by hand (COUNT, SEED):
    PYTHONPATH=.:firmware:tools/harness:boards:host_tests/support \
        python host_tests/tools/save/test_history_fuzz.py 12000 1
"""
import os
import random
import sys

from tools.save import history
from tools.save import replay
from saves import played, with_checksum
from stud.save import store
from toolrun import in_process

FORMS = ([], ["--json"], ["--jsonl"], ["--phh"])


def mutated(good, rng):
    """`good` with one to four bytes changed, inserted or removed after the header, the
    checksum made right."""
    data = bytearray(good[:-4])
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(5, len(data))
        kind = rng.random()
        if kind < 0.8:
            data[at] = rng.randrange(256)
        elif kind < 0.9:
            data.insert(at, rng.randrange(256))
        else:
            del data[at]
    return with_checksum(bytes(data) + b"\0\0\0\0")


class _LookOnly(store.Files):
    """The device's files, but a damaged one is not moved aside (the next run reads it)."""

    def write(self, path, data):
        pass

    def rename(self, old, new):
        pass

    def remove(self, path):
        pass


def device_loads(path):
    """True if the device loads the file at `path` without calling it damaged."""
    return store.Store(path, _LookOnly()).load()[1] is None


def check(path, data, form):
    """(what went wrong when history.py, then replay.py, read `data` at `path`: a list,
    whether the device loads it)."""
    with open(path, "wb") as f:
        f.write(data)
    code, out, err = in_process(history.main, "history", ["--file", path] + form)
    wrong = []
    if code not in (0, 2) or "internal error" in err or "Traceback" in out + err:
        wrong.append("history %s: status %s, %s" % (" ".join(form), code, err.strip()[-300:]))
    shown = code == 0 and "fails its checks" not in err
    loaded = device_loads(path)
    if shown != loaded:
        wrong.append("history %s the file, the device %s it"
                     % ("loads" if shown else "refuses", "refuses" if shown else "loads"))
    if form and form != ["--phh"] and code == 0:
        code, _, err = in_process(replay.main, "replay", ["-"], stdin_text=out)
        if code not in (0, 2) or "internal error" in err:
            wrong.append("replay of the export: status %s, %s" % (code, err.strip()[-300:]))
    return wrong, loaded


def fuzz(count, seed, folder):
    """(runs, statuses seen, problems): `count` mutated saves, each read in one of the forms."""
    good = store.dumps(played(hands=55)[1])
    rng = random.Random(seed)
    path = os.path.join(folder, "stud.sav")
    problems = []
    seen = {"loads": 0, "refused": 0}
    for i in range(count):
        wrong, loaded = check(path, mutated(good, rng), FORMS[i % len(FORMS)])
        problems += ["save %d (seed %d): %s" % (i, seed, w) for w in wrong]
        seen["loads" if loaded else "refused"] += 1
    return count, seen, problems


def test_mutated_saves_with_a_good_checksum_never_break_history_or_replay(tmp_path):
    runs, seen, problems = fuzz(300, 1, str(tmp_path))
    assert problems == [], "\n".join(problems[:10])
    assert seen["loads"] > 30 and seen["refused"] > 30, seen   # both kinds met


if __name__ == "__main__":
    import tempfile
    import time

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 12000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    t0 = time.time()
    with tempfile.TemporaryDirectory() as folder:
        runs, seen, problems = fuzz(count, seed, folder)
    print("\n".join(problems[:20]))

    def saves(words):
        return len(set([p.split(":")[0] for p in problems if words in p]))
    print("%d mutated saves (seed %d): %d the device loads, %d it refuses; %d problems: %d saves "
          "a status other than 0 or 2, %d read otherwise than by the device; %.0f s"
          % (runs, seed, seen["loads"], seen["refused"], len(problems), saves(": status"),
             saves("the device"), time.time() - t0))
    sys.exit(1 if problems else 0)
