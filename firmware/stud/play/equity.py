"""Chance to win, in per-mille, by Monte Carlo over the cards a seat cannot see.

Each sample deals the unseen cards - everything but my cards and every up
card on the table, folded hands' included - to complete my hand and each live
opponent's hidden and future cards, then compares final hands.  A tie counts
as a share.  All buffers are allocated once per estimate, none per sample, and
the clock is read every few samples so a decision never blocks the device for
longer than its budget.

Range-aware: an opponent who bet or called this hand does not hold any two cards.
Each sample is weighted by how likely each opponent's holding (the cards they
hold now, hidden ones as sampled) is to have done what they did (importance
sampling): rows[i] gives, for opponent i (in view.opponents() order), a weight
per 1024 for each strength class of that holding - high card, a pair, two
pair, three of a kind or better; rows=None deals everyone uniformly.  ranges()
builds the rows from the betting, LIKELY below: a likelihood per action level
and class, one seat's row believed only in part when the model says so.
"""
from stud.core.evaluator import evaluate
from stud.core.actions import WAGERS, CALL

try:
    from time import ticks_ms, ticks_diff
except ImportError:  # CPython
    from time import monotonic as _mono

    def ticks_ms():
        return int(_mono() * 1000)

    def ticks_diff(a, b):
        return a - b


# Per action level (what the seat did this hand: 0 nothing by choice, 1 called,
# 2 bet or raised once, 3 more than once, 4 bet or raised on the last betting round),
# the likelihood (per 1024) of that action from a holding of each class: high card,
# pair, two pair, trips or better.  A bet with no cards to come is made for value or
# as a bluff, never on a draw: it says more than an earlier bet (tools/lab/calls.py: the
# bots called 7th-street bets thinking they won 0.39-0.56 and won 0.02-0.32).
LIKELY = (
    (1024, 1024, 820, 640),
    (560, 1024, 1024, 1024),
    (300, 760, 1024, 1024),
    (150, 480, 900, 1024),
    (60, 300, 1024, 1024),
)


def ranges(view, human=None, doubt=None, tight=0):
    """Rows for estimate(): each live opponent's likelihood row for what they did this
    hand (level 0 nothing by choice, 1 called, 2 bet or raised once, 3 more often, 4 bet
    or raised on this round when it is the last); the row of seat `human` flattened
    toward uniform by doubt[level] per 1024 (what the model has seen of them: at 1024
    their actions say nothing), or with a doubt below zero sharpened: toward the row
    squared at -1024 (their actions say as much as twice a standard player's), on
    toward its fourth power at -2048; their one bet or raise is doubted as a steal
    (doubt[2]) only where it opened 3rd street, any other as a bet (doubt[3]).  tight: the
    seats (bit s for seat s; other bots', never `human`) whose bet on the last round is a
    value bet, its row squared (stud.play.bots.decide())."""
    wagers = bytearray(view.n)      # a seat's level less one, once it has bet or raised
    called = bytearray(view.n)
    last = -1 if view.to_come else view.street     # the last betting round, once it is here
    opened = stole = 0  # stole: `human`'s first bet or raise opened 3rd street (a steal)
    for street, s, word, chips in view.history:
        if word in WAGERS:
            if s == human and not wagers[s]:
                stole = not (street or opened)
            opened = 1
            wagers[s] = 3 if street == last else 2 if wagers[s] else 1
        elif word == CALL:
            called[s] = 1
    rows = []
    for s in view.opponents():
        lv = wagers[s] + 1 if wagers[s] else called[s]
        row = LIKELY[lv]
        f = doubt[lv + (lv == 2 and not stole)] if s == human and doubt else 0
        if tight >> s & 1 and lv == 4:
            f = -1024
        if f > 0:
            row = tuple([w + ((1024 - w) * f >> 10) for w in row])
        while f < 0:    # believed more: each 1024 squares the row (the same evidence twice)
            g = -1024 if f < -1024 else f
            row = tuple([w - ((w - (w * w >> 10)) * -g >> 10) for w in row])
            f -= g
        rows.append(row)
    return rows


def estimate(view, samples, rng, budget_ms=0, rows=None):
    """(per-mille chance to win, samples actually run) for the seat of `view`;
    rows: the opponents' likelihood rows (ranges()), or None for uniform deals."""
    final = view.final_cards
    wheel = view.wheel
    seen = bytearray(52)
    mine = bytearray(final)
    known = view.my_cards()
    k = len(known)
    mine[:k] = known
    for c in known:
        seen[c] = 1
    for c in view.dead_cards():
        seen[c] = 1
    opps = []
    fixed = []
    held = []       # the cards each opponent holds now (up, then hidden as sampled)
    for s in view.opponents():
        up = view.up[s]
        hand = bytearray(final)
        hand[:len(up)] = up
        opps.append(hand)
        fixed.append(len(up))
        # what they hold now is a prefix of the hand: a view of it, made once
        held.append(memoryview(hand)[:min(len(up) + view.hidden[s], final)] if rows else None)
    nopp = len(opps)
    npool = 52 - sum(seen)
    pool = bytearray(npool)
    j = 0
    for c in range(52):
        if not seen[c]:
            pool[j] = c
            j += 1
    bits = rng.getrandbits
    start = ticks_ms()
    won = 0
    total = 0
    done = 0
    samples = max(1, samples)
    while done < samples:
        m = npool
        for i in range(k, final):
            j = (bits(16) * m) >> 16
            m -= 1
            pool[j], pool[m] = pool[m], pool[j]
            mine[i] = pool[m]
        me = evaluate(mine, wheel)
        ties = 1
        w = 1024
        for o in range(nopp):
            hand = opps[o]
            for i in range(fixed[o], final):
                j = (bits(16) * m) >> 16
                m -= 1
                pool[j], pool[m] = pool[m], pool[j]
                hand[i] = pool[m]
            if rows:
                c = evaluate(held[o], wheel) >> 26
                w = (w * rows[o][c if c < 3 else 3]) >> 10
            if ties:
                v = evaluate(hand, wheel)
                if v > me:
                    ties = 0
                    if not rows:
                        break
                elif v == me:
                    ties += 1
        if ties:
            won += w * (1000 // ties)
        total += w
        done += 1
        if budget_ms and not done & 7 and ticks_diff(ticks_ms(), start) >= budget_ms:
            break
    return (won // total if total else 0), done
