"""Stacked decks for rule tests: say who gets which cards, the rest follow in order."""
from stud.core.cards import parse


def stud_deck(third, later=()):
    """third: per seat "down down up"; later: per street, the cards for the live seats
    in deal order.  Returns the deck in dealing order, padded with the unused cards."""
    seats = [parse(t) for t in third]
    order = bytearray()
    for i in range(3):
        for s in seats:
            order.append(s[i])
    for street in later:
        order += parse(street)
    return padded(order)


def padded(order):
    """The cards given, then every other card in order: a whole deck."""
    order = bytearray(order)
    for c in range(52):
        if c not in order:
            order.append(c)
    return bytes(order)
