"""SSD1306 OLED over I2C (MicroPython): setup, contrast, invert, sleep, and a flush
that sends only the pages the game changed, straight from the frame buffer.

The frame (stud.ui.gfx.frame) is already in the controller's page layout, so a
flush is, per run of consecutive changed pages, one command write (column
window 0..127, page window first..last) and one data write made with
writevto from a control byte and a memoryview slice of the frame: nothing is
copied and, once each run of pages has had its memoryview slice made,
nothing is allocated at all.

128 x 32 panels: the controller has 64 rows of RAM whatever the glass, so
the whole 128 x 64 frame goes into it exactly as on a 64-row panel, and the
glass shows 32 of those rows from the display start line: the bottom half
(rows 32..63: your cards and the command line) unless the board map says
DISPLAY_TOP = 0.  `pan(row)` moves the window without sending the frame again.

Frame pacing: a whole frame is 1,024 data bytes, about 23 ms on a 400 kHz bus -
longer than the game's 20 ms tick - so one show() sends at most `max_pages`
pages (as many as fit in _FLUSH_BUDGET_US at the bus speed: 4 at 400 kHz, all 8
at 1 MHz) and gives the rest back to the frame's dirty mask: the app's next tick
sends them, after reading input.  A full redraw thus never holds input back by
more than one tick; it reaches the glass over two ticks at 400 kHz.
"""
from stud.core.compat import const
from stud.drivers import WiringError, NO_DISPLAY, DISPLAY_FAILED, BUS_FAILED

WIDTH = const(128)
_PAGE_BYTES = const(128)

# The controller's commands (SSD1306 datasheet, section 9; micropython-lib's names).
_SET_CONTRAST = const(0x81)         # + level 0..255
_SET_ENTIRE_ON = const(0xA4)        # | 1: every pixel on, whatever the RAM holds
SET_NORM_INV = const(0xA6)         # | 1: inverse video
_SET_DISP = const(0xAE)             # | 1: display on (0: sleep, RAM kept)
_SET_MEM_ADDR = const(0x20)         # + 0 horizontal, 1 vertical, 2 page addressing
_SET_COL_ADDR = const(0x21)         # + first, last column of the window
_SET_PAGE_ADDR = const(0x22)        # + first, last page of the window
_SET_DISP_START_LINE = const(0x40)  # | the RAM row shown on the glass's first row (0..63)
_SET_SEG_REMAP = const(0xA0)        # | 1: column 127 is SEG0 (column 0 at the left, as mounted)
_SET_MUX_RATIO = const(0xA8)        # + rows of glass driven - 1
_SET_COM_OUT_DIR = const(0xC0)      # | 8: scan from COM[N-1] to COM0
_SET_DISP_OFFSET = const(0xD3)      # + vertical shift of the COM lines
_SET_COM_PIN_CFG = const(0xDA)      # + 0x12 alternative pins (128x64), 0x02 sequential (128x32)
_SET_DISP_CLK_DIV = const(0xD5)     # + clock divide ratio / oscillator frequency
_SET_PRECHARGE = const(0xD9)        # + pre-charge period
_SET_VCOM_DESEL = const(0xDB)       # + VCOMH deselect level
_SET_CHARGE_PUMP = const(0x8D)      # + 0x14 on (internal supply), 0x10 off (external VCC)
_SET_SCROLL = const(0x2E)           # | 1: scroll (0: stop scrolling)

_FLUSH_BUDGET_US = const(12000)    # bus time one show() may take: 12 of the tick's 20 ms
PAGE_BITS = const(1170)            # a page on the bus: (control byte + 128 bytes) x 9 bits + start/stop
WINDOW_BITS = const(74)            # its window command: (address + 7 bytes) x 9 bits + start/stop

_CONTROL_CMD = const(0x00)         # I2C control byte: the rest are command bytes
_CONTROL_DATA = const(0x40)        # I2C control byte: the rest are display RAM bytes


def hexaddr(a):
    return "0x%02X" % a


def init_sequence(height=64, external_vcc=False, flip=False, top=0, contrast=0xFF):
    """The setup commands for a 128 x `height` module (micropython-lib's ssd1306 order)."""
    return bytes((
        _SET_DISP,                                # off while it is set up
        _SET_MEM_ADDR, 0x00,                      # horizontal addressing: one window, one write
        _SET_SEG_REMAP | (0 if flip else 1),      # column 0 at the left (flip: at the right)
        _SET_COM_OUT_DIR | (0 if flip else 8),    # COM scan from the top (flip: rotate 180)
        _SET_MUX_RATIO, height - 1,               # rows of glass
        _SET_DISP_OFFSET, 0x00,
        _SET_DISP_START_LINE | (top & 0x3F),      # which RAM row the glass starts at
        _SET_COM_PIN_CFG, 0x12 if height == 64 else 0x02,
        _SET_DISP_CLK_DIV, 0x80,
        _SET_PRECHARGE, 0x22 if external_vcc else 0xF1,
        _SET_VCOM_DESEL, 0x30,
        _SET_CONTRAST, contrast,
        _SET_ENTIRE_ON,                           # show RAM (not all pixels on)
        SET_NORM_INV,                            # not inverted
        _SET_CHARGE_PUMP, 0x10 if external_vcc else 0x14,
        _SET_SCROLL,                              # no scrolling
        _SET_DISP | 1,                            # on
    ))


