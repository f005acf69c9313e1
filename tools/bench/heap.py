"""`make bench`'s heap section: the whole app as a player uses it (tools/bench/wholeapp.py)
and the firmware floor by floor (tools/bench/layers.py), under the unix-port MicroPython
from source, as flashed on stock firmware (.mpy files on the filesystem, loaded into the
heap) and as flashed on firmware with a ROMFS partition (the same .mpy files in a ROMFS
image, run in place: tools/mprun.py --romfs), beside the figures issue 10 measured on the
first round's firmware and the budget SPEC.md sets (96 KB of live heap on a Pico, about
the unix-port figure x 0.94, NOTES.md).
"""
import os
import subprocess

import build
import mprun

HERE = os.path.dirname(os.path.abspath(__file__))
WHOLE_APP = os.path.join(HERE, "wholeapp.py")
LAYERS = os.path.join(HERE, "layers.py")
HEAP = "512K"            # room to measure; the budget is what the figures are held to

# Issue 10's figures for the first round's firmware (before the floors), as quoted there:
# the booted app and its peak on an RP2040 emulator, the whole app's peak on the unix port.
ROUND_1 = {"booted_rp2040": 141 * 1024, "hand_peak_rp2040": 146 * 1024,
           "whole_app_peak_unix": 150 * 1024}
BUDGET_PICO = 96 * 1024
PICO_PER_UNIX = 0.94

KINDS = ("py", "mpy", "romfs")
APP_KEYS = ("heap_booted", "heap_hand", "heap_draw", "heap_menu", "heap_settled", "peak_app")
LAYER_KEYS = ("layer_core", "layer_play", "layer_save", "layer_drivers", "layer_ui",
              "layer_total", "boot_transient")


def native_sizes():
    """(Thumb bytes, bytecode bytes) of the modules make flash compiles as native code
    (tools/build.NATIVE), each as its armv6m .mpy: on an RP2040 native code is loaded
    into the GC heap, while the unix port maps it outside (so its figures leave it out)."""
    thumb = code = 0
    for rel in build.NATIVE:
        src = os.path.join(build.FIRMWARE, rel)
        for native in (True, False):
            out = os.path.join(os.environ.get("TMPDIR", "/tmp"), "stud-native-size.mpy")
            cmd = [build.mpy_cross(), "-march=armv6m", "-o", out]
            subprocess.run(cmd + (["-X", "emit=native"] if native else []) + [src],
                           check=True, capture_output=True)
            n = os.path.getsize(out)
            os.remove(out)
            if native:
                thumb += n
            else:
                code += n
    return thumb, code


def bench_heap(log):
    out = {}
    out["native_thumb"], out["native_as_bytecode"] = native_sizes()
    for kind in KINDS:
        how = {"mpy": kind == "mpy", "romfs": kind == "romfs"}
        log("MicroPython heap: the whole app (%s) ..." % kind)
        d = mprun.parse_report(mprun.run(WHOLE_APP, heap=HEAP, timeout=900, **how))
        for k in APP_KEYS:
            out["%s_%s" % (k, kind)] = int(d[k])
        log("MicroPython heap: floor by floor (%s) ..." % kind)
        d = mprun.parse_report(mprun.run(LAYERS, heap=HEAP, **how))
        for k in LAYER_KEYS:
            out["%s_%s" % (k, kind)] = int(d[k])
    log("MicroPython heap: the smallest heap for the whole app (as flashed; from ROMFS) ...")
    out["min_heap_mpy"] = mprun.min_heap(WHOLE_APP, high=HEAP, timeout=900, mpy=True)
    out["min_heap_romfs"] = mprun.min_heap(WHOLE_APP, high=HEAP, timeout=900, romfs=True)
    return out


def _kb(n):
    return "%.1f KB" % (n / 1024.0)


def print_heap(h):
    print("**Live heap** (unix-port MicroPython, gc.mem_alloc() after gc.collect(); a Pico "
          "holds about %.2f x these). The whole app (tools/bench/wholeapp.py) runs on the host "
          "board, so its figures leave out the panel, stick and button drivers: the floor "
          "table's \"drivers\" row is what they add on a device." % PICO_PER_UNIX)
    print()
    print("| the whole app | from .py | as flashed | on a Pico (x %.2f) | from ROMFS | on a Pico "
          "(x %.2f) |" % (PICO_PER_UNIX, PICO_PER_UNIX))
    print("|---|---:|---:|---:|---:|---:|")
    names = {"heap_booted": "booted (title page)", "heap_hand": "a 4-seat 7 card stud hand",
             "heap_draw": "a five card draw hand", "heap_menu": "menu, STATS, LAST HANDS",
             "heap_settled": "back at the table", "peak_app": "peak"}
    for k in APP_KEYS:
        mpy, rom = h[k + "_mpy"], h[k + "_romfs"]
        print("| %s | %s | %s | %s | %s | %s |" % (names[k], _kb(h[k + "_py"]), _kb(mpy),
                                                   _kb(mpy * PICO_PER_UNIX), _kb(rom),
                                                   _kb(rom * PICO_PER_UNIX)))
    print("| smallest heap that runs it (tools/mprun.py --min-heap) | | %s | | %s | |"
          % (_kb(h["min_heap_mpy"]), _kb(h["min_heap_romfs"])))
    print()
    print("From ROMFS (firmware built with a ROMFS partition, which stock Pico and ESP32 builds "
          "do not have; make flash uses it where it is): the bytecode and constants stay in "
          "flash, and what is left is the app's own objects, the function and class objects "
          "the imports make, and the interned names.")
    print()
    print("| floor | from .py | as flashed | from ROMFS |")
    print("|---|---:|---:|---:|")
    for k in LAYER_KEYS:
        print("| %s | %s | %s | %s |" % (k.replace("layer_", "").replace("_", " "),
                                         _kb(h[k + "_py"]), _kb(h[k + "_mpy"]),
                                         _kb(h[k + "_romfs"])))
    print()
    print("Native code: %s of the modules make flash compiles as native (%s) as armv6m .mpy; "
          "an RP2040 loads it into the GC heap (from ROMFS too, where it needs relocating), the "
          "unix port maps it outside its heap, so the \"as flashed\" and ROMFS figures leave it out (the same "
          "modules as bytecode: %s)."
          % (_kb(h["native_thumb"]), ", ".join(os.path.basename(r)[:-3] for r in build.NATIVE),
             _kb(h["native_as_bytecode"])))
    print()
    peak = h["peak_app_mpy"] * PICO_PER_UNIX
    rom = h["peak_app_romfs"] * PICO_PER_UNIX

    def verdict(x):
        return "within" if x <= BUDGET_PICO else "OVER BUDGET by " + _kb(x - BUDGET_PICO)
    print("Round 1 (issue 10): booted %s, 4-seat hand peak %s on an RP2040; whole app about %s "
          "on the unix port.  SPEC.md's budget: %s on a Pico; this run: %s as flashed on stock "
          "firmware (%s), %s from ROMFS (%s)."
          % (_kb(ROUND_1["booted_rp2040"]), _kb(ROUND_1["hand_peak_rp2040"]),
             _kb(ROUND_1["whole_app_peak_unix"]), _kb(BUDGET_PICO), _kb(peak), verdict(peak),
             _kb(rom), verdict(rom)))
    print()
