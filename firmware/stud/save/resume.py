"""Boot: the hand in play when the power went (kept by stud.save.inplay), read back and
replayed to where it stood.  It is resumed only while the save says it is still to
come: the same hand count, game, seats and stacks (a hand that reached the save is
over; one that ended before the save had it is settled then).
"""
from stud.core.games import game
from stud.save.inplay import HEAD, MAGIC, slot
from stud.save.pack import crc32, u16, u32


def find(keeper):
    """The newest kept hand's record (bytes, b"" if it was called off) and its hand
    count, or None; keeper.seq goes on from the newest."""
    best = None
    files = keeper.store.files
    for k in (0, 1):
        path = slot(keeper, k)
        n = files.size(path)
        if n is None or not HEAD + 4 <= n <= 1024:
            continue
        f = files.open(path, "rb")
        try:
            data = f.read(n)
        finally:
            f.close()
        if len(data) != n or data[:5] != MAGIC or u32(data, n - 4) != crc32(data[:n - 4]) \
                or u16(data, 13) != n - 4 - HEAD:
            continue
        seq = u32(data, 5)
        if best is None or seq > best[0]:
            best = (seq, u32(data, 9), data[HEAD:n - 4])
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
    session.resume(rec["stacks"], hand.dealer if hand.game["open"] == "dealer" else None)
    keeper.kept = got[1][:len(got[1]) - 1 - 2 * len(hand.moves)]
    return hand
