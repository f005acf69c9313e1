"""Hand evaluator: 5, 6 or 7 cards -> one small int, higher is better, equal ties.

A value is class << 26 | payload, below 2**30 so it stays a small int on
32-bit MicroPython.  Payloads are 13-bit rank masks (one bit per rank), so
"compare the pair, then the kickers from the top" is plain integer order
(seed 000, Appendix A).  One scan over the cards builds four masks - ranks
seen at least once, twice, three and four times - and a packed per-suit count.
Two small tables (tables.py, 640 bytes) answer the rest: COUNT, a mask's number of
ranks in two lookups (its low 7 bits and its high 6), and RUNS, the best straight
from the mask's runs of five (m & m >> 1 & ... & m >> 4, 9 bits) in one; the wheel
is one test.  Nothing is allocated per call but small ints.
"""
from stud.core.compat import const
from stud.core.tables import COUNT, RUNS

HIGH_CARD = const(0)
PAIR = const(1)
TWO_PAIR = const(2)
TRIPS = const(3)
STRAIGHT = const(4)
FLUSH = const(5)
FULL_HOUSE = const(6)
QUADS = const(7)
STRAIGHT_FLUSH = const(8)

_SHIFT = const(26)
_WHEEL = const(4)  # a straight's 1 + top rank, for A-2-3-4-5 (five-high + 1)
_WHEEL_MASK = const(0x100F)  # A, 2, 3, 4, 5

# Per card: its rank bit, and 1 in its suit's 3-bit counter (suits at bits 0, 3, 6, 9).
_BIT = tuple([1 << (c >> 2) for c in range(52)])
_SUITCOUNT = tuple([1 << (3 * (c & 3)) for c in range(52)])


def evaluate(cards, wheel=True, _C=COUNT, _R=RUNS, _B=_BIT, _S=_SUITCOUNT):
    """Value of the best five of `cards` (5-7 card ints).  wheel=False: A-2-3-4-5 is no straight."""
    m1 = m2 = m3 = m4 = s = 0
    for c in cards:
        b = _B[c]
        s += _S[c]
        if m1 & b:
            if m2 & b:
                if m3 & b:
                    m4 = b
                else:
                    m3 |= b
            else:
                m2 |= b
        else:
            m1 |= b
    # A suit counter of 5, 6 or 7 has bit 2 set and bit 0 or 1 set.
    f = (s >> 2) & (s | (s >> 1)) & 0x249
    if f:
        # Five cards of a suit leave too few for quads or a full house (7 cards at most).
        return _flush(cards, f, wheel)
    st = _R[m1 & (m1 >> 1) & (m1 >> 2) & (m1 >> 3) & (m1 >> 4)]
    if not st and wheel and m1 & _WHEEL_MASK == _WHEEL_MASK:
        st = _WHEEL
    if m4:
        k = m1 ^ m4
        while k & (k - 1):
            k &= k - 1
        return (QUADS << _SHIFT) | (m4 << 13) | k
    if m3:
        t = m3
        while t & (t - 1):
            t &= t - 1
        p = m2 ^ t
        if p:
            while p & (p - 1):
                p &= p - 1
            return (FULL_HOUSE << _SHIFT) | (t << 13) | p
        if st:
            return (STRAIGHT << _SHIFT) | (st - 1)
        k = m1 ^ m3
        n = _C[k & 127] + _C[k >> 7] - 2
        while n > 0:
            k &= k - 1
            n -= 1
        return (TRIPS << _SHIFT) | (m3 << 13) | k
    if st:
        return (STRAIGHT << _SHIFT) | (st - 1)
    if m2:
        n = _C[m2 & 127] + _C[m2 >> 7]
        if n > 1:
            if n > 2:
                m2 &= m2 - 1
            k = m1 ^ m2
            while k & (k - 1):
                k &= k - 1
            return (TWO_PAIR << _SHIFT) | (m2 << 13) | k
        k = m1 ^ m2
        n = _C[k & 127] + _C[k >> 7] - 3
        while n > 0:
            k &= k - 1
            n -= 1
        return (PAIR << _SHIFT) | (m2 << 13) | k
    n = _C[m1 & 127] + _C[m1 >> 7] - 5
    while n > 0:
        m1 &= m1 - 1
        n -= 1
    return m1


