"""A finished hand in a few dozen bytes, enough to replay it exactly.

    game index, seats | dealer << 4, chooser mask, name code per seat,
    stacks at the deal (4 bytes each), carried pot (2), cards dealt (count, cards),
    moves (count, 2 bytes each: stud.core.actions.Moves)

Replaying the record through the engine gives back every card, action, shown
and mucked hand and the result, so none of them is stored.
"""
from stud.core.engine import Hand
from stud.core import games
from stud.core.actions import CODES, Moves
from stud.core.words import YOU, OPPONENTS
from stud.save.pack import put_u16, put_u32, u16, u32

NAMES = (YOU,) + OPPONENTS      # a seat's name code is its index here
_seats = {}     # game -> its (fewest, most) seats: boot checks 50 hands of up to four games


def encode(hand, names, whole=False):
    """bytes for a finished `hand` whose seat k was played by names[k] (whole: with every
    card of the deck, for a hand still in play: stud.save.inplay)."""
    n = hand.n
    out = bytearray()
    out.append(games.CODES.index(hand.game["name"]))
    out.append(n | (hand.dealer << 4))
    mask = 0
    for s in hand.choosers:
        mask |= 1 << s
    out.append(mask)
    for name in names:
        out.append(NAMES.index(name))
    for s in range(n):
        put_u32(out, dealt_with(hand, s))
    put_u16(out, hand.carry)
    deck = hand.deck if whole else hand.deck[:hand.dealt]
    out.append(len(deck))
    out += deck
    out.append(len(hand.moves))
    out += hand.moves.data
    return bytes(out)


def dealt_with(hand, seat):
    """The chips `seat` had when the finished `hand` was dealt."""
    won = hand.result["amounts"][seat] if hand.result else 0
    return hand.stacks[seat] - won + hand.total[seat]


def decode(data, words=True):
    """dict(game, names, stacks, dealer, carry, choosers, deck, moves), or ValueError for
    bytes no finished hand encodes to: cut short, or a field out of range (so a record
    that decodes holds only cards, names and words the game knows).  words=False leaves
    the moves packed (the bytes of a stud.core.actions.Moves, its codes checked all the
    same): a check that does not replay the hand makes no strings (each costs a
    name-table lookup on MicroPython; boot checks every kept hand)."""
    try:
        if data[0] >= len(games.CODES):
            _bad("game is")
        game = games.CODES[data[0]]
        n = data[1] & 15
        dealer = data[1] >> 4
        seats = _seats.get(game)
        if seats is None:
            seats = _seats[game] = games.game(game)["seats"]
        lo, hi = seats
        if not lo <= n <= hi or dealer >= n:
            _bad("seats are")
        mask = data[2]
        k = 3
        names = []
        for c in data[k:k + n]:
            if c >= len(NAMES):
                _bad("names are")
            names.append(NAMES[c])
        k += n
        stacks = [u32(data, k + 4 * i) for i in range(n)]
        k += 4 * n
        carry = u16(data, k)
        k += 2
        dealt = data[k]
        deck = bytes(data[k + 1:k + 1 + dealt])
        k += 1 + dealt
        count = data[k]
        packed = data[k + 1:k + 1 + 2 * count]
        if len(names) != n or len(deck) != dealt or len(packed) != 2 * count \
                or k + 1 + 2 * count != len(data):
            raise ValueError("a hand record is cut short")
        if deck and (max(deck) > 51 or len(set(deck)) != dealt):
            _bad("cards are")
        known = len(CODES)
        for i in range(0, 2 * count, 2):
            if packed[i] & 15 >= known:
                _bad("moves are")
    except IndexError:
        raise ValueError("a hand record is cut short")
    return {"game": game, "names": names, "stacks": stacks, "dealer": dealer, "carry": carry,
            "choosers": tuple([s for s in range(n) if mask >> s & 1]), "deck": deck,
            "moves": list(Moves(packed)) if words else packed}


def _bad(field):
    raise ValueError("a hand record's %s out of range" % field)


def replay(rec):
    """The hand played again from its record: a finished Hand."""
    h = Hand(rec["game"], rec["stacks"], deck=rec["deck"], dealer=rec["dealer"],
             carry=rec["carry"], choosers=rec["choosers"])
    for word in rec["moves"]:
        h.act(word)
    return h
