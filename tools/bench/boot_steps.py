"""The boot's steps up to one of them, and nothing else: what tools/bench/bootir.py counts.

    micropython tools/bench/boot_steps.py DIR STEP [N]

STEP: none (the board's prelude only), board (stud.boot.bring_up()), app (stud.boot.start():
the app built), frame (the title page whole on the glass: the boot's end), save (then the
save DIR/stud.sav read and the first press taken: stud.ui.app's title_first), or ref (N
iterations of the reference loop, harness.ref).  The board is the Pico's pin map on the
virtual board's machine module with a _vboard that answers at 0x3C and reads the stick at
rest, as in tools/bench/boot.py (whose timings this leaves out).
"""
import sys

STEPS = ("none", "board", "app", "frame", "save")


class VBoard:
    """The virtual board's side of tools/harness/vboard_machine.py: a panel at 0x3C, the
    stick at rest, the pins at their pulls, and nothing waits (tools/bench/boot.py's
    counts the waits)."""

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
    folder, step = sys.argv[1], sys.argv[2]
    import pico
    sys.modules["_vboard"] = VBoard()
    sys.modules["pins"] = pico
    import vboard_machine
    vboard_machine.install_hardware()
    if step == "ref":
        from harness import ref
        ref(int(sys.argv[3]))
        return
    upto = STEPS.index(step)
    if upto < 1:
        return
    import stud.boot
    board = stud.boot.bring_up()
    if upto < 2:
        return
    from stud.save.store import Store
    app = stud.boot.start(board, store=Store(folder + "/stud.sav"))
    ticks = 0
    while upto > 2 and (app.screen is None or app.frame.dirty or not ticks):
        app.tick()
        ticks += 1
    while upto > 3 and app.booting:
        app.tick()


if __name__ == "__main__":
    main()
