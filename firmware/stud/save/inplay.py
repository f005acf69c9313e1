"""The hand in play, kept after every action, so that a power cut or a quit resumes the
same hand at the same point with the same cards (the keeper loads this module when a
hand of yours is dealt and drops it when the hand is over).

Two small files beside the save, written in turn (path + ".h0", ".h1"): b"PSTH",
version 1, a sequence number, the save's hand count when the hand was dealt, the hand
as a record of the save's kind (stud.save.record, with the whole deck) up to its last
action, and a CRC-32.  A power cut while one is written leaves the other, so the
newest valid one holds the hand as it is or as it was one action before; there are
no renames, and each action writes about a hundred bytes.  A record of no length
says the hand was called off.  Boot resumes the hand only while the save says it is
still to come: the same hand count, game, seats and stacks (a hand that reached the
save is over; one that ended before the save had it is settled then).
"""
from stud.core.games import game
from stud.save.pack import crc32, put_u16, put_u32, u16, u32

_MAGIC = b"PSTH\x01"
_HEAD = 5 + 4 + 4 + 2        # magic and version, sequence, hand count, record's length


def _slot(keeper, k):
    return keeper.store.path + (".h0", ".h1")[k & 1]


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
    out = bytearray(_MAGIC)
    put_u32(out, keeper.seq)
    put_u32(out, keeper.saved.stats.hands)
    put_u16(out, len(rec))
    out += rec
    put_u32(out, crc32(out))
    try:
        f = keeper.store.files.open(_slot(keeper, keeper.seq), "wb")
        try:
            f.write(out)
        finally:
            f.close()
    except OSError:             # the save says the rest; the hand is not kept this time
        pass


def find(keeper):
    """The newest kept hand's record (bytes, b"" if it was called off) and its hand
    count, or None; keeper.seq goes on from the newest."""
    best = None
    files = keeper.store.files
    for k in (0, 1):
        path = _slot(keeper, k)
        n = files.size(path)
        if n is None or not _HEAD + 4 <= n <= 1024:
            continue
        f = files.open(path, "rb")
        try:
            data = f.read(n)
        finally:
            f.close()
        if len(data) != n or data[:5] != _MAGIC or u32(data, n - 4) != crc32(data[:n - 4]) \
                or u16(data, 13) != n - 4 - _HEAD:
            continue
        seq = u32(data, 5)
        if best is None or seq > best[0]:
            best = (seq, u32(data, 9), data[_HEAD:n - 4])
    if best is None:
        return None
    keeper.seq = best[0]
    return best[1], best[2]


def resumed(keeper, session):
    """The kept hand, replayed to where it stood, if the save says it is still to come;
    else None.  A hand whose last action ended it (the power went before the save had
    it) comes back over: the table settles and saves it.  (Its record must decode and replay; the table must be the one it was
    dealt at: the game, the seats, the stacks and the carried pot.)"""
    got = find(keeper)
    if got is None or got[0] != keeper.saved.stats.hands or not got[1]:
        return None
    from stud.save import record
    try:
        rec = record.decode(got[1])
        positions = session.positions()
        if rec["game"] != session.game or len(positions) != len(rec["names"]) or \
                rec["carry"] != session.carry:
            return None
        stack = game(session.game)["stack"]
        for k in range(len(positions)):
            p = positions[k]
            chips = session.chips[p]
            if session.names[p] != rec["names"][k] or (
                    chips != rec["stacks"][k] and not (k and chips == 0 and
                                                       rec["stacks"][k] == stack)):
                return None     # (a busted opponent rebought at the deal)
        hand = record.replay(rec)
    except ValueError:
        return None
    for k in range(len(positions)):
        session.chips[positions[k]] = rec["stacks"][k]
    if hand.game["open"] == "dealer":
        session.dealer = hand.dealer    # the next deal goes on alternating from it
    keeper.kept = got[1][:len(got[1]) - 1 - 2 * len(hand.moves)]
    return hand
