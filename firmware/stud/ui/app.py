"""The handheld: one non-blocking loop, the same on the device and in the simulator.

Each tick polls the input (stud.ui.input), acts on it, advances the session (the
computer decides within its budget), runs the animations at the chosen speed
(action flashes, cards dealt one by one, the winner blinking), redraws the
screen regions that changed (stud.ui.screens) and sends the changed pages
(board.display.show).  Only the board differs between the device and the
simulator: its display, its input source, its buzzer and its clock.

Flow (seed 000): the title page; the table between hands with PLAY / SEL;
a hand: the deal, each action flashed in place of the seat's name, your
command line (UP/DOWN cycles PASS CALL RAISE CHECK BET AUTO HINT, PRESS
executes); the showdown (every live hand shown, the five that play marked,
the hand named, the winner flashing); notices (rebuys, BUST - NEW GAME).  A
long press anywhere opens the menu.  The screen dims after a minute without
input and sleeps after five; any input wakes it (and does nothing else).
The other games (the menu's GAME) use the same flow; casino stud adds the
bring-in's BRING-IN / COMPLETE and a beaten hand's SHOW / MUCK as commands,
five card draw a draw screen (stud.ui.screens.draw) when your draw comes.

The board: board.display (show(frame), contrast(0..255), power(on)),
board.input (poll() -> event codes), board.buzzer (play(name), or None),
board.ticks_ms(), board.ticks_diff(a, b), board.sleep_ms(n); optionally
board.store (a stud.save.store.Store; or the App's store= option).

The save (stud.ui.persist): loaded at boot (a damaged file: a notice page), written
after every hand you play and every settings change; an unexpected exception in
the loop becomes an error page, logged, and PRESS goes back to the table.
"""
from stud.core.compat import const
from stud.play import bots
from stud.core import events
from stud.ui.gfx.frame import Frame
from stud.core import games as _games
from stud.ui.input import Input
from stud.play.session import Session, CHOICES, OUT
from stud.play.view import SeatView
from stud.ui.screens.table import (Table, IDLE, SELECT, HAND, SHOW, PLAY, SEL, CENTRE, COMMAND,
                                ALL, label_bit, cards_bit)
from stud.ui.screens.title import Title
from stud.ui.screens.menu import Menu, Page, LINES as MENU_LINES
from stud.ui.screens import pages as _pages
from stud.ui import persist as _persist

# Speeds (the menu): how long the animations take, in milliseconds.
SPEEDS = ("SLOW", "MEDIUM", "FAST", "SONIC")
FLASH_MS = (1500, 900, 450, 150)      # an action word in place of the seat's name
DEAL_MS = (200, 110, 50, 0)           # from one card dealt to the next
SHOW_MS = (6000, 4000, 2500, 1200)    # the showdown: hands named, the winner blinking
BLINK_MS = (400, 300, 250, 200)
NOTICE_MS = (3500, 2500, 1800, 1200)  # a notice in the centre (rebuys, BUST)
TITLE_MS = (4000, 3000, 2000, 1000)   # demo: the title page between hands
DEFAULT_SPEED = const(1)

FRAME_MS = const(20)          # one tick every 20 ms at most: 50 frames a second
DIM_AFTER_MS = 60000          # a minute without input: dim
SLEEP_AFTER_MS = 300000       # five minutes: the panel sleeps
CONTRAST_LEVELS = const(8)    # the menu's CONTRAST 1..8 -> 31..255
DEFAULT_CONTRAST = const(6)
DIM_CONTRAST = const(0)

# The cartridge's words for the engine's (tandy7's forced bring-in flashes as BET,
# FORCED; casino7's bring-in is a choice: BRING-IN or COMPLETE).
WORDS = {"fold": "PASS", "check": "CHECK", "call": "CALL", "bet": "BET", "raise": "RAISE",
         "bringin": "BRING-IN", "complete": "COMPLETE", "show": "SHOW", "muck": "MUCK",
         "draw": "DRAW", "auto": "AUTO", "hint": "HINT"}
FORCED = "BET"
PAT = "STAND PAT"           # a draw of no cards
TIE = "TIE - POT STAYS"     # draw5: a tied pot waits for the next hand (seed 004)
MUCKED = "MUCK"             # a corner whose hand was mucked at a casino showdown
ORDER = ("fold", "call", "raise", "check", "bet")   # the order the command line cycles
_WAGERS = ("bet", "raise", "complete")
AUTO = "auto"
HINT = "hint"

# Animation beats, played one after another while a hand runs.
_NONE = const(0)
_FLASH = const(1)
_DEAL = const(2)
_END = const(3)

