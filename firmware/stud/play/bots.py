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
                               MUCK, WAGERS)
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

_STEAL = const(100)       # a steal of the modelled player's bring-in asks this much more
                          # of his folds than the price of the completion (choose())
_RERAISE = const(80)      # more equity needed for each raise already made this round
                          # (thresholds()' "reraise": less against a player shown bluffing)
_THINNEST = const(10)      # the thinnest value bet: this much over a fair share of the pot
_RESPECTED = const(200)    # HAL bets the last round into JOE alone with any hand under this
                           # (decide(): JOE takes that bet for a value bet and folds)
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
#   HANDS, _SEEN       hands observed; fours of hands seen (saturating, never halved)
#   VPIP              hands they put chips in by choice
#   _CHANCES, _RAISED   hands they acted on an unopened 3rd street (the bring-in's forced
#                     chip opens nothing); of those, hands they raised it (stole)
#   AGGRESSIVE, PASSIVE   streets they bet, raised or completed on; streets they only
#                     called on (a raising war is one bold street)
#   FACED_LATE, CALLED_LATE   bets faced on 5th street and later; of those, called
#   FACED + k, FOLDED + k     per street k (0 = 3rd): bets faced, and folded to (their
#                     own raise of an unopened 3rd street answers none: counted as an
#                     answer, a thief's steals read as a player who never folds there)
#   SHOWN + c         showdowns after their last choice from 5th street on was a bet or
#                     raise, by the class shown (c: 0 a pair or less, 1 two pair, 2 three
#                     of a kind or better); BLUFFS = SHOWN + 0
#   _STOLE_ON, _GAVE_UP hands they went on to 4th street after raising an unopened 3rd;
#                     of those, hands they gave it up (neither bet nor raised on 4th)
# Version 2 (the same 26 bytes) kept other counts where _CHANCES, _RAISED, _STOLE_ON and
# _GAVE_UP are: its model keeps the rest and counts those afresh (new_model()).
# Every number decisions use is shrunk toward a standard player's (estimate()):
# a read is mild after 20 hands and firm after a few hundred.  SEL forgets it all.
MODEL_VERSION = 3
(VERSION, HANDS, _SEEN, VPIP, _RAISED, AGGRESSIVE, PASSIVE, FACED_LATE, CALLED_LATE) = range(9)
_CHANCES = const(9)
FACED = 10
FOLDED = 15
SHOWN = 20
BLUFFS = SHOWN
_STOLE_ON = const(23)
_GAVE_UP = const(24)
MODEL_SIZE = 26
_HALVE_AT = const(100)
_EVENTS = const(48)   # the most evidence kept per rate, in events (_forget()) ...
_FLOOR = const(12)    # ... and the least that forgetting by hands leaves
_BY_HANDS = bytes((HANDS, VPIP, SHOWN, SHOWN + 1, SHOWN + 2))
_RATES = bytes((AGGRESSIVE, PASSIVE, FACED_LATE, CALLED_LATE, _CHANCES, _RAISED, _STOLE_ON, _GAVE_UP) +
               tuple(x for k in range(5) for x in (FACED + k, FOLDED + k)))
SURE = 50           # hands until a read of you is acted on in full
RAMP = 600          # hands until their first impression of you has faded away

# Seed 000: a new player is "ripe for plucking": they probe with bluffs and take
# your bets at face value until they know better (thresholds(): bluff 250 more, slack
# 80 less, fading).

# A standard player's numbers (per-mille) and how many events the prior is worth.
_PRIOR_VPIP = const(450)
_PRIOR_CALL_LATE = const(550)
_PRIOR_FOLD = const(350)
_PRIOR_FOLD_FIRST = const(500)  # to a bet on the first round (3rd street: the bring-in, a steal)
_PRIOR_WEAK_BET = const(150)   # of the hands shown down after betting late, a pair or less
# (and of the unopened 3rd streets, 250 raised; of the 4th streets after such a raise,
# 400 given up: numbers())
_PRIOR_WEIGHT = const(12)
_RARE_ENTRY = const(300)   # entering fewer hands than this, bets say more (doubts()) ...
_RARE_FULL = const(100)    # ... in full this far under it


