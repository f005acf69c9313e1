"""The app loop and its screens: input filtering, incremental rendering, what gets sent
to the panel, dimming and sleep, the menu and its settings, notices, demo mode."""
import sys

import host  # noqa: E402
from ui_driver import Driver  # noqa: E402
from stud.core import events  # noqa: E402
from stud.ui import power as appmod  # noqa: E402  (DIM_AFTER_MS, SLEEP_AFTER_MS)
from stud.ui.app import SCENES  # noqa: E402
from stud.ui.input import Input  # noqa: E402
from stud.drivers.repeat import REPEAT_DELAY_MS, REPEAT_MS  # noqa: E402


# ---- input -----------------------------------------------------------------------------
class Source:
    def __init__(self):
        self.pending = []
        self.direction = 0

    def poll(self):
        out, self.pending = self.pending, []
        return out


def test_presses_during_an_animation_are_dropped_but_a_long_press_is_not():
    src = Source()
    inp = Input(src, lambda a, b: a - b)
    src.pending = [events.PRESS, events.UP, events.LONG_PRESS]
    assert inp.poll(0, True) == 1 and inp.codes[0] == events.LONG_PRESS
    assert inp.dropped == 2
    src.pending = [events.PRESS, events.DOWN]
    assert inp.poll(20, False) == 2 and list(inp.codes[:2]) == [events.PRESS, events.DOWN]
    assert inp.poll(40, False) == 0


def test_a_held_direction_repeats_after_a_delay():
    src = Source()
    src.held = lambda: src.direction
    inp = Input(src, lambda a, b: a - b)
    src.pending = [events.DOWN]
    src.direction = events.DOWN
    got = []
    for t in range(0, 1000, 20):
        n = inp.poll(t, False)
        got += [(t, inp.codes[i]) for i in range(n)]
        src.direction = events.DOWN if t < 900 else 0
    times = [t for t, _ in got]
    assert got[0] == (0, events.DOWN)
    assert times[1] >= REPEAT_DELAY_MS
    assert all(b - a >= REPEAT_MS for a, b in zip(times[1:], times[2:]))
    assert len(got) >= 4 and all(code == events.DOWN for _, code in got)


# ---- rendering ---------------------------------------------------------------------------
def play_some(d, hands=2):
    d.ready()
    d.press("PRESS")
    d.ready()
    done = 0
    while done < hands:
        app = d.app
        if app.tablestate.phase == 0:
            d.press("PRESS")
            done += 1
        elif app.tablestate.your_turn:
            d.press("DOWN" if done % 2 else "UP")
            d.press("PRESS")
        elif app.tablestate.phase == 3:
            d.tick(30)
            d.press("PRESS")
        yield d
        d.tick()


def test_every_incremental_frame_equals_a_full_redraw_and_reaches_the_panel():
    """After each tick: what the panel got (only dirty pages) is the frame, and a full
    redraw from the same state draws the same frame (no region forgot a change)."""
    d = Driver(seed=5, speed=2, model=False)
    ticks = 0
    for _ in play_some(d, 3):
        d.redraws_the_same()
        ticks += 1
    assert ticks > 50


def test_an_action_flash_sends_only_the_pages_it_touches():
    d = Driver(seed=5, speed=1, model=False)
    d.ready()
    d.press("PRESS")
    d.ready()
    d.press("PRESS")
    d.ready()
    app = d.app
    seat = 1
    app.tablestate.flash_seat = seat
    app.tablestate.flash_word = "RAISE"
    app.touch(1 << app.tablestate.pos_of[seat])
    app.render()
    pages = app.frame.take_dirty()
    assert pages and bin(pages).count("1") <= 2


def test_idle_frames_send_nothing():
    d = Driver(seed=5, model=False)
    d.to_table()
    flushes = d.display.flushes
    d.tick(50)
    assert d.display.flushes == flushes


