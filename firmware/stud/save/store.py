"""The save file: everything that must survive a power cut, in one small file.

    b"PSTD", version, then sections (tag, 2-byte length, data), then a checksum:
    version 2 (written now) a CRC-32 of everything before it, version 1 (still
    read) two 16-bit Adler sums.

Sections: settings (game, speed, sound, contrast, dealer), the opponents seated,
each game's chips and carried pot, each opponent's model of you, lifetime stats,
and the last 50 hands as stud.save.record records.

Reading (stud.save.reader, imported only while loading) checks the bytes, then
every field against what the game can produce: a file that fails is damage.

Writing survives any sequence of power cuts.  Boot loads the first valid of
the name, `.tmp` and `.bak`, and whatever it loaded becomes the name before
anything else is written.  A save then writes `.tmp`, removes `.bak`, renames
the name to `.bak` and `.tmp` to the name: at every step the name or (once it
has moved) `.tmp` holds the newest completed save or the one being written,
and `.bak` the one before.  A file that fails its checks (or is bigger than
any save, or too big for the heap) is moved aside to `.bad`, the next one is
used and the player is told.  Sizes come from os.stat, never by reading.
"""
import sys

from stud.core.games import ORDER
from stud.core.words import OUT, OPPONENTS
from stud.save.saved import Saved, Corrupt, MAGIC, VERSION  # noqa: F401 (the save's names, here)
from stud.save.pack import crc32, put_u16, put_u32

MAX_BYTES = 40000        # over any save written (50 records of 589 bytes at most): damage
_NAMES = (OUT,) + OPPONENTS      # a seat's code in the save is its index here
_SETTINGS, _SEATS, _CHIPS, _MODELS, _STATS, _HANDS = 1, 2, 3, 4, 5, 6
_READER = "stud.save.reader"


# ---- bytes ---------------------------------------------------------------------------

def _section(out, tag, data):
    out.append(tag)
    put_u16(out, len(data))
    out += data


def dumps(saved):
    out = bytearray(MAGIC)
    out.append(VERSION)
    _section(out, _SETTINGS, bytes([ORDER.index(saved.game), saved.speed, saved.sound,
                                    saved.contrast, saved.dealer]))
    _section(out, _SEATS, bytes([_NAMES.index(n) for n in saved.names]))
    chips = bytearray()
    for game in ORDER:
        if game in saved.chips:
            chips.append(ORDER.index(game))
            for c in saved.chips[game]:
                put_u32(chips, c)
            put_u32(chips, saved.carry.get(game, 0))
    _section(out, _CHIPS, chips)
    models = bytearray()
    for p in (1, 2, 3):
        m = saved.models.get(p, b"")
        models.append(len(m))
        models += m
    _section(out, _MODELS, models)
    _section(out, _STATS, saved.stats.to_bytes())
    hands = bytearray([len(saved.hands)])
    for rec in saved.hands:
        put_u16(hands, len(rec))
        hands += rec
    _section(out, _HANDS, hands)
    put_u32(out, crc32(out))
    return bytes(out)


BOOT_REPLAYS = 1   # hands a load replays through the engine; the rest are decoded


def loads(data):
    """Saved from bytes, or Corrupt saying what is wrong (stud.save.reader)."""
    from stud.save import reader
    return reader.loads(data, newest=BOOT_REPLAYS)


def _forget(name):
    """Drop a module imported only for loading (as stud.ui.lazy.drop, without the UI)."""
    if sys.modules.pop(name, None) is not None:
        pkg = sys.modules.get("stud.save")
        leaf = name[name.rfind(".") + 1:]
        if pkg is not None and getattr(pkg, leaf, None) is not None:
            delattr(pkg, leaf)


# ---- the file ------------------------------------------------------------------------

class Files:
    """The filesystem as the store uses it (tests substitute one that loses power)."""

    def size(self, path):
        """Bytes in the file, or None if there is none (os.stat: nothing is read)."""
        import os
        try:
            return os.stat(path)[6]
        except OSError:
            return None

    def read(self, path):
        try:
            with open(path, "rb") as f:
                return f.read()
        except OSError:
            return None

    def write(self, path, data):
        with open(path, "wb") as f:
            f.write(data)

    def rename(self, old, new):
        import os
        os.rename(old, new)

    def remove(self, path):
        import os
        try:
            os.remove(path)
        except OSError:
            pass


