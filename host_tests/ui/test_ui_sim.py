"""tools/sim.py (make sim), tools/screenshots.py (make screenshots), tools/png.py and the
terminal keyboard of boards/host.py."""
import os
import subprocess
import sys

import pytest

from paths import ROOT, TOOLS  # noqa: E402

import host  # noqa: E402
import png  # noqa: E402
import sim  # noqa: E402
from stud.core import events  # noqa: E402
from stud.ui.gfx.frame import Frame  # noqa: E402


def run(*args, stdin=None):
    return subprocess.run([sys.executable, os.path.join(TOOLS, "sim.py")] + list(args),
                          capture_output=True, text=True, timeout=120, input=stdin)


SCRIPT = """# title, PLAY, a few moves, the menu
WAIT 200
PRESS
WAIT 100
PRESS
WAIT 2500
DOWN
PRESS
WAIT 1500
LONG_PRESS
DOWN
LONG_PRESS
"""


def test_script_writes_every_changed_frame_as_a_numbered_png(tmp_path):
    script = tmp_path / "events.txt"
    script.write_text(SCRIPT)
    out = tmp_path / "frames"
    done = run("--script", str(script), "--frames", str(out), "--seed", "3")
    assert done.returncode == 0, done.stderr
    files = sorted(os.listdir(out))
    count = int(done.stdout.split()[0])
    assert count > 10 and files == ["%04d.png" % i for i in range(1, count + 1)]
    assert png.read_png_size(str(out / files[0])) == (128 * 4 + 8 * 2, 64 * 4 + 8 * 2)
    again = tmp_path / "again"
    run("--script", str(script), "--frames", str(again), "--seed", "3")
    assert [open(out / f, "rb").read() for f in files] == \
        [open(again / f, "rb").read() for f in sorted(os.listdir(again))]   # repeatable


def test_a_bad_script_line_says_where(tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("UP\nJUMP\n")
    done = run("--script", str(script))
    assert done.returncode == 2 and "line 2" in done.stderr and "JUMP" in done.stderr


def test_headless_plays_demo_hands_with_a_log():
    done = run("--headless", "--hands", "2", "--seed", "1", "--samples", "16")
    assert done.returncode == 0, done.stderr
    assert "HAND 1 (DEMO)" in done.stdout and "HAND 2 (DEMO)" in done.stdout
    assert "WIN" in done.stdout and "2 demo hands" in done.stdout


def test_interactive_mode_needs_a_terminal():
    done = run(stdin="")
    assert done.returncode == 2 and "--headless" in done.stderr


def test_frames_drawn_as_half_blocks_or_braille():
    f = Frame()
    f.pixel(0, 0, 1)
    f.pixel(1, 1, 1)
    f.pixel(127, 63, 1)
    blocks = sim.half_blocks(f.buf)
    assert len(blocks) == 32 and all(len(line) == 128 for line in blocks)
    assert blocks[0][0] == "\u2580" and blocks[0][1] == "\u2584" and blocks[31][127] == "\u2584"
    dots = sim.braille(f.buf)
    assert len(dots) == 16 and all(len(line) == 64 for line in dots)
    assert dots[0][0] == chr(0x2800 + 0x01 + 0x10) and dots[15][63] == chr(0x2800 + 0x80)
    assert sim.choose_mode(200, 50) == "blocks" and sim.choose_mode(80, 24) == "braille"


def test_keyboard_keys_become_events(monkeypatch):
    kb = host.Keyboard()
    monkeypatch.setattr(kb, "_read", lambda: "\x1b[A\x1b[B\r m\tq\x1b[")
    assert kb.poll() == [events.UP, events.DOWN, events.PRESS, events.PRESS,
                         events.LONG_PRESS, events.LONG_PRESS]
    assert kb.quit
    monkeypatch.setattr(kb, "_read", lambda: "D")
    assert kb.poll() == [events.LEFT]         # the escape sequence finished in the next read


def test_screenshots_come_from_real_game_states(tmp_path):
    done = subprocess.run([sys.executable, os.path.join(TOOLS, "screenshots.py"),
                           "--out", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    for name in ("title", "table", "your-turn", "sel", "showdown", "menu"):
        assert png.read_png_size(str(tmp_path / (name + ".png"))) == (528, 272)


@pytest.mark.parametrize("name", ["title", "table", "your-turn", "sel", "showdown", "menu"])
def test_the_readme_pictures_exist(name):
    assert os.path.exists(os.path.join(ROOT, "docs", "screens", name + ".png"))
