"""The SSD1306 driver's byte stream, executed by the controller model
(tools/device/ssd1306_emu.py), shows exactly the frame the game drew."""
import pytest

from devicefakes import EmuI2C, FakeFrame, new_emu, rng
from tools.device.ssd1306_emu import SSD1306Emu
from stud.drivers import WiringError, NO_DISPLAY, DISPLAY_FAILED
from stud.drivers.ssd1306 import SSD1306, init_sequence, pages_per_show, PAGE_BITS, WINDOW_BITS

FAST = 1000000                      # a 1 MHz bus: a whole frame fits in one show()


def flush_us(pages, freq):
    """Bus time (us) of `pages` pages in one window at `freq` Hz."""
    return (pages * PAGE_BITS + WINDOW_BITS) * 1000000 // freq


def panel(height=64, freq=FAST, **kw):
    emu = new_emu(height)
    i2c = EmuI2C(emu)
    return emu, i2c, SSD1306(i2c, 0x3C, height, freq=freq, **kw)


def test_a_whole_frame_takes_longer_than_a_tick_at_400_khz_but_not_at_1_mhz():
    assert flush_us(8, 400000) > 20000 > flush_us(8, FAST)


def test_one_show_stays_within_the_flush_budget_at_every_bus_speed():
    for freq in (100000, 400000, FAST):
        n = pages_per_show(freq)
        assert n == 8 or flush_us(n + 1, freq) > 12000
    assert pages_per_show(400000) == 4 and pages_per_show(FAST) == 8


def test_at_400_khz_a_full_redraw_reaches_the_glass_over_two_shows():
    emu, i2c, d = panel(freq=400000)
    f = FakeFrame()
    f.scribble(0xFF, rng(3))
    assert d.show(f) == 4
    assert f.dirty == 0xF0             # the bottom four pages wait for the next tick
    assert emu.visible_pages()[:512] == bytes(f.buf[:512])
    assert d.show(f) == 4 and f.dirty == 0
    assert emu.visible_pages() == bytes(f.buf)


def test_a_paced_show_never_sends_more_than_its_pages_in_bytes():
    emu, i2c, d = panel(freq=400000)
    f = FakeFrame()
    r = rng(4)
    for _ in range(20):
        f.scribble(r.getrandbits(8), r)
        before = emu.data_bytes
        d.show(f)
        assert emu.data_bytes - before <= 4 * 128
    while f.dirty:
        d.show(f)
    assert emu.visible_pages() == bytes(f.buf)


def test_a_page_redrawn_while_waiting_is_sent_as_it_is_then():
    emu, i2c, d = panel(freq=400000)
    f = FakeFrame()
    f.scribble(0xFF, rng(5))
    d.show(f)
    f.scribble(1 << 6, rng(6))          # drawn again before its turn came
    d.show(f)
    assert emu.visible_pages() == bytes(f.buf)


def test_a_full_flush_shows_the_frame_exactly():
    emu, i2c, d = panel()
    f = FakeFrame()
    f.scribble(0xFF, rng(1))
    assert d.show(f) == 8
    assert emu.visible_pages() == bytes(f.buf)
    assert bytes(emu.ram) == bytes(f.buf)


def test_the_panel_is_on_with_the_chip_settings_a_128x64_module_needs():
    emu, _, _ = panel()
    assert emu.display_on and emu.charge_pump
    assert emu.mux == 64 and emu.com_alt and emu.mode == 0
    assert emu.contrast == 0xFF and not emu.inverse


@pytest.mark.parametrize("seed", range(20))
def test_partial_flushes_send_only_dirty_pages_and_keep_the_rest(seed):
    r = rng(seed)
    emu, i2c, d = panel()
    f = FakeFrame()
    f.scribble(0xFF, r)
    d.show(f)
    for _ in range(10):
        mask = r.getrandbits(8)
        f.scribble(mask, r)
        before = emu.data_bytes
        sent = d.show(f)
        assert sent == bin(mask).count("1")
        assert emu.data_bytes - before == 128 * sent
        assert emu.visible_pages() == bytes(f.buf)


