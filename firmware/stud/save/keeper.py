"""The save as the game holds it between writes: what is read at boot, captured after
every hand and setting, written, and what an unexpected error leaves in the log.

stud.save.store writes the file (atomic, checksummed), stud.save.record keeps a hand in
a few dozen bytes, stud.save.stats counts; the Keeper decides what goes in:

  start        (stud.save.startup, at boot) the save is read; the table, the chips
               of every game, the opponents' models of you come back into the session
               (the settings stay in `saved` for the UI to take).  A damaged file has
               been set aside by the store: defaults are used and a message says so.
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
The error log (ERR_NAME next to the save, through the store's files object so tests
can fake it) takes what crashed() is given (stud.save.errlog).

Only the Keeper's state and its small methods stay in the heap: boot's reading
(stud.save.startup, stud.save.reader), writing (stud.save.writer) and the error log
(stud.save.errlog) are imported while they run and dropped after.
"""
from stud.core import lazy
from stud.core.words import PREFIX
from stud.save.store import Saved, WRITING, READING

ERR_NAME = "stud.err"
LOW_MEMORY = "LOW MEMORY: NOT SAVED, TRYING AGAIN AFTER THE NEXT HAND"
CRASHES_FOR_NEW_GAME = 3  # errors in a row with no hand finished in between: start afresh
_READER = READING[0]
_WRITER = WRITING[0]
_ERRLOG = "stud.save.errlog"
_INPLAY = "stud.save.inplay"
PLAYING = (_INPLAY, "stud.save.record", "stud.save.pack")   # the hand in play's code


class Keeper:
    """The store (or None), what it holds, the messages told, the error log."""

    def __init__(self, store=None, err_path=None):
        self.store = store
        self.saved = Saved()
        self.said = []          # messages already told to the player (each is said once)
        self.crashes = 0        # errors since the last hand finished
        self.errors = 0         # errors since boot
        self.last_error = None  # (type name, message) of the newest
        self.last_trace = None  # its traceback, as text
        self.hand = None        # boot: the hand in play when the power went, resumed
        self.playing = None     # stud.save.inplay while a hand of yours is kept
        self.kept = None        # ... the kept hand's record, less its moves
        self.seq = 0            # ... and the sequence number of its newest write
        if err_path is None and store is not None:
            path = store.path
            cut = path.rfind("/")
            err_path = path[:cut + 1] + ERR_NAME
        self.err_path = err_path

    @property
    def files(self):
        return self.store.files if self.store is not None else None

    # ---- reading (boot's is stud.save.startup, loaded while it runs) ------------------
    def restore(self, session):
        """The saved table into the session (stud.save.reader.restore)."""
        had = lazy.loaded(READING)
        try:
            lazy.load(_READER).restore(self.saved, session)
        finally:
            lazy.drop_new(READING, had)

    def recover(self, session):
        """After an error: the table as last saved; True if it had to be a new game."""
        try:
            if self.crashes >= CRASHES_FOR_NEW_GAME:
                raise ValueError("errors in a row")
            self.restore(session)
            return False
        except Exception:                  # the last save would not do: a new game
            session.fresh()
            self.crashes = 0
            return True

    # ---- writing (stud.save.writer, in the heap while it runs) ------------------------
    def capture(self, session, speed, sound, contrast):
        """The table and the settings (contrast as the panel's 0..255) into saved."""
        had = lazy.loaded(WRITING)
        try:
            lazy.load(_WRITER).keep(self.saved, session, speed, sound, contrast)
        finally:
            lazy.drop_new(WRITING, had)

    def save(self, session, speed, sound, contrast):
        """capture(), then write(); a message for the player, or None."""
        return self.write((session, speed, sound, contrast))

    def keep_hand(self, hand, session=None):
        """The hand in play is kept (stud.save.inplay): just dealt (session given), after
        an action, or called off (hand None).  Demo hands, and a store that is off or
        missing, keep nothing; a write that fails leaves the one before."""
        st = self.store
        try:
            if session is not None:
                if st is None or st.off is not None or session.demo:
                    return
                self.playing = lazy.load(_INPLAY)
                names = [session.names[p] for p in session.positions()]
                self.playing.start(self, hand, names)
                lazy.drop("stud.save.record")      # (the record's header is made)
                # The header lives until the hand ends; made just now, it sits above
                # the record's code and garbage, in the middle of the free heap (the
                # largest free block of the 1,000-hand session went from 20 to 11 KB
                # there).  Copied after a collection, it goes into a hole at the bottom.
                lazy.collect()
                self.kept = bytes(self.kept)
            elif self.playing is not None:
                if hand is None:
                    self.playing.called_off(self)
                    self._unkeep()
                else:
                    self.playing.keep(self, hand)
        except MemoryError:                # not this time: the one before stands
            pass

    def _unkeep(self):
        self.playing = None
        self.kept = None
        lazy.drop(*PLAYING)

    def hand_done(self, session, hand):
        """A hand was settled: record and count it (not a demo hand); True to write."""
        self.crashes = 0
        if self.playing is not None:
            self._unkeep()                 # the save has it now (its hand count moves on)
        if session.demo:
            return False
        from stud.save import record       # (the UI drops it again: stud.ui.alerts)
        names = [session.names[p] for p in session.positions()]
        self.saved.stats.add(hand, names, record.dealt_with(hand, 0))
        try:
            self.saved.add_hand(record.encode(hand, names))
        except ValueError:                 # a hand beyond a record's byte counts: counted, not kept
            print(PREFIX + "a hand too big to record was not kept")
        return True

    def write(self, table=None):
        """Write self.saved (after capturing `table`: session, speed, sound, contrast);
        a message for the player, or None.  Short of heap, it is collected and tried
        once more; then the last save stands and the next hand tries again."""
        st = self.store
        writing = st is not None and st.off is None   # (else the player knows: silent)
        had = lazy.loaded(WRITING)
        try:
            for _ in range(2):
                try:
                    if table is not None:
                        w = lazy.load(_WRITER)
                        lazy.settle()
                        w.keep(self.saved, *table)
                    return st.save(self.saved, True) if writing else None
                except MemoryError:
                    import gc
                    gc.collect()
                except Exception as e:  # a full drive, a pulled card: the game goes on
                    return "SAVING FAILED (%s)" % short(e) if writing else None
            return LOW_MEMORY if writing else None
        finally:
            lazy.drop_new(WRITING, had)

    def tell(self, message):
        """True the first time a message comes (the player is told each one once)."""
        if message in self.said:
            return False
        self.said.append(message)
        return True

    # ---- errors (stud.save.errlog, while the error page is up) -------------------------
    def crashed(self, e, now, in_hand):
        """Note an exception: the traceback on the console and in the log; True if logged."""
        return lazy.load(_ERRLOG).crashed(self, e, now, in_hand)

    def log_error(self, text):
        """Append text to the error log (the newest stud.save.errlog.ERR_CAP bytes)."""
        return lazy.load(_ERRLOG).log_error(self, text)


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
