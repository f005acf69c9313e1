"""Drive the handheld app as a player would, for tests and tools; runs on CPython and
MicroPython.

    d = Driver(seed=7)            # the app on a host board with a virtual clock
                                  # (store=host.memory_store(): with a save)
    d.ready()                     # tick until the app waits for the player
    d.press(PRESS)                # one event, delivered at the next frame
    d.model()                     # what the screen shows (tools/harness/recording.py)
    d.script()                    # everything done so far as a script file's text

The script replays the same session through host.ScriptInput (tools/sim/sim.py
--script, host_tests/dual/ui_frames.py): events come back at the same frames.
"""
import host  # boards/host.py: on the path by pytest.ini, tools/device/mprun.py or the tool

from stud.core import events
from stud.ui.app import App, FRAME_MS
from stud.core.rng import Rng
from stud.play.session import Session
from stud.ui.tablestate import IDLE, HAND, SHOW

DEAL_STREAM = 0
BOT_STREAM = 0x2AAAAAAA
HELP_STREAM = 0x15555555
NAMES = events.NAMES


def _recording():
    """tools/harness/recording.py, imported only when a model is wanted (its code is heap too)."""
    import recording             # tools/ is on the path: pytest.ini, tools/device/mprun.py
    return recording


def make_app(board, seed, samples=16, speed=1, session=None, log=None, frame=None,
             title_first=False):
    """The app as the simulator builds it for a seed: three independent Rng streams,
    a fixed number of samples and no clock budget (the same game on every runtime).
    title_first: as the device boots (stud.boot), the save read after the title page."""
    return App(board, session if session is not None else Session(),
               rng=Rng(seed ^ DEAL_STREAM), bot_rng=Rng(seed ^ BOT_STREAM),
               help_rng=Rng(seed ^ HELP_STREAM), samples=samples, budget_ms=0,
               speed=speed, log=log, frame=frame, title_first=title_first)


class Driver:
    def __init__(self, seed=7, samples=16, speed=1, session=None, model=True, log=None,
                 on_show=None, store=None, title_first=False):
        self.clock = host.VirtualClock()
        self.input = host.QueueInput()
        self.display = host.RecordingDisplay(on_show)
        self.board = host.HostBoard(self.input, self.clock, self.display, store=store)
        self.recording = _recording() if model else None
        self.app = make_app(self.board, seed, samples, speed, session, log,
                            self.recording.RecordingFrame() if model else None,
                            title_first)
        self.items = []          # the session as script items
        self.last = -FRAME_MS    # poll time of the last event
        self.ticks = 0

    @property
    def now(self):
        return self.clock.now

    def tick(self, n=1):
        for _ in range(n):
            self.app.tick()
            self.clock.sleep_ms(FRAME_MS)
            self.ticks += 1

    def run_ms(self, ms):
        self.tick(max(1, ms // FRAME_MS))

    def waiting(self):
        """Does the app wait for the player (nothing animating, nothing to decide)?"""
        app = self.app
        if app.tablestate.busy or app.tablestate.beat or app.tablestate.beats:
            return False
        if app.screen is app.table and app.tablestate.phase == HAND:
            return app.tablestate.your_turn or app.tablestate.hand.to_act is None
        return True

    def ready(self, limit_ms=600000):
        """Tick until the app waits for the player; returns the ms it took."""
        start = self.clock.now
        self.tick()
        while not self.waiting():
            if self.clock.now - start > limit_ms:
                raise RuntimeError("the app did not wait for input within %d ms" % limit_ms)
            self.tick()
        return self.clock.now - start

    def press(self, code, ticks=1):
        """Deliver one event at the next frame (recorded for script()), then tick."""
        if isinstance(code, str):
            code = events.parse(code)
        gap = self.clock.now - self.last - FRAME_MS
        if gap > 0:
            self.items.append(("WAIT", gap))
        self.items.append(code)
        self.last = self.clock.now
        self.input.push(code)
        self.tick(ticks)

    def model(self):
        return self.recording.model(self.app)

    def scene(self, name):
        """The scene `name` on the app's stack (stud.ui.app: "menu", "page", "notice",
        "yourdraw", "table"), or None."""
        for entry in self.app.stack:
            if entry[0] == name:
                return entry[1]
        return None

    def redraws_the_same(self):
        """What the panel got (only dirty pages) is the frame, and a full redraw from the
        same state draws the same frame (no region forgot a change)."""
        app = self.app
        before = bytes(app.frame.buf)
        assert bytes(self.display.panel) == before
        app.full = True
        app.render()
        assert bytes(app.frame.buf) == before, "tick %d: incremental drawing differs" % self.ticks
        self.display.show(app.frame)

    def to_table(self):
        """Wait for the app; from the title page, PRESS to the table; wait again."""
        self.ready()
        if self.app.screen.NAME == "title":
            self.press("PRESS")
            self.ready()

    def play_hands(self, hands, choose=None):
        """From wherever the app waits: play `hands` hands to their end, back between hands,
        with the command your turn starts on (CHECK or CALL), after choose(self) if given.
        Returns the hands played; fewer if a notice or error page stops play."""
        self.to_table()
        done = 0
        started = False
        while True:
            app = self.app
            if app.screen is not app.table:
                if app.screen.NAME == "alert":
                    return done
                self.press("LONG_PRESS")          # a menu left open: back to the table
            elif app.tablestate.phase == IDLE:
                if started:
                    done += 1
                    started = False
                if done >= hands:
                    return done
                while app.tablestate.idle_cmd != 0:
                    self.press("DOWN")
                self.press("PRESS")               # PLAY
                started = True
            elif app.tablestate.phase == SHOW:
                self.press("PRESS")
            elif app.tablestate.your_turn:
                if choose is not None:
                    choose(self)
                self.press("PRESS")
            self.ready()

    def script(self):
        lines = []
        for item in self.items:
            if isinstance(item, tuple):
                lines.append("WAIT %d" % item[1])
            else:
                lines.append(NAMES[item])
        return "\n".join(lines) + "\n"
