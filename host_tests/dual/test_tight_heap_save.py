"""Running short of memory never costs a save: the app boots on a full save (50 kept
hands, a valid .bak one hand older) under MicroPython as flashed, in heaps from the
device's size (SPEC.md's 192K) up, and plays two hands.  Whatever the heap, the
player's save is loaded and saved, or kept untouched with a LOW MEMORY notice: never
called damaged, never set aside, and the backup is never lost
(host_tests/dual/tightsave.py)."""
import os

import pytest

from tools.device import mprun
from paths import DUAL
from saves import played
from stud.save import store

SCRIPT = os.path.join(DUAL, "tightsave.py")
PREFIX = "Pocket Stud: "


@pytest.fixture(scope="module")
def saves():
    """(the newer save's bytes, the older one's): 50 kept hands each, a hand apart."""
    older = played(hands=50, seed=4)[1]
    newer = played(hands=51, seed=4)[1]
    return store.dumps(newer), store.dumps(older)


def boot(tmp_path, saves, heap):
    folder = tmp_path / heap
    folder.mkdir()
    path = folder / "stud.sav"
    path.write_bytes(saves[0])
    (folder / "stud.sav.bak").write_bytes(saves[1])
    out = mprun.run(SCRIPT, args=[str(path)], heap=heap, mpy=True, timeout=600)
    told = [line[len(PREFIX):] for line in out.splitlines() if line.startswith(PREFIX)]
    report = mprun.parse_report(out)
    return folder, told, report


def hands_in(data):
    return store.loads(data).stats.hands


@pytest.mark.parametrize("heap", ["192K", "208K", "224K", "256K"])
def test_a_full_save_in_a_tight_heap_is_loaded_and_saved_or_kept_untouched(tmp_path, saves,
                                                                           heap):
    folder, told, report = boot(tmp_path, saves, heap)
    names = sorted(os.listdir(str(folder)))
    assert "stud.sav.bad" not in names and not [t for t in told if "DAMAGED" in t], told
    sav = (folder / "stud.sav").read_bytes()
    bak = (folder / "stud.sav.bak").read_bytes()
    start = hands_in(saves[0])
    if told and told[0].startswith("LOW MEMORY: SAVE KEPT"):
        assert (sav, bak) == saves and report["off"] != "None"   # nothing moved or written
        return
    done = hands_in(sav)                    # each hand saved, or kept for the next save
    assert start <= done <= start + int(report["played"]), (start, done, told)
    assert hands_in(bak) in (start - 1, done - 1), "the backup is the save before"
    for line in told:
        assert line.startswith("LOW MEMORY: NOT SAVED") or "WENT WRONG" in line.upper(), told
