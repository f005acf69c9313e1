"""Game tables: everything that differs between games, read by the one engine.

Every parameter is declared once, in defaults(), with its default and its meaning
(as pokerkit declares its variants).  Each game states only what differs from the
defaults (stud.core.variants), and game(name) returns the whole table, every key
present, so readers index it and never guess with .get().  The meanings are
comments, not strings, so the declaration costs no heap.
"""
from stud.core.actions import DRAW

VARIANTS = "stud.core.variants"     # each game's own values (a reader of many may hold it)


def defaults():
    """Every game parameter with its default (a fresh dict)."""
    return {
        "name": "",               # the table's key, as ORDER and CODES list it
        "title": "",              # the game's full name, heading its pages
        "short": "",              # the menu's short name
        "seats": (2, 4),          # fewest and most players dealt in
        "stack": 999,             # chips each seat starts (and rebuys) with
        "streets": (),            # per street: the cards dealt to every live seat in deal
                                  # order ("d" down, "u" up), or DRAW: each discards and draws
        "ante": 0,                # chips every seat puts in before the deal
        "bets": (),               # the round's bet per street
        "raise_first": None,      # per street: what the round's first raise adds (0: the bet);
                                  # None: every raise adds the round's bet
        "raise_more": None,       # per street: what every later raise adds (0: the bet)
        "bringin": 0,             # forced bet of the lowest up card on the first street (0: none)
        "bringin_opens": False,   # the bring-in is the round's bet (else only completion is)
        "bringin_choice": False,  # the bring-in may instead complete to complete_to
        "complete_to": 0,         # the first street's full bet, which completing makes
        "open_pair_bet": 0,       # stud's 4th street bet when any live hand shows a pair (0: none)
        "open_pair_choice": 0,    # stud's 4th street with an open pair: this big bet may be
                                  # made instead; once made, every raise is this big (0: none)
        "spread": None,           # (lowest, highest, step) of a chosen bet or raise; None: fixed
        "cap_multiway": 3,        # raises per round while more than two players are in
        "cap_headsup": 3,         # raises per round heads-up
        "short_allin": False,     # all in for less than a full bet or raise (pokerkit's rules)
        "open": "high",           # who opens a round without a forced bet: "high" (best showing
                                  # hand, first in deal order on ties) or "dealer" (the seat
                                  # after the dealer, then the last round's last bettor or raiser)
        "showdown_order": False,  # the last aggressor shows first; losers may muck
        "no_checkraise": False,   # a player who checked may not raise in that round
        "max_draw": 5,            # most cards one draw may replace
        "tie_carries": False,     # an exact tie leaves the pot for the next hand
        "wheel": True,            # A-2-3-4-5 is a straight (else aces are always high)
    }


def _own(name):
    """A game's own values, read from stud.core.variants, which is released again at
    once (unless a reader of many games holds it: stud.core.lazy.hold): the other
    games' values take no heap while a game is played.  It is loaded over a collected
    heap: the game's table keeps some of its constants (strings, tuples) for as long as
    the game is played, where its code went; loaded above garbage, they would sit in the
    middle of the free heap (issue 32: at a game change in the middle of a hand, the
    60-hand session's largest free block fell to 13.5-14.0 KB; 19.2-19.5 KB since)."""
    import sys
    held = VARIANTS in sys.modules
    lazy = None if held else sys.modules.get("stud.core.lazy")  # a hands-only tool has none
    if lazy is not None:
        lazy.settle()
    from stud.core import variants
    try:
        return variants.own(name)
    finally:
        if not held:
            del sys.modules[VARIANTS]
            del sys.modules["stud.core"].variants


ORDER = ("tandy7", "casino7", "stud5", "draw5")  # as the menu lists them
# A game's code in the save file and its hand records is its index here: never reordered
# (the menu's ORDER may be), so an old save keeps its meaning.
CODES = ("tandy7", "casino7", "stud5", "draw5")
_cache = [None, None]


def game(name):
    """The whole table of a game: its own values (stud.core.variants) over the declared
    defaults.  Cached: the device holds the table of one game at a time."""
    if _cache[0] != name:
        own = _own(name)
        if own is None:
            raise ValueError("unknown game '%s' (known: %s)" % (name, ", ".join(ORDER)))
        table = defaults()
        table.update(own)
        table["name"] = name
        _cache[0] = name
        _cache[1] = table
    return _cache[1]


def final_cards(g):
    """How many cards a hand that stays to the end holds."""
    n = 0
    for street in g["streets"]:
        if street != DRAW:
            n += len(street)
    return n
