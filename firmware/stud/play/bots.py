"""HAL, JOE and SID: one decision procedure, three parameter tables, and a model of you.

A bot sees a SeatView only.  It estimates its chance to win (stud.play.equity),
compares it with the price of calling and with its fair share of the pot, and
shifts its thresholds by its profile and by what it has learned of the human:
bluff less into a calling station, call lighter against a bluffer, steal more
from a rock (seed 000: "Hal, Joe, and Sid try to evaluate how you play").
All arithmetic is in integer per-mille.
"""
from stud.play.equity import estimate, ranges
from stud.core.actions import (FOLD, CHECK, CALL, BET, RAISE, COMPLETE, BRINGIN, DRAW, SHOW,
                               MUCK, WAGERS, VOLUNTARY, draw_word)
from stud.core.words import OPPONENTS
from stud.core.compat import const

# Which name plays which way is the cartridge's secret; it is never shown.
PROFILE_OF = dict(zip(OPPONENTS, ("balanced", "loose", "tight")))  # SID, JOE, HAL

# enter:   equity over the fair share (1000 / players) needed to put chips in voluntarily
# slack:   equity under the pot-odds price still good enough to call once in
# value:   equity over the fair share to bet or raise for value, heads-up (less with
#          more players in: _margin())
# bluff:   chance (per 1024) to bet or raise with a weak hand; semi: with a draw, early
PROFILES = {
    "loose": {"enter": -20, "slack": 30, "value": 60, "bluff": 150, "semi": 300},
    "balanced": {"enter": -10, "slack": 20, "value": 130, "bluff": 60, "semi": 150},
    "tight": {"enter": 30, "slack": -40, "value": 190, "bluff": 15, "semi": 40},
}

_NO_BLUFF = const(1024)    # a roll no bluff or semi-bluff rate reaches
_RERAISE = const(80)      # more equity needed for each raise already made this round
                          # (thresholds()' "reraise": less against a player shown bluffing)
_THINNEST = const(10)      # the thinnest value bet: this much over a fair share of the pot
SAMPLES = 120       # Monte Carlo samples per decision (range-aware: each costs about 1.4x
                    # a uniform one, so 120 keep a 3rd-street decision near 250 ms on a Pico) ...
BUDGET_MS = 250     # ... or fewer, when the device's clock says time is up

# The model of the human: byte counters of what they did in public, forgotten as they
# go so a change of style is followed.  Counts of hands are halved every _HALVE_AT / 2
# hands; the counters of each rate (bets faced and answers, bold and meek streets) are
# halved once they hold _EVENTS events, and by hands only while they hold more than
# _FLOOR: a loud style (a station calls every bet) is forgotten within a few dozen hands
# of a quiet one (a rock) that follows it, and a quiet style keeps enough evidence to
# be read.  Byte 0 says which layout this is (MODEL_VERSION; a save holding another
# layout or length starts a fresh model).
#   HANDS, SEEN       hands observed; fours of hands seen (saturating, never halved)
#   VPIP, RAISED      hands they put chips in by choice; hands they bet or raised 3rd street
#   AGGRESSIVE, PASSIVE   streets they bet, raised or completed on; streets they only
#                     called on (a raising war is one bold street)
#   FACED_LATE, CALLED_LATE   bets faced on 5th street and later; of those, called
#   SHOWS             showdowns they reached
#   FACED + k, FOLDED + k     per street k (0 = 3rd): bets faced, and folded to
#   SHOWN + 3a + c    showdowns by their last choice from 5th street on (a: 0 bet or
#                     raised, 1 called) and the class shown (c: 0 a pair or less,
#                     1 two pair, 2 three of a kind or better); BLUFFS = SHOWN + 0
# Every number decisions use is shrunk toward a standard player's (estimate()):
# a read is mild after 20 hands and firm after a few hundred.  SEL forgets it all.
MODEL_VERSION = 2
(VERSION, HANDS, SEEN, VPIP, RAISED, AGGRESSIVE, PASSIVE, FACED_LATE, CALLED_LATE,
 SHOWS) = range(10)
FACED = 10
FOLDED = 15
SHOWN = 20
BLUFFS = SHOWN
MODEL_SIZE = 26
_HALVE_AT = const(100)
_EVENTS = const(48)   # the most evidence kept per rate, in events (_forget()) ...
_FLOOR = const(12)    # ... and the least that forgetting by hands leaves
_BY_HANDS = bytes((HANDS, VPIP, RAISED, SHOWS) + tuple(range(SHOWN, SHOWN + 6)))
_RATES = bytes((AGGRESSIVE, PASSIVE, FACED_LATE, CALLED_LATE) +
               tuple(x for k in range(5) for x in (FACED + k, FOLDED + k)))
