"""The frame's drawing, pixel for pixel: seeded random drawing calls (clipped at every
edge, glyph blits with and without key and palette, text in both fonts at any
offset, numbers, cards), the frame digested after each; the same on CPython's
pure canvas, MicroPython's framebuf and MicroPython's pure canvas.

    python host_tests/dual/ui_canvas.py [pure] [--dump]          (PYTHONPATH=firmware:tools/harness)
    python -m tools.device.mprun host_tests/dual/ui_canvas.py [pure]

(Drawing calls do not mark dirty pages: the screens mark their regions'; the
app's tests check that every page a render changes reaches the panel.)
"""
import sys

from harness import Digest, report, RUNTIME

if "pure" in sys.argv:
    sys.modules["framebuf"] = None     # stud.ui.gfx.frame falls back to the pure canvas

from stud.ui.gfx import glyphs  # noqa: E402
from stud.ui.gfx import frame  # noqa: E402
from stud.ui.gfx.fonts import SMALL, BIG  # noqa: E402
from stud.ui.gfx.frame import Frame, INVERT  # noqa: E402
from stud.core.rng import Rng  # noqa: E402

SEED = 2024
CALLS = 1500
WORDS = ("POT 33", "RAISE", "SID 999", "FULL HOUSE, FIVES FULL", "7 CARD STUD", "A%B:C-D.E",
         "MENU", "^", "HINT: CALL", "?!'()+,/<=>")


def pick(rng, n):
    return rng.getrandbits(16) % n


def coord(rng, size):
    return pick(rng, size + 24) - 12


def main():
    rng = Rng(SEED)
    log = Digest("--dump" in sys.argv)
    f = Frame()
    images = glyphs.RANKS + glyphs.SUITS + [glyphs.BACK_IMAGE]
    for i in range(CALLS):
        op = pick(rng, 10)
        x = coord(rng, 128)
        y = coord(rng, 64)
        w = pick(rng, 40) - 2
        h = pick(rng, 30) - 2
        c = pick(rng, 2)
        if op == 0:
            f.fill_rect(x, y, w, h, c)
        elif op == 1:
            f.rect(x, y, w, h, c)
        elif op == 2:
            f.hline(x, y, w, c)
        elif op == 3:
            f.vline(x, y, h, c)
        elif op == 4:
            f.pixel(x, y, c)
        elif op == 5:
            k = pick(rng, len(images))
            key = pick(rng, 3) - 1
            f.blit(images[k], x, y, key, INVERT if pick(rng, 2) else None)
        elif op == 6:
            f.text(WORDS[pick(rng, len(WORDS))], x, y, c, BIG if pick(rng, 3) == 0 else SMALL)
        elif op == 7:
            f.number(rng.getrandbits(14), x, y, c, BIG if pick(rng, 2) else SMALL)
        elif op == 8:
            glyphs.card(f, pick(rng, 52), x, y, pick(rng, 3))
        else:
            if pick(rng, 8) == 0:
                f.fill(c)
            else:
                f.glyph(images[pick(rng, 17)], x, y, c)
        if i % 10 == 9:
            log.line("%d %s" % (i, _hex(f.buf)))
    report("runtime", RUNTIME)
    report("canvas_pure", 1 if frame.PURE else 0)
    report("canvas_calls", CALLS)
    report("canvas_digest", log.hexdigest())


def _hex(buf):
    from binascii import hexlify
    return hexlify(bytes(buf)).decode()


main()
