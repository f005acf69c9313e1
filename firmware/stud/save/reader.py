"""Reading a save file: the checksum, then the sections, then every field against what the
game can produce (stud.save.checks).  Imported only while loading (stud.save.store.Store.load
drops it again).

The file is read twice, in pieces: once for its checksum (CHUNK bytes at a time), then
section by section, a kept hand at a time.  Nothing proportional to the file's size is
allocated, so a short heap fails only where the game itself would.

A field the game could not have written is damage, exactly like a torn byte: the file is
set aside, the player told, and the one before used.  Running out of heap is not damage:
every file stays where it is, and the game plays on without saving.
"""
import gc
from io import BytesIO

from stud.core.compat import const
from stud.core.games import CODES
from stud.save import saved as store
from stud.save.checks import checked
from stud.save.pack import crc32, read_full, u16, u32

Corrupt = store.Corrupt
_NAMES = store.NAMES
_SETTINGS, _SEATS, _CHIPS, _MODELS, _STATS, _HANDS = (store.SETTINGS, store.SEATS, store.CHIPS,
                                                      store.MODELS, store.STATS, store.HANDS)
_SMALL = const(255)      # the most bytes a section other than the hands holds
_SHORT = "a section runs past the end"
OLDER = "SAVE FROM AN OLDER VERSION"   # why an earlier firmware's file will not do: its
                                       # contents fail today's checks (not damage)


def loads(data, check=True, newest=store.BOOT_REPLAYS):
    """Saved from bytes, or Corrupt saying what is wrong.  check=False skips the
    content checks (tools/save/history.py shows what a damaged file still holds); newest:
    the kept hands replayed through the engine (None: all), the others decoded."""
    return _read(lambda: BytesIO(data), len(data), check, newest, store.CHUNK)


def _read(opener, n, check, newest, chunk):
    """Saved from the n bytes that opener() reads, or Corrupt.  check: the content
    checks too (an older version's save passes if dropping kept hands that no longer
    replay makes it pass: then saved.dropped counts them)."""
    f = opener()
    try:
        version, crc = _summed(f, n, chunk)
    finally:
        f.close()
    f = opener()
    try:
        saved = _parse(f, n, version)
    finally:
        f.close()
    if version == store.VERSION:
        saved.crc = crc
    if check:
        if version == store.VERSION:
            checked(saved, newest)
        else:
            from stud.save import older
            older.judged(saved, newest, OLDER)
    return saved


def _summed(f, n, chunk):
    """(The file's version, its checksum), once the checksum holds (read `chunk` bytes at
    a time)."""
    head = f.read(5)
    if n < len(store.MAGIC) + 5 or len(head) < 5 or head[:4] != store.MAGIC:
        raise Corrupt("not a Pocket Stud save file")
    version = head[4]
    if version != 1 and version != store.VERSION:
        raise Corrupt("save file version %d, this firmware reads 1 to %d"
                      % (version, store.VERSION))
    old = None
    if version == store.VERSION:
        c = crc32(head)
    else:
        from stud.save import older as old
        c = old.adler(head, 5)
    left = n - 9
    while left > 0:
        piece = f.read(chunk if left > chunk else left)
        if not piece:
            raise Corrupt(_SHORT)
        c = crc32(piece, c) if old is None else old.adler(piece, len(piece), c)
        left -= len(piece)
    tail = f.read(4)
    if len(tail) != 4 or c != (u32(tail, 0) if old is None else (u16(tail, 0), u16(tail, 2))):
        raise Corrupt("checksum does not match")
    return version, c


class _In:
    """The sections' bytes, taken a field at a time; the checksum is not theirs."""

    def __init__(self, f, left):
        self.f = f
        self.left = left

    def take(self, k):
        if k > self.left:
            raise Corrupt(_SHORT)
        out = read_full(self.f, k)
        if len(out) < k:
            raise Corrupt(_SHORT)
        self.left -= k
        return out


def _parse(f, n, version):
    src = _In(f, n - 4)
    src.take(5)
    saved = store.Saved()
    saved.version = version
    try:
        while src.left:
            head = src.take(3)
            tag = head[0]
            size = u16(head, 1)
            if size > src.left:
                raise Corrupt("section %d runs past the end" % tag)
            if tag == _HANDS:               # a kept hand at a time
                end = src.left - size
                count = src.take(1)[0]
                if count > store.LAST_HANDS:
                    raise Corrupt("hand records malformed")
                for _ in range(count):
                    k = u16(src.take(2), 0)
                    if k > src.left - end:
                        raise Corrupt("a hand record runs past the end")
                    saved.hands.append(src.take(k))
                if src.left != end:
                    raise Corrupt("hand records malformed")
                if version != store.VERSION:
                    from stud.save import older
                    saved.hands = older.widened(saved.hands)
            elif size > _SMALL:
                raise Corrupt("section %d is too big" % tag)
            else:
                _read_section(saved, tag, src.take(size))   # unknown tags (a newer
        if version != store.VERSION:                        # firmware's): skipped
            from stud.save import older
            older.forget_stale_games(saved)
    except (IndexError, KeyError):
        raise Corrupt("a section is malformed")
    except Corrupt:
        raise
    except ValueError as e:
        raise Corrupt(str(e))
    return saved


