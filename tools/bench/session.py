"""A long session with the whole app, as a player uses it, and what it asks of the heap.

    python -m tools.device.mprun tools/bench/session.py --mpy [-- HANDS [BLOCK [DIR]]]

The app runs on the lightest board (Board, below) with its save in DIR (build/session,
the real file system: on a board the save is in flash, not in the heap); the save
files there are removed first.  The bots think at their device sample count, with no
clock budget: the same decisions however busy the machine is.
Input comes as a player's would, one event a frame; a press is only given once the
table takes it.  The session:

  boot        the title page, then the table; the menu sets SPEED to SONIC (fewer
              frames per hand; the figures do not depend on the speed)
  blocks      of BLOCK hands (25), the games in the menu's order over and over, until
              HANDS hands (1000) have been dealt: your turns take the shown command,
              AUTO, HINT, PASS, or a bet or raise of any size, by a seeded draw; in
              five card draw the draw screen marks cards, asks HINT or AUTO
  each block  the menu (SPEED, SOUND, CONTRAST), STATS, LAST HANDS paged through,
              every RULES page, NEW GAME? (no), the demo from the table for two
              hands (the menu opened over its title page), the panel left alone
              until it dims and sleeps, then woken; and
              in turn: SEL (new opponents), NEW GAME (yes), and a game changed
              while your hand is in play (CHANGE GAME?); then GAME to the next game

Every hand of yours is saved, so the save keeps the last 50 hands from the 50th on.

What it measures, after every frame sent to the panel and after every input:

  heap_*        live heap (gc.collect(), then gc.mem_alloc()) above the heap before the
                app's first import (the board and this script are not the app):
                heap_booted (the title page), heap_hand (the stud games' hands),
                heap_draw (five card draw's), heap_menu (the menu and its pages),
                heap_settled (at the table at the end), peak_app (the largest)
  free block    after each check, micropython.mem_info() prints the heap's layout
                ("max free sz": the largest run of free blocks, in GC blocks of
                gc_block bytes: 32 on this 64-bit port, 16 on a 32-bit board); the
                smallest over the session is read from those lines by
                tools/device/mprun.py's smallest_free_block() (printing allocates nothing;
                a probe that allocated the largest block would leave it as garbage
                that a stale C-stack word can keep alive, which mem_info cannot)
  memory_errors MemoryErrors the app met and caught, as it lets them show: a bot that
                ran out of heap while thinking (Session.fallbacks: session.cheap played),
                a notice that speaks of memory (SAVING FAILED (MEMORY ERROR)), and
                MemoryErrors the loop caught (the error page)
  trouble       every notice page, error page (an exception the loop caught) and
                message told to the player (none is expected), then one trouble= line
                for each kind, with its count
  stopped       n/a, or why the session could not go on (trouble broke its steps)
  hands, demo_hands, hands_kept (the save's), frames, events, checks, gc_block
  heap_harness  the heap in use before the app's first import: the interpreter, this
                script and its board (the 192K heap holds it beside the app; a device
                holds its pin map instead, and its drivers, which this board leaves out)
  names         micropython.qstr_info() before the app's first import and at the end:
                the interned names and their pools (tools/device/mprun.py's qstr_pools())

The exit status is 1 when there was trouble or the session stopped (the figures are
printed all the same).  Under CPython the heap figures are n/a; the session still runs
(a smoke test).
"""
import os
import sys

from harness import live_heap, report, HAS_HEAP, RUNTIME

BASE = live_heap()
if HAS_HEAP:
    import micropython
    micropython.qstr_info()         # the names interned before the app (the first such line)
from stud.core import events  # noqa: E402
from stud.core.rng import Rng  # noqa: E402
from stud.save.store import Store, IN_PLAY  # noqa: E402
from stud.ui.app import App  # noqa: E402
from stud.ui.tablestate import IDLE, HAND, SHOW  # noqa: E402

SEED = 11
HANDS = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
BLOCK = int(sys.argv[2]) if len(sys.argv) > 2 else 25
FOLDER = sys.argv[3] if len(sys.argv) > 3 else "build/session"
LIMIT_FRAMES = 20000        # a step that takes longer than this is stuck
GAMES = ("tandy7", "casino7", "stud5", "draw5")
SONIC = 3
BLOCK_BYTES = 32 if sys.maxsize > 2 ** 32 else 16   # a GC block (4 words)
if HAS_HEAP:
    from micropython import mem_info


class Meter:
    """The largest live heap per stage and over all; after each check the heap's layout
    is printed (micropython.mem_info()).  Nothing is kept per check."""

    def __init__(self):
        self.stage = "boot"
        self.peaks = {"boot": 0, "hand": 0, "draw": 0, "menu": 0}
        self.top = 0
        self.checks = 0

    def check(self, *_):
        if not HAS_HEAP:
            return
        now = live_heap() - BASE
        self.checks += 1
        if now > self.peaks[self.stage]:
            self.peaks[self.stage] = now
        if now > self.top:
            self.top = now
        mem_info()


