"""Writing the save: the table into `Saved`, `Saved` into bytes, the bytes onto the file
so that a power cut at any moment leaves this save or the one before (stud.save.store
describes the format and the dance).  The bytes go out a section or a kept hand at a
time, and the file is read back in pieces before the one before is let go.  In the
heap only while a save is made: Keeper loads it to capture the table and drops it
once the file is written.
"""
from stud.core.games import CODES
from stud.save.checks import checked
from stud.save.saved import (MAGIC, VERSION, NAMES, SETTINGS, SEATS, CHIPS, MODELS, STATS,
                             HANDS, CHUNK, FORMAT)
from stud.save.pack import crc32, put_u16, put_u32, u32


def lost(n):
    """What the player is told when the file the n kept hands are in no longer reads back
    (the rest is written)."""
    return "SAVE FILE DAMAGED OR GONE: %s LOST, THE GAME IS SAVED" % (
        "THE LAST HAND" if n == 1 else "%d LAST HANDS" % n)


class _Out:
    """Where the bytes go, a piece at a time, with their CRC-32."""

    def __init__(self, put):
        self.put = put
        self.crc = 0

    def add(self, data):
        self.crc = crc32(data, self.crc)
        self.put(data)


def _section(out, tag, size, data=b""):
    head = bytearray([tag])
    put_u16(head, size)
    out.add(head + data)


def _stream(saved, put, filed_size=None):
    """The save's bytes, to put(data) a section or a kept hand at a time (filed_size: the
    bytes the kept hands only in the file take, if known)."""
    out = _Out(put)
    out.add(MAGIC + bytes([VERSION]))
    _section(out, SETTINGS, 5, bytes([CODES.index(saved.game), saved.speed, saved.sound,
                                    saved.contrast, saved.dealer]))
    _section(out, SEATS, 3, bytes([NAMES.index(n) for n in saved.names]))
    chips = bytearray()
    for game in CODES:
        if game in saved.chips:
            chips.append(CODES.index(game))
            for c in saved.chips[game]:
                put_u32(chips, c)
            put_u32(chips, saved.carry.get(game, 0))
    _section(out, CHIPS, len(chips), chips)
    models = bytearray()
    for p in (1, 2, 3):
        m = saved.models.get(p, b"")
        models.append(len(m))
        models += m
    _section(out, MODELS, len(models), models)
    st = saved.stats.to_bytes()
    _section(out, STATS, len(st), st)
    hands = saved.hands
    if filed_size is None:
        filed_size = _kept().sizes(saved, FORMAT) if saved.filed else 0
    size = 1 + filed_size
    for rec in hands:
        size += 2 + len(rec)
    _section(out, HANDS, size, bytes([saved.count()]))

    def kept(rec):
        n = bytearray()
        put_u16(n, len(rec))
        out.add(n)
        out.add(rec)
    if saved.filed:             # copied from the file they are in, a record at a time
        src = saved.source
        _kept().each(src[0], src[1], saved.filed, kept, FORMAT, src[2])
    for rec in hands:
        kept(rec)
    end = bytearray()
    put_u32(end, out.crc)
    put(end)


def _kept():
    from stud.save import kept
    return kept


def dumps(saved):
    """The save's bytes, whole (tools and tests; the device streams them: write())."""
    out = bytearray()

    def put(data):
        out.extend(data)
    _stream(saved, put)
    return bytes(out)


def write(store, saved, file_kept=False):
    """Write so that any power cut leaves this save or the last; a message for the
    player if saving is impossible (a read-only drive) or kept hands were lost, else
    None.  Raises Corrupt (what the reader would refuse is never written), MemoryError
    or OSError.  Kept hands that are only in the file (Saved.filed) are copied from it;
    if it no longer reads back (a flash error, the file gone) they are let go and the
    rest is written.  file_kept: once written, the kept hands are left in the file only
    (the game's own save, stud.save.keeper; tools and tests keep them in the heap)."""
    f = store.files
    tmp, bak = store.path + ".tmp", store.path + ".bak"
    gone = None
    filed_size = 0
    if saved.filed:             # read back (and checked) before anything is written
        try:
            filed_size = _kept().sizes(saved, FORMAT)
        except MemoryError:
            raise
        except Exception:       # Corrupt, OSError, ValueError: the file changed or went
            gone = lost(saved.filed)
            saved.unfile()
    checked(saved, 0, max(0, saved.count() - 1))
    try:
        out = f.open(tmp, "wb")
        try:
            _stream(saved, out.write, filed_size)
        finally:
            out.close()
        n = f.size(tmp)                 # read back: the save before is let go only
        src = f.open(tmp, "rb")         # once this one reads back with its CRC-32
        try:
            c = 0
            left = n - 4 if n is not None and n > 4 else -1
            while left > 0:
                piece = src.read(CHUNK if left > CHUNK else left)
                if not piece:
                    break
                c = crc32(piece, c)
                left -= len(piece)
            tail = src.read(4)
        finally:
            src.close()
        if left or len(tail) != 4 or u32(tail, 0) != c:
            raise OSError(5)            # EIO: what was written is not what reads back
        moved = f.size(store.path) is not None
        if moved:
            f.remove(bak)
            f.rename(store.path, bak)
        try:
            f.rename(tmp, store.path)
        except OSError:
            if moved and saved.filed:       # where they are until a write gets through
                saved.source = (f, bak, saved.source[2])
            raise
    except OSError as e:
        if e.args and e.args[0] == 30:  # EROFS: CircuitPython while USB is mounted
            store.off = "SAVING OFF WHILE USB DRIVE IS MOUNTED"
            return store.off
        raise
    if file_kept or saved.filed:
        saved.file(f, store.path, c, True)  # every kept hand is in the file: the heap lets go
    return gone


def capture(saved, session):
    """A copy of the table into `saved` (Session.capture: the chips of every game, yours
    in demo, the models of you)."""
    saved.game, names, saved.dealer, games, models = session.capture()
    saved.names = list(names)
    saved.chips = {}          # SEL forgets the other games' chips: so does the save
    saved.carry = {}
    for game in games:
        saved.chips[game] = list(games[game][0])
        saved.carry[game] = games[game][1]
    saved.models = dict((p, bytearray(m)) for p, m in models.items())


def keep(saved, session, speed, sound, contrast):
    """The table and the settings (contrast as the panel's 0..255) into `saved`."""
    capture(saved, session)
    saved.speed = speed
    saved.sound = sound
    saved.contrast = contrast
