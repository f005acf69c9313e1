"""The save file: everything that must survive a power cut, in one small file.

    b"PSTD", version, then sections (tag, 2-byte length, data), then a checksum:
    version 2 (written now) a CRC-32 of everything before it, version 1 (still
    read) two 16-bit Adler sums.

Sections: settings (game, speed, sound, contrast, dealer), the opponents seated,
each game's chips and carried pot, each opponent's model of you, lifetime stats,
and the last 50 hands as stud.save.record records.

Only what says where the file is stays in the heap: writing (stud.save.writer) and
reading (stud.save.reader, which checks the bytes, then every field against what the
game can produce: a file that fails is damage) are imported while they run.

Writing survives any sequence of power cuts.  Boot loads the first valid of
the name, `.tmp` and `.bak`, and whatever it loaded becomes the name before
anything else is written.  A save then writes `.tmp`, removes `.bak`, renames
the name to `.bak` and `.tmp` to the name: at every step the name or (once it
has moved) `.tmp` holds the newest completed save or the one being written,
and `.bak` the one before.  A file that fails its checks (or is bigger than
any save, or too big for the heap) is moved aside to `.bad`, the next one is
used and the player is told.  Sizes come from os.stat, never by reading.
"""
from stud.core import lazy
from stud.save.saved import Saved, Corrupt, MAGIC, VERSION  # noqa: F401 (the save's names, here)

MAX_BYTES = 40000        # over any save written (50 records of 589 bytes at most): damage
BOOT_REPLAYS = 1   # hands a load replays through the engine; the rest are decoded
_READER = "stud.save.reader"
WRITING = ("stud.save.writer", "stud.save.pack", "stud.save.crc")
READING = (_READER, "stud.save.record", "stud.save.pack", "stud.save.crc")


def dumps(saved):
    """The save's bytes (stud.save.writer; tools and tests: it stays loaded)."""
    return lazy.load(WRITING[0]).dumps(saved)


def loads(data):
    """Saved from bytes, or Corrupt saying what is wrong (stud.save.reader)."""
    return lazy.load(_READER).loads(data, newest=BOOT_REPLAYS)


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
        """(Saved, message): the save, or defaults and a line telling the player why
        (stud.save.reader, in the heap while it runs)."""
        had = lazy.loaded(READING)
        try:
            return lazy.load(_READER).load(self, BOOT_REPLAYS)
        finally:
            lazy.drop_new(READING, had)

    def save(self, saved):
        """Write so that any power cut leaves this save or the last (stud.save.writer,
        in the heap while it runs); a message for the player if saving is impossible."""
        if self.read_only:
            return None
        had = lazy.loaded(WRITING)
        try:
            return lazy.load(WRITING[0]).write(self, saved)
        finally:
            lazy.drop_new(WRITING, had)
