"""The whole app's heap under real MicroPython, as flashed: boot, a 4-seat hand, a draw5
hand, the menu, STATS, LAST HANDS and the saves (tools/bench/wholeapp.py), from the
filesystem (stock firmware: the bytecode loads into the heap) and from a ROMFS image
(firmware with a ROMFS partition: the bytecode stays in flash; tools/romboot.py).

SPEC.md's budget is 96 KB of live heap on a Pico (about the unix-port figure x 0.94).
The app is not there yet (make bench's heap section prints how far); until it is, these
tests hold the line: the whole app must run in its heap and its live-heap peak must not
grow past its ceiling, today's figure plus a little for the noise of interned names.
"""
import os

import pytest

import mprun

SCRIPT = os.path.join(mprun.ROOT, "tools", "bench", "wholeapp.py")
# how it is flashed: the heap that runs it (the smallest today, plus room), and the ceiling
# its live-heap peak must stay under (the peak when this was set, plus a little)
RUNS = {
    # .mpy files on the filesystem (stock firmware): smallest heap 201 KB, peak 171.1 KB
    "as flashed": {"mpy": True, "heap": "224K", "ceiling": 176 * 1024},
    # the same files from a ROMFS image: smallest heap 140 KB, peak 112.5 KB (115,232 B)
    "from ROMFS": {"romfs": True, "heap": "144K", "ceiling": 114 * 1024},
}


@pytest.mark.parametrize("how", sorted(RUNS))
def test_the_whole_app_runs_in_its_heap_and_its_peak_does_not_grow(how):
    run = dict(RUNS[how])
    heap, ceiling = run.pop("heap"), run.pop("ceiling")
    d = mprun.parse_report(mprun.run(SCRIPT, heap=heap, timeout=600, **run))
    assert int(d["hands_saved"]) == 2
    peak = int(d["peak_app"])
    print("whole app %s: peak %d B, booted %s B, in a hand %s B, menu %s B"
          % (how, peak, d["heap_booted"], d["heap_hand"], d["heap_menu"]))
    assert peak <= ceiling, "the app's live heap %s grew to %d B (ceiling %d B)" % (
        how, peak, ceiling)
    assert int(d["heap_settled"]) < peak      # the menu's pages are released when they close
