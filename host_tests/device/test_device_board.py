"""stud.boot.board.open_board() under real MicroPython and CPython, on a fake
`machine`: the same bytes and events on both, and wiring mistakes that end in
a clear message and a blink code, never a traceback."""
import os
import subprocess
import sys

import pytest

from tools.device import mprun

from paths import DUAL  # noqa: E402

SCRIPT = os.path.join(DUAL, "device_board.py")


def cpython(*args):
    env = mprun.python_env()
    return subprocess.run([sys.executable, SCRIPT] + list(args), capture_output=True, text=True,
                          env=env, timeout=60)


def micropython(*args):
    return mprun.run_process(SCRIPT, args=args, timeout=60)


@pytest.mark.parametrize("mode", ["ok", "nodisplay", "otheraddr", "nopins", "badpin"])
def test_micropython_and_cpython_agree(mode):
    a = cpython(mode)
    b = micropython(mode)
    assert a.returncode == 0 and b.returncode == 0, a.stderr + b.stdout + b.stderr
    assert a.stdout == b.stdout


def test_the_board_sends_the_frame_and_turns_stick_and_button_into_events():
    out = micropython("ok").stdout
    # the button's edges come by its pin interrupt: LONG_PRESS 600 ms after the press began
    # the stick's push to the end stop is a hold, taken at its second poll; its repeat 400 ms on
    assert "events 520:UP 920:UP 1620:PRESS 2600:LONG_PRESS" in out
    assert "button irq 12 hard" in out          # rising and falling, a hard interrupt


def test_under_micropython_a_floating_axis_is_told_and_a_hold_repeats_to_its_end():
    out = micropython("ok").stdout
    # VRx floats from 4 s to 5 s: the notice within 3 polls, gone once 64 calm polls settle
    # it; a hold at 90% from 7 s to 9 s: taken on its second poll, repeated, nothing after
    repeats = " ".join("%d:RIGHT" % t for t in range(7420, 9000, 120))
    assert "stick 4060:notice 6260:clear 7020:RIGHT %s\n" % repeats in out


def test_under_micropython_the_polled_button_takes_a_15_ms_tap_and_no_glitch():
    assert "polled button 10320:PRESS\n" in micropython("ok").stdout


@pytest.mark.parametrize("run", [cpython, micropython])
def test_no_display_on_the_bus_is_the_clear_message_and_blink_code_2(run):
    done = run("nodisplay", "uncaught")
    text = done.stdout + done.stderr
    assert done.returncode == 2
    assert "Traceback" not in text
    for words in ("no display found", "SSD1306 OLED at I2C address 0x3C on I2C0 (SDA GP4, SCL GP5)",
                  "no device answered", "SDA and SCL not swapped", "pull-ups", "blink code 2"):
        assert words in text


def test_the_led_blinks_the_code():
    assert "LED 1010\nexit 2" in micropython("nodisplay").stdout
    assert "LED 10101010\nexit 4" in micropython("badpin").stdout


def test_a_missing_pin_map_and_a_bad_pin_say_what_to_do():
    out = micropython("nopins").stdout
    assert "no pin map" in out and "pins.py" in out and "make flash" in out
    out = micropython("badpin").stdout
    assert "SCL = 99 is not usable" in out


def test_polling_the_controls_and_flushing_the_panel_allocate_nothing():
    """Under MicroPython, as flashed (.mpy): 200 polls (with taps through the button's
    interrupt handler and pushes of the stick), 50 four-run flushes, and 200 frames of the
    button sampled without its interrupt (every ms of the loop's sleep) beside a floating VRx."""
    out = mprun.run(SCRIPT, args=["alloc"], mpy=True, timeout=60)
    assert "alloc poll x200 0 bytes, show x50 0 bytes" in out
    assert "alloc polled+rest x200 0 bytes, floating" in out
    assert "edge handler under heap_lock x40 ok" in out
