"""The firmware's import graph keeps its floors: boot -> ui -> {play, save, drivers} -> core.

Every firmware/stud/**/*.py is parsed with `ast` (imports inside functions count: they
run on the device just the same) and each import of a stud module becomes an edge.
A module loaded by name is an import too: every string in a module that names a stud
module ("stud.ui.menu", for stud.core.lazy or a list of what to drop) is an edge, and
so is every push of a scene (`ui.push("menu", ...)`, the name a string or a constant)
to each module the scene registry (stud.ui.app's SCENES) lists for it.
A module's layer is the folder under stud/ it sits in; stud/__init__.py and every
package __init__.py belong to their folder (stud/__init__.py to the bottom, core).
Inside a floor, folders and modules can stand below the rest of it (INSIDE: the ui
floor's gfx under the table's state, the state under the screens that read it, all
of them under the controllers).
Three rules, each failure naming the file, the line and the rule:

  down       an import points to a lower layer or stays in its own; play, save and
             drivers are side by side and do not import each other (SIDEWAYS lists
             what the lead allows; nothing today); inside a floor, it points to a
             folder at or under its own (INSIDE); an import of a stud module or
             name that does not exist fails too (a stale path left by a move), and so
             does a push of a scene the registry does not list
  no cycle   no two modules import each other, directly or round a loop
  hardware   only stud/boot/ names the board's hardware modules (HARDWARE); the
             CircuitPython display libraries (DISPLAY_LIBS) are the drivers' business
             and may be named in stud/drivers/ and stud/boot/ only
"""
import ast
import os

import pytest

from paths import ROOT

STUD = os.path.join(ROOT, "firmware", "stud")
RANK = {"core": 0, "play": 1, "save": 1, "drivers": 1, "ui": 2, "boot": 3}
SIDEWAYS = set()          # (importer layer, imported layer) pairs the lead allows
HARDWARE = {"machine", "board", "busio", "digitalio", "analogio", "pwmio", "rp2", "esp32"}
DISPLAY_LIBS = {"displayio", "adafruit_displayio_ssd1306"}
HARDWARE_OK_LAYERS = {"boot"}
DISPLAY_OK_LAYERS = {"drivers", "boot"}
INSIDE = {"ui": {"gfx": 0, "tablestate": 1, "screens": 2}}   # under the rest of the floor
_REST = 3                                   # where the rest of a floor stands
REGISTRY = "stud.ui.app"                    # where SCENES, the scene registry, is


def modules(stud_dir):
    """{module name: path} for every .py under stud_dir (the `stud` package)."""
    out = {}
    base = os.path.dirname(stud_dir)
    for folder, dirs, files in os.walk(stud_dir):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for f in sorted(files):
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(folder, f), base)[:-3].split(os.sep)
                if rel[-1] == "__init__":
                    rel.pop()
                out[".".join(rel)] = os.path.join(folder, f)
    return out


def layer(module):
    """stud.core.cards -> core; stud.boot -> boot; stud (the package itself) -> core."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "core"


def inside(module):
    """Where a module stands inside its floor: stud.ui.gfx.frame 0, stud.ui.tablestate 1,
    stud.ui.screens.menu 2, stud.ui.menu 3 (every module of a floor without INSIDE: 3)."""
    parts = module.split(".")
    return INSIDE.get(layer(module), {}).get(parts[2] if len(parts) > 2 else "", _REST)


def registry(known):
    """The scene registry: {scene name: (modules)} read from SCENES in REGISTRY."""
    if REGISTRY not in known:
        return {}
    with open(known[REGISTRY]) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["SCENES"]:
            return ast.literal_eval(node.value)
    return {}


def loads(path, known, scenes):
    """[(line, module, how)] for every module the file loads by name: a string that names
    a stud module, a push of a scene (each module SCENES lists for it; a scene not
    in SCENES: module None)."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    consts = {}             # NAME = "text" at the top: push(NAME) means push("text")
    for node in tree.body:
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    consts[t.id] = node.value.value
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in known:
            out.append((node.lineno, node.value, "names"))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "push" and node.args):
            arg = node.args[0]
            name = (arg.value if isinstance(arg, ast.Constant)
                    else consts.get(arg.id) if isinstance(arg, ast.Name) else None)
            if not isinstance(name, str):
                continue
            for target in scenes.get(name, (None,)):
                out.append((node.lineno, target, "pushes " + repr(name)))
    return sorted(out, key=lambda x: (x[0], x[1] or ""))


