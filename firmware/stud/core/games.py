"""Game tables: everything that differs between games, read by the one engine.

Every parameter is declared once, in _declared(), with its default and its meaning;
a game's own table states only what differs from the defaults, and game(name)
returns the whole table, every key present, so readers index it and never guess.
The meanings are comments, not strings, so the declaration costs no heap.
"""
from stud.core.actions import DRAW


def _declared():
    return {
        "name": "",               # the table's key, as ORDER lists it
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


def _tandy7():
    return {
        # Seed 000: "7 Card Stud Limit Raise" (Tandy, 1983), Appendix B.
        "name": "tandy7",
        "title": "7 CARD STUD LIMIT RAISE",
        "short": "LIMIT RAISE",
        "seats": (2, 4),
        "stack": 999,
        "streets": ("ddu", "u", "u", "u", "d"),
        "ante": 1,
        "bringin": 1,           # lowest up card must bet 1 on 3rd street (automatic)
        "bringin_opens": True,  # ... and that is the round's bet: the first raise makes it 4
        "bets": (1, 5, 10, 10, 10),
        "open_pair_bet": 10,    # 4th street bet when any live hand shows a pair (automatic)
        "raise_first": (3, 0, 0, 0, 0),  # 3rd street: first raise is last bet + 3 ...
        "raise_more": (5, 0, 0, 0, 0),   # ... every later raise last bet + 5
        "cap_multiway": 4,      # raises per round while more than two players are in
        "cap_headsup": 14,
        "open": "high",
        "wheel": True,
    }


def _casino7():
    return {
        # Seeds 002 and 003: casino fixed-limit seven card stud, 5/10 with a 2 bring-in.
        "name": "casino7",
        "title": "CASINO 7 CARD STUD",
        "short": "CASINO STUD",
        "seats": (2, 7),
        "stack": 999,
        "streets": ("ddu", "u", "u", "u", "d"),
        "ante": 1,
        "bringin": 2,           # the bring-in's choice: 2, or complete to the small bet
        "bringin_choice": True,
        "complete_to": 5,
        "bets": (5, 5, 10, 10, 10),
        "open_pair_choice": 10,  # 4th street: with an open pair showing, bet 5 or 10;
                                 # once 10 is bet or raised, every raise is 10
        "cap_multiway": 3,      # one bet and three raises
        "cap_headsup": 3,
        "short_allin": True,    # all in for less than a full bet or raise (pokerkit's rules)
        "open": "high",
        "showdown_order": True,  # last aggressor shows first; losers may muck
        "wheel": True,
    }


def _stud5():
    return {
        # Seed 001: five card stud, first and last cards down.
        "name": "stud5",
        "title": "FIVE CARD STUD",
        "short": "5 CARD STUD",
        "seats": (2, 4),
        "stack": 999,
        "streets": ("du", "u", "u", "d"),
        "ante": 1,
        "bets": (5, 5, 10, 10),
        "cap_multiway": 3,      # four bets
        "cap_headsup": 3,
        "open": "high",
        "wheel": True,
    }


def _draw5():
    return {
        # Seed 004: heads-up five card draw.
        "name": "draw5",
        "title": "FIVE CARD DRAW",
        "short": "5 CARD DRAW",
        "seats": (2, 2),
        "stack": 1000,
        "streets": ("ddddd", DRAW),
        "ante": 25,
        "bets": (25, 25),
        "spread": (25, 100, 25),  # bets and raises from 25 to 100 in steps of 25
        "cap_multiway": 3,
        "cap_headsup": 3,
        "no_checkraise": True,  # a player who checked may not raise in that round
        "max_draw": 3,          # no four-card turn-ins
        "open": "dealer",
        "tie_carries": True,    # an exact tie leaves the pot for the next hand
        "wheel": False,         # aces always high
    }


# Tables are built when asked for, so the device holds only the game in play.
_BUILDERS = {"tandy7": _tandy7, "casino7": _casino7, "stud5": _stud5, "draw5": _draw5}
ORDER = ("tandy7", "casino7", "stud5", "draw5")  # as the menu lists them
_cache = [None, None]


def game(name):
    """The whole table of a game: its own values over the declared defaults (cached:
    the device holds one game's table at a time)."""
    if _cache[0] != name:
        build = _BUILDERS.get(name)
        if build is None:
            raise ValueError("unknown game '%s' (known: %s)" % (name, ", ".join(ORDER)))
        table = _declared()
        table.update(build())
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
