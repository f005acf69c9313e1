"""Lifetime statistics of the player, kept in the save file.

Hands played and won, net chips, the biggest pot won, the best hand shown, and
for each opponent name the hands played against it and the chips won from it
(your net in hands where it sat at the table).
"""
from stud.core.evaluator import describe
from stud.core.words import OPPONENTS
from stud.save.pack import put_i32, i32

_FIELDS = 5  # hands, won, net, biggest pot, best value
LIMIT = (1 << 30) - 1  # every count stops here: a small int everywhere, never wrapped


def _held(v):
    return LIMIT if v > LIMIT else -LIMIT if v < -LIMIT else v


class Stats:
    def __init__(self):
        self.hands = 0
        self.won = 0
        self.net = 0
        self.biggest_pot = 0
        self.best = 0                 # evaluator value of the best hand you showed
        self.vs_hands = [0, 0, 0]     # per opponent name
        self.vs_net = [0, 0, 0]

    def add(self, hand, names, start_chips):
        """Count a finished hand; names[k] played seat k, you are seat 0."""
        res = hand.result
        net = hand.stacks[0] - start_chips
        self.hands = _held(self.hands + 1)
        self.net = _held(self.net + net)
        if res["amounts"][0] > 0:
            self.won = _held(self.won + 1)
            self.biggest_pot = _held(max(self.biggest_pot, res["amounts"][0]))
        mine = res["shown"].get(0)
        if mine and mine["value"] > self.best:
            self.best = mine["value"]
        for name in set(names[1:]):
            i = OPPONENTS.index(name)
            self.vs_hands[i] = _held(self.vs_hands[i] + 1)
            self.vs_net[i] = _held(self.vs_net[i] + net)

    def best_name(self):
        return describe(self.best)[1] if self.best else "-"

    def lines(self):
        """What the stats screen shows, a line each."""
        out = ["HANDS %d  WON %d" % (self.hands, self.won),
               "NET %+d" % self.net,
               "BIGGEST POT %d" % self.biggest_pot,
               "BEST " + self.best_name()]
        for i in range(3):
            out.append("VS %s %d HANDS %+d" % (OPPONENTS[i], self.vs_hands[i], self.vs_net[i]))
        return out

    def to_bytes(self):
        out = bytearray()
        for v in [self.hands, self.won, self.net, self.biggest_pot, self.best] + \
                self.vs_hands + self.vs_net:
            put_i32(out, v)
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        if len(data) != 4 * (_FIELDS + 6):
            raise ValueError("stats are %d bytes, not %d" % (len(data), 4 * (_FIELDS + 6)))
        v = [i32(data, 4 * i) for i in range(_FIELDS + 6)]
        s = cls()
        s.hands, s.won, s.net, s.biggest_pot, s.best = v[:_FIELDS]
        s.vs_hands = v[_FIELDS:_FIELDS + 3]
        s.vs_net = v[_FIELDS + 3:]
        return s

