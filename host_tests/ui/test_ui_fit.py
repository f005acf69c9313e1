"""Every string fits its box: every screen - the table's corners, centre and command line,
the title page, the menu, every page (rules, stats, last hands, the questions) - is
rendered in its longest form, and every text must stay on the screen, inside the region
it is drawn for, clear of every other text, and (on a page) a pixel clear of an inverse
box it is not inside."""
import pytest

from ui_driver import Driver
from recording import RecordingFrame
from stud.core import rulebook
from stud.core.words import say, SAY, PAT
from stud.core.games import ORDER
from stud.core.evaluator import describe
from stud.ui import beats, menu as menu_mod
from stud.ui.gfx.fonts import SMALL
from stud.ui.screens import table as tbl

W, H = 128, 64


class CheckFrame(RecordingFrame):
    """The frame, noting each text's box, each lit box and the region being drawn."""

    def __init__(self):
        super().__init__()
        self.region = None
        self.boxes = []            # (kind, x, y, w, h, colour, region, what)

    def text(self, s, x, y, c=1, font=SMALL):
        end = super().text(s, x, y, c, font)
        if s:
            self.boxes.append(("text", x, y, font.width(s), font.height, c, self.region, s))
        return end

    def number(self, n, x, y, c=1, font=SMALL):
        end = super().number(n, x, y, c, font)
        self.boxes.append(("text", x, y, font.number_width(n), font.height, c, self.region,
                           str(n)))
        return end

    def fill_rect(self, x, y, w, h, c):
        super().fill_rect(x, y, w, h, c)
        if c and self.region is not None:
            self.boxes.append(("box", x, y, w, h, c, self.region, "box"))


def _run_into(a, b):
    """Two texts on the same rows with less than a space between them ("OF SEVEN3/4":
    3 blank columns part a name from its chips; RULES' title was 2 from its page number)."""
    return (a[2] < b[2] + b[4] and b[2] < a[2] + a[4] and
            a[1] - 3 < b[1] + b[3] and b[1] - 3 < a[1] + a[3])


def _overlap(a, b, gap=0):
    return (a[1] - gap < b[1] + b[3] and b[1] - gap < a[1] + a[3] and
            a[2] - gap < b[2] + b[4] and b[2] - gap < a[2] + a[4])


def _inside(a, b):
    return b[1] <= a[1] and a[1] + a[3] <= b[1] + b[3] and b[2] <= a[2] and a[2] + a[4] <= b[2] + b[4]


def problems(app, where):
    """Render the screen shown in full on a checking frame; the rule breaks, as text."""
    screen = app.screen
    f = CheckFrame()
    draws = screen.draws

    def wrap(i, fn):
        def draw(frame, st, s, j):
            frame.region = i
            fn(frame, st, s, j)
            frame.region = None
        return draw

    screen.draws = [wrap(i, fn) for i, fn in enumerate(draws)]
    try:
        screen.render(f, app.state, True)
    finally:
        screen.draws = draws
        app.full = True            # the app's own frame is redrawn in full next
    out = []
    texts = [b for b in f.boxes if b[0] == "text"]
    lit = [b for b in f.boxes if b[0] == "box"]
    for b in f.boxes:
        if b[1] < 0 or b[2] < 0 or b[1] + b[3] > W or b[2] + b[4] > H:
            out.append("%s: %r runs off the screen" % (where, b[7]))
        r = screen.REGIONS[b[6]]
        if not _inside(b, (None,) + tuple(r[1:])):
            out.append("%s: %r leaves its region %s" % (where, b[7], r[0]))
    for i in range(len(texts)):
        for j in range(i + 1, len(texts)):
            a, b = texts[i], texts[j]
            marks = a[7] == tbl.UPDOWN or b[7] == tbl.UPDOWN   # "^ CALL": a mark, one word
            if _overlap(a, b) if marks else _run_into(a, b):
                out.append("%s: %r runs into %r" % (where, texts[i][7], texts[j][7]))
    page = screen.NAME in ("page", "alert")
    for box in lit:
        for t in texts:
            if _inside(t, box):
                continue
            if _overlap(t, box, 1 if page else 0):
                out.append("%s: %r %s an inverse box" % (where, t[7], "touches" if page
                                                         else "overlaps"))
    return out


def _driver(game, seed=3):
    from stud.play.session import Session
    d = Driver(seed=seed, speed=3, session=Session(game))
    d.ready()
    return d