class Watch:
    """What the app let the player see of trouble: each kind noted once, with a count."""

    def __init__(self):
        self.seen = {}

    def note(self, kind, text):
        key = kind + ": " + text
        self.seen[key] = self.seen.get(key, 0) + 1

    def count(self, word, kinds):
        """How many times trouble of these kinds came whose words include `word` (in any
        case)."""
        return sum([n for k, n in self.seen.items()
                    if k.split(":")[0] in kinds and word in k.upper()])


class Board:
    """The lightest board the app runs on (stud.ui.app's contract): a virtual clock, a
    queue of input events, a panel that only counts, a buzzer that forgets.  Not
    boards/host.py's HostBoard: that module also carries the simulator's terminal,
    scripts and memory files, 13 KB and a hundred interned names that no device holds
    (its RecordingBuzzer would also keep every sound ever played)."""

    def __init__(self, on_show):
        self.now = 0
        self.queue = []
        self.one = bytearray(1)
        self.display = self.input = self.buzzer = self
        self.on_show = on_show

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, n):
        self.now += n

    def poll(self):                     # the input: one event a frame
        if not self.queue:
            return b""
        self.one[0] = self.queue.pop(0)
        return self.one

    def show(self, frame):              # the panel
        if frame.take_dirty():
            self.on_show()

    def contrast(self, level):
        pass

    def power(self, on):
        pass

    def play(self, name):               # the buzzer
        pass


meter = Meter()
watch = Watch()
board = Board(meter.check)
pick = Rng(SEED + 3)            # the player's choices
counts = {"frames": 0, "events": 0}


def fresh_store():
    try:
        os.mkdir(FOLDER.rsplit("/", 1)[0])
    except OSError:
        pass
    try:
        os.mkdir(FOLDER)
    except OSError:
        pass
    st = Store(FOLDER + "/stud.sav")
    for name in st.candidates() + tuple(st.path + s for s in IN_PLAY + (".bad",)) + (
            FOLDER + "/stud.err",):     # the save's files, the hand in play's, the log
        try:
            os.remove(name)
        except OSError:
            pass
    return st