def imports(path, module, is_package):
    """[(line, name, names)] for every import in the file, relative ones resolved:
    name is the module imported from, names what `from` took out of it (or ())."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    package = module if is_package else module.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.append((node.lineno, a.name, ()))
        elif isinstance(node, ast.ImportFrom):
            name = node.module or ""
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                name = ".".join(base + ([name] if name else []))
            out.append((node.lineno, name, tuple(a.name for a in node.names)))
    return sorted(out)


def defined(path):
    """Names a module defines at its top level (assignments, defs, classes, imports)."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    out = set()
    body = list(tree.body)
    while body:
        node = body.pop(0)
        if isinstance(node, (ast.If, ast.Try)):      # try: import x / except: ... at the top
            for part in ("body", "orelse", "finalbody", "handlers"):
                body.extend(getattr(node, part, []))
        elif isinstance(node, ast.ExceptHandler):
            body.extend(node.body)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            out.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            for t in getattr(node, "targets", [getattr(node, "target", None)]):
                out.update(n.id for n in ast.walk(t) if isinstance(n, ast.Name))
    return out


def targets(name, names, known):
    """The stud modules an import reaches: `from stud.ui import app` is stud.ui.app when
    that is a module, else the package stud.ui if it defines `app`; an import of a
    module or a name that does not exist -> None."""
    if name not in known:
        return [None]
    found = [name + "." + n for n in names if name + "." + n in known]
    rest = [n for n in names if name + "." + n not in known]
    if rest or not names:
        missing = rest and "*" not in rest and not set(rest) <= defined(known[name])
        found.append(None if missing else name)
    return found


def check(stud_dir):
    """(violations, edges): violations are 'path:line: rule: text' strings."""
    known = modules(stud_dir)
    scenes = registry(known)
    root = os.path.dirname(os.path.dirname(stud_dir))
    bad = []
    edges = {m: {} for m in known}

    def edge(mod, target, line, how):
        if target == mod:
            return
        edges[mod].setdefault(target, line)
        here, there = layer(mod), layer(target)
        where = os.path.relpath(known[mod], root)
        if there == here:
            if inside(target) > inside(mod):
                bad.append("%s:%d: down: %s %s %s, above it in the %s floor"
                           % (where, line, mod, how, target, here))
        elif RANK[there] > RANK[here]:
            bad.append("%s:%d: down: %s (%s) %s %s (%s), a layer above it"
                       % (where, line, mod, here, how, target, there))
        elif RANK[there] == RANK[here] and (here, there) not in SIDEWAYS:
            bad.append("%s:%d: down: %s (%s) %s %s (%s) sideways; %s, %s and %s "
                       "stand side by side" % (where, line, mod, here, how, target, there,
                                               "play", "save", "drivers"))

    for mod, path in sorted(known.items()):
        where = os.path.relpath(path, root)
        here = layer(mod)
        is_package = path.endswith("__init__.py")
        for line, name, names in imports(path, mod, is_package):
            top = name.split(".")[0]
            if top in HARDWARE and here not in HARDWARE_OK_LAYERS:
                bad.append("%s:%d: hardware: %s imports %s (only stud/boot/ names the board)"
                           % (where, line, mod, name))
            if top in DISPLAY_LIBS and here not in DISPLAY_OK_LAYERS:
                bad.append("%s:%d: hardware: %s imports %s (display libraries belong to "
                           "stud/drivers/)" % (where, line, mod, name))
            if top != "stud":
                continue
            for target in targets(name, names, known):
                if target is None:
                    what = "from %s import %s" % (name, ", ".join(names)) if names else name
                    bad.append("%s:%d: down: %s says `%s`: no such firmware module or name"
                               % (where, line, mod, what))
                    continue
                edge(mod, target, line, "imports")
        for line, target, how in loads(path, known, scenes):
            if target is None:
                bad.append("%s:%d: down: %s %s: no such scene in SCENES (%s)"
                           % (where, line, mod, how, REGISTRY))
                continue
            edge(mod, target, line, how)
    for cycle in cycles(edges):
        first = cycle[0]
        steps = " -> ".join(cycle + [first])
        path = os.path.relpath(known[first], root)
        bad.append("%s:%d: no cycle: %s" % (path, edges[first][cycle[1 % len(cycle)]], steps))
    return bad, edges


def cycles(edges):
    """One loop per strongly connected component of more than one module (Tarjan)."""
    index, low, stack, on, comps = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(comp)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return [loop(sorted(c)[0], set(c), edges) for c in comps]


def loop(start, members, edges):
    """A shortest path from start back to start inside one component."""
    paths = {start: [start]}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(edges[v]):
            if w == start:
                return paths[v]
            if w in members and w not in paths:
                paths[w] = paths[v] + [w]
                todo.append(w)
    return [start]


def test_firmware_imports_point_down_without_cycles_and_only_boot_names_hardware():
    bad, edges = check(STUD)
    assert len(edges) > 30                     # the whole firmware was read
    assert not bad, "%d import rule violations:\n%s" % (len(bad), "\n".join(bad))


# ---- the checker can fail ---------------------------------------------------------------

