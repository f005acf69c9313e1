"""`make sim`: the handheld's own firmware (stud.ui.app) in a terminal.

    python tools/sim.py [--seed S] [--speed SLOW|MEDIUM|FAST|SONIC] [--blocks|--braille]
                        [--save PATH | --no-save]
    python tools/sim.py --script EVENTS --frames DIR [--seed S] [--speed ...] [--scale 4]
    python tools/sim.py --headless --hands N [--seed S]

Interactive: the 128x64 frame is drawn with Unicode half blocks (128 columns by
32 lines) when the terminal is big enough, else with braille (64 by 16).
Keys: arrows (or W A S D) move the joystick, Enter or space presses the
button, M or Tab is a long press (the menu), Q quits.  The app, its loop and
its screens are the device's; only the board differs (boards/host.py): the
display is the terminal, the input is the keyboard, the clock is real.

--script EVENTS: feed a scripted event list instead - a text file, one event a
line (UP, DOWN, LEFT, RIGHT, PRESS, LONG_PRESS) or WAIT n for n ms of idle,
# comments allowed - on a virtual clock (exact and fast), and with --frames
DIR write every frame sent to the panel as DIR/0001.png, 0002.png, ...
(scaled, OLED-looking).  --tail MS keeps running after the last event.

--headless --hands N: demo mode (the computer plays every seat) for N hands on
a virtual clock, printing a text log of every deal, action and showdown.

--save PATH keeps the game in a save file, as the device keeps stud.sav: chips,
seats, settings, the opponents' models of you, stats and the last 50 hands come
back at the next start (a damaged file is set aside as PATH.bad; errors are
logged in stud.err beside it).  Interactive play saves by default to
~/.pocket-stud/stud.sav (--no-save: nothing is kept); --script and --headless
runs save nothing unless given --save, so they stay repeatable.  --speed, when
given, overrides the saved speed.

--seed S makes a game repeatable: deals, the opponents' decisions and AUTO/HINT
draw from three Rng streams seeded by S, with a fixed number of Monte Carlo
samples and no clock budget.  Without it, the device's random source and its
time budget are used.
"""
import argparse
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _sub in ("firmware", "tools", "boards"):
    _p = os.path.join(ROOT, _sub)
    if _p not in sys.path:
        sys.path.insert(0, _p)

import host  # noqa: E402  (boards/host.py)
import png  # noqa: E402
from stud.play import bots  # noqa: E402
from stud.ui.app import App, FRAME_MS  # noqa: E402
from stud.ui.menu import SPEEDS  # noqa: E402  (the menu's words for the speeds)
from stud.core.rng import Rng, device_rng  # noqa: E402
from stud.play.session import Session  # noqa: E402
from stud.save.store import Store  # noqa: E402

DEAL_STREAM, BOT_STREAM, HELP_STREAM = 0, 0x2AAAAAAA, 0x15555555
HELP = "arrows/WASD: joystick   Enter/space: press   M/Tab: long press (menu)   Q: quit"


DEFAULT_SAVE = os.path.join("~", ".pocket-stud", "stud.sav")


def make_app(board, seed=None, speed=None, log=None, samples=None, session=None, store=None):
    """The app for a board; with a seed, repeatable (Rng streams, no clock budget).
    `store` (a stud.save.store.Store) keeps the game; `speed`, if given, wins over the saved one."""
    if seed is None:
        rngs = [device_rng(), device_rng(), device_rng()]
        budget = bots.BUDGET_MS
    else:
        rngs = [Rng(seed ^ s) for s in (DEAL_STREAM, BOT_STREAM, HELP_STREAM)]
        budget = 0
    app = App(board, session if session is not None else Session(), rng=rngs[0],
              bot_rng=rngs[1], help_rng=rngs[2],
              samples=samples if samples is not None else bots.SAMPLES,
              budget_ms=budget, speed=speed if speed is not None else 1, log=log, store=store)
    if speed is not None:
        app.settings.speed = speed
    return app


