"""Nothing is ever lost, on the handheld (stud.ui.alerts, stud.save.keeper): the app saves after every hand
and every settings change and resumes from the save; a damaged save is set aside with a
notice; STATS and LAST HANDS show what the save holds; an exception in the loop becomes
a readable error page that is logged and answered with PRESS; a save that cannot be
written is said once and never stops the game."""

import pytest

import host  # noqa: E402
from paths import tool  # noqa: E402
from saves import CutFiles, played  # noqa: E402
from ui_driver import Driver  # noqa: E402
from stud import boot  # noqa: E402
from stud.save import errlog, keeper  # noqa: E402
from stud.ui import app as appmod
from stud.core import cards, events
from stud.save import record, store  # noqa: E402
from stud.core.rng import Rng  # noqa: E402
from stud.ui.screens import pages  # noqa: E402
from stud.play.session import Session  # noqa: E402


def words(text):
    return " ".join(text.split())


def open_item(d, item):
    d.press("LONG_PRESS")
    assert d.app.screen.NAME == "menu"
    while d.scene("menu").state.items[d.scene("menu").state.index] != item:
        d.press("DOWN")


def open_page(d, item):
    open_item(d, item)
    d.press("PRESS")
    return d.model()


# ---- saving and resuming ---------------------------------------------------------------

def test_the_app_saves_after_every_hand_and_a_new_app_resumes_the_table():
    st = host.memory_store()
    d = Driver(seed=5, speed=3, store=st)
    open_item(d, "SOUND")
    d.press("PRESS")                      # sound off: a setting
    d.press("LONG_PRESS")
    assert d.play_hands(3) == 3
    app = d.app
    s = app.session
    saved = app.alerts.keeper.saved
    assert saved.count() == 3 and saved.stats.hands == 3
    assert saved.filed == 3 and saved.hands == []     # they are in the file, not the heap
    assert st.files.read("stud.sav") == store.dumps(saved)
    again = Driver(seed=99, speed=1, store=st)     # the power came back
    a2 = again.app
    s2 = a2.session
    assert (s2.game, s2.names, s2.chips, s2.carry) == (s.game, s.names, s.chips, s.carry)
    assert s2.models == s.models
    assert (a2.settings.speed, a2.settings.sound, a2.settings.contrast) == (3, 0, app.settings.contrast)
    assert a2.alerts.keeper.saved.stats.lines() == saved.stats.lines()
    assert a2.alerts.keeper.saved.records() == saved.records()
    again.ready()
    assert again.model()["screen"] == "title"       # nothing to tell: straight to the title


def test_settings_sel_and_the_game_are_saved_when_they_change():
    st = host.memory_store()
    d = Driver(seed=5, store=st)
    open_item(d, "CONTRAST")
    writes = st.files.writes
    d.press("LEFT")
    assert st.files.writes > writes and store.loads(st.files.read("stud.sav")).contrast == 5 * 32 - 1
    d.press("LONG_PRESS")
    d.press("PRESS")                      # title -> table
    d.ready()
    d.press("DOWN")                       # SEL: SID, OUT, HAL
    d.press("PRESS")
    for want in ("SID", "OUT", "HAL"):
        while d.app.tablestate.sel_choices[d.app.tablestate.sel_choice] != want:
            d.press("DOWN")
        d.press("PRESS")
    d.press("PRESS")                      # yes: everyone's chips go back to 999
    assert store.loads(st.files.read("stud.sav")).names == ["SID", "OUT", "HAL"]
    open_item(d, "GAME")
    d.press("RIGHT")
    game = d.app.session.game
    assert game != "tandy7" and store.loads(st.files.read("stud.sav")).game == game
    back = Driver(seed=1, store=st).app
    assert back.session.game == game and back.settings.contrast == 5
    assert back.session.names == ["YOU", "SID", "OUT", "HAL"]


