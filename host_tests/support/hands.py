"""Hands played to a known end, for the tests of the tools that write them out
(tools/save/history.py, tools/save/phh.py, tools/sim/sim.py's log)."""
from decks import stud_deck
from stud.core.engine import Hand

NAMES = ["YOU", "SID", "JOE"]


def joe_shows_first():
    """casino7, three seats, you choosing SHOW or MUCK: YOU brings in with the 4c, all
    check or call to 7th street, where JOE bets and both call.  JOE, the last to bet,
    shows first (a pair of threes); then clockwise YOU, whose fours beat it, show;
    SID's twos do not, and an opponent mucks a loser (seeds 002, 003)."""
    deck = stud_deck(["9c 8h 4c", "2c 2h Ts", "3c 3d Qh"],
                     ["4s 8d 7s", "Ac 9d 5h", "2d Kh 6d", "Kd 6c Jc"])
    h = Hand("casino7", [999, 999, 999], deck=deck, choosers=(0,))
    while h.to_act is not None:
        legal = h.legal()
        if h.street == 4 and h.to_act == 2 and "bet" in legal:
            h.act("bet")
        else:
            h.act(next(w for w in ("check", "bringin", "call") if w in legal))
    return h
