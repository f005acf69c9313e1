"""Boot to the title page, as main.py does it on a Pico, stage by stage.

    python -m tools.device.mprun tools/bench/boot.py --mpy [-- DIR [whole]]

stud.boot.run() is start(bring_up()).loop(); this script takes the same steps one by
one, on the Pico's pin map (boards/pico.py as pins) and the virtual board's machine
module (tools/harness/vboard_machine.py) over a _vboard of its own: an SSD1306 that answers at
0x3C, the stick at rest, the button up.  The save is DIR/stud.sav (build/session, where
tools/bench/session.py leaves the save of a long session: 50 kept hands), or none.

  imports  every module the boot imports, wherever it does (builtins.__import__ is
           wrapped by one that times the outermost import; with `whole`, it is not: each
           stage then holds its own imports and this one is 0 - the wrapper, a Python
           call for every import statement, costs about 9,000 iterations of its own)
  board    stud.boot.bring_up(): the pin map, the bus, the panel's setup, the stick's
           centre, the button; its own imports are in `imports`
  app      stud.boot.start(): the app built (the same; the save is read in `save`)
  frame    the loop's ticks until the title page is whole on the glass (at 400 kHz a
           frame goes out over two ticks): the boot's end
  save     then the tick that reads the save (its imports included), draws the title's
           game lines and takes the first press (stud.ui.app: title_first)

Under MicroPython only (the pin map's clock is time.ticks_ms).  Each stage prints
boot_<stage>_us (this machine's time) and boot_<stage>_wait_us: what a board spends
waiting and this port does not - the sleeps (the stick's centre is 16 samples 2 ms apart,
both axes at each) and the bytes on the I2C bus at the pin map's I2C_FREQ (9 clocks a byte with
its ACK).  ref_us / ref_n time the reference loop here (harness.ref) before and after the
boot, so tools/bench/heap.py turns the stages into reference-loop iterations and adds the
waits at an RP2040's pace.
"""
import sys

from boot_steps import VBoard as StillBoard
from harness import ticks_us, ticks_diff, ref, report, RUNTIME

FOLDER = sys.argv[1] if len(sys.argv) > 1 else "build/session"
SPLIT = not (len(sys.argv) > 2 and sys.argv[2] == "whole")   # imports timed apart
REF_N = 20000
REF_REPEATS = 5


class VBoard(StillBoard):
    """boot_steps.py's virtual board, counting what a board waits: the sleeps and the
    bytes on the I2C bus at `freq` (9 clocks a byte with its ACK)."""

    def __init__(self, freq):
        self.freq = freq
        self.waited_us = 0

    def i2c_write(self, addr, hexdata):
        self.waited_us += (len(hexdata) // 2 + 1) * 9 * 1000000 // self.freq
        return True

    def sleep(self, ms):
        self.waited_us += ms * 1000
        return False


class Imports:
    """builtins.__import__, timed: the time inside outermost imports, since start."""

    def __init__(self, real):
        self.real = real
        self.depth = 0
        self.us = 0

    def __call__(self, *args):
        if self.depth:
            return self.real(*args)
        self.depth = 1
        t = ticks_us()
        try:
            return self.real(*args)
        finally:
            self.us += ticks_diff(ticks_us(), t)
            self.depth = 0


def ref_us():
    best = None
    for _ in range(REF_REPEATS):
        t = ticks_us()
        ref(REF_N)
        d = ticks_diff(ticks_us(), t)
        best = d if best is None or d < best else best
    return best


def main():
    import builtins
    import pico
    vb = VBoard(pico.I2C_FREQ)
    sys.modules["_vboard"] = vb
    sys.modules["pins"] = pico
    import vboard_machine
    vboard_machine.install_hardware()
    imports = Imports(builtins.__import__)
    ref_before = ref_us()
    stages = []

    def stage(name, t, waited, imported):
        now = ticks_us()
        stages.append((name, ticks_diff(now, t) - (imports.us - imported),
                       vb.waited_us - waited))
        return now, vb.waited_us, imports.us

    if SPLIT:
        builtins.__import__ = imports
    mark = ticks_us(), 0, 0
    import stud.boot
    board = stud.boot.bring_up()
    mark = stage("board", *mark)
    from stud.save.store import Store
    app = stud.boot.start(board, store=Store(FOLDER + "/stud.sav"))
    mark = stage("app", *mark)
    frame = app.frame
    ticks = 0
    while app.screen is None or frame.dirty or not ticks:
        app.tick()
        ticks += 1
    mark = stage("frame", *mark)
    builtins.__import__ = imports.real      # the save's stage holds its own imports
    while app.booting:
        app.tick()
    stage("save", *mark)
    report("runtime", RUNTIME)
    report("boot_imports_us", imports.us)
    report("boot_imports_wait_us", 0)
    for name, us, waited in stages:
        report("boot_%s_us" % name, us)
        report("boot_%s_wait_us" % name, waited)
    report("boot_frame_ticks", ticks)
    report("boot_hands_kept", app.alerts.keeper.saved.count())
    report("ref_us", ref_before + ref_us())
    report("ref_n", 2 * REF_N)


main()
