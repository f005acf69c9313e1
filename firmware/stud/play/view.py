"""What one seat may know about a hand, and nothing more.

A SeatView is built by copying from the hand: it holds no reference to the
Hand, its deck or anyone's hidden cards, so a bot given a view cannot peek
however it is written.  Up cards of folded seats stay visible (everyone saw
them before they were turned over), as the betting history does.
"""
from stud.core.games import final_cards
from stud.core.actions import DRAW, VOLUNTARY


class SeatView:
    def __init__(self, hand, seat):
        n = hand.n
        self.seat = seat
        self.n = n
        self.game = hand.game["name"]
        self.wheel = hand.game["wheel"]
        self.final_cards = final_cards(hand.game)
        self.street = hand.street
        streets = hand.game["streets"]
        self.draw_game = DRAW in streets
        self.to_come = len(streets) - 1 - hand.street  # streets still to be dealt or drawn
        self.down = hand.down_cards(seat)
        self.up = [hand.up_cards(s) for s in range(n)]
        self.hidden = [len(hand.down[s]) for s in range(n)]  # how many down cards each holds
        self.folded = list(hand.folded)
        self.stacks = list(hand.stacks)
        self.total = list(hand.total)
        self.pot = hand.pot
        self.bet_size = hand.bet_size
        self.raises = hand.raises
        self.history = hand.history.copy()
        mine = hand.to_act == seat
        self.to_call = hand.to_call(seat) if mine else 0
        self.legal = hand.legal() if mine else []
        self.amounts = hand.amounts() if mine and self.legal else []  # bet/raise sizes

    def my_cards(self):
        return self.down + self.up[self.seat]

    def opponents(self):
        """Live seats other than mine, in deal order."""
        return [s for s in range(self.n) if s != self.seat and not self.folded[s]]

    def dead_cards(self):
        """Every up card on the table, folded hands' included."""
        out = bytearray()
        for s in range(self.n):
            if s != self.seat:
                out += self.up[s]
        return bytes(out)

    def voluntary(self, seat):
        """Did `seat` put chips in by choice this hand (call, bet, raise)?"""
        for street, s, word, chips in self.history:
            if s == seat and word in VOLUNTARY:
                return True
        return False
