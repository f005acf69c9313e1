"""Code that is not in play is not in the heap: a module is imported when its screen
opens (the menu and its pages, the draw, the alert pages, the save's records) and
dropped when it closes.

    menu = lazy.load("stud.ui.menu")        # import it (or take the one loaded)
    ...
    menu = None                             # the caller drops its own references,
    lazy.drop("stud.ui.menu", ...)          # then the modules go and the heap is collected

Dropping a module forgets it in sys.modules and in its package (the attribute that
`import a.b` sets on `a`); objects still referenced elsewhere live on, and the next
load() imports a fresh copy.  What was dropped is collected before the next load()
imports (so the new module's objects go where the old ones were) or when the heap
runs short, whichever comes first: a collection costs time (its work grows with the
live heap), and boot alone drops and loads the save's code three times over.  With
nothing dropped, a load still collects first when more than SLACK bytes were allocated
since the last settle(): a module's code lives long, and above a heap of garbage it
would split the largest free block (in the 1,000-hand session: the median largest free
block 13.0 KB without this, 15.3 KB with it).

Never drop a module compiled as native code (tools/gen/build.py's NATIVE): where native
code lives in the GC heap (the RP2040), MicroPython tracks each loaded module's machine
code as a root for good, so the dropped copy would stay and every load add another (the
UI tests fail any such drop).
"""
import gc
import sys

# MicroPython frees only when the collector runs; CPython's reference counting frees a
# dropped module at once, and a full collection there costs far more than it gives.
_COLLECT = hasattr(gc, "mem_free")
_dropped = [False]      # modules dropped since the last collection
_settled = [0]          # the heap in use after settle()'s last collection (0: unknown)
SLACK = 1024            # garbage settle() leaves in place.  A collection at the app's heap
                        # costs about 4,000 reference-loop iterations (18 ms on an RP2040),
                        # so every action of a hand now pays one; at 8 KB the smallest
                        # largest free block of the 1,000-hand session was 1.5-2 KB lower
                        # (six save folders, issue 32)


def load(name):
    """The module `name`, imported now if it is not loaded: after a collection if any
    module was dropped, or if more than SLACK bytes were allocated since the last (a
    module's code lives long: see settle)."""
    m = sys.modules.get(name)
    if m is None:
        if _dropped[0]:
            collect()
        else:
            settle()
        __import__(name)
        m = sys.modules[name]
    return m


def drop(*names):
    """Forget the modules (those not loaded are skipped); the next load() collects."""
    for name in names:
        if sys.modules.pop(name, None) is None:
            continue
        cut = name.rfind(".")
        parent = sys.modules.get(name[:cut]) if cut > 0 else None
        leaf = name[cut + 1:]
        if parent is not None and getattr(parent, leaf, None) is not None:
            delattr(parent, leaf)
        _dropped[0] = _COLLECT


def collect():
    """Collect now: what was dropped goes, and the next load() need not collect again."""
    _dropped[0] = False
    _settled[0] = 0         # (not measured here: the next settle() collects again)
    gc.collect()


def settle():
    """Collect before making what lives long (a hand's state after a bot's thinking, a
    save's table, a page), if more than SLACK bytes were allocated since its last
    collection (after any other collection, it collects).  MicroPython frees only when
    it collects, and its allocator takes the lowest free blocks that fit: after a
    collection new objects fill the holes at the bottom of the heap; with garbage left
    in place they go up, where they split the largest free block (nothing ever moves).
    Nothing under CPython."""
    if _COLLECT and gc.mem_alloc() - _settled[0] > SLACK:
        collect()
        _settled[0] = gc.mem_alloc()


def hold(name):
    """`name` loaded while a caller needs it many times over (each game's values, boot's
    check of the save's kept hands); True if this call loaded it: the caller then
    drops it when done."""
    if name in sys.modules:
        return False
    load(name)
    return True


def loaded(names):
    """Those of `names` loaded now: a borrower keeps them when it is done."""
    return [n for n in names if n in sys.modules]


def drop_new(names, kept):
    """Drop those of `names` that are not in `kept` (see loaded)."""
    drop(*[n for n in names if n not in kept])
