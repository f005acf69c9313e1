"""What a save may hold: every field against what the game can produce.  One definition,
applied by the reader (a file that fails is damage) and by the writer (it never writes
what the reader would refuse).  In the heap while either runs.
"""
from stud.core.compat import LIMIT
from stud.core.games import game as _game, VARIANTS
from stud.core import lazy
from stud.core.words import OUT, YOU
from stud.save.saved import Corrupt, BOOT_REPLAYS
from stud.save import record

MODEL_SIZES = (0, 9, 26)  # none; the first round's models (the bots start afresh); today's:
                          # stud.play.bots.MODEL_SIZE (save does not import play)


def checked(saved, newest=BOOT_REPLAYS, start=0):
    """Raise Corrupt unless every field is one the game could have written.  Every kept
    hand from number `start` (from 0) on must decode (its cards and moves are checked);
    the `newest` of them (None: all) must also replay to the end through the engine.
    (The writer starts at the hand kept since the last save: the others were checked
    when they came.)"""
    if saved.speed > 3 or saved.sound > 1 or saved.dealer > 1:
        raise Corrupt("settings out of range")
    names = saved.names
    if len(names) != 3:
        raise Corrupt("three positions expected")
    if names.count(OUT) == 3:
        raise Corrupt("no opponent seated")
    seated = [YOU] + names
    for game in saved.chips:
        chips = saved.chips[game]
        if chips[0] == 0:
            raise Corrupt("no chips of yours")
        for p in range(4):
            if not 0 <= chips[p] <= LIMIT or (seated[p] == OUT and chips[p]):
                raise Corrupt("chips out of range")
        carry = saved.carry.get(game, 0)
        if not 0 <= carry <= LIMIT or (carry and not _game(game)["tie_carries"]):
            raise Corrupt("a carried pot out of range")
    for p in saved.models:
        if len(saved.models[p]) not in MODEL_SIZES:
            raise Corrupt("a model of you has the wrong size")
    _check_stats(saved.stats)
    n = saved.count()
    first = 0 if newest is None else max(0, n - newest)
    mine = n - start > 1 and lazy.hold(VARIANTS)   # (the hands of every game: their
    try:                                            # values loaded once)
        for i in range(start, n):
            hand_checked(saved.record(i), i, i >= first)
    finally:
        if mine:
            lazy.drop(VARIANTS)


def hand_checked(rec, i, replay):
    """Raise Corrupt unless kept hand number i (from 0) decodes (and, if `replay`,
    replays to its end)."""
    try:
        r = record.decode(rec, replay)
        if r["names"][0] != YOU or OUT in r["names"]:
            raise ValueError("not a table this game seats")
        if replay and record.replay(r).to_act is not None:
            raise ValueError("it does not finish")
    except MemoryError:
        raise                              # not damage: the reader says so
    except Exception:
        raise Corrupt("hand %d does not replay" % (i + 1))


def _check_stats(st):
    for v in [st.hands, st.won, st.biggest_pot, st.best] + st.vs_hands:
        if not 0 <= v <= LIMIT:
            raise Corrupt("stats out of range")
    for v in [st.net, st.earlier] + st.vs_net:
        if not -LIMIT <= v <= LIMIT:
            raise Corrupt("stats out of range")
    if st.won > st.hands or max(st.vs_hands) > st.hands:
        raise Corrupt("stats out of range")
    if st.best and not real_value(st.best):
        raise Corrupt("the best hand is not a hand")


def real_value(value):
    """True if `value` is one the evaluator gives for some five cards: the cards are
    rebuilt from the value's rank masks and evaluated again."""
    from stud.core.evaluator import evaluate
    cls = value >> 26
    hi = (value >> 13) & 0x1FFF
    lo = value & 0x1FFF
    if cls > 8:
        return False
    ranks = []
    if cls in (4, 8):                          # straights: lo is the top rank
        if hi or not 3 <= lo <= 12:
            return False
        ranks = [(lo - i) % 13 for i in range(5)] if lo > 3 else [3, 2, 1, 0, 12]
    else:
        many = (1, 2, 2, 3, 0, 1, 3, 4)[cls]
        for r in range(13):
            if hi >> r & 1:
                ranks += [r] * many
            if lo >> r & 1:
                ranks += [r] * (2 if cls == 6 else 1)
    if len(ranks) != 5:
        return False
    suited = cls in (5, 8)
    deck = bytes([r * 4 + (0 if suited else i % 4) for i, r in enumerate(ranks)])
    if len(set(deck)) != 5:
        return False
    for wheel in (True, False):
        try:
            if evaluate(deck, wheel) == value:
                return True
        except Exception:
            return False
    return False
