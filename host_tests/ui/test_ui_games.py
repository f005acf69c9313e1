"""The four games on the handheld, read through the screen model (tools/harness/recording.py):
the menu switches games and the title page names the one chosen; five card stud shows
its down cards; casino stud's bring-in choice, open-pair big bet and SHOW / MUCK are
commands; heads-up five card draw has its own draw screen (seed 004: LEFT/RIGHT over the
cards, PRESS marks a card, at most three, DRAW confirms), a dealer's button that moves,
and a tie that leaves the pot in the middle.

At every turn the commands offered must be legal engine words, every legal action (and
every size the engine offers) must be reachable, and each command shows what it puts in.
As in test_ui_flow, the opponents' choices depend on their tuning, so the walks look for
a seed whose hands give the situations they need instead of hard-wiring one.
"""
import functools
import os
import sys

import pytest

from ui_driver import Driver  # noqa: E402
from recording import CURSOR  # noqa: E402
from stud.core import cards, games  # noqa: E402
from stud.core.actions import ACTIONS  # noqa: E402
from stud.core.games import ORDER  # noqa: E402
from stud.core.words import SAY, say  # noqa: E402
from stud.ui.beats import TIE  # noqa: E402

WORDS = dict([(w, SAY[w]) for w in ACTIONS] + [("auto", "AUTO"), ("hint", "HINT")])


def playable_games():
    """The games the menu offers, in its order."""
    return list(ORDER)
from stud.play.session import Session  # noqa: E402

CORNERS = ("BR", "BL", "TL", "TR")
WAGERS = ("bet", "raise", "complete")
SPEED = 3           # SONIC: the walks only need the screens, not the pauses
SAMPLES = 8


def driver(game, seed, session=None, model=True, speed=SPEED):
    return Driver(seed=seed, samples=SAMPLES, speed=speed, model=model,
                  session=session if session is not None else Session(game))


def choose(d, command):
    """Cycle the command line with DOWN until it shows `command`, then press."""
    app = d.app
    for _ in range(len(app.tablestate.cmds)):
        if app.tablestate.cmds[app.tablestate.cmd] == command:
            break
        d.press("DOWN")
    assert app.tablestate.cmds[app.tablestate.cmd] == command
    d.press("PRESS")


def stand_pat_to_the_showdown(d, buttons=None):
    """Five card draw to its showdown: STAND PAT at your draw (its command line first
    checked against `buttons`, if given), CALL or CHECK at your turn; the app."""
    while True:
        d.ready()
        app = d.app
        if app.tablestate.phase == 3:
            return app
        if app.screen.NAME == "draw":
            d.press("DOWN")
            if buttons is not None:
                assert d.model()["buttons"] == buttons
            d.press("PRESS")                      # stand pat
        elif app.tablestate.your_turn:
            choose(d, "call" if "call" in app.tablestate.cmds else "check")


def tokens(text):
    return [t for t in text.split() if t]


def check_commands(d):
    """The command line at your turn: every command legal, every legal word and size
    reachable with DOWN (and LEFT/RIGHT), each showing the chips it puts in."""
    app = d.app
    h = app.tablestate.hand
    legal = h.legal()
    texts = []
    for _ in range(len(app.tablestate.cmds)):
        texts.append(d.model()["command"])
        d.press("DOWN")
    assert d.model()["command"] == texts[0]         # DOWN went round the ring
    d.press("RIGHT")
    assert d.model()["command"] == texts[1 % len(texts)]   # seed 004: RIGHT moves on too
    d.press("LEFT")
    assert d.model()["command"] == texts[0]
    ring = app.tablestate.cmds[app.tablestate.cmd:] + app.tablestate.cmds[:app.tablestate.cmd]
    for text, command in zip(texts, ring):
        base = command.partition(":")[0]
        assert base in legal or command in ("auto", "hint"), command
        put = h.price(command) if base in legal else 0
        assert text == say(command) + (" %d" % put if put else ""), (text, command)
    words = [t.split()[0] for t in texts]
    for word in legal:
        assert WORDS[word] in words, (word, texts)
        sizes = h.amounts(word) if word in WAGERS else []
        if len(sizes) > 1:
            for size in sizes:
                assert "%s:%d" % (word, size) in app.tablestate.cmds
    return texts


