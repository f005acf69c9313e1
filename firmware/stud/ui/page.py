"""The menu's pages, a scene in the menu's place (stud.ui.app's "page"): STATS, LAST
HANDS, RULES and the two questions, NEW GAME? and CHANGE GAME?.  Loaded when a page
opens and dropped when it closes, with what the page brings: LAST HANDS replays the
kept hands (stud.ui.screens.pages, through stud.save.record), RULES reads
stud.core.rulebook.  PRESS or LEFT gives the menu back (on the page's item), a long
press goes back to the game; so does an answered question.
"""
from stud.core import events, lazy
from stud.core.games import game as _game
from stud.ui.screens.menu import Page
from stud.ui.screens.text import fit

BETWEEN = "stud.ui.between"   # the questions' answers at the table
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


class Scene:
    """A page: `kind` is the menu item's words ("STATS", "LAST HANDS", "RULES",
    "NEW GAME") or "CHANGE GAME" (asked is the game it would change to).  The scene
    is its screen's state: title, hint, lines."""

    def __init__(self, ui, now, kind, asked=None):
        self.ui = ui
        self.kind = kind
        self.asked = asked
        self.screen = Page()
        self.page_no = 0          # RULES: the page shown
        self.last = None          # LAST HANDS (stud.ui.screens.pages.LastHands)
        self.title = None
        self.hint = None
        self.lines = None
        if kind == "LAST HANDS":
            from stud.ui.screens.pages import LastHands
            self.last = LastHands(ui.saved())
        self._fill()

    def resume(self, now):
        self.ui.switch(self.screen, self)

    def _fill(self):
        i = self.kind
        ui = self.ui
        self.hint = "PRESS: BACK"
        if i == "STATS":
            self.title = i
            self.lines = stats_lines(ui.saved(), ui.session)
        elif i == "LAST HANDS":
            self.title, self.hint, self.lines = self.last.page()
        elif i == "RULES":
            rules = self._rules()
            page = rules[self.page_no]
            self.title = page[0]          # (the page number is below: a long title fits)
            self.hint = None
            self.lines = list(page[1:]) + ["", "%d/%d  UP/DOWN: PAGE  PRESS: BACK"
                                           % (self.page_no + 1, len(rules))]
        elif i == "CHANGE GAME":
            self.title = "CHANGE GAME?"
            self.lines = (CHANGE_GAME % _game(self.asked)["short"]).split("\n")
            self.hint = None
        else:
            self.title = "NEW GAME?"
            self.lines = (NEW_GAME % _game(ui.session.game)["stack"]).split("\n")
            self.hint = None

    def _rules(self):
        """RULES for the game in play: its own pages, then the controls page."""
        from stud.core import rulebook
        return rulebook.pages(self.ui.session.game) + (rulebook.CONTROLS,)

    def event(self, code, now):
        i = self.kind
        ui = self.ui
        if code == events.LONG_PRESS:
            ui.pop(now)                   # back to the game
            return
        if i == "RULES" and code in (events.UP, events.DOWN, events.LEFT, events.RIGHT):
            step = -1 if code in (events.UP, events.LEFT) else 1
            self.page_no = (self.page_no + step) % len(self._rules())
            self._fill()
            ui.touch()
            return
        if i == "LAST HANDS" and self.last.event(code):
            self._fill()
            ui.touch()
            return
        if code == events.PRESS and i == "CHANGE GAME":
            lazy.load(BETWEEN).set_game(ui, ui.tablestate, self.asked, now)
            ui.save()
            ui.pop(now)
        elif code == events.PRESS and i == "NEW GAME":
            lazy.load(BETWEEN).new_game(ui, ui.tablestate)
            ui.pop(now)
        elif code == events.PRESS or code == events.LEFT:     # the menu, on this page's
            ui.replace(now, "menu", "GAME" if i == "CHANGE GAME" else i)    # item


def stats_lines(saved, session):
    """STATS: the lifetime stats, from the save, and your chips in the game in play."""
    chips = saved.chips.get(session.game)
    lines = [fit(line) for line in saved.stats.lines()]
    if len(lines) < 8:
        lines.append("")
    lines.append("YOUR CHIPS %d" % (chips[0] if chips else session.chips[0]))
    return lines
