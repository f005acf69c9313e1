"""tools/device/flash.py's choices: what it compiles for the board it is talking to."""
import os

import pytest

from tools.gen import build
from tools.device import flash

PICO = flash.load_board("pico")
ESP32 = flash.load_board("esp32")


def mpy(version, sub, arch):
    return version | (sub << 8) | (flash.ARCHS.index(arch) << 10)


def test_a_pico_on_micropython_1_23_or_later_gets_native_armv6m():
    how = flash.plan(("micropython", (1, 24, 1), mpy(6, 3, "armv6m"), "rp2"), PICO, (6, 3))
    assert how == {"format": "mpy", "arch": "armv6m", "why": how["why"]} and "native" in how["why"]


def test_a_pico_2_runs_the_armv6m_code():
    how = flash.plan(("micropython", (1, 25, 0), mpy(6, 3, "armv7emsp"), "rp2"), PICO, (6, 3))
    assert how["arch"] == "armv6m"


def test_micropython_1_22_loads_our_bytecode_but_not_our_native_code():
    how = flash.plan(("micropython", (1, 22, 2), mpy(6, 2, "armv6m"), "rp2"), PICO, (6, 3))
    assert how["format"] == "mpy" and how["arch"] is None and "v6.2" in how["why"]


def test_an_old_micropython_gets_the_sources():
    how = flash.plan(("micropython", (1, 18, 0), mpy(5, 0, "armv6m"), "rp2"), PICO, (6, 3))
    assert how["format"] == "py"


def test_the_virtual_board_and_a_wrong_board_name_get_bytecode():
    vb = flash.plan(("micropython", (1, 27, 0), 774, "webassembly"), PICO, (6, 3))
    assert vb["arch"] is None and "no native emitter" in vb["why"]
    wrong = flash.plan(("micropython", (1, 24, 0), mpy(6, 3, "xtensawin"), "esp32"), PICO, (6, 3))
    assert wrong["arch"] is None and "is BOARD right" in wrong["why"]
    assert flash.plan(("micropython", (1, 24, 0), mpy(6, 3, "xtensawin"), "esp32"), ESP32,
                      (6, 3))["arch"] == "xtensawin"


def test_circuitpython_and_unknown_boards_are_refused_with_directions():
    with pytest.raises(flash.FlashError, match="circup"):
        flash.flash("/dev/null", "feather_rp2040")
    with pytest.raises(flash.FlashError, match="boards: esp32, feather_rp2040, pico"):
        flash.load_board("nano")


def test_this_mpy_cross_writes_mpy_v6():
    assert flash.mpy_cross_version()[0] == 6


def test_the_staged_tree_is_what_goes_on_the_board(tmp_path):
    how = {"format": "mpy", "arch": "armv6m", "why": ""}
    out = flash.stage("pico", PICO, how, str(tmp_path / "pico"))
    names = sorted(os.listdir(out))
    assert names == ["main.py", "pins.py", "stud"]
    with open(os.path.join(out, "stud", "core", "evaluator.mpy"), "rb") as f:
        head = f.read(4)
    assert head[:2] == b"M\x06" and head[2] >> 2 == flash.ARCHS.index("armv6m")
    with open(os.path.join(out, "stud", "core", "cards.mpy"), "rb") as f:
        assert f.read(4)[2] >> 2 == 0              # plain modules stay portable bytecode
    assert os.path.exists(os.path.join(out, "stud", "drivers", "ssd1306.mpy"))
    assert not [n for n in build.sources() if n.startswith("stud/") and
                not os.path.exists(os.path.join(out, n[:-3] + ".mpy"))]


BYTECODE = {"format": "mpy", "arch": "armv6m", "why": "native armv6m"}


def test_firmware_with_a_romfs_partition_gets_stud_as_an_image_that_runs_in_place():
    how = flash.romfs_plan(BYTECODE, 256 * 1024, 150000)
    assert how["romfs"] and "runs in place from flash" in how["why"]
    assert how["arch"] == "armv6m"


def test_stock_firmware_or_a_small_partition_keeps_stud_on_the_filesystem():
    stock = flash.romfs_plan(BYTECODE, 0, 150000)
    small = flash.romfs_plan(BYTECODE, 128 * 1024, 150000)
    refused = flash.romfs_plan(BYTECODE, 256 * 1024, 150000, wanted="no")
    sources = flash.romfs_plan({"format": "py", "arch": None, "why": "old"}, 256 * 1024, 1)
    assert not any(h["romfs"] for h in (stock, small, refused, sources))
    assert "no ROMFS partition" in stock["why"] and "larger than the partition" in small["why"]


def test_a_romfs_flash_deploys_the_image_and_takes_stud_off_the_filesystem(tmp_path):
    out = flash.stage("pico", PICO, BYTECODE, str(tmp_path / "pico"))
    size = flash.stage_romfs(out)
    assert sorted(os.listdir(out)) == ["main.py", "pins.py", "stud.romfs"]
    with open(os.path.join(out, "stud.romfs"), "rb") as f:
        image = f.read()
    assert len(image) == size and image[:3] == b"\xd2\xcd\x31"     # the ROMFS header
    said = []
    flash._copy("/dev/ttyACM0", out, dict(BYTECODE, romfs=True), True, True, said.append)
    args = said[0]
    assert "romfs deploy stud.romfs" in args and "_rm('stud')" in args
    assert "cp -r stud" not in args and "cp main.py :main.py" in args and args.endswith("reset (in %s)" % out)