# ---- the menu and the title page ---------------------------------------------------------
def test_the_menu_offers_all_four_games_and_the_title_page_names_each():
    assert playable_games() == ["tandy7", "casino7", "stud5", "draw5"]
    d = driver("tandy7", 1)
    d.ready()
    seen = []
    for _ in range(4):
        d.press("LONG_PRESS")
        m = d.model()
        assert m["screen"] == "menu" and m["items"].startswith("[BACK] GAME")
        d.press("DOWN")
        seen.append(d.model()["items"].split("]")[1].strip(" ["))
        d.press("RIGHT")                          # the next game
        d.press("LONG_PRESS")                     # back to the title page
        t = d.model()
        g = games.game(d.app.session.game)
        assert t["screen"] == "title" and t["game"].startswith(g["title"])
    assert seen == ["LIMIT RAISE", "CASINO STUD", "5 CARD STUD", "5 CARD DRAW"]
    assert d.app.session.game == "tandy7"         # round the four, back to the first
    d.press("LONG_PRESS")
    d.press("DOWN")
    d.press("LEFT")                               # LEFT goes the other way
    d.press("LONG_PRESS")
    t = d.model()
    assert d.app.session.game == "draw5"
    assert t["game"] == "FIVE CARD DRAW YOU VS SID"   # heads-up: the first opponent seated


def test_each_game_keeps_its_own_chips():
    d = driver("draw5", 4)
    d.to_table()
    assert d.model()["label BR"] == "YOU 1000"
    d.press("PRESS")                              # PLAY
    app = stand_pat_to_the_showdown(d)
    d.press("PRESS")
    d.ready()
    draw_chips = list(d.app.session.chips)
    assert draw_chips[0] != 1000
    d.press("LONG_PRESS")
    d.press("DOWN")
    d.press("LEFT")                               # draw5 -> stud5
    d.press("LONG_PRESS")
    d.ready()
    m = d.model()
    assert d.app.session.game == "stud5"
    assert [m["label " + c] for c in CORNERS] == ["YOU 999", "SID 999", "JOE 999", "HAL 999"]
    d.press("LONG_PRESS")
    d.press("DOWN")
    d.press("RIGHT")                              # back to draw5: its chips were kept
    d.press("LONG_PRESS")
    d.ready()
    m = d.model()
    assert m["label BR"] == "YOU %d" % draw_chips[0]
    assert m["label BL"] == "SID %d" % draw_chips[1]
    assert m["label TL"] == m["label TR"] == ""   # heads-up: the other corners are empty


# ---- five card stud ----------------------------------------------------------------------
def test_five_card_stud_shows_the_down_cards_yours_readable_theirs_as_backs():
    d = driver("stud5", 3)
    d.to_table()
    d.press("PRESS")
    last = None
    while True:
        d.ready()
        app = d.app
        if app.tablestate.phase == 3:
            break
        if app.tablestate.your_turn:
            m = d.model()
            h = app.tablestate.hand
            mine = tokens(m["cards BR"])
            ups = [cards.name(c) for c in h.up_cards(0)]
            downs = [cards.name(c) for c in h.down_cards(0)]
            assert mine == ups + downs                 # up cards, then the hole cards
            for seat in range(1, h.n):
                corner = CORNERS[app.tablestate.pos_of[seat]]
                theirs = tokens(m["cards " + corner])
                if h.folded[seat]:
                    assert theirs == []
                else:
                    assert theirs == [cards.name(c) for c in h.up_cards(seat)] \
                        + ["##"] * len(h.down_cards(seat))
            last = (len(ups), len(downs))
            check_commands(d)
            choose(d, "call" if "call" in app.tablestate.cmds else "check")
    assert last == (3, 2)       # one down, three up, the last card down
    r = d.app.tablestate.hand.result
    m = d.model()
    for seat, shown in r["shown"].items():
        corner = CORNERS[d.app.tablestate.pos_of[seat]]
        assert "##" not in m["cards " + corner] and len(tokens(m["cards " + corner])) == 5


