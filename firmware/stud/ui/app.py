"""The handheld: one non-blocking loop, the same on the device and in the simulator.

Each tick polls the input (stud.ui.input), gives the events to the controller of
the screen shown, lets the controllers advance (the computer decides within its
budget, the animations run at the chosen speed), redraws the screen regions that
changed (stud.ui.screens) and sends the changed pages (board.display.show).  Only
the board differs between the device and the simulator: its display, its input
source, its buzzer and its clock.

What the handheld does is a stack of scenes, each a controller, the state its
screens read and its screen.  The table (stud.ui.hand: the deal, the beats, your
turn, the showdown, SEL, demo, and the title page) is always at the bottom; over it:

  menu    stud.ui.menu       a long press: the settings
  page    stud.ui.page       the menu's pages: STATS, LAST HANDS, RULES, the questions
  notice  stud.ui.alertpage  a notice or the error page (stud.ui.alerts: the save)
  yourdraw stud.ui.yourdraw  your draw in five card draw

The table's screen and the title page's (stud.ui.screens.table, .title) are in the
heap only while they show: another screen drops the module, showing it loads it again.

push(name, now, ...) loads the scene's module (SCENES, the one list of what the ui
floor loads and drops by name) and shows the scene; input goes to the top scene;
pop(now) drops what the push loaded and resumes the scene beneath.  Waking the
panel (stud.ui.power) and the long press that opens the menu stay in the loop.
The scenes reach the loop through its verbs: touch(regions) (something shown
changed), switch(screen, state) (the top scene shows another screen), push, pop,
note(text) (the log), sound(name), show_contrast(), save(), saved(), keep_hand(hand)
and hand_done(hand) (the save: stud.ui.alerts); they read settings, session and
tablestate (the table's state, whose changes between hands - stud.ui.tablestate,
stud.ui.between - the menu and the notices make too), and hold no other scene.

The board: board.display (show(frame), contrast(0..255), power(on)),
board.input (poll() -> event codes), board.buzzer (play(name), or None),
board.ticks_ms(), board.ticks_diff(a, b), board.sleep_ms(n); optionally
board.store (a stud.save.store.Store; or the App's store= option).

The save is read as the app is built, or with title_first (the device's boot, stud.boot)
on the first tick after the title page is whole on the glass: reading and checking a save
of 50 kept hands is about a third of the boot (tools/bench/boot.py).
"""
from stud.core.compat import const
from stud.core import events
from stud.play.session import Session
from stud.core import lazy
from stud.ui.gfx.frame import Frame
from stud.ui.gfx import glyphs  # noqa: F401 (native, never dropped: placed with the loop's
                                # own code, not after boot's reading of the save)
from stud.ui.input import Input
from stud.ui.hand import Hands, TABLE, BETWEEN
from stud.ui.tablestate import THINKING
from stud.ui.power import Power
from stud.ui.alerts import Alerts