# ---- the panel: dim, sleep, wake ---------------------------------------------------------
def test_the_screen_dims_after_a_minute_sleeps_after_five_and_input_wakes_it():
    d = Driver(seed=5, model=False)
    d.to_table()
    bright = d.display.contrast_value
    d.run_ms(appmod.DIM_AFTER_MS + 100)
    assert d.display.contrast_value < bright and d.display.on
    d.run_ms(appmod.SLEEP_AFTER_MS - appmod.DIM_AFTER_MS)
    assert not d.display.on
    phase, cmd = d.app.tablestate.phase, d.app.tablestate.idle_cmd
    d.press("DOWN")                       # wakes only: the command does not move
    assert d.display.on and d.display.contrast_value == bright
    assert (d.app.tablestate.phase, d.app.tablestate.idle_cmd) == (phase, cmd)
    d.press("DOWN")
    assert d.app.tablestate.idle_cmd != cmd


def test_on_a_dimmed_screen_an_input_brightens_it_and_acts():
    d = Driver(seed=5, model=False)
    d.to_table()
    bright = d.display.contrast_value
    d.run_ms(appmod.DIM_AFTER_MS + 100)
    assert d.display.contrast_value < bright and d.display.on
    cmd = d.app.tablestate.idle_cmd
    d.press("DOWN")                       # dim is not sleep: the command moves at once
    assert d.display.contrast_value == bright
    assert d.app.tablestate.idle_cmd != cmd


# ---- the menu --------------------------------------------------------------------------------
def open_menu(d):
    d.press("LONG_PRESS")
    m = d.model()
    assert m["screen"] == "menu"
    return m


def goto(d, item):
    while d.scene("menu").state.items[d.scene("menu").state.index] != item:
        d.press("DOWN")


def test_long_press_opens_the_menu_mid_hand_and_the_hand_waits():
    d = Driver(seed=6, model=True)
    d.ready()
    d.press("PRESS")
    d.ready()
    d.press("PRESS")
    d.ready()
    hand = d.app.tablestate.hand
    history = len(hand.history)
    m = open_menu(d)
    assert m["items"].startswith("[BACK] GAME LIMIT RAISE")    # opens on the way back
    for item in ("SPEED MEDIUM", "SOUND ON", "CONTRAST 6", "DEMO OFF", "STATS", "LAST HANDS",
                 "RULES"):
        assert item in m["items"]
    assert d.scene("menu").state.items[-1] == "NEW GAME"   # below, shown as the cursor comes
    d.run_ms(20000)
    assert len(hand.history) == history      # nothing moves while the menu is open
    d.press("LONG_PRESS")
    m = d.model()
    assert m["screen"] == "table" and d.app.tablestate.hand is hand


def test_menu_settings_change_speed_sound_and_contrast():
    d = Driver(seed=6)
    d.ready()
    open_menu(d)
    goto(d, "SPEED")
    d.press("RIGHT")
    assert d.app.settings.speed == 2 and "[SPEED] [FAST]" in d.model()["items"]
    d.press("PRESS")
    assert d.app.settings.speed == 3 and "[SPEED] [SONIC]" in d.model()["items"]
    goto(d, "SOUND")
    d.press("PRESS")
    assert d.app.settings.sound == 0
    goto(d, "CONTRAST")
    d.press("LEFT")
    assert d.app.settings.contrast == 5 and d.display.contrast_value == 5 * 32 - 1
    d.press("LONG_PRESS")
    d.press("PRESS")            # title -> table
    d.ready()
    d.press("PRESS")            # PLAY
    d.ready()
    assert d.board.buzzer.played == []      # sound off


def test_sound_plays_the_deal_and_bets():
    d = Driver(seed=6)
    d.ready()
    d.press("PRESS")
    d.ready()
    d.press("PRESS")
    d.ready()
    assert "deal" in d.board.buzzer.played


