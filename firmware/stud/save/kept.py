"""The kept hands that are only in the save file (Saved.filed of them: the newest of its
HANDS section), read back a record at a time.  Loaded while the writer copies them into
the next file or LAST HANDS shows one, and dropped after: the heap never holds the
fifty records at once.

The whole file is read, in pieces, and its CRC-32 checked against the file's own and
the one it had when the hands were filed: a file that changed under the game (a flash
error, a card written elsewhere, another save put in its place) raises ValueError, never
gives a damaged or foreign record to copy into a new file with a good checksum.  The
file's layout comes from the caller (stud.save.saved.FORMAT: saved names this module,
so it imports nothing of saved's).
"""
from stud.save.pack import crc32, read_full, u16, u32


class _File:
    """The file's bytes, taken a field at a time, each into the running CRC-32."""

    def __init__(self, f):
        self.f = f
        self.crc = 0

    def take(self, k):
        out = read_full(self.f, k)
        if len(out) < k:
            raise ValueError("the save file is shorter than it was")
        self.crc = crc32(out, self.crc)
        return out


def each(files, path, n, take, fmt, crc=None):
    """take(record) for each of the newest n kept hands of the save at `path`, oldest
    first, then check the file: ValueError if it is not of the layout fmt (magic,
    version, the hands' tag), holds fewer than n, or its CRC-32 does not hold or is not
    `crc` (what take() was given is then not to be trusted: the writer writes nothing
    and LAST HANDS says so)."""
    magic, version, hands = fmt
    f = files.open(path, "rb")
    try:
        src = _File(f)
        head = src.take(5)
        if head[:4] != magic or head[4] != version:
            raise ValueError("not this version's save")
        while True:
            part = src.take(3)
            if part[0] == hands:
                break
            src.take(u16(part, 1))
        count = src.take(1)[0]
        if count < n:
            raise ValueError("fewer kept hands than expected")
        for i in range(count):
            rec = src.take(u16(src.take(2), 0))
            if i >= count - n:
                take(rec)
        c = src.crc
        tail = f.read(4)
        if len(tail) != 4 or u32(tail, 0) != c:
            raise ValueError("checksum does not match")
        if crc is not None and c != crc:
            raise ValueError("another save")
    finally:
        f.close()


def record(saved, i, fmt):
    """Kept hand i (from 0, the oldest) of those only in the file."""
    files, path, crc = saved.source
    got = []
    each(files, path, saved.filed - i, lambda rec: got.append(rec) if not got else None, fmt,
         crc)
    return got[0]


def sizes(saved, fmt):
    """The bytes the filed hands take in a HANDS section (each with its 2-byte size)."""
    files, path, crc = saved.source
    n = [0]

    def add(rec):
        n[0] += 2 + len(rec)
    each(files, path, saved.filed, add, fmt, crc)
    return n[0]
