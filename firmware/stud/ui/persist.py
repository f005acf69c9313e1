"""The app's side of "nothing is ever lost": when the save file is read and written,
what the player is told, and what happens when something goes wrong.

stud.save.store writes the file (atomic, checksummed), stud.save.record keeps a hand in a
few dozen bytes, stud.save.stats counts; this module decides when:

  boot         the save is loaded; the table, the chips of every game, the
               opponents' models of you, the settings and the stats come back.
               A damaged file has been set aside by the store: defaults are used
               and a notice page says so (and the console, print()).
  a hand       that is not a demo hand is recorded (stud.save.record, with the seat
               names), counted (stud.save.stats) and the file written.
  settings     a menu change, SEL, a new game: the file is written.

`Keeper.saved` always mirrors the table as it was last settled, with or without
a store (no store: nothing is written, but LAST HANDS and STATS still work).

A save that cannot be written never stops the game: the reason is said once
(CircuitPython's drive is read-only to the board while USB has it mounted).

An unexpected exception in the loop (App.tick) comes to crashed(): it is
appended to a small log file next to the save (ERR_NAME, the newest ERR_CAP
bytes kept, through the store's files object so tests can fake it), printed on
the console and shown as an error page.  PRESS goes on: the hand is abandoned
and the table comes back between hands, as last saved (the chips as settled
before the hand).  Nothing here runs in the loop's normal path.
"""
import gc
import sys

from stud.save import record
from stud.save import store as _store
from stud.ui.screens.pages import wrap, ROWS
from stud.ui.screens.table import HAND

ERR_NAME = "stud.err"
ERR_CAP = 4096          # bytes of the error log kept (the newest)
CRASHES_FOR_NEW_GAME = 3  # errors in a row with no hand finished in between: start afresh
KIND_NOTICE = 0
KIND_ERROR = 1
PREFIX = "Pocket Stud: "


class Keeper:
    """The save as the app holds it: the store (or None), what it holds, the error log."""

    def __init__(self, store=None, err_path=None):
        self.store = store
        self.saved = _store.Saved()
        self.said = []          # messages already told to the player (each is said once)
        self.crashes = 0        # errors since the last hand finished
        self.errors = 0         # errors since boot
        self.last_error = None  # (type name, message) of the newest
        self.last_trace = None  # its traceback, as text
        if err_path is None and store is not None:
            path = store.path
            cut = path.rfind("/")
            err_path = path[:cut + 1] + ERR_NAME
        self.err_path = err_path

    @property
    def files(self):
        return self.store.files if self.store is not None else None

    def load(self):
        """Read the save into self.saved; (found, message for the player or None)."""
        st = self.store
        if st is None:
            return False, None
        try:
            saved, message = st.load()
        except Exception as e:     # a flaky drive, no heap left: play on with defaults
            saved, message = _store.Saved(), "SAVE NOT READ (%s): NEW GAME" % short(e)
        self.saved = saved
        return bool(saved.chips), message   # every save the app writes holds chips

    def write(self):
        """Write self.saved; a message for the player, or None."""
        if self.store is None:
            return None
        try:
            return self.store.save(self.saved)
        except Exception as e:     # a full drive, a pulled card, no heap: the game goes on
            return "SAVING FAILED (%s)" % short(e)

    def log_error(self, text):
        """Append text to the error log, keeping the newest ERR_CAP bytes; True if written."""
        files = self.files
        if files is None or self.err_path is None:
            return False
        try:
            old = files.read(self.err_path) or b""
            data = bytes(old) + text.encode()
            if len(data) > ERR_CAP:
                data = data[len(data) - ERR_CAP:]
                cut = data.find(b"\n---")
                if cut < 0:
                    cut = data.find(b"\n")
                if 0 <= cut < len(data) - 1:
                    data = data[cut + 1:]   # whole entries (or at least whole lines)
            files.write(self.err_path, data)
            return True
        except Exception:                   # read-only, full: the console still has it
            return False


