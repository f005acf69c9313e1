"""The web board: what stud.ui.app.App is given inside a browser's MicroPython.

The page (tools/web/app.mjs) runs the WebAssembly MicroPython, writes the
firmware's files into its filesystem with this module beside them, registers
the JavaScript module `_web`, and calls start() once and the returned tick()
on a timer.  Everything the browser does - drawing, keys and touches, the
clock, sound, localStorage - is behind `_web`; this module only adapts it to
the board interface every board gives the app:

  .display   show(frame) hands the changed pages (frame.take_dirty()) and the
             1,024-byte page-layout buffer, as hex, to the canvas; contrast(),
             power(), invert()
  .input     poll(): the event codes (stud.core.events) queued by the keyboard
             and the on-screen pad since the last poll
  .buzzer    play(name): the notes of stud.drivers.buzzer.SOUNDS to Web Audio
  .store     the save (stud.save.store.Store) over LocalFiles: localStorage
  .ticks_ms(), .ticks_diff(a, b), .sleep_ms(n): performance.now(), or the page's
             fixed clock in step mode (tests), which moves only when told

The page's UPLOAD SAVE and DOWNLOAD SAVE call refused(), upload() and download():
what a stud.sav may be is decided here by the device's own loader
(stud.save.store.loads), never by the page.

A bot's thinking keeps to BUDGET_MS of the clock per decision, well under a
frame's worth of blocking that the page would notice as a stall.

MicroPython code: runs in the browser only (no f-strings, MicroPython >= 1.22).
"""
import binascii

import _web

from stud.drivers.buzzer import SOUNDS

SAVE = "stud.sav"       # the save's name, as on the device
NOT_A_SAVE = "NOT A POCKET STUD SAVE: NOTHING CHANGED"   # an upload refused
BUDGET_MS = 60          # a bot's Monte Carlo draws stop at this much of the clock
# The Rng streams a seed gives, as tools/sim/sim.py's make_app: the same seed, the same game.
DEAL_STREAM, BOT_STREAM, HELP_STREAM = 0, 0x2AAAAAAA, 0x15555555


class Display:
    def show(self, frame):
        pages = frame.take_dirty()
        if pages:
            _web.show(pages, binascii.hexlify(frame.buf).decode())

    def contrast(self, value):
        _web.contrast(value)

    def power(self, on):
        _web.power(1 if on else 0)

    def invert(self, on):
        _web.invert(1 if on else 0)


class Input:
    """Events queued by the page, as a string of one character per event code."""

    def poll(self):
        got = _web.poll()
        if not got:
            return b""
        return got.encode()


class Buzzer:
    def play(self, name):
        notes = SOUNDS.get(name)
        if notes is not None:
            _web.play(",".join([str(n) for n in notes]))


class LocalFiles:
    """stud.save.store's files over localStorage, where the page keeps each file's bytes
    as a hex string ("pocket-stud/<path>").  A size comes from the string's length,
    asked of the page: nothing is handed over or decoded to learn it, so a value too
    big for any save is refused unread.  Reads take a slice of the string at a time;
    a slice that is not hex (a value edited or cut short outside the game) raises
    ValueError, which the store counts as damage."""

    def size(self, path):
        n = _web.size(path)
        return None if n is None else (n + 1) // 2

    def open(self, path, mode):
        if mode == "rb":
            if _web.size(path) is None:
                raise OSError(2)
            return _Reader(path)
        if mode == "wb":
            return _Writer(path)
        raise ValueError("mode " + mode)

    def rename(self, old, new):
        err = _web.rename(old, new)     # 0, or 2 (no such file), or 28 (the browser refused)
        if err:
            raise OSError(err)

    def remove(self, path):
        _web.remove(path)


class _Reader:
    def __init__(self, path):
        self.path = path
        self.at = 0

    def read(self, n):
        hexed = _web.slice(self.path, 2 * self.at, 2 * (self.at + n))
        if not hexed:
            return b""
        data = binascii.unhexlify(hexed)
        self.at += len(data)
        return data

    def close(self):
        pass


class _Writer:
    """The bytes, kept until close() hands them to the page in one piece (localStorage
    has no append); the browser refusing them (quota, private mode) is OSError 28."""

    def __init__(self, path):
        self.path = path
        self.parts = []

    def write(self, data):
        self.parts.append(binascii.hexlify(data))
        return len(data)

    def close(self):
        if self.parts is None:
            return
        hexed = b"".join(self.parts).decode()
        self.parts = None
        if not _web.write(self.path, hexed):
            raise OSError(28)           # ENOSPC


def read_all(files, path):
    """The file's bytes, read as the store reads: CHUNK bytes at a time."""
    from stud.save.saved import CHUNK
    f = files.open(path, "rb")
    try:
        out = bytearray()
        while True:
            got = f.read(CHUNK)
            if not got:
                return bytes(out)
            out += got
    finally:
        f.close()