def _flush(cards, f, wheel):
    suit = 0
    while not f & 1:
        f >>= 3
        suit += 1
    m = 0
    for c in cards:
        if c & 3 == suit:
            m |= _BIT[c]
    st = RUNS[m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4)]
    if not st and wheel and m & _WHEEL_MASK == _WHEEL_MASK:
        st = _WHEEL
    if st:
        return (STRAIGHT_FLUSH << _SHIFT) | (st - 1)
    n = COUNT[m & 127] + COUNT[m >> 7] - 5
    while n > 0:
        m &= m - 1
        n -= 1
    return (FLUSH << _SHIFT) | m


def hand_class(value):
    return value >> _SHIFT


def best_five(cards, wheel=True):
    """The five cards that play (first such five in card order), as bytes."""
    target = evaluate(cards, wheel)
    n = len(cards)
    if n == 5:
        return bytes(cards)
    five = bytearray(5)
    for a in range(n):
        # Leave out card a (six cards) or cards a and b (seven), in card order; the
        # pairs are counted here, not kept in a table, since only a showdown asks.
        for b in range(a + 1, n) if n == 7 else (a,):
            j = 0
            for i in range(n):
                if i != a and i != b:
                    five[j] = cards[i]
                    j += 1
            if evaluate(five, wheel) == target:
                return bytes(five)
    raise ValueError("no five cards make the hand")  # unreachable for valid hands


# Showdown names, in the cartridge's upper case ("3 KINGS", "FULL HOUSE, FIVES FULL").
_ONE = ("TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN",
        "JACK", "QUEEN", "KING", "ACE")
_MANY = ("TWOS", "THREES", "FOURS", "FIVES", "SIXES", "SEVENS", "EIGHTS", "NINES",
         "TENS", "JACKS", "QUEENS", "KINGS", "ACES")


def _top(mask):
    i = 12
    while not mask & (1 << i):
        i -= 1
    return i


def describe(value):
    """(class, name) for a value from evaluate()."""
    cls = value >> _SHIFT
    hi = (value >> 13) & 0x1FFF
    lo = value & 0x1FFF
    if cls == STRAIGHT_FLUSH:
        if lo == 12:
            return cls, "ROYAL FLUSH"
        return cls, "STRAIGHT FLUSH, " + _ONE[lo] + " HIGH"
    if cls == QUADS:
        return cls, "4 " + _MANY[_top(hi)]
    if cls == FULL_HOUSE:
        return cls, "FULL HOUSE, " + _MANY[_top(hi)] + " FULL"
    if cls == FLUSH:
        return cls, "FLUSH, " + _ONE[_top(lo)] + " HIGH"
    if cls == STRAIGHT:
        return cls, "STRAIGHT, " + _ONE[lo] + " HIGH"
    if cls == TRIPS:
        return cls, "3 " + _MANY[_top(hi)]
    if cls == TWO_PAIR:
        return cls, "TWO PAIRS, " + _MANY[_top(hi)] + " UP"
    if cls == PAIR:
        return cls, "PAIR OF " + _MANY[_top(hi)]
    return cls, _ONE[_top(lo)] + " HIGH"


def showing(up):
    """Strength of up cards for who opens a betting round: pairs, trips and quads
    count, then high cards; never straights or flushes (seed 000)."""
    counts = bytearray(13)
    for c in up:
        counts[c >> 2] += 1
    groups = [0, 0, 0, 0, 0]  # rank mask per count
    for r in range(13):
        groups[counts[r]] |= 1 << r
    singles = groups[1]
    if groups[4]:
        return (QUADS << _SHIFT) | (groups[4] << 13) | singles
    if groups[3]:
        return (TRIPS << _SHIFT) | (groups[3] << 13) | singles
    if groups[2]:
        pairs = groups[2]
        cls = TWO_PAIR if pairs & (pairs - 1) else PAIR
        return (cls << _SHIFT) | (pairs << 13) | singles
    return singles
