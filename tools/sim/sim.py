"""`make sim`: the handheld's own firmware (stud.ui.app) in a terminal.

    python -m tools.sim.sim [--seed S] [--speed SLOW|MEDIUM|FAST|SONIC] [--blocks|--text|--braille]
                        [--save PATH | --no-save]
    python -m tools.sim.sim --script EVENTS --frames DIR [--seed S] [--speed ...] [--scale 4]
    python -m tools.sim.sim --headless --hands N [--seed S]

Interactive: the view fits the terminal (and follows it when resized).  At 132x36
or more, the whole 128x64 frame in Unicode half blocks (128 columns by 32 lines).
Smaller, the text view: every word, number and card the screen shows, at its place
(64 by 16 characters: 80x24 is plenty), inverse video as on the panel, with a
braille picture of the panel (64 by 16) below it when 38 lines fit.  The top line
says which view is in use and the size that gives the full one; the bottom line
is the keys (always with Q: quit).  Dimming, CONTRAST and sleep show as on the
panel: fainter, greyer, dark.
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
a virtual clock, printing a log of every hand (--log does the same for a script):
each hand as tools/save/history.py prints a kept one (tools/save/handtext.py) - the stacks
it was dealt with, the antes and the forced bet, every card each street dealt,
each action with its chips, the showdown in the order the hands were shown and
the pots - and the table's other notes (SEL, DEMO ON/OFF, NEW GAME, BUST).

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

import host  # boards/host.py
from tools.sim import terminal  # tools/sim/terminal.py: the keyboard
from tools.sim import png
from tools.save import handtext  # tools/save/handtext.py: a hand as text, as history.py prints it
from stud.play import bots
from stud.ui.app import App, FRAME_MS
from stud.ui.menu import SPEEDS  # the menu's words for the speeds
from stud.core import cards
from stud.core.rng import Rng, device_rng
from stud.ui.gfx import glyphs
from stud.ui.screens.table import UPDOWN  # SMALL's up/down mark
from stud.ui.tablestate import HAND  # the phase of a hand
from recording import RecordingFrame  # tools/harness/recording.py: the screen model
from stud.play.session import Session
from stud.save.store import Store

DEAL_STREAM, BOT_STREAM, HELP_STREAM = 0, 0x2AAAAAAA, 0x15555555
HELP = "arrows/WASD: joystick   Enter/space: press   M/Tab: long press (menu)   Q: quit"


DEFAULT_SAVE = os.path.join("~", ".pocket-stud", "stud.sav")


def make_app(board, seed=None, speed=None, log=None, samples=None, session=None, store=None,
             frame=None):
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
              budget_ms=budget, speed=speed if speed is not None else 1, log=log, store=store,
              frame=frame)
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


# ---- the text view: the screen model's words at their places ------------------------
TEXT_COLS, TEXT_ROWS = 64, 16          # a character is 2 x 4 pixels of the panel
UPDOWN_SIGN = "\u21d5"     # the command line's up/down mark, as the panel draws it
SUIT_SIGNS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
NORMAL, INVERSE, RED = 0, 1, 2


def card_text(card):
    """A card as the text view writes it: A\u2660, 10\u2665 (red), a back as two shaded cells."""
    if card < 0:
        return "\u2592\u2592", NORMAL
    n = cards.name(card)
    rank = "10" if n[0] == "T" else n[0]
    return rank + SUIT_SIGNS[n[1]], RED if n[1] in "dh" else NORMAL


def text_grid(notes):
    """The notes of a RecordingFrame (every text and card drawn) as TEXT_ROWS lines of
    TEXT_COLS cells [char, style], each note at its place on the panel (x / 2, y / 4),
    pushed right past a note already there."""
    grid = [[[" ", NORMAL] for _ in range(TEXT_COLS)] for _ in range(TEXT_ROWS)]
    taken = [[False] * TEXT_COLS for _ in range(TEXT_ROWS)]
    for e in sorted(notes, key=lambda e: (e[3], e[2])):
        if e[0] == "text":
            word = UPDOWN_SIGN if e[1] == UPDOWN else e[1].strip()
            if not word:
                continue
            style = NORMAL if e[4] else INVERSE
            row = min(TEXT_ROWS - 1, (e[3] + 2) // 4)
        else:
            word, style = card_text(e[1])
            if e[4] == glyphs.MARKED:
                style = INVERSE
            row = min(TEXT_ROWS - 1, (e[3] + 6) // 4)
        col = max(0, e[2] // 2)
        line = taken[row]
        while col < TEXT_COLS and any(line[col:col + len(word)]):
            col += 1
        if col > 0 and line[col - 1] and col < TEXT_COLS:
            col += 1                 # a space between two notes that touch
        for i, ch in enumerate(word[:TEXT_COLS - col]):
            grid[row][col + i] = [ch, style]
            line[col + i] = True
    return grid


def styled(cells, lit):
    """A row of cells as text with colour escapes; `lit` is the panel's escape for a
    lit pixel (its brightness)."""
    out = []
    current = None
    for ch, style in cells:
        if style != current:
            current = style
            out.append("\x1b[0m" + lit + ("\x1b[7m" if style == INVERSE else
                                          "\x1b[31m" if style == RED else ""))
        out.append(ch)
    return "".join(out) + "\x1b[0m"


# ---- the layouts: which views fit the terminal ---------------------------------------
FULL_COLS, FULL_LINES = 132, 36        # half blocks: the whole 128 x 64 picture
BOTH_LINES = 38                        # the text view above a braille picture
MODES = ("blocks", "both", "text", "braille")
HELPS = ("arrows/WASD: joystick   Enter/space: press   M/Tab: long press (menu)   Q: quit",
         "arrows: joystick  Enter: press  M: hold (menu)  Q: quit",
         "arrows  Enter  M: menu  Q: quit",
         "Q: quit")


def choose_mode(columns, lines):
    """The full pixel view (half blocks) when 128 x 32 characters, a border, a status line
    and the help line fit; else the text view, with a braille picture below it when
    there is room for both."""
    if columns >= FULL_COLS and lines >= FULL_LINES:
        return "blocks"
    if lines >= BOTH_LINES:
        return "both"
    return "text"


def help_line(columns):
    """The longest help that fits (it always says how to quit)."""
    for text in HELPS:
        if len(text) < columns:
            return text
    return HELPS[-1]


def brightness(display):
    """The escape for a lit pixel: the panel's contrast as a grey (0..255 -> 244..255),
    faint when dimmed (contrast under 16)."""
    grey = 244 + display.contrast_value * 11 // 255
    return ("\x1b[2m" if display.contrast_value < 16 else "") + "\x1b[38;5;%dm" % grey


def boxed(lines, width, title=""):
    top = "\u250c" + (title + "\u2500" * width)[:width] + "\u2510"
    return [top] + ["\u2502" + line + "\u2502" for line in lines] + \
        ["\u2514" + "\u2500" * width + "\u2518"]


class Terminal:
    """Draws the panel in a terminal, rewriting only the lines that changed.

    mode None: chosen from the terminal's size at every draw (a resized window gets
    the layout that fits).  The text view needs the app's RecordingFrame (`frame`)."""

    def __init__(self, out, mode=None, frame=None, size=None):
        self.out = out
        self.fixed = mode
        self.frame = frame
        self.size = size or (lambda: shutil.get_terminal_size((80, 24)))
        self.shown = None
        self.layout = None
        self.display = None

    def start(self):
        self.out.write("\x1b[?25l\x1b[H\x1b[2J")   # hide the cursor, clear
        self.out.flush()
        self.shown = None

    def stop(self):
        """Colours off, the cursor back and below the frame: the prompt comes under it."""
        row = len(self.shown) + 1 if self.shown else 1
        self.out.write("\x1b[0m\x1b[%d;1H\x1b[J\x1b[?25h" % row)
        self.out.flush()

    def __call__(self, display):
        self.draw(display)

    def redraw(self):
        """Draw again (a resized window); False if nothing was drawn yet."""
        if self.display is None:
            return False
        self.shown = None
        self.out.write("\x1b[H\x1b[2J")
        self.draw(self.display)
        return True

    def status(self, display, mode, columns, lines):
        names = {"blocks": "full pixel view", "both": "text view + small picture",
                 "text": "text view", "braille": "small picture"}
        text = "POCKET STUD  %s at %dx%d" % (names[mode], columns, lines)
        if mode != "blocks":
            text += "; full view at %dx%d" % (FULL_COLS, FULL_LINES)
        if not display.on:
            text += "  [ASLEEP: a key wakes it]"
        elif display.contrast_value < 16:
            text += "  [DIMMED]"
        return text[:columns - 1]

    def lines_for(self, display, columns, lines):
        mode = self.fixed or choose_mode(columns, lines)
        if mode in ("text", "both") and self.frame is None:
            mode = "braille"
        if self.fixed is None and (columns < TEXT_COLS + 3 or lines < TEXT_ROWS + 4):
            return [("POCKET STUD needs a window of at least %dx%d"
                     % (TEXT_COLS + 3, TEXT_ROWS + 4))[:columns - 1],
                    ("(the full view: %dx%d)" % (FULL_COLS, FULL_LINES))[:columns - 1],
                    help_line(columns)]
        lit = brightness(display)
        on = display.on
        out = [self.status(display, mode, columns, lines)]
        if mode in ("blocks", "braille", "both"):
            buf = display.panel if on else bytes(1024)
            picture = half_blocks(buf) if mode == "blocks" else braille(buf)
            inverse = "\x1b[7m" if display.inverted and on else ""
            picture = [lit + inverse + line + "\x1b[0m" for line in picture]
            width = 128 if mode == "blocks" else 64
        if mode in ("text", "both"):
            grid = text_grid(self.frame.notes) if on else \
                [[[" ", NORMAL]] * TEXT_COLS for _ in range(TEXT_ROWS)]
            out += boxed([styled(row, lit) for row in grid], TEXT_COLS)
        if mode in ("blocks", "braille"):
            out += boxed(picture, width)
        elif mode == "both":
            out += boxed(picture, width, " the panel ")
        out.append(help_line(columns))
        return out

    def draw(self, display):
        self.display = display
        size = self.size()
        columns, lines = size[0], size[1]
        framed = self.lines_for(display, columns, lines)
        if self.layout != (columns, lines):
            self.layout = (columns, lines)
            if self.shown is not None:
                self.out.write("\x1b[H\x1b[2J")
            self.shown = None
        out = []
        for i, line in enumerate(framed):
            if self.shown is None or i >= len(self.shown) or self.shown[i] != line:
                out.append("\x1b[%d;1H%s\x1b[0m\x1b[K" % (i + 1, line))
        self.shown = framed
        self.out.write("".join(out))
        self.out.flush()