def open_store(path):
    """A stud.save.store.Store at `path` (its folder made if need be), or None for no path."""
    if not path:
        return None
    path = os.path.expanduser(path)
    folder = os.path.dirname(path)
    try:
        if folder:
            os.makedirs(folder, exist_ok=True)
    except OSError as e:
        sys.stderr.write("sim: cannot save in %s (%s); playing without saving\n" % (folder, e))
        return None
    return Store(path)


# ---- drawing the frame as text --------------------------------------------------------
def pixel(buf, x, y):
    return (buf[(y >> 3) * 128 + x] >> (y & 7)) & 1


def half_blocks(buf):
    """32 lines of 128 characters: each character is two pixels, one above the other."""
    chars = (" ", "\u2580", "\u2584", "\u2588")
    lines = []
    for row in range(32):
        y = row * 2
        lines.append("".join([chars[pixel(buf, x, y) | (pixel(buf, x, y + 1) << 1)]
                              for x in range(128)]))
    return lines


# Braille dots: (dx, dy) -> bit of U+2800.
_DOTS = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20),
         (0, 3, 0x40), (1, 3, 0x80))


def braille(buf):
    """16 lines of 64 characters: each character is 2 x 4 pixels."""
    lines = []
    for row in range(16):
        line = []
        for col in range(64):
            bits = 0
            for dx, dy, bit in _DOTS:
                if pixel(buf, col * 2 + dx, row * 4 + dy):
                    bits |= bit
            line.append(chr(0x2800 + bits))
        lines.append("".join(line))
    return lines


def choose_mode(columns, lines):
    """Half blocks when 128 x 32 (and a border and the help line) fit, else braille."""
    if columns >= 130 and lines >= 35:
        return "blocks"
    return "braille"


class Terminal:
    """Draws the panel in a terminal, rewriting only the lines that changed."""

    def __init__(self, out, mode):
        self.out = out
        self.mode = mode
        self.shown = None

    def start(self):
        self.out.write("\x1b[?25l\x1b[2J")   # hide the cursor, clear
        self.out.flush()

    def stop(self):
        self.out.write("\x1b[0m\x1b[?25h\n")
        self.out.flush()

    def __call__(self, display):
        self.draw(display)

    def draw(self, display):
        buf = display.panel if display.on else bytes(1024)
        lines = half_blocks(buf) if self.mode == "blocks" else braille(buf)
        width = len(lines[0])
        style = "\x1b[2m" if display.contrast_value < 16 else ""   # a dimmed panel
        framed = ["\u250c" + "\u2500" * width + "\u2510"]
        framed += ["\u2502" + style + line + "\x1b[0m\u2502" for line in lines]
        framed += ["\u2514" + "\u2500" * width + "\u2518", HELP[:max(width + 2, 20)]]
        out = []
        for i, line in enumerate(framed):
            if self.shown is None or self.shown[i] != line:
                out.append("\x1b[%d;1H%s\x1b[K" % (i + 1, line))
        self.shown = framed
        self.out.write("".join(out))
        self.out.flush()


def interactive(args):
    if not sys.stdin.isatty():
        sys.stderr.write("sim: the interactive simulator needs a terminal; try --headless "
                         "--hands N or --script FILE\n")
        return 2
    size = shutil.get_terminal_size((80, 24))
    mode = args.mode or choose_mode(size.columns, size.lines)
    term = Terminal(sys.stdout, mode)
    keyboard = host.Keyboard()
    board = host.HostBoard(keyboard, host.RealClock(), host.RecordingDisplay(term))
    save = None if args.no_save else (args.save or DEFAULT_SAVE)
    app = make_app(board, args.seed, args.speed, store=open_store(save))
    term.start()
    try:
        with keyboard:
            app.loop(stop=lambda: keyboard.quit)
    except KeyboardInterrupt:
        pass
    finally:
        term.stop()
    return 0