# ---- the table in its longest forms ----------------------------------------------------------
def _longest_words():
    words = [say(w) for w in SAY] + [PAT, "DRAW 3"]
    return sorted(words, key=SMALL.width)[-3:]


def _hand_names():
    """Every hand's name the corners and the centre may show (the longest of each class)."""
    from stud.core import evaluator
    names = set()
    from stud.core import cards
    for text in ("As Ks Qs Js Ts", "Qs Qh Qd Qc 7s", "Qs Qh Qd 7c 7s", "Ks Js 9s 7s 5s",
                 "9s 8h 7d 6c 5s", "Qs Qh Qd 8c 7s", "Qs Qh 8d 8c 7s", "Qs Qh 9d 8c 7s",
                 "Ks Qh 9d 8c 7s", "Ah Kd Jc 9s 8s", "Ts Th Td 8c 8s"):
        names.add(describe(evaluator.evaluate(cards.parse(text)))[1])
    return sorted(names, key=SMALL.width)


def _table_states(d):
    """(what, change) pairs: each change puts the table in one of its longest forms."""
    st = d.app.tablestate
    h = st.hand
    seats = range(h.n)
    most = 3996                                    # every chip of four stacks in one
    out = []
    for word in _longest_words():
        def flash(word=word):
            for k in seats:
                st.view.stacks[k] = most
            st.flash_seat = h.n - 1
            st.flash_word = word
        out.append(("flash " + word, flash))
    for name in _hand_names():
        def shown(name=name):
            st.phase = tbl.SHOW
            for k in seats:
                st.show_names[k] = name.split(",")[0]
                st.show_cards[k] = bytes(range(7))
            st.result_a = "SPLIT POT %d" % most
            st.result_b = name
            st.winners = 15
            st.blink = 1
        out.append(("showdown " + name, shown))
    for notice in ("BUST - NEW GAME", "SID REBUYS 999", "CHOOSE AN OPPONENT", "NEW GAME",
                   beats.TIE, "HAL PASSED", "THE OTHERS PASSED"):
        def centre(notice=notice):
            st.msg = notice
        out.append(("notice " + notice, centre))

    def hint():
        st.hint_a = "HINT: " + max(_longest_words(), key=SMALL.width)
        st.hint_b = "YOUR CHANCE TO WIN 100%"
    out.append(("hint", hint))

    def beaten():
        st.hint_a = "SHOW OR MUCK"
        st.hint_b = "YOUR HAND IS BEATEN"
    out.append(("show or muck", beaten))
    for word in _longest_words() + ["AUTO", "HINT"]:
        def command(word=word):
            st.your_turn = True
            st.busy = False
            st.cmd_words = [word]
            st.cmd_amounts = [most]
            st.cmd = 0
        out.append(("command " + word, command))

    def done():
        st.cmd_done = max(_longest_words(), key=SMALL.width)
    out.append(("command done", done))

    def drew():
        for k in seats:
            st.drew[k] = "DREW 3"
            st.view.stacks[k] = most
        st.dealer_pos = st.pos_of[h.n - 1]
    out.append(("draw counts", drew))
    return out


@pytest.mark.parametrize("game", ORDER)
def test_the_table_in_its_longest_forms_fits(game):
    bad = []
    d = _driver(game)
    d.press("PRESS")                               # title -> table
    d.ready()
    bad += problems(d.app, game + " between hands")
    d.press("DOWN")
    d.press("PRESS")                               # SEL
    for _ in range(4):
        bad += problems(d.app, game + " SEL %d" % d.app.tablestate.sel_pos)
        d.press("PRESS")
    d.ready()
    d.press("PRESS")                               # PLAY
    d.ready()
    saved = dict(d.app.tablestate.__dict__)
    for what, change in _table_states(d):
        st = d.app.tablestate
        change()
        bad += problems(d.app, "%s %s" % (game, what))
        for key, value in saved.items():           # (the shared lists were changed in place)
            setattr(st, key, value)
    assert not bad, "\n".join(bad)


# ---- the title page, the menu, the pages --------------------------------------------------
@pytest.mark.parametrize("game", ORDER)
def test_the_title_page_and_the_menu_fit(game):
    d = _driver(game)
    bad = problems(d.app, game + " title")
    d.press("RIGHT")                               # demo
    bad += problems(d.app, game + " title in demo")
    d.press("PRESS")
    d.press("LONG_PRESS")
    for i in range(len(menu_mod.ITEMS)):
        bad += problems(d.app, "%s menu at %s" % (game, menu_mod.ITEMS[d.scene("menu").state.index]))
        d.press("DOWN")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("game", ORDER)
