"""What the save file holds, as plain values, and the error a bad file raises.
(stud.save.store writes and reads it; stud.save.reader checks it.)"""
from stud.core import lazy
from stud.core.words import OUT, OPPONENTS

MAGIC = b"PSTD"
VERSION = 2              # 2: CRC-32; 1 (still read): two Adler sums
LAST_HANDS = 50
MAX_BYTES = 40000        # over any save written (50 records of 589 bytes at most): damage
CHUNK = 256              # bytes a read or a checksum takes at a time
FOLDER = -1              # stud.save.store.Files.size() of a directory
BOOT_REPLAYS = 1         # kept hands a load replays through the engine (the newest); the
                         # others are decoded and checked card by card, move by move
NAMES = (OUT,) + OPPONENTS      # a seat's code in the file is its index here
SETTINGS, SEATS, CHIPS, MODELS, STATS, HANDS = 1, 2, 3, 4, 5, 6   # the sections' tags
FORMAT = (MAGIC, VERSION, HANDS)    # what stud.save.kept needs to find the kept hands


class Corrupt(ValueError):
    pass


class Stats:
    """The player's lifetime statistics, as numbers.  How they count, read and are written
    is stud.save.stats: loaded for each of these calls and dropped after (a hand's end,
    the STATS page, a save written or read), it is not in the heap while a hand plays."""

    def __init__(self):
        self.hands = 0
        self.won = 0
        self.net = 0
        self.biggest_pot = 0
        self.best = 0                 # evaluator value of the best hand you showed
        self.vs_hands = [0, 0, 0]     # per opponent name
        self.vs_net = [0, 0, 0]       # chips moved between you and each opponent
        self.earlier = 0              # NET counted before it was split (an older save)

    def add(self, hand, names, start_chips):
        """Count a finished hand; names[k] played seat k, you are seat 0."""
        _stats_call("add", self, hand, names, start_chips)

    def lines(self):
        """What the stats screen shows, a line each."""
        return _stats_call("lines", self)

    def to_bytes(self):
        return _stats_call("to_bytes", self)

    @classmethod
    def from_bytes(cls, data):
        return _stats_call("from_bytes", cls, data)


STATS_CODE = ("stud.save.stats",)
KEPT_CODE = ("stud.save.kept",)


def _stats_call(name, *args):
    return _call(STATS_CODE, name, args)


def _call(code, name, args):
    """The function `name` of module code[0], loaded for the call (and dropped after,
    unless the caller had it loaded)."""
    had = lazy.loaded(code)
    try:
        return getattr(lazy.load(code[0]), name)(*args)
    finally:
        lazy.drop_new(code, had)


class Saved:
    """What the save file holds, as plain values."""

    crc = None                    # the CRC-32 of the file it was read from (this version's)

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
        self.hands = []           # records (bytes) in the heap, oldest first: all of them,
        self.filed = 0            # but the `filed` older ones once a write put them in
        self.source = None        # the file: (files, path, its CRC-32), read by stud.save.kept
        self.version = VERSION    # the layout it was read from
        self.dropped = 0          # kept hands of an older version's save that were let go

    def count(self):
        """How many hands are kept (the LAST_HANDS newest)."""
        return self.filed + len(self.hands)

    def record(self, i):
        """Kept hand i (from 0, the oldest): from the heap, or read from the file
        (Corrupt or OSError if it cannot be)."""
        if i < 0:
            i += self.count()
        if i >= self.filed:
            return self.hands[i - self.filed]
        return _call(KEPT_CODE, "record", (self, i, FORMAT))

    def records(self):
        """Every kept hand, oldest first (tools and tests)."""
        return [self.record(i) for i in range(self.count())]

    def add_hand(self, record):
        self.hands.append(bytes(record))
        if self.count() > LAST_HANDS:
            if self.filed:
                self.filed -= 1
            else:
                del self.hands[0]

    def file(self, files, path, crc, written=False):
        """The file at `path`, whose CRC-32 is `crc`, now holds every kept hand: the heap
        lets them go (a file there with another CRC-32 is not theirs: stud.save.kept).
        `written`: just written, the write's garbage is collected first (lazy.settle)."""
        self.filed = self.count()
        del self.hands[:]
        if written:
            lazy.settle()
        self.source = (files, path, crc)

    def unfile(self):
        """The filed hands cannot be read back (the file changed or went): let go."""
        self.filed = 0
        self.source = None