# ---- casino stud -------------------------------------------------------------------------
def casino_walk(seed, want):
    """Play casino7 hands, calling down; at each turn note the situation and, if it is
    one of `want`, play it as the test says.  Returns the notes."""
    d = driver("casino7", seed)
    d.to_table()
    notes = {"driver": d}
    for _ in range(3):
        d.press("PRESS")                          # PLAY
        while True:
            d.ready()
            app = d.app
            if app.tablestate.phase == 3:
                r = app.tablestate.hand.result
                if r["mucked"] and "muck" in notes and "showdown" not in notes:
                    hidden = dict((s, [cards.name(c) for c in app.tablestate.hand.down_cards(s)])
                                  for s in r["mucked"])
                    notes["showdown"] = (d.model(), r, list(app.tablestate.pos_of), hidden)
                d.press("PRESS")
                d.ready()
                break
            if not app.tablestate.your_turn:
                continue
            h = app.tablestate.hand
            legal = h.legal()
            texts = check_commands(d)
            if "bringin" in legal and "bringin" in want and "bringin" not in notes:
                notes["bringin"] = texts
                before = h.stacks[0]
                choose(d, "complete")
                notes["bringin_put"] = before - h.stacks[0]
                notes["bringin_flash"] = d.model()["label BR"]
                notes["bringin_history"] = [e for e in h.history if e[1] == 0 and e[2] != "ante"]
                continue
            if "complete" in legal and "call" in legal and "face" in want and "face" not in notes:
                notes["face"] = texts
                before = h.stacks[0]
                choose(d, "complete")
                notes["face_put"] = before - h.stacks[0]
                notes["face_history"] = h.history[-1]
                continue
            if "bet:10" in app.tablestate.cmds and "big" in want and "big" not in notes:
                notes["big"] = texts
                before = h.stacks[0]
                choose(d, "bet:10")
                notes["big_put"] = before - h.stacks[0]
                notes["big_history"] = h.history[-1]
                continue
            if legal == ["show", "muck"]:
                if "muck" not in notes:
                    notes["muck"] = (texts, d.model())
                    notes["muck_before"] = (dict(h._showing["shown"]), list(app.tablestate.pos_of),
                                            h.last_aggressor)
                choose(d, "muck")
                continue
            choose(d, "call" if "call" in app.tablestate.cmds else ("check" if "check" in app.tablestate.cmds
                                                         else app.tablestate.cmds[0]))
        if all(w in notes for w in want):
            break
    return notes


@functools.lru_cache()
def casino(want):
    for seed in range(1, 40):
        notes = casino_walk(seed, want)
        if all(w in notes for w in want):
            return notes
    pytest.fail("no seed in 1..39 gives casino7 situations %s" % (want,))


def test_casino_the_forced_bet_chooses_bet_or_complete():
    n = casino(("bringin",))
    texts = n["bringin"]
    assert texts[0] == "BET 2"                    # the command line starts on the forced bet
    assert "COMPLETE 5" in texts
    assert n["bringin_put"] == 5
    assert n["bringin_flash"] == "[COMPLETE]"     # flashed in place of your name
    assert [e[2:] for e in n["bringin_history"]] == [("complete", 5)]


def test_casino_facing_the_bring_in_you_may_complete():
    n = casino(("face",))
    texts = n["face"]
    assert texts[0] == "CALL 2" and "PASS" in texts and "COMPLETE 5" in texts
    assert n["face_put"] == 5
    assert n["face_history"][1:] == (0, "complete", 5)


def test_casino_an_open_pair_offers_the_small_and_the_big_bet():
    n = casino(("big",))
    texts = n["big"]
    assert "BET 5" in texts and "BET 10" in texts
    assert n["big_put"] == 10 and n["big_history"][1:] == (0, "bet", 10)


def test_casino_a_beaten_hand_chooses_show_or_muck_and_mucked_hands_stay_hidden():
    n = casino(("muck", "showdown"))
    texts, m = n["muck"]
    assert texts == ["MUCK", "AUTO", "SHOW"]      # starts on MUCK, as opponents always do
    assert m["centre"] == "SHOW OR MUCK YOUR HAND IS BEATEN"
    show, r, pos_of, hidden = n["showdown"]
    for seat in r["mucked"]:
        corner = CORNERS[pos_of[seat]]
        assert "MUCK" in show["label " + corner]
        toks = tokens(show["cards " + corner])
        assert not any(t.startswith("[") for t in toks)   # nothing marked, nothing named
        if seat:                                  # an opponent's mucked hole cards: backs
            assert toks.count("##") == 3 and not set(hidden[seat]) & set(toks)
    for seat, shown in r["shown"].items():
        corner = CORNERS[pos_of[seat]]
        toks = tokens(show["cards " + corner])
        assert "##" not in toks and len(toks) == 7 and all(t.startswith("[") for t in toks[:5])


