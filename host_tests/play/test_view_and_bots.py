"""The opponents: what they may see, how they estimate, how they decide and learn."""
import random

import pytest

from stud.play import bots
from tools.lab import league
from stud.core.cards import parse
from stud.core.engine import Hand
from stud.play import equity
from stud.play.equity import estimate
from stud.core.rng import Rng
from stud.play.session import Session, bots as session_bots
from stud.play.view import SeatView

from decks import stud_deck


def _random_decision_points(count, seed):
    """(hand, actions so far) at random points of random hands, seat to act set."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.choice((2, 3, 4))
        stacks = [rng.choice((999, 40, 12)) for _ in range(n)]
        deck = bytes(random.Random(rng.getrandbits(30)).sample(range(52), 52))
        h = Hand("tandy7", stacks, deck=deck)
        actions = []
        stop = rng.randrange(1, 25)
        while h.to_act is not None and len(actions) < stop:
            w = rng.choice(h.legal())
            h.act(w)
            actions.append(w)
        if h.to_act is not None:
            out.append((h, actions))
    return out


def _rehide(hand, seat, rng):
    """The same hand with every card `seat` cannot see moved around: other players'
    hole cards and the undealt deck are permuted among themselves."""
    hidden = set(hand.deck[hand.dealt:])
    for s in range(hand.n):
        if s != seat:
            hidden |= set(hand.down[s])
    positions = [i for i, c in enumerate(hand.deck) if c in hidden]
    cards = [hand.deck[i] for i in positions]
    rng.shuffle(cards)
    deck = bytearray(hand.deck)
    for i, c in zip(positions, cards):
        deck[i] = c
    return bytes(deck)


def test_the_view_holds_no_hand_no_deck_and_no_hidden_card():
    for h, _ in _random_decision_points(300, 1):
        seat = h.to_act
        view = SeatView(h, seat)
        visible = set(h.down[seat])
        for s in range(h.n):
            visible |= set(h.up[s])
        seen = set(view.down)
        for up in view.up:
            seen |= set(up)
        assert seen <= visible
        for value in vars(view).values():
            assert not isinstance(value, Hand)
            assert value is not h.deck and value is not h.down


def test_changing_cards_the_bot_cannot_see_never_changes_its_decision():
    rng = random.Random(2)
    points = _random_decision_points(2000, 3)
    for i, (h, actions) in enumerate(points):
        seat = h.to_act
        other = Hand("tandy7", [h.stacks[s] + h.total[s] for s in range(h.n)],
                     deck=_rehide(h, seat, rng))
        for w in actions:
            other.act(w)
        assert other.to_act == seat and other.legal() == h.legal()
        if other.deck == h.deck:
            continue
        profile = ("loose", "balanced", "tight")[i % 3]
        model = bytearray(rng.getrandbits(7) for _ in range(bots.MODEL_SIZE))
        a = bots.decide(SeatView(h, seat), profile, Rng(i), model, 0, samples=24, budget_ms=0)
        b = bots.decide(SeatView(other, seat), profile, Rng(i), model, 0, samples=24, budget_ms=0)
        assert a == b


def test_the_decision_is_always_a_legal_word():
    for i, (h, _) in enumerate(_random_decision_points(500, 4)):
        word, eq = bots.decide(SeatView(h, h.to_act), "loose", Rng(i), samples=16, budget_ms=0)
        assert word in h.legal()


# ---- equity -------------------------------------------------------------------------

def _view(third, later=(), actions=(), seat=0):
    h = Hand("tandy7", [999] * len(third), deck=stud_deck(third, later))
    for w in actions:
        h.act(w)
    return SeatView(h, seat)


def test_equity_of_rolled_up_aces_against_one_random_hand_is_high():
    view = _view(["As Ad Ah", "2c 7d 3h"])
    eq, n = estimate(view, 2000, Rng(1))
    assert n == 2000 and 850 <= eq <= 990


def test_equity_splits_evenly_between_two_unknown_hands():
    view = _view(["9c 4d Th", "2c 7d 3h"])
    view.down = b""  # nothing of mine known but the up card: a coin flip against one
    view.up[0] = b""
    eq, _ = estimate(view, 4000, Rng(2))
    assert 450 <= eq <= 550


def test_up_cards_on_the_table_are_dead_cards():
    # Holding K K against an opponent showing the other two kings: no trips for me.
    view = _view(["Ks Kd 2h", "3c 4d Kc", "5s 6s Kh"])
    seen = set()
    for c in view.dead_cards():
        seen.add(c)
    assert parse("Kc")[0] in seen and parse("Kh")[0] in seen


def test_folded_up_cards_stay_dead_for_everyone():
    view = _view(APPENDIX_B, actions=["raise", "fold"], seat=0)  # Hal (seat 3) folds Kc
    assert view.folded[3] and parse("Kc")[0] in view.dead_cards()
    assert 3 not in view.opponents()


def test_equity_stops_at_its_time_budget():
    view = _view(["As Ad Ah", "2c 7d 3h", "4c 5d 6h", "8c 9d Th"])
    eq, n = estimate(view, 10 ** 7, Rng(3), budget_ms=30)
    assert 8 <= n < 10 ** 7


APPENDIX_B = ["As Ad Qc", "Kh Kd 2h", "Jh Jd 5c", "Th Td Kc"]


# ---- profiles and the decision procedure ------------------------------------------

def test_the_profiles_are_one_procedure_with_three_parameter_tables():
    assert sorted(bots.PROFILES) == ["balanced", "loose", "tight"]
    keys = set(bots.PROFILES["balanced"])
    assert all(set(p) == keys for p in bots.PROFILES.values())
    assert sorted(bots.PROFILE_OF.values()) == ["balanced", "loose", "tight"]


def test_loose_enters_and_calls_lighter_and_bluffs_more_than_tight():
    loose, tight = bots.PROFILES["loose"], bots.PROFILES["tight"]
    assert loose["enter"] < bots.PROFILES["balanced"]["enter"] < tight["enter"]
    assert loose["slack"] > bots.PROFILES["balanced"]["slack"] > tight["slack"]
    assert loose["bluff"] > bots.PROFILES["balanced"]["bluff"] > tight["bluff"]


def test_a_strong_hand_bets_and_a_hopeless_one_passes_a_bet():
    view = _view(APPENDIX_B, actions=["raise", "fold", "raise"], seat=1)  # Sid faces 9
    p = bots.thresholds("balanced")
    assert bots.choose(view, p, 900, 1023) == "raise"
    assert bots.choose(view, p, 50, 1023) == "fold"


def test_a_bluff_happens_at_the_profile_rate():
    view = _view(APPENDIX_B, later=["2c 3d 4h 5h"], actions=["call", "call", "call"],
                 seat=3)  # Hal opens 4th street with king high
    assert view.legal == ["check", "bet"]
    p = bots.thresholds("loose")
    assert bots.choose(view, p, 100, p["bluff"] - 1) == "bet"
    assert bots.choose(view, p, 100, p["bluff"]) == "check"


def test_a_value_bet_needs_a_smaller_edge_over_a_smaller_fair_share():
    """The profile's margin is for a heads-up pot; four ways, where a fair share is a
    quarter, the margin is three quarters of it (half way to the share's own shrink).
    On 4th street, with cards to come, a bet into no bet asks half of either."""
    four = _view(APPENDIX_B, later=["2c 3d 4h 5h"], actions=["call", "call", "call"], seat=3)
    two = _view(APPENDIX_B[:2], later=["2c 3d"], actions=["call"], seat=0)
    assert four.legal == two.legal == ["check", "bet"]
    assert len(four.opponents()) == 3 and len(two.opponents()) == 1
    p = bots.thresholds("tight")
    value = p["value"]
    assert bots.choose(two, p, 500 + value // 2, 1023) == "bet"
    assert bots.choose(two, p, 500 + value // 2 - 1, 1023) == "check"
    assert bots.choose(four, p, 250 + value * 3 // 4 // 2, 1023) == "bet"
    assert bots.choose(four, p, 250 + value * 3 // 4 // 2 - 1, 1023) == "check"


def _checked_to_the_last_round(deal=12):
    """A heads-up tandy7 hand called and checked to 7th street: the view of the first
    to act there, free to check or bet."""
    h = Hand("tandy7", [999, 999], rng=random.Random(deal))
    while h.street < 4:
        h.act("call" if "call" in h.legal() else "check")
    return SeatView(h, h.to_act)


@pytest.mark.parametrize("profile", ["loose", "balanced", "tight"])
def test_on_the_last_round_a_value_bet_asks_the_whole_margin(profile):
    """Only better hands call a bet on the last round: no draw pays for it."""
    last = _checked_to_the_last_round()
    assert last.legal == ["check", "bet"] and not last.to_come
    p = bots.thresholds(profile)
    value = p["value"]
    assert bots.choose(last, p, 500 + value, 1023) == "bet"
    assert bots.choose(last, p, 500 + value - 1, 1023) == "check"
    thin = dict(p, value=0)     # never thinner than the thinnest value bet
    assert bots.choose(last, thin, 500 + bots._THINNEST - 1, 1023) == "check"


# ---- adaptation ---------------------------------------------------------------------

def _model_after(policy_words, hands=300):
    """A model fed hands where the human (seat 0) always plays `policy_words`."""
    model = bots.new_model()
    for i in range(hands):
        history = [(street, 0, policy_words[street % len(policy_words)], 5) for street in range(5)]
        bots.observe(model, 0, history, {})
    return model


def test_a_calling_station_is_read_and_bluffed_less():
    model = _model_after(["call"], hands=bots.RAMP + 10)
    assert "station" in league.read(model)
    first = bots.thresholds("loose", bots.new_model())
    learned = bots.thresholds("loose", model)
    assert learned["bluff"] < first["bluff"] and learned["bluff"] < bots.PROFILES["loose"]["bluff"]
    assert learned["value"] < bots.PROFILES["loose"]["value"]


def test_into_a_calling_station_each_bets_thinner_and_loose_the_thinnest():
    """Four ways, the least equity over a fair share that value-bets into a station's
    read: thinner than the profile's own for every bot, and loose's at most half
    balanced's, so loose stays the more aggressive at a station's table."""
    station = _model_after(["call"], hands=300)
    four = _view(APPENDIX_B, later=["2c 3d 4h 5h"], actions=["call", "call", "call"], seat=3)
    thinnest = {}
    for name in ("loose", "balanced", "tight"):
        p = bots.thresholds(name, station, False)
        thinnest[name] = next(m for m in range(400)
                              if bots.choose(four, p, 250 + m, 1023) == "bet")
        assert thinnest[name] < bots._margin(bots.thresholds(name), 250), name
    assert thinnest["loose"] * 2 <= thinnest["balanced"] < thinnest["tight"], thinnest


def test_a_maniac_shown_bluffing_is_read_and_called_lighter():
    """Lighter calls come from doubt: its bets widen its range in the equity estimate."""
    model = bots.new_model()
    for i in range(bots.RAMP + 10):
        bots.observe(model, 0, [(street, 0, "raise", 10) for street in range(5)],
                     {0: {"value": (i % 2) << 26}})     # high card or a pair
    assert "maniac" in league.read(model)
    assert bots.doubts(model)[2] == bots.doubts(model)[3] == 1024
    assert bots.doubts(bots.new_model())[2] == 0


def _rock_model(hands=300, tenths=1):
    """A player seen entering `tenths` hands in ten (calling on 3rd street), folding the rest."""
    model = bots.new_model()
    for i in range(hands):
        bots.observe(model, 0, [(0, 0, "call", 1)] if i % 10 < tenths else [(0, 0, "fold", 0)], {})
    return model


def test_a_rock_is_read_and_stolen_from():
    model = _rock_model(bots.RAMP + 10)
    assert "rock" in league.read(model)
    assert bots.thresholds("balanced", model)["bluff"] > bots.PROFILES["balanced"]["bluff"]


def test_a_rock_who_has_come_in_is_not_bluffed():
    """Before it enters a rock is stolen from; once in, it holds a strong hand and does
    not fold, so the bluffs and semi-bluffs stop.  A player who enters as often as a
    standard one keeps the profile's bluffs once in."""
    p = bots.PROFILES["loose"]
    rock = _rock_model(bots.RAMP + 10)     # enters one hand in ten: the credit in full
    out = bots.thresholds("loose", rock, True, False, 2)
    assert out["bluff"] > p["bluff"]
    came_in = bots.thresholds("loose", rock, True, True, 2)
    assert came_in["bluff"] <= 0 and came_in["semi"] <= 0
    half = bots.thresholds("loose", _rock_model(bots.RAMP + 10, tenths=4), True, True, 2)
    assert half["bluff"] == p["bluff"] and half["semi"] == p["semi"]


def test_a_player_who_folds_3rd_street_but_calls_down_is_stolen_from_only_there():
    """tag's shape: most starts folded to a bet on 3rd street, later bets called.  The
    3rd-street bluffs (and semi-bluffs, which no steal moves) follow the 3rd-street
    folds, the later ones the later folds."""
    model = bots.new_model()
    for i in range(bots.RAMP + 10):
        if i % 5:
            bots.observe(model, 0, [(0, 0, "fold", 0)], {})
        else:
            bots.observe(model, 0, [(street, 0, "call", 5) for street in range(5)], {})
    p = bots.PROFILES["balanced"]
    first = bots.thresholds("balanced", model, True, False, 0)    # before they are in
    later = bots.thresholds("balanced", model, True, True, 2)
    assert first["bluff"] > p["bluff"] and first["semi"] > p["semi"]
    assert later["bluff"] < p["bluff"] and later["semi"] < p["semi"]
    standard = bots.new_model()     # folds half of 3rd-street bets: no lean, no shift
    for i in range(bots.RAMP + 10):
        bots.observe(standard, 0, [(0, 0, "fold" if i % 2 else "call", 1)], {})
    assert bots.thresholds("balanced", standard, True, True, 0)["semi"] == p["semi"]


def test_a_read_is_acted_on_in_full_after_a_few_dozen_hands():
    early = bots.thresholds("balanced", _model_after(["call"], hands=bots.SURE))
    prior_only = bots.thresholds("balanced", _model_after(["fold"], hands=bots.SURE))
    assert early["value"] <= prior_only["value"] - 100  # thinner value bets into a station


def test_a_new_player_is_ripe_for_plucking_until_they_have_seen_enough():
    fresh = bots.thresholds("balanced", bots.new_model())
    assert fresh["bluff"] > bots.PROFILES["balanced"]["bluff"]  # first impression
    half = bots.thresholds("balanced", _model_after(["call"], hands=bots.RAMP // 2))
    full = bots.thresholds("balanced", _model_after(["call"], hands=bots.RAMP + 10))
    assert fresh["bluff"] > half["bluff"] > full["bluff"]


def test_the_model_is_a_few_bytes_and_counters_never_overflow():
    model = _model_after(["raise", "call"], hands=5000)
    assert len(model) == bots.MODEL_SIZE <= 64
    assert isinstance(model, bytearray)


def test_the_model_learns_only_what_was_shown():
    """A folded hand is never seen: only the showdown's shown hands reach observe()."""
    model = bots.new_model()
    bots.observe(model, 0, [(4, 0, "bet", 10)], {})
    assert model[bots.BLUFFS] == model[bots.BLUFFS + 1] == model[bots.BLUFFS + 2] == 0


# ---- AUTO, HINT, demo ---------------------------------------------------------------

def test_hint_recommends_a_legal_action_with_a_chance_and_does_not_act():
    s = Session()
    h = s.deal(deck=stud_deck(APPENDIX_B))
    while h.to_act != 0:
        h.act(s.bot_decision(h, Rng(1), samples=16, budget_ms=0)[0])
        if h.to_act is None:
            pytest.skip("the hand ended before your turn")
    before = (h.pot, len(h.history))
    word, chance = bots.hint(SeatView(h, 0), Rng(2), samples=200, budget_ms=0)
    assert word in h.legal() and 0 <= chance <= 1000
    assert (h.pot, len(h.history)) == before


def test_auto_decides_for_you_as_the_balanced_player():
    h = Hand("tandy7", [999] * 4, deck=stud_deck(APPENDIX_B))
    play_to = [w for w in ("raise", "fold")]
    for w in play_to:
        h.act(w)
    view = SeatView(h, h.to_act)
    assert bots.auto(view, Rng(5), samples=50, budget_ms=0) == \
        bots.decide(view, "balanced", Rng(5), samples=50, budget_ms=0)[0]


def test_demo_mode_plays_every_seat_with_fresh_stacks_each_hand():
    s = Session()
    assert s.model(1) == bots.new_model()
    s.toggle_demo()
    for i in range(3):
        h = s.deal(rng=Rng(i))
        assert list(h.stacks) == [999 - t for t in h.total]
        while h.to_act is not None:
            assert s.computer_plays(h)
            h.act(s.bot_decision(h, Rng(i), samples=8, budget_ms=0)[0])
        s.settle(h)
    assert s.model(1) == bots.new_model()  # nothing learned of you from the demo


def test_sel_forgets_the_model_of_you():
    s = Session()
    h = s.deal(rng=Rng(9))
    while h.to_act is not None:
        h.act(s.bot_decision(h, Rng(9), samples=8, budget_ms=0)[0] if s.computer_plays(h) else h.legal()[-1])
    s.settle(h)
    assert s.models[1][bots.HANDS] == 1
    s.select(["SID", "SID", "SID"])
    assert all(s.model(p) == bots.new_model() for p in (1, 2, 3))


def test_leaving_demo_gives_you_back_your_game():
    s = Session()
    s.chips = [1234, 800, 900, 1063]
    s.toggle_demo()
    h = s.deal(rng=Rng(1))
    while h.to_act is not None:
        h.act(s.bot_decision(h, Rng(1), samples=8, budget_ms=0)[0])
    s.settle(h)
    s.toggle_demo()
    assert s.chips == [1234, 800, 900, 1063] and s.hands_played == 0


def test_hint_never_recommends_a_bluff():
    view = _view(APPENDIX_B, later=["2c 3d 4h 5h"], actions=["call", "call", "call"], seat=3)
    for seed in range(30):
        word, chance = bots.hint(view, Rng(seed), samples=40, budget_ms=0)
        assert word == "check" or chance > 250


def test_a_memory_error_while_thinking_falls_back_to_a_cheap_legal_decision(monkeypatch):
    def out_of_memory(*args, **kw):
        raise MemoryError("memory allocation failed")
    # (the module the session loads: a UI test run before may have dropped this file's)
    monkeypatch.setattr(session_bots(), "estimate", out_of_memory)
    for game in ("tandy7", "casino7", "stud5", "draw5"):
        s = Session(game=game)
        h = s.deal(rng=Rng(3))
        while h.to_act is not None:
            word, eq = s.bot_decision(h, Rng(4), 8, 0)
            assert eq == -1 or h.legal() == ["draw"] or len(h.legal()) == 1
            h.act(word)
        s.settle(h)


def test_the_thinking_asked_for_is_the_thinking_done(monkeypatch):
    """bot_decision passes its samples and budget as given - 0 ms is no clock budget (the
    simulator's seeded games, the benches): repeatable - and None is the bots' own."""
    asked = []

    def decide(*args):
        asked.append(args[5:7])
        return args[0].legal[0], 0
    monkeypatch.setattr(session_bots(), "decide", decide)
    s = Session()
    h = s.deal(rng=Rng(3))
    while not s.computer_plays(h):
        h.act(h.legal()[-1])
    s.bot_decision(h, Rng(4), 8, 0)
    s.bot_decision(h, Rng(4), None, None)
    assert asked == [(8, 0), (bots.SAMPLES, bots.BUDGET_MS)]


def test_bots_whose_code_cannot_load_still_make_a_legal_decision(monkeypatch):
    """Short of heap for the bots' code itself (dropped while the menu showed), the hand
    still goes on: the cheap decision lives with the session, not with the bots."""
    import stud.play.session as session_module

    def no_heap():
        raise MemoryError("memory allocation failed")
    s = Session()
    h = s.deal(rng=Rng(3))
    monkeypatch.setattr(session_module, "bots", no_heap)
    while h.to_act is not None and s.computer_plays(h):
        word, eq = s.bot_decision(h, Rng(4), 8, 0)
        assert eq == -1 and word in h.legal()
        h.act(word)
    assert s.fallbacks > 0


# ---- the model: evidence, shrunk toward a standard player --------------------------

def _shown(cls):
    return {0: {"value": cls << 26}}


def test_the_model_says_which_layout_it_is():
    model = bots.new_model()
    assert model[bots.VERSION] == bots.MODEL_VERSION and len(model) == bots.MODEL_SIZE


def test_a_showdown_after_betting_late_is_filed_by_the_class_shown():
    model = bots.new_model()
    bots.observe(model, 0, [(0, 0, "call", 1), (3, 0, "bet", 10)], _shown(1))   # a pair
    bots.observe(model, 0, [(4, 0, "call", 10)], _shown(3))                      # trips
    assert model[bots.SHOWN + 0] == 1          # bet, then a pair or less
    assert model[bots.SHOWN + 2] == 0          # called, then three of a kind: not filed


def test_folding_to_a_bet_is_counted_per_street():
    model = bots.new_model()
    bots.observe(model, 0, [(0, 0, "call", 1), (1, 0, "call", 5), (2, 0, "fold", 0)], {})
    assert model[bots.FACED + 0] == model[bots.FACED + 1] == model[bots.FACED + 2] == 1
    assert model[bots.FOLDED + 2] == 1 and model[bots.FOLDED + 1] == 0


def _bluffer_model(hands):
    model = bots.new_model()
    for i in range(hands):
        bots.observe(model, 0, [(3, 0, "bet", 10), (4, 0, "bet", 10)], _shown(i % 2))
    return model


def test_a_read_is_mild_after_20_hands_and_firm_after_300():
    prior = bots.numbers(bots.new_model())[3]
    mild = bots.numbers(_bluffer_model(20))[3]
    firm = bots.numbers(_bluffer_model(300))[3]
    assert prior == 150        # a standard player: 15% of them
    assert prior < mild < firm and mild < 1000 * 3 // 4
    assert firm >= 900       # every showdown after betting was a pair or less (the model
                             # keeps the last 90-180 hands: nine in ten, shrunk toward 15%)


def test_bets_are_believed_less_from_a_player_shown_bluffing():
    assert bots.doubts(bots.new_model())[2] == 0
    assert bots.doubts(_bluffer_model(300))[2] == 1024


def test_a_raise_from_a_player_shown_bluffing_is_raised_back_when_they_are_the_one_left():
    """Each raise already made asks for more equity to raise again (nobody re-raises
    into strength) - but not the raises of a player shown bluffing, heads-up."""
    view = _view(["As Kd 9h", "2c 7d 3h"], actions=["raise", "raise"])  # we face 2 raises
    assert view.raises == 2 and len(view.opponents()) == 1
    believed = bots.thresholds("tight", bots.new_model())
    doubted = bots.thresholds("tight", _bluffer_model(300))
    assert believed["reraise"] == bots.thresholds("tight")["reraise"] == 80
    assert doubted["reraise"] == 0
    assert bots.thresholds("tight", _bluffer_model(300), alone=False)["reraise"] == 80
    assert bots.thresholds("tight", _bluffer_model(20))["reraise"] == 80 - 80 * bots.doubts(
        _bluffer_model(20))[2] * 20 // (1024 * bots.SURE)    # a mild read, mildly
    assert bots.choose(view, believed, 800, 1023) == "call"
    assert bots.choose(view, doubted, 800, 1023) == "raise"
    assert bots.choose(view, doubted, 600, 1023) == "call"     # still no raise without value


def test_the_doubted_human_gets_a_wider_range_so_a_call_is_worth_more():
    h = Hand("tandy7", [999, 999], rng=random.Random(4))
    while h.street < 2:
        h.act("call" if "call" in h.legal() else "check")
    bettor = h.to_act
    h.act("bet")
    view = SeatView(h, h.to_act)
    believed, _ = estimate(view, 400, Rng(1), 0, equity.ranges(view))
    doubted, _ = estimate(view, 400, Rng(1), 0, equity.ranges(view, bettor, (0, 0, 1024, 1024)))
    uniform, _ = estimate(view, 400, Rng(1), 0)
    assert believed < doubted == uniform


def test_the_bets_of_a_player_who_rarely_enters_are_believed_more_so_a_call_is_worth_less():
    rock = bots.doubts(_rock_model())
    assert rock == (-1024, -512, -2048, -2048, -2048)
    assert -2048 < bots.doubts(_rock_model(10))[2] < 0    # ten hands lean, fifty are a read
    assert bots.doubts(_rock_model(50))[2] == -2048
    assert bots.doubts(_rock_model(300, 3)) == (0, 0, 0, 0, 0)     # three in ten is not rare
    assert bots.doubts(_rock_model(), True, False) == (0, 0, 0, 0, 0)    # no rare credit
    view, bettor = _bet_on(2)
    standard = equity.ranges(view)[0]
    squared = tuple(w * w >> 10 for w in standard)
    sharpened = equity.ranges(view, bettor, rock)[0]
    # their bet counted four times over: the row squared, and squared again
    assert sharpened == tuple(w * w >> 10 for w in squared)
    assert sharpened[0] < squared[0] < standard[0] and sharpened[3] == standard[3] == 1024
    # half way on from squared (a bet after 3rd street reads doubt[3]: no steal)
    half = equity.ranges(view, bettor, (0, 0, 0, -1536, 0))[0]
    assert sharpened[0] < half[0] < squared[0]
    believed, _ = estimate(view, 400, Rng(1), 0, [standard])
    credited, _ = estimate(view, 400, Rng(1), 0, [sharpened])
    assert credited < believed


def test_a_player_who_rarely_enters_and_has_not_entered_is_believed_to_hold_little():
    h = Hand("tandy7", [999, 999], rng=random.Random(12))
    caller = h.to_act
    h.act("call")       # the bring-in's bet called ...
    h.act("check")      # ... the bring-in takes its free card, then checks 4th street
    h.act("check")
    view = SeatView(h, caller)
    bringin = view.opponents()[0]
    assert h.to_act == caller and not view.voluntary(bringin)
    standard = equity.ranges(view)[0]
    read = equity.ranges(view, bringin, bots.doubts(_rock_model()))[0]
    assert standard == equity.LIKELY[0]
    assert read == tuple(w * w >> 10 for w in standard) and read[3] < standard[3]


def _checked(street, n, deal):
    """A tandy7 hand of `n` seats checked (or called) to `street`, nothing bet there yet."""
    h = Hand("tandy7", [999] * n, rng=random.Random(deal))
    while h.street < street:
        h.act("call" if "call" in h.legal() else "check")
    return h


def _checked_to(street, n, deal):
    """The view of the seat to act in _checked()'s hand."""
    h = _checked(street, n, deal)
    return SeatView(h, h.to_act)


def _bet_on(street, deal=12):
    """A heads-up tandy7 hand checked to `street` (0 = 3rd), then bet: (view of the
    caller, the bettor's seat).  Deal 12 leaves the caller a hand that wins sometimes."""
    h = _checked(street, 2, deal)
    bettor = h.to_act
    h.act("bet")
    return SeatView(h, h.to_act), bettor


def test_a_bet_on_the_last_round_says_more_than_a_bet_with_cards_to_come():
    early, _ = _bet_on(2)
    last, bettor = _bet_on(4)
    assert equity.ranges(early) == [equity.LIKELY[2]]
    assert equity.ranges(last) == [equity.LIKELY[4]]
    # a high card or a pair is less likely to bet the last round than earlier
    assert all(a < b for a, b in zip(equity.LIKELY[4][:2], equity.LIKELY[2][:2]))
    believed, _ = estimate(last, 400, Rng(1), 0, equity.ranges(last))
    as_early, _ = estimate(last, 400, Rng(1), 0, [equity.LIKELY[2]])
    uniform, _ = estimate(last, 400, Rng(1), 0)
    assert 0 < believed < as_early < uniform
    # a player shown bluffing is doubted there too: their last bet says nothing
    model = _bluffer_model(300)
    assert equity.ranges(last, bettor, bots.doubts(model)) == [(1024,) * 4]


def test_the_loose_bot_believes_the_tight_bots_last_bet_and_nobody_else_changes():
    """JOE squares the row of a last-round bet by HAL (the tight bot: bit s of `tight` for
    seat s); the others' estimates, and JOE's of anyone else's bet, stay as they were."""
    last, bettor = _bet_on(4)
    hal = 1 << bettor
    squared = tuple(w * w >> 10 for w in equity.LIKELY[4])
    assert equity.ranges(last, None, None, hal) == [squared] != equity.ranges(last)
    told = bots.decide(last, "loose", Rng(3), None, None, 400, 0, hal)[1]
    untold = bots.decide(last, "loose", Rng(3), None, None, 400, 0)[1]
    assert 0 < told < untold
    elsewhere = 15 & ~hal       # HAL seated, but not the bettor
    assert bots.decide(last, "loose", Rng(3), None, None, 400, 0, elsewhere)[1] == untold
    for profile in ("balanced", "tight"):
        assert (bots.decide(last, profile, Rng(3), None, None, 400, 0, hal)
                == bots.decide(last, profile, Rng(3), None, None, 400, 0))
    early, bettor = _bet_on(2)      # a bet with cards to come says what it said
    assert equity.ranges(early, None, None, 1 << bettor) == equity.ranges(early)


def _weak_on_the_last_round(n):
    """The first deal whose seat to act on 7th street, told the other seat is JOE, puts
    its hand under bots._RESPECTED, and that view."""
    for deal in range(200):
        view = _checked_to(4, n, deal)
        other = view.opponents()[0]
        word, eq = bots.decide(view, "tight", Rng(3), None, None, 400, 0, 0, 1 << other)
        if eq < bots._RESPECTED:
            return view, other
    raise AssertionError("no weak hand on 7th street in 200 deals")


def test_the_tight_bot_bets_a_weak_last_round_into_the_loose_bot_alone():
    """HAL bets the last round with a hand under _RESPECTED when JOE (a seat of `loose`,
    bit s for seat s) is his one opponent and nothing is bet: JOE takes that bet for a
    value bet.  Not into anyone else, not with cards to come, not with several in, and no
    other bot does it."""
    view, joe = _weak_on_the_last_round(2)
    joe = 1 << joe
    assert bots.decide(view, "tight", Rng(3), None, None, 400, 0, 0, joe)[0] == "bet"
    assert bots.decide(view, "tight", Rng(3), None, None, 400, 0)[0] == "check"
    assert bots.decide(view, "tight", Rng(3), None, None, 400, 0, 0, 1 << view.seat)[0] == "check"
    for profile in ("loose", "balanced"):
        assert (bots.decide(view, profile, Rng(3), None, None, 400, 0, 0, joe)
                == bots.decide(view, profile, Rng(3), None, None, 400, 0))
    for street in (1, 2, 3):        # cards to come: as before
        early = _checked_to(street, 2, 0)
        joe = 1 << early.opponents()[0]
        assert (bots.decide(early, "tight", Rng(3), None, None, 400, 0, 0, joe)
                == bots.decide(early, "tight", Rng(3), None, None, 400, 0))
    view, joe = _weak_on_the_last_round(3)      # JOE and another still in
    assert (bots.decide(view, "tight", Rng(3), None, None, 400, 0, 0, 1 << joe)
            == bots.decide(view, "tight", Rng(3), None, None, 400, 0))
    faced, bettor = _bet_on(4)      # a bet to answer: priced as ever
    assert (bots.decide(faced, "tight", Rng(3), None, None, 400, 0, 0, 1 << bettor)
            == bots.decide(faced, "tight", Rng(3), None, None, 400, 0))


def _two_left_on_the_last_round():
    """A four-seat hand in which two seats fold on 3rd street and the other two check to
    7th, where the first to act holds a hand under bots._RESPECTED: (view, the other)."""
    for deal in range(200):
        h = Hand("tandy7", [999] * 4, rng=random.Random(deal))
        while h.street < 4:
            live = sum(1 for f in h.folded if not f)
            legal = h.legal()
            h.act("fold" if live > 2 and "fold" in legal else
                  "call" if "call" in legal else "check")
        view = SeatView(h, h.to_act)
        other = view.opponents()[0]
        if bots.decide(view, "tight", Rng(3), None, None, 400, 0)[1] < bots._RESPECTED:
            return view, other
    raise AssertionError("no weak hand two-handed on 7th street in 200 deals")


def test_with_two_joes_seated_hal_bets_into_either_one_alone():
    """SEL may seat JOE twice: HAL's weak last-round bet goes into whichever JOE is left
    alone against him, and not into a player when the JOE left is not the one in."""
    view, joe = _two_left_on_the_last_round()
    assert view.opponents() == [joe] and view.n == 4
    folded = [s for s in range(4) if s not in (view.seat, joe)]
    for twin in folded:
        both = 1 << joe | 1 << twin
        assert bots.decide(view, "tight", Rng(3), None, None, 400, 0, 0, both)[0] == "bet"
    gone = 1 << folded[0] | 1 << folded[1]       # both JOEs folded: the one left is not JOE
    assert bots.decide(view, "tight", Rng(3), None, None, 400, 0, 0, gone)[0] == "check"


def test_the_session_tells_the_bots_which_seats_the_tight_and_loose_bots_play():
    s = Session()
    assert (s.seats_of("tight"), s.seats_of("loose")) == (1 << 3, 1 << 2)  # SID, JOE, HAL
    s.select(["HAL", "OUT", "JOE"])
    assert (s.seats_of("tight"), s.seats_of("loose")) == (1 << 1, 1 << 2)
    s.select(["OUT", "JOE", "HAL"])
    assert (s.seats_of("tight"), s.seats_of("loose")) == (1 << 2, 1 << 1)
    s.select(["SID", "JOE", "OUT"])
    assert (s.seats_of("tight"), s.seats_of("loose")) == (0, 1 << 2)
    s.select(["SID", "OUT", "HAL"])
    assert (s.seats_of("tight"), s.seats_of("loose")) == (1 << 2, 0)
    s.select(["HAL", "JOE", "HAL"])     # SEL allows a bot twice: both his seats
    assert (s.seats_of("tight"), s.seats_of("loose")) == (1 << 1 | 1 << 3, 1 << 2)
    s.select(["JOE", "OUT", "JOE"])
    assert (s.seats_of("tight"), s.seats_of("loose")) == (0, 1 << 1 | 1 << 2)