def test_every_rules_page_fits(game):
    d = _driver(game)
    d.press("LONG_PRESS")
    while d.scene("menu").state.items[d.scene("menu").state.index] != "RULES":
        d.press("DOWN")
    d.press("PRESS")
    bad = []
    for k in range(len(rulebook.pages(game)) + 1):
        bad += problems(d.app, "%s RULES %d: %s" % (game, k + 1, d.scene("page").title))
        d.press("DOWN")
    assert not bad, "\n".join(bad)


def test_stats_new_game_and_change_game_pages_fit():
    d = _driver("tandy7")
    st = d.app.alerts.keeper.saved.stats
    st.hands = st.won = 99999
    st.net = st.biggest_pot = -99999
    st.vs_hands = [99999] * 3
    st.vs_net = [-99999] * 3
    st.earlier = -99999
    bad = []
    d.press("LONG_PRESS")
    for item in ("STATS", "NEW GAME"):
        while d.scene("menu").state.items[d.scene("menu").state.index] != item:
            d.press("DOWN")
        d.press("PRESS")
        bad += problems(d.app, item)
        d.press("LEFT")
    d.press("LONG_PRESS")
    d.press("PRESS")                               # title -> table
    d.ready()
    d.press("PRESS")                               # PLAY: a hand in play
    d.ready()
    d.press("LONG_PRESS")
    d.press("DOWN")
    for _ in range(len(ORDER) - 1):
        d.press("RIGHT")                           # CHANGE GAME?
        bad += problems(d.app, "CHANGE GAME? " + d.scene("page").asked)
        d.press("LEFT")
    assert not bad, "\n".join(bad)


def test_every_last_hands_page_fits():
    from saves import played
    import host
    _, saved = played(hands=60)
    saved.game = "tandy7"
    files = host.memory_store()
    files.save(saved)
    d = Driver(seed=3, speed=3, store=files)
    d.ready()
    d.press("LONG_PRESS")
    while d.scene("menu").state.items[d.scene("menu").state.index] != "LAST HANDS":
        d.press("DOWN")
    d.press("PRESS")
    bad = []
    seen = 0
    while True:
        last = d.scene("page").last
        where = "LAST HANDS %d.%d" % (last.k, last.part)
        bad += problems(d.app, where)
        assert d.scene("page").lines[-1] == "UP/DOWN: MORE  PRESS: BACK"
        seen += 1
        k, part = last.k, last.part
        d.press("DOWN")
        if (last.k, last.part) == (k, part):
            break
    assert seen >= 50 and not bad, "\n".join(bad[:20])


def _notices():
    """Every notice page a player can be shown, each in its longest form: the save's
    messages with the longest reason they can carry, the stick's warnings, the error page
    with a 40-character message (longer ones are shown as the exception's name)."""
    from stud.drivers import joystick
    from stud.save.keeper import spaced
    reason = "X" * 40                                    # short(e): at most 40 characters
    damage = "save file version 255, this firmware reads 1 to 2".upper()
    out = [("SAVE FILE", "SAVE NOT READ (%s): NEW GAME" % reason),
           ("SAVE FILE", "SAVE NOT USABLE (%s): NEW GAME" % reason),
           ("SAVE FILE", "SAVE DAMAGED: USING THE ONE BEFORE"),
           ("SAVE FILE", "SAVE DAMAGED (%s): NEW GAME" % damage),
           ("SAVING", "SAVING FAILED (%s)" % reason),
           ("SAVING", "SAVING FAILED (%s)" % spaced("UnicodeDecodeError")),
           ("SAVING", "SAVING OFF WHILE USB DRIVE IS MOUNTED")]
    for stuck in range(4):                               # each axis stuck, floating or well
        for floating in range(4):
            if stuck | floating and not stuck & floating:
                out.append(("JOYSTICK", joystick.warning(stuck, floating)))
    return out


def test_every_notice_page_fits():
    d = _driver("tandy7")
    bad = []
    for title, message in _notices():
        d.app.alerts.notice(title, message)
        d.tick()
        assert d.app.screen.NAME == "alert", title
        bad += problems(d.app, "%s: %s" % (title, message))
        d.press("PRESS")                            # the page answered: back to the game
    assert not bad, "\n".join(bad)


def test_the_error_page_fits():
    d = _driver("tandy7")
    d.ready()
    d.app.alerts.crashed(ZeroDivisionError("Y" * 40))
    assert d.app.screen.NAME == "alert"
    bad = problems(d.app, "error page")
    assert not bad, "\n".join(bad)