# ---- the log (--headless, --script --log) -----------------------------------------------
class Log:
    """The simulator's log: each hand in the words tools/save/history.py prints a kept hand
    in (tools/save/handtext.py) - the stacks it was dealt with, every forced bet, the cards
    each street dealt, every action with its chips, the showdown in showing order and
    the pots - written as it is played, and the app's other notes (SEL, DEMO ON/OFF,
    NEW GAME, the table's notices such as BUST) as the app says them.

    The app notes a line at each deal, action and result (App.note); while its table
    plays a hand (phase HAND) those notes only mark that something happened, and the
    hand's lines are read from the engine's Hand instead - all but a notice the table
    is about to show, which is passed on.  attach(app) before the first tick."""

    def __init__(self, write=print):
        self.write = write
        self.tablestate = None        # the app's table state (stud.ui.tablestate.TableState)
        self.text = None        # the hand being followed (handtext.HandText)

    def attach(self, app):
        self.tablestate = app.tablestate

    def __call__(self, line):
        st = self.tablestate
        if st is not None and st.phase == HAND and line.strip() not in st.msgs:
            self.follow()       # a deal, an action or a result: the engine says what it was
        else:
            self._called_off()
            self.write(line)

    def follow(self):
        """Write what the hand at the table did since the last call."""
        st = self.tablestate
        h = st.hand
        if h is None:
            return
        if self.text is None or self.text.h is not h:
            self._called_off()
            names = [st.session.names[p] for p in st.pos_of]
            label = "%d%s" % (st.hands_dealt, " (DEMO)" if st.session.demo else "")
            self.text = handtext.HandText(h, names, label)
        for line in self.text.follow():
            self.write(line)

    def _called_off(self):
        """The hand followed was dropped before its end (DEMO OFF, a game change, an error)."""
        text = self.text
        if text is not None and not text.over and text.h is not self.tablestate.hand:
            self.write("  (the hand is called off)")
            self.text = None


