"""A pure-Python twin of MicroPython's framebuf for MONO_VLSB: the frame's base class
and the images' on CPython, and on MicroPython when a test hides framebuf
(sys.modules["framebuf"] = None before the first import of stud.ui.gfx.frame).

Same constructor, methods, clipping and pixels as framebuf.FrameBuffer (blit's
key and palette included); host_tests/mp/ui_canvas.py draws thousands of random
calls on both and compares.  stud.ui.gfx.frame loads this module only where
framebuf is missing.
"""


class Bitmap:
    """A MONO_VLSB bitmap in pure Python with framebuf's drawing methods and results.

    The base of stud.ui.gfx.frame.Frame, and the images, where framebuf is
    missing.  `fmt` is framebuf's format argument: MONO_VLSB (0) is the only one.
    Its pixel() also reads framebuf images, so it can blit them.
    """

    def __init__(self, buf, width, height, fmt=0):
        self.buf = buf
        self.width = width
        self.height = height

    def fill(self, c):
        v = 0xFF if c else 0
        buf = self.buf
        for i in range(((self.height + 7) >> 3) * self.width):
            buf[i] = v

    def pixel(self, x, y, c=-1):
        if x < 0 or y < 0 or x >= self.width or y >= self.height:
            return None
        i = (y >> 3) * self.width + x
        bit = 1 << (y & 7)
        if c == -1:
            return 1 if self.buf[i] & bit else 0
        if c:
            self.buf[i] |= bit
        else:
            self.buf[i] &= ~bit & 0xFF
        return None

    # (Bitmap.fill_rect, not self.fill_rect: a subclass that overrides fill_rect sees
    # the calls it makes, as with framebuf, not these)
    def hline(self, x, y, w, c):
        Bitmap.fill_rect(self, x, y, w, 1, c)

    def vline(self, x, y, h, c):
        Bitmap.fill_rect(self, x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        fill = Bitmap.fill_rect
        if f:
            fill(self, x, y, w, h, c)
            return
        fill(self, x, y, w, 1, c)
        fill(self, x, y + h - 1, w, 1, c)
        fill(self, x, y, 1, h, c)
        fill(self, x + w - 1, y, 1, h, c)

    def fill_rect(self, x, y, w, h, c):
        width = self.width
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= width:
            return
        xe = min(width, x + w)
        ye = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        buf = self.buf
        while y < ye:
            page = y >> 3
            top = y & 7
            bot = min(8, top + ye - y)
            mask = ((1 << bot) - 1) ^ ((1 << top) - 1)
            base = page * width
            if c:
                for i in range(base + x, base + xe):
                    buf[i] |= mask
            else:
                keep = ~mask & 0xFF
                for i in range(base + x, base + xe):
                    buf[i] &= keep
            y = (page + 1) << 3

    def blit(self, src, x, y, key=-1, palette=None):
        """framebuf.blit: src's pixels at (x, y); a pixel whose colour (after the
        palette, if any) equals key is skipped."""
        sw = src.width
        sh = src.height
        if x >= self.width or y >= self.height or -x >= sw or -y >= sh:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self.width, x + sw)
        y0end = min(self.height, y + sh)
        get = src.pixel
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = get(cx1, y1)
                if palette is not None:
                    col = palette.pixel(col, 0)
                if col != key:
                    self.pixel(cx0, y0, col)
                cx1 += 1
            y1 += 1
            y0 += 1
