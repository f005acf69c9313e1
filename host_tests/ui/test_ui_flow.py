"""Seed 000's flow on the handheld, read through the screen model (tools/harness/recording.py):
the title, PLAY, a hand with raises and a showdown, SEL choosing SID / OUT / HAL,
PLAY again, BUST and the new game.

The opponents' choices depend on their tuning, so the walk looks for a seed whose
hands give the situations it needs (as test_textgame does) instead of hard-wiring one.
"""
import functools

import pytest

from ui_driver import Driver  # noqa: E402
from stud.core import cards  # noqa: E402

CORNERS = ("BR", "BL", "TL", "TR")
FLASHES = ("BET", "RAISE", "CALL", "CHECK", "PASS")


def choose(d, word):
    """Cycle the command line with DOWN until it shows `word`, then press."""
    for _ in range(len(d.app.tablestate.cmds)):
        if d.app.tablestate.cmds[d.app.tablestate.cmd] == word:
            break
        d.press("DOWN")
    assert d.app.tablestate.cmds[d.app.tablestate.cmd] == word
    d.press("PRESS")


def watch(d, seen):
    """Tick until the app waits for the player, noting every screen on the way."""
    start = d.now
    d.tick()
    seen.append(d.model())
    while not d.waiting():
        assert d.now - start < 600000, "the app never waited for the player"
        d.tick()
        seen.append(d.model())


def cards_in(text):
    return [t for t in text.split() if t]


def flow(seed):
    d = Driver(seed=seed, speed=2)
    out = {"driver": d}
    watch(d, [])
    out["title"] = d.model()
    d.press("PRESS")
    watch(d, [])
    out["table"] = d.model()
    d.press("PRESS")                      # PLAY
    seen = []
    watch(d, seen)
    out["deal"] = list(seen)
    raised = False
    while d.app.tablestate.phase == 2:
        if d.app.tablestate.your_turn:
            m = d.model()
            seen.append(m)
            if "raise" in d.app.tablestate.cmds and not raised:
                choose(d, "raise")
                raised = True
            else:
                choose(d, "call" if "call" in d.app.tablestate.cmds else "check")
        watch(d, seen)
    out["hand1"] = seen
    out["you_raised"] = raised
    out["result1"] = d.app.tablestate.hand.result
    out["positions1"] = list(d.app.session.positions())
    out["showdown"] = d.model()
    show = []
    for _ in range(60):                   # 1.2 s of the showdown: the winner blinks
        d.tick()
        show.append(d.model())
    out["show_frames"] = show
    seen = []
    watch(d, seen)
    d.press("PRESS")                      # past the showdown
    watch(d, seen)
    out["after1"] = d.model()
    # SEL: bottom left SID, top left OUT, top right HAL
    d.press("DOWN")
    out["sel_command"] = d.model()["command"]
    d.press("PRESS")
    out["sel_start"] = d.model()
    picks = []
    for want in ("SID", "OUT", "HAL"):
        while d.app.tablestate.sel_choices[d.app.tablestate.sel_choice] != want:
            d.press("DOWN")
        picks.append(d.model())
        d.press("PRESS")
    out["sel_warning"] = d.model()
    d.press("PRESS")                       # yes: everyone's chips go back to 999
    out["sel_picks"] = picks
    watch(d, [])
    out["after_sel"] = d.model()
    out["names"] = list(d.app.session.names)
    # BUST: you come to the next hand with one chip (the ante takes it)
    d.app.session.chips[0] = 1
    d.press("PRESS")                      # PLAY again
    seen = []
    watch(d, seen)
    while d.app.tablestate.phase == 2:
        watch(d, seen)
    out["hand2"] = seen
    out["result2"] = d.app.tablestate.hand.result
    d.press("PRESS")
    seen = []
    watch(d, seen)
    out["after2"] = seen
    out["chips_after2"] = list(d.app.session.chips)
    return out


def _good(out):
    r = out["result1"]
    raises = [m for m in out["hand1"] for c in ("BL", "TL", "TR") if m.get("label " + c) == "[RAISE]"]
    return (out["you_raised"] and raises and len(r["shown"]) >= 2
            and out["result2"]["amounts"][0] == 0)


@functools.lru_cache()
def walk():
    for seed in range(1, 60):
        out = flow(seed)
        if _good(out):
            return out
    pytest.fail("no seed in 1..59 gives a raised showdown and then a lost all-in")


def test_title_page_names_the_product_and_the_game():
    t = walk()["title"]
    assert t["screen"] == "title"
    assert t["product"] == "POCKET STUD"
    assert t["game"].startswith("7 CARD STUD LIMIT RAISE")


def test_table_shows_four_corners_with_999_and_play():
    t = walk()["table"]
    assert [t["label " + c] for c in CORNERS] == ["YOU 999", "SID 999", "JOE 999", "HAL 999"]
    assert t["command"] == "PLAY"


