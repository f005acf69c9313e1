"""Golden frames: one scripted session of the handheld, every frame sent to the panel
digested; CPython (the pure canvas) and MicroPython (framebuf) must agree byte for byte.

    python host_tests/dual/ui_frames.py [SCRIPT.txt] [pure] [--dump]   (PYTHONPATH=firmware:tools/harness:boards)
    python -m tools.device.mprun host_tests/dual/ui_frames.py [SCRIPT.txt] [pure] [--mpy]

The session (SCRIPT.txt, or SCRIPT below; the script format of tools/sim/sim.py;
host_tests/ui/test_ui_golden.py records a longer one with ui_driver): the title page,
PLAY, a hand of seed 000's game against SID, JOE and HAL with your commands
cycled and executed (a HINT, a RAISE), hands played to their end, SEL choosing
SID / OUT / HAL, PLAY again, the menu opened, walked and closed.  Deals and the
computer's decisions come from stud.core.rng.Rng streams with a fixed sample count and
no clock, the board's clock is virtual: the run is the same on every runtime.

`pure`: draw with the pure-Python canvas on MicroPython too (framebuf hidden before
stud.ui.gfx.frame is imported), so it proves the canvas, not only framebuf, gives
CPython's pixels there.
"""
import sys
from binascii import hexlify

from harness import Digest, report, RUNTIME

PURE = "pure" in sys.argv
if PURE:
    sys.modules["framebuf"] = None     # stud.ui.gfx.frame falls back to the pure canvas

from ui_driver import host, make_app  # noqa: E402

SEED = 7
SAMPLES = 16
SPEED = 2          # FAST
TAIL_TICKS = 400   # ticks after the script's last event

SCRIPT = """
WAIT 200
PRESS          # title -> table
WAIT 100
DOWN           # SEL
UP             # PLAY
PRESS          # deal
WAIT 3000
DOWN
DOWN
DOWN           # ... to HINT
PRESS          # HINT's answer
WAIT 300
UP
UP             # RAISE (or what is there)
PRESS
WAIT 4000
PRESS
WAIT 4000
DOWN
PRESS
WAIT 4000
PRESS
WAIT 4000
PRESS
WAIT 4000
PRESS
WAIT 6000
PRESS          # past the showdown, if there was one
WAIT 500
DOWN           # SEL
PRESS
DOWN           # bottom left: SID -> JOE
UP             # back to SID
PRESS
DOWN
DOWN
DOWN           # top left: JOE -> HAL -> OUT ... (cycling)
PRESS
PRESS          # top right stays
PRESS          # yes: everyone's chips go back to the first stack
WAIT 500
PRESS          # PLAY
WAIT 3000
PRESS
WAIT 3000
PRESS
WAIT 3000
LONG_PRESS     # the menu, mid-hand (on BACK)
DOWN
DOWN
RIGHT          # speed
DOWN
DOWN
DOWN
DOWN
DOWN
DOWN
PRESS          # RULES
DOWN
DOWN
PRESS          # back to the menu
LONG_PRESS     # back to the game
WAIT 3000
PRESS
WAIT 3000
PRESS
WAIT 3000
PRESS
WAIT 5000
PRESS
"""


class Recorder:
    def __init__(self, dump):
        self.log = Digest(dump)
        self.frames = 0
        self.pages = 0

    def __call__(self, display):
        self.frames += 1
        self.pages += bin(display.last_pages).count("1")
        self.log.line("%d %02x %s" % (self.frames, display.last_pages, _hex(display.panel)))


def _hex(buf):
    return hexlify(buf).decode()


def _script_text():
    for arg in sys.argv[1:]:
        if arg.endswith(".txt"):
            with open(arg) as f:
                return f.read()
    return SCRIPT


def main():
    rec = Recorder("--dump" in sys.argv)
    clock = host.VirtualClock()
    script = host.ScriptInput(host.parse_script(_script_text()), clock)
    board = host.HostBoard(script, clock, host.RecordingDisplay(rec))
    app = make_app(board, SEED, SAMPLES, SPEED)
    ticks = 0
    tail = 0
    while tail < TAIL_TICKS:
        app.tick()
        board.sleep_ms(20)
        ticks += 1
        if script.done:
            tail += 1
    report("runtime", RUNTIME)
    report("ui_ticks", ticks)
    report("ui_frames", rec.frames)
    report("ui_pages", rec.pages)
    report("ui_hands", app.tablestate.hands_dealt)
    report("ui_names", " ".join(app.session.names))
    report("ui_dropped", app.input.dropped)
    report("ui_digest", rec.log.hexdigest())


main()