class Player:
    def __init__(self, app):
        self.app = app
        self.st = app.tablestate
        self.hands = 0          # hands dealt (demo hands too)
        self.demo_hands = 0

    # ---- one frame, one input ------------------------------------------------------
    def tick(self, n=1):
        app = self.app
        for _ in range(n):
            app.tick()
            board.sleep_ms(20)
            counts["frames"] += 1
            if app.top("notice") is not None:
                self.answer()

    def answer(self):
        """A notice or an error page is up: note what it says, and answer it."""
        a = self.app.top("notice")
        watch.note("error page" if a.kind else "notice", "%s %s" % (
            a.title, " ".join([x for x in (a.lines or []) if isinstance(x, str)])))
        board.queue.append(events.PRESS)
        self.app.tick()
        board.sleep_ms(20)

    def press(self, code):
        board.queue.append(code)
        counts["events"] += 1
        self.tick()
        meter.check()

    def until(self, done, what):
        n = 0
        while not done():
            self.tick()
            n += 1
            if n > LIMIT_FRAMES:
                raise RuntimeError("stuck: %s (trouble so far: %s)" % (what, watch.seen))

    def wait_ms(self, ms):
        """No input for ms (the virtual clock jumps; a few frames see it)."""
        board.sleep_ms(ms)
        self.tick(3)

    def screen(self):
        return self.app.screen.NAME

    def scene(self, name):
        """The scene `name` on the app's stack (stud.ui.app), or None."""
        for entry in self.app.stack:
            if entry[0] == name:
                return entry[1]
        return None

    def between(self):
        st = self.st
        return (self.screen() == "table" and st.phase == IDLE and not st.busy
                and not st.session.demo)

    # ---- the menu --------------------------------------------------------------------
    def menu_to(self, item):
        """Open the menu (on BACK) and move its cursor to `item`."""
        self.press(events.LONG_PRESS)
        n = 0
        while self.menu_item() != item:
            self.press(events.DOWN)
            n += 1
            if n > 20:
                raise RuntimeError("no menu item " + item)

    def menu_item(self):
        """The menu's item under the cursor.  (The menu's state is read afresh, never held
        across a press: a page takes the menu's place, and a reference kept here would
        keep the menu's code in the heap while the page shows.)"""
        state = self.scene("menu").state
        return state.items[state.index]

    def close_menu(self):
        if self.scene("menu") is not None:
            self.press(events.LONG_PRESS)
        self.until(lambda: self.scene("menu") is None, "the menu closing")

    def setting(self, item, code, times=1):
        self.menu_to(item)
        for _ in range(times):
            self.press(code)
        self.close_menu()

    def page(self, item, moves, back=events.PRESS):
        """With the menu open: a page, each of `moves` pressed, back to the menu."""
        while self.menu_item() != item:
            self.press(events.DOWN)
        self.press(events.PRESS)
        for code in moves:
            self.press(code)
        self.press(back)

    def choose_game(self, name):
        self.menu_to("GAME")
        n = 0
        while self.app.session.game != name:
            self.press(events.RIGHT)
            n += 1
            if n > 8:
                raise RuntimeError("no game " + name)
        self.close_menu()

    def tour(self):
        """The settings, STATS, LAST HANDS, every RULES page, NEW GAME? (no)."""
        self.setting("SOUND", events.PRESS, 2)
        self.setting("CONTRAST", events.LEFT)
        self.setting("CONTRAST", events.RIGHT)
        self.setting("SPEED", events.LEFT)
        self.setting("SPEED", events.RIGHT)
        self.menu_to("STATS")                   # the pages one after another, as a
        self.page("STATS", ())                  # player reads them
        self.page("LAST HANDS", (events.DOWN,) * 6 + (events.RIGHT,) * 3 + (events.UP,) * 2)
        self.page("RULES", (events.DOWN,) * 8)
        self.page("NEW GAME", (), events.LEFT)
        self.close_menu()
        self.menu_to("LAST HANDS")              # and one page straight from the table
        self.page("LAST HANDS", (events.DOWN,))
        self.close_menu()

    # ---- between hands -----------------------------------------------------------------
    def demo(self, hands):
        """RIGHT between hands starts the demo (the menu opened over its title page); a
        press ends it after `hands` deals."""
        start = self.st.hands_dealt
        self.press(events.RIGHT)
        self.setting("SOUND", events.PRESS, 2)
        self.until(lambda: self.st.hands_dealt >= start + hands and self.st.phase == SHOW,
                   "the demo's hands")
        self.hands += self.st.hands_dealt - start
        self.demo_hands += self.st.hands_dealt - start
        self.press(events.PRESS)
        self.until(self.between, "the table after the demo")

    def idle(self):
        """The panel dims after a minute and sleeps after five; a press only wakes it."""
        self.wait_ms(61000)
        self.wait_ms(240000)
        self.press(events.PRESS)

    def select(self):
        """SEL: three positions, each a few steps along SID JOE HAL OUT; then YES."""
        st = self.st
        if st.idle_cmd == 0:
            self.press(events.DOWN)
        self.press(events.PRESS)
        for _ in range(3):
            for _ in range(pick.getrandbits(2)):
                self.press(events.DOWN)
            self.press(events.PRESS)
        self.press(events.PRESS)                # everyone's chips back to the stack: YES
        self.until(self.between, "the table after SEL")

    def new_game(self):
        self.menu_to("NEW GAME")
        self.press(events.PRESS)
        self.press(events.PRESS)                # YES
        self.until(lambda: self.scene("menu") is None, "the menu closing")

    def change_game_in_hand(self, name):
        """GAME while your hand is in play: CHANGE GAME? asks; YES drops the hand."""
        self.menu_to("GAME")
        self.press(events.RIGHT)
        self.press(events.PRESS)
        self.until(lambda: self.scene("menu") is None, "the menu closing")
        return self.app.session.game

    # ---- a hand --------------------------------------------------------------------------
    def hand(self, stage, leave_for=None):
        """PLAY, your turns and draws by the seeded choices, the showdown.  With
        `leave_for`, the game changes at your first turn (the hand is dropped)."""
        st = self.st
        meter.stage = stage
        self.until(self.between, "the table between hands")
        if st.idle_cmd:
            self.press(events.UP)
        self.press(events.PRESS)                # PLAY
        self.until(lambda: st.phase != IDLE, "the deal")
        self.hands += 1
        while st.phase == HAND:
            if self.screen() == "draw":
                self.draw()
            elif st.your_turn and not st.busy and self.screen() == "table":
                if leave_for is not None:
                    self.change_game_in_hand(leave_for)
                    return
                self.turn()
            else:
                self.tick()
        self.until(lambda: st.phase == SHOW or self.between(), "the showdown")
        if st.phase == SHOW:
            self.press(events.PRESS)
        self.until(self.between, "the table after the hand")

    def turn(self):
        st = self.st
        cmds = st.cmds
        r = pick.getrandbits(7)
        want = None
        if r < 10 and "hint" in cmds:
            want = "hint"
        elif r < 35:
            want = "auto"
        elif r < 50 and "fold" in cmds:
            want = "fold"
        elif r < 70:
            wagers = [c for c in cmds if c.split(":")[0] in ("bet", "raise", "complete")]
            if wagers:
                want = wagers[pick.getrandbits(8) % len(wagers)]
        j = cmds.index(want) if want in cmds else st.cmd
        if want is None and "show" in cmds:          # casino stud's SHOW or MUCK
            j = pick.getrandbits(1)
        while st.cmd != j:
            self.press(events.DOWN)
        self.press(events.PRESS)

    def draw(self):
        """Five card draw's draw: marks, HINT, AUTO or stand pat (seed 004's controls).
        (The draw's state is read afresh each time, never held: a reference kept here
        would keep its class, and the draw's code with it, in the heap after the draw.)"""
        st = self.st
        r = pick.getrandbits(3)
        if r < 4:                               # mark up to three cards, then DRAW
            for _ in range(pick.getrandbits(2)):
                for _ in range(1 + pick.getrandbits(1)):
                    self.press(events.RIGHT)
                if st.your_draw.cursor < 5:
                    self.press(events.PRESS)
            stop = 5
        else:
            stop = (5, 6, 7, 5)[r - 4]          # stand pat, AUTO, HINT, stand pat
        while st.your_draw.cursor != stop:
            self.press(events.RIGHT)
        self.press(events.PRESS)
        if stop == 7:
            self.press(events.PRESS)            # HINT put the cursor on DRAW


