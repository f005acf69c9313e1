"""The CircuitPython path: adafruit_displayio_ssd1306 over displayio (Blinka's, on
the host) and a recording I2C bus; the recorded bytes, run through the SSD1306
model, show the frame the game drew."""
import pytest

displayio = pytest.importorskip("displayio")
pytest.importorskip("adafruit_displayio_ssd1306")

from devicefakes import FakeFrame, new_emu, rng  # noqa: E402
from stud.drivers import WiringError, NO_DISPLAY  # noqa: E402
from stud.drivers.circuitpy import open_display, ticks_diff  # noqa: E402


class RecordingI2C:
    """busio.I2C as displayio uses it: a real lock, writeto with start/end."""

    def __init__(self, emu=None):
        self.emu = emu
        self.locked = False
        self.writes = []

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def scan(self):
        return [self.emu.address] if self.emu else []

    def writeto(self, address, buffer, start=0, end=None):
        data = bytes(buffer[start:end])
        self.writes.append((address, data))
        if self.emu is not None:
            self.emu.i2c_write(address, data)

    def deinit(self):
        pass


def make(height=64, **kw):
    displayio.release_displays()
    emu = new_emu(height)
    i2c = RecordingI2C(emu)
    return emu, i2c, open_display(i2c, 0x3C, height, **kw)


def test_the_recorded_bytes_reproduce_a_full_frame():
    emu, i2c, panel = make()
    f = FakeFrame()
    f.scribble(0xFF, rng(1))
    panel.show(f)
    assert emu.display_on and emu.mux == 64
    assert emu.visible_pages() == bytes(f.buf)


def test_partial_updates_reproduce_the_frame_and_send_nothing_when_nothing_changed():
    emu, i2c, panel = make()
    r = rng(2)
    f = FakeFrame()
    f.scribble(0xFF, r)
    panel.show(f)
    for _ in range(4):
        f.scribble(r.getrandbits(8) | 1, r)
        panel.show(f)
        assert emu.visible_pages() == bytes(f.buf)
    n = len(i2c.writes)
    assert panel.show(f) == 0 and len(i2c.writes) == n


def test_contrast_sleep_and_invert_reach_the_controller():
    emu, i2c, panel = make()
    f = FakeFrame()
    f.scribble(0xFF, rng(3))
    panel.show(f)
    panel.invert(True)
    assert emu.inverse
    panel.invert(False)
    panel.power(False)
    assert not emu.display_on
    panel.power(True)
    assert emu.display_on and emu.visible_pages() == bytes(f.buf)


def test_128x32_shows_the_same_window_as_the_micropython_driver():
    emu, i2c, panel = make(32)
    f = FakeFrame()
    f.scribble(0xFF, rng(4))
    panel.show(f)
    assert emu.visible_pages() == bytes(f.buf[512:])


def test_no_display_is_the_clear_message():
    displayio.release_displays()
    with pytest.raises(WiringError) as e:
        open_display(RecordingI2C(None), 0x3D, where="STEMMA QT (SDA SDA, SCL SCL)")
    assert e.value.code == NO_DISPLAY and "0x3D" in e.value.message
    assert "no device answered on STEMMA QT" in e.value.message


def test_supervisor_ticks_wrap_like_circuitpython():
    assert ticks_diff(5, (1 << 29) - 5) == 10
    assert ticks_diff(100, 40) == 60 and ticks_diff(40, 100) == -60