SURE = 50           # hands until a read of you is acted on in full
RAMP = 600          # hands until their first impression of you has faded away

# Seed 000: a new player is "ripe for plucking": they probe with bluffs and take
# your bets at face value until they know better.
_PRIOR = {"bluff": 250, "slack": -80}

# A standard player's numbers (per-mille) and how many events the prior is worth.
_PRIOR_VPIP = const(450)
_PRIOR_CALL_LATE = const(550)
_PRIOR_FOLD = const(350)
_PRIOR_FOLD_FIRST = const(500)  # to a bet on the first round (3rd street: the bring-in, a steal)
_PRIOR_WEAK_BET = const(150)   # of the hands shown down after betting late, a pair or less
_PRIOR_WEIGHT = const(12)
_RARE_ENTRY = const(300)   # entering fewer hands than this, bets say more (doubts()) ...
_RARE_FULL = const(100)    # ... in full this far under it


def new_model():
    m = bytearray(MODEL_SIZE)
    m[VERSION] = MODEL_VERSION
    return m


def shrunk(num, den, prior, weight=_PRIOR_WEIGHT):
    """Per-mille estimate of num / den that starts at `prior` and firms up with evidence."""
    return (num * 1000 + prior * weight) // (den + weight)


def _bump(model, i):
    if model[i] < 255:
        model[i] += 1


def observe(model, seat, history, shown):
    """Learn from one finished hand, from what was public: the betting and the showdown."""
    if model[HANDS] >= _HALVE_AT:
        for i in _BY_HANDS:
            model[i] >>= 1
        _forget(model, _FLOOR)
    model[HANDS] += 1
    if model[SEEN] < 255 and not model[HANDS] & 3:
        model[SEEN] += 1
    entered = False
    raised = False
    last = -1       # their last choice from 5th street on: 0 bet or raised, 1 called
    bold = meek = 0     # the streets they bet or raised on; the streets they only called on
    for street, s, word, chips in history:
        if s != seat:
            continue
        if word in VOLUNTARY:
            entered = True
        if word in WAGERS:
            bold |= 1 << street
            if street == 0:
                raised = True
            if street >= 2:
                last = 0
        elif word == CALL:
            meek |= 1 << street
            if street >= 2:
                last = 1
        if word in (CALL, FOLD, RAISE):     # answers to a bet (streets 0-4)
            _bump(model, FACED + street)
            if word == FOLD:
                _bump(model, FOLDED + street)
            if street >= 2:
                _bump(model, FACED_LATE)
                if word == CALL:
                    _bump(model, CALLED_LATE)
    while bold or meek:     # a street counts once: a raising war is one bold street
        if bold & 1:
            _bump(model, AGGRESSIVE)
        elif meek & 1:
            _bump(model, PASSIVE)
        bold >>= 1
        meek >>= 1
    if entered:
        _bump(model, VPIP)
    if raised:
        _bump(model, RAISED)
    if seat in shown:
        _bump(model, SHOWS)
        if last >= 0:
            c = (shown[seat]["value"] >> 26) - 1
            _bump(model, SHOWN + 3 * last + (0 if c < 0 else 2 if c > 2 else c))
    _forget(model, _EVENTS)


def _forget(model, most):
    """Halve each rate's counters whose evidence passes `most` events (the bets faced,
    or for aggression the bets, raises and calls together)."""
    for j in range(0, len(_RATES), 2):
        a = _RATES[j]
        b = _RATES[j + 1]
        if model[a] + (model[b] if a == AGGRESSIVE else 0) > most:
            model[a] >>= 1
            model[b] >>= 1


def numbers(model):
    """What decisions use, per-mille and shrunk toward a standard player: (how often
    they enter, call a bet late, fold to a bet on 4th-7th street, the share of weak
    hands - a pair or less - they show down after betting late)."""
    faced = folded = 0
    for k in range(1, 5):
        faced += model[FACED + k]
        folded += model[FOLDED + k]
    return (shrunk(model[VPIP], model[HANDS], _PRIOR_VPIP),
            shrunk(model[CALLED_LATE], model[FACED_LATE], _PRIOR_CALL_LATE),
            shrunk(folded, faced, _PRIOR_FOLD),
            shrunk(model[BLUFFS], model[BLUFFS] + model[BLUFFS + 1] + model[BLUFFS + 2],
                   _PRIOR_WEAK_BET))


