"""The one 1,024-byte frame: SSD1306 page layout, drawing, and which pages changed.

Byte i of `buf` holds column i % 128 of page i // 128, bit b is row page*8 + b
(framebuf.MONO_VLSB), exactly what an SSD1306 takes over I2C, so a driver sends
`buf` page by page without copying it.  `dirty` has bit p set for every page
drawn on since the last `take_dirty()`: each drawing call marks the pages its
rows touch (one shift and subtract, no per-pixel book-keeping), and the driver
sends only those.

On MicroPython the drawing is framebuf's C code over `buf`; elsewhere the
pure-Python canvas of stud.ui.gfx.canvas, with the same methods and, pixel for pixel,
the same results (clipping and blit's key and palette included), so CPython
and every board draw identical frames.  Images (glyphs) are MONO_VLSB bitmaps
made by `image()`: framebuf.FrameBuffer where it exists.
"""
from stud.core.compat import const

try:
    import framebuf as _framebuf
except ImportError:
    _framebuf = None

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


# Tests set this before importing stud.ui.gfx.fonts to draw with the pure canvas on
# MicroPython too (its blit reads the images' pixels, so they must be Bitmaps).
FORCE_PURE = False


def _bitmap():
    from stud.ui.gfx.canvas import Bitmap   # the pure canvas: not even loaded where framebuf is
    return Bitmap


def image(data, width, height):
    """A MONO_VLSB image over `data` (((height + 7) // 8) * width bytes, writable)."""
    if _framebuf is None or FORCE_PURE:
        return _bitmap()(data, width, height)
    return _framebuf.FrameBuffer(data, width, height, _framebuf.MONO_VLSB)


# Blit through this palette with key 1 and a glyph's set pixels are drawn in colour 0.
INVERT = image(bytearray((1, 0)), 2, 1)
_FONT = None


def _default_font():
    global _FONT
    if _FONT is None:
        from stud.ui.gfx.fonts import SMALL
        _FONT = SMALL
    return _FONT


class Frame:
    """The frame buffer with dirty-page tracking; draws with framebuf where it exists."""

    def __init__(self, pure=False):
        self.buf = bytearray(WIDTH * PAGES)
        self.dirty = ALL_PAGES  # the panel's contents are unknown until the first flush
        if _framebuf is None or pure or FORCE_PURE:
            self.fb = _bitmap()(self.buf, WIDTH, HEIGHT)
            self.pure = True
        else:
            self.fb = _framebuf.FrameBuffer(self.buf, WIDTH, HEIGHT, _framebuf.MONO_VLSB)
            self.pure = False
        self.invert = INVERT
        # A list here and every text, number and card drawn is noted in it as
        # ("text", str, x, y, colour) or ("card", card or -1 for a back, x, y, style),
        # and a fill_rect over a note's corner wipes the note, as it wipes the pixels:
        # the list always says what the screen shows (tests, tools).  None on the device.
        self.log = None
        self._digits = bytearray(10)

    def take_dirty(self):
        """The pages changed since the last call (bit p = page p); clears the mark."""
        d = self.dirty
        self.dirty = 0
        return d

    def fill(self, c):
        self.fb.fill(c)
        self.dirty = ALL_PAGES
        if self.log is not None:
            del self.log[:]

    def pixel(self, x, y, c=-1):
        if c == -1:
            return self.fb.pixel(x, y)
        self.fb.pixel(x, y, c)
        self.dirty |= rows_mask(y, 1)

    def hline(self, x, y, w, c):
        self.fb.hline(x, y, w, c)
        self.dirty |= rows_mask(y, 1)

    def vline(self, x, y, h, c):
        self.fb.vline(x, y, h, c)
        self.dirty |= rows_mask(y, h)

    def rect(self, x, y, w, h, c):
        self.fb.rect(x, y, w, h, c)
        # framebuf draws the bottom edge at row y + h - 1 even when h < 1
        self.dirty |= rows_mask(y, h) | rows_mask(y, 1) | rows_mask(y + h - 1, 1)

    def fill_rect(self, x, y, w, h, c):
        self.fb.fill_rect(x, y, w, h, c)
        self.dirty |= rows_mask(y, h)
        if self.log is not None:
            _wipe(self.log, x, y, w, h)

    def blit(self, img, x, y, key=-1, palette=None, h=HEIGHT):
        """framebuf.blit; `h` is the image's height (the dirty mark), if known."""
        self.fb.blit(img, x, y, key, palette)
        self.dirty |= rows_mask(y, h)

    def glyph(self, img, x, y, h, c=1):
        """An image's set pixels in colour c, the rest left as it was."""
        if c:
            self.fb.blit(img, x, y, 0)
        else:
            self.fb.blit(img, x, y, 1, self.invert)
        self.dirty |= rows_mask(y, h)

    def text(self, s, x, y, c=1, font=None):
        """`s` in one of our fonts (stud.ui.gfx.fonts), set pixels in colour c; returns the x after it.

        With framebuf, each glyph is one blit of its image (made the first time
        the glyph is drawn); the pure canvas ORs (AND-s out, for colour 0) the
        glyph's column bytes into the pages.  The pixels are the same."""
        if font is None:
            font = _default_font()
        first = font.first
        widths = font.widths
        n = len(widths)
        x1 = x
        if self.pure:
            for ch in s:
                i = ord(ch) - first
                if 0 <= i < n:
                    x1 = self.fb.glyph(font, i, x1, y, c)
        else:
            fb = self.fb
            imgs = font.images
            for ch in s:
                i = ord(ch) - first
                if 0 <= i < n and widths[i]:
                    img = imgs[i]
                    if img is None:
                        img = font.image(i)
                    if c:
                        fb.blit(img, x1, y, 0)
                    else:
                        fb.blit(img, x1, y, 1, INVERT)
                    x1 += widths[i] + 1
                elif 0 <= i < n:
                    x1 += 1           # no glyph: only the gap, as the pure canvas does
        self.dirty |= rows_mask(y, font.height)
        if self.log is not None:
            self.log.append(("text", s, x, y, c))
        return x1

    def number(self, n, x, y, c=1, font=None):
        """Non-negative int n in decimal, drawn without making a string; returns the x after it."""
        if font is None:
            font = _default_font()
        digits = self._digits
        k = 0
        n0 = n
        while True:
            digits[k] = n % 10
            n //= 10
            k += 1
            if not n:
                break
        x1 = x
        zero = 48 - font.first
        if self.pure:
            while k:      # most significant first
                k -= 1
                x1 = self.fb.glyph(font, zero + digits[k], x1, y, c)
        else:
            fb = self.fb
            imgs = font.images
            w = font.widths[zero] + 1      # digits are all as wide as '0'
            while k:
                k -= 1
                i = zero + digits[k]
                img = imgs[i]
                if img is None:
                    img = font.image(i)
                if c:
                    fb.blit(img, x1, y, 0)
                else:
                    fb.blit(img, x1, y, 1, INVERT)
                x1 += w
        self.dirty |= rows_mask(y, font.height)
        if self.log is not None:
            self.log.append(("text", str(n0), x, y, c))
        return x1

def _wipe(log, x, y, w, h):
    i = 0
    while i < len(log):
        e = log[i]
        if x <= e[2] < x + w and y <= e[3] < y + h:
            del log[i]
        else:
            i += 1

