"""The one 1,024-byte frame: a framebuf.FrameBuffer in the SSD1306's page layout, our
pixel fonts on it, and which pages changed.

As micropython-lib's ssd1306.SSD1306 does, `Frame` *is* the frame buffer: on
MicroPython it subclasses framebuf.FrameBuffer (MONO_VLSB), so fill_rect, rect,
hline, vline, pixel and blit are framebuf's C code on the frame itself.  Where
framebuf is missing (CPython) the same class derives from the pure-Python twin,
stud.ui.gfx.canvas.Bitmap, which draws the same pixels (clipping and blit's key
and palette included); the choice is made once, at import.  Either way the
bytes are in `buf`: byte i holds column i % 128 of page i // 128, bit b is row
page * 8 + b, exactly what an SSD1306 takes over I2C, so a driver sends `buf`
page by page without copying it.

Dirty pages: `dirty` has bit p set for every page changed since the last
`take_dirty()`.  Drawing calls do not mark it (that would cost every call a
mask); whoever draws marks the pages of the area it redraws - a screen marks
its regions' pages (stud.ui.screens.Screen.render).

Text is drawn a glyph at a time straight from the font's bytes (char: its columns
OR-ed into the pages), on every runtime, so no glyph needs an image of its own in
the heap; the card glyphs are MONO_VLSB images made by `image()`, blitted.  This
module knows nothing of fonts beyond what `text` reads from the font it is given
(stud.ui.gfx.fonts.Font: first, widths, data, stride).
"""
from stud.core.compat import const
from stud.ui.gfx.fonts import SMALL

try:
    import framebuf as _framebuf
except ImportError:
    _framebuf = None
if _framebuf is None:        # CPython; or a test hid framebuf (sys.modules["framebuf"] = None)
    from stud.ui.gfx.canvas import Bitmap as _Base   # not even loaded where framebuf is
    PURE = True
else:
    _Base = _framebuf.FrameBuffer
    PURE = False

MONO_VLSB = const(0)         # framebuf.MONO_VLSB

WIDTH = const(128)
HEIGHT = const(64)
PAGES = const(8)
ALL_PAGES = const(0xFF)


def rows_mask(y, h):
    """Bit p set for each page p that rows y .. y+h-1 touch, clipped to the screen."""
    b = y + h - 1
    if y < 0:
        y = 0
    if b > 63:
        b = 63
    if b < y:
        return 0
    return (2 << (b >> 3)) - (1 << (y >> 3))


def image(data, width, height):
    """A MONO_VLSB image over `data` (((height + 7) // 8) * width bytes, writable)."""
    return _Base(data, width, height, MONO_VLSB)


# Blit through this palette with key 1 and a glyph's set pixels are drawn in colour 0.
INVERT = image(bytearray((1, 0)), 2, 1)


class Frame(_Base):
    """The frame buffer (framebuf.FrameBuffer where it exists), our fonts, dirty pages."""

    def __init__(self):
        buf = bytearray(WIDTH * PAGES)
        super().__init__(buf, WIDTH, HEIGHT, MONO_VLSB)
        self.buf = buf
        self.dirty = ALL_PAGES  # the panel's contents are unknown until the first flush
        self._digits = bytearray(10)

    def take_dirty(self):
        """The pages changed since the last call (bit p = page p); clears the mark."""
        d = self.dirty
        self.dirty = 0
        return d

    def glyph(self, img, x, y, c=1):
        """An image's set pixels in colour c, the rest left as it was."""
        if c:
            self.blit(img, x, y, 0)
        else:
            self.blit(img, x, y, 1, INVERT)

    def text(self, s, x, y, c=1, font=SMALL):
        """`s` in one of our fonts, set pixels in colour c; returns the x after it."""
        first = font.first
        n = len(font.widths)
        x1 = x
        for i in s.encode():        # (a str's characters would each be a str)
            i -= first
            if 0 <= i < n:
                x1 = self.char(font, i, x1, y, c)
        return x1

    def number(self, n, x, y, c=1, font=SMALL):
        """Non-negative int n in decimal, drawn without making a string; returns the x after it."""
        digits = self._digits
        k = 0
        while True:
            digits[k] = n % 10
            n //= 10
            k += 1
            if not n:
                break
        x1 = x
        zero = 48 - font.first
        while k:      # most significant first
            k -= 1
            x1 = self.char(font, zero + digits[k], x1, y, c)
        return x1

    def char(self, font, i, x, y, c):
        """Glyph i of a font at x: its columns OR-ed into (for colour 0, AND-ed out of) the
        page bytes, the pixels framebuf's blit with key 0 (or the inverting palette and
        key 1) would draw.  No image per glyph: the font's bytes are read as they are.
        Returns the x after the glyph and its gap."""
        w = font.widths[i]
        data = font.data
        o = i * font.stride
        buf = self.buf
        sh = y & 7
        p = y >> 3
        lo = p << 7 if 0 <= p < 8 else -1
        hi = (p + 1) << 7 if sh and -1 <= p < 7 else -1
        for k in range(w):
            xx = x + k
            if 0 <= xx < 128:
                v = data[o + k] << sh
                if c:
                    if lo >= 0:
                        buf[lo + xx] |= v & 0xFF
                    if hi >= 0:
                        buf[hi + xx] |= v >> 8
                else:
                    if lo >= 0:
                        buf[lo + xx] &= ~v & 0xFF
                    if hi >= 0:
                        buf[hi + xx] &= ~(v >> 8) & 0xFF
        return x + w + 1
