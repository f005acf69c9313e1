"""The scene stack (stud.ui.app): what a push loads, a pop takes away - exactly.

Residency: every pop leaves in sys.modules exactly the stud modules that were there
before the push it undoes (a pop down to a scene undoes every push above it; a scene
that replaced another, as a page and the menu do, undoes the push of the first): none
loaded since stays, none there before goes with it (the table beneath may drop its own
meanwhile, as the bots' draw goes with a hand the menu dropped; and the bots' code, which
the menu, its pages and the notices drop, comes back whenever the table's bots are wanted,
as a new game's opponents are made).  Over a
session that pushes every scene in SCENES: the menu over the title page and over the
table, each page of the menu left by PRESS, LEFT and a long press, the questions, a
notice over the table and over the menu, the error page, five card draw's draw (with
HINT, and with the menu over it changing the game, which takes the draw away).  A
push that fails leaves nothing behind either.
"""
import sys

import pytest

from stud.core import events
from stud.play.session import Session
from stud.ui.tablestate import THINKING
from stud.ui import app as app_mod
from ui_driver import Driver


def stud_modules():
    return frozenset(m for m in sys.modules if m.startswith("stud."))


class Watch:
    """App.push and App.pop, noting the modules before each push and checking each pop
    against the push of the lowest scene it took away."""

    def __init__(self, monkeypatch):
        self.pushed = set()
        self.pops = 0
        self.replaces = 0
        self.before = {}            # id(scene) -> the modules before its push
        self.wrong = []             # (the app's guard would catch an assertion in a pop)
        push, pop, replace = app_mod.App.push, app_mod.App.pop, app_mod.App.replace
        watch = self

        def watched_push(ui, name, now, *args):
            before = stud_modules()
            scene = push(ui, name, now, *args)
            watch.pushed.add(name)
            watch.before[id(scene)] = before
            return scene

        def watched_pop(ui, now, name=None):
            was = list(ui.stack)
            had = stud_modules()
            pop(ui, now, name)      # (a scene resumed may pop itself: a pop inside this one)
            gone = [entry for entry in was if entry not in ui.stack]
            watch.pops += 1
            before = watch.before[id(gone[0][1])]
            now_loaded = stud_modules()
            # nothing loaded since the push stays; nothing there before it goes with the
            # pop (the table may drop its own meanwhile: the bots' draw, a hand dropped)
            more, fewer = now_loaded - before - set(app_mod.AWAY), (had - now_loaded) & before
            if more or fewer:
                watch.wrong.append("after popping %s: %s more, %s fewer" % (
                    [e[0] for e in gone], sorted(more), sorted(fewer)))

        def watched_replace(ui, now, name, *args):
            before = watch.before[id(ui.stack[-1][1])]
            watch.replaces += 1
            scene = replace(ui, now, name, *args)
            watch.before[id(scene)] = before    # in the place of the one replaced
            return scene

        monkeypatch.setattr(app_mod.App, "push", watched_push)
        monkeypatch.setattr(app_mod.App, "pop", watched_pop)
        monkeypatch.setattr(app_mod.App, "replace", watched_replace)


def goto(d, item):
    menu = d.scene("menu")
    while menu.state.items[menu.state.index] != item:
        d.press("DOWN")


def to_your_draw(d):
    d.press("PRESS")                            # PLAY
    while d.app.screen.NAME != "draw":
        d.ready()
        if d.app.screen.NAME != "draw":
            assert d.app.tablestate.phase == 2, "the hand ended before the draw"
            cmds = d.app.tablestate.cmds
            word = "call" if "call" in cmds else "check"
            while cmds[d.app.tablestate.cmd] != word:
                d.press("DOWN")
            d.press("PRESS")


def test_every_pop_leaves_the_modules_that_were_there_before_its_push(monkeypatch):
    w = Watch(monkeypatch)
    d = Driver(seed=6, model=True, session=Session("draw5"))
    d.ready()
    d.press("LONG_PRESS")                       # the menu over the title page
    d.press("LONG_PRESS")
    assert d.app.screen.NAME == "title"
    d.press("PRESS")                            # the table
    d.ready()
    for item, leave in (("STATS", "PRESS"), ("LAST HANDS", "LEFT"), ("RULES", "LONG_PRESS"),
                        ("NEW GAME", "LEFT")):
        d.press("LONG_PRESS")
        goto(d, item)
        d.press("PRESS")
        assert d.app.screen.NAME == "page"
        d.press("DOWN")
        d.press(leave)
        assert d.app.screen.NAME == ("table" if leave == "LONG_PRESS" else "menu")
        if leave != "LONG_PRESS":
            d.press("LONG_PRESS")
    d.app.alerts.notice("SAVING", "A NOTICE")   # a notice over the table, over the menu
    d.press("PRESS")
    d.press("LONG_PRESS")
    d.app.alerts.notice("SAVING", "A NOTICE")
    assert d.app.screen.NAME == "alert"
    d.press("PRESS")
    assert d.app.screen.NAME == "menu"
    d.press("LONG_PRESS")
    d.app.alerts.crashed(ZeroDivisionError("planted"))   # the error page: back to the table
    d.press("PRESS")
    assert d.app.screen.NAME == "table" and len(d.app.stack) == 1
    d.ready()
    to_your_draw(d)                             # your draw: HINT, then DRAW
    d.press("LEFT")
    d.press("PRESS")
    d.press("PRESS")
    assert d.app.screen.NAME == "table"
    while d.app.tablestate.phase != 0:                # the hand to its end
        d.ready()
        if d.app.tablestate.phase == 3:
            d.press("PRESS")
        elif d.app.tablestate.your_turn:
            d.press("PRESS")
    d.ready()
    to_your_draw(d)                             # the menu over the draw changes the game
    d.press("LONG_PRESS")
    goto(d, "GAME")
    d.press("RIGHT")
    assert d.model()["title"] == "[CHANGE GAME?]"
    d.press("PRESS")                            # the hand, and the draw with it, go
    assert w.wrong == []
    assert d.app.screen.NAME == "table" and len(d.app.stack) == 1
    assert w.wrong == []
    assert w.pushed == set(app_mod.SCENES)      # every scene was pushed
    assert w.pops >= 10 and w.replaces >= 8     # (a page and the menu replace each other)


def test_the_bots_and_the_deals_code_leave_the_heap_while_the_menu_shows_and_come_back_to_play():
    d = Driver(seed=6, model=True)
    assert d.play_hands(1) == 1
    assert "stud.play.bots" in sys.modules and "stud.ui.beats" in sys.modules
    assert set(THINKING) < set(app_mod.AWAY)
    d.press("LONG_PRESS")
    assert d.app.screen.NAME == "menu"
    assert not [m for m in app_mod.AWAY if m in sys.modules]
    assert d.play_hands(2) == 2                 # (it closes the menu) the bots play on
    assert "stud.play.bots" in sys.modules and "stud.ui.beats" in sys.modules