def test_demo_hands_are_not_recorded_and_cost_your_chips_nothing():
    st = host.memory_store()
    d = Driver(seed=9, speed=3, store=st)
    d.play_hands(1)
    hands, chips = d.app.alerts.keeper.saved.count(), list(d.app.session.chips)
    open_item(d, "DEMO")
    d.press("PRESS")
    d.press("LONG_PRESS")
    while d.app.tablestate.hands_dealt < 4:
        d.tick()
    saved = store.loads(st.files.read("stud.sav"))
    assert len(saved.hands) == hands and saved.stats.hands == hands
    assert saved.chips["tandy7"] == chips       # your own chips, not the demo's
    again = Driver(seed=2, store=st).app
    assert again.session.chips == chips and not again.session.demo


# ---- a damaged save --------------------------------------------------------------------

def test_a_damaged_save_is_set_aside_with_a_notice_and_a_fresh_game(capsys):
    good = host.memory_store()
    d = Driver(seed=5, speed=3, store=good)
    d.play_hands(2)
    data = bytearray(good.files.read("stud.sav"))
    data[len(data) // 2] ^= 0x40
    files = host.MemoryFiles({"stud.sav": bytes(data)})
    d = Driver(seed=5, store=store.Store("stud.sav", files))
    d.tick()
    m = d.model()
    assert m["screen"] == "alert" and m["title"] == "[SAVE FILE]"
    assert "SAVE DAMAGED" in m["text"] and "NEW GAME" in m["text"]
    assert "PRESS TO CONTINUE" in m["text"]
    assert "SAVE DAMAGED" in capsys.readouterr().out          # and on the console
    assert files.read("stud.sav.bad") == bytes(data) and files.read("stud.sav") is None
    s = d.app.session
    assert s.chips == [999, 999, 999, 999] and d.app.alerts.keeper.saved.count() == 0
    d.press("PRESS")
    assert d.model()["screen"] == "title"


def test_a_damaged_save_with_a_good_backup_uses_the_backup():
    st = host.memory_store()
    d = Driver(seed=5, speed=3, store=st)
    d.play_hands(1)
    good = st.files.read("stud.sav")
    files = host.MemoryFiles({"stud.sav": good[:-5], "stud.sav.bak": good})
    d = Driver(seed=5, store=store.Store("stud.sav", files))
    d.tick()
    assert "ONE BEFORE" in words(d.model()["text"])
    assert store.dumps(d.app.alerts.keeper.saved) == good


def test_a_save_whose_contents_the_game_cannot_produce_is_damage_and_starts_fresh():
    saved = store.Saved()
    saved.names = ["OUT", "OUT", "OUT"]           # valid bytes, but no opponent at all
    saved.chips = {"tandy7": [999, 0, 0, 0]}
    st = host.memory_store()
    st.files.files["stud.sav"] = store.dumps(saved)     # the writer would refuse it
    d = Driver(seed=5, store=st)
    d.tick()
    assert d.model()["screen"] == "alert" and "SAVE DAMAGED" in words(d.model()["text"])
    assert d.app.session.names == ["YOU", "SID", "JOE", "HAL"]
    assert "stud.sav.bad" in st.files.files     # set aside, not read again


# ---- STATS and LAST HANDS --------------------------------------------------------------

def test_the_stats_page_shows_the_lifetime_stats():
    st = host.memory_store()
    d = Driver(seed=5, speed=3, store=st)
    d.play_hands(3)
    m = open_page(d, "STATS")
    text = words(m["text"])
    assert m["title"].startswith("[STATS]")
    for line in d.app.alerts.keeper.saved.stats.lines():
        assert words(line) in text
    assert "HANDS 3 WON" in text and "VS SID 3 HANDS" in text and "VS HAL 3 HANDS" in text
    assert "BIGGEST POT WON" in text      # your own: pots you lost are not counted
    assert "YOUR CHIPS %d" % d.app.session.chips[0] in text


def test_last_hands_steps_through_the_saved_hands_newest_first():
    st = host.memory_store()
    d = Driver(seed=5, speed=3, store=st)
    d.play_hands(3)
    recs = d.app.alerts.keeper.saved.records()
    m = open_page(d, "LAST HANDS")
    assert m["title"] == "[HAND 3] [1/3]"
    seen = [hand_text(d)]
    for _ in range(12):
        d.press("DOWN")
        if d.model()["title"] != "[HAND 3] [1/3]" and d.scene("page").last.part == 0:
            seen.append(hand_text(d))
    assert [t.split("]")[0] for t in seen[:3]] == ["[HAND 3", "[HAND 2", "[HAND 1"]
    assert d.model()["title"].endswith("[3/3]")          # DOWN stops at the oldest
    d.press("UP")
    d.press("RIGHT")
    assert d.model()["title"].endswith("[3/3]")
    for k in range(3):                                    # what each page says
        expect_hand(pages.hand_pages(recs[len(recs) - 1 - k]), recs[len(recs) - 1 - k])
    d.press("PRESS")
    assert d.model()["screen"] == "menu"


def hand_text(d):
    m = d.model()
    return m["title"] + " " + m["text"]


def expect_hand(hand_pages, data):
    """The pages show the game, who won what, and every showdown hand with its cards."""
    rec = record.decode(data)
    h = record.replay(rec)
    lines = [line for page in hand_pages for line in page]
    rows = dict((row.name, row) for row in lines if isinstance(row, pages.CardRow))
    texts = " ".join([line for line in lines if isinstance(line, str)])
    assert lines[0] == {"tandy7": "7 CARD STUD LIMIT RAISE", "casino7": "CASINO 7 CARD STUD",
                        "stud5": "FIVE CARD STUD", "draw5": "FIVE CARD DRAW"}[rec["game"]]
    res = h.result
    for seat in list(res["shown"]) + list(res["mucked"]):
        hand = res["shown"].get(seat) or res["mucked"][seat]
        row = rows[rec["names"][seat]]
        assert sorted(row.cards) == sorted(hand["cards"]) and row.marked == len(hand["best"])
        assert set(row.cards[:row.marked]) == set(hand["best"])
        assert hand["name"].split(",")[0] in texts
    for seat in res["mucked"]:
        assert "MUCKED" in texts
    if not res["shown"] and not res["mucked"]:
        assert "PASSED" in texts
    for seat in range(h.n):
        if res["amounts"][seat]:
            assert rec["names"][seat] in texts
    assert all(pages.height(page) <= pages.HEIGHT for page in hand_pages)   # LEAVE fits below


def casino_records(count=30):
    """casino7 hands played by the bots (you too), with you choosing SHOW or MUCK:
    opponents muck the hands that do not beat the best one shown."""
    s = Session("casino7")
    out = []
    for i in range(count):
        h = s.deal(rng=Rng(500 + i))
        while h.to_act is not None:
            if h.legal() == ["show", "muck"]:
                h.act("muck")
            else:
                h.act(s.bot_decision(h, Rng(i), samples=8, budget_ms=0)[0])
        names = [s.names[p] for p in s.positions()]
        s.settle(h)
        out.append(record.encode(h, names))
    return out


def test_last_hands_shows_mucked_hands_with_their_cards():
    recs = casino_records()
    mucked = [r for r in recs if record.replay(record.decode(r)).result["mucked"]]
    assert mucked, "no casino hand with a muck in these seeds"
    saved = store.Saved()
    saved.game = "casino7"
    saved.chips = {"casino7": [999, 999, 999, 999]}
    for r in recs:
        saved.add_hand(r)
    saved.stats.hands = len(recs)
    st = host.memory_store()
    st.save(saved)
    d = Driver(seed=3, store=st)
    open_page(d, "LAST HANDS")
    k = len(recs) - 1 - recs.index(mucked[-1])
    for _ in range(k):
        d.press("RIGHT")
    texts = []
    for _ in range(3):
        texts.append(words(d.model()["text"]))
        if d.scene("page").last.k != k:
            break
        d.press("DOWN")
    shown = " ".join(texts)
    assert "MUCKED" in shown
    h = record.replay(record.decode(mucked[-1]))
    for seat, hand in h.result["mucked"].items():
        for c in hand["cards"]:
            assert cards.name(c) in shown          # a mucked hand's every card
    for r in recs:
        expect_hand(pages.hand_pages(r), r)


def test_last_hands_and_stats_before_any_hand():
    d = Driver(seed=3, store=host.memory_store())
    d.press("PRESS")                       # past nothing: the title
    m = open_page(d, "LAST HANDS")
    assert "NO HANDS YET" in m["text"]
    d.press("DOWN")
    assert "NO HANDS YET" in d.model()["text"]
    d.press("PRESS")
    d.press("LONG_PRESS")
    m = open_page(d, "STATS")
    assert "HANDS 0 WON 0" in words(m["text"])


def test_a_damaged_record_is_said_not_shown():
    assert "CANNOT BE SHOWN" in pages.hand_pages(b"\x00\x04")[0][0]


# ---- errors ----------------------------------------------------------------------------

def boom(*args, **kwargs):
    raise ZeroDivisionError("integer division by zero")


def until_alert(d, limit=2000):
    """Tick (acting on your turns) until a page is up over the game."""
    for _ in range(limit):
        if d.app.screen.NAME == "alert":
            return True
        if d.app.tablestate.your_turn and not d.app.tablestate.busy:
            d.press("PRESS")
        else:
            d.tick()
    return False


def test_an_exception_in_the_loop_shows_the_error_page_is_logged_and_press_goes_on(capsys):
    st = host.memory_store()
    d = Driver(seed=5, speed=3, store=st)
    d.play_hands(1)
    before = list(d.app.session.chips)
    saved_before = st.files.read("stud.sav")
    d.app.session.bot_decision = boom        # the next opponent to think fails
    d.press("PRESS")                         # PLAY
    assert until_alert(d)
    m = d.model()
    assert m["screen"] == "alert" and m["title"] == "[SOMETHING WENT WRONG]"
    text = words(m["text"])
    assert "ZERO DIVISION ERROR: INTEGER DIVISION BY ZERO" in text
    assert "THE HAND IS CALLED OFF" in text and "PRESS TO CONTINUE" in text
    assert "NOTED IN STUD.ERR" in text
    log = st.files.read("stud.err").decode()
    assert "ZeroDivisionError: integer division by zero" in log and "Traceback" in log
    assert "ZeroDivisionError" in capsys.readouterr().out
    d.tick(200)                              # nothing moves while the page is up
    assert d.model()["screen"] == "alert"
    del d.app.session.bot_decision
    d.press("PRESS")
    m = d.model()
    assert m["screen"] == "table" and m["phase"] == "idle" and m["command"] == "PLAY"
    assert d.app.session.chips == before and d.app.tablestate.hand is None
    assert st.files.read("stud.sav") == saved_before
    assert d.play_hands(1) == 1             # and the game goes on


def test_an_exception_while_drawing_never_freezes_the_screen():
    d = Driver(seed=5, speed=3, store=host.memory_store())
    d.ready()
    d.press("PRESS")
    d.ready()
    calls = []
    table = d.app.table
    real = table.specs[8]
    assert table.REGIONS[8][0] == "centre"

    def flaky(app, s, i):
        calls.append(1)
        if len(calls) == 1:
            raise KeyError("centre")
        return real(app, s, i)
    table.specs = table.specs[:8] + (flaky,) + table.specs[9:]
    d.press("PRESS")                         # PLAY: the table redraws
    assert d.model()["screen"] == "alert" and "KEY ERROR" in d.model()["text"]
    assert bytes(d.display.panel) == bytes(d.app.frame.buf)   # the page reached the panel
    d.press("PRESS")
    assert d.model()["screen"] == "table" and d.model()["command"] == "PLAY"


def test_the_error_log_keeps_only_its_newest_bytes():
    files = host.MemoryFiles()
    k = keeper.Keeper(store.Store("saves/stud.sav", files))
    assert k.err_path == "saves/stud.err"
    for i in range(300):
        assert k.log_error("--- error %d\nTraceback: something long enough to matter\n" % i)
    log = files.read("saves/stud.err")
    assert len(log) <= errlog.ERR_CAP and log.startswith(b"---")
    assert log.rstrip().endswith(b"matter") and b"error 299" in log


def test_errors_in_a_row_end_in_a_new_game():
    d = Driver(seed=5, speed=3, store=host.memory_store())
    d.play_hands(1)
    d.app.session.bot_decision = boom
    for _ in range(keeper.CRASHES_FOR_NEW_GAME):
        d.press("PRESS")                     # PLAY, then the error page
        assert until_alert(d)
        d.press("PRESS")
    assert d.app.session.chips == [999, 999, 999, 999]


def test_a_keyboard_interrupt_still_ends_the_loop():
    d = Driver(seed=5)

    def stop(*args):
        raise KeyboardInterrupt()
    d.app.hands.update = stop
    with pytest.raises(KeyboardInterrupt):
        d.tick()


# ---- saving impossible -----------------------------------------------------------------

def test_a_read_only_drive_is_said_once_and_the_game_goes_on(capsys):
    files = host.MemoryFiles(read_only=True)
    d = Driver(seed=5, speed=3, store=store.Store("stud.sav", files))
    seen = []
    for _ in range(3):
        d.play_hands(1)
        if d.app.screen.NAME == "alert":
            seen.append(words(d.model()["text"]))
            d.press("PRESS")
            d.play_hands(1)
    assert len(seen) == 1 and "SAVING OFF WHILE USB DRIVE IS MOUNTED" in seen[0]
    assert capsys.readouterr().out.count("SAVING OFF") == 1
    open_item(d, "SPEED")
    d.press("RIGHT")                         # a settings change: still not said again
    assert d.app.screen.NAME == "menu"
    assert d.app.alerts.keeper.saved.stats.hands >= 3 and files.files == {}


def test_a_folder_named_stud_sav_is_said_at_boot_and_play_goes_on_unsaved():
    good = store.dumps(played(hands=6, seed=3)[1])
    files = CutFiles({"stud.sav.bak": good}, folders=["stud.sav"])
    d = Driver(seed=5, speed=3, store=store.Store("stud.sav", files))
    d.tick()
    assert d.model()["screen"] == "alert"
    assert "STUD.SAV IS A FOLDER: NOT SAVING" in words(d.model()["text"])
    d.press("PRESS")
    assert d.play_hands(3) == 3 and d.app.screen is d.app.table    # nothing more to say
    assert d.app.alerts.keeper.saved.stats.hands == 6 + 3          # the backup's game, on
    assert files.writes == 0 and files.files == {"stud.sav.bak": good}


def test_a_save_file_damaged_under_the_game_costs_its_last_hands_is_said_and_play_saves_on():
    files = host.MemoryFiles()
    d = Driver(seed=5, speed=3, store=store.Store("stud.sav", files))
    assert d.play_hands(3) == 3 and d.app.alerts.keeper.saved.filed == 3
    data = bytearray(files.read("stud.sav"))
    data[-30] ^= 0x10                        # a flash error in a kept hand
    files.files["stud.sav"] = bytes(data)
    d.play_hands(1)
    assert d.app.screen.NAME == "alert"
    assert "SAVE FILE DAMAGED OR GONE: 3 LAST HANDS LOST, THE GAME IS SAVED" in \
        words(d.model()["text"])
    d.press("PRESS")
    assert d.play_hands(2) == 2 and d.app.screen is d.app.table   # said once
    back = store.loads(files.read("stud.sav"))
    assert len(back.hands) == 3 and back.stats.hands == 6


def test_any_other_save_failure_is_said_once_too():
    files = host.MemoryFiles()
    files.fail = 28                          # no space left on the device
    d = Driver(seed=5, speed=3, store=store.Store("stud.sav", files))
    d.play_hands(1)
    assert d.app.screen.NAME == "alert" and "SAVING FAILED" in d.model()["text"]
    d.press("PRESS")
    assert d.play_hands(2) == 2 and d.app.screen is d.app.table



def test_short_of_heap_a_save_lets_the_bots_code_go_and_is_tried_again(monkeypatch):
    """The first write fails for want of heap: the bots' code leaves the heap, the second
    write goes through and nothing is said; the bots come back for the next hand."""
    import sys
    files = host.MemoryFiles()
    d = Driver(seed=5, speed=3, store=store.Store("stud.sav", files))
    save = keeper.Keeper.save
    tries = []

    def short_once(self, *table):
        tries.append("stud.play.bots" in sys.modules)
        if len(tries) == 1:
            return keeper.LOW_MEMORY
        return save(self, *table)

    monkeypatch.setattr(keeper.Keeper, "save", short_once)
    assert d.play_hands(1) == 1 and d.app.screen is d.app.table     # no notice
    assert tries[:2] == [True, False]        # the second try, without the bots' code
    assert store.loads(files.files["stud.sav"]).stats.hands == 1
    assert d.play_hands(1) == 1 and "stud.play.bots" in sys.modules


def test_a_save_still_short_of_heap_without_the_bots_is_said_once():
    files = host.MemoryFiles()
    d = Driver(seed=5, speed=3, store=store.Store("stud.sav", files))
    d.app.alerts.keeper.save = lambda *table: keeper.LOW_MEMORY
    d.play_hands(1)
    assert d.app.screen.NAME == "alert" and "LOW MEMORY: NOT SAVED" in d.model()["text"]
    d.press("PRESS")
    assert d.play_hands(2) == 2 and d.app.screen is d.app.table

# ---- the device and the simulator ------------------------------------------------------

def test_the_device_saves_in_stud_sav_unless_its_board_has_a_store(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    apps = []
    monkeypatch.setattr(appmod.App, "loop", lambda self, stop=None: apps.append(self))
    board = host.HostBoard(host.QueueInput())
    boot.run(board, rng=Rng(1))
    assert isinstance(apps[0].alerts.keeper.store, store.Store)
    assert apps[0].alerts.keeper.store.path == "stud.sav" and apps[0].alerts.keeper.err_path == "stud.err"
    own = host.memory_store("own.sav")
    boot.run(host.HostBoard(host.QueueInput(), store=own), rng=Rng(1))
    assert apps[1].alerts.keeper.store is own


def test_the_device_boots_with_the_title_page_first_and_the_save_read_after(monkeypatch):
    """stud.boot builds the app title_first: with a save to read, the title page goes
    out whole before the save is read (its game's lines blank), then the save is read,
    the lines drawn and input taken; with nothing to read there is nothing to wait for."""
    apps = []
    monkeypatch.setattr(appmod.App, "loop", lambda self, stop=None: apps.append(self))
    st = host.memory_store()
    Driver(seed=5, speed=3, store=st, session=Session("casino7")).play_hands(2)
    boot.run(host.HostBoard(host.QueueInput(), store=st), rng=Rng(1))
    boot.run(host.HostBoard(host.QueueInput(), store=host.memory_store()), rng=Rng(1))
    assert apps[0].booting and not apps[1].booting
    d = Driver(seed=9, store=st, title_first=True)
    k = d.app.alerts.keeper
    assert d.app.booting and k.saved.count() == 0 and d.app.session.game == "tandy7"
    d.tick()
    m = d.model()
    assert m["screen"] == "title" and d.display.flushes == 1 and not d.app.frame.dirty
    assert m["product"] == "POCKET STUD" and m["prompt"].startswith("PRESS TO PLAY")
    assert m["game"] == ""
    assert d.app.booting and k.saved.count() == 0       # on the glass, the save not read
    d.tick()
    m = d.model()
    assert not d.app.booting and k.saved.count() == 2 and d.app.session.game == "casino7"
    assert m["game"].startswith("CASINO") and "YOU VS" in m["game"] and d.display.flushes == 2


def test_a_press_while_the_device_reads_the_save_is_taken_after_it():
    st = host.memory_store()
    first = Driver(seed=5, speed=3, store=st)
    first.play_hands(2)
    chips = list(first.app.session.chips)
    d = Driver(seed=9, store=st, title_first=True)
    d.input.push(events.parse("PRESS"))
    d.tick()                                            # the title page: no input yet
    assert d.app.booting and len(d.input.queue) == 1
    d.tick()                                            # the save, then the press: PLAY
    assert not d.app.booting and not d.input.queue
    assert not d.app.tablestate.on_title and d.app.alerts.keeper.saved.count() == 2
    assert chips != [999] * 4 and d.app.session.chips == chips    # the saved table, not a new one


def test_on_a_slow_bus_the_save_waits_for_the_whole_title_page_and_never_for_ever():
    """At 400 kHz a frame goes out over several ticks: the save is read on the tick after
    the last page went.  A panel that never takes the frame does not keep it unread."""
    st = host.memory_store()
    Driver(seed=5, speed=3, store=st).play_hands(1)
    d = Driver(seed=9, store=st, title_first=True)
    d.display.max_pages = 3                              # 8 pages: three flushes
    d.tick(3)
    assert d.app.booting and not d.app.frame.dirty and d.display.pages_sent == 8
    d.tick()
    assert not d.app.booting and d.app.alerts.keeper.saved.count() == 1
    stuck = Driver(seed=9, store=st, title_first=True)
    stuck.display.show = lambda frame: 0                 # takes nothing, ever
    stuck.tick(appmod._BOOT_TICKS)
    assert not stuck.app.booting and stuck.app.alerts.keeper.saved.count() == 1


def test_a_damaged_save_read_after_the_title_page_brings_its_notice():
    good = host.memory_store()
    Driver(seed=5, speed=3, store=good).play_hands(2)
    data = bytearray(good.files.read("stud.sav"))
    data[len(data) // 2] ^= 0x40
    files = host.MemoryFiles({"stud.sav": bytes(data)})
    d = Driver(seed=5, store=store.Store("stud.sav", files), title_first=True)
    d.tick()
    assert d.model()["screen"] == "title"
    d.tick()
    m = d.model()
    assert m["screen"] == "alert" and "SAVE DAMAGED" in m["text"]
    assert files.read("stud.sav.bad") == bytes(data)


def test_the_simulator_saves_with_save_and_resumes(tmp_path):
    import subprocess
    script = tmp_path / "events.txt"
    script.write_text("WAIT 200\nPRESS\n" + "PRESS\nWAIT 700\n" * 60)
    path = tmp_path / "sub" / "stud.sav"
    sim = tool("sim.sim")
    runs = []
    kept = []
    for _ in range(2):
        done = subprocess.run(sim + ["--script", str(script), "--save", str(path),
                               "--speed", "SONIC", "--log", "--seed", "4"],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        runs.append([lines[i + 1] for i, line in enumerate(lines) if line.startswith("HAND")])
        saved, message = store.Store(str(path)).load()
        assert message is None and saved.hands and saved.stats.hands >= len(saved.hands)
        kept.append(saved)
    chips = kept[0].chips["tandy7"]
    assert chips != [999, 999, 999, 999]
    assert runs[1][0] == "  " + ", ".join(["%s %d" % (name, c) for name, c in
                                          zip(["YOU"] + kept[0].names, chips)])
    assert kept[1].stats.hands == kept[0].stats.hands + len(runs[1]) - 1 or \
        kept[1].stats.hands == kept[0].stats.hands + len(runs[1])


# ---- the hand in play (stud.save.inplay) ---------------------------------------------------

def cut_mid_hand(st, game, seed, turns):
    """Play `turns` of your turns into a hand of `game`, then the power goes: the driver
    and the table's cards as they showed."""
    d = Driver(seed=seed, speed=3, store=st, session=Session(game))
    d.to_table()
    d.press("PRESS")                                  # PLAY
    done = 0
    while done < turns:
        d.ready()
        if d.app.screen.NAME == "draw":
            for _ in range(5):
                d.press("RIGHT")
            d.press("PRESS")                          # stand pat
        elif d.app.tablestate.your_turn:
            d.press("PRESS")
        done += 1
        assert d.app.tablestate.phase == 2, "the hand ended before the power went"
    d.ready()
    return d


@pytest.mark.parametrize("game", ["tandy7", "casino7", "stud5", "draw5"])
def test_after_a_power_cut_the_same_hand_goes_on_at_the_same_point(game):
    """Issue 35: a power cut or a quit dropped the hand in play (and gave back its antes).
    The app boots into the same hand: the same cards on the table, the same moves, your
    turn where it was; played out, it is settled and saved as any other."""
    st = host.memory_store()
    d = cut_mid_hand(st, game, 5, 2)
    h = d.app.tablestate.hand
    shown = dict((r, d.model()[r]) for r in ("cards BR", "cards BL", "cards TL", "cards TR"))
    hands_before = d.app.alerts.keeper.saved.stats.hands
    again = Driver(seed=77, speed=3, store=st, session=Session(game))   # the power is back
    again.ready()
    assert again.model()["screen"] == "title"
    again.press("PRESS")
    again.ready()
    h2 = again.app.tablestate.hand
    assert again.app.tablestate.phase == 2 and h2 is not h
    assert bytes(h2.deck) == bytes(h.deck) and list(h2.moves) == list(h.moves)
    assert h2.to_act == h.to_act and h2.stacks == h.stacks
    m = again.model()
    if m["screen"] == "table":
        assert dict((r, m[r]) for r in shown) == shown
    while again.app.tablestate.phase != 0:                  # played out
        if again.app.screen.NAME == "draw":
            for _ in range(5):
                again.press("RIGHT")
            again.press("PRESS")
        elif again.app.tablestate.your_turn or again.app.tablestate.phase == 3:
            again.press("PRESS")
        again.ready()
    assert again.app.alerts.keeper.saved.stats.hands == hands_before + 1
    assert store.loads(st.files.read("stud.sav")).stats.hands == hands_before + 1


def test_a_hand_dropped_by_changing_the_game_is_not_resumed():
    st = host.memory_store()
    d = cut_mid_hand(st, "tandy7", 5, 1)
    open_item(d, "GAME")
    d.press("RIGHT")                                  # another game
    d.press("PRESS")
    if d.model()["screen"] == "page":                  # CHANGE GAME?
        d.press("PRESS")
    d.ready()
    again = Driver(seed=77, speed=3, store=st)
    again.ready()
    assert again.app.tablestate.hand is None and again.app.tablestate.phase == 0


def test_a_demo_hand_is_never_kept():
    st = host.memory_store()
    d = Driver(seed=9, speed=3, store=st)
    d.ready()
    d.press("RIGHT")                                  # the demo
    while d.app.tablestate.phase != 2:
        d.tick()
    d.tick(5)
    assert not [n for n in st.files.files if n.startswith("stud.sav.h")]
    again = Driver(seed=77, speed=3, store=st)
    again.ready()
    assert again.app.tablestate.hand is None


def test_a_first_boot_with_no_save_loads_no_reading_code(monkeypatch):
    """Nothing of the save's is there (no file, no hand in play): boot goes to a new game
    without loading the reader, the records' or the stats' code; one file there and it
    does (stud.save.startup)."""
    from stud.core import lazy
    from stud.save import startup
    loaded = []
    real = lazy.load

    def watched(name):
        loaded.append(name)
        return real(name)
    monkeypatch.setattr(lazy, "load", watched)
    d = Driver(seed=5, speed=3, store=store.Store("stud.sav", host.MemoryFiles()))
    assert d.app.screen.NAME == "title" and d.app.alerts.keeper.saved.count() == 0
    assert not set(loaded) & set(startup.BOOT_CODE), loaded
    assert d.play_hands(1) == 1
    files = host.MemoryFiles({"stud.sav.h1": b"PSTH"})     # a hand in play's file, alone
    del loaded[:]
    Driver(seed=5, speed=3, store=store.Store("stud.sav", files))
    assert "stud.save.reader" in loaded
