"""The board under CircuitPython: the panel through displayio (stud.drivers.circuitpy),
analogio for the stick, digitalio for the button (no pin interrupt: sampled at each
poll and every few ms of the loop's sleep, stud.drivers.controls), pwmio for the buzzer.  The pin
map (pins.py) names pins as in CircuitPython's `board`."""
from stud.drivers import WiringError, BUS_FAILED, BAD_PIN_MAP
from stud.drivers.circuitpy import open_display, ticks_diff, sleep_ms


class PWMBuzzerPin:
    """pwmio.PWMOut with machine.PWM's freq(hz) and duty_u16(v), as Buzzer expects."""

    def __init__(self, pin):
        import pwmio
        self.out = pwmio.PWMOut(pin, frequency=440, duty_cycle=0, variable_frequency=True)

    def freq(self, hz):
        self.out.frequency = hz

    def duty_u16(self, v):
        self.out.duty_cycle = v


class CircuitPythonBoard:
    def __init__(self, pins):
        import board
        import supervisor
        self.board_module = board
        self.pins = pins
        self.name = getattr(pins, "NAME", "board")
        self.ticks_ms = supervisor.ticks_ms
        self.ticks_diff = ticks_diff
        self.sleep_ms = sleep_ms
        self.warnings = []
        self.display = self._display()
        self.buzzer = self._buzzer()
        self.input = self._input()
        rest = self.input.rest              # no pin interrupt: the button is sampled every
        self.sleep_ms = lambda ms: rest(ms, sleep_ms)   # few ms while the loop sleeps

    def _pin(self, name):
        label = getattr(self.pins, name, None)
        pin = getattr(self.board_module, label, None) if isinstance(label, str) else None
        if pin is None:
            raise WiringError("pins.py: %s = %r is not a pin of this board (see dir(board))"
                              % (name, label), BAD_PIN_MAP)
        return pin

    def _display(self):
        import displayio
        pins = self.pins
        bus_id = getattr(pins, "I2C_ID", None)
        where = "%s (SDA %s, SCL %s)" % ("STEMMA QT" if bus_id == "STEMMA" else "I2C",
                                         getattr(pins, "SDA", "?"), getattr(pins, "SCL", "?"))
        displayio.release_displays()
        try:
            if bus_id == "STEMMA":
                i2c = self.board_module.STEMMA_I2C()
            else:
                import busio
                i2c = busio.I2C(self._pin("SCL"), self._pin("SDA"),
                                frequency=getattr(pins, "I2C_FREQ", 400000))
        except (RuntimeError, ValueError, AttributeError) as e:
            raise WiringError("could not open %s (%s: %s).\n"
                              "  check: SDA and SCL are wired and pulled up"
                              % (where, type(e).__name__, e), BUS_FAILED)
        return open_display(i2c, getattr(pins, "DISPLAY_ADDR", 0x3C),
                            getattr(pins, "DISPLAY_HEIGHT", 64),
                            getattr(pins, "DISPLAY_FLIP", False),
                            getattr(pins, "DISPLAY_TOP", None), where)

    def _input(self):
        import analogio
        import digitalio
        from stud.drivers.joystick import Joystick
        from stud.drivers.button import Button
        from stud.drivers.controls import Controls
        pins = self.pins
        ax = analogio.AnalogIn(self._pin("JOY_X"))
        ay = analogio.AnalogIn(self._pin("JOY_Y"))
        stick = Joystick(lambda: ax.value, lambda: ay.value, 16,
                         getattr(pins, "JOY_SWAP", False), getattr(pins, "JOY_INVERT_X", False),
                         getattr(pins, "JOY_INVERT_Y", False), sleep_ms=self.sleep_ms)
        self.warnings.extend(stick.warnings)
        active_low = getattr(pins, "BUTTON_ACTIVE_LOW", True)
        sw = digitalio.DigitalInOut(self._pin("BUTTON"))
        sw.direction = digitalio.Direction.INPUT
        sw.pull = digitalio.Pull.UP if active_low else digitalio.Pull.DOWN
        button = Button(lambda: sw.value, self.ticks_ms(), active_low)
        return Controls(stick, button, self.ticks_ms, self.ticks_diff, self.buzzer)

    def _buzzer(self):
        if getattr(self.pins, "BUZZER", None) is None:
            return None
        from stud.drivers.buzzer import Buzzer
        return Buzzer(PWMBuzzerPin(self._pin("BUZZER")), self.ticks_ms, self.ticks_diff)

