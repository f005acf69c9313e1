"""What the save file holds, as plain values, and the error a bad file raises.
(stud.save.store writes and reads it; stud.save.reader checks it.)"""
from stud.core.words import OUT, OPPONENTS
from stud.save.stats import Stats

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


class Corrupt(ValueError):
    pass


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
        self.version = VERSION    # the layout it was read from
        self.dropped = 0          # kept hands of an older version's save that were let go

    def add_hand(self, record):
        self.hands.append(bytes(record))
        del self.hands[:-LAST_HANDS]
