"""The handheld under real MicroPython: golden frames, allocation per frame, render budgets.

Golden frames: a session is played here with tools/harness/ui_driver.py (PLAY, a hand
with HINT, RAISE, calls and a showdown, SEL choosing SID / OUT / HAL, PLAY again, the
menu opened mid-hand, its rules paged through, closed, more play) and recorded as a
script; host_tests/dual/ui_frames.py replays it on CPython (the pure canvas) and under
MicroPython - framebuf from .py, framebuf as flashed (.mpy), and the pure canvas - and
every frame sent to the panel must be byte-identical.

Allocation and time (tools/bench/ui_memory.py): no bytes retained per frame, idle
frames allocate nothing at all, and on a Pico's budget (reference-loop iterations,
about 200 a millisecond on a 125 MHz RP2040) a full frame costs at most 3,000 and a
typical update (one seat's action flash) at most 1,000.  The budgets hold for the
firmware with stud/ui/gfx/frame.py and stud/ui/gfx/glyphs.py compiled as native code (UI_NATIVE, as
tools/gen/build.py should flash them); as plain bytecode the numbers are printed.
Heap figures come from the 64-bit unix port (objects about twice a Pico's).
"""
import functools
import os
import subprocess
import sys
import tempfile

import pytest

from tools.gen import build
from tools.device import mprun

from paths import BENCH, DUAL  # noqa: E402
from ui_driver import Driver  # noqa: E402

HEAP = "384K"          # the app, the bots and the 64-bit port's doubled objects, everything
                       # compiled from source on the way (the save's reader at each hand's
                       # end); in less, a save or a bot's thinking fails for want of heap and
                       # the game differs.  The device's budget is test_whole_app_heap.py's.
HEAP_PURE = "448K"     # the pure canvas, there only to prove its pixels under MicroPython,
                       # leaves the heap in crumbs: in 360K, 190 KB free, its largest free
                       # block was 3.3 KB and loading the menu failed (the edge moves by tens
                       # of KB with any change of layout; framebuf runs are unaffected)
UI_NATIVE = ("stud/ui/gfx/frame.py", "stud/ui/gfx/glyphs.py")
FULL_BUDGET = 3000
UPDATE_BUDGET = 1000
SEED, SAMPLES, SPEED = 7, 16, 2       # as ui_frames.py plays them


def _choose(d, word):
    for _ in range(len(d.app.tablestate.cmds)):
        if d.app.tablestate.cmds[d.app.tablestate.cmd] == word:
            break
        d.press("DOWN")
    d.press("PRESS")


@functools.lru_cache()
def recorded_script():
    d = Driver(seed=SEED, samples=SAMPLES, speed=SPEED, model=False)
    d.ready()
    d.press("PRESS")
    d.ready()
    d.press("DOWN")
    d.press("UP")
    d.press("PRESS")                       # PLAY
    d.ready()
    hinted = raised = False
    hands = 0
    menu = False
    while hands < 3:
        app = d.app
        if app.tablestate.phase == 0:
            if hands == 1:                 # SEL: SID, OUT, HAL
                d.press("DOWN")
                d.press("PRESS")
                for want in ("SID", "OUT", "HAL"):
                    while app.tablestate.sel_choices[app.tablestate.sel_choice] != want:
                        d.press("DOWN")
                    d.press("PRESS")
                d.press("PRESS")           # yes: everyone's chips go back to 999
                d.ready()
            d.press("PRESS")
            hands += 1
        elif app.tablestate.phase == 3:
            d.run_ms(1000)
            d.press("PRESS")
        elif app.tablestate.your_turn:
            if not hinted:
                _choose(d, "hint")
                hinted = True
            elif hands == 2 and not menu:
                d.press("LONG_PRESS")
                for key in ("DOWN", "DOWN", "RIGHT", "DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "DOWN",
                            "PRESS", "DOWN", "DOWN", "PRESS", "LONG_PRESS"):
                    d.press(key)
                menu = True
            elif "raise" in app.tablestate.cmds and not raised:
                _choose(d, "raise")
                raised = True
            else:
                _choose(d, "call" if "call" in app.tablestate.cmds else "check")
        d.ready()
    d.run_ms(7000)   # within the replay's tail (ui_frames.py: 400 ticks): a flash may still run
    return d.script(), list(d.app.session.names), d.display.flushes


def _cpython(script, args):
    env = mprun.python_env()
    done = subprocess.run([sys.executable, os.path.join(DUAL, script)] + list(args),
                          capture_output=True, text=True, env=env, timeout=300, cwd=mprun.ROOT)
    assert done.returncode == 0, done.stderr
    return mprun.parse_report(done.stdout)


@pytest.fixture(scope="module")
def script_file():
    text, _, _ = recorded_script()
    folder = tempfile.mkdtemp(prefix="stud-ui-")
    path = os.path.join(folder, "session.txt")
    with open(path, "w") as f:
        f.write(text)
    return path


_runs = {}