def test_a_page_changed_but_not_marked_dirty_is_not_sent():
    emu, i2c, d = panel()
    f = FakeFrame()
    d.show(f)
    f.buf[3 * 128 + 5] = 0xFF         # drawn behind the frame's back
    f.buf[1 * 128] = 0x01
    f.dirty = 1 << 1
    d.show(f)
    assert emu.ram[1 * 128] == 0x01 and emu.ram[3 * 128 + 5] == 0


def test_consecutive_dirty_pages_go_in_one_window_and_one_data_write():
    emu, i2c, d = panel()
    f = FakeFrame()
    d.show(f)
    del i2c.writes[:]
    f.dirty = 0b01110110              # runs: pages 1-2 and 4-6
    d.show(f)
    assert [w[0] for w in i2c.writes] == ["writeto", "writevto", "writeto", "writevto"]
    assert i2c.writes[0][2] == bytes((0x00, 0x21, 0, 127, 0x22, 1, 2))
    assert i2c.writes[2][2] == bytes((0x00, 0x21, 0, 127, 0x22, 4, 6))
    assert len(i2c.writes[1][2]) == 1 + 2 * 128 and len(i2c.writes[3][2]) == 1 + 3 * 128


def test_the_flush_sends_the_frame_itself_not_a_copy():
    emu, i2c, d = panel()
    f = FakeFrame()
    f.dirty = 0b00001100
    d.show(f)
    control, data = i2c.vectors[-1]
    assert bytes(control) == b"\x40"
    assert isinstance(data, memoryview) and data.obj is f.buf
    assert len(data) == 256


def test_nothing_dirty_sends_nothing():
    emu, i2c, d = panel()
    f = FakeFrame()
    d.show(f)
    n = len(i2c.writes)
    assert d.show(f) == 0 and len(i2c.writes) == n


def test_contrast_invert_and_sleep_reach_the_controller():
    emu, i2c, d = panel()
    f = FakeFrame()
    f.scribble(0xFF, rng(3))
    d.show(f)
    d.contrast(31)
    assert emu.contrast == 31
    d.contrast(999)
    assert emu.contrast == 255
    d.invert(True)
    assert emu.visible_pages() == bytes(b ^ 0xFF for b in f.buf)
    d.invert(False)
    d.power(False)
    assert not emu.display_on and emu.visible_pages() == bytes(1024)
    d.power(True)
    assert emu.visible_pages() == bytes(f.buf)     # RAM kept while asleep


def test_a_flipped_panel_is_rotated_by_the_controller_not_by_software():
    emu, i2c, d = panel(flip=True)
    f = FakeFrame()
    f.scribble(0xFF, rng(4))
    d.show(f)
    assert bytes(emu.ram) == bytes(f.buf)
    for (x, y) in ((0, 0), (5, 9), (127, 63), (64, 31)):
        want = (f.buf[(y >> 3) * 128 + x] >> (y & 7)) & 1
        assert emu.pixel(127 - x, 63 - y) == want


@pytest.mark.parametrize("seed", range(5))
def test_128x32_the_whole_frame_goes_to_ram_and_the_glass_shows_the_bottom_half(seed):
    r = rng(seed)
    emu, i2c, d = panel(32)
    assert emu.mux == 32 and not emu.com_alt
    f = FakeFrame()
    f.scribble(0xFF, r)
    d.show(f)
    for _ in range(5):
        mask = r.getrandbits(8)
        f.scribble(mask, r)
        d.show(f)
        assert bytes(emu.ram) == bytes(f.buf)
        assert emu.visible_pages() == bytes(f.buf[512:1024])