# ---- five card draw ----------------------------------------------------------------------
def draw_walk(seed):
    """A draw5 hand: call or check to the draw; on the draw screen mark cards 0, 2 and 3,
    try a fourth (refused), unmark 3, move on to DRAW and press; after the draw bet 50
    when you may; call down to the end."""
    d = driver("draw5", seed)
    out = {"driver": d, "hand": [], "draw": []}
    d.to_table()
    out["idle"] = d.model()
    d.press("PRESS")
    while True:
        d.ready()
        app = d.app
        h = app.tablestate.hand
        if app.tablestate.phase == 3:
            out["showdown"] = d.model()
            out["result"] = h.result
            break
        if app.screen.NAME == "draw":
            out["before_draw"] = bytes(h.down_cards(0))
            out["draw_commands"] = [say(c) for c in app.tablestate.cmds]
            steps = out["draw"]
            steps.append(("start", d.model()))
            for key in ("PRESS", "RIGHT", "RIGHT", "PRESS", "RIGHT", "PRESS", "RIGHT", "PRESS",
                        "LEFT", "PRESS", "RIGHT", "RIGHT"):
                d.press(key)
                steps.append((key, d.model()))
            out["history_before"] = len(h.history)
            d.press("PRESS")                      # DRAW 2
            out["drawn"] = [e for e in h.history if e[2] == "draw"]
            out["flash"] = d.model()
            d.ready()
            out["after_draw"] = d.model()
            continue
        if app.tablestate.your_turn:
            m = d.model()
            out["hand"].append(m)
            texts = check_commands(d)
            if "drawn" in out and "bet:50" in app.tablestate.cmds and "bet" not in out:
                out["bet"] = texts
                before = h.stacks[0]
                choose(d, "bet:50")
                out["bet_put"] = before - h.stacks[0]
                out["bet_flash"] = d.model()["label BR"]
            else:
                choose(d, "call" if "call" in app.tablestate.cmds else "check")
        else:
            out["hand"].append(d.model())
    return out


@functools.lru_cache()
def draw_hand():
    for seed in range(1, 40):
        out = draw_walk(seed)
        if "bet" in out and "drawn" in out and len(out["result"]["shown"]) == 2:
            return out
    pytest.fail("no seed in 1..39 gives a draw, a bet after it and a showdown")


def test_draw_is_heads_up_five_cards_each_the_pot_in_the_centre_and_the_dealer_marked():
    out = draw_hand()
    d = out["driver"]
    idle = out["idle"]
    assert [idle["label " + c] for c in CORNERS] == ["YOU 1000", "SID 1000", "", ""]
    dealer = CORNERS[d.app.tablestate.dealer_pos]
    other = "BL" if dealer == "BR" else "BR"
    for m in out["hand"]:
        assert m["label TL"] == m["label TR"] == m["cards TL"] == m["cards TR"] == ""
        mine = tokens(m["cards BR"])
        assert len(mine) == 5 and "##" not in mine
        assert tokens(m["cards BL"]) == ["##"] * 5
        assert m["centre"].startswith("POT ")
        assert m["label " + dealer].count("[D]") == 1 and "[D]" not in m["label " + other]
    assert out["hand"][0]["centre"] == "POT 50"   # two antes of 25
    h = d.app.tablestate.hand
    assert d.app.tablestate.pos_of[h.dealer] == d.app.tablestate.dealer_pos


