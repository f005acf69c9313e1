"""Lifetime statistics of the player, kept in the save file: how they count, what the
STATS page says, their bytes.  The numbers are a stud.save.saved.Stats, which loads this
module for each of its calls and drops it after.

Hands played and won, net chips, the biggest pot won, the best hand shown, and
for each opponent name the hands played against it and the chips that moved
between you and it: the chips you won came from the seats that lost, in
proportion to what each lost; the chips you lost went to the seats that won, in
proportion to what each won.  So the opponents' lines add up to NET.

Bytes: eleven or twelve signed 32-bit numbers - hands, won, net, biggest pot, best,
the three opponents' hands, their chips, then (twelve only) the part of NET counted
before the chips were split by opponent ("EARLIER"): a save with eleven (written
before issue 13, when each opponent's line held your whole net of its hands) loads
with its opponents' chips at 0 and its NET as EARLIER.
"""
from stud.core.compat import LIMIT  # every count stops there, never wrapped
from stud.core.evaluator import describe
from stud.core.words import OPPONENTS

_FIELDS = 5  # hands, won, net, biggest pot, best value
_OLD = 4 * (_FIELDS + 6)    # bytes written before the chips were split by opponent
_SIZE = 4 * (_FIELDS + 7)


def _held(v):
    return LIMIT if v > LIMIT else -LIMIT if v < -LIMIT else v


def add(st, hand, names, start_chips):
    """Count a finished hand in st (a stud.save.saved.Stats); names[k] played seat k, you
    are seat 0."""
    res = hand.result
    net = hand.stacks[0] - start_chips
    st.hands = _held(st.hands + 1)
    st.net = _held(st.net + net)
    if res["amounts"][0] > 0:
        st.won = _held(st.won + 1)
        st.biggest_pot = _held(max(st.biggest_pot, res["amounts"][0]))
    mine = res["shown"].get(0)
    if mine and mine["value"] > st.best:
        st.best = mine["value"]
    for name in set(names[1:]):
        i = OPPONENTS.index(name)
        st.vs_hands[i] = _held(st.vs_hands[i] + 1)
    flows = split(net, [res["amounts"][k] - hand.total[k] for k in range(hand.n)])
    for k in range(1, hand.n):
        i = OPPONENTS.index(names[k])
        st.vs_net[i] = _held(st.vs_net[i] + flows[k])


def lines(st):
    """What the stats screen shows, a line each."""
    out = ["HANDS %d  WON %d" % (st.hands, st.won),
           "NET %+d" % st.net,
           "BIGGEST POT WON %d" % st.biggest_pot,
           "BEST " + (describe(st.best)[1] if st.best else "-")]
    for i in range(3):
        out.append("VS %s %d HANDS %+d" % (OPPONENTS[i], st.vs_hands[i], st.vs_net[i]))
    if st.earlier:
        out.append("EARLIER, NOT BY OPPONENT %+d" % st.earlier)
    return out


def to_bytes(st):
    from stud.save.pack import put_i32    # (writing and reading only: not resident)
    out = bytearray()
    for v in [st.hands, st.won, st.net, st.biggest_pot, st.best] + \
            st.vs_hands + st.vs_net + [st.earlier]:
        put_i32(out, v)
    return bytes(out)


def from_bytes(cls, data):
    """A cls (stud.save.saved.Stats) holding the numbers in data."""
    if len(data) != _SIZE and len(data) != _OLD:
        raise ValueError("stats are %d bytes, not %d" % (len(data), _SIZE))
    from stud.save.pack import i32
    v = [i32(data, 4 * i) for i in range(len(data) // 4)]
    s = cls()
    s.hands, s.won, s.net, s.biggest_pot, s.best = v[:_FIELDS]
    s.vs_hands = v[_FIELDS:_FIELDS + 3]
    if len(data) == _OLD:       # each opponent's line held your whole net: not kept
        s.earlier = s.net
    else:
        s.vs_net = v[_FIELDS + 3:_FIELDS + 6]
        s.earlier = v[_FIELDS + 6]
    return s


def split(net, nets):
    """Your net of a hand (seat 0) as the chips that moved between you and each other
    seat: a list that adds up to `net` (nets: every seat's chips won minus put in).
    Won chips came from the losers as each lost, lost chips went to the winners as each
    won; a pot that stays (a tie in draw5) has no winner: its chips split evenly."""
    n = len(nets)
    out = [0] * n
    if net == 0 or n < 2:
        return out
    sign = 1 if net > 0 else -1
    weights = [max(0, -sign * nets[k]) for k in range(n)]
    weights[0] = 0
    total = sum(weights)
    if total == 0:
        weights = [0] + [1] * (n - 1)
        total = n - 1
    left = net
    big = 1
    for k in range(1, n):
        out[k] = sign * (abs(net) * weights[k] // total)
        left -= out[k]
        if weights[k] > weights[big]:
            big = k
    out[big] += left                    # what the rounding left, to the biggest share
    return out

