"""Adafruit Feather RP2040 + the Adafruit 0.96" 128x64 OLED (SSD1306, STEMMA QT,
product 326), under CircuitPython 9 or later.

Copied to the CIRCUITPY drive as pins.py (see the README: circup installs the
libraries).  Pins are names in CircuitPython's `board` module.

  OLED      STEMMA QT cable (board.STEMMA_I2C(): SDA/SCL on the Feather), address 0x3D
            (the module's default; 0x3C with its address jumper closed)
  joystick  VRx A0, VRy A1, +5V to 3V, GND
  button    SW D5 to GND; internal pull-up
  buzzer    piezo on D6 and GND (optional: BUZZER = None)
  LED       the red LED on D13 (board.LED)
"""
NAME = "Adafruit Feather RP2040 + 128x64 STEMMA QT OLED"
RUNTIME = "circuitpython"
ARCH = None

I2C_ID = "STEMMA"        # board.STEMMA_I2C(); None: busio.I2C(board.SCL, board.SDA)
SDA = "SDA"
SCL = "SCL"
I2C_FREQ = 400000        # bus Hz: 400 kHz is the SSD1306 datasheet's fast mode (the default);
                         # 1_000_000 works on most panels with short wires (a whole frame in
                         # one tick instead of two); 100_000 for long leads
DISPLAY_ADDR = 0x3D
DISPLAY_HEIGHT = 64
DISPLAY_TOP = None
DISPLAY_FLIP = False

JOY_X = "A0"
JOY_Y = "A1"
JOY_SWAP = False
JOY_INVERT_X = False
JOY_INVERT_Y = False
BUTTON = "D5"
BUTTON_ACTIVE_LOW = True

BUZZER = "D6"
LED = "LED"
