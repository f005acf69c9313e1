"""The save file: everything that must survive a power cut, in one small file.

    b"PSTD", version, then sections (tag, 2-byte length, data), then a checksum:
    version 2 (written now) a CRC-32 of everything before it, version 1 (still
    read) two 16-bit Adler sums.

Sections: settings (game, speed, sound, contrast, dealer), the opponents seated,
each game's chips and carried pot, each opponent's model of you, lifetime stats,
and the last 50 hands as stud.save.record records.

Only what says where the file is stays in the heap: writing (stud.save.writer) and
reading (stud.save.reader) are imported while they run, with the checks both apply
(stud.save.checks: what the game can produce; a file that fails them is damage, and
the writer never writes what they would refuse).  Both go through the file in pieces
of CHUNK bytes or a kept hand at a time: nothing proportional to the file's size is
allocated.  Once the game has written its save, the kept hands are in the file only
(Saved.filed): the next write copies them from it, LAST HANDS reads one back
(stud.save.kept, checking the file's CRC-32 each time).

Writing survives any sequence of power cuts.  Boot loads the first valid of the
name, `.tmp` and `.bak`, and whatever it loaded becomes the name before anything
else is written.  A save writes `.tmp` and reads it back, then removes `.bak`,
renames the name to `.bak` and `.tmp` to the name: at every step the name or
(once it has moved) `.tmp` holds the newest completed save or the one being
written, and `.bak` the one before.  A file that fails its checks (or is bigger
than any save) is moved aside to `.bad`, the next one is used and the player is
told.  Sizes come from os.stat, never by reading.

Running short of memory is not damage: a file that cannot be read for lack of heap
stays where it is, and so does every other one; the game plays on without saving
(Store.off says why), as it does when one of the files is a folder.
"""
import os       # once: each import of os looks for an os module on every path of sys.path

from stud.core import lazy
from stud.save.saved import (Saved, Corrupt, MAGIC, VERSION, MAX_BYTES,  # noqa: F401 (the
                             FOLDER, BOOT_REPLAYS)                    # save's names, here)

_READER = "stud.save.reader"
IN_PLAY = (".h0", ".h1")    # beside the save: the hand in play's two files (stud.save.inplay)
WRITING = ("stud.save.writer", "stud.save.checks", "stud.save.record", "stud.save.pack",
           "stud.save.crc", "stud.save.kept")
READING = (_READER, "stud.save.checks", "stud.save.older", "stud.save.record", "stud.save.pack",
           "stud.save.crc")


def dumps(saved):
    """The save's bytes (stud.save.writer; tools and tests: it stays loaded)."""
    return lazy.load(WRITING[0]).dumps(saved)


def loads(data, check=True):
    """Saved from bytes, or Corrupt saying what is wrong: the checks a boot applies
    (stud.save.reader; tools and tests)."""
    return lazy.load(_READER).loads(data, check)


# ---- the file ------------------------------------------------------------------------

class Files:
    """The filesystem as the store uses it.  Tests substitute one in memory that loses
    power (boards/host.py MemoryFiles), the browser one over localStorage
    (boards/web.py LocalFiles).

      size(path)        bytes in the file; None if there is none; FOLDER if it is a
                        directory.  Nothing is read.
      open(path, mode)  "rb": read(n) gives up to n bytes (b"" at the end); "wb":
                        write(data) (created or emptied).  close() either way; a
                        stored value that cannot be decoded raises ValueError.
      rename(old, new)  OSError if old is missing; replaces new.
      remove(path)      nothing if it is missing.
    """

    def size(self, path):
        try:
            st = os.stat(path)
        except OSError:
            return None
        return FOLDER if st[0] & 0x4000 else st[6]

    def open(self, path, mode):
        return open(path, mode)

    def rename(self, old, new):
        os.rename(old, new)

    def remove(self, path):
        try:
            os.remove(path)
        except OSError:
            pass


class Store:
    def __init__(self, path="stud.sav", files=None):
        self.path = path
        self.files = files or Files()
        self.off = None          # why nothing is written (the player was told), or None

    @property
    def read_only(self):
        return self.off is not None

    def candidates(self):
        """The files boot may load, in the order tried: the newest first."""
        return (self.path, self.path + ".tmp", self.path + ".bak")

    def blank(self):
        """True when none of the save's files is there, nor the hand in play's: a first
        boot, with nothing to read (nor any reading code to load)."""
        f = self.files
        for path in self.candidates() + (self.path + IN_PLAY[0], self.path + IN_PLAY[1]):
            if f.size(path) is not None:
                return False
        return True

    def load(self, file_kept=False):
        """(Saved, message): the save, or defaults and a line telling the player why
        (stud.save.reader, in the heap while it runs).  file_kept: the kept hands, once
        checked, stay in the file only (Saved.file: the game's own save)."""
        had = lazy.loaded(READING)
        try:
            return lazy.load(_READER).load(self, BOOT_REPLAYS, file_kept)
        finally:
            lazy.drop_new(READING, had)

    def save(self, saved, file_kept=False):
        """Write so that any power cut leaves this save or the last (stud.save.writer,
        in the heap while it runs); a message for the player if saving is impossible.
        file_kept: the kept hands then stay in the file only (Saved.file)."""
        if self.off is not None:
            return None
        had = lazy.loaded(WRITING)
        try:
            return lazy.load(WRITING[0]).write(self, saved, file_kept)
        finally:
            lazy.drop_new(WRITING, had)