def thresholds(profile, model=None, alone=True, entered=False, street=1):
    """The profile's table, shifted by the model's numbers (in full once it has seen
    SURE hands) and by a first impression that fades over RAMP hands.

    Only a clear lean moves a threshold: bet thinner for value into players who call
    late too often (a read of a station takes loose down to the thinnest value bet);
    bluff more into players whose folds to a bet on this betting round (`street`: the
    first round's rate on 3rd street, where most players fold more, the later rounds'
    after it) make a bluff pay (more than a bet's share of the pot, about a third), less
    into players who never fold; steal (bluff) from players who rarely enter while they
    have not entered this hand (`entered`: once in, a player who rarely enters holds a
    strong hand), without calling their entries lighter; once they are in, bluff and
    semi-bluff less by doubts()' credit (none once the read of two entries in ten is
    firm): a strong hand does not fold.  A bluff must get through everyone, so more
    bluffs only while the modelled player is the one opponent left (`alone`); fewer
    bluffs whoever else is in.  No lighter calls for aggression as such
    (a tight player's bets are strong): the range-aware equity doubts the bets of a
    player shown bluffing instead (doubts()), and while that player is the one opponent
    left their raises say as little: each raise already made asks for less over the
    value margin ("reraise"), so a scare-card bluffer or a maniac raising into a good
    hand is raised back."""
    p = dict(PROFILES[profile])
    p["reraise"] = _RERAISE
    if model is None:
        return p
    enter, call_late, fold, weak_bet = numbers(model)
    shift = {"enter": 0, "slack": 0, "value": 0, "bluff": 0, "semi": 0}
    over = call_late - 650
    if over > 0:
        shift["value"] -= over * 4 // 10
    prior = _PRIOR_FOLD
    if street == 0:     # a rock folds most hands to a steal and calls down the rest
        prior = _PRIOR_FOLD_FIRST
        fold = shrunk(model[FOLDED], model[FACED], prior)
    if fold > prior + 100 or fold < prior:
        shift["bluff"] += p["bluff"] * (fold - prior) // prior
        shift["semi"] += p["semi"] * (fold - prior) // (2 * prior)
    if not entered:     # steal: bluff at them more before they come in
        shift["bluff"] += max(0, 350 - enter)
    else:       # once in, fewer bluffs at a player who enters rarely (doubts()' credit)
        credit = _rare(enter)
        shift["bluff"] -= p["bluff"] * credit // 1024
        shift["semi"] -= p["semi"] * credit // 1024
    seen = 4 * model[SEEN] + (model[HANDS] & 3)
    sure = min(seen, SURE)
    fade = RAMP - min(seen, RAMP) if alone else 0
    for key in shift:
        move = (shift[key] * sure) // SURE
        if key in ("bluff", "semi") and move > 0 and not alone:
            move = 0
        p[key] += (_PRIOR.get(key, 0) * fade) // RAMP + move
    if alone:
        p["reraise"] -= _RERAISE * _doubt(weak_bet - _PRIOR_WEAK_BET, 450) * sure // (1024 * SURE)
    return p


def decide(view, profile, rng, model=None, human=None, samples=SAMPLES, budget_ms=BUDGET_MS):
    """(word, equity per-mille) for the seat of `view`.

    `model` describes seat `human`; it shifts the thresholds only while that seat
    is still in the hand against us.
    """
    legal = view.legal
    if legal == [DRAW]:
        return draw(view, profile, rng, samples, budget_ms), -1
    if len(legal) == 1:
        return legal[0], -1
    if legal == [SHOW, MUCK]:
        return MUCK, -1  # opponents never show a beaten hand
    if human is None or human == view.seat or view.folded[human]:
        model = None
    eq, _ = estimate(view, samples, rng, budget_ms,
                     ranges(view, human, None if model is None else doubts(model)))
    if model is None:
        p = thresholds(profile)
    else:
        p = thresholds(profile, model, len(view.opponents()) == 1, view.voluntary(human),
                       view.street)
    return sized(view, p, eq, choose(view, p, eq, rng.getrandbits(10))), eq


def doubts(model):
    """Per action level (stud.play.equity.ranges), per 1024: how far the human's actions
    say less than a standard player's - their calls, by how often they call a bet late;
    their bets and raises, by the share of weak hands they show down after betting late
    - or, below zero, say more: a player who enters fewer than three hands in ten (in
    full at two in ten) holds little while they have not put chips in by choice (the
    standard row squared), more once they call (draws among them: half way to the row
    squared) and most when they bet or raise (the fourth power: a tight player bets
    what it has; believed only squared, tools/lab/baselines.py's tag lost fewer chips to
    the bots).  Not a looser player's: a scare-card bluffer enters about three in ten,
    and its bets say little."""
    enter, call_late, fold, weak_bet = numbers(model)
    credit = _rare(enter)
    calls = _doubt(call_late - _PRIOR_CALL_LATE, 400) - credit // 2
    bets = _doubt(weak_bet - _PRIOR_WEAK_BET, 450) - 2 * credit
    return (-credit, calls, bets, bets, bets)


