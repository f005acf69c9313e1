"""Game tables: everything that differs between games, read by the one engine.

Streets list what each deals to every live seat, in deal order: "d" face
down, "u" face up.  Bets are chips per street; a raise adds raise_first[street]
for the round's first raise and raise_more[street] after it, 0 meaning "add the
round's bet".  Caps count raises per round (a forced bet is not a raise).
"""

TANDY7 = {
    # Seed 000, "7 Card Stud Limit Raise" (Tandy, 1983), Appendix B.
    "name": "tandy7",
    "title": "7 CARD STUD LIMIT RAISE",
    "seats": (2, 4),
    "stack": 999,
    "streets": ("ddu", "u", "u", "u", "d"),
    "ante": 1,
    "bringin": 1,          # lowest up card must bet 1 on 3rd street (automatic)
    "bets": (1, 5, 10, 10, 10),
    "open_pair_bet": 10,   # 4th street bet when any live hand shows a pair (automatic)
    "raise_first": (3, 0, 0, 0, 0),  # 3rd street: first raise is last bet + 3 ...
    "raise_more": (5, 0, 0, 0, 0),   # ... every later raise last bet + 5
    "cap_multiway": 4,     # raises per round while more than two players are in
    "cap_headsup": 14,
    "wheel": True,
}

GAMES = {"tandy7": TANDY7}


def game(name):
    g = GAMES.get(name)
    if g is None:
        raise ValueError("unknown game '%s' (known: %s)" % (name, ", ".join(sorted(GAMES))))
    return g
