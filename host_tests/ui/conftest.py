"""Each UI test starts as the handheld does: none of the code loaded by name (the scenes
of stud.ui.app's SCENES, the title page, the bots' draw, between hands) is in
sys.modules, whatever an earlier test in the same process imported.  The app drops
only what it loaded itself (stud.ui.app's pop), so a module left by another test
would stay and hide what a test of the heap looks for.

And in every UI test, nothing the app drops is native code (tools/gen/build.py's NATIVE):
on a board whose native code lives in the GC heap (the RP2040's), MicroPython keeps a
loaded module's machine code as a root for good, so dropping it and loading it again
would leave the old copy in the heap and add a new one each time."""
import pytest

from stud.core import lazy
from stud.ui import app, hand, tablestate
from tools.gen.build import NATIVE

NATIVE_MODULES = frozenset(p[:-3].replace("/", ".") for p in NATIVE)


def by_name():
    names = [app.TITLE, tablestate.DISCARD, hand.BETWEEN]
    for modules in app.SCENES.values():
        names += [m for m in modules if m not in names]
    return names


@pytest.fixture(autouse=True)
def nothing_loaded_by_name():
    lazy.drop(*by_name())
    yield


@pytest.fixture(autouse=True)
def no_native_module_dropped(monkeypatch):
    drop = lazy.drop

    def checked(*names):
        native = [n for n in names if n in NATIVE_MODULES]
        assert not native, "native code dropped (it would stay in a board's heap): %s" % native
        drop(*names)

    monkeypatch.setattr(lazy, "drop", checked)
    yield
