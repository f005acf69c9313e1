"""The table's state, as the table and the title pages (stud.ui.screens.table, .title)
and the draw screen (.draw) read it; the table (stud.ui.hand, .beats, .between) writes
it, and its changes between hands are here: no hand, the names, after an error.  Its
phases and its beats are here too: it stands under the screens that read it."""
from stud.core.compat import const
from stud.core import lazy
from stud.core.games import game as _game
from stud.play.session import CHOICES, OUT

DISCARD = "stud.play.discard"   # the bots' draw (five card draw): loaded for each draw
# The bots' code: it leaves the heap while the menu, its pages or a notice show
# (stud.ui.app) and comes back when a bot is wanted (stud.play.session.bots).  Not
# stud.play.equity's: it is native code, which a board whose native code lives in the
# heap (the RP2040) keeps for good once loaded (MicroPython tracks it as a root), so a
# dropped copy would stay and each new one add to it.
THINKING = ("stud.play.bots", DISCARD)

# The table's phases (TableState.phase), one after another round a hand.
IDLE = const(0)      # between hands: PLAY / SEL
SELECT = const(1)    # SEL: choosing the opponent for one position after another
HAND = const(2)      # a hand is being played
SHOW = const(3)      # the hand is over: showdown or uncontested win, winner flashing

# A hand's beats (TableState.beat, TableState.beats: kind, seat, word), played one after another
# while it runs (stud.ui.beats).
NO_BEAT = const(0)
FLASH = const(1)     # an action word in place of the seat's name
DEAL = const(2)      # the cards dealt, one by one
END = const(3)       # the hand is over: the showdown


class TableState:
    """The table as the screens show it: the hand, the animation, your command line."""

    def __init__(self, session, now):
        self.session = session
        self.phase = IDLE
        self.hand = None
        self.view = None        # the human's SeatView: what the table shows of the hand
        self.seat_of = [0, -1, -1, -1]   # position -> seat in the hand, -1 if not in it
        self.pos_of = [0]                # seat -> position
        self.shown = bytearray(4)        # cards of each seat dealt on screen so far
        self.seated = 1                  # positions dealt in (bits); names_changed sets it
        self.dealer_pos = -1             # draw5: the dealer's position (the button), else -1
        self.fresh = 0                   # draw5: your cards just drawn (bits), in inverse
        self.drew = [None, None, None, None]  # draw5: each seat's draw ("DRAW 2"), shown in
                                              # its corner until the hand's betting ends
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
        self.beat = NO_BEAT
        self.beat_start = now
        self.show_start = now
        self.blink_start = now
        self.title_start = now
        self.busy = False        # something animates or the computer thinks: no command
        self.pending_demo = False
        self.game_title = None
        self.opponents_line = None
        self.your_draw = None    # your draw's cursor and marks (stud.ui.yourdraw), draw5 only
        self.drawn = None        # your draw, chosen on its scene, for the table to play
        self.on_title = True     # the title page shows, not the table
        self.names_changed()

    def names_changed(self):
        """The game or the opponents changed: the title's lines, the corners dealt in."""
        s = self.session
        self.game_title = _game(s.game)["title"]
        positions = s.positions()           # draw5: heads-up against the first one seated
        self.opponents_line = "YOU VS " + " ".join([s.names[p] for p in positions[1:]])
        self.seated = 0
        for p in positions:
            self.seated |= 1 << p

    def abandon(self, ui):
        """No hand: the one running (if any) is dropped - and called off for the save
        (the loop's keep_hand: not to be resumed either) - the table is between hands."""
        if self.hand is not None:
            ui.keep_hand(None)
        self.hand = None
        self.phase = IDLE
        self.idle_cmd = 0
        self.beats = []
        self.beat = NO_BEAT
        self.flash_seat = -1
        self.your_turn = False
        self.cmd_done = None
        self.hint_a = self.hint_b = None
        self.msg = None

    def in_hand(self):
        return self.phase == HAND and self.hand is not None

    def release_draw(self):
        """The bots' draw leaves the heap once the hand is over (the next draw loads it)."""
        self.your_draw = None
        lazy.drop(DISCARD)

    def restored(self, new_game):
        """After an error, the table as last saved (stud.save.keeper): between hands."""
        if new_game:
            self.msgs.append("NEW GAME")
        self.pending_demo = False
        self.last_line = None
        self.on_title = self.session.demo
        self.names_changed()
