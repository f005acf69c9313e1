"""Each game's own values: what it states over the parameters declared, with their
defaults and meanings, in stud.core.games.  The seeds cited are the rules each
table follows.

stud.core.games.game() imports this module to build the table of the game in
play and releases it at once, so only that one table stays on the heap.
"""
from stud.core.actions import DRAW


def own(name):
    """What game `name` states over the defaults of stud.core.games (None for an
    unknown name)."""
    if name == "tandy7":
        return {
            # Seed 000: "7 Card Stud Limit Raise" (Tandy, 1983), Appendix B.
            "title": "7 CARD STUD LIMIT RAISE",
            "short": "LIMIT RAISE",
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
        }
    if name == "casino7":
        return {
            # Seeds 002 and 003: casino fixed-limit seven card stud, 5/10 with a 2 bring-in.
            "title": "CASINO 7 CARD STUD",
            "short": "CASINO STUD",
            "seats": (2, 7),
            "streets": ("ddu", "u", "u", "u", "d"),
            "ante": 1,
            "bringin": 2,           # the bring-in's choice: 2, or complete to the small bet
            "bringin_choice": True,
            "complete_to": 5,
            "bets": (5, 5, 10, 10, 10),
            "open_pair_choice": 10,  # 4th street: with an open pair showing, bet 5 or 10;
                                     # once 10 is bet or raised, every raise is 10
            "cap_multiway": 3,      # one bet and three raises
            "short_allin": True,    # all in for less than a full bet or raise (pokerkit's rules)
            "showdown_order": True,  # last aggressor shows first; losers may muck
        }
    if name == "stud5":
        return {
            # Seed 001: five card stud, first and last cards down.
            "title": "FIVE CARD STUD",
            "short": "5 CARD STUD",
            "streets": ("du", "u", "u", "d"),
            "ante": 1,
            "bets": (5, 5, 10, 10),
            "cap_multiway": 3,      # four bets
        }
    if name == "draw5":
        return {
            # Seed 004: heads-up five card draw.
            "title": "FIVE CARD DRAW",
            "short": "5 CARD DRAW",
            "seats": (2, 2),
            "stack": 1000,
            "streets": ("ddddd", DRAW),
            "ante": 25,
            "bets": (25, 25),
            "spread": (25, 100, 25),  # bets and raises from 25 to 100 in steps of 25
            "no_checkraise": True,  # a player who checked may not raise in that round
            "max_draw": 3,          # no four-card turn-ins
            "open": "dealer",
            "tie_carries": True,    # an exact tie leaves the pot for the next hand
            "wheel": False,         # aces always high
        }
    return None
