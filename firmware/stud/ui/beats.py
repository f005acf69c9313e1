"""The hand's animations, one beat after another at the menu's SPEED: an action word
flashed in place of the seat's name, the cards dealt one by one, then the showdown
(every live hand named, the five that play marked, the winner blinking) and the
notices in the centre (rebuys, BUST).  Functions of the hand controller
(stud.ui.hand's Hands), writing its state (TableState).
"""
from stud.core.actions import DRAW, base, draw_positions
from stud.core.words import say
from stud.play.view import SeatView
from stud.ui.screens import in_order_of, label_bit, cards_bit, CENTRE, COMMAND, DREW
from stud.ui.tablestate import IDLE, SELECT, SHOW, NO_BEAT, FLASH, DEAL, END

# Speeds (the menu's SPEED 0..3): how long the animations take, in milliseconds.
FLASH_MS = (1500, 900, 450, 150)      # an action word in place of the seat's name
DEAL_MS = (200, 110, 50, 0)           # from one card dealt to the next
SHOW_MS = (6000, 4000, 2500, 1200)    # the showdown: hands named, the winner blinking
BLINK_MS = (400, 300, 250, 200)
NOTICE_MS = (3500, 2500, 1800, 1200)  # a notice in the centre (rebuys, BUST)
TITLE_MS = (4000, 3000, 2000, 1000)   # demo: the title page between hands

TIE = "TIE - POT STAYS"     # draw5: a tied pot waits for the next hand (seed 004)
MUCKED = "MUCK"             # a corner whose hand was mucked at a casino showdown


def run(hands, now):
    st = hands.state
    ui = hands.ui
    while True:
        beat = st.beat
        if beat == FLASH:
            if ui.ticks_diff(now, st.beat_start) < FLASH_MS[ui.settings.speed]:
                return
            ui.touch(label_bit(st.pos_of[st.flash_seat]) | COMMAND)
            st.flash_seat = -1
            st.flash_word = None
            st.cmd_done = None
        elif beat == DEAL:
            if not deal_step(hands, now):
                return
        st.beat = NO_BEAT
        if not st.beats:
            return
        beat, seat, word = st.beats.pop(0)
        st.beat = beat
        st.beat_start = now
        if beat == FLASH:
            st.flash_seat = seat
            st.flash_word = say(word)
            if base(word) == DRAW:      # draw5: the count stays in the corner, from now
                st.drew[seat] = DREW[len(draw_positions(word))]
            ui.touch(label_bit(st.pos_of[seat]))
        elif beat == DEAL:
            ui.sound("deal")
        elif beat == END:
            st.beat = NO_BEAT
            end_hand(hands, now)
            return


def deal_step(hands, now):
    """Show the next card dealt; True when every card dealt is on screen."""
    st = hands.state
    ms = DEAL_MS[hands.ui.settings.speed]
    v = st.view
    shown = st.shown
    while True:
        best = -1
        for s in range(v.n):
            if not v.folded[s] and shown[s] < len(v.up[s]) + v.hidden[s]:
                if best < 0 or shown[s] < shown[best]:
                    best = s
        if best < 0:
            return True
        if ms and hands.ui.ticks_diff(now, st.beat_start) < ms:
            return False
        shown[best] += 1
        st.beat_start = now
        hands.ui.touch(cards_bit(st.pos_of[best]))
        if ms:
            return False


def end_hand(hands, now):
    st = hands.state
    ui = hands.ui
    h = st.hand
    s = st.session
    r = h.result
    st.view = SeatView(h, 0)        # the pot goes to the winner now (stud.ui.hand's act)
    names = s.names
    positions = s.positions()
    shown = r["shown"]
    won = h.won()
    winners = [k for k in range(h.n) if won[k] > 0]
    st.winners = 0
    for k in winners:
        st.winners |= 1 << k
    for k in range(h.n):
        if k in shown:
            st.show_names[k] = shown[k]["name"].split(",")[0]
            st.show_cards[k] = in_order_of(shown[k])
        else:
            st.show_names[k] = MUCKED if k in r["mucked"] else None
            st.show_cards[k] = None       # a mucked hand is never revealed
    if not winners:     # draw5: an exact tie leaves the pot for the next hand
        k = min(shown) if shown else 0
        st.result_a = TIE
    elif len(winners) == 1:
        k = winners[0]
        st.result_a = "%s %s %d" % (names[positions[k]], "WIN" if k == 0 else "WINS",
                                    won[k])
    else:
        k = winners[0]
        st.result_a = "SPLIT POT %d" % sum(won)
    st.result_b = shown[k]["name"] if k in shown else passed(names, positions, h.n, k)
    st.last_line = st.result_a
    if ui.log is not None:
        ui.note("  %s - %s" % (st.result_a, st.result_b))
        for k in sorted(shown):
            ui.note("    %s %s" % (names[positions[k]], shown[k]["name"]))
    s.settle(h)
    st.release_draw()               # (draw5: the bots' draw is done with until the next draw)
    ui.hand_done(h)                 # recorded, counted, saved (not a demo hand)
    for notice in s.take_notices():
        st.msgs.append(notice)
        ui.note("  " + notice)
    if not s.demo:
        ui.sound("win" if st.winners & 1 else "lose")
    st.phase = SHOW
    st.your_turn = False
    st.show_start = now
    st.blink_start = now
    st.blink = 1
    ui.touch()


def passed(names, positions, n, winner):
    """An uncontested pot: who passed ("HAL PASSED" heads-up, else THE OTHERS PASSED)."""
    if n == 2:
        return names[positions[1 - winner]] + " PASSED"
    return "THE OTHERS PASSED"


def show(hands, now):
    st = hands.state
    speed = hands.ui.settings.speed
    if hands.ui.ticks_diff(now, st.show_start) >= SHOW_MS[speed]:
        after_show(hands, now)
    elif hands.ui.ticks_diff(now, st.blink_start) >= BLINK_MS[speed]:
        st.blink ^= 1
        st.blink_start = now
        hands.ui.touch(0x0F)        # the labels (the winners')


def after_show(hands, now):
    st = hands.state
    st.phase = IDLE
    st.idle_cmd = 0
    st.blink = 0
    hands.ui.touch()
    hands.apply_pending()
    if st.session.demo:
        st.title_start = now
        hands.show(True)


def demo_title(hands, now):
    if hands.ui.ticks_diff(now, hands.state.title_start) >= TITLE_MS[hands.ui.settings.speed]:
        hands.deal(now)


def messages(hands, now):
    st = hands.state
    if st.msg is not None:
        if hands.ui.ticks_diff(now, st.msg_start) < NOTICE_MS[hands.ui.settings.speed]:
            return
        st.msg = None
        hands.ui.touch(CENTRE)
    if st.msgs and st.phase != SHOW and st.phase != SELECT:
        st.msg = st.msgs.pop(0)
        st.msg_start = now
        hands.ui.touch(CENTRE)