def test_draw_screen_marks_up_to_three_cards_and_draw_confirms():
    out = draw_hand()
    steps = out["draw"]
    start = steps[0][1]
    assert start["screen"] == "draw"
    assert out["draw_commands"] == ["DRAW", "AUTO", "HINT"]
    before = [cards.name(c) for c in out["before_draw"]]
    assert start["cards"] == " ".join([before[0], CURSOR] + before[1:])   # cursor on the first
    assert start["buttons"] == "STAND PAT AUTO HINT"
    assert start["title"].startswith("[YOUR DRAW] [POT]")
    h = out["driver"].app.tablestate.hand
    theirs = [e[3] for e in out["drawn"] if e[1] == 1]
    if h.dealer == 0:                             # the non-dealer drew first: what it did
        assert start["info"] == ("SID DREW %d" % len(theirs[0]) if theirs[0]
                                 else "SID STOOD PAT")
    else:
        assert start["info"] == "SID DRAWS AFTER YOU"
    model = dict((i, m) for i, (key, m) in enumerate(steps))
    assert tokens(model[1]["cards"])[0] == "[%s]" % before[0]          # PRESS marks it
    assert model[1]["buttons"] == "DRAW 1 AUTO HINT"
    assert tokens(model[3]["cards"]) == ["[%s]" % before[0], before[1], before[2], CURSOR,
                                         before[3], before[4]]
    marked = model[6]["cards"]
    assert marked.count("[") == 3 and model[6]["buttons"] == "DRAW 3 AUTO HINT"
    refused = model[8]
    assert refused["message"] == "3 CARDS AT MOST"                    # a fourth is refused
    assert refused["cards"].count("[") == 3
    assert model[10]["cards"].count("[") == 2                         # LEFT, PRESS: unmarked
    assert tokens(model[10]["cards"]) == ["[%s]" % before[0], before[1], "[%s]" % before[2],
                                          before[3], CURSOR, before[4]]
    assert model[12]["buttons"] == "[DRAW 2] AUTO HINT"               # on past the last card
    assert CURSOR not in model[12]["cards"]
    assert [e[1:] for e in out["drawn"] if e[1] == 0] == [(0, "draw", (0, 2))]


def test_after_the_draw_your_new_cards_show_in_inverse_video():
    out = draw_hand()
    d = out["driver"]
    flash = out["flash"]
    assert flash["screen"] == "table"
    assert "[DRAW 2]" in flash["label BR"]       # flashed in place of your name
    before = [cards.name(c) for c in out["before_draw"]]
    after = tokens(out["after_draw"]["cards BR"])
    assert after[1] == before[1] and after[3:] == before[3:]
    for i in (0, 2):
        assert after[i].startswith("[") and after[i][1:-1] not in before
    shown = out["result"]["shown"][0]["cards"]
    assert [a.strip("[]") for a in after] == [cards.name(c) for c in shown]
    assert d.app.tablestate.fresh == 0                     # back to plain once you acted again


def test_draw_bets_come_in_sizes_from_25_to_100():
    out = draw_hand()
    texts = out["bet"]
    for size in (25, 50, 75, 100):
        assert "BET %d" % size in texts
    assert out["bet_put"] == 50 and out["bet_flash"].count("[BET]") == 1


def test_draw_showdown_reveals_both_hands():
    out = draw_hand()
    m = out["showdown"]
    r = out["result"]
    for seat in (0, 1):
        corner = CORNERS[out["driver"].app.tablestate.pos_of[seat]]
        toks = tokens(m["cards " + corner])
        assert len(toks) == 5 and all(t.startswith("[") for t in toks)
        assert r["shown"][seat]["name"].split(",")[0] in m["label " + corner]
    assert "WIN" in m["centre"]


def test_draw_hint_marks_its_advice_and_auto_draws_for_you():
    d = driver("draw5", 2)
    d.to_table()
    d.press("PRESS")
    while True:
        d.ready()
        app = d.app
        if app.screen.NAME == "draw":
            break
        assert app.tablestate.phase == 2, "the hand ended before the draw"
        choose(d, "call" if "call" in app.tablestate.cmds else "check")
    h = app.tablestate.hand
    history = len(h.history)
    d.press("LEFT")                               # from the first card back round to HINT
    assert d.model()["buttons"].endswith("[HINT]")
    d.press("PRESS")
    m = d.model()
    assert len(h.history) == history and app.screen.NAME == "draw"   # nothing done
    n = app.tablestate.your_draw.count()
    assert m["message"].startswith("HINT: ")
    assert m["cards"].count("[") == n <= 3
    assert m["buttons"].startswith("[")           # the cursor went to DRAW: PRESS takes it
    d.press("RIGHT")                              # AUTO
    assert "[AUTO]" in d.model()["buttons"]
    d.press("PRESS")
    assert app.screen is app.table
    assert [e for e in h.history if e[1] == 0 and e[2] == "draw"]


