"""Cards as small ints: card = rank * 4 + suit.

Ranks 0..12 are 2..A; suits 0..3 are clubs < diamonds < hearts < spades,
the order that breaks bring-in ties.  Hands and decks are bytes/bytearray;
there are no card objects.  The text form ("As Td 2c") is for tools, tests
and logs.
"""

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def name(card):
    return RANKS[card >> 2] + SUITS[card & 3]


def parse_card(token):
    t = token.strip()
    if t[:2] == "10":
        t = "T" + t[2:]
    if len(t) != 2:
        raise ValueError("unknown card '%s' (write cards like As Td 2c)" % token)
    r = RANKS.find(t[0].upper())
    s = SUITS.find(t[1].lower())
    if r < 0 or s < 0:
        raise ValueError("unknown card '%s' (write cards like As Td 2c)" % token)
    return r * 4 + s


def parse(text, unique=True):
    """'As Td 2c' -> bytes.  Duplicates are an error unless unique=False."""
    out = bytearray()
    seen = bytearray(52)  # not `c in out`: some ports cannot search a bytearray for an int
    for token in text.replace(",", " ").split():
        c = parse_card(token)
        if unique and seen[c]:
            raise ValueError("duplicate card '%s'" % name(c))
        seen[c] = 1
        out.append(c)
    return bytes(out)


def format(cards):
    return " ".join([name(c) for c in cards])


def new_deck():
    return bytearray(range(52))


def randbelow(rng, n):
    """Uniform int in [0, n) from rng.getrandbits, by rejection (no modulo bias)."""
    k = 1
    while (1 << k) < n:
        k += 1
    while True:
        r = rng.getrandbits(k)
        if r < n:
            return r


def shuffle(deck, rng):
    """Fisher-Yates in place; MicroPython has no random.shuffle."""
    i = len(deck) - 1
    while i > 0:
        j = randbelow(rng, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
        i -= 1
    return deck
