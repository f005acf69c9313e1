"""ESP32 DevKit (ESP32-WROOM-32 DevKitC / DOIT DevKit V1), MicroPython >= 1.22.

Flashed as pins.py (make flash PORT=... BOARD=esp32).  Pins are GPIO numbers.

  OLED      SSD1306 128x64 on I2C0: SDA GPIO21, SCL GPIO22, 3V3, GND
  joystick  VRx GPIO34, VRy GPIO35 (ADC1: usable with Wi-Fi on), +5V to 3V3, GND
  button    SW GPIO27 to GND; internal pull-up (GPIO34-39 have none: not those)
  buzzer    piezo on GPIO26 and GND (optional: BUZZER = None)
  LED       the blue on-board LED, GPIO2
"""
NAME = "ESP32 DevKit"
ARCH = "xtensawin"
PIN_PREFIX = "GPIO"

I2C_ID = 0
SDA = 21
SCL = 22
I2C_FREQ = 400000        # bus Hz: 400 kHz is the SSD1306 datasheet's fast mode (the default);
                         # 1_000_000 works on most panels with short wires (a whole frame in
                         # one tick instead of two); 100_000 for long leads
DISPLAY_ADDR = 0x3C
DISPLAY_HEIGHT = 64
DISPLAY_TOP = None
DISPLAY_FLIP = False

JOY_X = 34
JOY_Y = 35
ADC_ATTN_11DB = True     # the ESP32's ADC reads 0..1.1 V unless attenuated: the stick spans 3.3 V
JOY_SWAP = False
JOY_INVERT_X = False
JOY_INVERT_Y = False
BUTTON = 27
BUTTON_ACTIVE_LOW = True

BUZZER = 26
LED = 2
