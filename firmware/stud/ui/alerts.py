"""The UI's side of "nothing is ever lost": when the save is read and written (the save
itself: stud.save.keeper), what the player is told, and what happens when something
goes wrong.

  boot         the save comes back (the table, the chips, the settings); a damaged
               or unusable file: a notice page says so (and the console).
  a hand       that is not a demo hand is recorded and counted, and the file written.
  settings     a menu change, SEL, a new game: the file is written.
  a failure    to write is said once, on a notice page; the game goes on.

An unexpected exception in the loop (App.tick, through Guard) comes to crashed():
logged next to the save, printed, shown as an error page.  PRESS goes on: the hand
is abandoned and the table comes back between hands, as last saved.

The pages - what they say and what PRESS does - are a scene (stud.ui.alertpage,
the loop's "notice"), loaded when one opens and dropped when it is answered: only
the save's timing and the guard stay in the heap.
"""
from stud.core.words import PREFIX
from stud.save.keeper import Keeper, LOW_MEMORY
from stud.save.saved import STATS_CODE
from stud.core import lazy
from stud.ui.tablestate import THINKING

NOTICE = "notice"                # the pages' scene (stud.ui.app's SCENES)
JOYSTICK = "JOYSTICK"           # the title of the input source's notice
RECORDING = ("stud.save.record", "stud.save.pack")  # a hand's record, made by the keeper
STARTUP = ("stud.save.startup",)    # boot's reading of the save (it loads the reader)


class Guard:
    """`with guard:` around a tick's work: an Exception escaping it goes to crashed()
    instead of ending the loop (KeyboardInterrupt and SystemExit pass).  A
    with-statement, because `except Exception as e` makes MicroPython take the
    function's call frame from the heap on every call, exception or not."""

    def __init__(self, alerts):
        self.alerts = alerts

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if kind is None or not isinstance(value, Exception):
            return False
        self.alerts.crashed(value)
        return True


class Alerts:
    def __init__(self, ui, store):
        self.ui = ui
        self.keeper = Keeper(store)
        self.guard = Guard(self)

    # ---- the save ----------------------------------------------------------------------
    def boot(self):
        """Load the save (table, settings, stats); tell the player what went wrong.
        True if the settings came back (the loop shows their contrast)."""
        ui = self.ui
        k = self.keeper
        had = lazy.loaded(STARTUP)
        try:
            restored, message = lazy.load(STARTUP[0]).start(k, ui.session)
        finally:
            lazy.drop_new(STARTUP, had)
        st = ui.settings
        if restored:        # (what was read mirrors the table: the writer need not load)
            saved = k.saved
            st.speed = min(saved.speed, 3)
            st.sound = saved.sound & 1
            st.contrast = max(1, min(8, (saved.contrast + 1) // 32))
        else:               # a new game: the save holds its table from now on
            k.capture(ui.session, st.speed, st.sound, st.level())
        if message is not None:
            print(PREFIX + message)
            self.notice("SAVE FILE", message)
        return restored

    def save(self):
        """The table or a setting changed: keep it (written if there is a store).  Short
        of heap, the bots' code leaves it (it comes back when a bot is wanted) and the
        save is tried once more before the player is told."""
        st = self.ui.settings
        message = self.keeper.save(self.ui.session, st.speed, st.sound, st.level())
        if message is LOW_MEMORY and lazy.loaded(THINKING):
            lazy.drop(*THINKING)
            message = self.keeper.save(self.ui.session, st.speed, st.sound, st.level())
        if message is not None:
            self._say(message)

    def hand_done(self, hand):
        """A hand was settled: record it, count it, save (demo hands are not kept).  The
        record's code (and what it brings) leaves the heap again, with the code that
        kept the hand in play (the pack it loaded is the hand's too).  The stats' code is
        loaded once for the count and the save's bytes, not twice."""
        kept = () if self.keeper.playing is not None else lazy.loaded(RECORDING)
        had = lazy.loaded(STATS_CODE)
        try:
            if self.keeper.hand_done(self.ui.session, hand):
                lazy.drop_new(RECORDING, kept)
                lazy.load(STATS_CODE[0])
                self.save()
        finally:
            lazy.drop_new(STATS_CODE, had)

    def _say(self, message):
        """Tell the player once (a notice page) and the console."""
        if not self.keeper.tell(message):
            return
        print(PREFIX + message)
        self.notice("SAVING", message)

    def input_warning(self, text, now):
        """The input source says part of it is unsound (a stick axis stuck or floating,
        and ignored): a notice page and the console.  None: it is sound again, and
        its notice, if still on screen, goes as if answered."""
        if text is not None:
            print(PREFIX + "warning: " + text)
            self.notice(JOYSTICK, text)
        else:
            page = self.ui.top(NOTICE)
            if page is not None and page.title == JOYSTICK:
                self.ui.pop(now)

    # ---- the pages (stud.ui.alertpage, a scene while one is shown) --------------------
    def notice(self, title, message):
        """A page of text over whatever is on screen; PRESS goes back to it."""
        ui = self.ui
        page = ui.top(NOTICE)
        if page is None:
            page = ui.push(NOTICE, ui.ticks_ms(), self.keeper)
        page.say(title, message)

    def crashed(self, e):
        """An exception escaped the loop: the error page (stud.ui.alertpage)."""
        ui = self.ui
        now = ui.ticks_ms()
        page = ui.top(NOTICE)
        if page is None:
            try:
                page = ui.push(NOTICE, now, self.keeper)
            except Exception:              # not even the page fits: the loop goes on
                self.keeper.errors += 1
                return
        page.crashed(e, now)
