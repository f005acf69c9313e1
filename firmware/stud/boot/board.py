"""The real board: the flashed pin map (pins.py, a copy of boards/<name>.py)
turned into what stud.ui.app needs.

    board = open_board()
    board.display    show(frame), contrast(0..255), power(on), invert(on)
    board.input      poll() -> event codes latched since the last poll
    board.buzzer     play(name), mute(on); None without a buzzer
    board.ticks_ms(), board.ticks_diff(a, b), board.sleep_ms(n)

MicroPython builds it from machine (I2C, ADC, Pin, PWM); CircuitPython from
displayio, analogio, digitalio and pwmio (stud.boot.circuitpython).  The pin
map is not called `board`: CircuitPython has a built-in module of that name.

A wiring mistake never ends in a traceback: open_board() prints what it
expected, what it found and what to check, then blinks the board's LED
(stud.drivers: 2 blinks no display, 3 display failed, 4 pin map, 5 bus),
repeating the message now and then for a console plugged in later.
"""
import sys
import time

from stud.core.words import PREFIX
from stud.drivers import WiringError, BAD_PIN_MAP, BUS_FAILED

BLINK_ON_MS = 200
BLINK_OFF_MS = 300
BLINK_PAUSE_MS = 1500
REPEAT_MESSAGE_EVERY = 5      # blink cycles between repeats of the message


def is_circuitpython():
    return sys.implementation.name == "circuitpython"


def load_pins():
    try:
        import pins
    except ImportError:
        raise WiringError(
            "no pin map on the board (pins.py).\n"
            "  fix: copy boards/<your board>.py to the board as pins.py\n"
            "       (make flash PORT=... BOARD=pico does it; CircuitPython: copy it to CIRCUITPY/pins.py)",
            BAD_PIN_MAP)
    return pins


def setting(pins, name, default=None):
    return getattr(pins, name, default)


def pin_label(pins, pin):
    if isinstance(pin, str):
        return pin
    return "%s%d" % (setting(pins, "PIN_PREFIX", "GP"), pin)


def bus_label(pins):
    bus = setting(pins, "I2C_ID", 0)
    name = ("I2C%d" % bus) if isinstance(bus, int) else ("%s" % (bus if bus else "soft I2C"))
    return "%s (SDA %s, SCL %s)" % (name, pin_label(pins, setting(pins, "SDA")),
                                    pin_label(pins, setting(pins, "SCL")))


def _bad_pin(pins, name, e):
    return WiringError("pins.py: %s = %r is not usable on this board (%s: %s)"
                       % (name, setting(pins, name), type(e).__name__, e), BAD_PIN_MAP)


