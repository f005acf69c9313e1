"""The save file: everything that must survive a power cut, in one small file.

    b"PSTD", version, then sections (tag, 2-byte length, data), then a checksum
    (two 16-bit Adler sums of everything before it).

Sections: settings (game, speed, sound, contrast, dealer), the opponents seated,
each game's chips and carried pot, each opponent's model of you, lifetime stats,
and the last 50 hands as stud.save.record records.

Writing is atomic: the new file is written as `.tmp`, the old one is renamed
`.bak`, the new one takes the name, and only then is `.bak` removed.  Loading
takes the first valid file of the name, `.tmp` and `.bak`, so a cut at any
byte of that dance finds the old save or the new one, never a mix.  A file
that fails its checks is moved aside to `.bad`, defaults are used and the
player is told.
"""
from stud.core.games import ORDER
from stud.core.words import OUT, OPPONENTS
from stud.save.stats import Stats
from stud.save.pack import put_u16, put_u32, u16, u32

MAGIC = b"PSTD"
VERSION = 1
LAST_HANDS = 50
_NAMES = (OUT,) + OPPONENTS      # a seat's code in the save is its index here
_SETTINGS, _SEATS, _CHIPS, _MODELS, _STATS, _HANDS = 1, 2, 3, 4, 5, 6


class Saved:
    """What the save file holds, as plain values."""

    def __init__(self):
        self.game = "tandy7"
        self.speed = 1            # SLOW MEDIUM FAST SONIC = 0..3
        self.sound = 1
        self.contrast = 207
        self.dealer = 0
        self.names = list(OPPONENTS)
        self.chips = {}           # game -> [4 chips]
        self.carry = {}           # game -> chips
        self.models = {}          # position 1..3 -> bytearray
        self.stats = Stats()
        self.hands = []           # records (bytes), oldest first

    def add_hand(self, record):
        self.hands.append(bytes(record))
        del self.hands[:-LAST_HANDS]


# ---- bytes ---------------------------------------------------------------------------

def checksum(data, n=None):
    """Two Adler sums (each < 65521) over data[:n]: no big ints, no allocation."""
    a = 1
    b = 0
    for i in range(len(data) if n is None else n):
        a = (a + data[i]) % 65521
        b = (b + a) % 65521
    return a, b


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
    a, b = checksum(out)
    put_u16(out, a)
    put_u16(out, b)
    return bytes(out)


class Corrupt(ValueError):
    pass


def loads(data):
    """Saved from bytes, or Corrupt saying what is wrong."""
    if len(data) < len(MAGIC) + 5 or data[:4] != MAGIC:
        raise Corrupt("not a Pocket Stud save file")
    if data[4] != VERSION:
        raise Corrupt("save file version %d, this firmware reads %d" % (data[4], VERSION))
    n = len(data) - 4
    a, b = checksum(data, n)
    if u16(data, n) != a or u16(data, n + 2) != b:
        raise Corrupt("checksum does not match (torn or damaged)")
    saved = Saved()
    k = 5
    try:
        while k < n:
            tag = data[k]
            size = u16(data, k + 1)
            body = data[k + 3:k + 3 + size]
            if len(body) != size or k + 3 + size > n:
                raise Corrupt("section %d runs past the end" % tag)
            _read_section(saved, tag, body)
            k += 3 + size
    except (IndexError, KeyError):
        raise Corrupt("a section is malformed")
    except ValueError as e:
        raise Corrupt(str(e))
    return saved


def _read_section(saved, tag, body):
    if tag == _SETTINGS:
        saved.game = ORDER[body[0]]
        saved.speed, saved.sound, saved.contrast, saved.dealer = body[1], body[2], body[3], body[4]
        if saved.speed > 3 or saved.sound > 1 or saved.dealer > 1:
            raise Corrupt("settings out of range")
    elif tag == _SEATS:
        saved.names = [_NAMES[c] for c in body]
        if len(saved.names) != 3:
            raise Corrupt("three positions expected")
    elif tag == _CHIPS:
        for k in range(0, len(body), 21):
            game = ORDER[body[k]]
            saved.chips[game] = [u32(body, k + 1 + 4 * i) for i in range(4)]
            saved.carry[game] = u32(body, k + 17)
    elif tag == _MODELS:
        k = 0
        for p in (1, 2, 3):
            size = body[k]
            saved.models[p] = bytearray(body[k + 1:k + 1 + size])
            k += 1 + size
    elif tag == _STATS:
        saved.stats = Stats.from_bytes(bytes(body))
    elif tag == _HANDS:
        count = body[0]
        k = 1
        for _ in range(count):
            size = u16(body, k)
            rec = bytes(body[k + 2:k + 2 + size])
            if len(rec) != size:
                raise Corrupt("a hand record runs past the end")
            saved.hands.append(rec)
            k += 2 + size
    # unknown tags belong to a newer firmware: skipped


# ---- the file ------------------------------------------------------------------------

class Files:
    """The filesystem as the store uses it (tests substitute one that loses power)."""

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


class Store:
    def __init__(self, path="stud.sav", files=None):
        self.path = path
        self.files = files or Files()
        self.read_only = False

    def load(self):
        """(Saved, message): the save, or defaults and a line telling the player why."""
        f = self.files
        damaged = None
        for path in (self.path, self.path + ".tmp", self.path + ".bak"):
            data = f.read(path)
            if data is None:
                continue
            try:
                saved = loads(data)
            except Corrupt as e:
                if path == self.path:
                    damaged = str(e)
                continue
            if damaged is None:
                return saved, None
            self._set_aside()
            return saved, "SAVE DAMAGED: USING THE ONE BEFORE"
        if damaged is not None:
            self._set_aside()
            return Saved(), "SAVE DAMAGED (%s): NEW GAME" % damaged.upper()
        return Saved(), None

    def _set_aside(self):
        f = self.files
        data = f.read(self.path)
        if data is None:
            return
        f.remove(self.path + ".bad")
        try:
            f.rename(self.path, self.path + ".bad")
        except OSError:
            f.remove(self.path)

    def save(self, saved):
        """Write atomically; returns a message for the player if saving is impossible."""
        if self.read_only:
            return None
        f = self.files
        data = dumps(saved)
        tmp, bak = self.path + ".tmp", self.path + ".bak"
        try:
            f.write(tmp, data)
            if f.read(self.path) is not None:
                f.remove(bak)
                f.rename(self.path, bak)
            f.rename(tmp, self.path)
            f.remove(bak)
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