# Screens the app can be on besides the table.
MENU_ITEMS = ("GAME", "SPEED", "SOUND", "CONTRAST", "DEMO", "STATS", "LAST HANDS", "RULES",
              "NEW GAME", "BACK")
_M_GAME, _M_SPEED, _M_SOUND, _M_CONTRAST, _M_DEMO, _M_STATS, _M_LAST, _M_RULES, _M_NEW, \
    _M_BACK = range(10)
GAME_NAMES = {"tandy7": "LIMIT RAISE", "casino7": "CASINO STUD", "stud5": "5 CARD STUD",
              "draw5": "5 CARD DRAW"}
ON_OFF = ("OFF", "ON")

RULES = (
    ("7 CARD STUD LIMIT RAISE",
     "EVERYONE ANTES 1. TWO CARDS",
     "DOWN, ONE UP. THE LOWEST UP",
     "CARD MUST BET 1. THEN PASS,",
     "CALL OR RAISE, CLOCKWISE:",
     "THE FIRST RAISE MAKES IT 4,",
     "EVERY LATER RAISE ADDS 5."),
    ("4TH STREET: ONE CARD UP.",
     "THE BEST SHOWING HAND OPENS:",
     "CHECK OR BET 5 (10 WHEN A",
     "PAIR SHOWS). RAISES ADD THE",
     "BET. 5TH, 6TH: BET 10.",
     "7TH STREET IS DEALT DOWN,",
     "BET 10. AT MOST 4 RAISES,",
     "14 WHEN TWO ARE LEFT."),
    ("SHOWDOWN: BEST FIVE OF SEVEN",
     "WIN THE POT; TIES SPLIT IT.",
     "HIGH CARD, PAIR, TWO PAIRS,",
     "THREE OF A KIND, STRAIGHT,",
     "FLUSH, FULL HOUSE, FOUR OF A",
     "KIND, STRAIGHT FLUSH.",
     "A PLAYER WHO MAY CHECK",
     "CANNOT PASS."),
    ("CONTROLS",
     "UP/DOWN: SHOW THE COMMANDS",
     "PRESS: DO THE COMMAND SHOWN",
     "AUTO: THE COMPUTER DECIDES",
     "HINT: ITS ADVICE AND YOUR",
     "CHANCE TO WIN",
     "SEL: CHOOSE SID JOE HAL OUT",
     "HOLD THE BUTTON: THIS MENU"),
)


