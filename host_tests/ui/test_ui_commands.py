"""The command line: every command offered on screen is legal in the engine, every legal
action is reachable with the joystick, and what it says is what it does."""
import random

from ui_driver import Driver  # noqa: E402
from stud.core.actions import ACTIONS  # noqa: E402
from stud.core.words import SAY, say  # noqa: E402

WORDS = dict([(w, SAY[w]) for w in ACTIONS] + [("auto", "AUTO"), ("hint", "HINT")])

SCREEN_WORDS = set(WORDS.values())


def turns(seed, hands, choose, speed=3):
    """Play `hands` hands; at each of your turns call choose(driver) (it must act)."""
    d = Driver(seed=seed, speed=speed)
    d.ready()
    d.press("PRESS")
    d.ready()
    played = 0
    while played < hands:
        app = d.app
        if app.tablestate.phase == 0:
            d.press("PRESS")            # PLAY (PLAY is shown first between hands)
            played += 1
        elif app.tablestate.phase == 3:
            d.press("PRESS")
        elif app.tablestate.your_turn:
            choose(d)
        d.ready()
    return d


def cycle(d, key):
    """The command line's texts while pressing `key` once per command, back to the start."""
    shown = []
    for _ in range(len(d.app.tablestate.cmds)):
        shown.append(d.model()["command"])
        d.press(key)
    assert d.model()["command"] == shown[0]
    return shown


def test_every_command_offered_is_legal_and_every_legal_action_is_reachable():
    rng = random.Random(4)
    checked = [0]

    def choose(d):
        app = d.app
        legal = app.tablestate.hand.legal()
        i = app.tablestate.cmd
        down = cycle(d, "DOWN")
        up = cycle(d, "UP")
        words = [text.split()[0] for text in down]
        ring = app.tablestate.cmds[i:] + app.tablestate.cmds[:i]
        assert words == [say(c) for c in ring]
        assert up == [down[0]] + down[1:][::-1]         # UP walks the same ring backwards
        assert app.tablestate.cmds[-2:] == ["auto", "hint"]
        for command in app.tablestate.cmds[:-2]:
            assert command.partition(":")[0] in legal  # offered -> legal in the engine
        for word in legal:                              # legal -> on the command line
            assert WORDS[word] in words
        assert set(words) <= SCREEN_WORDS
        checked[0] += 1
        # act: mostly calls and checks, sometimes a raise or a pass, now and then AUTO
        pick = rng.choice(app.tablestate.cmds[:-1])
        while app.tablestate.cmds[app.tablestate.cmd] != pick:
            d.press("DOWN")
        d.press("PRESS")

    turns(11, 10, choose)
    assert checked[0] >= 10


def test_the_amount_shown_is_what_the_command_puts_in():
    seen = []

    def choose(d):
        app = d.app
        wagers = [c for c in app.tablestate.cmds if c.partition(":")[0] in ("call", "bet", "raise")]
        pick = wagers[-1] if wagers else "check"
        while app.tablestate.cmds[app.tablestate.cmd] != pick:
            d.press("DOWN")
        text = d.model()["command"]
        before = app.tablestate.hand.stacks[0]
        d.press("PRESS")
        put = before - app.tablestate.hand.stacks[0]
        if wagers:
            assert text == "%s %d" % (say(pick), put)
            seen.append(pick)
        else:
            assert text == "CHECK" and put == 0

    turns(5, 4, choose)
    assert seen


def test_the_command_line_starts_on_check_or_call_never_on_pass():
    starts = []

    def choose(d):
        app = d.app
        starts.append(app.tablestate.cmds[app.tablestate.cmd])
        d.press("PRESS")

    turns(3, 5, choose)
    assert starts and set(starts) <= {"check", "call"}


def test_hint_answers_without_acting_and_auto_acts_for_you():
    notes = {}

    def choose(d):
        app = d.app
        if "hint" not in notes:
            history = len(app.tablestate.hand.history)
            while app.tablestate.cmds[app.tablestate.cmd] != "hint":
                d.press("DOWN")
            d.press("PRESS")
            m = d.model()
            notes["hint"] = m["centre"]
            assert len(app.tablestate.hand.history) == history and app.tablestate.your_turn
            assert m["command"].startswith("HINT")
        while app.tablestate.cmds[app.tablestate.cmd] != "auto":
            d.press("DOWN")
        history = len(app.tablestate.hand.history)
        d.press("PRESS")
        notes.setdefault("auto", d.model()["command"])
        assert len(app.tablestate.hand.history) > history

    turns(8, 2, choose, speed=1)
    assert notes["hint"].startswith("HINT: ") and "YOUR CHANCE TO WIN" in notes["hint"]
    assert notes["auto"] == "[AUTO]"


def test_presses_during_an_action_flash_are_dropped():
    d = Driver(seed=2, speed=0)
    d.ready()
    d.press("PRESS")
    d.ready()
    d.press("PRESS")          # PLAY: the deal animates
    before = d.app.input.dropped
    for _ in range(5):
        d.press("DOWN")       # while cards are being dealt
    assert d.app.input.dropped >= before + 5
    d.ready()
    assert d.app.tablestate.your_turn or d.app.tablestate.phase != 2
