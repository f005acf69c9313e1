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

The pages (a Page of stud.ui.screens.menu, the text wrapped by .text) are loaded
when one opens and dropped when it is answered: nothing here runs in the loop's
normal path.
"""
import gc

from stud.core import events
from stud.save.keeper import Keeper, PREFIX, short, spaced
from stud.ui import lazy

KIND_NOTICE = 0
KIND_ERROR = 1
_PAGES = ("stud.ui.screens.menu", "stud.ui.screens.text")


class Notice:
    """The page on screen: a notice or an error, its words, what PRESS goes back to."""

    def __init__(self):
        self.kind = KIND_NOTICE
        self.title = None
        self.hint = None
        self.lines = None
        self.back = None            # (screen, state) a notice goes back to


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
        a = self.alerts
        a.crashed(value, a.ui.ticks_ms())
        return True


class Alerts:
    def __init__(self, ui, store):
        self.ui = ui
        self.keeper = Keeper(store)
        self.state = Notice()
        self.screen = None          # the page, while one is shown
        self.guard = Guard(self)

    def showing(self):
        return self.screen is not None and self.ui.screen is self.screen

    # ---- the save ----------------------------------------------------------------------
    def boot(self):
        """Load the save (table, settings, stats); tell the player what went wrong."""
        ui = self.ui
        k = self.keeper
        restored, message = k.start(ui.session)
        if restored:
            saved = k.saved
            st = ui.settings
            st.speed = min(saved.speed, 3)
            st.sound = saved.sound & 1
            st.contrast = max(1, min(8, (saved.contrast + 1) // 32))
            ui.power.show_contrast()
        self._capture()
        ui.hands.names_changed()
        if message is not None:
            print(PREFIX + message)
            self.notice("SAVE FILE", message)

    def _capture(self):
        st = self.ui.settings
        self.keeper.capture(self.ui.session, st.speed, st.sound, st.level())

    def save(self):
        """The table or a setting changed: keep it (written if there is a store)."""
        try:
            self._capture()
        except Exception as e:
            self._say("SAVING FAILED (%s)" % short(e))
            return
        message = self.keeper.write()
        if message is not None:
            self._say(message)

    def hand_done(self, hand):
        """A hand was settled: record it, count it, save (demo hands are not kept)."""
        if self.keeper.hand_done(self.ui.session, hand):
            lazy.drop("stud.save.record")
            self.save()

    def _say(self, message):
        """Tell the player once (a notice page) and the console."""
        if not self.keeper.tell(message):
            return
        print(PREFIX + message)
        self.notice("SAVING", message)

    # ---- the pages ---------------------------------------------------------------------
    def notice(self, title, message):
        """A page of text over whatever is on screen; PRESS goes back to it."""
        ui = self.ui
        a = self.state
        if self.showing():
            if a.kind == KIND_ERROR:
                return                     # an error page stays until it is answered
        else:
            a.back = (ui.screen, ui.state)
        a.kind = KIND_NOTICE
        a.title = title
        a.hint = None
        a.lines = lazy.load("stud.ui.screens.text").wrap(message) + ["", "PRESS TO CONTINUE"]
        ui.hands.calm()
        self._show()

    def _show(self):
        if self.screen is None:
            self.screen = lazy.load("stud.ui.screens.menu").Alert()
        self.ui.switch(self.screen, self.state)

    def crashed(self, e, now):
        """An exception escaped the loop: log it, print it, show it; never freeze."""
        ui = self.ui
        k = self.keeper
        a = self.state
        k.errors += 1
        if self.showing() and a.kind == KIND_ERROR:
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
            a.lines = self._error_lines(e, now)
        except Exception:                  # not even the words fit in the heap: the bare page
            pass
        try:
            self._show()
            ui.render()                    # this very frame, not the half-drawn one
        except Exception:                  # no heap for the page: straight back to the table
            self.recover(now)

    def _error_lines(self, e, now):
        text = lazy.load("stud.ui.screens.text")
        in_hand = self.ui.hands.in_hand()
        logged = self.keeper.crashed(e, now, in_hand)
        lines = text.wrap(spaced(type(e).__name__) + ": " + str(e), rows=4)
        lines.append("")
        if in_hand:
            lines.append("THE HAND IS CALLED OFF.")
        if logged:
            lines.append("NOTED IN " + self.keeper.err_path.upper())
        lines.append("PRESS TO CONTINUE")
        return lines[-text.ROWS:] if len(lines) > text.ROWS else lines

    def event(self, code, now):
        """PRESS (or a long press) answers the page on screen."""
        if code != events.PRESS and code != events.LONG_PRESS:
            return
        if self.state.kind == KIND_ERROR:
            self.recover(now)
            return
        ui = self.ui
        back = self.state.back
        ui.hands.resume(now)               # an interrupted flash or showdown plays in full
        if back is None or back[0] is None:
            self._close(ui.title, ui.play)
        else:
            self._close(back[0], back[1])

    def recover(self, now):
        """After an error: no hand, the table as last saved, between hands."""
        ui = self.ui
        s = ui.session
        ui.hands.abandon()
        ui.hands.restored(self.keeper.recover(s))
        ui.hands.resume(now)
        self._close(ui.title if s.demo else ui.table, ui.play)

    def _close(self, screen, state):
        self.state.back = None
        self.ui.switch(screen, state)
        self.screen = None
        if self.ui.menu is None:           # (the menu's pages share the page code)
            lazy.drop(*_PAGES)
