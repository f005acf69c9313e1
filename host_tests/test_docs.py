"""The manual names only what is in the repository: in README.md and docs/*.md every
relative link resolves (its file, and its #anchor to a heading of that page), and every
path of the repository they name (`tools/save/history.py`, `docs/screens/*.png`,
`python -m tools.sim.sim`, a bare `SPEC.md`) is there."""
import glob
import os
import re

from paths import ROOT

TOP = ("firmware", "tools", "boards", "host_tests", "docs", ".ci")   # where named paths start
LINK = re.compile(r"\]\(([^)\s]+)\)")
PATH = re.compile(r"(?<![\w./-])((?:%s)/[\w./*-]*[\w*/]|[\w-]+\.(?:md|py|mjs))(?![\w/-])"
                  % "|".join(re.escape(t) for t in TOP))
MODULE = re.compile(r"-m (tools(?:\.\w+)+)")
DEVICE_FILES = {"pins.py"}   # the pin map as flash.py names it on the board, not a repo file


def slug(heading):
    """A heading's #anchor, as GitHub makes it."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path):
    with open(path) as f:
        return {slug(line.lstrip("#")) for line in f if line.startswith("#")}


def basenames(root):
    names = set()
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in (".git", "node_modules", ".venv", "build")]
        names.update(files)
    return names


def problems(root, docs):
    """What the pages `docs` (paths under `root`) name that is not there, one line each."""
    names = basenames(root)
    out = []
    for doc in docs:
        with open(os.path.join(root, doc)) as f:
            text = f.read()
        here = os.path.dirname(os.path.join(root, doc))
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue                                  # http:, https:, mailto:
            path, _, anchor = target.partition("#")
            full = os.path.normpath(os.path.join(here, path)) if path else os.path.join(root, doc)
            if not os.path.exists(full):
                out.append("%s: link to %s: no such file" % (doc, target))
            elif anchor and full.endswith(".md") and anchor not in anchors(full):
                out.append("%s: link to %s: no such heading" % (doc, target))
        text = LINK.sub("]", text)                        # the links are checked above
        for name in PATH.findall(text):
            if "/" not in name:
                if name not in names and name not in DEVICE_FILES:
                    out.append("%s: names %s: no file of that name in the repository" % (doc, name))
            elif not glob.glob(os.path.join(root, name)):
                out.append("%s: names %s: not in the repository" % (doc, name))
        for module in MODULE.findall(text):
            base = os.path.join(root, *module.split("."))
            if not (os.path.isfile(base + ".py") or os.path.isfile(os.path.join(base, "__main__.py"))):
                out.append("%s: runs -m %s: no such module" % (doc, module))
    return out


def pages(root):
    return ["README.md"] + sorted(os.path.relpath(p, root)
                                  for p in glob.glob(os.path.join(root, "docs", "*.md")))


def test_every_link_and_path_in_the_readme_and_docs_resolves():
    assert problems(ROOT, pages(ROOT)) == []


def test_the_check_finds_what_is_missing(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "tools" / "sim").mkdir(parents=True)
    (tmp_path / "tools" / "sim" / "sim.py").write_text("")
    (tmp_path / "docs" / "a.md").write_text("# A page\n\n## Its part\n")
    (tmp_path / "README.md").write_text(
        "# Title\n\n[good](docs/a.md#its-part) [self](#title) `tools/sim/sim.py` "
        "`python -m tools.sim.sim` sim.py a.md https://example.org/x.md\n\n"
        "[gone](docs/b.md) [bad anchor](docs/a.md#nowhere) `tools/sim/gone.py` "
        "(SPEC.md says) `python -m tools.sim.gone`, docs/screens/*.png\n")
    (tmp_path / "docs" / "b-link.md").write_text("[up](../README.md) [down](../docs/c.md)\n")
    found = problems(str(tmp_path), pages(str(tmp_path)))
    assert found == [
        "README.md: link to docs/b.md: no such file",
        "README.md: link to docs/a.md#nowhere: no such heading",
        "README.md: names tools/sim/gone.py: not in the repository",
        "README.md: names SPEC.md: no file of that name in the repository",
        "README.md: names docs/screens/*.png: not in the repository",
        "README.md: runs -m tools.sim.gone: no such module",
        "docs/b-link.md: link to ../docs/c.md: no such file",
    ], found