def _read_section(saved, tag, body):
    if tag == _SETTINGS:
        if len(body) != 5:
            raise Corrupt("settings are 5 bytes")
        saved.game = CODES[body[0]]
        saved.speed, saved.sound, saved.contrast, saved.dealer = body[1], body[2], body[3], body[4]
    elif tag == _SEATS:
        saved.names = [_NAMES[c] for c in body]
    elif tag == _CHIPS:
        if len(body) % 21:
            raise Corrupt("chips are 21 bytes a game")
        for k in range(0, len(body), 21):
            game = CODES[body[k]]
            if game in saved.chips:
                raise Corrupt("a game's chips twice")
            saved.chips[game] = [u32(body, k + 1 + 4 * i) for i in range(4)]
            saved.carry[game] = u32(body, k + 17)
    elif tag == _MODELS:
        k = 0
        for p in (1, 2, 3):
            size = body[k]
            saved.models[p] = bytearray(body[k + 1:k + 1 + size])
            if len(saved.models[p]) != size:
                raise Corrupt("a model runs past the end")
            k += 1 + size
        if k != len(body):
            raise Corrupt("models malformed")
    elif tag == _STATS:
        saved.stats = store.Stats.from_bytes(body)


# ---- the file (stud.save.store.Store.load) -----------------------------------------------

def load(st, newest=store.BOOT_REPLAYS, file_kept=False):
    """(Saved, message): the save, or defaults and a line telling the player why.  The
    first valid of the name, .tmp and .bak is used and becomes the name; a damaged one
    under the name is set aside as .bad.  A folder among them leaves every file as it
    is and turns saving off (st.off).  Short of heap, the files are read again in
    smaller pieces; MemoryError if that fails too (nothing has been moved).
    file_kept: a save of this version leaves its kept hands in its file (Saved.file)."""
    try:
        return _load(st, newest, store.CHUNK, file_kept)
    except MemoryError:
        gc.collect()
    return _load(st, newest, store.CHUNK // 8, file_kept)


def _load(st, newest, chunk, file_kept):
    files = st.files
    folder = None
    for path in st.candidates():
        if files.size(path) == store.FOLDER:
            folder = path
    saved, used, damaged = _find(st, newest, chunk)
    if folder is not None:
        st.off = "%s IS A FOLDER: NOT SAVING" % folder[folder.rfind("/") + 1:].upper()
        return saved, st.off
    try:
        if damaged is not None:
            _set_aside(st)
        if used is not None and used != st.path:
            files.rename(used, st.path)
            used = st.path
    except OSError:        # read-only (USB mounted): the next boot does it
        pass
    if file_kept and used is not None and saved.version == store.VERSION:
        saved.file(files, used, saved.crc)  # (an older version's are widened: they stay)
    if damaged is None:
        return saved, "SAVE FROM AN OLDER VERSION: SOME LAST HANDS NOT KEPT" \
            if saved.dropped else None
    if damaged == OLDER:
        return saved, "SAVE FROM AN OLDER VERSION: " + (
            "USING THE ONE BEFORE" if used is not None else "NEW GAME")
    if used is not None:
        return saved, "SAVE DAMAGED: USING THE ONE BEFORE"
    return saved, "SAVE DAMAGED (%s): NEW GAME" % damaged.upper()


def _find(st, newest, chunk):
    """(Saved, the path it came from or None, why the name's file is damaged or None)."""
    damaged = None
    for path in st.candidates():
        why = _try(st, path, newest, chunk)
        if isinstance(why, store.Saved):
            return why, path, damaged
        if why is not None and path == st.path:
            damaged = why
    return store.Saved(), None, damaged


def _try(st, path, newest, chunk):
    """Saved, None (no file) or why the file will not do."""
    files = st.files
    n = files.size(path)
    if n is None or n == store.FOLDER:
        return None
    if n > store.MAX_BYTES:
        return "bigger than any save"
    try:
        return _read(lambda: files.open(path, "rb"), n, True, newest, chunk)
    except Corrupt as e:
        return str(e)
    except ValueError:             # a stored value that does not decode (a browser's)
        return "not a save's bytes"


def _set_aside(st):
    f = st.files
    if f.size(st.path) is None:
        return
    f.remove(st.path + ".bad")
    try:
        f.rename(st.path, st.path + ".bad")
    except OSError:
        f.remove(st.path)


# ---- into the session (boot, and the table as last saved after an error) -----------------

def restore(saved, session):
    """Seat the saved table (Session.restore); each game gets its saved chips back."""
    games = dict([(g, (saved.chips[g], saved.carry.get(g, 0))) for g in saved.chips])
    session.restore(saved.game, saved.names, saved.dealer, games, saved.models)
