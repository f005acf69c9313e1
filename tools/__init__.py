"""The host tools, one package in folders by role; run them from the repository's root as
modules (`python -m tools.sim.sim`, `python -m tools.save.history ...`).

    device/   the board and its stand-ins: flash, mprun (real MicroPython), romboot,
              vboard (+ vboard_machine, vboard_node.mjs), ssd1306_emu, inputbench
    gen/      what is generated from firmware/: build (mpy-cross, ROMFS), gen_tables
    harness/  what drives the firmware on both runtimes: harness, ui_driver, randplay,
              recording (plain modules, not a package: MicroPython imports them by name)
    lab/      the bot lab: selfplay, baselines, league, model_gain, calls, regret
    sim/      the simulator and the pictures: sim, terminal, screenshots, png
    save/     the save file's tools: history, replay, handtext, phh, cli, fuzz
    bench/    `make bench`;  web/  `make web`

This is the one place the host's import path is set (pytest.ini sets the same for the
tests): importing any tool puts firmware/ (`stud`), boards/ (`host`) and tools/harness/
on sys.path, as tools/device/mprun.py gives them to MicroPython.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PATH = [os.path.join(ROOT, d) for d in ("firmware", "boards", os.path.join("tools", "harness"))]

for _p in reversed(PATH):
    if _p not in sys.path:
        sys.path.insert(0, _p)