class Board:
    """The MicroPython board (machine module)."""

    def __init__(self, pins, machine=None):
        if machine is None:
            import machine
        self.machine = machine
        self.pins = pins
        self.name = setting(pins, "NAME", "board")
        self.ticks_ms = time.ticks_ms
        self.ticks_diff = time.ticks_diff
        self.sleep_ms = time.sleep_ms
        self.warnings = []
        self.display = self._display()
        self.buzzer = self._buzzer()
        self.input = self._input()
        if not self.input.button.interrupts:      # no pin interrupt: sample while asleep
            rest = self.input.rest
            sleep = self.sleep_ms
            self.sleep_ms = lambda ms: rest(ms, sleep)

    def _pin(self, name, *args):
        try:
            return self.machine.Pin(setting(self.pins, name), *args)
        except (ValueError, TypeError) as e:
            raise _bad_pin(self.pins, name, e)

    def _i2c(self):
        m = self.machine
        pins = self.pins
        sda = self._pin("SDA")
        scl = self._pin("SCL")
        freq = setting(pins, "I2C_FREQ", 400000)
        bus = setting(pins, "I2C_ID", 0)
        try:
            if bus is None:
                return m.SoftI2C(sda=sda, scl=scl, freq=freq)
            return m.I2C(bus, sda=sda, scl=scl, freq=freq)
        except (ValueError, TypeError, OSError) as e:
            raise WiringError("could not open %s at %d Hz (%s: %s).\n"
                              "  check: I2C_ID, SDA and SCL in pins.py are a valid pairing "
                              "for this board" % (bus_label(pins), freq, type(e).__name__, e),
                              BUS_FAILED)

    def _display(self):
        from stud.drivers.ssd1306 import SSD1306
        pins = self.pins
        return SSD1306(self._i2c(), setting(pins, "DISPLAY_ADDR", 0x3C),
                       setting(pins, "DISPLAY_HEIGHT", 64),
                       setting(pins, "DISPLAY_EXTERNAL_VCC", False),
                       setting(pins, "DISPLAY_FLIP", False),
                       setting(pins, "DISPLAY_TOP", None), bus_label(pins),
                       freq=setting(pins, "I2C_FREQ", 400000))   # paces the flush (see ssd1306)

    def _adc_reader(self, name):
        m = self.machine
        try:
            adc = m.ADC(m.Pin(setting(self.pins, name)))
        except (ValueError, TypeError, OSError) as e:
            raise _bad_pin(self.pins, name, e)
        if setting(self.pins, "ADC_ATTN_11DB", False):
            adc.atten(m.ADC.ATTN_11DB)      # ESP32: read the full 0..3.3 V, not 0..1.1 V
        if hasattr(adc, "read_u16"):
            return adc.read_u16, 16
        return adc.read, setting(self.pins, "ADC_BITS", 12)

    def _input(self):
        from stud.drivers.joystick import Joystick
        from stud.drivers.button import Button
        from stud.drivers.controls import Controls
        pins = self.pins
        read_x, bits = self._adc_reader("JOY_X")
        read_y, _ = self._adc_reader("JOY_Y")
        stick = Joystick(read_x, read_y, bits, setting(pins, "JOY_SWAP", False),
                         setting(pins, "JOY_INVERT_X", False), setting(pins, "JOY_INVERT_Y", False),
                         sleep_ms=self.sleep_ms)
        self.warnings.extend(stick.warnings)
        m = self.machine
        active_low = setting(pins, "BUTTON_ACTIVE_LOW", True)
        pin = self._pin("BUTTON", m.Pin.IN, m.Pin.PULL_UP if active_low else m.Pin.PULL_DOWN)
        button = Button(pin.value, self.ticks_ms(), active_low, ticks_ms=self.ticks_ms)
        irq = getattr(pin, "irq", None)
        if irq is not None:       # edges timed by the interrupt: no tap missed by a slow frame
            button.use_interrupts()
            trigger = m.Pin.IRQ_FALLING | m.Pin.IRQ_RISING
            try:                  # hard: exact times, never a full schedule queue (edge()
                irq(handler=button.edge, trigger=trigger, hard=True)   # touches no heap)
            except (TypeError, ValueError):
                irq(handler=button.edge, trigger=trigger)
        if button.stuck_at_boot:
            self.warnings.append("the button (%s) reads pressed at boot: held down, or wired "
                                 "to 3V3 instead of GND?" % pin_label(pins, setting(pins, "BUTTON")))
        return Controls(stick, button, self.ticks_ms, self.ticks_diff, self.buzzer)

    def _buzzer(self):
        if setting(self.pins, "BUZZER") is None:
            return None
        from stud.drivers.buzzer import Buzzer
        try:
            pwm = self.machine.PWM(self._pin("BUZZER"))
        except (ValueError, TypeError, OSError) as e:
            raise _bad_pin(self.pins, "BUZZER", e)
        return Buzzer(pwm, self.ticks_ms, self.ticks_diff)


def open_board(pins=None, blink_cycles=None):
    """The board for stud.ui.app; on a wiring mistake, the message and the blink code
    (forever on the device; `blink_cycles` times, then SystemExit(code), in tests)."""
    try:
        if pins is None:
            pins = load_pins()
        if is_circuitpython():
            from stud.boot.circuitpython import CircuitPythonBoard
            board = CircuitPythonBoard(pins)
        else:
            board = Board(pins)
    except WiringError as e:
        fail(e, pins, blink_cycles)
    for w in board.warnings:
        print(PREFIX + "warning: " + w)
    return board


def report(err):
    print(PREFIX + err.message)
    print(PREFIX + "blink code %d (the LED blinks %d times, then pauses)" % (err.code, err.code))


def _led(pins):
    """A function that turns the LED on or off, or None (no LED, or no way to drive it)."""
    name = setting(pins, "LED") if pins is not None else None
    if name is None:
        return None
    try:
        if is_circuitpython():
            import board as cp_board
            import digitalio
            io = digitalio.DigitalInOut(getattr(cp_board, name))
            io.direction = digitalio.Direction.OUTPUT

            def cp_set(on):
                io.value = bool(on)
            return cp_set
        import machine
        pin = machine.Pin(name, machine.Pin.OUT)
        return pin.value
    except Exception:       # the LED is the last resort: never fail on it
        return None


def _sleep_ms(ms):
    if hasattr(time, "sleep_ms"):
        time.sleep_ms(ms)
    else:
        time.sleep(ms / 1000)


def fail(err, pins=None, cycles=None):
    """Show a wiring mistake: the message on the console, the blink code on the LED."""
    report(err)
    led = _led(pins)
    n = 0
    while cycles is None or n < cycles:
        for _ in range(err.code):
            if led is not None:
                led(1)
            _sleep_ms(BLINK_ON_MS)
            if led is not None:
                led(0)
            _sleep_ms(BLINK_OFF_MS)
        _sleep_ms(BLINK_PAUSE_MS)
        n += 1
        if cycles is None and n % REPEAT_MESSAGE_EVERY == 0:
            report(err)
    raise SystemExit(err.code)