class WebBoard:
    def __init__(self):
        self.display = Display()
        self.input = Input()
        self.buzzer = Buzzer()
        from stud.save.store import Store
        self.store = Store(SAVE, LocalFiles())

    def ticks_ms(self):
        return _web.now()

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, n):
        _web.sleep(n)


# ---- UPLOAD SAVE and DOWNLOAD SAVE: the page asks, the device's own loader decides ------

def refused(name, size):
    """Why a file of `size` bytes cannot be a save, as the status line says it (None if
    it may be one): the page asks before it reads an uploaded file, giving the size as
    digits (the runtime passes JavaScript numbers as 32-bit ints: 4 GB + 1 would be 1)."""
    from stud.save.store import MAX_BYTES
    size = int(size)
    if size > MAX_BYTES:
        return "%s (%s: %d BYTES, BIGGER THAN ANY SAVE)" % (NOT_A_SAVE, name, size)
    return None


def upload(name, hexed):
    """UPLOAD SAVE: the file's bytes (hex) become the save if stud.save.store.loads
    accepts them.  The game they hold is written as the game writes every save
    (stud.save.store.Store.save: .tmp, read back, then the renames), so the save it
    replaces is kept as .bak; a save of today's layout comes out byte for byte, an
    older one in today's.  Returns (True if it is the save now, the status line);
    the page then restarts the app on it."""
    from stud.save.store import Store, loads, Corrupt
    data = binascii.unhexlify(hexed)
    why = refused(name, len(data))
    if why:
        return False, why
    files = LocalFiles()
    had = files.size(SAVE) is not None
    try:
        saved = loads(data)
        message = Store(SAVE, files).save(saved)
    except Corrupt as e:
        return False, "%s (%s: %s)" % (NOT_A_SAVE, name, e)
    except OSError as e:
        message = "OS ERROR %s" % e.args[0]
    if message:
        files.remove(SAVE + ".tmp")     # a reload must not find the upload that failed
        return False, "SAVE NOT UPLOADED: THE BROWSER REFUSED TO STORE IT (%s)" % message
    line = "SAVE UPLOADED (%s): %s" % (name, describe(saved))
    if had:
        line += ". THE SAVE IT REPLACED IS KEPT AS %s.bak" % SAVE
    return True, line


def download():
    """DOWNLOAD SAVE: (the stored save as hex, or None; the status line).  Only a file
    that stud.save.store.loads accepts is given; a damaged one is refused, saying why."""
    from stud.save.store import loads, Corrupt, MAX_BYTES
    files = LocalFiles()
    n = files.size(SAVE)
    if n is None:
        return None, "NO SAVE YET: PLAY A HAND FIRST"
    if n > MAX_BYTES:
        why = "bigger than any save"
    else:
        try:
            data = read_all(files, SAVE)
            saved = loads(data)
            return (binascii.hexlify(data).decode(),
                    "DOWNLOADED %s (%d BYTES): %s" % (SAVE, len(data), describe(saved)))
        except Corrupt as e:
            why = str(e)
        except ValueError:              # the stored text is not hex
            why = "garbled in this browser's storage"
    return None, ("SAVE DAMAGED (%s): NOT DOWNLOADED. THE NEXT HAND YOU FINISH SAVES THE "
                  "GAME AFRESH" % why.upper())


def describe(saved):
    """'7 CARD STUD LIMIT RAISE, 1234 CHIPS, 55 HANDS PLAYED': which game a save holds."""
    from stud.core.games import game
    words = [game(saved.game)["title"]]
    chips = saved.chips.get(saved.game)
    if chips:
        words.append("%d CHIPS" % chips[0])
    words.append("%d HANDS PLAYED" % saved.stats.hands)
    return ", ".join(words)


def frame_ms():
    """How often the page calls tick: the app's frame."""
    from stud.ui.app import FRAME_MS
    return FRAME_MS


def start(seed=-1):
    """The app on the web board; returns its tick.  A seed >= 0 makes the game
    repeatable as tools/sim/sim.py --seed does (Rng streams, no clock budget)."""
    from stud.play import bots
    from stud.ui.app import App
    board = WebBoard()
    if seed is None or seed < 0:
        app = App(board, budget_ms=BUDGET_MS, store=board.store)
    else:
        from stud.core.rng import Rng
        app = App(board, rng=Rng(seed ^ DEAL_STREAM), bot_rng=Rng(seed ^ BOT_STREAM),
                  help_rng=Rng(seed ^ HELP_STREAM), samples=bots.SAMPLES, budget_ms=0,
                  speed=1, store=board.store)
    return app.tick
