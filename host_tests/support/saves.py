"""A played session and its save, and files that lose power or hold folders, for the
tests that need a real save file."""
from host import MemoryFiles
from stud.core.rng import Rng
from stud.play.session import Session
from stud.save import record, store, writer

def played(hands=55, seed=1):
    """A session after `hands` hands, and its save."""
    s = Session()
    saved = store.Saved()
    for i in range(hands):
        if i == 20:
            s.set_game("draw5")
        if i == 40:
            s.set_game("casino7")
        h = s.deal(rng=Rng(seed * 1000 + i))
        start = s.chips[0]
        while h.to_act is not None:
            if h.to_act == 0 and not s.demo:
                legal = h.legal()
                h.act("muck" if legal == ["show", "muck"] else
                      ("draw:" if legal == ["draw"] else legal[-1 if i % 2 else 0]))
            else:
                h.act(s.bot_decision(h, Rng(i), samples=8, budget_ms=0)[0])
        names = [s.names[p] for p in s.positions()]
        s.settle(h)
        saved.stats.add(h, names, start)
        saved.add_hand(record.encode(h, names))
    writer.capture(saved, s)
    return s, saved


class PowerLoss(Exception):
    """The power went (CutFiles)."""


class CutFiles(MemoryFiles):
    """MemoryFiles that lose power (PowerLoss) after `ops` operations: each rename or
    remove is one, and each `grain` bytes written to a file (a write cut short keeps the
    bytes before the first unpaid one).  `folders`: paths that are directories."""

    def __init__(self, files=None, ops=None, grain=1, folders=()):
        MemoryFiles.__init__(self, files)
        self.ops = ops
        self.grain = grain
        self.folders = set(folders)

    def _spend(self, n=1):
        """How many of n operations the power lasts for."""
        if self.ops is None:
            return n
        if self.ops < n:
            done, self.ops = self.ops, 0
            return done
        self.ops -= n
        return n

    def size(self, path):
        if path in self.folders:
            return -1                   # stud.save.store.FOLDER
        return MemoryFiles.size(self, path)

    def open(self, path, mode):
        if path in self.folders:
            raise OSError(21)           # EISDIR
        f = MemoryFiles.open(self, path, mode)
        return f if "r" in mode else _Cut(self, path)

    def rename(self, old, new):
        if not self._spend():
            raise PowerLoss()
        MemoryFiles.rename(self, old, new)

    def remove(self, path):
        if path in self.files and not self._spend():
            raise PowerLoss()
        MemoryFiles.remove(self, path)


class _Cut:
    def __init__(self, fs, path):
        self.fs = fs
        self.path = path

    def write(self, data):
        fs = self.fs
        have = fs.files[self.path]
        g = fs.grain
        first = (len(have) + g - 1) // g              # the grain boundaries this write
        need = (len(have) + len(data) + g - 1) // g - first     # crosses, one op each
        paid = fs._spend(need)
        if paid < need:
            fs.files[self.path] = have + bytes(data[:(first + paid) * g - len(have)])
            raise PowerLoss()
        fs.files[self.path] = have + bytes(data)
        return len(data)

    def close(self):
        pass
