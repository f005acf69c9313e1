"""Saves written by earlier firmware (version 1): their checksum, the hand records of
the first release, the chips SEL left behind, and what to keep of a file whose contents
fail today's checks.  Loaded by stud.save.reader only when it meets such a file, so its
code and names are in the heap only then.
"""
from stud.core.words import OUT, YOU
from stud.save.checks import checked, hand_checked
from stud.save.saved import Corrupt


def adler(data, n, sums=(1, 0)):
    """Version 1's checksum: two Adler sums (each < 65521) over data[:n], going on from
    `sums`."""
    a, b = sums
    for i in range(n):
        a = (a + data[i]) % 65521
        b = (b + a) % 65521
    return a, b


def widened(hands):
    """Version 1's records in today's layout.  The first release kept stacks in 2 bytes,
    the next in 4 under the same version byte, and a save carried from one to the other
    holds both, the older first.  A record's lengths add up under one width or, now and
    then, both: then those around it tell, and where they cannot, replaying it does."""
    fits = [(_adds_up(r, 4), _adds_up(r, 2)) for r in hands]
    two = -1                    # the last record only 2-byte stacks fit
    four = len(hands)           # the first after it only 4-byte stacks fit
    for i in range(len(hands)):
        if fits[i] == (False, True):
            two = i
    for i in range(len(hands) - 1, two, -1):
        if fits[i] == (True, False):
            four = i
    out = []
    for i in range(len(hands)):
        rec = hands[i]
        if fits[i][1] and (i < two or not fits[i][0] or (i < four and not _replays(rec))):
            n = rec[1] & 15
            k = 3 + n
            wide = bytearray(rec[:k])
            for s in range(n):
                wide += rec[k + 2 * s:k + 2 * s + 2]
                wide += b"\0\0"
            rec = bytes(wide + rec[k + 2 * n:])
        out.append(rec)
    return out


def _adds_up(rec, width):
    n = rec[1] & 15 if len(rec) > 1 else 0
    k = 3 + n + width * n + 2
    if k < len(rec):
        k += 1 + rec[k]
    return k < len(rec) and k + 1 + 2 * rec[k] == len(rec)


def _replays(rec):
    from stud.save import record
    try:
        return record.replay(record.decode(rec)).to_act is None
    except MemoryError:
        raise
    except Exception:
        return False


def forget_stale_games(saved):
    """Version 1 kept other games' chips across SEL (the session forgets them): a game
    whose chips do not fit today's seats is dropped, as the session would have."""
    seated = [YOU] + saved.names
    for game in list(saved.chips):
        chips = saved.chips[game]
        if game != saved.game and len(seated) == 4 and \
                [p for p in range(4) if seated[p] == OUT and chips[p]]:
            del saved.chips[game]
            del saved.carry[game]


def judged(saved, newest, why):
    """Raise Corrupt(why) unless dropping the kept hands that no longer replay makes the
    save pass today's checks (chips and stats are what matter); saved.dropped counts
    the hands let go."""
    try:
        checked(saved, newest)
        return
    except Corrupt:
        pass
    hands = saved.hands
    saved.hands = []
    try:
        checked(saved, newest)
    except Corrupt:
        raise Corrupt(why)
    first = 0 if newest is None else len(hands) - newest
    for i in range(len(hands)):
        try:
            hand_checked(hands[i], i, i >= first)
            saved.hands.append(hands[i])
        except Corrupt:
            saved.dropped += 1