def test_the_draw_screen_is_loaded_by_draw5_only_and_leaves_with_it():
    d = driver("draw5", 2)
    d.to_table()
    d.press("PRESS")
    while d.app.screen.NAME != "draw":
        d.ready()
        if d.app.screen.NAME != "draw":
            choose(d, "call" if "call" in d.app.tablestate.cmds else "check")
    assert "stud.ui.yourdraw" in sys.modules and "stud.ui.screens.draw" in sys.modules
    d.press("LONG_PRESS")
    while d.scene("menu").state.items[d.scene("menu").state.index] != "GAME":
        d.press("DOWN")
    d.press("RIGHT")                              # draw5 -> tandy7: asked first
    assert d.model()["title"] == "[CHANGE GAME?]"
    d.press("PRESS")                              # yes: the hand is dropped
    assert d.model()["screen"] == "table" and d.app.session.game == "tandy7"
    assert "stud.ui.yourdraw" not in sys.modules and "stud.ui.screens.draw" not in sys.modules


def test_the_computers_discards_leave_the_heap_once_each_draw_is_chosen():
    """A demo hand of draw5 (the computer draws for every seat, yours too): the code each
    draw is chosen with (stud.play.discard) leaves the heap as soon as the draw is made,
    as the draw screen's does after yours."""
    d = driver("draw5", 2)
    d.to_table()
    d.press("RIGHT")                              # the demo
    draws = 0
    for _ in range(10):                           # hands until one reaches the draw
        while d.app.tablestate.phase != 3:              # to the showdown
            d.tick()
            h = d.app.tablestate.hand
            if h is not None:
                draws = max(draws, len([e for e in h.history if e[2] == "draw"]))
            assert [n for n in ("stud.play.discard", "stud.ui.yourdraw", "stud.ui.screens.draw")
                    if n in sys.modules] == []
        if draws == 2:                            # both seats drew
            return
        while d.app.tablestate.phase == 3:
            d.tick()
    raise AssertionError("no demo hand came to the draw")


def test_draw_the_deal_alternates_and_the_button_moves():
    d = driver("draw5", 6)
    d.to_table()
    dealers = []
    for _ in range(2):
        d.press("PRESS")
        d.ready()
        dealers.append((d.app.tablestate.dealer_pos, d.app.tablestate.hand.order[0]))
        while d.app.tablestate.phase == 2:
            app = d.app
            if app.screen.NAME == "draw":
                d.press("DOWN")
                d.press("PRESS")
            elif app.tablestate.your_turn:
                choose(d, "auto")
            d.ready()
        d.press("PRESS")
        d.ready()
    assert dealers[0][0] != dealers[1][0]
    assert dealers[0][1] != dealers[1][1]         # the non-dealer gets the first card


class Rigged(Session):
    """A session dealing given decks (dealing order) before shuffled ones."""

    def __init__(self, game, decks):
        Session.__init__(self, game)
        self.decks = list(decks)

    def deal(self, deck=None, rng=None):
        return Session.deal(self, self.decks.pop(0) if self.decks else None, rng)


def _tie_deck():
    # You (first card) and SID alternate: both hold 9-T-J-Q-K, no flush; nothing to draw.
    yours = cards.parse("9c Td Jh Qs Kc")
    theirs = cards.parse("9d Th Js Qc Kd")
    deal = bytes([c for pair in zip(yours, theirs) for c in pair])
    rest = bytes([c for c in range(52) if c not in deal])
    return deal + rest


def test_draw_a_tie_leaves_the_pot_for_the_next_hand():
    d = driver("draw5", 1, session=Rigged("draw5", [_tie_deck()]))
    d.to_table()
    d.press("PRESS")
    app = stand_pat_to_the_showdown(d, "[STAND PAT] AUTO HINT")
    r = app.tablestate.hand.result
    pot = app.tablestate.hand.pot
    assert r["carry"] == pot and not r["winners"]
    m = d.model()
    assert m["centre"].startswith(TIE)
    d.press("PRESS")
    d.ready()
    assert d.model()["centre"] == TIE
    d.press("PRESS")                              # the next hand: the pot is still there
    d.ready()
    assert d.model()["centre"] == "POT %d" % (pot + 50)


