"""The boot's steps up to one of them, and nothing else: what tools/bench/bootir.py counts.

    micropython tools/bench/boot_steps.py DIR STEP [N]

STEP: none (the board's prelude only), board (stud.boot.bring_up()), app (stud.boot.start():
the save DIR/stud.sav read, the app built), frame (the title page whole on the glass), or
ref (N iterations of the reference loop, harness.ref).  The board is the Pico's pin map
on the virtual board's machine module with a _vboard that answers at 0x3C and reads the
stick at rest, as in tools/bench/boot.py (whose timings this leaves out).
"""
import sys

FOLDER, STEP = sys.argv[1], sys.argv[2]
STEPS = ("none", "board", "app", "frame")


class VBoard:
    def value(self, kind, key):
        return -1

    def i2c_scan(self):
        return 0x3C

    def i2c_write(self, addr, hexdata):
        return True

    def sleep(self, ms):
        return False

    def interrupted(self):
        return False

    def pin_out(self, key, v):
        pass

    def pwm(self, key, f, d):
        pass


def main():
    import pico
    sys.modules["_vboard"] = VBoard()
    sys.modules["pins"] = pico
    import vboard_machine
    vboard_machine.install_hardware()
    if STEP == "ref":
        from harness import ref
        ref(int(sys.argv[3]))
        return
    upto = STEPS.index(STEP)
    if upto < 1:
        return
    import stud.boot
    board = stud.boot.bring_up()
    if upto < 2:
        return
    from stud.save.store import Store
    app = stud.boot.start(board, store=Store(FOLDER + "/stud.sav"))
    ticks = 0
    while upto > 2 and (app.screen is None or app.frame.dirty or not ticks):
        app.tick()
        ticks += 1


main()
