"""Casino 7-card stud hands in the Poker Hand History format (PHH, TOML): the `F7S`
variant, fixed-limit seven card stud, which pokerkit's HandHistory reads and replays
with its FixedLimitSevenCardStud (tools/save/history.py --phh).

    variant = "F7S"
    antes = [1, 1, 1]
    bring_in = 2
    small_bet = 5
    big_bet = 10
    starting_stacks = [999, 999, 999]
    actions = [
      # 3rd street
      "d dh p1 9c8h4c",             (down, down, up: the order F7S deals them)
      ...
      "p1 pb",                      (the bring-in; "cbr 5" completes)
      "p2 cbr 10",                  (complete, bet or raise TO this street's total)
      ...
      "p3 sm 3c3dQh7s5h6dJc",       (shows: every card, in the order dealt)
      "p2 sm",                      (mucks)
    ]
    hand = 3
    players = ["YOU", "SID", "JOE"]
    finishing_stacks = [985, 990, 1024]

Players are numbered from the seat after the dealer, as PHH numbers stud players.
pokerkit's showdown comes when the betting is over for good: after the last street,
or as soon as at most one live player has chips left (then the rest is dealt with a
showdown after each card that is dealt face down).  The hands are shown or mucked
there, in the order they were shown or mucked at our showdown.

A hand F7S cannot say exactly is not written: Inexpressible says why, in one line.
  - tandy7, stud5, draw5: no PHH variant plays them.
  - casino7 with a 10-chip bet or raise on 4th street (the open-pair option of
    seeds 002 and 003): pokerkit's 4th street is the small bet only.
  - casino7 where a mucked hand still won chips (a side pot it was best for): our
    pot goes to the best live hand, shown or not; in PHH a muck gives it up.
"""
import json

from tools.save import handtext
from stud.core.actions import ANTE, FOLD, CHECK, CALL, BET, RAISE, COMPLETE, BRINGIN, SHOW, MUCK
from stud.core.cards import name
from stud.save import record

VARIANT = "F7S"
GAME = "casino7"
WHY_NOT = {
    "tandy7": "PHH has no 7 Card Stud Limit Raise: its 1-chip forced bet opens the betting "
              "and raises add 3, then 5",
    "stud5": "PHH has no five card stud",
    "draw5": "PHH has no five card draw for high hands (its draw games are lowball)",
}


class Inexpressible(ValueError):
    """The hand cannot be written in PHH exactly; the message says why."""


def dumps(rec, number=None):
    """The PHH text (TOML) of a decoded record (stud.save.record.decode) of a finished
    hand; `number` is written as the hand's `hand` field.  Inexpressible if F7S cannot
    say it."""
    if rec["game"] != GAME:
        raise Inexpressible(WHY_NOT[rec["game"]])
    h = record.replay(rec)
    if h.to_act is not None:
        raise ValueError("the hand does not finish")
    seats = list(h.order)               # PHH's p1 is the seat after the dealer
    actions = _actions(h, seats, rec["stacks"])
    g = h.game
    fields = [("variant", VARIANT),
              ("antes", [g["ante"]] * h.n),
              ("bring_in", g["bringin"]),
              ("small_bet", g["bets"][0]),
              ("big_bet", g["bets"][-1]),
              ("starting_stacks", [rec["stacks"][s] for s in seats])]
    lines = ["%s = %s" % (key, json.dumps(value)) for key, value in fields]
    lines.append("actions = [")
    lines += ["  " + (a if a.startswith("#") else json.dumps(a) + ",") for a in actions]
    lines.append("]")
    if number is not None:
        lines.append("hand = %d" % number)
    lines.append("players = %s" % json.dumps([rec["names"][s] for s in seats]))
    lines.append("finishing_stacks = %s" % json.dumps([h.stacks[s] for s in seats]))
    return "\n".join(lines) + "\n"


def _actions(h, seats, start):
    """The PHH action lines (and street comments) of a finished casino7 hand."""
    g = h.game
    player = dict((s, "p%d" % (i + 1)) for i, s in enumerate(seats))
    if h.carry:
        raise Inexpressible("a pot carried in from a tie: F7S has none")
    order = handtext.showing_order(h)
    stacks = list(start)                # followed to see when the betting is over for good
    live = list(seats)                  # pokerkit's players still in: not folded or mucked
    seen = dict((s, 0) for s in seats)  # cards each has shown so far
    dealt = dict((s, 0) for s in seats)
    back = dict((s, 0) for s in seats)  # bets nobody matched, returned as pokerkit does
    history = list(h.history)
    out = []
    for street in range(h.street + 1):
        out.append("# %s" % handtext.STREETS[GAME][street].lower())
        count = len(g["streets"][street])
        for s in seats:
            if s in live:
                cards = h.cards(s)[dealt[s]:dealt[s] + count]
                dealt[s] += count
                out.append("d dh %s %s" % (player[s], "".join([name(c) for c in cards])))
        committed = dict((s, 0) for s in seats)
        level = 0
        for st, seat, word, chips in history:
            if st != street or word in (SHOW, MUCK):
                continue
            stacks[seat] -= chips
            if word == ANTE:
                continue
            committed[seat] += chips
            if word == FOLD:
                live.remove(seat)
                out.append("%s f" % player[seat])
            elif word in (CHECK, CALL):
                out.append("%s cc" % player[seat])
            elif word == BRINGIN:
                out.append("%s pb" % player[seat])
            elif word in (BET, RAISE, COMPLETE):
                if street == 1 and committed[seat] - level > g["bets"][1]:
                    raise Inexpressible("a %d-chip %s on 4th street (the open-pair option): "
                                        "F7S bets %d there"
                                        % (committed[seat] - level, word, g["bets"][1]))
                level = committed[seat]
                out.append("%s cbr %d" % (player[seat], level))
        bets = sorted(committed.values())
        for s in seats:
            back[s] += max(0, committed[s] - bets[-2])
        last = street == len(g["streets"]) - 1
        if len(live) > 1 and (last or len([s for s in live if stacks[s] > 0]) <= 1):
            out += _showdown(h, order, live, player, seen, dealt, last)
    _check_mucks(h, player, back)
    return out


def _check_mucks(h, player, back):
    """Inexpressible if a mucked hand won chips beyond its own bets that nobody matched
    (pokerkit hands those back before the showdown): our pot goes to the best live
    hand, shown or not, where a muck in PHH gives up every pot."""
    res = h.result
    for s in res["mucked"]:
        if res["amounts"][s] > back[s]:
            raise Inexpressible("%s mucked a hand that still won %d chips (the best live hand "
                                "takes each pot); in PHH a muck gives them up"
                                % (player[s], res["amounts"][s] - back[s]))


def _showdown(h, order, live, player, seen, dealt, last):
    """pokerkit's showdown: each live player with a card not yet face up shows every
    card dealt to it, or mucks (and is out).  Before the last card (all in) every hand
    still in is shown, as casino stud tables all-in hands: a muck there would give the
    pot up before the cards that decide it are dealt."""
    out = []
    for s in order:
        if s not in live or not _hidden(h.game, seen[s], dealt[s]):
            continue
        if s in h.result["shown"] or not last:
            seen[s] = dealt[s]
            out.append("%s sm %s" % (player[s], "".join([name(c) for c in h.cards(s)[:dealt[s]]])))
        else:
            live.remove(s)
            out.append("%s sm" % player[s])
    return ["# showdown"] + out if out else []


def _hidden(g, seen, dealt):
    """Was a card dealt face down among the player's cards seen..dealt-1?"""
    kinds = "".join(g["streets"])
    return "d" in kinds[seen:dealt]
