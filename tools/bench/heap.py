"""`make bench`'s heap section, against SPEC.md's memory paragraph (issue 32):

  the session  tools/bench/session.py, 1,000 hands of the whole app (every game, the
               demo, the menu and every page, saves with 50 kept hands), under the
               unix-port MicroPython as flashed on stock firmware (.mpy files loaded
               into the heap), from ROMFS and from source, at HEAP (room to measure);
               then as flashed in TARGET_HEAP (192K), where it must run without a
               MemoryError, and the smallest heap it runs in (tools/device/mprun.py --min-heap,
               on the shorter session make test plays)
  the floors   tools/bench/layers.py: the firmware floor by floor
  boot         tools/bench/boot.py, best of BOOT_RUNS fresh processes per stage, in
               reference-loop iterations (harness.ref; the waits a board has, at an
               RP2040's RP2040_US_PER_REF); and, where valgrind is installed, the same
               steps in instructions (tools/bench/bootir.py: deterministic, where the
               clock of a shared machine moves by a third between runs)

beside the figures of main before issue 32 (MAIN, measured with the same scripts) and
issue 32's own on an RP2040.  A Pico holds about PICO_PER_UNIX of what the unix port
holds for this code (NOTES.md: 134.0 KB on an RP2040 emulator where the unix port
held 171.7 KB).
"""
import os
import shutil
import subprocess
import tempfile

from tools.gen import build
from tools.device import mprun

HERE = os.path.dirname(os.path.abspath(__file__))
SESSION = os.path.join(HERE, "session.py")
LAYERS = os.path.join(HERE, "layers.py")
BOOT = os.path.join(HERE, "boot.py")
HEAP = "512K"            # room to measure; TARGET_HEAP is what the session is held to
TARGET_HEAP = "192K"
SESSION_HANDS = 1000
SHORT_HANDS, SHORT_BLOCK = 60, 10   # make test's session (host_tests/ui/test_session_heap.py)
BOOT_RUNS = 7
PICO_PER_UNIX = 1 / 1.28
RP2040_US_PER_REF = 4.54     # NOTES.md: the reference loop on an RP2040
TARGETS = {"peak": 150 * 1024, "free_block": 16 * 1024, "boot_ref": 198000}

KINDS = ("mpy", "romfs", "py")
APP_KEYS = ("heap_booted", "heap_hand", "heap_draw", "heap_menu", "heap_settled", "peak_app")
LAYER_KEYS = ("layer_core", "layer_play", "layer_save", "layer_drivers", "layer_ui",
              "layer_total", "boot_transient")
STAGES = ("imports", "board", "app", "frame")
AFTER = ("save",)       # after the title page is on the glass (stud.ui.app: title_first)

# main at 119cc03, before issue 32, with these scripts (1,000 hands at 512K; boot best of 7).
MAIN = {"heap_booted_mpy": 147040, "heap_hand_mpy": 178112, "heap_draw_mpy": 177152,
        "heap_menu_mpy": 194272, "heap_settled_mpy": 163648, "peak_app_mpy": 194272,
        "boot_imports": 182322, "boot_board": 20798, "boot_app": 86302, "boot_frame": 14279}
# Issue 32 on an RP2040 emulator (stock MicroPython 1.28, as make flash builds it).
RP2040 = {"booted": 112.9, "hand": 118.3, "draw": 127.1, "peak": 134.0, "boot_s": 1.19}