def pages_per_show(freq):
    """How many pages one show() sends on a bus at `freq` Hz (1..8): those whose
    bytes, with one window command, fit in _FLUSH_BUDGET_US."""
    bits = _FLUSH_BUDGET_US * (freq // 1000) // 1000 - WINDOW_BITS
    return max(1, min(8, bits // PAGE_BITS))


def probe(i2c, addr, where):
    """Scan the bus; WiringError saying what was found and what to check, unless
    something answers at `addr`."""
    try:
        found = i2c.scan()
    except OSError as e:
        raise WiringError(
            "the I2C bus %s could not be scanned (%s).\n"
            "  check: SDA and SCL go to the pins named in pins.py, and nothing shorts them"
            % (where, e), BUS_FAILED)
    if addr in found:
        return found
    if found:
        seen = "found " + ", ".join(hexaddr(a) for a in found) + " - no display at " + hexaddr(addr)
        hint = ("  fix:      if that is your display, set DISPLAY_ADDR = %s in pins.py\n"
                "            (modules with an address jumper use 0x3C or 0x3D)" % hexaddr(found[0]))
    else:
        seen = "no device answered on %s" % where
        hint = ("  check:    SDA and SCL not swapped; the display has power (VCC to 3V3, GND to\n"
                "            GND); the bus has pull-ups (most OLED modules carry 4.7k ones,\n"
                "            a bare panel needs them to 3V3); the wires are seated")
    raise WiringError(
        "no display found.\n"
        "  expected: an SSD1306 OLED at I2C address %s on %s\n"
        "  scanned:  %s\n%s" % (hexaddr(addr), where, seen, hint), NO_DISPLAY)


class SSD1306:
    """The panel: show(frame), contrast(v), power(on), invert(on), pan(row)."""

    def __init__(self, i2c, addr=0x3C, height=64, external_vcc=False, flip=False, top=None,
                 where="the I2C bus", scan=True, freq=400000):
        if height not in (64, 32):
            raise WiringError("DISPLAY_HEIGHT must be 64 or 32, not %r" % (height,), NO_DISPLAY)
        self.i2c = i2c
        self.addr = addr
        self.height = height
        self.where = where
        if top is None:
            top = 32 if height == 32 else 0
        self.top = top
        self.max_pages = pages_per_show(freq)                # pages one show() may send
        self._cmd1 = bytearray((_CONTROL_CMD, 0))            # one command
        self._cmd2 = bytearray((_CONTROL_CMD, 0, 0))         # a command and its argument
        self._window = bytearray((_CONTROL_CMD, _SET_COL_ADDR, 0, WIDTH - 1,
                                  _SET_PAGE_ADDR, 0, 7))      # columns 0..127, pages [5]..[6]
        self._vec = [bytes((_CONTROL_DATA,)), None]           # control byte + the frame's slice
        self._buf = None
        self._mv = None
        self._slices = {}
        if scan:
            probe(i2c, addr, where)
        self._write(bytes((_CONTROL_CMD,)) + init_sequence(height, external_vcc, flip, top))

    def _write(self, data):
        try:
            self.i2c.writeto(self.addr, data)
        except OSError as e:
            raise WiringError(
                "the display at %s on %s stopped answering (%s).\n"
                "  check: loose SDA/SCL wires, long leads (try freq=100000 in pins.py)"
                % (hexaddr(self.addr), self.where, e), DISPLAY_FAILED)

    def command(self, c):
        self._cmd1[1] = c
        self._write(self._cmd1)

    def command2(self, c, arg):
        self._cmd2[1] = c
        self._cmd2[2] = arg
        self._write(self._cmd2)

    def show(self, frame):
        """Send the pages changed since the last show (frame.take_dirty()), at most
        max_pages of them, top first; the others stay dirty for the next show."""
        dirty = frame.take_dirty()
        if not dirty:
            return 0
        buf = frame.buf
        if buf is not self._buf:
            self._buf = buf
            self._mv = memoryview(buf)
            self._slices = {}
        sent = 0
        page = 0
        room = self.max_pages
        while page < 8 and room:
            if not dirty & (1 << page):
                page += 1
                continue
            last = page
            while last < 7 and dirty & (2 << last) and last - page + 1 < room:
                last += 1
            self._send(page, last)
            sent += last - page + 1
            room -= last - page + 1
            page = last + 1
        rest = dirty >> page << page       # the pages not sent: the next show sends them
        if rest:
            frame.dirty |= rest
        return sent

    def _send(self, first, last):
        w = self._window
        w[5] = first
        w[6] = last
        self._write(w)
        vec = self._vec
        key = first * 8 + last
        part = self._slices.get(key)
        if part is None:      # at most 36 runs of pages: made once, reused by every flush
            part = self._mv[first * _PAGE_BYTES:(last + 1) * _PAGE_BYTES]
            self._slices[key] = part
        vec[1] = part
        try:
            self.i2c.writevto(self.addr, vec)
        except OSError as e:
            raise WiringError("the display at %s failed during a flush (%s)"
                              % (hexaddr(self.addr), e), DISPLAY_FAILED)
        finally:
            vec[1] = None

    def contrast(self, value):
        self.command2(_SET_CONTRAST, max(0, min(255, value)))

    def power(self, on):
        """Sleep (off: the panel goes dark, RAM is kept) or wake."""
        self.command(_SET_DISP | (1 if on else 0))

    def invert(self, on):
        self.command(SET_NORM_INV | (1 if on else 0))

    def pan(self, row):
        """128 x 32 panels: show RAM rows row..row+31 (0 top half, 32 bottom half)."""
        self.top = row & 0x3F
        self.command(_SET_DISP_START_LINE | self.top)
