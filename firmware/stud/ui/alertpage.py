"""The notice and error pages over the game, a scene (stud.ui.app's "notice"):
stud.ui.alerts pushes it when one opens, and it is popped, its code dropped, when
it is answered.

A notice goes back to what it covered; an error page (an exception escaped the
loop) is logged by the keeper (stud.save.keeper), and PRESS abandons the hand
and brings back the table as last saved, between hands.  Drawn as the Alert page
of stud.ui.screens.menu; the scene is its state (kind, title, hint, lines).
"""
import gc

from stud.core import events
from stud.save.keeper import spaced
from stud.ui.screens import text
from stud.ui.screens.menu import Alert

KIND_NOTICE = 0
KIND_ERROR = 1


class Scene:
    def __init__(self, ui, now, keeper):
        self.ui = ui
        self.keeper = keeper      # (stud.save.keeper: the error log, the table as last saved)
        self.screen = Alert()
        self.kind = KIND_NOTICE
        self.title = None
        self.hint = None
        self.lines = None

    def resume(self, now):
        self.ui.switch(self.screen, self)

    def say(self, title, message):
        """A page of text over whatever is on screen; PRESS goes back to it."""
        if self.kind == KIND_ERROR:
            return                     # an error page stays until it is answered
        self.title = title
        self.lines = text.wrap(message) + ["", "PRESS TO CONTINUE"]
        self.ui.touch()

    def crashed(self, e, now):
        """An exception escaped the loop: log it, print it, show it; never freeze."""
        k = self.keeper
        k.errors += 1
        if self.kind == KIND_ERROR:
            return                     # the error page itself failed: it is logged already
        k.crashes += 1
        self.kind = KIND_ERROR
        self.title = "SOMETHING WENT WRONG"
        self.lines = ["", "PRESS TO CONTINUE"]
        try:
            if isinstance(e, MemoryError):
                gc.collect()
            self.lines = self._error_lines(e, now)
        except Exception:              # not even the words fit in the heap: the bare page
            pass
        try:
            self.ui.touch()
            self.ui.render()           # this very frame, not the half-drawn one
        except Exception:              # no heap for the page: straight back to the table
            self.recover(now)

    def _error_lines(self, e, now):
        k = self.keeper
        in_hand = self.ui.tablestate.in_hand()
        logged = k.crashed(e, now, in_hand)
        lines = text.wrap(spaced(type(e).__name__) + ": " + str(e), rows=4)
        lines.append("")
        if in_hand:
            lines.append("THE HAND IS CALLED OFF.")
        if logged:
            lines.append("NOTED IN " + k.err_path.upper())
        lines.append("PRESS TO CONTINUE")
        return lines[-text.ROWS:] if len(lines) > text.ROWS else lines

    def event(self, code, now):
        """PRESS (or a long press) answers the page: a notice goes back to what it
        covered, an error page to the table."""
        if code == events.PRESS or code == events.LONG_PRESS:
            if self.kind == KIND_ERROR:
                self.recover(now)
            else:
                self.ui.pop(now)

    def recover(self, now):
        """After an error: no hand, the table as last saved, between hands."""
        ui = self.ui
        ui.tablestate.abandon(ui)
        ui.tablestate.restored(self.keeper.recover(ui.session))
        ui.home(now)
