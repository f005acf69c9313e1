"""Drivers: the thin shell between pins and the game.

ssd1306    the OLED over I2C (MicroPython machine.I2C)
joystick   two ADC channels -> held direction, with calibration, dead zone, repeat
repeat     auto-repeat of a held direction (the joystick's, and stud.ui.input's)
button     a debounced push button with long press
buzzer     short sounds on a PWM pin, played without blocking
controls   joystick + button (+ the buzzer's clock) as the board's input source
circuitpy  the same board on CircuitPython: displayio, analogio, digitalio, pwmio

Wiring mistakes raise WiringError: a message for the serial console and a
blink code for the LED (stud.boot shows both).
"""


class WiringError(Exception):
    """A wiring or configuration mistake: `message` for the console, `code` blinks."""

    def __init__(self, message, code):
        super().__init__(message)
        self.message = message
        self.code = code


# Blink codes (stud.boot blinks the board's LED this many times, then pauses).
NO_DISPLAY = 2        # nothing answers at the display's I2C address
DISPLAY_FAILED = 3    # the display answered the scan, then an I2C write failed
BAD_PIN_MAP = 4       # pins.py missing, or a pin the board does not have
BUS_FAILED = 5        # the I2C bus itself could not be opened or scanned