def test_128x32_pan_shows_the_top_half_without_sending_the_frame():
    emu, i2c, d = panel(32)
    f = FakeFrame()
    f.scribble(0xFF, rng(5))
    d.show(f)
    before = emu.data_bytes
    d.pan(0)
    assert emu.data_bytes == before
    assert emu.visible_pages() == bytes(f.buf[0:512])
    emu2, _, _ = panel(32, top=0)
    assert emu2.start_line == 0


def test_the_emulator_garbles_a_64_row_panel_set_up_as_32_rows_wired():
    """The model is strict enough to catch a wrong COM-pin setting."""
    emu = SSD1306Emu(64)
    seq = bytearray(init_sequence(64))
    seq[seq.index(0xDA) + 1] = 0x02
    emu.i2c_write(0x3C, b"\x00" + bytes(seq))
    f = FakeFrame()
    f.scribble(0xFF, rng(6))
    emu.i2c_write(0x3C, b"\x00\x21\x00\x7f\x22\x00\x07")
    emu.i2c_write(0x3C, b"\x40" + bytes(f.buf))
    assert bytes(emu.ram) == bytes(f.buf) and emu.visible_pages() != bytes(f.buf)


def test_emulator_page_and_vertical_addressing_modes():
    emu = SSD1306Emu(64)
    emu.i2c_write(0x3C, b"\x00" + init_sequence(64))
    emu.i2c_write(0x3C, b"\x00\x20\x02\xb3\x05\x10")      # page mode, page 3, column 5
    emu.i2c_write(0x3C, b"\x40\x11\x22")
    assert emu.ram[3 * 128 + 5] == 0x11 and emu.ram[3 * 128 + 6] == 0x22
    emu.i2c_write(0x3C, b"\x00\x20\x01\x21\x0a\x0b\x22\x02\x03")  # vertical, cols 10-11, pages 2-3
    emu.i2c_write(0x3C, b"\x40\x01\x02\x03\x04")
    assert [emu.ram[2 * 128 + 10], emu.ram[3 * 128 + 10], emu.ram[2 * 128 + 11],
            emu.ram[3 * 128 + 11]] == [1, 2, 3, 4]


def test_emulator_takes_one_command_byte_per_control_byte_as_displayio_sends():
    emu = SSD1306Emu(64)
    emu.i2c_write(0x3C, b"\x80\x81")
    assert emu.contrast == 0x7F             # 0x81 waits for its argument ...
    emu.i2c_write(0x3C, b"\x80\x40")        # ... which is this byte, not a start-line command
    assert emu.contrast == 0x40 and emu.start_line == 0
    emu2 = SSD1306Emu(64)
    emu2.i2c_write(0x3C, b"\x80\x81\x80\x33")
    assert emu2.contrast == 0x33


# ---- wiring mistakes ---------------------------------------------------------------
def test_no_device_on_the_bus_says_what_was_scanned_and_what_to_check():
    with pytest.raises(WiringError) as e:
        SSD1306(EmuI2C(None), 0x3C, where="I2C0 (SDA GP4, SCL GP5)")
    msg = e.value.message
    assert e.value.code == NO_DISPLAY
    assert "0x3C" in msg and "I2C0 (SDA GP4, SCL GP5)" in msg
    assert "no device answered" in msg and "pull-ups" in msg and "swapped" in msg


def test_a_display_at_the_other_address_is_named_with_the_fix():
    with pytest.raises(WiringError) as e:
        SSD1306(EmuI2C(new_emu(64, 0x3D)), 0x3C, where="I2C0")
    assert "found 0x3D" in e.value.message and "DISPLAY_ADDR = 0x3D" in e.value.message


def test_a_display_that_stops_answering_is_a_wiring_error_too():
    class Flaky(EmuI2C):
        def writeto(self, addr, buf):
            raise OSError(5, "EIO")
    with pytest.raises(WiringError) as e:
        SSD1306(Flaky(new_emu()), 0x3C)
    assert e.value.code == DISPLAY_FAILED and "stopped answering" in e.value.message