def size_of(files, path):
    """files.size(path); files objects without size() (a browser's storage) read it."""
    if hasattr(files, "size"):
        return files.size(path)
    data = files.read(path)
    return None if data is None else len(data)


class Store:
    def __init__(self, path="stud.sav", files=None):
        self.path = path
        self.files = files or Files()
        self.read_only = False

    def candidates(self):
        """The files boot may load, in the order tried: the newest first."""
        return (self.path, self.path + ".tmp", self.path + ".bak")

    def load(self):
        """(Saved, message): the save, or defaults and a line telling the player why.
        The file loaded becomes the name; a damaged one under the name is set aside."""
        had = [m for m in (_READER, "stud.save.record") if m in sys.modules]
        try:
            saved, used, damaged = self._find()
        finally:
            for m in (_READER, "stud.save.record"):
                if m not in had:
                    _forget(m)
        try:
            if damaged is not None:
                self._set_aside()
            if used is not None and used != self.path:
                self.files.rename(used, self.path)
        except OSError:        # read-only (USB mounted): the next boot does it
            pass
        if damaged is None:
            return saved, None
        if used is not None:
            return saved, "SAVE DAMAGED: USING THE ONE BEFORE"
        return saved, "SAVE DAMAGED (%s): NEW GAME" % damaged.upper()

    def _find(self):
        """(Saved, path it came from or None, why the name's file is damaged or None)."""
        damaged = None
        for path in self.candidates():
            why = self._try(path)
            if isinstance(why, Saved):
                return why, path, damaged
            if why is not None and path == self.path:
                damaged = why
        return Saved(), None, damaged

    def _try(self, path):
        """Saved, None (no file) or why the file will not do."""
        n = size_of(self.files, path)
        if n is None:
            return None
        if n > MAX_BYTES:
            return "bigger than any save"
        data = None
        try:
            data = self.files.read(path)
            if data is None:
                return None
            return loads(data)
        except Corrupt as e:
            return str(e)
        except MemoryError:
            data = None
            import gc
            gc.collect()
            return "too big to read"

    def _set_aside(self):
        f = self.files
        if size_of(f, self.path) is None:
            return
        f.remove(self.path + ".bad")
        try:
            f.rename(self.path, self.path + ".bad")
        except OSError:
            f.remove(self.path)

    def save(self, saved):
        """Write so that any power cut leaves this save or the last; returns a message
        for the player if saving is impossible."""
        if self.read_only:
            return None
        f = self.files
        data = dumps(saved)
        tmp, bak = self.path + ".tmp", self.path + ".bak"
        try:
            f.write(tmp, data)
            data = None
            if size_of(f, self.path) is not None:
                f.remove(bak)
                f.rename(self.path, bak)
            f.rename(tmp, self.path)
        except OSError as e:
            if e.args and e.args[0] == 30:  # EROFS: CircuitPython while USB is mounted
                self.read_only = True
                return "SAVING OFF WHILE USB DRIVE IS MOUNTED"
            raise
        return None


# ---- the session ---------------------------------------------------------------------

def capture(saved, session):
    """Copy the session's table, chips and models of you into `saved`."""
    saved.game = session.game
    saved.names = list(session.names[1:])
    saved.dealer = session.dealer
    chips = dict(session.other_games)
    chips[session.game] = (session.chips, session.carry)
    saved.chips = {}          # SEL forgets the other games' chips: so does the save
    saved.carry = {}
    for game in chips:
        saved.chips[game] = list(chips[game][0])
        saved.carry[game] = chips[game][1]
    saved.models = dict((p, bytearray(m)) for p, m in session.models.items())


def restore(saved, session):
    """Seat the saved table; each game gets its saved chips back."""
    session.select(saved.names)
    session.dealer = saved.dealer
    for game in saved.chips:
        if game != saved.game:
            session.other_games[game] = (list(saved.chips[game]), saved.carry.get(game, 0))
    session.game = saved.game
    if saved.game in saved.chips:
        session.chips = list(saved.chips[saved.game])
        session.carry = saved.carry.get(saved.game, 0)
    else:
        session.new_game()
    for p, m in saved.models.items():
        if len(m) == len(session.models[p]):
            session.models[p] = bytearray(m)
