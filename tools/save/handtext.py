"""A hand as readable text, written as it is played: the same lines for a hand kept in a
save (tools/save/history.py replays it move by move) and for a hand at the simulator's table
(tools/sim/sim.py's log), read from the engine's Hand - its stacks, history, cards and
result - and nothing else.

    HAND 3  CASINO 7 CARD STUD
      YOU 999, SID 990, JOE 1012
      ANTE 1 EACH
    3RD STREET: YOU [Ah 7d] 5c, SID [Kc 2s] Qd, JOE [9h 9c] 2d
      YOU BET 2                       (the forced bet: the table's word)
      ...
    7TH STREET: YOU [3c], JOE [Td]
      ...
      JOE SHOWS 9h 9c Ks Qd 8c (Td 2d): PAIR OF NINES
      YOU MUCKS Ah 5c 3c 7d 9s (8s 4d): ACE HIGH
    POT 57 to JOE

Each street's line has the cards it dealt ([down cards] in brackets); a draw names the
cards it brought.  A hand that reached the showdown lists every hand in the order they
were shown or mucked, each as the handheld's showdown shows it: the five that play in
hand order (stud.ui.screens.in_order_of), then the rest in parentheses.
"""
from stud.core import cards
from stud.core.actions import ANTE, CHECK, FOLD, SHOW, MUCK, DRAW
from stud.core.words import SAY
from stud.ui.screens import in_order_of

STREETS = {"tandy7": ("3RD STREET", "4TH STREET", "5TH STREET", "6TH STREET", "7TH STREET"),
           "casino7": ("3RD STREET", "4TH STREET", "5TH STREET", "6TH STREET", "7TH STREET"),
           "stud5": ("FIRST ROUND", "SECOND ROUND", "THIRD ROUND", "FOURTH ROUND"),
           "draw5": ("BEFORE THE DRAW", "AFTER THE DRAW")}


class HandText:
    """Follows one Hand: follow() returns the lines for what happened since its last
    call (the header and the first street's deal at the first call, the showdown and
    the pots once the hand is over).  `label` follows HAND: "3", "3 (DEMO)"."""

    def __init__(self, hand, names, label):
        self.h = hand
        self.names = names
        self.label = label
        self.written = 0        # history entries written
        self.street = -1        # the last street whose deal is written
        self.over = False       # the showdown and the pots are written

    def follow(self):
        h = self.h
        out = []
        if self.street < 0:
            out += self._header()
        history = h.history
        while self.written < len(history):
            st, seat, word, value = history[self.written]
            self.written += 1
            if word == ANTE:
                continue
            while self.street < st:
                out.append(self._deal(self.street + 1))
            out.append("  %s %s" % (self.names[seat], self._action(seat, word, value)))
        while self.street < h.street:
            out.append(self._deal(self.street + 1))
        if h.to_act is None and not self.over:
            self.over = True
            out += self._showdown()
        return out

    def _header(self):
        h = self.h
        won = h.result["amounts"] if h.result else [0] * h.n
        start = [h.stacks[s] + h.total[s] - won[s] for s in range(h.n)]
        antes = [value for _, _, word, value in h.history if word == ANTE]
        lines = ["HAND %s  %s" % (self.label, h.game["title"]),
                 "  " + ", ".join(["%s %d" % (self.names[s], start[s]) for s in range(h.n)])
                 + ("   pot carried in %d" % h.carry if h.carry else "")]
        if antes and min(antes) == max(antes):
            lines.append("  ANTE %d EACH" % antes[0])
        elif antes:
            lines.append("  ANTES " + ", ".join(["%s %d" % (self.names[s], v) for s, v in
                                                 zip(h.order, antes)]))
        return lines

    def _deal(self, street):
        """The street's line: its name and the cards it dealt each seat ([down] cards)."""
        self.street = street
        h = self.h
        kinds = h.game["streets"]
        dealt = []
        if kinds[street] != DRAW:
            before = sum([len(k) for k in kinds[:street] if k != DRAW])   # cards dealt before
            ups = h.ups(before)
            downs = before - ups
            d, u = kinds[street].count("d"), kinds[street].count("u")
            for s in h.order:
                down, up = h.down[s], h.up[s]
                if len(down) < downs + d or len(up) < ups + u:
                    continue            # passed before this street
                text = []
                if d:
                    text.append("[%s]" % cards.format(down[downs:downs + d]))
                if u:
                    text.append(cards.format(up[ups:ups + u]))
                dealt.append("%s %s" % (self.names[s], " ".join(text)))
        name = STREETS[h.game["name"]][street]
        return "%s:%s" % (name, " " + ", ".join(dealt) if dealt else "")

    def _action(self, seat, word, value):
        if word == DRAW:
            # one draw a hand: the positions drawn hold the cards it brought
            new = bytes([self.h.down[seat][p] for p in value])
            return "DRAWS %d: %s" % (len(value), cards.format(new)) if value else "STANDS PAT"
        if word in (CHECK, FOLD, SHOW, MUCK):
            return SAY[word]
        return "%s %d" % (SAY[word], value)

    def _showdown(self):
        h = self.h
        res = h.result
        lines = []
        for s in showing_order(h):
            hand, label = (res["shown"][s], "SHOWS") if s in res["shown"] else \
                (res["mucked"][s], "MUCKS")
            lines.append("  %s %s %s: %s" % (self.names[s], label, in_hand_order(hand),
                                             hand["name"]))
        for amount, eligible, winners in res["pots"]:
            who = " and ".join([self.names[s] for s in winners]) or "nobody (tie: the pot stays)"
            lines.append("POT %d to %s" % (amount, who))
        return lines


def showing_order(h):
    """The seats of a finished hand that reached the showdown, in the order they showed
    or mucked.  The engine fills result["shown"] and result["mucked"] each in that order
    (casino stud: the last aggressor first, then clockwise; the other games: deal
    order); going round the live seats from the first hand shown interleaves the two."""
    shown, mucked = h.result["shown"], h.result["mucked"]
    if not shown:
        return []
    live = h.live()
    first = live.index(next(iter(shown)))
    return [s for s in live[first:] + live[:first] if s in shown or s in mucked]


def in_hand_order(hand):
    """A showdown hand's cards as the handheld shows them: the five that play in hand
    order, then the others, high to low, in parentheses."""
    ordered = in_order_of(hand)
    five = len(hand["best"])
    rest = ordered[five:]
    return cards.format(ordered[:five]) + (" (%s)" % cards.format(rest) if rest else "")
