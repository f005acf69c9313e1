"""A model of the SSD1306 OLED controller, for tests and the virtual board.

    emu = SSD1306Emu(height=64, address=0x3C)
    emu.i2c_write(0x3C, b"\\x00\\xae...")      # one I2C transaction, as on the wire
    emu.visible_pages()                       # what the glass shows, in MONO_VLSB page layout
    print(emu.text())                         # the glass as '#' and '.'

It executes what a driver sends, byte by byte, the way the chip does:

  * The I2C framing: each transaction starts with a control byte.  Co = bit 7,
    D/C# = bit 6.  Co = 0: every following byte is data (D/C# = 1) or a
    command byte (D/C# = 0).  Co = 1: one byte follows, then another control
    byte (what Adafruit's displayio sends: 0x80 before every command byte).
  * Commands are parsed as a stream, so a command's arguments may come in the
    same transaction or in later ones (0x80-prefixed, one a transaction).
  * The 128 x 64 bit display RAM (GDDRAM, 8 pages of 128 columns; bit 0 of a
    byte is the top row of its page) is written through the three addressing
    modes: horizontal (0x20 0x00), vertical (0x20 0x01), page (0x20 0x02) with
    the column window (0x21) and page window (0x22) in the first two, and the
    column start (0x00-0x1F) and page start (0xB0-0xB7) in page mode.  The
    column/page pointers wrap inside the windows as the datasheet says.
  * What the glass shows: the multiplex ratio (0xA8) selects how many COM rows
    are driven, from the display start line (0x40-0x7F) plus the display
    offset (0xD3); segment remap (0xA0/0xA1) and COM scan direction
    (0xC0/0xC8) mirror it; the COM pin configuration (0xDA) must match how the
    module is wired (alternative for 128 x 64 glass, sequential for 128 x 32)
    or the rows come out interleaved; contrast (0x81), entire display on
    (0xA4/0xA5), inverse (0xA6/0xA7), display on/off (0xAE/0xAF) and the charge
    pump (0x8D) complete it.  "As seen" means a module mounted the usual way:
    A1 + C8 show RAM column 0 at the left and the start line at the top.
  * Scrolling commands and timing commands (clock, precharge, VCOMH) are
    parsed and recorded; scrolling is not animated.

Nothing here knows about Pocket Stud's frame: tests compare what the glass
shows with what the game drew.
"""

WIDTH = 128
RAM_PAGES = 8

# Command byte -> number of argument bytes that follow it.
_ARGS = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1,
    0xD9: 1, 0xDA: 1, 0xDB: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0xA3: 2,
    0xAD: 1, 0xD6: 1,
}


class ProtocolError(Exception):
    """Something a real SSD1306 would not take (a test should fail on it)."""


