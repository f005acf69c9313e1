"""A hand's actions, four bytes each, read back as (street, seat, word, value) tuples.

Byte 0: street << 4 | seat; byte 1: the word's code; bytes 2-3: chips put in
(little-endian), or for a draw the mask of discarded positions.  A 4-seat stud
hand of forty actions keeps 160 bytes instead of forty tuples.
"""

WORDS = ("ante", "fold", "check", "call", "bet", "raise", "complete", "bringin", "draw",
         "show", "muck")
_DRAW = 8


class History:
    def __init__(self, data=b""):
        self.data = bytearray(data)

    def add(self, street, seat, word, value):
        code = WORDS.index(word)
        if code == _DRAW:
            mask = 0
            for p in value:
                mask |= 1 << p
            value = mask
        self.data.append((street << 4) | seat)
        self.data.append(code)
        self.data.append(value & 0xFF)
        self.data.append(value >> 8)

    def __len__(self):
        return len(self.data) >> 2

    def __getitem__(self, i):
        if not isinstance(i, int):
            return list(self)[i]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("history index out of range")
        d = self.data
        k = i << 2
        code = d[k + 1]
        value = d[k + 2] | (d[k + 3] << 8)
        if code == _DRAW:
            value = tuple([p for p in range(5) if value >> p & 1])
        return (d[k] >> 4, d[k] & 15, WORDS[code], value)

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def copy(self):
        return History(self.data)


class Moves:
    """The words a hand was played with, two bytes each: the word's code and its
    argument (a chosen size, or the mask of discarded positions), 12 bits."""

    def __init__(self, data=b""):
        self.data = bytearray(data)

    def add(self, word):
        base, _, arg = word.partition(":")
        code = WORDS.index(base)
        value = 0
        if code == _DRAW:
            for p in arg.split(","):
                if p:
                    value |= 1 << int(p)
        elif arg:
            value = int(arg)
        self.data.append(code | (value & 15) << 4)
        self.data.append(value >> 4)

    def __len__(self):
        return len(self.data) >> 1

    def __getitem__(self, i):
        d = self.data
        code = d[2 * i] & 15
        value = (d[2 * i] >> 4) | (d[2 * i + 1] << 4)
        word = WORDS[code]
        if code == _DRAW:
            return word + ":" + ",".join([str(p) for p in range(5) if value >> p & 1])
        return word + (":%d" % value if value else "")

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]
