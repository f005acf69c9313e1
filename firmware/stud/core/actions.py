"""The words of a hand, defined once: the engine's action words, their codes in a
packed history, and the draw's argument (the screen's words: stud.core.words).

A command is an action word, optionally with an argument after a colon:
"raise:10" (a chosen size), "draw:0,3" (the positions discarded, seed 004).

A hand's actions are kept four bytes each (History) and read back as
(street, seat, word, value) tuples.  Byte 0: street << 4 | seat; byte 1: the
word's code (its index in CODES); bytes 2-3: chips put in (little-endian), or
for a draw the mask of discarded positions.  A 4-seat stud hand of forty
actions keeps 160 bytes instead of forty tuples.  Moves keeps only the words
a hand was played with, two bytes each, for the save's records.
"""

from stud.core.compat import const

ANTE = "ante"
FOLD = "fold"
CHECK = "check"
CALL = "call"
BET = "bet"
RAISE = "raise"
COMPLETE = "complete"
BRINGIN = "bringin"
DRAW = "draw"
SHOW = "show"
MUCK = "muck"

CODES = (ANTE, FOLD, CHECK, CALL, BET, RAISE, COMPLETE, BRINGIN, DRAW, SHOW, MUCK)
ACTIONS = CODES[1:]             # what a player may say (the ante is posted for them)
_DRAW = const(8)                # CODES.index(DRAW)
WAGERS = (BET, RAISE, COMPLETE)  # the words that take a size
VOLUNTARY = (CALL,) + WAGERS    # the words that put chips in by choice


def base(command):
    """The action word of a command: "raise:10" -> "raise"."""
    cut = command.find(":")
    return command if cut < 0 else command[:cut]


def draw_positions(command):
    """The positions a draw discards: "draw:0,3" -> (0, 3); "draw" or "draw:" -> ().
    ValueError unless each position is one of 0-4, listed once (spaces are ignored)."""
    out = []
    cut = command.find(":")
    if cut >= 0:
        for part in command[cut + 1:].replace(" ", "").split(","):
            if not part:
                continue
            if len(part) != 1 or part not in "01234" or int(part) in out:
                raise ValueError("not a draw: '%s'" % command)
            out.append(int(part))
    return tuple(out)


def draw_word(positions):
    """The draw command discarding `positions`: (0, 3) -> "draw:0,3"; () -> "draw:"
    (stand pat)."""
    return DRAW + ":" + ",".join([str(p) for p in positions])


def draw_mask(positions):
    """Bit p set for each position p."""
    mask = 0
    for p in positions:
        mask |= 1 << p
    return mask


def _unmask(mask):
    return tuple([p for p in range(5) if mask >> p & 1])


class _Packed:
    """Fixed-size records in one bytearray (the save keeps .data as it is)."""

    def __init__(self, data=b""):
        self.data = bytearray(data)

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]


class History(_Packed):
    def add(self, street, seat, word, value):
        code = CODES.index(word)
        if code == _DRAW:
            value = draw_mask(value)
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
            value = _unmask(value)
        return (d[k] >> 4, d[k] & 15, CODES[code], value)

    def copy(self):
        return History(self.data)


class Moves(_Packed):
    """The words a hand was played with, two bytes each: the word's code and its
    argument (a chosen size, or the mask of discarded positions), 12 bits."""

    def add(self, word):
        code = CODES.index(base(word))
        value = 0
        if code == _DRAW:
            value = draw_mask(draw_positions(word))
        elif ":" in word:
            value = int(word[word.index(":") + 1:])
        self.data.append(code | (value & 15) << 4)
        self.data.append(value >> 4)

    def __len__(self):
        return len(self.data) >> 1

    def __getitem__(self, i):
        d = self.data
        code = d[2 * i] & 15
        value = (d[2 * i] >> 4) | (d[2 * i + 1] << 4)
        if code == _DRAW:
            return draw_word(_unmask(value))
        return CODES[code] + (":%d" % value if value else "")
