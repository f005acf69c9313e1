"""Test doubles for the device drivers: an I2C bus with an emulated SSD1306 on it,
frames with dirty pages, ADC and pin traces.  Used by host_tests/test_device_*.py."""
import random

from tools.device.ssd1306_emu import SSD1306Emu


class EmuI2C:
    """machine.I2C with an emulated SSD1306 (or nothing) on the bus."""

    def __init__(self, emu=None, others=()):
        self.emu = emu
        self.others = list(others)
        self.writes = []          # (kind, address, bytes) as sent
        self.vectors = []         # the buffers writevto was given, as given

    def scan(self):
        found = list(self.others)
        if self.emu is not None:
            found.append(self.emu.address)
        return sorted(found)

    def _target(self, addr):
        if self.emu is None or addr != self.emu.address:
            raise OSError(19, "ENODEV")
        return self.emu

    def writeto(self, addr, buf):
        data = bytes(buf)
        self.writes.append(("writeto", addr, data))
        if data:
            self._target(addr).i2c_write(addr, data)
        return 1

    def writevto(self, addr, vector):
        self.vectors.append(list(vector))
        data = b"".join(bytes(v) for v in vector)
        self.writes.append(("writevto", addr, data))
        self._target(addr).i2c_write(addr, data)
        return 1


class FakeFrame:
    """The frame contract: .buf (1,024 bytes, MONO_VLSB) and take_dirty()."""

    def __init__(self):
        self.buf = bytearray(1024)
        self.dirty = 0xFF

    def take_dirty(self):
        d = self.dirty
        self.dirty = 0
        return d

    def scribble(self, pages, rng):
        for p in range(8):
            if pages & (1 << p):
                for x in range(128):
                    self.buf[p * 128 + x] = rng.getrandbits(8)
        self.dirty |= pages


def new_emu(height=64, address=0x3C):
    return SSD1306Emu(height=height, address=address)


def rng(seed=1):
    return random.Random(seed)
