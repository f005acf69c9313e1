"""Raspberry Pi Pico, Pico W and Pico 2 (MicroPython >= 1.22): the default board.

Flashed as pins.py (make flash PORT=... BOARD=pico).  Pins are GPIO numbers.

  OLED      SSD1306 128x64 on I2C0: SDA GP4 (pin 6), SCL GP5 (pin 7), 3V3, GND
  joystick  VRx GP26/ADC0 (pin 31), VRy GP27/ADC1 (pin 32), +5V to 3V3 (pin 36), GND
  button    SW GP22 (pin 29) to GND; internal pull-up
  buzzer    piezo on GP15 (pin 20) and GND (optional: BUZZER = None)
  LED       the on-board LED ("LED" works on the Pico, the Pico W and the Pico 2)
"""
NAME = "Raspberry Pi Pico"
ARCH = "armv6m"          # mpy-cross -march for the native modules (runs on the Pico 2's M33 too)
PIN_PREFIX = "GP"

I2C_ID = 0               # None: software I2C on any two pins
SDA = 4
SCL = 5
I2C_FREQ = 400000        # bus Hz: 400 kHz is the SSD1306 datasheet's fast mode (the default);
                         # 1_000_000 works on most panels with short wires (a whole frame in
                         # one tick instead of two); 100_000 for long leads
DISPLAY_ADDR = 0x3C
DISPLAY_HEIGHT = 64      # 32 for a 128x32 panel (it shows rows DISPLAY_TOP..+31 of the game)
DISPLAY_TOP = None       # 128x32 only: 0 top half, 32 bottom half (the default)
DISPLAY_FLIP = False     # True: the panel is mounted upside down

JOY_X = 26               # ADC pins
JOY_Y = 27
JOY_SWAP = False         # True: the stick is turned 90 degrees (VRx moves up/down)
JOY_INVERT_X = False     # True: pushing right reads low
JOY_INVERT_Y = False     # True: pushing up reads high
BUTTON = 22
BUTTON_ACTIVE_LOW = True # to GND, with the internal pull-up

BUZZER = 15              # PWM pin, or None
LED = "LED"
