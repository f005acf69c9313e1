"""The hand in play, kept after every action, so that a power cut or a quit resumes the
same hand at the same point with the same cards (the keeper loads this module when a
hand of yours is dealt and drops it when the hand is over).

Two small files beside the save, written in turn (path + stud.save.store.IN_PLAY): b"PSTH",
version 1, a sequence number, the save's hand count when the hand was dealt, the hand
as a record of the save's kind (stud.save.record, with the whole deck) up to its last
action, and a CRC-32.  A power cut while one is written leaves the other, so the
newest valid one holds the hand as it is or as it was one action before; there are
no renames, and each action writes about a hundred bytes.  A record of no length
says the hand was called off.  Boot reads it back (stud.save.resume, not in the heap
while a hand is played).
"""
from stud.save.pack import crc32, put_u16, put_u32
from stud.save.store import IN_PLAY

MAGIC = b"PSTH\x01"
HEAD = 5 + 4 + 4 + 2         # magic and version, sequence, hand count, record's length


def slot(keeper, k):
    return keeper.store.path + IN_PLAY[k & 1]


def start(keeper, hand, names):
    """A hand of yours is dealt: what every later write repeats (the record without its
    moves), then the first write."""
    from stud.save import record
    rec = record.encode(hand, names, True)
    keeper.kept = rec[:len(rec) - 1 - 2 * len(hand.moves)]
    keep(keeper, hand)


def keep(keeper, hand):
    """The hand as it stands, into the slot the newest is not in."""
    head = keeper.kept
    if head is None:
        _write(keeper, b"")
        return
    moves = hand.moves.data
    body = bytearray(head)
    body.append(len(moves) >> 1)
    body += moves
    _write(keeper, body)


def called_off(keeper):
    """The hand will not be resumed (a game change, an error page)."""
    keeper.kept = None
    _write(keeper, b"")


def _write(keeper, rec):
    keeper.seq += 1
    out = bytearray(MAGIC)
    put_u32(out, keeper.seq)
    put_u32(out, keeper.saved.stats.hands)
    put_u16(out, len(rec))
    out += rec
    put_u32(out, crc32(out))
    try:
        f = keeper.store.files.open(slot(keeper, keeper.seq), "wb")
        try:
            f.write(out)
        finally:
            f.close()
    except OSError:             # the save says the rest; the hand is not kept this time
        pass
