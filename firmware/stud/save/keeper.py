"""The save as the game holds it between writes: what is read at boot, captured after
every hand and setting, written, and what an unexpected error leaves in the log.

stud.save.store writes the file (atomic, checksummed), stud.save.record keeps a hand in
a few dozen bytes, stud.save.stats counts; the Keeper decides what goes in:

  start        the save is read; the table, the chips of every game, the opponents'
               models of you come back into the session (the settings stay in
               `saved` for the UI to take).  A damaged file has been set aside by
               the store: defaults are used and a message says so.
  hand_done    a hand that is not a demo hand is recorded (with the seat names),
               counted and captured; the UI then writes.
  capture      the table and the settings go into `saved` (the UI: after a setting,
               SEL, a new game).

`saved` always mirrors the table as it was last settled, with or without a store
(no store: nothing is written, but LAST HANDS and STATS still work).  Nothing
here knows the screen: the methods return the facts and the messages ("SAVE
DAMAGED: USING THE ONE BEFORE") and the UI (stud.ui.alerts) shows them.

A save that cannot be written never stops the game: write() returns the reason;
tell() says whether the player has heard it already (each is said once).
The error log (ERR_NAME next to the save, the newest ERR_CAP bytes, through the
store's files object so tests can fake it) takes what crashed() is given.
"""
import sys

from stud.core.words import OPPONENTS
from stud.save import store as _store

ERR_NAME = "stud.err"
ERR_CAP = 4096          # bytes of the error log kept (the newest)
CRASHES_FOR_NEW_GAME = 3  # errors in a row with no hand finished in between: start afresh
PREFIX = "Pocket Stud: "


class Keeper:
    """The store (or None), what it holds, the messages told, the error log."""

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

    # ---- reading -----------------------------------------------------------------------
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

    def start(self, session):
        """Boot: the save into the session; (restored, message for the player or None).
        When restored, saved.speed / sound / contrast are the settings to take."""
        found, message = self.load()
        if not found:
            return False, message
        try:
            self._restore(session)
            return True, message
        except Exception as e:             # it reads, but does not fit this firmware
            self.saved = _store.Saved()
            fresh(session)
            return False, "SAVE NOT USABLE (%s): NEW GAME" % short(e)

    def _restore(self, session):
        _store.restore(self.saved, session)
        if session.demo:                   # demo hands: your own chips wait for you
            session.keep_yours()

    def recover(self, session):
        """After an error: the table as last saved; True if it had to be a new game."""
        try:
            if self.crashes >= CRASHES_FOR_NEW_GAME:
                raise ValueError("errors in a row")
            self._restore(session)
            return False
        except Exception:                  # the last save would not do: a new game
            fresh(session)
            self.crashes = 0
            return True

    # ---- writing -----------------------------------------------------------------------
    def capture(self, session, speed, sound, contrast):
        """The table and the settings (contrast as the panel's 0..255) into saved."""
        saved = self.saved
        _store.capture(saved, session)
        if session.demo:                   # demo hands play with chips of their own
            chips, carry = session.yours()
            saved.chips[session.game] = list(chips)
            saved.carry[session.game] = carry
        saved.speed = speed
        saved.sound = sound
        saved.contrast = contrast

    def hand_done(self, session, hand):
        """A hand was settled: record and count it (not a demo hand); True to write."""
        self.crashes = 0
        if session.demo:
            return False
        from stud.save import record       # (the UI drops it again: stud.ui.alerts)
        names = [session.names[p] for p in session.positions()]
        start = hand.stacks[0] - hand.result["amounts"][0] + hand.total[0]
        self.saved.stats.add(hand, names, start)
        try:
            self.saved.add_hand(record.encode(hand, names))
        except ValueError:                 # a hand beyond a record's byte counts: counted, not kept
            print(PREFIX + "a hand too big to record was not kept")
        return True

    def write(self):
        """Write self.saved; a message for the player, or None."""
        if self.store is None:
            return None
        try:
            return self.store.save(self.saved)
        except Exception as e:     # a full drive, a pulled card, no heap: the game goes on
            return "SAVING FAILED (%s)" % short(e)

    def tell(self, message):
        """True the first time a message comes (the player is told each one once)."""
        if message in self.said:
            return False
        self.said.append(message)
        return True

    # ---- errors ------------------------------------------------------------------------
    def crashed(self, e, now, in_hand):
        """Note an exception: the traceback on the console and in the log; True if logged."""
        self.last_error = (type(e).__name__, str(e))
        text = traceback(e)
        self.last_trace = text
        print(PREFIX + "something went wrong; press to continue")
        print(text)
        return self.log_error("--- error %d at %d ms, %d hands saved%s\n%s"
                              % (self.errors, now, self.saved.stats.hands,
                                 " (in a hand)" if in_hand else "", text))

    def log_error(self, text):
        """Append text to the error log, keeping the newest ERR_CAP bytes; True if written."""
        files = self.files
        if files is None or self.err_path is None:
            return False
        try:
            n = _store.size_of(files, self.err_path)
            old = files.read(self.err_path) or b"" if n and n <= 2 * ERR_CAP else b""  # no huge read
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


def fresh(session):
    """A new game at the first table (a save that does not fit, errors in a row)."""
    session.demo = False
    session.select(OPPONENTS)


# ---- words --------------------------------------------------------------------------------

def short(e):
    """An exception as a few words: its type, or its message when it has one."""
    text = str(e)
    if not text or len(text) > 40:
        return spaced(type(e).__name__)
    return text


def spaced(name):
    """'ZeroDivisionError' -> 'ZERO DIVISION ERROR', 'IsADirectoryError' -> 'IS A
    DIRECTORY ERROR', 'OSError' -> 'OS ERROR' (the small font has capitals only)."""
    out = []
    n = len(name)
    for i in range(n):
        ch = name[i]
        if i and "A" <= ch <= "Z" and ("a" <= name[i - 1] <= "z" or
                                       (i + 1 < n and "a" <= name[i + 1] <= "z"
                                        and "A" <= name[i - 1] <= "Z")):
            out.append(" ")
        out.append(ch)
    return "".join(out).upper()


def traceback(e):
    try:
        import io
        buf = io.StringIO()
        pe = getattr(sys, "print_exception", None)
        if pe is not None:
            pe(e, buf)                     # MicroPython
        else:
            import traceback as tb
            tb.print_exception(type(e), e, e.__traceback__, file=buf)
        return buf.getvalue()
    except Exception:
        return "%s: %s\n" % (type(e).__name__, e)