def test_draw_every_incremental_frame_equals_a_full_redraw():
    d = driver("draw5", 5, model=False, speed=2)
    d.to_table()
    d.press("PRESS")
    hands = 0
    ticks = 0
    keys = ("PRESS", "RIGHT", "RIGHT", "PRESS", "DOWN", "PRESS")
    k = 0
    while hands < 2:
        app = d.app
        if app.tablestate.phase == 0 and not app.tablestate.busy:
            d.press("PRESS")
            hands += 1
        elif app.screen.NAME == "draw":
            d.press(keys[k % len(keys)])
            k += 1
        elif app.tablestate.your_turn and not app.tablestate.busy:
            d.press("PRESS")                      # CHECK or CALL: on to the draw
        elif app.tablestate.phase == 3:
            d.tick(10)
            d.press("PRESS")
        d.tick()
        d.redraws_the_same()
        ticks += 1
    assert ticks > 50 and k >= len(keys)       # the draw screen was played through


# ---- rules, words, pictures -----------------------------------------------------------------
@pytest.mark.parametrize("game,title", [("casino7", "CASINO 7 CARD STUD"),
                                        ("stud5", "FIVE CARD STUD"),
                                        ("draw5", "FIVE CARD DRAW")])
def test_rules_are_the_game_in_play(game, title):
    from stud.core import rulebook as rules
    d = driver(game, 1)
    d.ready()
    d.press("LONG_PRESS")
    while d.scene("menu").state.items[d.scene("menu").state.index] != "RULES":
        d.press("DOWN")
    d.press("PRESS")
    n = len(rules.pages(game)) + 1                # the game's pages, then the controls
    m = d.model()
    assert m["title"] == "[%s]" % title
    assert "1/%d  UP/DOWN: PAGE  PRESS: BACK" % n in m["text"]
    for _ in range(n - 1):
        d.press("DOWN")
    m = d.model()
    assert m["title"] == "[CONTROLS]" and "%d/%d  UP/DOWN" % (n, n) in m["text"]


def test_every_text_of_the_new_screens_has_glyphs_and_fits():
    from stud.ui import beats
    from stud.core.words import PAT
    from stud.core import rulebook as rules
    from stud.ui.gfx.fonts import SMALL, BIG
    from stud.ui.screens import draw
    small = [PAT, beats.TIE, beats.MUCKED, "SHOW OR MUCK", "YOUR HAND IS BEATEN",
             "BET 2", "COMPLETE 5", "DRAW 3", "HINT: STAND PAT", "HINT: DRAW 3 - MARKED",
             draw.TITLE, "POT 1000", draw.HELP % 3, draw.TOO_MANY % 3, "JOE DRAWS AFTER YOU",
             "HAL STOOD PAT", "SID DREW 3"] + list(draw.DRAW_WORDS) + list(draw.BUTTONS[1:])
    for game in ("casino7", "stud5", "draw5"):
        for page in rules.pages(game):
            assert len(page) <= 8                 # a title and seven lines
            small += list(page)
    for text in small:
        for ch in text:
            assert ch == " " or SMALL.widths[ord(ch) - 32], "no SMALL glyph for %r (%s)" % (ch, text)
        assert SMALL.width(text) <= 124, text
    for text in (beats.TIE, "SHOW OR MUCK"):        # the centre's big line
        for ch in text:
            assert ch == " " or BIG.widths[ord(ch) - 32], "no BIG glyph for %r (%s)" % (ch, text)
        assert BIG.width(text) <= 126


@pytest.mark.parametrize("name", ["draw", "draw-table", "casino", "casino-muck"])
def test_the_readme_shows_the_games_pictures(name):
    from paths import ROOT as root
    assert os.path.exists(os.path.join(root, "docs", "screens", name + ".png"))
    with open(os.path.join(root, "README.md")) as f:
        assert "docs/screens/%s.png" % name in f.read()


def _draw_first_then_bet(seed):
    """A draw5 hand where you draw first: the opponent's corner when your bet comes after
    the draw, or None (you do not draw first in this hand, or no bet comes)."""
    d = driver("draw5", seed)
    d.to_table()
    d.press("PRESS")
    drew_first = None
    while True:
        d.ready()
        app = d.app
        h = app.tablestate.hand
        if app.tablestate.phase == 3 or h is None:
            return None
        if app.screen.NAME == "draw":
            if drew_first is None:
                drew_first = not [e for e in h.history if e[2] == "draw"]
            d.press("DOWN")
            d.press("PRESS")                      # stand pat
            continue
        if app.tablestate.your_turn:
            if drew_first and len([e for e in h.history if e[2] == "draw"]) == 2:
                return d.model()["label BL"]
            choose(d, "call" if "call" in app.tablestate.cmds else "check")


