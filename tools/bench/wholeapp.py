"""The whole app's live heap, as a player uses it: boot, a 4-seat 7 Card Stud hand, a five
card draw hand, the menu, STATS, LAST HANDS and the saves that go with them.

    python tools/mprun.py tools/bench/wholeapp.py [--mpy]      (mprun's default heap)

The app runs on the host board (boards/host.py) with a save on a memory file system,
the bots thinking with their device defaults (samples, not the clock: the virtual
clock stands still while they think).  Input comes as a player's would, one event a
frame through the board.  After every frame the panel is sent and after every event,
gc.collect() and gc.mem_alloc() give the live heap; the figures are measured from
the heap before the app's first import (the host board and this script's own code
are not the app's):

  heap_booted   the title page on screen
  heap_hand     the peak during the 4-seat hand (bots thinking, the showdown)
  heap_draw     the peak during the draw5 hand (its draw screen loaded)
  heap_menu     the peak with the menu, STATS and LAST HANDS open
  heap_settled  back at the table afterwards (what the pages left behind)
  peak_app      the largest of all

Under CPython the heap figures are n/a; the steps still run (a smoke test).
"""
import gc

from harness import live_heap, report, HAS_HEAP, RUNTIME
import host

BASE = live_heap()
from stud.core import events  # noqa: E402
from stud.core.rng import Rng  # noqa: E402
from stud.ui.app import App  # noqa: E402
from stud.ui.screens.table import IDLE, HAND, SHOW  # noqa: E402

SEED = 11
LIMIT_FRAMES = 20000     # a step that takes longer than this is stuck


class Meter:
    """The largest live heap seen since the last reset (nothing allocated per check)."""

    def __init__(self):
        self.peak = 0
        self.top = 0

    def check(self, *_):
        if HAS_HEAP:
            now = live_heap() - BASE
            if now > self.peak:
                self.peak = now
            if now > self.top:
                self.top = now

    def take(self):
        p = self.peak
        self.peak = 0
        return p


meter = Meter()
clock = host.VirtualClock()
keys = host.QueueInput()
board = host.HostBoard(keys, clock, host.RecordingDisplay(meter.check), store=host.memory_store())


def tick(app, n=1):
    for _ in range(n):
        app.tick()
        clock.sleep_ms(20)


def press(app, code):
    keys.push(code)
    tick(app)
    meter.check()


def until(app, done, what):
    n = 0
    while not done():
        tick(app)
        n += 1
        if n > LIMIT_FRAMES:
            raise RuntimeError("stuck: " + what)


def play_hand(app):
    """PLAY, then the safe command (CHECK, else CALL) at every turn; stand pat in a draw."""
    st = app.play
    until(app, lambda: st.phase == IDLE and not st.busy, "the table between hands")
    press(app, events.PRESS)                    # PLAY
    until(app, lambda: st.phase != IDLE, "the deal")
    while st.phase == HAND:
        if app.screen.NAME == "draw":
            press(app, events.DOWN)             # the cursor to DRAW: stand pat
            press(app, events.PRESS)
        elif st.your_turn and not st.busy:
            press(app, events.PRESS)            # the command shown: CHECK or CALL
        else:
            tick(app)
    until(app, lambda: st.phase == SHOW, "the showdown")
    press(app, events.PRESS)
    until(app, lambda: st.phase == IDLE and not st.busy, "the table after the hand")


def menu_to(app, item):
    """Open the menu and move its cursor to `item`."""
    press(app, events.LONG_PRESS)
    state = app.menu.state
    n = 0
    while state.items[state.index] != item:
        press(app, events.DOWN)
        n += 1
        if n > 20:
            raise RuntimeError("no menu item " + item)


def close_menu(app):
    press(app, events.LONG_PRESS)
    until(app, lambda: app.menu is None, "the menu closing")


def choose_game(app, name):
    menu_to(app, "GAME")
    n = 0
    while app.session.game != name:
        press(app, events.RIGHT)
        n += 1
        if n > 8:
            raise RuntimeError("no game " + name)
    close_menu(app)


def open_page(app, item, presses):
    menu_to(app, item)
    press(app, events.PRESS)
    for _ in range(presses):
        press(app, events.DOWN)                 # LAST HANDS: older hands
    press(app, events.PRESS)                    # back to the menu
    close_menu(app)


def main():
    app = App(board, rng=Rng(SEED), bot_rng=Rng(SEED + 1), help_rng=Rng(SEED + 2))
    until(app, lambda: app.screen is not None, "the title page")
    tick(app, 5)
    meter.check()
    booted = meter.take()
    press(app, events.PRESS)                    # the title page -> the table
    play_hand(app)
    hand = meter.take()
    choose_game(app, "draw5")
    play_hand(app)
    draw = meter.take()
    open_page(app, "STATS", 0)
    open_page(app, "LAST HANDS", 2)
    menu = meter.take()
    tick(app, 10)
    meter.check()
    settled = meter.take()
    report("runtime", RUNTIME)
    report("hands_saved", app.alerts.keeper.saved.stats.hands)
    for key, value in (("heap_booted", booted), ("heap_hand", hand), ("heap_draw", draw),
                       ("heap_menu", menu), ("heap_settled", settled), ("peak_app", meter.top)):
        report(key, value if HAS_HEAP else None)
    gc.collect()


main()