def frames(runtime, path):
    if runtime not in _runs:
        if runtime == "cpython":
            _runs[runtime] = _cpython("ui_frames.py", [path])
        else:
            args = [path] + (["pure"] if runtime == "micropython-pure" else [])
            _runs[runtime] = mprun.parse_report(mprun.run(
                os.path.join(DUAL, "ui_frames.py"),
                heap=HEAP_PURE if runtime == "micropython-pure" else HEAP, args=args,
                mpy=runtime == "micropython-as-flashed"))
    return _runs[runtime]


def test_the_recorded_session_covers_the_flow(script_file):
    text, names, flushes = recorded_script()
    assert names == ["YOU", "SID", "OUT", "HAL"]
    assert "LONG_PRESS" in text and flushes > 150
    cp = frames("cpython", script_file)
    assert int(cp["ui_frames"]) == flushes and int(cp["ui_hands"]) >= 3
    assert cp["ui_names"] == "YOU SID OUT HAL"


@pytest.mark.parametrize("runtime", ["micropython", "micropython-as-flashed", "micropython-pure"])
def test_golden_frames_are_byte_identical_on_cpython_and_micropython(script_file, runtime):
    cp = frames("cpython", script_file)
    mp = frames(runtime, script_file)
    assert mp["runtime"] == "micropython"
    for key in ("ui_frames", "ui_pages", "ui_hands", "ui_names", "ui_digest"):
        assert mp[key] == cp[key], "%s: CPython %s, %s %s" % (key, cp[key], runtime, mp[key])


# ---- allocation and render time -------------------------------------------------------------
def _ui_native_build():
    """firmware/ compiled as tools/gen/build.py does, plus UI_NATIVE as native code."""
    out = tempfile.mkdtemp(prefix="stud-ui-native-")
    arch = "x64"
    for rel in build.sources():
        dest = os.path.join(out, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        cmd = [build.mpy_cross(), "-o", dest, "-march=" + arch]
        if rel in build.NATIVE or rel in UI_NATIVE:
            cmd += ["-X", "emit=native"]
        cmd.append(os.path.join(build.FIRMWARE, rel))
        done = subprocess.run(cmd, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    return out


_memory = {}


def memory(kind):
    if kind not in _memory:
        script = os.path.join(BENCH, "ui_memory.py")
        if kind == "ui-native":
            env = dict(os.environ)
            env["MICROPYPATH"] = mprun.micropypath(_ui_native_build())
            done = subprocess.run([mprun.micropython_binary(), "-X", "heapsize=%s" % HEAP, script],
                                  env=env, capture_output=True, text=True, timeout=300,
                                  cwd=mprun.ROOT)
            assert done.returncode == 0, done.stdout + done.stderr
            _memory[kind] = mprun.parse_report(done.stdout)
        else:
            _memory[kind] = mprun.parse_report(mprun.run(script, heap=HEAP,
                                                         mpy=kind == "as-flashed"))
    return _memory[kind]


def _show(kind, m):
    print("%s: full frame %s ref, action flash %s ref (%s pages), idle tick %s ref; churn per "
          "full frame %s B, per flash %s B, per idle tick %s B; retained %s/%s/%s/%s B; "
          "heap: imports %s B, app mid-hand %s B"
          % (kind, m["ui_full_ref"], m["ui_flash_ref"], m["ui_flash_pages"], m["ui_idle_ref"],
             m["ui_full_churn"], m["ui_flash_churn"], m["ui_idle_churn"], m["ui_idle_retained"],
             m["ui_full_retained"], m["ui_flash_retained"], m["ui_loop_retained"],
             m["ui_heap_imports"], m["ui_heap_app"]))


@pytest.mark.parametrize("kind", ["bytecode", "as-flashed", "ui-native"])
def test_render_and_loop_retain_nothing_per_frame(kind):
    m = memory(kind)
    _show(kind, m)
    for key in ("idle", "full", "flash", "loop"):
        assert float(m["ui_%s_retained" % key]) == 0, "%s retains bytes per frame" % key


@pytest.mark.parametrize("kind", ["bytecode", "as-flashed", "ui-native"])
def test_an_idle_frame_allocates_nothing_at_all(kind):
    """micropython.mem_total() over 200 idle ticks: not even a call frame from the heap."""
    assert float(memory(kind)["ui_idle_churn"]) == 0


def test_render_budgets_on_a_pico_with_the_drawing_as_native_code():
    """Costs are in reference-loop units measured in the same run, but a busy host still
    jitters them by a fifth or so: the best of up to five fresh runs is what counts."""
    best = None
    for attempt in range(5):
        if attempt:
            _memory.pop("ui-native", None)
        m = memory("ui-native")
        _show("ui-native", m)
        full, flash = int(m["ui_full_ref"]), int(m["ui_flash_ref"])
        best = (full, flash) if best is None else (min(best[0], full), min(best[1], flash))
        if best[0] <= FULL_BUDGET and best[1] <= UPDATE_BUDGET:
            break
    assert best[0] <= FULL_BUDGET
    assert best[1] <= UPDATE_BUDGET
    assert int(m["ui_flash_pages"]) <= 2


def test_a_typical_update_fits_its_budget_even_as_bytecode():
    m = memory("as-flashed")
    _show("as-flashed", m)
    assert int(m["ui_flash_ref"]) <= UPDATE_BUDGET