def test_draw_the_opponents_draw_stays_in_its_corner_until_the_betting_ends():
    for seed in range(1, 30):
        label = _draw_first_then_bet(seed)
        if label is not None:
            break
    else:
        pytest.fail("no seed in 1..29 has you draw first and bet after the draw")
    name = label.split()[0]
    assert label.startswith(name + " DREW ") or label.startswith(name + " PAT ")


def test_draw_the_opponents_corner_says_its_draw_only_after_its_flash():
    """Issue 35: "JOE DREW 3" showed in the corner before JOE's own DRAW 3 flash.  Frame
    by frame over draw5 hands, the corner notes the draw only once the flash has shown."""
    checked = 0
    for seed in range(1, 7):
        d = driver("draw5", seed, speed=2)
        d.to_table()
        d.press("PRESS")
        flashed = False
        for _ in range(20000):
            d.tick()
            if d.app.tablestate.phase != 2:
                break
            if d.app.screen.NAME == "draw":
                d.press("DOWN")
                d.press("PRESS")                      # stand pat
                continue
            label = d.model()["label BL"]
            if label.startswith("[DRAW ") or label.startswith("[STAND PAT]"):
                flashed = True
            elif " DREW " in label or " PAT " in label:
                assert flashed, label
                checked += 1
            if d.app.tablestate.your_turn:
                choose(d, "call" if "call" in d.app.tablestate.cmds else "check")
    assert checked, "no frame showed an opponent's draw in its corner"


def test_draw_an_uncontested_pot_names_the_opponent_who_passed():
    from stud.ui.beats import passed
    names = ["YOU", "HAL", "OUT", "OUT"]
    assert passed(names, [0, 1], 2, 0) == "HAL PASSED"
    assert passed(names, [0, 1], 2, 1) == "YOU PASSED"
    assert passed(["YOU", "SID", "JOE", "HAL"], [0, 1, 2, 3], 4, 0) == "THE OTHERS PASSED"


def test_casino_show_or_muck_is_asked_with_the_hands_that_beat_you_face_up():
    n = casino(("muck",))
    texts, m = n["muck"]
    shown, pos_of, aggressor = n["muck_before"]
    assert shown                                   # the last aggressor (or first seat) showed
    for seat, hand in shown.items():
        corner = CORNERS[pos_of[seat]]
        toks = tokens(m["cards " + corner])
        assert "##" not in toks and len(toks) == 7 and all(t.startswith("[") for t in toks[:5])
        assert hand["name"].split(",")[0] in m["label " + corner]


def _corner_chips(text):
    """The chips a corner label shows, None for BUST or a hand's name (draw5's "DREW 3"
    and the flash "DRAW 3" are a draw, not chips)."""
    words = tokens(text.replace("[", " ").replace("]", " "))
    nums = [w for k, w in enumerate(words)
            if w.isdigit() and (k == 0 or words[k - 1] not in ("DREW", "DRAW"))]
    return int(nums[-1]) if nums else None


@pytest.mark.parametrize("game", ORDER)
def test_no_chips_move_before_the_winner_is_announced(game):
    """Issue 35: the winner's stack grew with the last action's flash, a second before
    the cards and the result showed.  In every frame of a hand (phase HAND) no corner's
    chips go up: they come down as chips go in, and rise only once the showdown shows."""
    d = driver(game, 5, speed=2)
    d.to_table()
    for _ in range(4):
        while d.app.tablestate.phase != 2 and d.app.tablestate.idle_cmd != 0:
            d.press("DOWN")
        d.press("PRESS")                                  # PLAY
        low = {}
        for _ in range(20000):
            d.tick()
            m = d.model()
            if m["phase"] != "hand":
                break
            if m["screen"] == "table":
                for c in CORNERS:
                    chips = _corner_chips(m["label " + c])
                    if chips is not None:
                        assert chips <= low.get(c, chips), (c, m)
                        low[c] = chips
            if d.app.screen.NAME == "draw":             # draw5: stand pat (DRAW, no marks)
                for _ in range(5):
                    d.press("RIGHT")
                d.press("PRESS")
            elif d.app.tablestate.your_turn:
                d.press("PRESS")                        # CHECK or CALL
        assert m["phase"] == "show", m
        assert low, "no chips were read during the hand"
        d.ready()
        d.press("PRESS")
        d.ready()