class Guard:
    """`with app.guard:` around a tick's work: an Exception escaping it goes to
    crashed() instead of ending the loop (KeyboardInterrupt and SystemExit pass).
    A with-statement, because `except Exception as e` makes MicroPython take the
    function's call frame from the heap on every call, exception or not."""

    def __init__(self, app):
        self.app = app

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if kind is None or not isinstance(value, Exception):
            return False
        app = self.app
        crashed(app, value, app.ticks_ms())
        return True


# ---- boot --------------------------------------------------------------------------------

def boot(app):
    """Load the save into the app (table, settings, stats); tell the player what went wrong."""
    k = app.persist
    found, message = k.load()
    if found:
        try:
            _apply(app, k.saved)
        except Exception as e:             # it reads, but does not fit this firmware
            k.saved = _store.Saved()
            message = "SAVE NOT USABLE (%s): NEW GAME" % short(e)
            _fresh(app.session)
    _capture(app)
    app._names_changed()
    if message is not None:
        print(PREFIX + message)
        notice(app, "SAVE FILE", message)


def _apply(app, saved):
    s = app.session
    _store.restore(saved, s)
    games = _playable()
    if games and s.game not in games:
        s.set_game(games[0])               # a game this firmware cannot show yet
    if s.demo:                             # demo hands: your own chips wait for you
        s._saved_chips = (list(s.chips), s.carry)
    app.speed = min(saved.speed, 3)
    app.sound = saved.sound & 1
    app.contrast = max(1, min(8, (saved.contrast + 1) // 32))
    app.display.contrast(app._contrast_value())


def _playable():
    from stud.ui import app as _app          # (imported by now: the app imports this module)
    f = getattr(_app, "playable_games", None)
    return f() if f is not None else None


def _fresh(session):
    session.demo = False
    session.select(("SID", "JOE", "HAL"))


def _capture(app):
    saved = app.persist.saved
    s = app.session
    _store.capture(saved, s)
    real = getattr(s, "_saved_chips", None)
    if s.demo and real is not None:        # demo hands play with chips of their own
        saved.chips[s.game] = list(real[0])
        saved.carry[s.game] = real[1]
    saved.speed = app.speed
    saved.sound = app.sound
    saved.contrast = app._contrast_value()


# ---- writing ------------------------------------------------------------------------------

def save(app):
    """The table or a setting changed: keep it (written if there is a store)."""
    try:
        _capture(app)
    except Exception as e:
        _say(app, "SAVING FAILED (%s)" % short(e))
        return
    message = app.persist.write()
    if message is not None:
        _say(app, message)


def hand_done(app, hand):
    """A hand was settled: record it, count it, save (demo hands are not kept)."""
    k = app.persist
    k.crashes = 0
    s = app.session
    if s.demo:
        return
    names = [s.names[p] for p in s.positions()]
    start = hand.stacks[0] - hand.result["amounts"][0] + hand.total[0]
    k.saved.stats.add(hand, names, start)
    try:
        k.saved.add_hand(record.encode(hand, names))
    except ValueError:                     # a hand beyond a record's byte counts: counted, not kept
        print(PREFIX + "a hand too big to record was not kept")
    save(app)


def _say(app, message):
    """Tell the player once (a notice page) and the console."""
    k = app.persist
    if message in k.said:
        return
    k.said.append(message)
    print(PREFIX + message)
    notice(app, "SAVING", message)


# ---- notice and error pages --------------------------------------------------------------

def notice(app, title, message, back=None):
    """A page of text over whatever is on screen; PRESS goes back to it."""
    if app.screen is app.alert and app.alert_kind == KIND_ERROR:
        return                             # an error page stays until it is answered
    if app.screen is not app.alert:
        app.alert_back = back if back is not None else app.screen
    app.alert_kind = KIND_NOTICE
    app.alert_title = title
    app.alert_hint = None
    app.alert_lines = wrap(message) + ["", "PRESS TO CONTINUE"]
    app.busy = False
    app.switch(app.alert)


def crashed(app, e, now):
    """An exception escaped the loop: log it, print it, show it; never freeze."""
    k = app.persist
    k.errors += 1
    if app.screen is app.alert and app.alert_kind == KIND_ERROR:
        return                             # the error page itself failed: it is logged already
    k.crashes += 1
    app.alert_kind = KIND_ERROR
    app.alert_title = "SOMETHING WENT WRONG"
    app.alert_hint = None
    app.alert_lines = ["", "PRESS TO CONTINUE"]
    app.busy = False
    try:
        if isinstance(e, MemoryError):
            gc.collect()
        app.alert_lines = _error_lines(app, e, now)
    except Exception:                      # not even the words fit in the heap: the bare page
        pass
    app.switch(app.alert)
    try:
        app.render()                       # this very frame, not the half-drawn one
    except Exception:
        pass


def _error_lines(app, e, now):
    k = app.persist
    name = type(e).__name__
    k.last_error = (name, str(e))
    text = _traceback(e)
    k.last_trace = text
    print(PREFIX + "something went wrong; press to continue")
    print(text)
    in_hand = app.phase == HAND and app.hand is not None
    logged = k.log_error("--- error %d at %d ms, %d hands saved%s\n%s"
                         % (k.errors, now, k.saved.stats.hands,
                            " (in a hand)" if in_hand else "", text))
    lines = wrap(spaced(name) + ": " + str(e), rows=4)
    lines.append("")
    if in_hand:
        lines.append("THE HAND IS CALLED OFF.")
    if logged:
        lines.append("NOTED IN " + k.err_path.upper())
    lines.append("PRESS TO CONTINUE")
    return lines[-ROWS:] if len(lines) > ROWS else lines


def alert_event(app, code, now):
    """PRESS (or a long press) answers the page on screen."""
    from stud.core.events import PRESS, LONG_PRESS
    if code != PRESS and code != LONG_PRESS:
        return
    if app.alert_kind == KIND_ERROR:
        recover(app, now)
        return
    back = app.alert_back if app.alert_back is not None else app.title
    app.beat_start = now                   # an interrupted flash or showdown plays in full
    app.show_start = now
    app.title_start = now
    app.switch(back)


def recover(app, now):
    """After an error: no hand, the table as last saved, between hands."""
    k = app.persist
    s = app.session
    app._abandon_hand()
    try:
        if k.crashes >= CRASHES_FOR_NEW_GAME:
            raise ValueError("errors in a row")
        demo = s.demo
        _store.restore(k.saved, s)
        if demo:
            s._saved_chips = (list(s.chips), s.carry)
    except Exception:                      # the last save would not do: a new game
        _fresh(s)
        k.crashes = 0
        app.msgs.append("NEW GAME")
    app.pending_demo = False
    app.last_line = None
    app._names_changed()
    app.beat_start = now
    app.title_start = now
    if s.demo:
        app.switch(app.title)
    else:
        app.switch(app.table)


# ---- words --------------------------------------------------------------------------------

def short(e):
    """An exception as a few words: its type, or its message when it has one."""
    text = str(e)
    if not text or len(text) > 40:
        return spaced(type(e).__name__)
    return text


def spaced(name):
    """'ZeroDivisionError' -> 'ZERO DIVISION ERROR' (the small font has capitals only)."""
    out = []
    for i in range(len(name)):
        ch = name[i]
        if i and "A" <= ch <= "Z" and "a" <= name[i - 1] <= "z":
            out.append(" ")
        out.append(ch)
    return "".join(out).upper()


def _traceback(e):
    try:
        import io
        buf = io.StringIO()
        pe = getattr(sys, "print_exception", None)
        if pe is not None:
            pe(e, buf)                     # MicroPython
        else:
            import traceback
            traceback.print_exception(type(e), e, e.__traceback__, file=buf)
        return buf.getvalue()
    except Exception:
        return "%s: %s\n" % (type(e).__name__, e)
