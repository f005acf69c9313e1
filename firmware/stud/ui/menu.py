"""The menu (a long press anywhere): the settings (GAME, SPEED, SOUND, CONTRAST, DEMO)
and the pages (STATS, LAST HANDS, RULES, NEW GAME?).

A scene (stud.ui.app's "menu"): loaded when the menu opens and dropped when it
closes, with its screens (stud.ui.screens.menu) and the pages' words (.text): none
of it is in the heap while you play.  A page (stud.ui.page, "page") takes the menu's
place on the loop's stack and gives it back, on its item, when it closes: the menu's
code is not in the heap while a page shows, nor the page's while the menu does.  A
setting changed is kept at once (the loop's save(): settings and the table survive a
power cut).
"""
from stud.core import events, lazy
from stud.core.compat import const
from stud.core.games import ORDER, game as _game
from stud.ui.screens.menu import Menu as MenuScreen, LINES

BETWEEN = "stud.ui.between"   # what DEMO and GAME change at the table (loaded when they do)
# The menu opens on BACK, the entry that returns to the game: a press right after the
# long press changes nothing, and LEFT/RIGHT there do nothing.  A page is opened by its
# item's words (stud.ui.page).
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
SPEEDS = ("SLOW", "MEDIUM", "FAST", "SONIC")
ON_OFF = ("OFF", "ON")
CONTRAST_LEVELS = 8           # CONTRAST 1..8 -> 31..255


class MenuState:
    """What the menu shows: the items, the cursor."""

    def __init__(self, ui):
        self.ui = ui
        self.items = ITEMS
        self.index = 0
        self.top = 0
        self.version = 0          # bumped when a value changes (the items are redrawn)

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
            return ON_OFF[1 if (ui.session.demo or ui.tablestate.pending_demo) else 0]
        if i in (STATS, LAST, RULES):
            return ">"
        return None


class Scene:
    def __init__(self, ui, now, at=None):
        """The menu, its cursor on BACK or on the item `at` (a page gives the menu back
        on its own item)."""
        self.ui = ui
        self.state = st = MenuState(ui)
        self.screen = MenuScreen()
        if at is not None:
            st.index = ITEMS.index(at)
            st.top = max(0, st.index - LINES + 1)

    def resume(self, now):
        self.ui.switch(self.screen, self.state)

    def event(self, code, now):
        st = self.state
        i = st.index
        if code == events.LONG_PRESS:
            self.ui.pop(now)              # back to the game
            return
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
                self.ui.pop(now)
                return
            else:
                self.ui.replace(now, "page", ITEMS[i])
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
            ui.show_contrast()
        elif i == DEMO:
            lazy.load(BETWEEN).toggle_demo(ui, ui.tablestate, now)
        elif i == GAME:
            if self._change_game(step, now):
                return                    # asked first: nothing changed yet
        else:
            return
        self.state.version += 1
        ui.touch()
        ui.save()                 # settings and the table survive a power cut

    def _change_game(self, step, now):
        """GAME: the next game; True if asked first (CHANGE GAME?: your hand in play)."""
        ui = self.ui
        game = ui.session.game
        if len(ORDER) < 2 or game not in ORDER:
            return False
        name = ORDER[(ORDER.index(game) + step) % len(ORDER)]
        if ui.tablestate.in_hand() and not ui.session.demo:
            ui.replace(now, "page", "CHANGE GAME", name)
            return True
        lazy.load(BETWEEN).set_game(ui, ui.tablestate, name, now)
        return False
