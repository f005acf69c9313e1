"""The menu (a long press anywhere): the settings (GAME, SPEED, SOUND, CONTRAST, DEMO)
and the pages (STATS, LAST HANDS, RULES, NEW GAME?).

Loaded when the menu opens and dropped when it closes (stud.ui.app), with its
screens (stud.ui.screens.menu) and the pages' words (.text): none of it is in the
heap while you play.  LAST HANDS (stud.ui.screens.pages, which replays the kept hands
through stud.save.record) and RULES (stud.core.rulebook) are loaded when their page
opens and dropped when it closes, so one page's code is in the heap at a time.  A
setting changed is kept at once (stud.ui.alerts.save: settings and the table survive
a power cut).
"""
from stud.core import events, lazy
from stud.core.compat import const
from stud.core.games import ORDER, game as _game
from stud.ui.screens.menu import Menu as MenuScreen, Page, LINES
from stud.ui.screens.text import fit

# The menu opens on BACK, the entry that returns to the game: a press right after the
# long press changes nothing, and LEFT/RIGHT there do nothing.
ITEMS = ("BACK", "GAME", "SPEED", "SOUND", "CONTRAST", "DEMO", "STATS", "LAST HANDS", "RULES",
         "NEW GAME")
BACK = const(0)               # ITEMS' indices
GAME = const(1)
SPEED = const(2)
SOUND = const(3)
CONTRAST = const(4)
DEMO = const(5)
STATS = const(6)
LAST = const(7)
RULES = const(8)
NEW = const(9)
ASK_GAME = const(-2)          # the page open: "CHANGE GAME?" (a hand is in play)
SPEEDS = ("SLOW", "MEDIUM", "FAST", "SONIC")
ON_OFF = ("OFF", "ON")
CONTRAST_LEVELS = 8           # CONTRAST 1..8 -> 31..255
LAST_HANDS_CODE = ("stud.ui.screens.pages", "stud.save.record", "stud.save.pack")
RULES_CODE = ("stud.core.rulebook",)
MODULES = ("stud.ui.menu", "stud.ui.screens.menu", "stud.ui.screens.text",
           "stud.ui.between") + LAST_HANDS_CODE + RULES_CODE
# The questions' lines, one string each (split when shown: one object, not seven, in the heap).
NEW_GAME = ("EVERY GAME STARTS AGAIN:\n"
            "EVERYONE HAS %d CHIPS HERE.\n"
            "THE OPPONENTS FORGET HOW\n"
            "YOU PLAY.\n"
            "\n"
            "PRESS: YES, NEW GAME\n"
            "LEFT OR HOLD: NO")
CHANGE_GAME = ("THE HAND IN PLAY IS DROPPED\n"
               "(ITS CHIPS GO BACK TO THE\n"
               "STACKS) AND %s STARTS.\n"
               "EACH GAME KEEPS ITS CHIPS.\n"
               "\n"
               "PRESS: YES, CHANGE GAME\n"
               "LEFT OR HOLD: NO")


class MenuState:
    """What the menu and its pages show: the items, the cursor; a page's title and lines."""

    def __init__(self, ui):
        self.ui = ui
        self.items = ITEMS
        self.index = 0
        self.top = 0
        self.version = 0          # bumped when a value changes (the items are redrawn)
        self.title = None
        self.hint = None
        self.lines = None

    def value(self, i):
        """The value shown right of a menu item: a word, a number, or None."""
        ui = self.ui
        if i == GAME:
            return _game(ui.session.game)["short"]
        if i == SPEED:
            return SPEEDS[ui.settings.speed]
        if i == SOUND:
            return ON_OFF[ui.settings.sound]
        if i == CONTRAST:
            return ui.settings.contrast
        if i == DEMO:
            return ON_OFF[1 if (ui.session.demo or ui.play.pending_demo) else 0]
        if i in (STATS, LAST, RULES):
            return ">"
        return None