# the title page's and the table's code: in the heap while they show (the menu, its pages,
# the notices and your draw show over a table whose code has left)
TITLE = "stud.ui.screens.title"
TABLE_SCREEN = "stud.ui.screens.table"
# the game's own code, away while the menu, its pages or a notice show over the table: the
# bots' thinking (stud.play.session.bots loads it again when wanted) and the deal's beats
# (stud.ui.hand imports them again at the next beat)
AWAY = THINKING + ("stud.ui.beats",)
# scene -> its module (whose Scene it shows) and the modules it brings into the heap
# (loaded by it, or by what it calls); a pop drops those the push found out of the heap
SCENES = {
    "menu": ("stud.ui.menu", "stud.ui.screens.menu", "stud.ui.screens.text", "stud.ui.between"),
    "page": ("stud.ui.page", "stud.ui.screens.menu", "stud.ui.screens.text",
             "stud.ui.screens.pages", "stud.save.record", "stud.save.pack",
             "stud.core.rulebook", "stud.ui.between"),
    "notice": ("stud.ui.alertpage", "stud.ui.screens.menu", "stud.ui.screens.text",
               "stud.save.errlog"),
    "yourdraw": ("stud.ui.yourdraw", "stud.ui.screens.draw"),
}
_OVER = ("menu", "page", "notice")   # scenes over the game: a long press is theirs
_ALL = const(-1)       # every region of the screen shown (Screen.render's mask)
_DEFAULT_SPEED = const(1)
FRAME_MS = const(20)          # one tick every 20 ms at most: 50 frames a second
_DEFAULT_CONTRAST = const(6)   # the menu's CONTRAST 1..8
_BOOT_TICKS = const(8)         # the title page's ticks at boot before the save is read at
                               # the latest (at 400 kHz a frame goes out over two)


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
                 samples=None, budget_ms=None, frame=None,
                 speed=_DEFAULT_SPEED, log=None, store=None, title_first=False):
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
        self._shown = {}        # module -> its screen, loaded to be shown (title, table)
        self.screen = None
        self.state = None       # what the screen shown reads (its controller's state)
        self.full = True        # the next render redraws the whole screen
        self.invalid = _ALL     # regions that may have changed since the last render
        self.running = True
        now = self.ticks_ms()
        self.power = Power(self, now)
        self.hands = Hands(self, rng, bot_rng, help_rng, samples, budget_ms, now)
        self.tablestate = self.hands.state
        self.stack = [(TABLE, self.hands, ())]   # (name, scene, modules loaded before it)
        self.alerts = Alerts(self, store if store is not None else getattr(board, "store", None))
        self.hands.resume(now)
        self.show_contrast()
        st = self.alerts.keeper.store
        # title_first (the device's boot, stud.boot): a save to read waits until the title
        # page is on the glass, its game's lines left blank until then
        self.booting = _BOOT_TICKS if title_first and st is not None and not st.blank() else 0
        if self.booting:
            self.tablestate.game_title = self.tablestate.opponents_line = None
        else:
            self._read_save()

    def _read_save(self):
        """The save: the table, the settings (a damaged one: a notice), the hand in play
        when the power went (it goes on)."""
        if self.alerts.boot():
            self.show_contrast()
        self.tablestate.names_changed()
        keeper = self.alerts.keeper
        if keeper.hand is not None:
            lazy.load(BETWEEN).resume_hand(self.hands, keeper.hand)
            lazy.drop(BETWEEN)
            keeper.hand = None

    # ---- the loop --------------------------------------------------------------------
    def tick(self):
        """One frame: input, update, render, flush.  Returns the tick's ms.

        An unexpected exception never freezes the screen: it is logged and shown as
        the error page (stud.ui.alerts); PRESS goes back to the table."""
        now = self.ticks_ms()
        with self.alerts.guard:   # (a with, not try/except-as: no call frame from the heap)
            if self.booting:
                self._title_first(now)
            else:
                self._step(now)
        if self.frame.dirty:
            self.display.show(self.frame)
        return now

    def _step(self, now):
        n = self.input.poll(now, self.tablestate.busy and len(self.stack) == 1)
        if n:
            self._events(n, now)
        self._update(now)
        self.render()

    def _events(self, n, now):
        codes = self.input.codes
        for i in range(n):
            self.event(codes[i], now)

    def _title_first(self, now):
        """Boot with a save to read: the title page goes out whole (or _BOOT_TICKS ticks
        pass: a panel that never takes it does not keep the save unread), then the save is
        read and input taken (a press meanwhile waits in the input's queue)."""
        self.booting -= 1
        if (self.full or self.frame.dirty) and self.booting:
            self.render()
            return
        self.booting = 0
        self._read_save()
        self.touch()
        self._step(now)

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
    def touch(self, regions=_ALL):
        """Something the screen shows may have changed (in these table regions)."""
        self.invalid |= regions

    def switch(self, screen, state):
        """Show `screen`, drawn from `state`.  The title page's or the table's code
        leaves the heap when another screen shows (it is loaded again when shown)."""
        self.screen = screen
        self.state = state
        self.full = True
        self.touch()
        shown = self._shown
        for name in [n for n in shown if shown[n] is not screen]:
            del shown[name]
            lazy.drop(name)

    @property
    def title(self):
        """The title page (stud.ui.screens.title), loaded to be shown."""
        return self._screen(TITLE, "Title")

    @property
    def table(self):
        """The table (stud.ui.screens.table), loaded to be shown."""
        return self._screen(TABLE_SCREEN, "Table")

    def _screen(self, name, cls):
        screen = self._shown.get(name)
        if screen is None:
            screen = self._shown[name] = getattr(lazy.load(name), cls)()
        return screen

    # ---- the scenes ------------------------------------------------------------------
    def push(self, name, now, *args):
        """Scene `name` over the others: its module loaded, its Scene(ui, now, *args)
        made and shown; input goes to it.  If it cannot be made, what it loaded goes."""
        modules = SCENES[name]
        kept = lazy.loaded(modules)
        if name in _OVER:       # nobody thinks nor deals while these show
            lazy.drop(*AWAY)
        try:
            scene = lazy.load(modules[0]).Scene(self, now, *args)
        except BaseException:
            lazy.drop_new(modules, kept)
            raise
        self.stack.append((name, scene, kept))
        scene.resume(now)
        return scene

    def replace(self, now, name, *args):
        """Scene `name` in the top scene's place (the menu and its pages: one's code
        leaves while the other shows); the scene beneath is not resumed in between.  If
        the new scene cannot be made, the one beneath shows again."""
        top, _, kept = self.stack.pop()
        lazy.drop_new(SCENES[top], kept)
        try:
            return self.push(name, now, *args)
        except BaseException:
            self.stack[-1][1].resume(now)
            raise

    def pop(self, now, name=None):
        """The top scene goes - every scene down to `name`, if given - with the modules
        its push loaded; the scene beneath shows again (resume)."""
        stack = self.stack
        while len(stack) > 1:
            top, scene, kept = stack.pop()
            lazy.drop_new(SCENES[top], kept)
            if name is None or top == name:
                break
        stack[-1][1].resume(now)

    def home(self, now):
        """Every scene over the table goes; the table shows."""
        self.pop(now, TABLE)

    def top(self, name):
        """The scene on top if it is `name`, else None."""
        top = self.stack[-1]
        return top[1] if top[0] == name else None

    def save(self):
        """The table or a setting changed: keep it (stud.ui.alerts)."""
        self.alerts.save()

    def saved(self):
        """What the save holds (stud.save.saved; STATS and LAST HANDS read it)."""
        return self.alerts.keeper.saved

    def keep_hand(self, hand, session=None):
        """The hand in play is kept (stud.save.inplay): dealt (session given), after an
        action, called off (None)."""
        self.alerts.keeper.keep_hand(hand, session)

    def hand_done(self, hand):
        """A hand was settled: recorded, counted, saved (stud.ui.alerts)."""
        self.alerts.hand_done(hand)

    def show_contrast(self):
        """The panel at the menu's CONTRAST (Settings)."""
        self.display.contrast(self.settings.level())

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
        name, scene, _ = self.stack[-1]
        if code == events.LONG_PRESS and name not in _OVER:
            self.push("menu", now)
        else:
            scene.event(code, now)
