"""Play one casino7 hand on our engine and on pokerkit's FixedLimitSevenCardStud in
lockstep (test-only; pokerkit never goes on the device)."""
import random
import warnings

from pokerkit import Automation, FixedLimitSevenCardStud

from stud.core.cards import name
from stud.core.engine import Hand

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def pk_state(stacks):
    return FixedLimitSevenCardStud.create_state(AUTOMATIONS, False, 1, 2, 5, 10, list(stacks),
                                                len(stacks))


def pk_legal(state):
    """pokerkit's options in our words (classes: bringin, wager, call, fold)."""
    out = set()
    if state.can_post_bring_in():
        out.add("bringin")
    if state.can_complete_bet_or_raise_to():
        out.add("wager")
    if state.can_check_or_call():
        out.add("call")
    if state.can_fold():
        out.add("fold")
    return out


def our_legal(hand):
    out = set()
    for w in hand.legal():
        if w in ("bet", "raise", "complete"):
            out.add("wager")
        elif w in ("check", "call"):
            out.add("call")
        else:
            out.add(w)
    return out


def _deal(state, hand, given):
    """Deal pokerkit the very cards our engine dealt each seat (it warns that they are
    not from the top of its own shuffled deck; that is the point)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        while state.can_deal_hole():
            p = state.hole_dealee_index
            state.deal_hole(name(hand.cards(p)[given[p]]))
            given[p] += 1


def play(stacks, seed, deck=None, script=None):
    """Random common actions (or `script`'s, then "call") until the hand ends; returns
    (hand, state, steps).  Raises AssertionError with the step where the two disagree."""
    rng = random.Random(seed)
    if deck is None:
        deck = bytes(random.Random(seed * 7 + 1).sample(range(52), 52))
    scripted = script is not None
    script = list(script or [])
    hand = Hand("casino7", stacks, deck=deck)
    state = pk_state(stacks)
    given = [0] * len(stacks)
    steps = 0
    while True:
        _deal(state, hand, given)
        if hand.to_act is None:
            break
        assert state.actor_index == hand.to_act, (
            "step %d: pokerkit has seat %s to act, we have %s" % (steps, state.actor_index, hand.to_act))
        ours, theirs = our_legal(hand), pk_legal(state)
        assert ours == theirs, "step %d seat %d: we allow %s, pokerkit %s (history %s)" % (
            steps, hand.to_act, sorted(ours), sorted(theirs), list(hand.history))
        if script:
            choice = script.pop(0)
            assert choice in ours, "step %d: scripted %s, legal %s" % (steps, choice, sorted(ours))
        elif scripted:
            choice = "call" if "call" in ours else sorted(ours)[0]
        else:
            choice = rng.choice(sorted(ours))
        word = {"wager": [w for w in hand.legal() if w in ("bet", "raise", "complete")],
                "call": [w for w in hand.legal() if w in ("check", "call")]}.get(choice, [choice])[0]
        hand.act(word)
        if choice == "bringin":
            state.post_bring_in()
        elif choice == "wager":
            state.complete_bet_or_raise_to()
        elif choice == "call":
            state.check_or_call()
        else:
            state.fold()
        steps += 1
    _deal(state, hand, given)
    assert not state.status, "pokerkit's hand is still running when ours is over"
    return hand, state, steps
