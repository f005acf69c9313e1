"""Each UI test starts as the handheld does: none of the code loaded by name (the scenes
of stud.ui.app's SCENES, the title page, the bots' draw, between hands) is in
sys.modules, whatever an earlier test in the same process imported.  The app drops
only what it loaded itself (stud.ui.app's pop), so a module left by another test
would stay and hide what a test of the heap looks for."""
import pytest

from stud.core import lazy
from stud.ui import app, hand, tablestate


def by_name():
    names = [app.TITLE, tablestate.DISCARD, hand.BETWEEN]
    for modules in app.SCENES.values():
        names += [m for m in modules if m not in names]
    return names


@pytest.fixture(autouse=True)
def nothing_loaded_by_name():
    lazy.drop(*by_name())
    yield
