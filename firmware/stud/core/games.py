"""Game tables: everything that differs between games, read by the one engine.

streets   what each street deals to every live seat in deal order ("d" face
          down, "u" face up), or "draw": each live seat discards and draws.
bets      the round's bet per street; raise_first / raise_more: what a raise
          adds for the round's first raise and after it (0: the round's bet).
bringin   forced bet of the lowest up card on the first street; bringin_opens:
          it counts as the round's bet (tandy7) or only completion does (casino7,
          where the bring-in may instead complete to complete_to).
open      who opens a round without a forced bet: "high" (best showing hand,
          first in deal order on ties) or "dealer" (the seat after the dealer,
          then the last round's last bettor or raiser).
caps      raises per round (a forced bet, a bet or a completion is not a raise).
"""

def _tandy7():
    return {
        # Seed 000: "7 Card Stud Limit Raise" (Tandy, 1983), Appendix B.
        "name": "tandy7",
        "title": "7 CARD STUD LIMIT RAISE",
        "short": "LIMIT RAISE",          # the menu's GAME value
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
        "short": "CASINO STUD",          # the menu's GAME value
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
        "short": "5 CARD STUD",          # the menu's GAME value
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
        "short": "5 CARD DRAW",          # the menu's GAME value
        "seats": (2, 2),
        "stack": 1000,
        "streets": ("ddddd", "draw"),
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
    if _cache[0] != name:
        build = _BUILDERS.get(name)
        if build is None:
            raise ValueError("unknown game '%s' (known: %s)" % (name, ", ".join(ORDER)))
        _cache[0] = name
        _cache[1] = build()
    return _cache[1]


def final_cards(g):
    """How many cards a hand that stays to the end holds."""
    n = 0
    for street in g["streets"]:
        if street != "draw":
            n += len(street)
    return n