def _rare(enter):
    """Per 1024: how far a player's entering (per-mille) is under _RARE_ENTRY, in full
    _RARE_FULL under it: how much more a rarely-entering player's entries say."""
    return _doubt(_RARE_ENTRY - enter, _RARE_FULL)


def _doubt(over, full):
    """Per 1024: how far a number `over` a standard player's goes toward `full` over."""
    d = over * 1024 // full
    return 0 if d < 0 else 1024 if d > 1024 else d


def sized(view, p, eq, word):
    """Where the game offers sizes (draw's 25-100, casino's open-pair big bet), bet big
    with a big edge and small otherwise."""
    if word not in (BET, RAISE) or len(view.amounts) < 2:
        return word
    fair = 1000 // (1 + len(view.opponents()))
    edge = eq - fair - _margin(p, fair)
    sizes = view.amounts
    k = 0 if edge < 0 else min(len(sizes) - 1, edge * len(sizes) // 300)
    return "%s:%d" % (word, sizes[k])


def _margin(p, fair):
    """The equity over a fair share a value bet needs.  The profile's margin ("value")
    is for a heads-up pot, a fair share of 500; with more players in, a favourite's edge
    over its smaller share is smaller too, so the margin shrinks half as fast as the
    share (3/4 of it four ways: in full proportion tight bet as often as balanced)."""
    return max(p["value"] * (fair + 500) // 1000, _THINNEST)


def choose(view, p, eq, roll):
    """The decision procedure: equity against fair share and pot odds, plus bluffs.

    Value bets and raises need more equity than a fair share of the pot (never less,
    whatever the model says), and more again for every raise already made this round:
    nobody re-raises into strength without the hand for it.  Bluffs are bets into
    checks (and steals of the bring-in); semi-bluffs are bets or a first raise with
    cards to come - never a raise into a raise.  Facing a bet, a hand calls by pot odds
    (with the profile's slack) and folds below them."""
    legal = view.legal
    fair = 1000 // (1 + len(view.opponents()))
    aggressive = None
    for word in (RAISE, BET, COMPLETE):
        if word in legal:
            aggressive = word
    early = view.to_come >= (1 if view.draw_game else 2)  # cards to come to draw on
    to_call = view.to_call
    if aggressive:
        # a bet faced after 3rd street is strength shown, like a raise
        shown = view.raises + (1 if to_call and view.street else 0)
        if eq >= fair + _margin(p, fair) + p["reraise"] * shown:
            return aggressive
        if not shown:    # nobody has shown strength: pressure is still cheap
            if early and eq >= fair - 80 and roll < p["semi"]:
                return aggressive      # semi-bluff: a draw with cards to come
            if eq < fair and roll < p["bluff"]:
                return aggressive      # bluff: a bet into checks, or a steal
    if BRINGIN in legal:
        return BRINGIN       # the bring-in's choice, not completing
    if not to_call:
        return CHECK
    price = to_call * 1000 // (view.pot + to_call)
    if not view.voluntary(view.seat) and eq < fair + p["enter"]:
        return FOLD
    if eq + min(p["slack"], price // 2) >= price:
        return CALL
    return FOLD


def auto(view, rng, samples=SAMPLES, budget_ms=BUDGET_MS):
    """AUTO: the computer decides for you, as the balanced player would (no model)."""
    return decide(view, "balanced", rng, samples=samples, budget_ms=budget_ms)[0]


def hint(view, rng, samples=2 * SAMPLES, budget_ms=BUDGET_MS):
    """HINT: (recommended word, your chance to win per-mille), without acting.

    Advice is the balanced player's straight play: it never suggests a bluff."""
    if not view.legal:
        raise ValueError("it is not your turn")
    eq, _ = estimate(view, samples, rng, budget_ms, ranges(view))
    return choose(view, thresholds("balanced"), eq, _NO_BLUFF), eq


# ---- the draw (stud.play.discard, imported only when a draw game asks) -------------------

def draw(view, profile, rng, samples=SAMPLES, budget_ms=BUDGET_MS):
    """The discard with the best equity among the options worth weighing, as 'draw:i,j'."""
    from stud.play.discard import draw as best
    return best(view, profile, rng, samples, budget_ms)


def draw_options(cards, profile):
    from stud.play.discard import draw_options as options
    return options(cards, profile)


def cheap(legal, to_call, pot):
    """A decision that needs no memory to speak of: when thinking ran out of heap."""
    for word in (CHECK, BRINGIN, MUCK):
        if word in legal:
            return word
    if DRAW in legal:
        return draw_word(())
    if CALL in legal and to_call * 4 <= pot:
        return CALL
    return legal[0]