def _plant(tmp_path, files):
    stud = tmp_path / "firmware" / "stud"
    for rel, text in files.items():
        p = stud / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    for d in [stud] + [p for p in stud.rglob("*") if p.is_dir()]:
        if not (d / "__init__.py").exists():
            (d / "__init__.py").write_text("")
    return str(stud)


CLEAN = {
    "core/cards.py": "X = 1\n",
    "core/lazy.py": "def load(name):\n    return name\n",
    "play/bots.py": "from stud.core.cards import X\n",
    "ui/app.py": ("from stud.play import bots\nfrom . import screen\n"
                  "SCENES = {\"menu\": (\"stud.ui.menu\", \"stud.ui.screens.page\")}\n"),
    "ui/menu.py": "from stud.ui.screens.page import X\n",
    "ui/screens/page.py": "from stud.ui.gfx.font import X\nfrom stud.ui.tablestate import Y\n",
    "ui/tablestate.py": "from stud.ui.gfx.font import X\nY = 1\n",
    "ui/gfx/font.py": "X = 1\n",
    "ui/screen.py": ("from ..core import cards, lazy\nMENU = \"menu\"\n\n\ndef f(ui):\n"
                     "    ui.push(MENU, 0)\n    lazy.load(\"stud.ui.gfx.font\")\n"),
    "drivers/display.py": "import displayio\n",
    "boot.py": "import machine\nfrom stud.ui.app import bots\n",
}


def test_a_clean_tree_passes(tmp_path):
    bad, edges = check(_plant(tmp_path, CLEAN))
    assert bad == []
    assert edges["stud.ui.app"] == {"stud.play.bots": 1, "stud.ui.screen": 2,
                                    "stud.ui.menu": 3, "stud.ui.screens.page": 3}
    assert "stud.core.cards" in edges["stud.ui.screen"]
    # a push is an edge to what the registry lists for the scene, a name an edge to its module
    assert edges["stud.ui.screen"]["stud.ui.menu"] == 6
    assert edges["stud.ui.screen"]["stud.ui.gfx.font"] == 7


@pytest.mark.parametrize("rel,text,rule,line", [
    ("core/engine.py", "X = 1\n\n\ndef f():\n    from stud.ui import app\n", "down", 5),
    ("core/engine.py", "from ..play.bots import X\n", "down", 1),
    ("save/store.py", "import stud.play.bots\n", "down", 1),       # sideways
    ("play/view.py", "from stud import app\n", "down", 1),          # no such module
    ("play/view.py", "from stud.core.cards import Y\n", "down", 1),  # no such name
    ("ui/input.py", "import machine\n", "hardware", 1),
    ("drivers/joy.py", "def f():\n    from board import GP4\n", "hardware", 2),
    ("ui/screen.py", "import displayio\n", "hardware", 1),
    ("core/cards.py", "X = 1\ndef f():\n    from stud.core import rng\n", "no cycle", 3),
    # loaded by name: upward, from a lower floor's push, a scene not in the registry
    ("core/engine.py", "from stud.core import lazy\n\n\ndef f():\n    lazy.load(\"stud.ui.menu\")\n",
     "down", 5),
    ("save/keeper.py", "DROP = (\"stud.save.x\", \"stud.ui.app\")\n", "down", 1),
    ("play/bots.py", "PAGE = \"menu\"\n\n\ndef f(ui):\n    ui.push(PAGE, 0)\n", "down", 5),
    ("ui/screen.py", "def f(ui):\n    ui.push(\"nothing\", 0)\n", "down", 2),
    # inside the ui floor: a screen importing a controller, the gfx a screen, the table's
    # state a screen or a controller
    ("ui/screens/page.py", "X = 1\n\n\ndef f():\n    from stud.ui import menu\n", "down", 5),
    ("ui/gfx/font.py", "import stud.ui.screens.page\n", "down", 1),
    ("ui/tablestate.py", "from stud.ui.screens.page import X\n", "down", 1),
    ("ui/tablestate.py", "from stud.ui import menu\n", "down", 1),
    # a cycle through a load: the registry's app -> menu, the menu naming the app
    ("ui/menu.py", "from stud.ui.screens.page import X\nAPP = \"stud.ui.app\"\n", "no cycle", None),
])
def test_the_checker_catches_each_rule_with_file_and_line(tmp_path, rel, text, rule, line):
    files = dict(CLEAN)
    files[rel] = text
    if rule == "no cycle":
        files["core/rng.py"] = "from stud.core.cards import X\n"
    bad, _ = check(_plant(tmp_path, files))
    if line is None:                           # a cycle is reported at its first module
        assert any(": %s: " % rule in b and rel[:-3].replace("/", ".") in b for b in bad), bad
        return
    want = "firmware/stud/%s:%d: %s:" % (rel, line, rule)
    assert any(b.startswith(want) for b in bad), bad