def run_session(hands, heap, folder, block=None, **how):
    """session.py's report (a dict, with free_block from its mem_info lines), whether it
    ran clean or not."""
    args = [hands, block or 25, folder]
    done = mprun.run_process(SESSION, heap=heap, args=args, timeout=3600, **how)
    d = mprun.parse_report(done.stdout)
    if "gc_block" not in d:
        raise mprun.MicroPythonError("session.py stopped without its figures:\n"
                                     + done.stdout[-2000:] + done.stderr, done.returncode,
                                     done.stdout, done.stderr)
    blocks = mprun.free_blocks(done.stdout, int(d["gc_block"]))
    d["free_block"] = blocks[0] if blocks else None
    d["free_block_p1"] = blocks[len(blocks) // 100] if blocks else None
    d["free_block_median"] = blocks[len(blocks) // 2] if blocks else None
    d["names"] = mprun.qstr_pools(done.stdout)
    d["troubles"] = [line[len("trouble="):] for line in done.stdout.splitlines()
                     if line.startswith("trouble=") and "(" in line]
    return d


def names_line(before, after):
    """What the interned names cost and how near the next pool is.  On this port the pools
    hold 20, 40, 80, ... entries (so 4 pools for the 220 names before the app, 6 for the
    1,204 after it): a new name beyond the last pool's room allocates the next pool, twice
    the last, in one piece."""
    pools, n, text, total = after
    room = 20 * (2 ** pools - 1)
    nxt = 20 * 2 ** pools
    per = (total - text) / float(room)
    return ("Interned names (micropython.qstr_info(), the session as flashed): %s at the "
            "end, %s of them the app's, in %d pools with room for %s; %s more names would "
            "allocate a pool of %s entries in one piece (about %s here, where an entry takes "
            "about %.0f bytes; a Pico's names and entries differ)."
            % (_n(n), _n(n - before[1]), pools, _n(room), _n(room - n + 1), _n(nxt),
               _kb(nxt * per), per))


def bench_boot(folder, log):
    """Best of BOOT_RUNS per stage, in reference-loop iterations (waits at an RP2040's pace)."""
    runs = [mprun.parse_report(mprun.run(BOOT, heap=HEAP, args=[folder], mpy=True))
            for _ in range(BOOT_RUNS)]
    us_per_ref = min(int(r["ref_us"]) / float(r["ref_n"]) for r in runs)
    out = {"boot_hands_kept": int(runs[0]["boot_hands_kept"])}
    for stage in STAGES + AFTER:    # (AFTER's stages are not in the boot's total)
        cpu = min(int(r["boot_%s_us" % stage]) for r in runs)
        wait = min(int(r["boot_%s_wait_us" % stage]) for r in runs)
        out["boot_%s" % stage] = round(cpu / us_per_ref + wait / RP2040_US_PER_REF)
        out["boot_%s_wait" % stage] = round(wait / RP2040_US_PER_REF)
    out["boot_total"] = sum(out["boot_%s" % s] for s in STAGES)
    # the whole boot without the import wrapper (its own Python call per import statement)
    log("MicroPython: boot to the title page, imports not timed apart (%d runs) ..." % BOOT_RUNS)
    whole = [mprun.parse_report(mprun.run(BOOT, heap=HEAP, args=[folder, "whole"], mpy=True))
             for _ in range(BOOT_RUNS)]
    per_ref = min(int(r["ref_us"]) / float(r["ref_n"]) for r in whole)
    cpu = min(sum(int(r["boot_%s_us" % s]) for s in STAGES) for r in whole)
    out["boot_whole"] = round(cpu / per_ref) + sum(out["boot_%s_wait" % s] for s in STAGES)
    if shutil.which("valgrind"):
        from tools.bench import bootir
        log("MicroPython: boot to the title page in instructions (valgrind) ...")
        per_ref, steps = bootir.counts(folder)
        waits = sum(out["boot_%s_wait" % s] for s in STAGES)
        out["boot_ir"] = round(bootir.title(steps) / per_ref)
        out["boot_ir_save"] = round(dict(steps)["save"] / per_ref)
        out["boot_ir_total"] = out["boot_ir"] + waits
    return out


def bench_heap(log):
    out = {}
    folder = tempfile.mkdtemp(prefix="stud-session-")
    try:
        for kind in KINDS:
            log("MicroPython heap: the session, %d hands (%s) ..." % (SESSION_HANDS, kind))
            how = {"mpy": kind == "mpy", "romfs": kind == "romfs"}
            d = run_session(SESSION_HANDS, HEAP, folder, **how)
            for k in APP_KEYS:
                out["%s_%s" % (k, kind)] = int(d[k])
            if kind == "mpy":
                for k in ("hands", "demo_hands", "hands_kept", "memory_errors", "trouble"):
                    out["session_" + k] = int(d[k])
                out["names"] = d["names"]
                log("MicroPython: boot to the title page (%d runs) ..." % BOOT_RUNS)
                out.update(bench_boot(folder, log))
        log("MicroPython heap: the session in %s (as flashed) ..." % TARGET_HEAP)
        d = run_session(SESSION_HANDS, TARGET_HEAP, folder, mpy=True)
        out["target"] = {"stopped": d["stopped"], "hands": int(d["hands"]),
                         "memory_errors": int(d["memory_errors"]),
                         "troubles": d["troubles"], "free_block": d["free_block"],
                         "free_block_p1": d["free_block_p1"],
                         "free_block_median": d["free_block_median"],
                         "peak_app": int(d["peak_app"]),
                         "harness": int(d["heap_harness"]),
                         "interpreter": mprun.at_start(TARGET_HEAP)[0]}
        log("MicroPython heap: the smallest heap for the %d-hand session (as flashed) ..."
            % SHORT_HANDS)
        out["min_heap_mpy"] = mprun.min_heap(SESSION, [SHORT_HANDS, SHORT_BLOCK, folder],
                                             low="128K", high=HEAP, timeout=1800, mpy=True)
    finally:
        shutil.rmtree(folder, True)
    for kind in KINDS:
        log("MicroPython heap: floor by floor (%s) ..." % kind)
        d = mprun.parse_report(mprun.run(LAYERS, heap=HEAP, mpy=kind == "mpy",
                                         romfs=kind == "romfs"))
        for k in LAYER_KEYS:
            out["%s_%s" % (k, kind)] = int(d[k])
    out["native_thumb"], out["native_as_bytecode"] = native_sizes()
    return out


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


def _kb(n):
    return "%.1f KB" % (n / 1024.0)


def _n(n):
    return "{:,}".format(int(n))


def _verdict(ok):
    return "met" if ok else "NOT MET"


def print_heap(h):
    t = h["target"]
    peak = h["peak_app_mpy"]
    print("**Live heap** (tools/bench/session.py: %s hands of the whole app - every game, the "
          "demo, the menu and every page, SEL, NEW GAME, game changes, saves with %d kept "
          "hands - on the unix-port MicroPython; gc.mem_alloc() after gc.collect() after every "
          "frame and input, above the heap before the app's first import; a Pico holds about "
          "1/1.28 of it, as measured on an RP2040). Before issue 32: main at 119cc03, the same session."
          % (_n(h["session_hands"]), h["session_hands_kept"]))
    print()
    print("| the session | main, as flashed | as flashed | on a Pico (/1.28) | from ROMFS "
          "| from .py |")
    print("|---|---:|---:|---:|---:|---:|")
    names = {"heap_booted": "booted (title page)", "heap_hand": "stud hands (peak)",
             "heap_draw": "five card draw hands (peak)",
             "heap_menu": "the menu and its pages (peak)", "heap_settled": "at the table, at the end",
             "peak_app": "peak"}
    for k in APP_KEYS:
        mpy = h[k + "_mpy"]
        print("| %s | %s | %s | %s | %s | %s |" % (
            names[k], _kb(MAIN[k + "_mpy"]), _kb(mpy), _kb(mpy * PICO_PER_UNIX),
            _kb(h[k + "_romfs"]), _kb(h[k + "_py"])))
    print()
    stopped = t["stopped"] not in (None, "None", "n/a") or t["troubles"]
    print("Targets (issue 32), as flashed: peak <= %s: %s (%s); in a %s heap "
          "without a MemoryError: %s (%s); the smallest largest free block there >= %s: "
          "%s (%s; over the session's checks its 1st percentile %s, its median %s); the "
          "smallest heap the %d-hand session of make test runs in: %s. "
          "On an RP2040, issue 32 measured: booted %.1f KB, a 4-seat hand %.1f, a draw5 "
          "hand %.1f, peak %.1f."
          % (_kb(TARGETS["peak"]), _verdict(peak <= TARGETS["peak"]), _kb(peak), TARGET_HEAP,
             _verdict(not stopped),
             ("%d hands, no trouble" % t["hands"]) if not stopped else
             ("stopped after %d hands: %s" % (t["hands"], "; ".join(t["troubles"]) or
                                              t["stopped"])),
             _kb(TARGETS["free_block"]),
             _verdict(not stopped and t["free_block"] >= TARGETS["free_block"]),
             _kb(t["free_block"]) if t["free_block"] else "-",
             _kb(t["free_block_p1"]) if t.get("free_block_p1") else "-",
             _kb(t["free_block_median"]) if t.get("free_block_median") else "-", SHORT_HANDS,
             _kb(h["min_heap_mpy"]), RP2040["booted"], RP2040["hand"], RP2040["draw"],
             RP2040["peak"]))
    if t.get("harness"):
        print()
        print("That %s heap holds the session's own %s beside the app (in use before the app's "
              "first import: the interpreter's %s, the rest this script and its light board, "
              "which has no drivers); a device holds its pin map and its drivers there "
              "instead (the drivers' floor, below: %s as flashed)."
              % (TARGET_HEAP, _kb(t["harness"]), _kb(t["interpreter"]),
                 _kb(h["layer_drivers_mpy"])))
    print()
    names = h.get("names")
    if names and len(names) >= 2:
        print(names_line(names[0], names[-1]))
        print()
    print("**Boot to the title page** (tools/bench/boot.py: stud.boot's steps on the Pico's "
          "pin map and the virtual board's machine, with the save the session left, %d kept "
          "hands; best of %d runs; reference-loop iterations, a board's waits - the stick's "
          "centre, the I2C bytes - at an RP2040's %.2f us an iteration):"
          % (h["boot_hands_kept"], BOOT_RUNS, RP2040_US_PER_REF))
    print()
    print("| stage | main | this run | of which waits | on an RP2040 |")
    print("|---|---:|---:|---:|---:|")
    labels = {"imports": "imports (every module the boot loads before the title page)",
              "board": "board bring-up (pins, panel, stick, button)",
              "app": "the app built", "frame": "the title page on the glass"}
    for s in STAGES:
        print("| %s | %s | %s | %s | %.0f ms |" % (
            labels[s], _n(MAIN["boot_" + s]), _n(h["boot_" + s]), _n(h["boot_%s_wait" % s]),
            h["boot_" + s] * RP2040_US_PER_REF / 1000.0))
    total_main = sum(MAIN["boot_" + s] for s in STAGES)
    print("| in all | %s | %s | | %.2f s |" % (_n(total_main), _n(h["boot_total"]),
                                               h["boot_total"] * RP2040_US_PER_REF / 1e6))
    whole = h.get("boot_whole", h["boot_total"])
    print("| in all, the imports not timed apart | | %s | | %.2f s |"
          % (_n(whole), whole * RP2040_US_PER_REF / 1e6))
    if "boot_save" in h:
        print("| then: the save read, the title's game lines drawn, the first press taken "
              "| (in the app) | %s | | %.0f ms |"
              % (_n(h["boot_save"]), h["boot_save"] * RP2040_US_PER_REF / 1000.0))
    print()
    print("Target: <= %s iterations (0.9 s on an RP2040), the whole boot with the imports "
          "not timed apart: %s. Issue 32 measured %.2f s on an "
          "RP2040 (imports done at 674 ms, board up at 908, app built at 1,143, first title "
          "frame at 1,186)."
          % (_n(TARGETS["boot_ref"]), _verdict(whole <= TARGETS["boot_ref"]),
             RP2040["boot_s"]))
    if h.get("boot_ir") is not None:
        print()
        print("The same steps in instructions (`python -m tools.bench.bootir`, valgrind; "
              "deterministic, but a system call or a cache miss costs time that no instruction "
              "count shows): %s reference-loop iterations, %s with the board's waits; "
              "then the save read and the first press taken, %s."
              % (_n(h["boot_ir"]), _n(h["boot_ir_total"]), _n(h.get("boot_ir_save", 0))))
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
          "unix port maps it outside its heap, so the \"as flashed\" and ROMFS figures leave it "
          "out (the same modules as bytecode: %s)."
          % (_kb(h["native_thumb"]), ", ".join(os.path.basename(r)[:-3] for r in build.NATIVE),
             _kb(h["native_as_bytecode"])))
    print()