# ---- scripted: a file of events, frames as PNGs ----------------------------------------
class PngWriter:
    def __init__(self, folder, scale):
        self.folder = folder
        self.scale = scale
        self.count = 0
        if folder:
            os.makedirs(folder, exist_ok=True)

    def __call__(self, display):
        self.count += 1
        if self.folder:
            png.write_frame(os.path.join(self.folder, "%04d.png" % self.count), display.panel,
                            self.scale)


def scripted(args):
    try:
        with open(args.script) as f:
            items = host.parse_script(f.read())
    except (OSError, ValueError) as e:
        sys.stderr.write("sim: %s: %s\n" % (args.script, e))
        return 2
    clock = host.VirtualClock()
    source = host.ScriptInput(items, clock)
    writer = PngWriter(args.frames, args.scale)
    board = host.HostBoard(source, clock, host.RecordingDisplay(writer))
    log = print if args.log else None
    app = make_app(board, args.seed if args.seed is not None else 0, args.speed, log,
                   store=open_store(args.save))
    tail = 0
    while tail < args.tail:
        app.tick()
        clock.sleep_ms(FRAME_MS)
        if source.done:
            tail += FRAME_MS
    print("%d frames%s, %d pages sent, %d ms of play, %d events dropped during animations"
          % (writer.count, " written to %s" % args.frames if args.frames else "",
             board.display.pages_sent, clock.now, app.input.dropped))
    return 0


# ---- headless demo hands ----------------------------------------------------------------
def headless(args):
    clock = host.VirtualClock()
    board = host.HostBoard(host.QueueInput(), clock)
    session = Session()
    session.toggle_demo()
    app = make_app(board, args.seed if args.seed is not None else 0, SPEEDS.index("SONIC"),
                   print, args.samples, session, store=open_store(args.save))
    while True:
        app.tick()
        clock.sleep_ms(FRAME_MS)
        if app.play.hands_dealt >= args.hands and app.screen is app.title:
            break
    print("%d demo hands, %d ms of play" % (app.play.hands_dealt, clock.now))
    return 0


def parse_speed(text):
    name = text.strip().upper()
    if name not in SPEEDS:
        raise argparse.ArgumentTypeError("speed is one of %s" % ", ".join(SPEEDS))
    return SPEEDS.index(name)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    ap.add_argument("--seed", type=int, default=None, help="repeatable game")
    ap.add_argument("--speed", type=parse_speed, default=None,
                    help="SLOW MEDIUM FAST SONIC (default: the saved one, else MEDIUM)")
    ap.add_argument("--save", default=None,
                    help="the save file (interactive default: %s)" % DEFAULT_SAVE)
    ap.add_argument("--no-save", action="store_true", help="keep nothing (interactive play)")
    ap.add_argument("--blocks", dest="mode", action="store_const", const="blocks",
                    help="draw with half blocks (128 x 32 characters)")
    ap.add_argument("--braille", dest="mode", action="store_const", const="braille",
                    help="draw with braille (64 x 16 characters)")
    ap.add_argument("--script", help="a file of events (one a line, WAIT n for a pause)")
    ap.add_argument("--frames", help="with --script: write each frame as DIR/NNNN.png")
    ap.add_argument("--scale", type=int, default=4, help="PNG pixels per OLED pixel")
    ap.add_argument("--tail", type=int, default=2000, help="ms to run after the last event")
    ap.add_argument("--log", action="store_true", help="with --script: print the game log")
    ap.add_argument("--headless", action="store_true", help="play demo hands, print a log")
    ap.add_argument("--hands", type=int, default=5, help="with --headless: how many hands")
    ap.add_argument("--samples", type=int, default=None, help="Monte Carlo samples a decision")
    args = ap.parse_args(argv)
    if args.frames and not args.script:
        ap.error("--frames needs --script")
    if args.headless:
        return headless(args)
    if args.script:
        return scripted(args)
    return interactive(args)


if __name__ == "__main__":
    sys.exit(main())