def new_model(model=None):
    """A fresh model; or `model`, saved in version 2's layout, brought to this one (done
    the first time it is read or added to: the counters that layout kept elsewhere start
    afresh, the rest are kept)."""
    if model is None:
        model = bytearray(MODEL_SIZE)
    if model[VERSION] != MODEL_VERSION:
        model[VERSION] = MODEL_VERSION
        for i in (_RAISED, _CHANCES, _STOLE_ON, _GAVE_UP, _GAVE_UP + 1):
            model[i] = 0
    return model


def shrunk(n, d, prior, weight=_PRIOR_WEIGHT):
    """Per-mille estimate of n / d that starts at `prior` and firms up with evidence."""
    return (n * 1000 + prior * weight) // (d + weight)


def _bump(model, i):
    if model[i] < 255:
        model[i] += 1


def observe(model, seat, history, shown):
    """Learn from one finished hand, from what was public: the betting and the showdown."""
    new_model(model)
    if model[HANDS] >= _HALVE_AT:
        for i in _BY_HANDS:
            model[i] >>= 1
        _forget(model, _FLOOR)
    model[HANDS] += 1
    if model[_SEEN] < 255 and not model[HANDS] & 3:
        model[_SEEN] += 1
    opened = last = False   # last: their last choice from 5th street on was a bet or raise
    raised = 0      # 1: they raised an unopened 3rd street; 2: and went on to 4th
    bold = meek = 0     # the streets they bet or raised on; the streets they only called on
    for street, s, word, chips in history:
        wager = word in WAGERS
        steal = False   # a raise of an unopened 3rd street answers no bet
        if not street and not opened:
            if s == seat and (wager or word in (FOLD, CHECK, CALL)):
                _bump(model, _CHANCES)
                raised = steal = wager
            opened = wager
        if s != seat:
            continue
        if street == 1 and raised:
            raised = 2
        if wager:
            bold |= 1 << street
        elif word == CALL:
            meek |= 1 << street
        if street >= 2 and (wager or word == CALL):
            last = wager
        if word in (CALL, FOLD, RAISE) and not steal:   # answers to a bet (streets 0-4)
            _bump(model, FACED + street)
            if word == FOLD:
                _bump(model, FOLDED + street)
            if street >= 2:
                _bump(model, FACED_LATE)
                if word == CALL:
                    _bump(model, CALLED_LATE)
    if bold or meek:    # chips put in by choice
        _bump(model, VPIP)
    if raised:
        _bump(model, _RAISED)
        if raised > 1:
            _bump(model, _STOLE_ON)
            if not bold & 2:    # gave up on 4th street: no bet or raise there
                _bump(model, _GAVE_UP)
    while bold or meek:     # a street counts once: a raising war is one bold street
        if bold & 1:
            _bump(model, AGGRESSIVE)
        elif meek & 1:
            _bump(model, PASSIVE)
        bold >>= 1
        meek >>= 1
    if last and seat in shown:
        c = (shown[seat]["value"] >> 26) - 1
        _bump(model, SHOWN + (0 if c < 0 else 2 if c > 2 else c))
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
    hands - a pair or less - they show down after betting late; then, per 1024, how
    little their raise of an unopened 3rd street says: none from a standard player, who
    raises 250 per-mille of them, nothing (1024) from one who raises 800 or more, about
    all the shrinkage lets 48 chances show of a player who raises every one; and,
    per-mille again, how often they give up 4th street after such a raise)."""
    new_model(model)
    faced = folded = 0
    for k in range(1, 5):
        faced += model[FACED + k]
        folded += model[FOLDED + k]
    return (shrunk(model[VPIP], model[HANDS], _PRIOR_VPIP),
            shrunk(model[CALLED_LATE], model[FACED_LATE], _PRIOR_CALL_LATE),
            shrunk(folded, faced, _PRIOR_FOLD),
            shrunk(model[BLUFFS], model[BLUFFS] + model[BLUFFS + 1] + model[BLUFFS + 2],
                   _PRIOR_WEAK_BET),
            _doubt(shrunk(model[_RAISED], model[_CHANCES], 250) - 250, 550),
            shrunk(model[_GAVE_UP], model[_STOLE_ON], 400))


def thresholds(profile, model=None, alone=True, entered=False, street=1, facing=False):
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
    hand is raised back.  On 4th street, bet thinner for value into a player who gives
    4th street up after raising 3rd (half the excess over a standard 400 per-mille off
    the margin) while he is the one opponent left (the others gave nothing up) and has
    not bet (`facing`: his bet there is a hand, and raising it
    thinner cost the balanced bot 3.5 chips/100): more bluffs there cost the balanced bot
    17 chips/100 heads-up against tools/lab/baselines.py's stealer, which calls a bet by
    its price, and re-raising its steals cost 5-9 (tools/lab/model_gain.py, 2,000 hands);
    with a quarter off, bets and raises alike, its model earned it +9.7 chips/100 there,
    with half off bets only +12.5 (20,000 hands, 40 samples, seed 1).  On 3rd street,
    while he is the one opponent left and has not come in (his bring-in alone), "steal"
    says how often he folds to a raise there, shrunk, and nothing before SURE hands
    have shown it in full (choose() completes any three cards when that pays; "hold":
    the tight bot, who at four seats calls it with a hand worth a call)."""
    p = dict(PROFILES[profile])
    p["reraise"] = _RERAISE
    if model is None:
        return p
    enter, call_late, fold, weak_bet, steal, give_up = numbers(model)
    value = -(max(0, call_late - 650) * 4 // 10)
    if street == 1 and alone and not facing:    # 4th street: bet thinner into a player
        value -= max(0, give_up - 400) // 2     # who gives it up after a steal, heads-up
    bluff = semi = 0
    prior = _PRIOR_FOLD
    if street == 0:     # a rock folds most hands to a steal and calls down the rest
        prior = _PRIOR_FOLD_FIRST
        fold = shrunk(model[FOLDED], model[FACED], prior)
        if alone and not entered:   # his bring-in alone: how often he folds it (choose()),
                                    # nothing until he is known
            p["steal"] = fold * min(4 * model[_SEEN] + (model[HANDS] & 3), SURE) // SURE
            if profile == "tight":  # at four seats he calls it with a hand worth a call
                p["hold"] = 1
    if fold > prior + 100 or fold < prior:
        bluff = p["bluff"] * (fold - prior) // prior
        semi = p["semi"] * (fold - prior) // (2 * prior)
    if not entered:     # steal: bluff at them more before they come in
        bluff += max(0, 350 - enter)
    else:       # once in, fewer bluffs at a player who enters rarely (doubts()' credit)
        credit = _doubt(_RARE_ENTRY - enter, _RARE_FULL)
        bluff -= p["bluff"] * credit // 1024
        semi -= p["semi"] * credit // 1024
    seen = 4 * model[_SEEN] + (model[HANDS] & 3)
    sure = min(seen, SURE)
    fade = RAMP - min(seen, RAMP) if alone else 0
    for key, move, first in (("value", value, 0), ("bluff", bluff, 250), ("semi", semi, 0),
                             ("slack", 0, -80)):
        move = move * sure // SURE
        if move > 0 and not alone:    # (value only ever moves down)
            move = 0
        p[key] += first * fade // RAMP + move
    if alone:
        p["reraise"] -= _RERAISE * _doubt(weak_bet - _PRIOR_WEAK_BET, 450) * sure // (1024 * SURE)
    return p


def decide(view, profile, rng, model=None, human=None, samples=SAMPLES, budget_ms=BUDGET_MS,
           tight=0, loose=0):
    """(word, equity per-mille) for the seat of `view`.

    `model` describes seat `human`; it shifts the thresholds only while that seat
    is still in the hand against us.  `tight`: the seats the tight bot (HAL) plays, bit s
    for seat s (SEL may seat him twice; never `human`): the loose bot takes his bet on the
    last round for a value bet (its likelihood row squared, as a rock's; tight bluffs 15
    in 1024).  At four seats JOE called the bots' last-round bets thinking he won about
    0.36 and won 0.10 (tools/lab/calls.py), and lost 20-38 chips/100 to balanced alone;
    believing HAL's bets with cards to come too, once HAL bet his favourites there
    (choose()), was worth 4-11 chips/100 to JOE, all taken from HAL and SID, and took
    JOE's VPIP within 0.1 of balanced's at test_selfplay's four-seat table.  Only JOE,
    only HAL's last bets: among the bots chips only move from one to another, and balanced
    believing HAL too, or anyone believing more of the others' bets, took tight's or
    balanced's result at the tight-aggressive player's four-seat table under 0 by its
    lower bound (docs/opponents.md).  Heads-up nothing changes: the one opponent is you.
    `loose`: the seats the loose bot (JOE) plays, the same way.  HAL knows JOE's belief:
    on the last round, with JOE his one opponent and nothing bet, he bets any hand he
    puts under _RESPECTED, which a check would mostly lose, and JOE folds hands that
    would have won (24 of 30 such bets in 2,000 hands).  Those checks would have made
    14-15 chips a decision as bets (docs/opponents.md).  At four seats HAL won about 25
    chips/100 from the rock or the tight-aggressive player and gave it back to the other
    two; now he keeps 16-18 more of it, all of it JOE's (seed 1).
    JOE reads your steals as steals (doubts()) only while you are his one opponent: with
    several in, that read widened his wide defence into the other bots' real hands (at
    four seats, seed 1, it earned him about nothing and cost SID 10.5 chips/100; summed
    over the three bots the model earns more without it, though at seed 2 JOE's own
    share fell by 11: docs/opponents.md).  HAL credits your rare entries (doubts())
    only while you are his one opponent: with several in, his folds and checks to your
    credited range cost him chips at the tight players' four-seat tables.
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
    alone = len(view.opponents()) == 1
    eq = estimate(view, samples, rng, budget_ms,
                  ranges(view, human, None if model is None else
                         doubts(model, alone or profile != "loose",
                                alone or profile != "tight"),
                         tight if profile == "loose" else 0))[0]
    if model is None:
        p = thresholds(profile)
    else:
        p = thresholds(profile, model, alone, view.voluntary(human), view.street,
                       view.to_call > 0)
    if (profile == "tight" and eq < _RESPECTED and not view.to_come and BET in legal
            and alone and loose >> view.opponents()[0] & 1):
        return sized(view, p, eq, BET), eq      # into JOE alone, who believes it
    return sized(view, p, eq, choose(view, p, eq, rng.getrandbits(10))), eq


def doubts(model, steals=True, rare=True):
    """Per action level (stud.play.equity.ranges), per 1024: how far the human's actions
    say less than a standard player's - their calls, by how often they call a bet late;
    their bets and raises, by the share of weak hands they show down after betting late
    - or, below zero, say more: a player who enters fewer than three hands in ten (in
    full at two in ten) holds little while they have not put chips in by choice (the
    standard row squared), more once they call (draws among them: half way to the row
    squared) and most when they bet or raise (the fourth power: a tight player bets
    what it has; believed only squared, tools/lab/baselines.py's tag lost fewer chips to
    the bots).  Not a looser player's: a scare-card bluffer enters about three in ten,
    and its bets say little.  A single bet or raise (the level of a 3rd-street steal,
    which ranges() keeps all hand) says as little as their raising of unopened 3rd
    streets makes it (numbers()): a player who raises every one holds any three cards;
    steals=False: it says what their other bets say (decide(): the loose bot with
    several in).  rare=False: no credit for rare entries (decide(): the tight bot with
    several in)."""
    enter, call_late, fold, weak_bet, steal, give_up = numbers(model)
    credit = _doubt(_RARE_ENTRY - enter, _RARE_FULL) if rare else 0
    calls = _doubt(call_late - _PRIOR_CALL_LATE, 400) - credit // 2
    bets = _doubt(weak_bet - _PRIOR_WEAK_BET, 450) - 2 * credit
    return (-credit, calls, max(bets, steal) if steal and steals else bets, bets, bets)


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
    (with the profile's slack) and folds below them.  A first entry needs the fair
    share plus the profile's entry margin; heads-up facing a raise (a steal of the antes
    and the bring-in), the price of the call instead, so a bring-in with its forced chip
    in defends by what the call costs against the raiser's range (ranges(), doubted by
    how often this raiser steals).  Not at a fuller table: there the bots raise each
    other, and calling them by price took the balanced and tight bots' aggression
    within 0.13 of each other (0.23 before) at the four-seat table of
    host_tests/tools/lab/test_selfplay.py.  From 6th street on with several players in, no slack,
    and a call on 6th is priced with the 7th street's bet to come (the calls that ended
    in a 7th-street fold cost HAL and SID 41-75 chips/100 at four seats).

    Against the modelled player's bring-in alone (p["steal"], thresholds()), a bot
    completes any three cards when his folds to a 3rd-street raise pay for it: more
    than the completion's price (its cost over the pot after it) by _STEAL and the
    profile's entry margin.  A tight player (tools/lab/baselines.py's tag folds 77% of
    3rd streets) gave his antes up to a bot's bluff rate; stealing them each time took
    4.6-12.9 chips/100 more from tag at the four-seat table (docs/opponents.md).  HAL
    ("hold") at four seats calls with a hand worth a call: completed, his solid calling
    hands fold the worse and meet the better, and those steals cost him 1.3 chips/100 at
    tag's and the trapper's tables (tools/lab/model_gain.py, seed 1).  Not JOE or SID,
    whose calling hands are thin (the same rule cost JOE's model 5 chips/100 at tag's
    table), and not heads-up, where the steals come every other hand and teach the model
    how the player defends: without them the read of a player turning rock took up to
    351 hands.

    A bet into no bet after 3rd street with cards still to come asks half the value
    margin: a favourite's bet then also charges the hands drawing against it, which a
    check lets draw free; on the last round only better hands call, and the full margin
    stands.  With the whole margin on every street HAL checked heads-up hands he put at
    0.5-0.7 against the range on 4th-6th street, where a bet made 1-7 chips more than
    the check (both played out from each such decision at tag's four-seat table, 3,000
    hands, seed 3); on 7th street his checks there were right."""
    legal = view.legal
    fair = 1000 // (1 + len(view.opponents()))
    aggressive = None
    for word in (RAISE, BET, COMPLETE):
        if word in legal:
            aggressive = word
    to_call = view.to_call
    if aggressive:
        # a bet faced after 3rd street is strength shown, like a raise
        shown = view.raises + (1 if to_call and view.street else 0)
        m = _margin(p, fair)
        if not shown and view.street and view.to_come:
            m //= 2     # a favourite's bet with cards to come charges the draws too
        if eq >= fair + m + p["reraise"] * shown:
            return aggressive
        if not shown:    # nobody has shown strength: pressure is still cheap
            if (view.to_come >= (1 if view.draw_game else 2)     # cards to come to draw on
                    and eq >= fair - 80 and roll < p["semi"]):
                return aggressive      # semi-bluff: a draw with cards to come
            if eq < fair and roll < p["bluff"]:
                return aggressive      # bluff: a bet into checks, or a steal
            if (not view.street and to_call and "steal" in p and view.amounts and not (
                    "hold" in p and view.n > 2 and eq >= fair + p["enter"])):
                cost = to_call + view.amounts[0]    # his bring-in alone, and he folds it
                if p["steal"] >= cost * 1000 // (view.pot + cost) + _STEAL + p["enter"]:
                    return aggressive      # often enough to pay: a steal
    if BRINGIN in legal:
        return BRINGIN       # the bring-in's choice, not completing
    if not to_call:
        return CHECK
    price = to_call * 1000 // (view.pot + to_call)
    slack = min(p["slack"], price // 2)
    if not view.voluntary(view.seat) and eq < (price if view.raises and fair == 500 else
                                               fair) + p["enter"]:
        return FOLD     # heads-up facing a raise, a first entry is priced: a steal defended
    if view.to_come < 2 and len(view.opponents()) > 1:  # late, several in: no slack, and
        slack = min(slack, 0)                           # on 6th the 7th's bet priced in
        if view.to_come:
            b = view.bet_size
            price = (to_call + b) * 1000 // (view.pot + to_call + 2 * b)
    if eq + slack >= price:
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
    return choose(view, thresholds("balanced"), eq, 1024), eq     # a roll no bluff rate reaches


# ---- the draw (stud.play.discard, imported only when a draw game asks) -------------------

def draw(view, profile, rng, samples=SAMPLES, budget_ms=BUDGET_MS):
    """The discard with the best equity among the options worth weighing, as 'draw:i,j'."""
    from stud.play.discard import draw as best
    return best(view, profile, rng, samples, budget_ms)