def play(app, p):
    """The session's steps (see the module's docstring) after the title page."""
    meter.stage = "menu"
    p.setting("SPEED", events.RIGHT, SONIC - app.settings.speed)
    block = 0
    while p.hands < HANDS:
        game = GAMES[block % len(GAMES)]
        stage = "draw" if game == "draw5" else "hand"
        for _ in range(min(BLOCK, HANDS - p.hands)):
            p.hand(stage)
        meter.stage = "menu"
        p.tour()
        meter.stage = stage
        p.demo(2)
        p.idle()
        turn = block % 3
        if turn == 0:
            p.select()
        elif turn == 1:
            p.new_game()
        else:
            p.hand(stage, leave_for=GAMES[(block + 1) % len(GAMES)])
        meter.stage = "menu"
        if app.session.game != GAMES[(block + 1) % len(GAMES)]:
            p.choose_game(GAMES[(block + 1) % len(GAMES)])
        block += 1


def main():
    session_store = fresh_store()
    app = App(board, rng=Rng(SEED), bot_rng=Rng(SEED + 1), help_rng=Rng(SEED + 2),
              store=session_store, budget_ms=0)   # every decision its full sample count:
    # the same session however loaded the machine (stud.play.equity's budget is real time)
    p = Player(app)
    p.until(lambda: app.screen is not None, "the title page")
    p.tick(5)
    meter.check()
    booted = meter.peaks["boot"]
    p.press(events.PRESS)                       # the title page -> the table
    try:
        play(app, p)
        stopped = None
    except Exception as e:      # trouble broke the session's steps (an error page took
        stopped = repr(e)       # over, the heap ran out): its figures so far
    p.tick(10)
    settled = live_heap() - BASE if HAS_HEAP else None
    k = app.alerts.keeper
    for message in k.said:
        watch.note("told", message)
    if k.errors:
        watch.note("errors", "%d caught by the loop, the last %s" % (k.errors, k.last_error))
    report("runtime", RUNTIME)
    report("stopped", stopped)          # None: the session ran to its end
    report("hands", p.hands)
    report("demo_hands", p.demo_hands)
    report("hands_kept", k.saved.count())
    report("frames", counts["frames"])
    report("events", counts["events"])
    report("checks", meter.checks)
    fallbacks = app.session.fallbacks
    report("memory_errors", fallbacks + watch.count("MEMORY", ("notice", "errors")))
    report("bot_fallbacks", fallbacks)
    report("trouble", sum(watch.seen.values()))
    for key in sorted(watch.seen):
        print("trouble=%s (%d)" % (key, watch.seen[key]))
    pk = meter.peaks
    for key, value in (("heap_booted", booted), ("heap_hand", pk["hand"]),
                       ("heap_draw", pk["draw"]), ("heap_menu", pk["menu"]),
                       ("heap_settled", settled), ("peak_app", meter.top)):
        report(key, value if HAS_HEAP else None)
    report("heap_harness", BASE)
    report("gc_block", BLOCK_BYTES)
    if HAS_HEAP:
        micropython.qstr_info()     # the names interned at the end (the last such line)
    if stopped is not None or sum(watch.seen.values()):
        raise SystemExit(1)             # tools/device/mprun.py --min-heap: this heap is too small


main()