class SSD1306Emu:
    def __init__(self, height=64, address=0x3C, width=WIDTH, strict=True):
        if height not in (64, 32):
            raise ValueError("glass height 64 or 32, not %r" % (height,))
        self.width = width
        self.height = height                    # rows of glass on the module
        self.address = address
        self.com_alt_wired = height == 64        # how the module's COM lines are wired
        self.strict = strict
        self.ram = bytearray(WIDTH * RAM_PAGES)
        self.log = []                            # (kind, bytes) per transaction
        self.transactions = 0
        self.data_bytes = 0
        self.command_bytes = 0
        self.reset()

    # ---- power-on state (datasheet "reset" column) -------------------------------
    def reset(self):
        self.mode = 2                    # page addressing
        self.col_start, self.col_end = 0, 127
        self.page_start, self.page_end = 0, 7
        self.col = 0
        self.page = 0
        self.contrast = 0x7F
        self.display_on = False
        self.entire_on = False
        self.inverse = False
        self.seg_remap = False
        self.com_remap = False
        self.mux = 64
        self.offset = 0
        self.start_line = 0
        self.com_alt = True
        self.charge_pump = False
        self.scrolling = False
        self.clock_div = 0x80
        self.precharge = 0x22
        self.vcomh = 0x20
        self._pending = None             # [command, args...] waiting for arguments
        self.commands = []               # every complete command, as a tuple of bytes

    # ---- the bus -------------------------------------------------------------------
    def i2c_write(self, address, data):
        """One I2C write transaction.  Returns False (a NACK) if it is not for us."""
        if address != self.address:
            return False
        data = bytes(data)
        if not data:
            return True
        self.transactions += 1
        i = 0
        n = len(data)
        while i < n:
            control = data[i]
            i += 1
            if control & 0x3F and self.strict:
                raise ProtocolError("control byte 0x%02X has bits 0-5 set" % control)
            is_data = bool(control & 0x40)
            if control & 0x80:           # Co = 1: exactly one byte, then another control byte
                if i >= n:
                    break
                chunk = data[i:i + 1]
                i += 1
            else:                        # Co = 0: the rest of the transaction
                chunk = data[i:]
                i = n
            if is_data:
                self.log.append(("data", chunk))
                self._data(chunk)
            else:
                self.log.append(("cmd", chunk))
                for b in chunk:
                    self._command_byte(b)
        return True

    def writevto(self, address, vector):
        """machine.I2C.writevto: the buffers go out as one transaction."""
        return self.i2c_write(address, b"".join(bytes(v) for v in vector))

    # ---- commands ------------------------------------------------------------------
    def _command_byte(self, b):
        self.command_bytes += 1
        if self._pending is not None:
            self._pending.append(b)
            if len(self._pending) == 1 + _ARGS[self._pending[0]]:
                cmd = tuple(self._pending)
                self._pending = None
                self._execute(cmd)
            return
        if b in _ARGS:
            self._pending = [b]
            return
        self._execute((b,))

    def _execute(self, cmd):
        self.commands.append(cmd)
        c = cmd[0]
        if c == 0x20:
            if cmd[1] & 3 == 3:
                raise ProtocolError("0x20: addressing mode 3 is invalid")
            self.mode = cmd[1] & 3
        elif c == 0x21:
            self.col_start, self.col_end = cmd[1] & 0x7F, cmd[2] & 0x7F
            self.col = self.col_start
        elif c == 0x22:
            self.page_start, self.page_end = cmd[1] & 7, cmd[2] & 7
            self.page = self.page_start
        elif c <= 0x0F:
            self.col = (self.col & 0xF0) | c
        elif c <= 0x1F:
            self.col = (self.col & 0x0F) | ((c & 0x07) << 4)
        elif 0xB0 <= c <= 0xB7:
            self.page = c & 7
        elif 0x40 <= c <= 0x7F:
            self.start_line = c & 0x3F
        elif c == 0x81:
            self.contrast = cmd[1]
        elif c in (0xA4, 0xA5):
            self.entire_on = c == 0xA5
        elif c in (0xA6, 0xA7):
            self.inverse = c == 0xA7
        elif c in (0xAE, 0xAF):
            self.display_on = c == 0xAF
        elif c in (0xA0, 0xA1):
            self.seg_remap = c == 0xA1
        elif c in (0xC0, 0xC8):
            self.com_remap = c == 0xC8
        elif c == 0xA8:
            if cmd[1] & 0x3F < 15:
                raise ProtocolError("0xA8: multiplex ratio below 16")
            self.mux = (cmd[1] & 0x3F) + 1
        elif c == 0xD3:
            self.offset = cmd[1] & 0x3F
        elif c == 0xDA:
            self.com_alt = bool(cmd[1] & 0x10)
        elif c == 0x8D:
            self.charge_pump = bool(cmd[1] & 0x04)
        elif c == 0xD5:
            self.clock_div = cmd[1]
        elif c == 0xD9:
            self.precharge = cmd[1]
        elif c == 0xDB:
            self.vcomh = cmd[1]
        elif c == 0x2E:
            self.scrolling = False
        elif c == 0x2F:
            self.scrolling = True
        elif c in (0x26, 0x27, 0x29, 0x2A, 0xA3, 0xE3, 0xAD, 0xD6):
            pass
        elif self.strict:
            raise ProtocolError("unknown command 0x%02X" % c)

    # ---- data ----------------------------------------------------------------------
    def _data(self, chunk):
        for b in chunk:
            self.data_bytes += 1
            self.ram[self.page * WIDTH + self.col] = b
            self._advance()

    def _advance(self):
        if self.mode == 0:               # horizontal: column, then page, inside the windows
            if self.col >= self.col_end:
                self.col = self.col_start
                self.page = self.page_start if self.page >= self.page_end else self.page + 1
            else:
                self.col += 1
        elif self.mode == 1:             # vertical: page, then column
            if self.page >= self.page_end:
                self.page = self.page_start
                self.col = self.col_start if self.col >= self.col_end else self.col + 1
            else:
                self.page += 1
        else:                            # page mode: the column wraps, the page stays
            self.col = 0 if self.col >= 127 else self.col + 1

    # ---- what the glass shows ------------------------------------------------------
    def _lit(self):
        return self.display_on and self.charge_pump

    def _com_of_row(self, r):
        """The COM line that drives glass row r (None if it is not driven)."""
        if self.com_alt != self.com_alt_wired:
            # Wired one way, configured the other: rows come out interleaved.
            half = self.height // 2
            r = (r // 2) if r % 2 == 0 else half + r // 2
        if r >= self.mux:
            return None
        return r if self.com_remap else self.mux - 1 - r

    def ram_pixel(self, x, y):
        return (self.ram[(y >> 3) * WIDTH + x] >> (y & 7)) & 1

    def pixel(self, x, y):
        """The glass at column x, row y, as seen: 1 lit, 0 dark."""
        if not self._lit():
            return 0
        com = self._com_of_row(y)
        if com is None:
            return 0
        if self.entire_on:
            return 1
        row = (com + self.start_line + self.offset) & 63
        col = x if self.seg_remap else 127 - x
        v = self.ram_pixel(col, row)
        return v ^ 1 if self.inverse else v

    def visible_pages(self):
        """The glass as a MONO_VLSB buffer (height // 8 pages of 128 bytes)."""
        out = bytearray(WIDTH * (self.height // 8))
        for y in range(self.height):
            bit = 1 << (y & 7)
            base = (y >> 3) * WIDTH
            for x in range(WIDTH):
                if self.pixel(x, y):
                    out[base + x] |= bit
        return bytes(out)

    def text(self, on="#", off="."):
        return "\n".join("".join(on if self.pixel(x, y) else off for x in range(WIDTH))
                         for y in range(self.height))

    def pbm(self):
        """The glass as a plain PBM image (P1)."""
        rows = [" ".join(str(self.pixel(x, y)) for x in range(WIDTH)) for y in range(self.height)]
        return "P1\n%d %d\n%s\n" % (WIDTH, self.height, "\n".join(rows))

    def state(self):
        return {"on": self.display_on, "contrast": self.contrast, "inverse": self.inverse,
                "entire_on": self.entire_on, "mux": self.mux, "start_line": self.start_line,
                "mode": self.mode, "charge_pump": self.charge_pump}
