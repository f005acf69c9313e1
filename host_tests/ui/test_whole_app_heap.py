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

import mprun

SCRIPT = os.path.join(mprun.ROOT, "tools", "bench", "wholeapp.py")
HEAP = "224K"               # the smallest heap that runs it today: about 204 KB
CEILING = 176 * 1024        # peak_app as flashed was 175,168 B (171.1 KB) when this was set
ROMFS_HEAP = "144K"         # from ROMFS: the smallest heap that runs it today is 140 KB
ROMFS_CEILING = 114 * 1024  # peak_app from ROMFS was 115,232 B (112.5 KB) when this was set


def test_the_whole_app_runs_in_its_heap_and_its_peak_does_not_grow():
    d = mprun.parse_report(mprun.run(SCRIPT, heap=HEAP, mpy=True, timeout=600))
    assert int(d["hands_saved"]) == 2
    peak = int(d["peak_app"])
    print("whole app as flashed: peak %d B, booted %s B, in a hand %s B, menu %s B"
          % (peak, d["heap_booted"], d["heap_hand"], d["heap_menu"]))
    assert peak <= CEILING, "the app's live heap grew to %d B (ceiling %d B)" % (peak, CEILING)
    assert int(d["heap_settled"]) < peak      # the menu's pages are released when they close


def test_from_romfs_the_whole_app_runs_in_less_heap_and_its_peak_does_not_grow():
    d = mprun.parse_report(mprun.run(SCRIPT, heap=ROMFS_HEAP, romfs=True, timeout=600))
    assert int(d["hands_saved"]) == 2
    peak = int(d["peak_app"])
    print("whole app from ROMFS: peak %d B, booted %s B, in a hand %s B, menu %s B"
          % (peak, d["heap_booted"], d["heap_hand"], d["heap_menu"]))
    assert peak <= ROMFS_CEILING, "the app's live heap from ROMFS grew to %d B (ceiling %d B)" % (
        peak, ROMFS_CEILING)
