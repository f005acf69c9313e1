"""The handheld: one non-blocking loop, the same on the device and in the simulator.

Each tick polls the input (stud.ui.input), gives the events to the controller of
the screen shown, lets the controllers advance (the computer decides within its
budget, the animations run at the chosen speed), redraws the screen regions that
changed (stud.ui.screens) and sends the changed pages (board.display.show).  Only
the board differs between the device and the simulator: its display, its input
source, its buzzer and its clock.

The controllers, each with the state its screens read:

  hands   stud.ui.hand    the table: the deal, the beats, your turn, the showdown,
                          SEL, demo (Play: the table and the title page read it)
  menu    stud.ui.menu    a long press: settings and pages (loaded while open)
  alerts  stud.ui.alerts  the save (stud.save.keeper), notices, the error page
  power   stud.ui.power   dim after a minute without input, sleep after five

They reach the loop through its verbs only: touch(regions) (something shown
changed), switch(screen, state), note(text) (the log), sound(name).

The board: board.display (show(frame), contrast(0..255), power(on)),
board.input (poll() -> event codes), board.buzzer (play(name), or None),
board.ticks_ms(), board.ticks_diff(a, b), board.sleep_ms(n); optionally
board.store (a stud.save.store.Store; or the App's store= option).
"""
from stud.core.compat import const
from stud.core import events
from stud.play import bots
from stud.play.session import Session
from stud.core import lazy
from stud.ui.gfx.frame import Frame
from stud.ui.input import Input
from stud.ui.screens.table import Table, ALL
from stud.ui.hand import Hands
from stud.ui.power import Power
from stud.ui.alerts import Alerts

TITLE = "stud.ui.screens.title"   # the title page's code: in the heap while it shows
_DEFAULT_SPEED = const(1)
FRAME_MS = const(20)          # one tick every 20 ms at most: 50 frames a second
_DEFAULT_CONTRAST = const(6)   # the menu's CONTRAST 1..8


class Settings:
    """The menu's settings, kept in the save: SPEED 0..3, SOUND 0/1, CONTRAST 1..8."""

    def __init__(self, speed):
        self.speed = speed
        self.sound = 1
        self.contrast = _DEFAULT_CONTRAST

    def level(self):
        """The panel's contrast (0..255) for CONTRAST."""
        return self.contrast * 32 - 1


