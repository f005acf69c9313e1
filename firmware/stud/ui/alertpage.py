"""The notice and error pages over the game (stud.ui.alerts loads this module when one
opens and drops it when it is answered): what they say, and what PRESS does.

A notice goes back to what it covered; an error page (an exception escaped the
loop) is logged by the keeper (stud.save.keeper), and PRESS abandons the hand
and brings back the table as last saved, between hands.  Drawn as the Alert page
of stud.ui.screens.menu from the alerts' Notice state.
"""
import gc

from stud.core import events
from stud.save.keeper import spaced
from stud.core import lazy

KIND_NOTICE = 0         # (the Notice's kind: stud.ui.alerts)
KIND_ERROR = 1


def notice(alerts, title, message):
    """A page of text over whatever is on screen; PRESS goes back to it."""
    ui = alerts.ui
    a = alerts.state
    if alerts.showing():
        if a.kind == KIND_ERROR:
            return                     # an error page stays until it is answered
    else:
        a.back = ui.here()
    a.kind = KIND_NOTICE
    a.title = title
    a.hint = None
    a.lines = lazy.load("stud.ui.screens.text").wrap(message) + ["", "PRESS TO CONTINUE"]
    ui.hands.calm()
    _show(alerts)


def _show(alerts):
    if alerts.screen is None:
        alerts.screen = lazy.load("stud.ui.screens.menu").Alert()
    alerts.ui.switch(alerts.screen, alerts.state)


def crashed(alerts, e, now):
    """An exception escaped the loop: log it, print it, show it; never freeze."""
    ui = alerts.ui
    k = alerts.keeper
    a = alerts.state
    k.errors += 1
    if alerts.showing() and a.kind == KIND_ERROR:
        return                         # the error page itself failed: it is logged already
    k.crashes += 1
    a.kind = KIND_ERROR
    a.title = "SOMETHING WENT WRONG"
    a.hint = None
    a.lines = ["", "PRESS TO CONTINUE"]
    ui.hands.calm()
    try:
        if isinstance(e, MemoryError):
            gc.collect()
        a.lines = _error_lines(alerts, e, now)
    except Exception:                  # not even the words fit in the heap: the bare page
        pass
    try:
        _show(alerts)
        ui.render()                    # this very frame, not the half-drawn one
    except Exception:                  # no heap for the page: straight back to the table
        recover(alerts, now)


def _error_lines(alerts, e, now):
    text = lazy.load("stud.ui.screens.text")
    in_hand = alerts.ui.hands.in_hand()
    logged = alerts.keeper.crashed(e, now, in_hand)
    lines = text.wrap(spaced(type(e).__name__) + ": " + str(e), rows=4)
    lines.append("")
    if in_hand:
        lines.append("THE HAND IS CALLED OFF.")
    if logged:
        lines.append("NOTED IN " + alerts.keeper.err_path.upper())
    lines.append("PRESS TO CONTINUE")
    return lines[-text.ROWS:] if len(lines) > text.ROWS else lines


def event(alerts, code, now):
    """PRESS (or a long press) answers the page on screen."""
    if code == events.PRESS or code == events.LONG_PRESS:
        answer(alerts, now)


def answer(alerts, now):
    """The page on screen is answered: a notice goes back to what it covered."""
    if alerts.state.kind == KIND_ERROR:
        recover(alerts, now)
        return
    ui = alerts.ui
    back = alerts.state.back
    ui.hands.resume(now)               # an interrupted flash or showdown plays in full
    if back is None or back[0] is None:
        _close(alerts, ui.title, ui.play)
    else:
        _close(alerts, back[0], back[1])


def recover(alerts, now):
    """After an error: no hand, the table as last saved, between hands."""
    ui = alerts.ui
    s = ui.session
    ui.hands.abandon()
    st = ui.play
    if alerts.keeper.recover(s):
        st.msgs.append("NEW GAME")
    st.pending_demo = False
    st.last_line = None
    ui.hands.names_changed()
    ui.hands.resume(now)
    _close(alerts, ui.title if s.demo else ui.table, ui.play)


def _close(alerts, screen, state):
    alerts.state.back = None
    alerts.ui.switch(screen, state)
    alerts.closed()