def test_rules_stats_and_last_hands_pages():
    d = Driver(seed=6)
    d.ready()
    open_menu(d)
    goto(d, "RULES")
    d.press("PRESS")
    m = d.model()
    assert m["screen"] == "page" and "ANTE" in m["text"] and "1/4  UP/DOWN" in m["text"]
    d.press("DOWN")
    assert "2/4  UP/DOWN" in d.model()["text"]
    d.press("PRESS")
    assert d.model()["screen"] == "menu"
    goto(d, "STATS")
    d.press("PRESS")
    assert "HANDS 0 WON 0" in " ".join(d.model()["text"].split())   # stud.save.stats lines
    d.press("PRESS")
    goto(d, "LAST HANDS")
    d.press("PRESS")
    assert "NO HANDS YET" in d.model()["text"]


def test_new_game_from_the_menu_restarts_everyone_at_999():
    d = Driver(seed=6)
    d.ready()
    d.press("PRESS")
    d.ready()
    d.app.session.chips[:] = [500, 1200, 999, 1100]
    open_menu(d)
    goto(d, "NEW GAME")
    d.press("PRESS")
    assert d.model()["title"] == "[NEW GAME?]"
    d.press("PRESS")
    d.ready()
    m = d.model()
    assert m["screen"] == "table" and m["label BR"] == "YOU 999" and m["label BL"] == "SID 999"


def test_new_game_says_the_stack_of_the_game_in_play_and_resets_what_it_says():
    """NEW GAME? names five card draw's 1000, and every game starts again, as it says."""
    from stud.play.session import Session
    session = Session("draw5")
    session.other_games["tandy7"] = ([1500, 600, 900, 0], 0)
    d = Driver(seed=6, session=session)
    d.ready()
    d.press("PRESS")
    d.ready()
    before = [bytes(session.model(p)) for p in (1, 2, 3)]
    session.model(1)[1] = 9               # the opponent has seen a hand of yours
    open_menu(d)
    goto(d, "NEW GAME")
    d.press("PRESS")
    text = " ".join(d.model()["text"].split())
    assert "EVERY GAME STARTS AGAIN: EVERYONE HAS 1000 CHIPS HERE." in text
    assert "THE OPPONENTS FORGET HOW YOU PLAY." in text
    d.press("PRESS")
    d.ready()
    assert session.game == "draw5" and session.chips[:2] == [1000, 1000]
    assert session.other_games == {}      # limit raise starts again at 999 when chosen
    assert [bytes(session.model(p)) for p in (1, 2, 3)] == before


def test_demo_plays_every_seat_with_the_title_page_between_hands():
    d = Driver(seed=9, speed=3)
    d.ready()
    open_menu(d)
    goto(d, "DEMO")
    d.press("PRESS")
    assert d.app.session.demo and "[DEMO] [ON]" in d.model()["items"]
    d.press("LONG_PRESS")
    screens = []
    for _ in range(4000):
        d.tick()
        m = d.model()
        if not screens or screens[-1] != m["screen"]:
            screens.append(m["screen"])
        assert not d.app.tablestate.your_turn               # the computer plays your seat too
        if d.app.tablestate.hands_dealt >= 2 and m["screen"] == "title":
            break
    assert screens[:3] == ["title", "table", "title"] and d.app.tablestate.hands_dealt >= 2
    assert "DEMO" in d.model()["prompt"]
    open_menu(d)
    goto(d, "DEMO")
    d.press("PRESS")
    d.press("LONG_PRESS")
    assert not d.app.session.demo and d.model()["screen"] == "table"
    assert d.model()["label BR"] == "YOU 999"


def _in_a_hand(d):
    d.to_table()
    d.press("PRESS")                      # PLAY
    d.ready()
    return d.app.tablestate.hand


def test_the_menu_opens_on_back_and_a_press_there_returns_to_the_hand():
    d = Driver(seed=6)
    hand = _in_a_hand(d)
    open_menu(d)
    d.press("RIGHT")                      # nothing to change on BACK
    d.press("PRESS")
    assert d.model()["screen"] == "table" and d.app.tablestate.hand is hand
    assert d.app.session.game == "tandy7"


