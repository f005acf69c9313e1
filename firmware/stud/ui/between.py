"""Between hands: SEL (choosing the opponents, position by position) and what the menu
changes at the table (DEMO, GAME, NEW GAME); the demo's one input (RIGHT, PRESS);
casino stud's showdown up to your SHOW or MUCK; and at boot, the hand in play when the
power went (all rare, so kept out of the heap too).  Functions of the table's state
(stud.ui.tablestate's TableState, `st`) and the loop's verbs (`ui`), loaded when one of them
is wanted - by the table (stud.ui.hand), the menu (stud.ui.menu) or its pages
(stud.ui.page), the loop at boot - and dropped after (stud.core.lazy): none of it is in
the heap while a hand is played.  What the menu changes shows when the table is on top
again (st.on_title: the title page or the table).
"""
from stud.core import events
from stud.play.session import CHOICES
from stud.ui import beats
from stud.core.actions import DRAW
from stud.ui.screens import in_order_of, DREW
from stud.ui.tablestate import IDLE, SELECT, HAND, SHOW, END


def start_select(ui, st):
    st.phase = SELECT
    st.sel_pos = 1
    st.sel_names = list(st.session.names[1:])
    st.sel_choice = CHOICES.index(st.sel_names[0])
    ui.touch()


def select_event(ui, st, code):
    if st.sel_pos > 3:            # the last question: every game starts again (SEL_WARN)
        if code == events.PRESS:
            finish_select(ui, st)
        elif code == events.LEFT:
            st.phase = IDLE       # SEL cancelled: nothing changes
        ui.touch()
        return
    if code == events.UP:
        st.sel_choice = (st.sel_choice - 1) % len(CHOICES)
    elif code == events.DOWN:
        st.sel_choice = (st.sel_choice + 1) % len(CHOICES)
    elif code == events.LEFT:
        st.phase = IDLE           # SEL cancelled: nothing changes
    elif code == events.PRESS:
        st.sel_names[st.sel_pos - 1] = CHOICES[st.sel_choice]
        if st.sel_pos < 3:
            st.sel_pos += 1
            st.sel_choice = CHOICES.index(st.sel_names[st.sel_pos - 1])
        else:
            st.sel_pos = 4        # ask before every game starts again (SEL_WARN)
    ui.touch()


def finish_select(ui, st):
    try:
        st.session.select(st.sel_names)
    except ValueError:
        st.msgs.append("CHOOSE AN OPPONENT")   # all three OUT: nothing changes
        st.phase = IDLE
        return
    st.phase = IDLE
    st.idle_cmd = 0
    st.last_line = None
    st.names_changed()
    ui.note("SEL: %s" % " ".join(st.session.names[1:]))
    ui.save()


def toggle_demo(ui, st, now):
    """DEMO in the menu: the demo goes to the title page, its end to the table."""
    s = st.session
    if s.demo:
        # Demo hands cost nothing: drop the one running and give you your game back,
        # with none of the demo's words (its last result, its notices) on your table.
        s.toggle_demo()
        st.abandon(ui)
        s.take_notices()
        st.msgs = []
        st.last_line = None
        ui.note("DEMO OFF")
        st.on_title = False
    elif st.pending_demo:
        st.pending_demo = False
    elif st.phase == HAND or st.phase == SHOW:
        st.pending_demo = True        # your hand is played out first
    else:
        s.toggle_demo()
        st.abandon(ui)
        st.title_start = now
        ui.note("DEMO ON")
        st.on_title = True


def set_game(ui, st, name, now):
    """GAME in the menu: the hand is dropped; each game keeps its own chips.  The demo
    goes on in the new game (browsing the games does not end it), and the new game's
    table starts clean: no result or notice of the game left."""
    s = st.session
    demo = s.demo or st.pending_demo  # (asked for after your hand: that hand is gone)
    st.pending_demo = False
    if s.demo:
        s.toggle_demo()               # your chips of this game back in place, then
    st.abandon(ui)
    st.last_line = None
    st.msgs = []
    st.title_start = now
    s.set_game(name)
    if demo:
        s.toggle_demo()               # the demo again, over the new game's chips
        st.on_title = True              # ... on the title page
    st.names_changed()
    st.release_draw()              # (your draw, if shown, goes when it is on top again)


def new_game(ui, st):
    """NEW GAME?: everyone back to the first stack; the opponents forget you."""
    s = st.session
    if s.demo:
        s.toggle_demo()
    st.pending_demo = False
    st.abandon(ui)
    s.select(s.names[1:])
    s.take_notices()
    st.last_line = None
    st.msgs = ["NEW GAME"]
    st.on_title = False
    st.names_changed()
    ui.note("NEW GAME")
    ui.save()


def demo(ui, st, now):
    """RIGHT on the title page or between hands starts the demo; PRESS or RIGHT in the
    demo ends it (seed 000's D key) and gives you your table back."""
    toggle_demo(ui, st, now)
    ui.save()


def reveal_so_far(ui, st, h):
    """Casino stud, your turn to SHOW or MUCK (seeds 002, 003): the hands shown before
    yours - the last aggressor's first, then clockwise - are face up and named, the
    hands mucked before yours say MUCK."""
    shown, mucked = h.revealed()
    for k in shown:
        hand = shown[k]
        st.show_names[k] = hand["name"].split(",")[0]
        st.show_cards[k] = in_order_of(hand)
    for k in mucked:
        st.show_names[k] = beats.MUCKED
    ui.touch()


def resume_hand(hands, h):
    """Boot: the hand in play when the power went (stud.save.resume) goes on where it
    stood, its cards on the table; one its last action ended is settled now."""
    st = hands.state
    hands.seat(h)
    for s in range(h.n):
        st.shown[s] = len(st.view.up[s]) + st.view.hidden[s]
    for street, seat, word, marks in h.history:
        if word == DRAW:
            st.drew[seat] = DREW[len(marks)]
    if h.to_act is None:
        st.beats = [(END, -1, None)]
