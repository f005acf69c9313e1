"""The panel under CircuitPython: displayio (through adafruit_displayio_ssd1306)
and CircuitPython's clock.  stud.boot.circuitpython builds the board with it
(analogio for the stick, digitalio for the button, pwmio for the buzzer).

The game draws the same 1,024-byte page-layout frame as on MicroPython;
DisplayioPanel copies the pages it changed into a 1-bit displayio.Bitmap
(only the bytes that differ from what the bitmap already shows) and
refreshes, and displayio sends the controller its windows and data.
"""
import time

from stud.drivers import WiringError, BUS_FAILED

WIDTH = 128
_TICKS_PERIOD = 1 << 29          # supervisor.ticks_ms wraps here
_TICKS_HALF = _TICKS_PERIOD >> 1


def ticks_diff(a, b):
    return ((a - b + _TICKS_HALF) & (_TICKS_PERIOD - 1)) - _TICKS_HALF


def sleep_ms(n):
    if n > 0:
        time.sleep(n / 1000)


def probe(i2c, addr, where):
    """The bus scan of stud.drivers.ssd1306.probe, with CircuitPython's bus lock."""
    from stud.drivers.ssd1306 import probe as scan_for
    tries = 0
    while not i2c.try_lock():
        tries += 1
        if tries > 1000:
            raise WiringError("the I2C bus %s stays locked by something else" % where, BUS_FAILED)
    try:
        return scan_for(i2c, addr, where)
    finally:
        i2c.unlock()


class DisplayioPanel:
    """show(frame), contrast(v), power(on), invert(on) over a displayio SSD1306."""

    def __init__(self, display, height=64, top=None):
        import displayio
        self.display = display
        self.height = height
        self.top = (32 if height == 32 else 0) if top is None else top
        self.bitmap = displayio.Bitmap(WIDTH, height, 2)
        palette = displayio.Palette(2)
        palette[0] = 0x000000
        palette[1] = 0xFFFFFF
        group = displayio.Group()
        group.append(displayio.TileGrid(self.bitmap, pixel_shader=palette))
        self.shown = bytearray(WIDTH * (height // 8))   # what the bitmap holds, page layout
        display.root_group = group
        display.refresh()

    def show(self, frame):
        dirty = frame.take_dirty()
        if not dirty:
            return 0
        buf = frame.buf
        shown = self.shown
        bitmap = self.bitmap
        first = self.top >> 3
        pages = self.height >> 3
        sent = 0
        for p in range(pages):
            src = first + p
            if not dirty & (1 << src):
                continue
            sent += 1
            base = src * WIDTH
            mine = p * WIDTH
            y0 = p * 8
            for x in range(WIDTH):
                b = buf[base + x]
                if b != shown[mine + x]:
                    shown[mine + x] = b
                    for bit in range(8):
                        bitmap[x, y0 + bit] = (b >> bit) & 1
        if sent:
            self.display.refresh()
        return sent

    def contrast(self, value):
        try:
            self.display.brightness = max(0, min(255, value)) / 255
        except (AttributeError, RuntimeError, ValueError):
            pass

    def power(self, on):
        if on:
            self.display.wake()
        else:
            self.display.sleep()

    def invert(self, on):
        from stud.drivers.ssd1306 import SET_NORM_INV    # (loaded at boot by the bus scan)
        self.display.bus.send(SET_NORM_INV | (1 if on else 0), b"")


def open_display(i2c, addr=0x3C, height=64, flip=False, top=None, where="the I2C bus"):
    """Scan for the panel, then hand the bus to displayio and its SSD1306 driver."""
    import displayio
    import adafruit_displayio_ssd1306
    probe(i2c, addr, where)
    try:
        from i2cdisplaybus import I2CDisplayBus         # CircuitPython 9+
    except ImportError:
        I2CDisplayBus = displayio.I2CDisplay             # CircuitPython 8
    bus = I2CDisplayBus(i2c, device_address=addr)
    display = adafruit_displayio_ssd1306.SSD1306(bus, width=WIDTH, height=height,
                                                 rotation=180 if flip else 0,
                                                 auto_refresh=False)
    return DisplayioPanel(display, height, top)