def test_changing_the_game_mid_hand_asks_first_and_left_keeps_the_hand():
    d = Driver(seed=6)
    hand = _in_a_hand(d)
    open_menu(d)
    goto(d, "GAME")
    d.press("RIGHT")
    m = d.model()
    assert m["screen"] == "page" and m["title"] == "[CHANGE GAME?]"
    assert "PRESS: YES, CHANGE GAME" in m["text"] and "LEFT OR HOLD: NO" in m["text"]
    d.press("LEFT")                       # no
    d.press("LONG_PRESS")
    assert d.app.session.game == "tandy7" and d.app.tablestate.hand is hand
    assert d.model()["screen"] == "table"


def test_browsing_the_games_in_demo_keeps_the_demo_on():
    d = Driver(seed=9, speed=3)
    d.ready()
    d.press("RIGHT")                      # demo
    assert d.app.session.demo
    open_menu(d)
    goto(d, "GAME")
    d.press("RIGHT")
    d.press("LEFT")
    d.press("LONG_PRESS")
    assert d.app.session.demo and d.model()["screen"] == "title"
    assert d.app.session.game == "tandy7"


def test_each_game_starts_clean_without_the_last_games_result():
    d = Driver(seed=6, speed=3)
    _in_a_hand(d)
    while d.app.tablestate.phase != 3:          # play the hand out
        if d.app.tablestate.your_turn:
            cmds = d.app.tablestate.cmds
            while cmds[d.app.tablestate.cmd] not in ("call", "check"):
                d.press("DOWN")
            d.press("PRESS")
        d.tick()
    d.press("PRESS")
    d.ready()
    assert d.model()["centre"]            # the hand's result, between hands
    open_menu(d)
    goto(d, "GAME")
    d.press("RIGHT")                      # between hands: no question
    d.press("LONG_PRESS")                 # back to the table, the new game's
    d.ready()
    m = d.model()
    assert d.app.session.game == "casino7" and m["screen"] == "table" and m["centre"] == ""


def test_demo_takes_one_input_from_the_title_page_and_one_press_ends_it():
    d = Driver(seed=9, speed=3)
    d.ready()
    assert "RIGHT: DEMO" in d.model()["prompt"]
    d.press("RIGHT")
    assert d.app.session.demo and "PRESS: STOP" in d.model()["prompt"]
    while d.app.screen is not d.app.table or d.app.tablestate.phase != 2:
        d.tick()
    d.tick(5)                             # mid-hand, the computer playing every seat
    d.press("PRESS")
    assert not d.app.session.demo and d.model()["screen"] == "table"
    assert d.model()["label BR"] == "YOU 999" and d.app.tablestate.phase == 0


def test_demo_takes_one_input_between_hands():
    d = Driver(seed=9, speed=3)
    d.ready()
    d.press("PRESS")                      # title -> table, between hands
    d.ready()
    d.press("RIGHT")
    assert d.app.session.demo and d.model()["screen"] == "title"
    d.press("RIGHT")                      # the same input ends it
    assert not d.app.session.demo and d.model()["screen"] == "table"


def test_stopping_the_demo_leaves_none_of_its_words_on_your_table():
    """Issue 35: after a real hand, a demo of two hands, stopped between them, left the
    demo's "SID WINS 33" beside your own chips.  Your table comes back with your last
    words or none, and no notice of the demo's hands waits to show."""
    d = Driver(seed=9, speed=3)
    d.play_hands(1)
    mine = d.model()["centre"]
    d.press("RIGHT")                                  # the demo, between hands
    demo_words = set()
    while d.app.tablestate.hands_dealt < 4 or d.app.screen is not d.app.title:
        d.tick()
        if d.app.screen is d.app.table and d.model()["centre"]:
            demo_words.add(d.model()["centre"])
    assert any("WIN" in w or "SPLIT" in w or "TIE" in w for w in demo_words), demo_words
    d.press("PRESS")                                  # stop
    seen = set()
    for _ in range(200):                              # 4 s: any notice would show
        d.tick()
        seen.add(d.model()["centre"])
    assert not d.app.session.demo and d.model()["screen"] == "table"
    assert seen <= {mine, ""} and not d.app.tablestate.msgs, (seen, mine)