class App:
    def __init__(self, board, session=None, rng=None, bot_rng=None, help_rng=None,
                 samples=bots.SAMPLES, budget_ms=bots.BUDGET_MS, frame=None,
                 speed=DEFAULT_SPEED, log=None, store=None):
        self.board = board
        self.display = board.display
        self.buzzer = getattr(board, "buzzer", None)
        self.ticks_ms = board.ticks_ms
        self.ticks_diff = board.ticks_diff
        self.session = session if session is not None else Session()
        if rng is None:
            from stud.core.rng import device_rng
            rng = device_rng()
        self.rng = rng                                  # deals
        self.bot_rng = bot_rng if bot_rng is not None else rng
        self.help_rng = help_rng if help_rng is not None else self.bot_rng  # AUTO, HINT
        self.samples = samples
        self.budget_ms = budget_ms
        self.frame = frame if frame is not None else Frame()
        self.input = Input(board.input, board.ticks_diff)
        self.log = log          # a callable taking a line of text (headless simulator), or None
        self.table = Table()
        self.title = Title()
        self.menu = Menu()
        self.page = Page()
        self.draw_screen = None          # your draw in five card draw, and its cursor and
        self.discard = None              # marks: made when draw5 first needs them
        self.screen = self.title
        self.full = True        # the next render redraws the whole screen
        self.invalid = ALL      # regions that may have changed since the last render
        self.running = True
        now = self.ticks_ms()
        # settings (the menu)
        self.speed = speed
        self.sound = 1
        self.contrast = DEFAULT_CONTRAST
        # the table
        self.phase = IDLE
        self.hand = None
        self.view = None        # the human's SeatView: what the table shows of the hand
        self.seat_of = [0, -1, -1, -1]   # position -> seat in the hand, -1 if not in it
        self.pos_of = [0]                # seat -> position
        self.shown = bytearray(4)        # cards of each seat dealt on screen so far
        self.ups_at = bytes(8)           # up cards among a seat's first n cards
        self.seated = 1                  # positions dealt in (bits); _names_changed sets it
        self.dealer_pos = -1             # draw5: the dealer's position (the button), else -1
        self.fresh = 0                   # draw5: your cards just drawn (bits), in inverse
        self.flash_seat = -1
        self.flash_word = None
        self.show_names = [None, None, None, None]
        self.show_cards = [None, None, None, None]
        self.winners = 0
        self.blink = 0
        self.cmds = []
        self.cmd_amounts = []
        self.cmd_words = []
        self.cmd = 0
        self.your_turn = False
        self.cmd_done = None     # the command just executed, shown in inverse video
        self.idle_cmd = 0        # between hands: 0 PLAY, 1 SEL
        self.sel_pos = 1
        self.sel_choice = 0
        self.sel_names = [OUT, OUT, OUT]
        self.sel_choices = CHOICES
        self.msgs = []
        self.msg = None
        self.msg_start = now
        self.hint_a = None
        self.hint_b = None
        self.result_a = None
        self.result_b = None
        self.last_line = None
        self.hands_dealt = 0
        self.beats = []
        self.beat = _NONE
        self.beat_start = now
        self.show_start = now
        self.blink_start = now
        self.title_start = now
        self.busy = False
        self.pending_demo = False
        # idle dimming
        self.last_input = now
        self.dim = 0             # 0 awake, 1 dimmed, 2 asleep
        # the menu and its pages
        self.menu_items = MENU_ITEMS
        self.menu_index = 0
        self.menu_top = 0
        self.menu_version = 0
        self.back = self.title   # the screen the menu returns to
        self.page_kind = -1
        self.page_no = 0
        self.page_title = None
        self.page_hint = None
        self.page_lines = None
        self.game_title = None
        self.opponents_line = None
        self._names_changed()
        self.display.contrast(self._contrast_value())
        # the save (stud.ui.persist): the store is the board's, or none (nothing written)
        self.persist = _persist.Keeper(store if store is not None
                                       else getattr(board, "store", None))
        self.alert = _pages.Alert()      # a notice or an error over the game
        self.alert_kind = 0
        self.alert_title = None
        self.alert_hint = None
        self.alert_lines = None
        self.alert_back = None
        self.last_k = 0                  # LAST HANDS: the hand shown (0 the newest) ...
        self.last_part = 0               # ... and its page
        self.guard = _persist.Guard(self)  # tick(): an exception becomes the error page
        _persist.boot(self)

    # ---- the loop --------------------------------------------------------------
    def tick(self):
        """One frame: input, session, animations, render, flush.  Returns the tick's ms.

        An unexpected exception never freezes the screen: it is logged and shown as
        the error page (stud.ui.persist.crashed); PRESS goes back to the table."""
        now = self.ticks_ms()
        with self.guard:        # (a with, not try/except-as: no call frame from the heap)
            self._step(now)
        if self.frame.dirty:
            self.display.show(self.frame)
        return now

    def _step(self, now):
        n = self.input.poll(now, self.busy)
        if n:
            self._events(n, now)
        self._update(now)
        self.render()

    def loop(self, stop=None):
        """Tick until stop() says so (never, on the device), at most one tick per FRAME_MS."""
        sleep = self.board.sleep_ms
        while self.running and (stop is None or not stop()):
            start = self.tick()
            spent = self.ticks_diff(self.ticks_ms(), start)
            if spent < FRAME_MS:
                sleep(FRAME_MS - spent)

    def touch(self, regions=ALL):
        """Something the screen shows may have changed (in these table regions)."""
        self.invalid |= regions

    def render(self):
        """Redraw what changed since the last render (nothing, if nothing did)."""
        if not self.invalid and not self.full:
            return
        self.screen.render(self.frame, self, self.full, self.invalid)
        self.full = False
        self.invalid = 0

    def switch(self, screen):
        self.screen = screen
        self.full = True
        self.touch()

    def model(self):
        """What the screen shows, region by region (needs frame.log; tests and tools)."""
        out = self.screen.model(self.frame)
        out["phase"] = ("idle", "select", "hand", "show")[self.phase]
        return out

    # ---- input ------------------------------------------------------------------
    def _events(self, n, now):
        codes = self.input.codes
        for i in range(n):
            self.event(codes[i], now)

    def event(self, code, now):
        self.last_input = now
        if self.dim:
            self._wake()
            return          # the input that wakes the screen does nothing else
        if self.screen is self.alert:
            _persist.alert_event(self, code, now)   # a notice or an error: PRESS answers
            return
        if code == events.LONG_PRESS:
            if self.screen is self.menu or self.screen is self.page:
                self._close_menu(now)
            else:
                self._open_menu()
            return
        screen = self.screen
        if screen is self.title:
            if code == events.PRESS and not self.session.demo:
                self.switch(self.table)
        elif screen is self.table:
            self._table_event(code, now)
        elif screen is self.menu:
            self._menu_event(code, now)
        elif screen is self.draw_screen:
            self._draw_event(code, now)
        else:
            self._page_event(code, now)

    def _table_event(self, code, now):
        phase = self.phase
        if phase == HAND:
            if self.your_turn:
                self._turn_event(code, now)
        elif phase == IDLE:
            if self.session.demo:
                return
            if code == events.UP or code == events.DOWN:
                self.idle_cmd ^= 1
                self.touch(COMMAND)
            elif code == events.PRESS:
                if self.idle_cmd == 0:
                    self._deal(now)
                else:
                    self._start_select()
        elif phase == SELECT:
            self._select_event(code)
        elif phase == SHOW:
            if code == events.PRESS:
                self._after_show(now)

    def _turn_event(self, code, now):
        # UP/DOWN cycle the commands; LEFT/RIGHT too (seed 004: left and right move
        # between the choices).
        if code == events.UP or code == events.LEFT:
            self.cmd = (self.cmd - 1) % len(self.cmds)
            self.touch(COMMAND)
        elif code == events.DOWN or code == events.RIGHT:
            self.cmd = (self.cmd + 1) % len(self.cmds)
            self.touch(COMMAND)
        elif code == events.PRESS:
            self._execute(now)

    def _draw_event(self, code, now):
        """Your draw (stud.ui.screens.draw): the cursor, the marks, then DRAW, AUTO or HINT."""
        chosen = self.discard.event(code)
        self.touch()
        if chosen is None:
            return
        view = SeatView(self.hand, 0)
        if chosen == HINT:
            self.discard.suggest(bots.draw(view, "balanced", self.help_rng, 2 * self.samples,
                                           self.budget_ms))
            return
        self.cmd_done = self.word(chosen)
        if chosen == AUTO:
            chosen = bots.auto(view, self.help_rng, self.samples, self.budget_ms)
        self.your_turn = False
        self.switch(self.table)
        self._act(chosen, now)

    # ---- the session -----------------------------------------------------------------
    def _update(self, now):
        screen = self.screen
        if screen is self.table:
            if self.beat or self.beats:
                self._run_beats(now)
            phase = self.phase
            if phase == HAND:
                if not self.beat and not self.beats:
                    self._turn(now)
            elif phase == SHOW:
                self._show(now)
            if self.msg is not None or self.msgs:
                self._messages(now)
        elif screen is self.title:
            if self.session.demo:
                self._demo_title(now)
        self._idle(now)
        busy = self._is_busy()
        if busy != self.busy:
            self.busy = busy
            self.touch(COMMAND)     # your command shows only while nothing animates

    def _is_busy(self):
        if self.screen is not self.table or self.phase != HAND:
            return False
        if self.beat or self.beats:
            return True
        h = self.hand
        return h.to_act is not None and self.session.computer_plays(h)

    def _turn(self, now):
        h = self.hand
        if h.to_act is None:
            return
        if self.session.computer_plays(h):
            word, _ = self.session.bot_decision(h, self.bot_rng, self.samples, self.budget_ms)
            self._act(word, now)
        elif not self.your_turn:
            self._start_turn()

    def _deal(self, now):
        s = self.session
        self._apply_pending()
        self.hand = h = s.deal(rng=self.rng)
        self.hands_dealt += 1
        positions = s.positions()
        seat_of = [-1, -1, -1, -1]
        for k in range(len(positions)):
            seat_of[positions[k]] = k
        self.seat_of = seat_of
        self.pos_of = positions
        self.shown = bytearray(h.n)
        kinds = "".join([k for k in h.game["streets"] if k != "draw"])
        self.ups_at = bytes([kinds[:c].count("u") for c in range(len(kinds) + 1)])
        self.view = SeatView(h, 0)
        self.phase = HAND
        self.your_turn = False
        self.cmd_done = None
        self.hint_a = self.hint_b = None
        self.result_a = self.result_b = None
        self.winners = 0
        self.flash_seat = -1
        self.fresh = 0
        self.dealer_pos = positions[h.dealer] if h.game["open"] == "dealer" else -1
        for notice in s.take_notices():
            self.msgs.append(notice)
        self.beats = [(_DEAL, -1, None)]
        for street, seat, word, chips in h.history:
            if word == "bringin":
                self.beats.append((_FLASH, seat, FORCED))
        if h.to_act is None:    # all in on the antes: every card is dealt, then the showdown
            self.beats.append((_END, -1, None))
        if self.log is not None:
            self.log("HAND %d%s: %s" % (self.hands_dealt, " (DEMO)" if s.demo else "",
                                        " ".join(["%s %d" % (s.names[p], s.chips[p])
                                                  for p in positions])))
        self.switch(self.table)

    def _act(self, word, now):
        h = self.hand
        seat = h.to_act
        h.act(word)
        self.view = v = SeatView(h, 0)
        self.hint_a = self.hint_b = None
        if seat == 0 and word.startswith("draw"):
            from stud.ui.screens.draw import marks_of
            self.fresh = marks_of(word)     # your new cards, in inverse until you act again
        self.beats.append((_FLASH, seat, self.word(word)))
        for s in range(h.n):
            if not v.folded[s] and self.shown[s] < len(v.up[s]) + v.hidden[s]:
                self.beats.append((_DEAL, -1, None))
                break
        if h.to_act is None:
            self.beats.append((_END, -1, None))
        if word.partition(":")[0] in _WAGERS:
            self._sound("bet")
        if self.log is not None:
            self.log("  %s %s" % (self.session.names[self._position(seat)], self.word(word)))
        self.touch()

    def _position(self, seat):
        return self.session.positions()[seat]

    def _start_turn(self):
        h = self.hand
        legal = h.legal()
        if legal == ["draw"]:
            self._start_draw(h)
            return
        cmds = []
        for word in ORDER + tuple([w for w in legal if w not in ORDER]):
            if word not in legal:
                continue
            sizes = h.amounts(word) if word in _WAGERS else ()
            if len(sizes) > 1:          # a choice of sizes: one command each ("bet:10")
                for size in sizes:
                    cmds.append("%s:%d" % (word, size))
            else:
                cmds.append(word)
        cmds.append(AUTO)
        beaten = legal == ["show", "muck"]
        if beaten:      # casino showdown: your hand does not beat the best one shown
            self.hint_a = "SHOW OR MUCK"
            self.hint_b = "YOUR HAND IS BEATEN"
        else:
            cmds.append(HINT)
        self.cmds = cmds
        self.cmd_amounts = [self.amount(c) for c in cmds]
        self.cmd_words = [self.word(c) for c in cmds]
        # Start on the safe choice: CHECK when free, else CALL, never PASS by accident
        # (a beaten hand: MUCK, as the opponents always do).
        self.cmd = cmds.index("check") if "check" in cmds else (
            cmds.index("call") if "call" in cmds else (cmds.index("muck") if beaten else 0))
        self.your_turn = True
        self.touch()

    def _start_draw(self, h):
        """Seed 004's draw on its own screen: mark up to three cards, then DRAW."""
        if self.draw_screen is None:        # the stud games never load it
            from stud.ui.screens.draw import Draw, Discard
            self.draw_screen = Draw()
            self.discard = Discard()
        other = self.session.names[self.pos_of[1]]
        info = other + " DRAWS AFTER YOU"
        for street, seat, word, marks in h.history:
            if word == "draw" and seat != 0:
                info = "%s DREW %d" % (other, len(marks)) if marks else other + " STOOD PAT"
        self.discard.start(h.down_cards(0), h.game.get("max_draw", 5), info)
        self.cmds = ["draw", AUTO, HINT]       # what the draw screen offers
        self.cmd_amounts = [0, 0, 0]
        self.cmd_words = [self.word(c) for c in self.cmds]
        self.cmd = 0
        self.your_turn = True
        self.switch(self.draw_screen)

    def amount(self, command):
        """Chips the command puts in now (shown next to it), 0 for none."""
        h = self.hand
        seat = h.to_act
        word, _, size = command.partition(":")
        if word == "call":
            return min(h.to_call(seat), h.stacks[seat])
        if word in _WAGERS:
            size = int(size) if size else h.amounts(word)[0]
            return min(h.to_call(seat) + size, h.stacks[seat])
        if word == "bringin":
            return min(h.game["bringin"], h.stacks[seat])
        return 0

    def _execute(self, now):
        word = self.cmds[self.cmd]
        view = SeatView(self.hand, 0)
        if word == HINT:
            advice, chance = bots.hint(view, self.help_rng, 2 * self.samples, self.budget_ms)
            self.hint_a = "HINT: " + self.word(advice)
            self.hint_b = "YOUR CHANCE TO WIN %d%%" % ((chance + 5) // 10)
            self.touch()
            return
        self.cmd_done = self.word(word)
        if word == AUTO:
            word = bots.auto(view, self.help_rng, self.samples, self.budget_ms)
        self.your_turn = False
        if self.fresh:
            self.fresh = 0
            self.touch(cards_bit(0))
        self._act(word, now)

    # ---- animations -------------------------------------------------------------------
    def _run_beats(self, now):
        while True:
            beat = self.beat
            if beat == _FLASH:
                if self.ticks_diff(now, self.beat_start) < FLASH_MS[self.speed]:
                    return
                self.touch(label_bit(self.pos_of[self.flash_seat]) | COMMAND)
                self.flash_seat = -1
                self.flash_word = None
                self.cmd_done = None
            elif beat == _DEAL:
                if not self._deal_step(now):
                    return
            self.beat = _NONE
            if not self.beats:
                return
            beat, seat, word = self.beats.pop(0)
            self.beat = beat
            self.beat_start = now
            if beat == _FLASH:
                self.flash_seat = seat
                self.flash_word = word
                self.touch(label_bit(self.pos_of[seat]))
            elif beat == _DEAL:
                self._sound("deal")
            elif beat == _END:
                self.beat = _NONE
                self._end_hand(now)
                return

    def _deal_step(self, now):
        """Show the next card dealt; True when every card dealt is on screen."""
        ms = DEAL_MS[self.speed]
        v = self.view
        shown = self.shown
        while True:
            best = -1
            for s in range(v.n):
                if not v.folded[s] and shown[s] < len(v.up[s]) + v.hidden[s]:
                    if best < 0 or shown[s] < shown[best]:
                        best = s
            if best < 0:
                return True
            if ms and self.ticks_diff(now, self.beat_start) < ms:
                return False
            shown[best] += 1
            self.beat_start = now
            self.touch(cards_bit(self.pos_of[best]))
            if ms:
                return False

    def _end_hand(self, now):
        h = self.hand
        s = self.session
        r = h.result
        names = s.names
        positions = s.positions()
        shown = r["shown"]
        won = h.won()
        winners = [k for k in range(h.n) if won[k] > 0]
        self.winners = 0
        for k in winners:
            self.winners |= 1 << k
        for k in range(h.n):
            if k in shown:
                self.show_names[k] = shown[k]["name"].split(",")[0]
                best = shown[k]["best"]
                rest = bytes([c for c in shown[k]["cards"] if c not in best])
                self.show_cards[k] = best + rest
            else:
                self.show_names[k] = MUCKED if k in r.get("mucked", ()) else None
                self.show_cards[k] = None       # a mucked hand is never revealed
        if not winners:     # draw5: an exact tie leaves the pot for the next hand
            k = min(shown) if shown else 0
            self.result_a = TIE
        elif len(winners) == 1:
            k = winners[0]
            self.result_a = "%s %s %d" % (names[positions[k]], "WIN" if k == 0 else "WINS",
                                          won[k])
        else:
            k = winners[0]
            self.result_a = "SPLIT POT %d" % sum(won)
        self.result_b = shown[k]["name"] if k in shown else "THE OTHERS PASSED"
        self.last_line = self.result_a
        if self.log is not None:
            self.log("  %s - %s" % (self.result_a, self.result_b))
            for k in sorted(shown):
                self.log("    %s %s" % (names[positions[k]], shown[k]["name"]))
        s.settle(h)
        _persist.hand_done(self, h)     # recorded, counted, saved (not a demo hand)
        for notice in s.take_notices():
            self.msgs.append(notice)
            self._note("  " + notice)
        if not s.demo:
            self._sound("win" if self.winners & 1 else "lose")
        self.phase = SHOW
        self.your_turn = False
        self.show_start = now
        self.blink_start = now
        self.blink = 1
        self.touch()

    def _show(self, now):
        speed = self.speed
        if self.ticks_diff(now, self.show_start) >= SHOW_MS[speed]:
            self._after_show(now)
        elif self.ticks_diff(now, self.blink_start) >= BLINK_MS[speed]:
            self.blink ^= 1
            self.blink_start = now
            self.touch(0x0F)        # the labels (the winners')

    def _after_show(self, now):
        self.phase = IDLE
        self.idle_cmd = 0
        self.blink = 0
        self.touch()
        self._apply_pending()
        if self.session.demo:
            self.title_start = now
            self.switch(self.title)

    def _demo_title(self, now):
        if self.ticks_diff(now, self.title_start) >= TITLE_MS[self.speed]:
            self._deal(now)

    def _messages(self, now):
        if self.msg is not None:
            if self.ticks_diff(now, self.msg_start) < NOTICE_MS[self.speed]:
                return
            self.msg = None
            self.touch(CENTRE)
        if self.msgs and self.phase != SHOW and self.phase != SELECT:
            self.msg = self.msgs.pop(0)
            self.msg_start = now
            self.touch(CENTRE)

    # ---- words ---------------------------------------------------------------------------
    def word(self, command):
        """The screen's word for an engine word or command ("raise:10" -> "RAISE")."""
        base, sep, arg = command.partition(":")
        if base == "draw" and sep:      # a draw made: "DRAW 2", or STAND PAT
            n = len([p for p in arg.split(",") if p])
            return "DRAW %d" % n if n else PAT
        return WORDS.get(base, base.upper())

    def commands(self):
        """The commands the command line cycles through now (words of the screen)."""
        if self.phase == HAND and self.your_turn:
            return [self.word(w) for w in self.cmds]
        if self.phase == IDLE and not self.session.demo:
            return [PLAY, SEL]
        if self.phase == SELECT:
            return list(self.sel_choices)
        return []

    # ---- SEL ----------------------------------------------------------------------------
    def _start_select(self):
        self.phase = SELECT
        self.sel_pos = 1
        self.sel_names = list(self.session.names[1:])
        self.sel_choice = CHOICES.index(self.sel_names[0])
        self.touch()

    def _select_event(self, code):
        if code == events.UP:
            self.sel_choice = (self.sel_choice - 1) % len(CHOICES)
        elif code == events.DOWN:
            self.sel_choice = (self.sel_choice + 1) % len(CHOICES)
        elif code == events.LEFT:
            self.phase = IDLE           # SEL cancelled: nothing changes
        elif code == events.PRESS:
            self.sel_names[self.sel_pos - 1] = CHOICES[self.sel_choice]
            if self.sel_pos < 3:
                self.sel_pos += 1
                self.sel_choice = CHOICES.index(self.sel_names[self.sel_pos - 1])
            else:
                self._finish_select()
        self.touch()

    def _finish_select(self):
        try:
            self.session.select(self.sel_names)
        except ValueError:
            self.msgs.append("CHOOSE AN OPPONENT")   # all three OUT: nothing changes
            self.phase = IDLE
            return
        self.phase = IDLE
        self.idle_cmd = 0
        self.last_line = None
        self._names_changed()
        self._note("SEL: %s" % " ".join(self.session.names[1:]))
        _persist.save(self)

    def _names_changed(self):
        s = self.session
        self.game_title = _games.game(s.game)["title"]
        positions = s.positions()           # draw5: heads-up against the first one seated
        self.opponents_line = "YOU VS " + " ".join([s.names[p] for p in positions[1:]])
        self.seated = 0
        for p in positions:
            self.seated |= 1 << p

    # ---- the menu --------------------------------------------------------------------------
    def _open_menu(self):
        self.back = self.screen
        self.menu_index = 0
        self.menu_top = 0
        self.switch(self.menu)

    def _close_menu(self, now):
        self.beat_start = now       # an interrupted flash plays again in full
        self.show_start = now
        self.title_start = now
        if self.back is self.table:
            self._apply_pending()
        self.switch(self.back)

    def _menu_event(self, code, now):
        i = self.menu_index
        if code == events.UP or code == events.DOWN:
            i = (i + (1 if code == events.DOWN else -1)) % len(self.menu_items)
            self.menu_index = i
            if i < self.menu_top:
                self.menu_top = i
            elif i >= self.menu_top + MENU_LINES:
                self.menu_top = i - MENU_LINES + 1
        elif code == events.LEFT or code == events.RIGHT:
            self._change(i, -1 if code == events.LEFT else 1, now)
        elif code == events.PRESS:
            if i in (_M_GAME, _M_SPEED, _M_SOUND, _M_CONTRAST, _M_DEMO):
                self._change(i, 1, now)
            elif i == _M_BACK:
                self._close_menu(now)
                return
            else:
                self._open_page(i)
                return
        self.touch()

    def menu_value(self, i):
        """The value shown right of a menu item: a word, a number, or None."""
        if i == _M_GAME:
            g = self.session.game
            return GAME_NAMES.get(g, g.upper())
        if i == _M_SPEED:
            return SPEEDS[self.speed]
        if i == _M_SOUND:
            return ON_OFF[self.sound]
        if i == _M_CONTRAST:
            return self.contrast
        if i == _M_DEMO:
            return ON_OFF[1 if (self.session.demo or self.pending_demo) else 0]
        if i in (_M_STATS, _M_LAST, _M_RULES):
            return ">"
        return None

    def _change(self, i, step, now):
        if i == _M_SPEED:
            self.speed = (self.speed + step) % len(SPEEDS)
        elif i == _M_SOUND:
            self.sound ^= 1
        elif i == _M_CONTRAST:
            self.contrast = min(CONTRAST_LEVELS, max(1, self.contrast + step))
            self.display.contrast(self._contrast_value())
        elif i == _M_DEMO:
            self._toggle_demo(now)
        elif i == _M_GAME:
            self._change_game(step)
        else:
            return
        self.menu_version += 1
        self.touch()
        _persist.save(self)             # settings and the table survive a power cut

    def _contrast_value(self):
        return self.contrast * 32 - 1

    def _toggle_demo(self, now):
        s = self.session
        if s.demo:
            # Demo hands cost nothing: drop the one running and give you your game back.
            s.toggle_demo()
            self._abandon_hand()
            self.back = self.table
            self._note("DEMO OFF")
        elif self.pending_demo:
            self.pending_demo = False
        elif self.phase == HAND or self.phase == SHOW:
            self.pending_demo = True        # your hand is played out first
        else:
            s.toggle_demo()
            self._abandon_hand()
            self.back = self.title
            self.title_start = now
            self._note("DEMO ON")

    def _apply_pending(self):
        if self.pending_demo and self.phase == IDLE:
            self.pending_demo = False
            self.session.toggle_demo()
            self._note("DEMO ON")

    def _change_game(self, step):
        keys = playable_games()
        if len(keys) < 2 or self.session.game not in keys:
            return
        i = (keys.index(self.session.game) + step) % len(keys)
        if self.session.demo:
            self.session.toggle_demo()
        self.pending_demo = False
        self._abandon_hand()
        self.session.set_game(keys[i])      # each game keeps its own chips
        self._names_changed()

    def _abandon_hand(self):
        self.hand = None
        self.phase = IDLE
        self.idle_cmd = 0
        self.beats = []
        self.beat = _NONE
        self.flash_seat = -1
        self.your_turn = False
        self.cmd_done = None
        self.hint_a = self.hint_b = None
        self.msg = None
        if self.back is self.draw_screen:
            self.back = self.table          # the draw it showed is gone with the hand

    def _new_game(self):
        s = self.session
        if s.demo:
            s.toggle_demo()
        self.pending_demo = False
        self._abandon_hand()
        s.select(s.names[1:])       # everyone back to 999; the opponents forget you
        s.take_notices()
        self.last_line = None
        self.msgs = ["NEW GAME"]
        self._names_changed()
        self._note("NEW GAME")
        _persist.save(self)

    # ---- pages: stats, last hands, rules, new game? --------------------------------------
    def _open_page(self, i):
        self.page_kind = i
        self.page_no = 0
        self._fill_page()
        self.switch(self.page)

    def _fill_page(self):
        i = self.page_kind
        self.page_hint = "PRESS: BACK"
        if i == _M_STATS:
            _pages.fill_stats(self)         # lifetime stats, from the save
        elif i == _M_LAST:
            _pages.fill_last(self)          # the saved hands, newest first
        elif i == _M_RULES:
            rules = self._rules()
            page = rules[self.page_no]
            self.page_title = page[0]
            self.page_hint = "%d/%d" % (self.page_no + 1, len(rules))
            self.page_lines = list(page[1:]) + ["", "UP/DOWN: PAGE  PRESS: BACK"]
        else:
            self.page_title = "NEW GAME?"
            self.page_lines = ["EVERYONE STARTS AGAIN WITH",
                               "999 CHIPS; THE OPPONENTS",
                               "FORGET HOW YOU PLAY.",
                               "",
                               "PRESS: YES, NEW GAME",
                               "LEFT OR HOLD: NO"]
            self.page_hint = None

    def _rules(self):
        """RULES for the game in play: the cartridge's pages, or the game's own
        (stud.core.rulebook) and then the controls page."""
        game = self.session.game
        if game == "tandy7":
            return RULES
        from stud.core.rulebook import pages
        return pages(game) + RULES[-1:]

    def _page_event(self, code, now):
        i = self.page_kind
        if i == _M_RULES and code in (events.UP, events.DOWN, events.LEFT, events.RIGHT):
            step = -1 if code in (events.UP, events.LEFT) else 1
            self.page_no = (self.page_no + step) % len(self._rules())
            self._fill_page()
            self.touch()
            return
        if i == _M_LAST and _pages.last_event(self, code):
            self.touch()
            return
        if i == _M_NEW:
            if code == events.PRESS:
                self._new_game()
                self.back = self.table
                self._close_menu(now)
            elif code == events.LEFT:
                self.switch(self.menu)
            return
        if code == events.PRESS or code == events.LEFT:
            self.switch(self.menu)

    # ---- the panel: dim, sleep, wake ----------------------------------------------------
    def _idle(self, now):
        if self.dim == 2:
            return
        quiet = self.ticks_diff(now, self.last_input)
        if self.dim == 0 and quiet >= DIM_AFTER_MS:
            self.dim = 1
            self.display.contrast(DIM_CONTRAST)
        elif self.dim == 1 and quiet >= SLEEP_AFTER_MS:
            self.dim = 2
            self.display.power(False)

    def _wake(self):
        if self.dim == 2:
            self.display.power(True)
        self.display.contrast(self._contrast_value())
        self.dim = 0

    # ---- sound and log ------------------------------------------------------------------
    def _sound(self, name):
        if self.sound and self.buzzer is not None:
            self.buzzer.play(name)

    def _note(self, text):
        if self.log is not None:
            self.log(text)


def playable_games():
    """Games the menu offers, in the menu's order: all four (draw5's draw has its own
    screen, stud.ui.screens.draw)."""
    return list(_games.ORDER)

