"""Boot and the save: the file read, the table restored, the hand in play when the power
went resumed (stud.save.resume).  Loaded by the loop (stud.ui.alerts) for boot alone and
dropped after, with the reading code it loads: none of it stays in the heap while you
play.  The Keeper (stud.save.keeper) holds what it reads.
"""
from stud.core import lazy
from stud.core.games import VARIANTS
from stud.save.keeper import PLAYING, short
from stud.save.saved import STATS_CODE
from stud.save.store import Saved, READING

KEPT = "LOW MEMORY: SAVE KEPT, NOT LOADED"
_READER = READING[0]
RESUMING = ("stud.save.resume",) + PLAYING      # boot's reading of the hand in play
BOOT_CODE = READING + STATS_CODE + RESUMING
# loaded first and kept to the end: what the read loads and drops by itself (the kept
# hands' records, the stats' section), so that boot loads each once and collects nothing
_FIRST = (_READER, "stud.save.record") + STATS_CODE


def start(keeper, session):
    """The save into the session; (restored, message for the player or None).  When
    restored, keeper.saved's speed / sound / contrast are the settings to take.  The
    reading code is loaded once for the read, the restore and the hand in play (a load
    costs boot time, a collection more) and dropped after; the hand in play's code stays
    while the table plays that hand (keeper.playing)."""
    st = keeper.store
    if st is None or st.blank():    # no save yet, no hand in play: nothing to read, no
        return False, None          # reading code loaded (a first boot)
    had = lazy.loaded(BOOT_CODE)
    mine = lazy.hold(VARIANTS)      # every game's values loaded once for the read and the
    try:                            # restore (their chips, the kept hands' checks)
        for name in _FIRST:
            lazy.load(name)
    except MemoryError:                # the read meets it again and says so
        pass
    try:
        return _start(keeper, session)
    finally:
        lazy.drop_new(BOOT_CODE, had + list(PLAYING) if keeper.playing is not None else had)
        if mine:
            lazy.drop(VARIANTS)


def load(keeper):
    """Read the save into keeper.saved; (found, message for the player or None)."""
    st = keeper.store
    if st is None:
        return False, None
    try:
        saved, message = st.load(True)
    except Exception as e:     # no heap, a flaky drive: play on with defaults, every
        st.off = KEPT if isinstance(e, MemoryError) else \
            "SAVE NOT READ (%s): KEPT, NOT SAVING" % short(e)     # file as it is
        saved, message = Saved(), st.off
    keeper.saved = saved
    return bool(saved.chips), message   # every save the app writes holds chips


def _start(keeper, session):
    found, message = load(keeper)
    if found:
        try:
            keeper.restore(session)
        except Exception as e:         # it reads, but does not fit this firmware
            keeper.saved = Saved()
            session.fresh()
            return False, "SAVE NOT USABLE (%s): NEW GAME" % short(e)
    elif message is not None or keeper.store is None:
        return False, message          # (no save yet: the first hand may be in play)
    try:
        if keeper.store.off is None and not session.demo:
            keeper.hand = lazy.load(RESUMING[0]).resumed(keeper, session)
    except Exception:                  # (MemoryError, a flaky drive): not resumed
        keeper.hand = None
    if keeper.hand is not None:        # the table takes it, kept from here on
        keeper.playing = lazy.load(PLAYING[0])
    return found, message