class App:
    def __init__(self, board, session=None, rng=None, bot_rng=None, help_rng=None,
                 samples=bots.SAMPLES, budget_ms=bots.BUDGET_MS, frame=None,
                 speed=_DEFAULT_SPEED, log=None, store=None):
        self.board = board
        self.display = board.display
        self.buzzer = getattr(board, "buzzer", None)
        self.ticks_ms = board.ticks_ms
        self.ticks_diff = board.ticks_diff
        self.session = session if session is not None else Session()
        if rng is None:
            from stud.core.rng import device_rng
            rng = device_rng()
        bot_rng = bot_rng if bot_rng is not None else rng
        help_rng = help_rng if help_rng is not None else bot_rng   # AUTO, HINT
        self.frame = frame if frame is not None else Frame()
        self.input = Input(board.input, board.ticks_diff)
        # a source that can say it is unsound (stud.drivers.controls: a stuck stick axis)
        self._source = board.input if hasattr(board.input, "warning") else None
        self._warned = None
        self.log = log          # a callable taking a line of text (headless simulator), or None
        self.settings = Settings(speed)
        self.table = Table()
        self._title = None      # the title page, while it shows (the title property)
        self.screen = None
        self.state = None       # what the screen shown reads (its controller's state)
        self.full = True        # the next render redraws the whole screen
        self.invalid = ALL      # regions that may have changed since the last render
        self.running = True
        now = self.ticks_ms()
        self.menu = None        # stud.ui.menu's Menu while the menu is open
        self.power = Power(self, now)
        self.hands = Hands(self, rng, bot_rng, help_rng, samples, budget_ms, now)
        self.play = self.hands.state
        self.alerts = Alerts(self, store if store is not None else getattr(board, "store", None))
        self.switch(self.title, self.play)
        self.power.show_contrast()
        self.alerts.boot()      # the save: the table, the settings (a damaged one: a notice)

    # ---- the loop --------------------------------------------------------------------
    def tick(self):
        """One frame: input, update, render, flush.  Returns the tick's ms.

        An unexpected exception never freezes the screen: it is logged and shown as
        the error page (stud.ui.alerts); PRESS goes back to the table."""
        now = self.ticks_ms()
        with self.alerts.guard:   # (a with, not try/except-as: no call frame from the heap)
            self._step(now)
        if self.frame.dirty:
            self.display.show(self.frame)
        return now

    def _step(self, now):
        n = self.input.poll(now, self.play.busy)
        if n:
            self._events(n, now)
        self._update(now)
        self.render()

    def _events(self, n, now):
        codes = self.input.codes
        for i in range(n):
            self.event(codes[i], now)

    def loop(self, stop=None):
        """Tick until stop() says so (never, on the device), at most one tick per FRAME_MS."""
        sleep = self.board.sleep_ms
        while self.running and (stop is None or not stop()):
            start = self.tick()
            spent = self.ticks_diff(self.ticks_ms(), start)
            if spent < FRAME_MS:
                sleep(FRAME_MS - spent)

    def _update(self, now):
        self.hands.update(now)
        self.power.update(now)
        src = self._source
        if src is not None and src.warning is not self._warned:
            self._warned = src.warning
            self.alerts.input_warning(self._warned, now)

    def render(self):
        """Redraw what changed since the last render (nothing, if nothing did)."""
        if not self.invalid and not self.full:
            return
        self.screen.render(self.frame, self.state, self.full, self.invalid)
        self.full = False
        self.invalid = 0

    # ---- the verbs the controllers use -------------------------------------------------
    def touch(self, regions=ALL):
        """Something the screen shows may have changed (in these table regions)."""
        self.invalid |= regions

    def switch(self, screen, state):
        """Show `screen`, drawn from `state`.  Another screen than the title page
        releases the title page's code (it is loaded again when shown)."""
        self.screen = screen
        self.state = state
        self.full = True
        self.touch()
        if self._title is not None and screen is not self._title:
            self._title = None
            lazy.drop(TITLE)

    @property
    def title(self):
        """The title page (stud.ui.screens.title), loaded to be shown."""
        if self._title is None:
            self._title = lazy.load(TITLE).Title()
        return self._title

    def showing_title(self):
        return self.screen is not None and self.screen is self._title

    def here(self):
        """What is shown, to come back to: (screen, state), the title page as None (so
        that it can leave the heap meanwhile); go() goes back."""
        return (None if self.showing_title() else self.screen), self.state

    def go(self, where):
        """Back to a place here() gave."""
        self.switch(self.title if where[0] is None else where[0], where[1])

    def note(self, text):
        """A line for the log (the headless simulator's), if there is one."""
        if self.log is not None:
            self.log(text)

    def sound(self, name):
        if self.settings.sound and self.buzzer is not None:
            self.buzzer.play(name)

    # ---- input -------------------------------------------------------------------------
    def event(self, code, now):
        if self.power.event(now):
            return          # the input that wakes a sleeping panel does nothing else
        if self.alerts.showing():
            self.alerts.event(code, now)    # a notice or an error: PRESS answers
            return
        menu = self.menu
        if menu is not None and not menu.owns(self.screen):
            self._drop_menu()               # left behind (an error page went to the table)
            menu = None
        if code == events.LONG_PRESS:
            if menu is not None:
                menu.close(now)
            else:
                self.menu = lazy.load("stud.ui.menu").Menu(self, now)
        elif menu is not None:
            menu.event(code, now)
        else:
            self.hands.event(code, now)
        if self.menu is not None and not self.menu.open:
            self._drop_menu()

    def _drop_menu(self):
        """The menu's code and pages leave the heap (stud.core.lazy)."""
        modules = lazy.load("stud.ui.menu").MODULES
        self.menu = None
        lazy.drop(*modules)
