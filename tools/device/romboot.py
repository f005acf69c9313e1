"""Run a script under the unix-port MicroPython with the firmware in a ROMFS, as a board
whose firmware has a ROMFS partition runs it (tools/device/mprun.py --romfs starts this).

    micropython -X heapsize=N tools/device/romboot.py IMAGE FREE SCRIPT [args...]

On a board the image is flash: only what the app makes at run time is heap.  Here the
image has to sit somewhere, so it is read into the heap first, and then a ballast
block takes whatever the larger heap has beyond what a plain run would have free when
the script starts: FREE (the free heap of a plain micropython in a heap of the size
asked for) less the script's compiled code.  The script then starts with the free
heap it would have without the image and this wrapper, to a block or two, and the
firmware imports from /rom, in place.
"""
import gc
import sys
import vfs


def _free():
    gc.collect()
    return gc.mem_free()


def main():
    image_path, free, script = sys.argv[1:4]
    for _ in range(3):
        sys.argv.pop(1)
    with open(image_path, "rb") as f:
        image = f.read()
    vfs.mount(vfs.VfsRom(image), "/rom")
    sys.path.insert(0, "/rom")
    before = _free()
    with open(script) as f:
        code = compile(f.read(), script, "exec")
    now = _free()
    # A plain run starts the script with FREE less its compiled code (before - now).
    extra = now - (int(free) - (before - now))
    if extra < 0:
        raise SystemExit("romboot: the heap is %d bytes too small for the image" % -extra)
    # the ballast's bytearray object (32 bytes on this port) and its data (16-byte blocks)
    ballast = bytearray(extra - 48) if extra >= 64 else None
    _free()
    exec(code, {"__name__": "__main__", "_romfs": (image, ballast)})


main()
