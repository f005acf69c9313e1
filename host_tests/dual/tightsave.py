"""The app boots on a full save and plays two hands in a tight heap (test_tight_heap.py
runs it under MicroPython as flashed, at several heap sizes, and reads the files after).

    python -m tools.device.mprun host_tests/dual/tightsave.py PATH --mpy --heap 192K

PATH is a real file (stud.sav) with its .bak beside it.  What the player is told is on
the console ("Pocket Stud: ..." lines); each notice page is answered and play goes on.
"""
import sys

from ui_driver import Driver
from stud.save import store

HANDS = 2


def main(path):
    d = Driver(seed=3, samples=16, speed=3, model=False, store=store.Store(path),
               title_first=True)           # as the device boots: the title page, then the save
    d.tick(3)
    played = 0
    for _ in range(10):
        if d.app.screen is not None and d.app.screen.NAME == "alert":
            d.press("PRESS")                # the notice read
            d.ready()
        if played >= HANDS:
            break
        played += d.play_hands(HANDS - played)
    print("played=%d" % played)
    print("off=%s" % d.app.alerts.keeper.store.off)
    print("errors=%d" % d.app.alerts.keeper.errors)


main(sys.argv[1])