def test_cards_are_dealt_one_at_a_time_and_holes_are_backs_but_yours():
    deal = walk()["deal"]
    counts = [sum(len(cards_in(m["cards " + c])) for c in CORNERS) for m in deal]
    assert max(counts) == 12
    dealt = counts.index(12)                 # the deal is done (a bot may fold before your turn)
    steps = [b - a for a, b in zip(counts[:dealt + 1], counts[1:dealt + 1]) if b != a]
    assert set(steps) == {1}
    last = deal[dealt]
    mine = cards_in(last["cards BR"])
    assert len(mine) == 3 and "##" not in mine         # your hole cards readable
    for c in ("BL", "TL", "TR"):
        theirs = cards_in(last["cards " + c])
        assert theirs[1:] == ["##", "##"] and theirs[0] != "##"   # up card, two backs
    assert deal[-1]["centre"].startswith("POT ")


def test_the_bring_in_flashes_bet_in_inverse_video_in_place_of_the_name():
    deal = walk()["deal"]
    flashes = [m["label " + c] for m in deal for c in CORNERS if m["label " + c].startswith("[")]
    assert "[BET]" in flashes


def test_actions_flash_in_place_of_names_and_chips_move_to_the_pot():
    out = walk()
    labels = set(m["label " + c] for m in out["hand1"] for c in CORNERS if m["phase"] == "hand")
    assert "[RAISE]" in labels
    assert set(w[1:-1] for w in labels if w.startswith("[")) <= set(FLASHES)
    pots = [int(m["centre"].split()[1]) for m in out["hand1"] if m["centre"].startswith("POT ")]
    assert pots == sorted(pots) and pots[-1] > pots[0]


def test_your_command_line_shows_a_legal_command_above_your_cards():
    out = walk()
    turns = [m for m in out["hand1"] if m["command"] and m["phase"] == "hand"
             and not m["command"].startswith("[")]
    assert turns
    for m in turns:
        word = m["command"].split()[0]
        assert word in ("PASS", "CALL", "RAISE", "CHECK", "BET", "AUTO", "HINT")


def test_showdown_reveals_live_hands_marks_the_five_and_names_the_hand():
    from stud.ui.screens import in_order
    out = walk()
    m = out["showdown"]
    r = out["result1"]
    assert m["phase"] == "show"
    positions = out["positions1"]
    for seat, shown in r["shown"].items():
        corner = CORNERS[positions[seat]]
        toks = cards_in(m["cards " + corner])
        assert "##" not in toks and len(toks) == 7
        marked = [t[1:-1] for t in toks[:5]]
        assert all(t.startswith("[") for t in toks[:5]) and not any(t.startswith("[") for t in toks[5:])
        assert cards.parse(" ".join(marked)) == in_order(shown["best"])   # in hand order
        short = shown["name"].split(",")[0]
        assert short in m["label " + corner]
    winner = r["winners"][0]
    assert shown and r["shown"][winner]["name"] in m["centre"]
    assert "WIN" in m["centre"]


def test_the_winner_flashes():
    out = walk()
    r = out["result1"]
    positions = out["positions1"]
    corner = "label " + CORNERS[positions[r["winners"][0]]]
    frames = [m for m in out["show_frames"] if m["phase"] == "show"]
    states = [m[corner].startswith("[") for m in frames]
    assert True in states and False in states       # inverse video, on and off
    loser = [s for s in r["shown"] if s not in r["winners"]]
    for seat in loser:
        other = "label " + CORNERS[positions[seat]]
        assert not any(m[other].startswith("[") for m in frames)


def test_sel_highlights_the_position_and_cycles_the_opponents():
    out = walk()
    assert out["sel_command"] == "SEL"
    m = out["sel_start"]
    assert m["command"] == "[SEL]" and m["phase"] == "select"
    assert m["label BL"] == "[SID]" and "BOTTOM LEFT" in m["centre"]
    picks = out["sel_picks"]
    assert picks[0]["label BL"] == "[SID]"
    assert picks[1]["label BL"] == "SID" and picks[1]["label TL"] == "[OUT]"
    assert picks[2]["label TL"] == "OUT" and picks[2]["label TR"] == "[HAL]"
    assert out["names"] == ["YOU", "SID", "OUT", "HAL"]
    assert "LEFT: CANCEL" in m["centre"]          # how to leave SEL
    warning = out["sel_warning"]             # what SEL resets, and the answer below it
    assert warning["centre"] == "EVERY GAME'S CHIPS START AGAIN AND THE OPPONENTS FORGET YOU"
    assert warning["command"] == "PRESS: YES  LEFT: NO [SEL]"
    after = out["after_sel"]
    assert [after["label " + c] for c in CORNERS] == ["YOU 999", "SID 999", "", "HAL 999"]
    assert after["command"] == "PLAY"


def test_play_again_deals_to_the_players_shown_and_bust_starts_a_new_game():
    out = walk()
    hand2 = out["hand2"]
    assert all(m["cards TL"] == "" for m in hand2)          # the OUT position gets no cards
    assert any(m["label BR"] == "YOU BUST" for m in hand2)  # no chips left after the ante
    notices = [m["centre"] for m in out["after2"]]
    assert "BUST - NEW GAME" in notices
    assert out["chips_after2"] == [999, 999, 0, 999]