def interactive(args):
    if not sys.stdin.isatty():
        sys.stderr.write("sim: the interactive simulator needs a terminal; try --headless "
                         "--hands N or --script FILE\n")
        return 2
    import signal
    frame = RecordingFrame()
    term = Terminal(sys.stdout, args.mode, frame)
    resized = []
    keyboard = terminal.Keyboard()
    board = host.HostBoard(keyboard, host.RealClock(),
                           host.RecordingDisplay(term, on_change=term))
    save = None if args.no_save else (args.save or DEFAULT_SAVE)
    app = make_app(board, args.seed, args.speed, store=open_store(save), frame=frame)

    def stop():
        if resized:
            del resized[:]
            term.redraw()
        return keyboard.quit

    old = signal.signal(signal.SIGWINCH, lambda *a: resized.append(1))
    term.start()
    try:
        with keyboard:
            term.draw(board.display)
            app.loop(stop=stop)
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGWINCH, old)
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
    log = Log() if args.log else None
    app = make_app(board, args.seed if args.seed is not None else 0, args.speed, log,
                   store=open_store(args.save))
    if log:
        log.attach(app)
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
    log = Log()
    app = make_app(board, args.seed if args.seed is not None else 0, SPEEDS.index("SONIC"),
                   log, args.samples, session, store=open_store(args.save))
    log.attach(app)
    while True:
        app.tick()
        clock.sleep_ms(FRAME_MS)
        if app.tablestate.hands_dealt >= args.hands and app.screen.NAME == "title":
            break
    print("%d demo hands, %d ms of play" % (app.tablestate.hands_dealt, clock.now))
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
    ap.add_argument("--text", dest="mode", action="store_const", const="text",
                    help="the text view only (64 x 16 characters)")
    ap.add_argument("--script", help="a file of events (one a line, WAIT n for a pause)")
    ap.add_argument("--frames", help="with --script: write each frame as DIR/NNNN.png")
    ap.add_argument("--scale", type=int, default=4, help="PNG pixels per OLED pixel")
    ap.add_argument("--tail", type=int, default=2000, help="ms to run after the last event")
    ap.add_argument("--log", action="store_true",
                    help="with --script: print the log of every hand (as --headless)")
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