class Menu:
    def __init__(self, ui, now):
        self.ui = ui
        self.state = MenuState(ui)
        self.screen = MenuScreen()
        self.page = Page()
        self.back = ui.here()     # where BACK (or a long press) returns
        self.open = True
        self.kind = -1            # the page open (an item), or -1
        self.page_no = 0          # RULES: the page shown
        self.last = None          # LAST HANDS (stud.ui.screens.pages.LastHands)
        self.kept = ()            # ... and which of its modules were loaded before it
        self.asked = None         # CHANGE GAME?: the game it would change to
        ui.switch(self.screen, self.state)

    def owns(self, screen):
        return screen is self.screen or screen is self.page

    def close(self, now):
        ui = self.ui
        ui.hands.resume(now)      # an interrupted flash plays again in full
        if self.back[0] is ui.table:
            ui.hands.apply_pending()
        ui.go(self.back)
        self.open = False         # the loop drops the menu (stud.core.lazy)

    def _back_to(self, screen):
        """Back to the table (ui.table) or the title page (None) when the menu closes."""
        self.back = (screen, self.ui.play)

    def event(self, code, now):
        if self.ui.screen is self.page:
            self._page_event(code, now)
            return
        st = self.state
        i = st.index
        if code == events.UP or code == events.DOWN:
            i = (i + (1 if code == events.DOWN else -1)) % len(st.items)
            st.index = i
            if i < st.top:
                st.top = i
            elif i >= st.top + LINES:
                st.top = i - LINES + 1
        elif code == events.LEFT or code == events.RIGHT:
            self._change(i, -1 if code == events.LEFT else 1, now)
        elif code == events.PRESS:
            if i in (GAME, SPEED, SOUND, CONTRAST, DEMO):
                self._change(i, 1, now)
            elif i == BACK:
                self.close(now)
                return
            else:
                self._open_page(i)
                return
        self.ui.touch()

    # ---- settings ---------------------------------------------------------------------
    def _change(self, i, step, now):
        ui = self.ui
        st = ui.settings
        if i == SPEED:
            st.speed = (st.speed + step) % len(SPEEDS)
        elif i == SOUND:
            st.sound ^= 1
        elif i == CONTRAST:
            st.contrast = min(CONTRAST_LEVELS, max(1, st.contrast + step))
            ui.power.show_contrast()
        elif i == DEMO:
            back = lazy.load("stud.ui.between").toggle_demo(ui.hands, now)
            if back is not None:
                self.back = back
        elif i == GAME:
            self._change_game(step)
            if self.asked is not None:
                return                    # asked first: nothing changed yet
        else:
            return
        self.state.version += 1
        ui.touch()
        ui.alerts.save()          # settings and the table survive a power cut

    def _change_game(self, step):
        ui = self.ui
        game = ui.session.game
        if len(ORDER) < 2 or game not in ORDER:
            return
        name = ORDER[(ORDER.index(game) + step) % len(ORDER)]
        if ui.hands.in_hand() and not ui.session.demo:
            self.asked = name             # your hand in play: ask first (CHANGE GAME?)
            self._open_page(ASK_GAME)
            return
        self._set_game(name)

    def _set_game(self, name):
        ui = self.ui
        lazy.load("stud.ui.between").set_game(ui.hands, name, ui.ticks_ms())
        if ui.session.demo:
            self._back_to(None)           # the demo goes on in the new game (on the title)
        elif self.back[0] is not None:
            self._back_to(ui.table)       # the draw it showed is gone with the hand

    # ---- pages: stats, last hands, rules, new game? -----------------------------------
    def _open_page(self, i):
        self.kind = i
        self.page_no = 0
        if i == LAST:
            self.kept = lazy.loaded(LAST_HANDS_CODE)    # (a module the table holds stays)
            from stud.ui.screens.pages import LastHands
            self.last = LastHands(self.ui.alerts.keeper.saved)
        self._fill_page()
        self.ui.switch(self.page, self.state)

    def _fill_page(self):
        st = self.state
        i = self.kind
        st.hint = "PRESS: BACK"
        if i == STATS:
            st.title = "STATS"
            st.lines = stats_lines(self.ui.alerts.keeper.saved, self.ui.session)
        elif i == LAST:
            st.title, st.hint, st.lines = self.last.page()
        elif i == RULES:
            rules = self._rules()
            page = rules[self.page_no]
            st.title = page[0]          # (the page number is below: a long title fits)
            st.hint = None
            st.lines = list(page[1:]) + ["", "%d/%d  UP/DOWN: PAGE  PRESS: BACK"
                                         % (self.page_no + 1, len(rules))]
        elif i == ASK_GAME:
            st.title = "CHANGE GAME?"
            st.lines = (CHANGE_GAME % _game(self.asked)["short"]).split("\n")
            st.hint = None
        else:
            st.title = "NEW GAME?"
            st.lines = (NEW_GAME % _game(self.ui.session.game)["stack"]).split("\n")
            st.hint = None

    def _rules(self):
        """RULES for the game in play: its own pages, then the controls page."""
        from stud.core import rulebook
        return rulebook.pages(self.ui.session.game) + (rulebook.CONTROLS,)

    def _page_event(self, code, now):
        i = self.kind
        ui = self.ui
        if i == RULES and code in (events.UP, events.DOWN, events.LEFT, events.RIGHT):
            step = -1 if code in (events.UP, events.LEFT) else 1
            self.page_no = (self.page_no + step) % len(self._rules())
            self._fill_page()
            ui.touch()
            return
        if i == LAST and self.last.event(code):
            self._fill_page()
            ui.touch()
            return
        if i == ASK_GAME:
            if code == events.PRESS:
                self._set_game(self.asked)
                self.state.version += 1
                ui.alerts.save()
                self.close(now)
            elif code == events.LEFT:
                ui.switch(self.screen, self.state)
            if code == events.PRESS or code == events.LEFT:
                self.asked = None
            return
        if i == NEW:
            if code == events.PRESS:
                lazy.load("stud.ui.between").new_game(ui.hands)
                self._back_to(ui.table)
                self.close(now)
            elif code == events.LEFT:
                ui.switch(self.screen, self.state)
            return
        if code == events.PRESS or code == events.LEFT:
            ui.switch(self.screen, self.state)
            self._close_page()

    def _close_page(self):
        """Back from LAST HANDS or RULES: the page's code leaves the heap."""
        if self.kind == LAST:
            self.last = None
            lazy.drop_new(LAST_HANDS_CODE, self.kept)
        elif self.kind == RULES:
            lazy.drop(*RULES_CODE)
        self.kind = -1


def stats_lines(saved, session):
    """STATS: the lifetime stats, from the save, and your chips in the game in play."""
    chips = saved.chips.get(session.game)
    lines = [fit(line) for line in saved.stats.lines()]
    if len(lines) < 8:
        lines.append("")
    lines.append("YOUR CHIPS %d" % (chips[0] if chips else session.chips[0]))
    return lines