def test_a_busted_opponent_rebuys_and_the_screen_says_so():
    d = Driver(seed=6)
    d.ready()
    d.press("PRESS")
    d.ready()
    d.app.session.chips[2] = 0
    d.press("PRESS")
    seen = set()
    for _ in range(200):
        d.tick()
        seen.add(d.model()["centre"])
    assert "JOE REBUYS 999" in seen


def test_the_host_script_format():
    items = host.parse_script("# a comment\nUP\n\nwait 250\nLONG_PRESS  # menu\n")
    assert items == [events.UP, ("WAIT", 250), events.LONG_PRESS]
    for bad in ("JUMP", "WAIT", "WAIT soon", "UP DOWN"):
        try:
            host.parse_script(bad)
        except ValueError as e:
            assert "line 1" in str(e)
        else:
            raise AssertionError("accepted %r" % bad)


# ---- what is not in play is not in the heap ----------------------------------------------------
def loaded(names):
    return [n for n in names if n in sys.modules]


def test_each_page_of_the_menu_takes_its_code_away_when_it_closes():
    """One page's code in the heap at a time: LAST HANDS (and the record code it replays
    hands with) and RULES go when their page goes back to the menu; STATS needs neither."""
    d = Driver(seed=6, model=True, store=host.memory_store())
    d.ready()
    d.press("PRESS")                       # title -> table
    d.ready()
    d.press("PRESS")                       # a hand, so LAST HANDS has one to show
    while d.app.tablestate.phase != 0:
        if d.app.tablestate.your_turn:
            d.press("PRESS")
        d.ready()
        if d.app.tablestate.phase == 3:
            d.press("PRESS")
    assert loaded(["stud.save.record", "stud.save.pack"]) == []   # the hand's record made
    open_menu(d)
    for item, code in (("STATS", ()), ("LAST HANDS", ("stud.ui.screens.pages",
                                                      "stud.save.record")),
                       ("RULES", ("stud.core.rulebook",))):
        goto(d, item)
        d.press("PRESS")
        assert d.model()["screen"] == "page" and loaded(code) == list(code)
        d.press("PRESS")                   # back to the menu
        assert d.model()["screen"] == "menu"
        assert loaded(("stud.ui.screens.pages", "stud.save.record", "stud.save.pack",
                       "stud.core.rulebook")) == []
    d.press("LONG_PRESS")
    assert loaded(SCENES["menu"] + SCENES["page"]) == []      # (test_scenes.py: every scene)


def test_the_title_page_is_in_the_heap_only_while_it_shows():
    d = Driver(seed=6, model=True)
    d.ready()
    assert d.app.screen.NAME == "title" and "stud.ui.screens.title" in sys.modules
    open_menu(d)                           # the menu over the title page: it goes ...
    assert loaded(["stud.ui.screens.title"]) == []
    d.press("LONG_PRESS")                  # ... and comes back with it
    assert d.app.screen.NAME == "title" and d.model()["screen"] == "title"
    d.press("PRESS")                       # the table
    assert d.model()["screen"] == "table" and loaded(["stud.ui.screens.title"]) == []


def test_sel_and_the_notice_pages_are_loaded_only_while_shown():
    d = Driver(seed=6, model=True)
    d.ready()
    d.press("PRESS")
    d.ready()
    d.press("DOWN")                        # SEL
    d.press("PRESS")
    assert "stud.ui.between" in sys.modules
    d.press("LEFT")                        # cancelled
    assert loaded(["stud.ui.between"]) == []
    d.app.alerts.notice("SAVING", "A NOTICE")
    d.tick()
    assert d.model()["screen"] == "alert" and "stud.ui.alertpage" in sys.modules
    d.press("PRESS")
    assert d.model()["screen"] == "table"
    assert loaded(["stud.ui.alertpage", "stud.ui.screens.menu", "stud.ui.screens.text"]) == []
